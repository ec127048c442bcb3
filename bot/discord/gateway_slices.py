"""Interactions read off the gateway in slices that yield to the event loop.

Why: discord.py reads every message the socket has buffered without yielding (a buffered read returns at
once), and for each ``INTERACTION_CREATE`` it builds the interaction and starts its handler right there. A
burst of thousands arrives buffered, so reading it held the loop 0.3-2.5 s, during which nothing was
acknowledged and Discord's 3 s ran out. Here the gateway reader only stamps the interaction's arrival and
queues its payload; a task builds the interactions from the queue a few milliseconds at a time, yielding to
the loop between slices, so acknowledgements of the first ones go out while the rest are still being read.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger("drawjudge")

SLICE = 0.004  # seconds of building interactions before the loop gets a turn

Parser = Callable[[Any], None]


class SlicedParser:
    """Stands in for the client's ``INTERACTION_CREATE`` parser (its own instance, no global patch)."""

    def __init__(self, parse: Parser, on_arrival: Callable[[Any], None] | None = None) -> None:
        self._parse = parse
        self._on_arrival = on_arrival
        self._queue: deque[Any] = deque()
        self._task: asyncio.Task[None] | None = None
        self.longest_queue = 0

    def __call__(self, data: Any) -> None:
        if self._on_arrival is not None:
            self._on_arrival(data)
        self._queue.append(data)
        self.longest_queue = max(self.longest_queue, len(self._queue))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain(), name="interaction-slices")

    @property
    def queued(self) -> int:
        return len(self._queue)

    async def _drain(self) -> None:
        while self._queue:
            end = time.perf_counter() + SLICE
            while self._queue and time.perf_counter() < end:
                data = self._queue.popleft()
                try:
                    self._parse(data)
                except Exception:  # one bad payload never stops the others
                    log.exception("an interaction could not be read")
            await asyncio.sleep(0)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._queue.clear()
