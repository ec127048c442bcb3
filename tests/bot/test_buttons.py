"""Buttons (issue #28), through discord.py's own view dispatch: a per-user cooldown on presses, one Share post per
answer, buttons nothing listens to any more answered "this answer has expired" privately, and an answer evicted
from the live ones drawn disabled."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord import views as render_discord
from bot.discord.app import DrawJudgeBot
from tests.fakes.discord_fake import FakeDiscord, button, dispatch, slash

EPHEMERAL = 64
SITUATION = "I have 1 card in my library, my opponent controls Notion Thief and Spirit of the Labyrinth, I cast Opportunity"


@pytest.fixture(autouse=True)
def fresh_cooldown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render_discord, "PRESS_COOLDOWN", render_discord.PressCooldown())


def _buttons(sent: list[Any]) -> dict[str, str]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    return {c["label"]: c["custom_id"] for row in data.get("components") or [] for c in row["components"]}


def _sent(fake: FakeDiscord, payload: dict[str, Any]) -> list[Any]:
    iid = int(payload["id"])
    return fake.responses(iid) + fake.followups.get(iid, [])


def _description(payload: Any) -> str:
    data = payload.get("data", payload) if isinstance(payload, dict) else {}
    return " ".join(e.get("description") or "" for e in data.get("embeds") or [])


async def test_share_pressed_twenty_times_posts_one_copy(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    answer = await dispatch(client, fake, slash("draw", user_id="8101", situation=SITUATION))
    share = _buttons(answer)["Share"]
    presses = [button(share, user_id="8101") for _ in range(20)]
    for press in presses:
        client._connection.parsers["INTERACTION_CREATE"](press)
    await asyncio.wait_for(asyncio.gather(*(fake.wait(int(p["id"])) for p in presses)), 10)
    await asyncio.sleep(0.1)
    public = [m for p in presses for m in fake.followups.get(int(p["id"]), [])
              if not (m.get("flags") or 0) & EPHEMERAL]
    assert len(public) == 1
    replies = [_description(_sent(fake, p)[0]) for p in presses[1:]]
    assert all("already shared" in r or "pressing quickly" in r for r in replies)
    assert sum("pressing quickly" in r for r in replies) == 20 - render_discord.PRESSES
    assert all(_sent(fake, p)[0]["data"]["flags"] & EPHEMERAL for p in presses[1:])  # privately


async def test_a_button_of_an_answer_from_before_a_restart_is_answered_expired(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, button("0f2d3c4b5a69788796a5b4c3d2e1f001", user_id="8201"))
    assert len(sent) == 1 and sent[0]["type"] == 4 and sent[0]["data"]["flags"] & EPHEMERAL
    assert "expired" in _description(sent[0]) and "ask again" in _description(sent[0])


async def test_an_evicted_answer_is_drawn_disabled_and_its_buttons_say_expired(
        harness: tuple[DrawJudgeBot, FakeDiscord], monkeypatch: pytest.MonkeyPatch) -> None:
    client, fake = harness
    monkeypatch.setattr(render_discord, "MAX_LIVE_VIEWS", 2)
    monkeypatch.setattr(render_discord, "_LIVE", type(render_discord._LIVE)())
    asked = slash("draw", user_id="8301", situation=SITUATION)
    first = await dispatch(client, fake, asked)
    for user in ("8302", "8303"):
        await dispatch(client, fake, slash("draw", user_id=user, situation=SITUATION))
    await asyncio.sleep(0.1)
    edits = [c for c in fake.calls if c.method == "PATCH" and f"/{asked['token']}/messages/@original" in c.path]
    assert edits, "the evicted answer's message was not redrawn"
    components = [c for row in edits[0].payload["components"] for c in row["components"]]
    assert components and all(c["disabled"] for c in components)
    late = await dispatch(client, fake, button(_buttons(first)["Share"], user_id="8301"))
    assert "expired" in _description(late[0]) and late[0]["data"]["flags"] & EPHEMERAL


async def test_presses_beyond_the_cooldown_do_no_work(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    answer = await dispatch(client, fake, slash("draw", user_id="8401", situation=SITUATION))
    rules = _buttons(answer)["Rule texts"]
    presses = [button(rules, user_id="8401") for _ in range(8)]
    for press in presses:
        await dispatch(client, fake, press)
    texts = [_description(_sent(fake, p)[0]) for p in presses]
    assert sum("pressing quickly" in t for t in texts) == 8 - render_discord.PRESSES
    assert sum("121.2" in t or "**" in t for t in texts if "pressing quickly" not in t) == render_discord.PRESSES


def test_the_view_store_seam_still_exists(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    """``listens`` reads discord.py's view store the way its own dispatch does: an upgrade that moves it fails
    here, loudly, instead of answering every press "expired"."""
    client, _fake = harness
    assert isinstance(client._connection._view_store._views, dict)
    assert "INTERACTION_CREATE" in client._connection.parsers


async def test_buttons_get_ids_of_their_own_without_a_system_call_each(
        harness: tuple[DrawJudgeBot, FakeDiscord], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two answers' buttons: every custom_id different (the run's prefix, then a counter), none drawn from
    ``os.urandom`` per button (discord.py's default, a system call per button in a burst); and a button of
    the second answer still works."""
    client, fake = harness
    draws: list[int] = []
    urandom = render_discord.os.urandom

    def counted(n: int) -> bytes:
        draws.append(n)
        return urandom(n)

    monkeypatch.setattr("os.urandom", counted)
    first = _buttons(await dispatch(client, fake, slash("draw", user_id="8301", situation=SITUATION)))
    second = _buttons(await dispatch(client, fake, slash("draw", user_id="8301", situation=SITUATION)))
    ids = [*first.values(), *second.values()]
    assert len(first) >= 4 and len(set(ids)) == len(ids)
    assert all(i.startswith(f"dj:{render_discord._RUN}:") for i in ids)
    assert len(draws) <= 2  # at most one per view (discord.py's own view id), none per button
    press = button(second["Steps"], user_id="8301")
    client._connection.parsers["INTERACTION_CREATE"](press)
    await asyncio.wait_for(fake.wait(int(press["id"])), 10)
    assert "Step" in str(_sent(fake, press)[0])


