"""How long the event loop went without running: the measure of "no command blocks the others".

The loop alternates between waiting for I/O (its selector's ``select``) and running what is ready; a block is
the time between a ``select`` returning and the next one being called, when no new I/O is looked at (an
acknowledgement's reply, the next gateway message). The watch times exactly that by wrapping the loop's
selector: two clock reads per turn of the loop, no wake-ups of its own. The bot logs the longest block when
it stops (the load benchmark reads it).

Why not a ticker any more: the watch used to be a task sleeping 2 ms at a time and measuring its oversleep,
and each of those 500 wake-ups a second cost 60-120 µs of the process's CPU on this kind of virtual machine
(a timer wake-up of an otherwise waiting process): 6 % of a core while idle, and in a burst's profile (py-spy)
the ticker was 11-19 % of the bot's samples while the acknowledgements were due. The ticker is kept only for an
event loop without a Python selector (uvloop), where it is the only way to see a block.

Two measures of the same block: the wall-clock time, and the CPU time the loop's own thread spent in it
(``time.thread_time``). On a machine shared with other busy processes the first includes the time the
operating system gave the core to someone else; the second is the bot's own work only. Both are logged."""

from __future__ import annotations

import asyncio
import selectors
import time
from typing import Any

TICK = 0.002  # the ticker's sleep (only for a loop without a Python selector)


class _TimedSelector:
    """The loop's selector, timing the turns of the loop between two ``select`` calls. Everything else is the
    selector's own (asyncio calls ``register``, ``modify``, ``get_key``... on it)."""

    def __init__(self, inner: selectors.BaseSelector, watch: LoopWatch) -> None:
        self.inner = inner
        self._watch = watch
        self._ran_at = time.perf_counter()  # when the loop last came back from select
        self._own_at = time.thread_time()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        watch = self._watch
        block = time.perf_counter() - self._ran_at
        if block > watch.longest:
            watch.longest = block
            watch.longest_own = max(watch.longest_own, time.thread_time() - self._own_at)
        elif block > watch.longest_own:  # a shorter block may still have used more of the thread's CPU
            watch.longest_own = max(watch.longest_own, time.thread_time() - self._own_at)
        events = self.inner.select(timeout)
        self._ran_at = time.perf_counter()
        self._own_at = time.thread_time()
        return events


class LoopWatch:
    def __init__(self) -> None:
        self.longest = 0.0  # wall-clock seconds
        self.longest_own = 0.0  # CPU seconds of the loop's own thread in one block
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timed: _TimedSelector | None = None

    async def _tick(self) -> None:
        while True:
            t, own = time.perf_counter(), time.thread_time()
            await asyncio.sleep(TICK)
            self.longest = max(self.longest, time.perf_counter() - t - TICK)
            self.longest_own = max(self.longest_own, time.thread_time() - own)

    def start(self) -> LoopWatch:
        loop = asyncio.get_running_loop()
        selector = getattr(loop, "_selector", None)  # asyncio's selector loops (private: a seam test checks it)
        if isinstance(selector, selectors.BaseSelector):
            self._loop, self._timed = loop, _TimedSelector(selector, self)
            loop._selector = self._timed  # type: ignore[attr-defined]
        else:
            self._task = loop.create_task(self._tick(), name="loop-watch")
        return self

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        timed, loop = self._timed, self._loop
        if timed is not None and loop is not None:
            inner = timed.inner
            if getattr(loop, "_selector", None) is timed:
                loop._selector = inner  # type: ignore[attr-defined]
            self._timed = None

    def __enter__(self) -> LoopWatch:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
