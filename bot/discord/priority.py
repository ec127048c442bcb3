"""Answers due within Discord's 3 s go ahead of work that can wait: priority, not only order.

Why: in a burst the process is CPU-bound, and arrival order alone still let a command acknowledged a moment ago
do its work (the engine, rendering, the follow-up and its parsing) while the acknowledgements of the next
thousand waited for the event loop. Profiled with py-spy in a 10,000 burst on two processes, the work of
commands already acknowledged was a quarter of the bot's CPU in the seconds the acknowledgements were due.
Here that work asks for its turn (``turn()``) and waits while acknowledgements are backed up: deferrals or
autocompletes' choices waiting for a sender, autocompletes waiting for their look-up, or interactions not
acknowledged yet waiting to be built, or gateway messages received and not yet read. A follow-up's token lasts
15 minutes, an acknowledgement's 3 s.

One poller lets the waiters go when the answers due are out (a waiter polling on its own would cost the loop a
wake-up each, thousands of them in a burst), ``RELEASE_PER_TURN`` per turn of the event loop, in the order
they came, looking at the pressure again between two. A waiter goes ahead after ``MAX_WAIT`` s whatever the
pressure, so that under load that never ends the work still moves.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Sequence

MAX_WAIT = 3.0  # seconds work that can wait waits at most for its turn
TICK = 0.005  # seconds between the poller's looks at the pressure
# Waiters let go per turn of the event loop. Why not all at once: each one released runs its command's next step
# (a search ranked, an answer rendered, a follow-up encoded: 0.3-2 ms) in the loop's next turn, and the 28 a gate
# lets wait (8 work slots, 20 follow-ups) released together made turns of 12-25 ms of the loop's own CPU, the
# longest of a burst (bench/burst.py --slow-handles: no single callback over 5 ms in the burst itself).
RELEASE_PER_TURN = 4


class Priority:
    """Work that can wait takes its turn once none of ``pressing`` says answers due within 3 s are waiting; the
    waiters are let go a few per turn of the loop, in the order they came, each after ``MAX_WAIT`` s at most."""

    def __init__(self, pressing: Sequence[Callable[[], bool]]) -> None:
        self._pressing = tuple(pressing)
        self._waiters: deque[tuple[float, asyncio.Future[None]]] = deque()  # (since, its turn), in order
        self._poller: asyncio.Task[None] | None = None
        self.waited = 0  # turns that had to wait (the tests and the benchmark read it)

    def pressed(self) -> bool:
        """Whether answers due within 3 s are waiting now."""
        return any(p() for p in self._pressing)

    async def turn(self) -> None:
        """Return once no answer due within 3 s waits (at once when none does and nobody waits before this one),
        or after ``MAX_WAIT`` s."""
        if not self._waiters and not self.pressed():
            return
        self.waited += 1
        loop = asyncio.get_running_loop()
        mine: asyncio.Future[None] = loop.create_future()
        self._waiters.append((time.monotonic(), mine))
        if self._poller is None or self._poller.done():
            self._poller = loop.create_task(self._poll(), name="priority")
        try:
            await mine
        except asyncio.CancelledError:
            if not mine.done():
                mine.cancel()
            raise

    async def _poll(self) -> None:
        waiters = self._waiters
        while waiters:
            pressed, now = self.pressed(), time.monotonic()
            if pressed and now - waiters[0][0] < MAX_WAIT:
                await asyncio.sleep(TICK)
                continue
            for _ in range(min(RELEASE_PER_TURN, len(waiters))):
                since, turn = waiters[0]
                if pressed and now - since < MAX_WAIT:
                    break  # under pressure only those that waited ``MAX_WAIT`` go
                waiters.popleft()
                if not turn.done():
                    turn.set_result(None)
            await asyncio.sleep(0)  # the released ones run in the next turn; the next few after them

    def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
        while self._waiters:
            _since, turn = self._waiters.popleft()
            if not turn.done():
                turn.set_result(None)
