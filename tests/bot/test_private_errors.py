"""An error stays private after a public deferral. Discord gives the first follow-up after a deferral the
deferral's visibility whatever its own flags say (the stand-in of Discord does the same), so a command asked
with ``public:True`` and deferred (the bot was loaded, or the command acknowledged from its raw payload) used to
show its error to the whole channel. Through the real client and command tree against the loopback Discord."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.discord.app import DrawJudgeBot
from tests.fakes.discord_fake import slash
from tests.fakes.gateway import StandInDiscord

UNKNOWN_RULE = "9999.9z"


async def _answered(server: StandInDiscord, payloads: list[dict[str, Any]]) -> None:
    assert await server.wait_answered({int(p["id"]) for p in payloads}, rounds=300)
    await asyncio.sleep(0.1)  # the private error follows the note that replaced the public "thinking"


def _texts(messages: list[tuple[bool, Any]], private: bool) -> str:
    return " ".join(str(m) for p, m in messages if p == private)


async def test_an_error_after_a_public_deferral_is_private(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """Loaded, so the handler defers first: a public command that ends in an error shows the channel only a
    short note, and the error itself to the asker alone; a public answer stays public, a private error private."""
    client, server = live
    client.gate.defer_above = 0  # one command in flight is load: acknowledged first, answered as a follow-up
    bad_public = slash("rule", number=UNKNOWN_RULE, public=True)
    good_public = slash("rule", number="121.4", public=True)
    bad_private = slash("rule", number=UNKNOWN_RULE)
    for payload in (bad_public, good_public, bad_private):
        await server.push_interaction(payload)
    await _answered(server, [bad_public, good_public, bad_private])
    assert not server.acked_twice

    shown = server.messages[bad_public["token"]]
    assert [p for _m, path, p in server.rest
                               if path.startswith(f"/interactions/{bad_public['id']}/")][0]["type"] == 5
    assert UNKNOWN_RULE in _texts(shown, private=True)  # the asker is told what went wrong
    assert UNKNOWN_RULE not in _texts(shown, private=False)  # the channel is not
    assert "could not answer" in _texts(shown, private=False)

    good = server.messages[good_public["token"]]
    assert good and all(not private for private, _m in good) and "121.4" in _texts(good, private=False)
    bad = server.messages[bad_private["token"]]
    assert bad and all(private for private, _m in bad)


async def test_an_error_after_a_public_early_acknowledgement_is_private(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """Under load the deferral is sent from the raw payload (bot/discord/early_ack.py), public for a public
    command: its error is private too."""
    client, server = live
    client.gate.defer_above = 2
    payloads = [slash("rule", number="121.4") for _ in range(6)]
    bad_public = slash("rule", number=UNKNOWN_RULE, public=True)
    for payload in [*payloads, bad_public]:
        await server.push_interaction(payload)
    await _answered(server, [*payloads, bad_public])
    assert client.early_ack.count >= 1
    first = [p for _m, path, p in server.rest if path.startswith(f"/interactions/{bad_public['id']}/")]
    assert first == [{"type": 5}]  # deferred publicly from its payload
    shown = server.messages[bad_public["token"]]
    assert UNKNOWN_RULE in _texts(shown, private=True)
    assert UNKNOWN_RULE not in _texts(shown, private=False)
