"""The loop watch (bot/loopwatch.py) times the loop's turns through its selector: a block is seen whole, in
wall-clock time and in the thread's own CPU, without wake-ups of its own; stopping gives the selector back."""

from __future__ import annotations

import asyncio
import selectors
import time

from bot.loopwatch import LoopWatch


async def test_asyncio_loops_have_the_selector_the_watch_wraps() -> None:
    """Seam: asyncio's selector event loops keep their selector in the private ``_selector``, and call
    ``select`` on it every turn. An asyncio that moves it fails here, not silently (the watch would fall back
    to its ticker)."""
    loop = asyncio.get_running_loop()
    assert isinstance(loop._selector, selectors.BaseSelector)  # type: ignore[attr-defined]
    watch = LoopWatch().start()
    try:
        assert watch._timed is not None and loop._selector is watch._timed  # type: ignore[attr-defined]
    finally:
        watch.stop()
    assert isinstance(loop._selector, selectors.BaseSelector)  # type: ignore[attr-defined]


async def test_a_block_is_measured_in_wall_clock_and_own_cpu() -> None:
    with LoopWatch() as watch:
        await asyncio.sleep(0.01)
        time.sleep(0.06)  # the loop held, the thread idle
        await asyncio.sleep(0.01)
        assert watch.longest >= 0.06
        assert watch.longest_own < watch.longest
        start = time.thread_time()
        while time.thread_time() - start < 0.04:  # the loop held by its own work
            pass
        await asyncio.sleep(0.01)
        assert watch.longest_own >= 0.04


async def test_turns_that_yield_are_not_blocks() -> None:
    with LoopWatch() as watch:
        for _ in range(200):
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)  # waiting for I/O is no block
    assert watch.longest < 0.05
