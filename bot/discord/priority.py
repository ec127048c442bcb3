"""Answers due within Discord's 3 s go ahead of work that can wait: priority, not only order.

Why: in a burst the process is CPU-bound, and arrival order alone still let a command acknowledged a moment ago
do its work (the engine, rendering, the follow-up and its parsing) while the acknowledgements of the next
thousand waited for the event loop. Profiled with py-spy in a 10,000 burst on two processes, the work of
commands already acknowledged was a quarter of the bot's CPU in the seconds the acknowledgements were due.
Here that work asks for its turn (``turn()``) and waits while acknowledgements are backed up: deferrals or
autocompletes' choices waiting for a sender, autocompletes waiting for their look-up, or interactions not
acknowledged yet waiting to be built. A follow-up's token lasts 15 minutes, an acknowledgement's 3 s.

One poller wakes every waiter at once when the answers due are out (a waiter polling on its own would cost the
loop a wake-up each, thousands of them in a burst). A waiter goes ahead after ``MAX_WAIT`` s whatever the
pressure, so that under load that never ends the work still moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence

MAX_WAIT = 3.0  # seconds work that can wait waits at most for its turn
TICK = 0.005  # seconds between the poller's looks at the pressure


class Priority:
    """Work that can wait takes its turn once none of ``pressing`` says answers due within 3 s are waiting."""

    def __init__(self, pressing: Sequence[Callable[[], bool]]) -> None:
        self._pressing = tuple(pressing)
        self._clear: asyncio.Future[None] | None = None
        self._poller: asyncio.Task[None] | None = None
        self.waited = 0  # turns that had to wait (the tests and the benchmark read it)

    def pressed(self) -> bool:
        """Whether answers due within 3 s are waiting now."""
        return any(p() for p in self._pressing)

    async def turn(self) -> None:
        """Return once no answer due within 3 s waits (at once when none does), or after ``MAX_WAIT`` s."""
        if not self.pressed():
            return
        self.waited += 1
        if self._clear is None or self._clear.done():
            self._clear = asyncio.get_running_loop().create_future()
            self._poller = asyncio.get_running_loop().create_task(self._poll(self._clear), name="priority")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._clear), MAX_WAIT)

    async def _poll(self, clear: asyncio.Future[None]) -> None:
        start = time.monotonic()
        while self.pressed() and time.monotonic() - start < MAX_WAIT:
            await asyncio.sleep(TICK)
        if not clear.done():
            clear.set_result(None)

    def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
        if self._clear is not None and not self._clear.done():
            self._clear.set_result(None)
