"""How long the event loop went without running: the measure of "no command blocks the others".

A ticker sleeps a few milliseconds at a time; whatever it oversleeps, the loop spent running something else
without yielding. The bot logs the longest block when it stops (the load benchmark reads it)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

TICK = 0.002


class LoopWatch:
    def __init__(self) -> None:
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(TICK)
            self.longest = max(self.longest, time.perf_counter() - t - TICK)

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
