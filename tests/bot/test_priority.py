"""Answers due within 3 s go ahead of work that can wait (bot/discord/priority.py): while acknowledgements are
backed up, commands acknowledged already neither do their work nor send their follow-ups; and no wait is
longer than ``MAX_WAIT``."""

from __future__ import annotations

import asyncio
import collections
import time
from typing import Any

import pytest

from bot.discord import priority as priority_module
from bot.discord.app import DrawJudgeBot
from bot.discord.priority import Priority
from tests.fakes.discord_fake import slash
from tests.fakes.gateway import StandInDiscord


def _deferral_times(server: StandInDiscord, ids: set[int]) -> list[float]:
    return sorted(t for i, t in server.acked_at.items() if i in ids)


def _is_deferral(server: StandInDiscord, iid: int) -> bool:
    return any(p.get("type") == 5 for _m, path, p in server.rest
               if path.startswith(f"/interactions/{iid}/") and isinstance(p, dict))


@pytest.mark.timeout(120)
async def test_follow_ups_wait_while_acknowledgements_are_backed_up(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """40 commands at once, the load threshold at 5, one sender for the line of first answers and every REST
    call 30 ms: the first commands are built at once and acknowledged by their handlers, and their answers
    (follow-ups) are ready long before the other 35 deferrals have gone out one by one. They wait: no
    follow-up reaches Discord before the line of deferrals is empty (its last one taken by the sender)."""
    client, server = live
    client.gate.defer_above = 5
    client.first_answers.senders = 1
    server.rest_delay = 0.03
    commands = [slash("rule", number=f"121.{1 + i % 6}") for i in range(40)]
    for payload in commands:
        await server.push_interaction(payload)
    ids = {int(p["id"]) for p in commands}
    assert await server.wait_answered(ids)
    assert not server.acked_twice
    line = _deferral_times(server, {i for i in ids if _is_deferral(server, i)})
    assert client.early_ack.count >= 30
    follow_ups = sorted(server.answered_at[i] for i in ids if server.followups.get(f"tok-{i}"))
    assert follow_ups, "the commands were answered as follow-ups"
    # the line emptied when the sender took its last deferral: at the latest when the one before it was answered
    assert follow_ups[0] >= line[-2], (follow_ups[0] - line[0], line[-1] - line[0])
    assert client.priority.waited > 0


async def test_a_turn_waits_while_pressed_and_never_longer_than_max_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    pressed = [True]
    priority = Priority([lambda: pressed[0]])
    waiting = asyncio.ensure_future(priority.turn())
    await asyncio.sleep(0.05)
    assert not waiting.done()
    pressed[0] = False
    await asyncio.wait_for(waiting, 1)
    monkeypatch.setattr(priority_module, "MAX_WAIT", 0.1)
    pressed[0] = True
    start = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(priority.turn() for _ in range(50))), 2)
    assert time.monotonic() - start >= 0.1  # all fifty released together, by one poller
    assert priority.waited == 51
    priority.close()


async def test_a_turn_is_immediate_when_nothing_is_pressing() -> None:
    calls: list[Any] = []
    priority = Priority([lambda: calls.append(1) is not None])
    await asyncio.wait_for(priority.turn(), 0.5)
    assert priority.waited == 0 and calls


async def test_waiters_are_let_go_a_few_per_turn_of_the_loop_in_their_order() -> None:
    """40 commands waiting for their turn when the pressure ends: each runs its next step in the loop's turn after
    it is let go, so letting all go at once made one turn run 40 steps (the longest turns of a burst); they go
    ``RELEASE_PER_TURN`` per turn, first come first."""
    pressed = [True]
    priority = Priority([lambda: pressed[0]])
    turns = [0]
    ran: list[tuple[int, int]] = []  # (waiter, the loop's turn it ran in)

    async def ticker() -> None:
        while True:
            turns[0] += 1
            await asyncio.sleep(0)

    async def waiter(k: int) -> None:
        await priority.turn()
        ran.append((k, turns[0]))

    tick = asyncio.create_task(ticker())
    waiters = []
    for k in range(40):
        waiters.append(asyncio.create_task(waiter(k)))
        await asyncio.sleep(0)  # each asks in turn
    await asyncio.sleep(0.02)
    assert not ran
    pressed[0] = False
    await asyncio.wait_for(asyncio.gather(*waiters), 2)
    tick.cancel()
    assert [k for k, _turn in ran] == list(range(40))
    per_turn = collections.Counter(turn for _k, turn in ran)
    assert max(per_turn.values()) <= priority_module.RELEASE_PER_TURN
    assert priority.waited == 40
    priority.close()

