"""The engine in worker processes with a time budget (#17): a heavy question never holds another user's answer,
and past its budget it is answered with what is certain so far, inside Discord's 3 s."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

import bot.draw.engine_pool as engine_pool
from bot.discord.app import DrawJudgeBot
from bot.draw.engine_pool import EnginePool, EngineRunner
from bot.loopwatch import LoopWatch
from bot.service import Judge
from bot.store import Store
from engine.cards import default_cards
from engine.errors import OutOfTime
from tests.engine.helpers import permanents_text as _permanents
from tests.fakes.discord_fake import APP_ID, FakeDiscord, slash

HEAVY = _permanents(100)  # about 3 s of engine time on this machine, with its alternatives
BUDGET = 0.6


@pytest.fixture
async def pool() -> AsyncIterator[EnginePool]:
    engine = EnginePool(default_cards(), workers=2, budget=BUDGET)
    await asyncio.wait_for(engine.start(), 60)
    try:
        yield engine
    finally:
        await engine.close()


def _text(payloads: list[Any]) -> str:
    out = []
    for p in payloads:
        data = p.get("data", p) if isinstance(p, dict) else {}
        out += [(e.get("title") or "") + " " + (e.get("description") or "") for e in data.get("embeds") or []]
    return " ".join(out)


async def test_a_heavy_draw_holds_no_other_answer_and_is_answered_in_time(
        store: Store, monkeypatch: pytest.MonkeyPatch, pool: EnginePool) -> None:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    judge = Judge(store, engine=pool)
    await judge.warm()  # as the bot does at start
    client = DrawJudgeBot(judge, application_id=APP_ID)
    await client.login("test-token")
    try:
        heavy = [slash("draw", situation=HEAVY) for _ in range(3)]
        rules = [slash("rule", number=f"121.{1 + i % 6}") for i in range(20)]
        with LoopWatch() as watch:
            start = time.perf_counter()
            for p in heavy:
                client._connection.parsers["INTERACTION_CREATE"](p)
            await asyncio.sleep(0.05)  # the heavy questions are running in the workers
            rule_times = []
            for p in rules:
                t = time.perf_counter()
                client._connection.parsers["INTERACTION_CREATE"](p)
                await fake.wait(int(p["id"]), 5)
                rule_times.append(time.perf_counter() - t)
            await asyncio.wait_for(asyncio.gather(*(fake.wait(int(p["id"])) for p in heavy)), 10)
            heavy_time = time.perf_counter() - start
        assert max(rule_times) < 0.25, rule_times  # each /rule answered at once while the heavy ones run
        assert heavy_time < 3.0  # acknowledged with an answer inside Discord's window
        # the event loop was never blocked by the engine (a heavy question blocks it for seconds when it runs
        # on the loop; 0.5 s leaves room for a machine shared with other work)
        assert watch.longest < 0.5, watch.longest
        answers = [_text(fake.responses(int(p["id"])) + fake.followups.get(int(p["id"]), [])) for p in heavy]
        for answer in answers:
            assert "too large to resolve within 0.6 s" in answer
            assert "I understood" in answer  # what is certain: how it was read ...
        # ... and the steps taken before the budget (the third waited for one of the two workers: its time
        # went on waiting, which its answer also says)
        assert sum("steps taken" in a for a in answers) >= 2
    finally:
        await client.close()


async def test_the_pool_gives_the_same_answers_as_the_thread(pool: EnginePool) -> None:
    thread = EngineRunner(default_cards(), budget=5)
    for text in ["I have 1 card in my library. My opponent controls Notion Thief and Spirit of the Labyrinth. "
                 "I cast Opportunity.", "I control Sylvan Library and Consecrated Sphinx. My opponent draws a card.",
                 _permanents(20)]:
        a, b = await pool.judge(text), await thread.judge(text)
        assert (a.players, a.losers, a.branches, [s.text for s in a.steps], a.understood, a.assumed) == \
            (b.players, b.losers, b.branches, [s.text for s in b.steps], b.understood, b.assumed)


async def test_the_workers_run_below_the_event_loops_priority(pool: EnginePool) -> None:
    """In a burst the loop must get a core to acknowledge within 3 s while every worker is busy: the workers run
    niced below the bot's process (as far as the system allows; a bot already at the lowest priority stays)."""
    futures = [asyncio.wrap_future(pool._pool.schedule(engine_pool._worker_niceness)) for _ in range(4)]
    niceness = await asyncio.wait_for(asyncio.gather(*futures), 30)
    assert set(niceness) == {min(19, os.nice(0) + engine_pool.ENGINE_NICENESS)}


def _stuck(text: str, extra: Any, deadline: float, budget: float, what_if: Any = None) -> Any:
    time.sleep(30)  # a worker that doesn't stop by itself


async def test_a_worker_that_overruns_the_grace_is_replaced(pool: EnginePool,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_pool, "_worker_judge", _stuck)
    t = time.perf_counter()
    with pytest.raises(OutOfTime):
        await pool.judge("I draw a card.")
    assert time.perf_counter() - t < BUDGET + engine_pool.GRACE + 0.5
    assert pool.ended == 1
    monkeypatch.undo()
    # both workers answer again: the stuck one was ended and replaced (waited for first: on a loaded machine a
    # new worker can take longer to start than a question's 0.6 s budget here)
    await asyncio.wait_for(pool.start(), 20)
    results = await asyncio.wait_for(asyncio.gather(*(pool.judge("I draw a card.") for _ in range(4))), 5)
    assert all(r.players["You"]["hand"] == 8 for r in results)
