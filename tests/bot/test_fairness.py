"""Fair engine time (issue #28): a user's second queued question waits behind other users' first, so a few users
sending heavy texts at their rate limit can't fill the engine and run everyone else out of time."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import bot.draw.engine_pool as engine_pool
from bot.discord.app import DrawJudgeBot
from bot.draw.engine_pool import EngineRunner, FairQueue
from bot.service import Judge
from bot.store import Store
from engine.cards import default_cards
from engine.situation import Situation
from tests.fakes.discord_fake import APP_ID, FakeDiscord, slash

HEAVY_SECONDS = 0.4


async def test_turns_rotate_between_askers() -> None:
    queue = FairQueue(1)
    order: list[str] = []

    async def ask(who: str, n: int) -> None:
        async with queue.turn(who):
            order.append(f"{who}{n}")
            await asyncio.sleep(0.01)

    tasks = [asyncio.create_task(ask("a", i)) for i in range(4)]
    await asyncio.sleep(0)
    tasks += [asyncio.create_task(ask("b", 0)), asyncio.create_task(ask("c", 0))]
    await asyncio.gather(*tasks)
    assert order == ["a0", "b0", "c0", "a1", "a2", "a3"]
    assert queue.free == 1 and queue.queued == 0


async def test_a_cancelled_waiter_gives_its_turn_on() -> None:
    queue = FairQueue(1)
    got: list[str] = []
    release = asyncio.Event()

    async def hold(who: str) -> None:
        async with queue.turn(who):
            got.append(who)
            await release.wait()

    first = asyncio.create_task(hold("a"))
    await asyncio.sleep(0)
    gives_up, waits = asyncio.create_task(hold("b")), asyncio.create_task(hold("c"))
    await asyncio.sleep(0)
    gives_up.cancel()
    release.set()
    await asyncio.wait_for(asyncio.gather(first, waits), 1)
    assert got == ["a", "c"] and gives_up.cancelled()
    assert queue.free == 1 and queue.queued == 0


@pytest.mark.timeout(60)
async def test_a_heavy_user_does_not_starve_another_users_draw(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine_pool.judge_text
    started: dict[str, float] = {}

    def judge_text(situation: Situation, *args: Any, **kwargs: Any) -> Any:
        text = situation.text
        started.setdefault(text, time.perf_counter())
        if "Spirit of the Labyrinth" in text:  # the heavy user's questions: each holds the engine a while
            time.sleep(HEAVY_SECONDS)
        return real(situation, *args, **kwargs)

    monkeypatch.setattr(engine_pool, "judge_text", judge_text)
    fake = FakeDiscord()
    fake.install(monkeypatch)
    client = DrawJudgeBot(Judge(store, engine=EngineRunner(default_cards(), budget=1.0, slots=1)),
                          application_id=APP_ID)
    await client.login("test-token")
    try:
        heavy = [slash("draw", user_id="7001", situation=f"Spirit of the Labyrinth is in play. I draw {n} cards.")
                 for n in range(2, 7)]
        light = slash("draw", user_id="7002", situation="I draw a card.")
        for payload in heavy:
            client._connection.parsers["INTERACTION_CREATE"](payload)
        await asyncio.sleep(0.05)  # the heavy user's five questions are queued first
        client._connection.parsers["INTERACTION_CREATE"](light)
        ids = [int(p["id"]) for p in [*heavy, light]]
        for _ in range(200):
            if all(fake.responses(i) and (fake.followups.get(i) or fake.responses(i)[0]["type"] == 4) for i in ids):
                break
            await asyncio.sleep(0.05)
        texts = {i: str(fake.responses(i) + fake.followups.get(i, [])) for i in ids}
        assert all(texts.values())
        assert not any("Too large" in t for t in texts.values())  # a turn's budget starts when it is given
        order = sorted(started, key=started.__getitem__)
        # the light question ran second: behind the heavy user's first, ahead of its second to fifth
        assert order.index(light["data"]["options"][0]["value"]) == 1, order
    finally:
        await client.close()


async def test_closing_ends_the_questions_still_waiting() -> None:
    queue = FairQueue(1)
    release = asyncio.Event()

    async def ask(who: str) -> None:
        async with queue.turn(who):
            await release.wait()

    running = asyncio.create_task(ask("a"))
    waiting = [asyncio.create_task(ask(w)) for w in "bc"]
    await asyncio.sleep(0)
    queue.close()
    release.set()
    await running
    for task in waiting:
        with pytest.raises(engine_pool.EngineClosed):
            await task
    with pytest.raises(engine_pool.EngineClosed):
        await ask("d")
