"""How long the event loop went without running: the measure of "no command blocks the others".

A ticker sleeps a few milliseconds at a time; whatever it oversleeps, the loop spent running something else
without yielding. The bot logs the longest block when it stops (the load benchmark reads it).

Two measures of the same block: the wall-clock oversleep, and the CPU time the loop's own thread spent in it
(``time.thread_time``). On a machine shared with other busy processes the first includes the time the
operating system gave the core to someone else; the second is the bot's own work only. Both are logged."""

from __future__ import annotations

import asyncio
import time
from typing import Any

TICK = 0.002


class LoopWatch:
    def __init__(self) -> None:
        self.longest = 0.0  # wall-clock seconds
        self.longest_own = 0.0  # CPU seconds of the loop's own thread in one block
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        while True:
            t, own = time.perf_counter(), time.thread_time()
            await asyncio.sleep(TICK)
            self.longest = max(self.longest, time.perf_counter() - t - TICK)
            self.longest_own = max(self.longest_own, time.thread_time() - own)

    def start(self) -> LoopWatch:
        self._task = asyncio.get_running_loop().create_task(self._tick(), name="loop-watch")
        return self

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def __enter__(self) -> LoopWatch:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
