"""Autocompletes answered from their raw payload (bot/discord/early_complete.py): the same choices the command
tree gives, through the real client against the loopback Discord; the same question asked again is answered as
it was, until the editions change; anything the payload doesn't say plainly is left to the command tree."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.discord.app import DrawJudgeBot
from bot.discord.early_complete import read_payload
from bot.discord.recent_choices import key_of
from tests.fakes.discord_fake import autocomplete, slash
from tests.fakes.gateway import StandInDiscord

ASKED = [("rule", "number", "121.", {}), ("rule", "number", "704", {"edition": "2008"}),
         ("define", "term", "dra", {}), ("rule", "edition", "20", {}), ("search", "edition", "", {})]


async def _choices(server: StandInDiscord, payloads: list[dict[str, Any]]) -> list[Any]:
    for payload in payloads:
        await server.push_interaction(payload)
    ids = [int(p["id"]) for p in payloads]
    for _ in range(200):
        if set(ids) <= server.answered_at.keys():
            break
        await asyncio.sleep(0.05)
    callbacks = {int(path.split("/")[2]): p for _m, path, p in server.rest if path.endswith("/callback")}
    return [callbacks[i] for i in ids]


async def test_autocompletes_get_the_command_tree_s_choices(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    client.piped = False  # answers off the pipe (DRAWJUDGE_ANSWER_PIPE=0): the command tree answers
    tree = await _choices(server, [autocomplete(c, o, v, **others) for c, o, v, others in ASKED])
    assert client.early_complete.count == 0
    client.piped = True  # idle or loaded, every autocomplete is answered from its payload
    early = await _choices(server, [autocomplete(c, o, v, **others) for c, o, v, others in ASKED])
    assert client.early_complete.count == len(ASKED)
    assert all(p["type"] == 8 for p in tree + early)
    assert [p["data"]["choices"] for p in early] == [p["data"]["choices"] for p in tree]
    assert any(p["data"]["choices"] for p in early)  # real suggestions, not only empty lists
    assert not server.acked_twice


async def test_the_same_question_is_answered_as_it_was_until_the_editions_change(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    looked_up: list[str] = []
    judge = client.services.judge
    real = judge.rule_choice_labels

    async def counted(prefix: str, *args: Any) -> Any:
        looked_up.append(prefix)
        return await real(prefix, *args)

    judge.rule_choice_labels = counted  # type: ignore[method-assign]
    first, again, other_edition = await _choices(server, [
        autocomplete("rule", "number", "121."), autocomplete("rule", "number", "121."),
        autocomplete("rule", "number", "121.", edition="2008")])
    assert looked_up == ["121.", "121."]  # the second is the kept answer; another edition is another question
    assert again == first and first["data"]["choices"] and other_edition != first
    await client.judge.store.reopen()  # the editions may have changed: nothing kept is used
    [after] = await _choices(server, [autocomplete("rule", "number", "121.")])
    assert after == first and looked_up == ["121.", "121.", "121."]


async def test_a_failing_look_up_answers_an_empty_list(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live

    async def broken(*args: Any) -> Any:
        raise RuntimeError("the cache is closed")

    real = client.services.judge.rule_choice_labels
    client.services.judge.rule_choice_labels = broken  # type: ignore[method-assign]
    [answer] = await _choices(server, [autocomplete("rule", "number", "121")])
    assert answer == {"type": 8, "data": {"choices": []}}
    client.services.judge.rule_choice_labels = real  # type: ignore[method-assign]
    [answer] = await _choices(server, [autocomplete("rule", "number", "121")])
    assert answer["data"]["choices"]  # the failure's empty list was not kept


def test_only_a_plain_autocomplete_payload_is_taken() -> None:
    async def complete(interaction: Any, current: str) -> list[Any]:
        return []

    completers = {("rule", "number"): complete}
    asked = read_payload(autocomplete("rule", "number", "121", edition="2008"), completers)
    assert asked is not None and asked.current == "121" and asked.namespace.edition == "2008"
    assert getattr(asked.namespace, "game", None) is None
    assert read_payload(autocomplete("nosuch", "number", "1"), completers) is None  # the tree answers it
    assert read_payload(slash("rule", number="121"), completers) is None  # a command
    two = autocomplete("rule", "number", "1")
    two["data"]["options"].append({"name": "edition", "type": 3, "value": "2", "focused": True})
    assert read_payload(two, completers) is None  # two focused options: not plain
    assert read_payload({"type": 4, "id": "x", "token": "t", "data": {}}, completers) is None


def test_only_short_plain_questions_are_kept() -> None:
    assert key_of("rule", "number", "121.", {"edition": "2008", "game": None}) == (
        "rule", "number", "121.", ("edition", "2008"), ("game", None))
    assert key_of("rule", "number", "1" * 101, {}) is None  # longer than Discord sends
    assert key_of("rule", "number", "121", {"edition": ["2008"]}) is None  # not a plain value
    assert key_of("rule", "number", "121", {"edition": "x" * 101}) is None


async def test_deferrals_and_autocompletes_go_out_in_the_order_they_arrived(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """One line for both (bot/discord/first_answers.py): an autocomplete whose answer is known (asked a moment
    ago) that arrives between commands deferred from their payloads is answered between their deferrals (with a
    line of its own it came after them all)."""
    client, server = live
    await _choices(server, [autocomplete("rule", "number", "121.")])  # looked up once, then known
    client.gate.defer_above = -1  # every command deferred from its payload
    client.first_answers.senders = 1  # one at a time: the order is the line's alone
    before = [slash("rule", number=f"121.{1 + i % 6}") for i in range(8)]
    asked = autocomplete("rule", "number", "121.")
    after = [slash("rule", number=f"121.{1 + i % 6}") for i in range(8)]
    for payload in [*before, asked, *after]:
        await server.push_interaction(payload)
    ids = [int(p["id"]) for p in [*before, asked, *after]]
    assert await server.wait_answered(set(ids))
    acked = sorted(ids, key=lambda i: server.acked_at[i])
    assert acked == ids and client.early_ack.count == 16 and client.early_complete.count == 2
    assert client.answer_pipe.connections() <= 2  # one sender for both kinds (and the first look-up's answer)


async def test_a_slow_look_up_does_not_hold_up_the_deferrals(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """An autocomplete that must be looked up (a card name at Scryfall takes up to 1.5 s) is looked up beside the
    line, not in it: the commands that arrive after it are deferred without waiting for it."""
    client, server = live
    judge = client.services.judge
    real = judge.rule_choice_labels

    async def slow(*args: Any) -> Any:
        await asyncio.sleep(1.0)
        return await real(*args)

    judge.rule_choice_labels = slow  # type: ignore[method-assign]
    client.gate.defer_above = -1
    client.first_answers.senders = 1
    asked = autocomplete("rule", "number", "704")
    commands = [slash("rule", number=f"121.{1 + i}") for i in range(3)]
    for payload in [asked, *commands]:
        await server.push_interaction(payload)
    assert await server.wait_answered({int(p["id"]) for p in [asked, *commands]})
    assert max(server.acked_at[int(c["id"])] for c in commands) < server.acked_at[int(asked["id"])]