async def test_answers_leave_nothing_for_a_full_garbage_collection(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    """Twenty /rule answers and errors through the real command tree, with the collector off: no interaction
    and no view of them is left alive (a reference cycle kept each for the next full collection, which after a
    burst held the event loop for hundreds of milliseconds)."""
    import gc

    import discord

    client, fake = harness
    await dispatch(client, fake, slash("rule", number="121.4"))  # the first one warms what stays anyway
    gc.collect()
    gc.disable()
    try:
        payloads = [slash("rule", number="121.4" if i % 2 else "9999.9z") for i in range(20)]
        for payload in payloads:
            await dispatch(client, fake, payload)
        await asyncio.sleep(0.1)
        ids = {int(p["id"]) for p in payloads}
        alive = [o for o in gc.get_objects() if isinstance(o, discord.Interaction) and o.id in ids]
        views = [o for o in gc.get_objects() if isinstance(o, discord.ui.View)]
    finally:
        gc.enable()
    assert all(_sent(fake, p) for p in payloads)
    assert alive == []
    assert views == [] or all(v.children for v in views)  # no empty view is built for a reply without buttons


def test_the_discord_py_seams_of_letting_an_interaction_go_still_exist() -> None:
    """The tree's task calls ``_call`` and hands an ``AppCommandError`` to ``_dispatch_error`` (GatedTree._call
    does both itself), an interaction's response is cached in the ``_cs_response`` slot, and a view's buttons
    carry their bound callbacks in their own ``__dict__`` (OwnedView._let_go)."""
    import inspect

    import discord
    from discord import app_commands

    wrapper = inspect.getsource(app_commands.CommandTree._from_interaction)
    assert "await self._call(interaction)" in wrapper
    assert "except AppCommandError as e:" in wrapper and "await self._dispatch_error(interaction, e)" in wrapper
    assert "_cs_response" in discord.Interaction.__slots__
    assert "cached_slot_property('_cs_response')" in inspect.getsource(discord.Interaction)
    # a view binds each decorated button's callback on the button itself; clear_items unhooks the buttons
    assert "item.callback = _ItemCallback(" in inspect.getsource(discord.ui.view.BaseView)
    assert "child._update_view(None)" in inspect.getsource(discord.ui.view.BaseView.clear_items)
    assert isinstance(vars(discord.ui.Button(label="x")), dict)
