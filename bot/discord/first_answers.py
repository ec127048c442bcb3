"""The answers that must reach Discord within 3 s of an interaction (early deferrals of commands and
autocompletes' choices), sent in the order their interactions arrived by one set of senders.

Why one line for both: they used to have senders of their own (45 for deferrals, 20 for autocompletes) taking
turns at the same connections, so each kind was served in proportion to its senders, not to its arrivals. In a
burst where one shard process got as many autocompletes as commands, the autocompletes' 20 senders had more
than twice the work of each deferral sender, and the autocompletes came last: every one of the late answers of
a 10,000 burst on two processes was an autocomplete. In arrival order, each waits only for what came before it.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable

log = logging.getLogger("drawjudge")

Send = Callable[[], Awaitable[None]]


class FirstAnswers:
    """A queue of sends, taken in order by at most ``senders`` tasks (one task per answer would make thousands
    ready at once: a single turn of the event loop then ran them all)."""

    def __init__(self, senders: int) -> None:
        self.senders = senders
        self._queue: deque[Send] = deque()
        self._running: set[asyncio.Task[None]] = set()

    def add(self, send: Send) -> None:
        self._queue.append(send)
        if len(self._running) < self.senders:
            sender = asyncio.get_running_loop().create_task(self._send(), name="first-answers")
            self._running.add(sender)
            sender.add_done_callback(self._running.discard)

    async def _send(self) -> None:
        while self._queue:
            try:
                await self._queue.popleft()()
            except Exception:  # one answer that fails never stops the others
                log.exception("an answer due within 3 s failed")

    def backed_up(self) -> bool:
        """Whether answers wait for a sender (every sender is busy): the answers due are falling behind."""
        return bool(self._queue)

    def close(self) -> None:
        for sender in list(self._running):
            sender.cancel()
        self._queue.clear()
