"""Admission to command handling: a bounded number of commands in flight, an honest "busy" beyond it, and
a drain for shutdown.

Why: a burst larger than the bot can answer in Discord's 3 s used to be answered late (which Discord treats as
lost) or, at shutdown, to keep the process alive long after SIGTERM. With a gate, the commands admitted are
answered in full, the ones beyond the bound get an immediate "busy, try again" (cheap: no store, no engine),
under load answers are acknowledged first (deferred) so the acknowledgement never waits behind the work, and on
SIGTERM no new command starts while the ones in flight get a bounded time to finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict, deque
from collections.abc import Iterator
from typing import Any

MAX_IN_FLIGHT = 300  # commands answered at once; beyond this a burst is acknowledged and waits its turn
MAX_BACKLOG = 20_000  # commands acknowledged and waiting for room; beyond this, "busy" replies
BACKLOG_WAIT = 600.0  # seconds a waiting command may wait (its token lets the answer come for 15 min)
DEFER_ABOVE = 25  # with more than this in flight, acknowledge at once and answer as a follow-up
MAX_STAMPS = 20_000  # arrival stamps kept at most
WORK_SLOTS = 8  # under load, commands doing their work at the same time (the rest wait, acknowledged)
FOLLOW_UP_SLOTS = 20  # follow-ups sent at once: the rest of the REST connections stay free for acknowledgements


class Gate:
    def __init__(self, limit: int = MAX_IN_FLIGHT, defer_above: int = DEFER_ABOVE,
                 max_backlog: int = MAX_BACKLOG) -> None:
        self.limit = limit
        self.defer_above = defer_above
        self.max_backlog = max_backlog
        self._room: deque[asyncio.Future[bool]] = deque()  # acknowledged commands waiting for room, in order
        self.most_waiting = 0  # the longest the backlog has been
        self.in_flight = 0
        self.closing = False
        self.items: dict[int, Any] = {}
        self._slots: asyncio.Semaphore | None = None
        self._follow_ups: asyncio.Semaphore | None = None
        self._idle: asyncio.Event | None = None
        self._arrived: OrderedDict[int, float] = OrderedDict()

    # Discord's 3 s start when the interaction is sent, not when its handler gets to run: in a burst the
    # handlers wait in the event loop's queue. Each interaction is stamped as it is parsed off the gateway,
    # and the deferral timer counts from that stamp.
    def arrive(self, interaction_id: int) -> None:
        """Stamp an arrival (the first stamp counts: the gateway's, not the command tree's later one)."""
        self._arrived.setdefault(interaction_id, time.monotonic())
        while len(self._arrived) > MAX_STAMPS:  # stamps of interactions never answered (a refusal) age out
            self._arrived.popitem(last=False)

    def waited(self, interaction_id: int) -> float:
        """Seconds since the interaction arrived (0 when it wasn't stamped); the stamp is then dropped."""
        arrived = self._arrived.pop(interaction_id, None)
        return 0.0 if arrived is None else max(0.0, time.monotonic() - arrived)

    def admits(self) -> bool:
        """Room now, and nobody acknowledged earlier still waiting for it (first come, first answered)."""
        return not self.closing and self.in_flight < self.limit and not self._room

    @property
    def backlog(self) -> int:
        return len(self._room)

    @property
    def can_wait(self) -> bool:
        """Whether a command without room may be acknowledged and wait for it (else it is told "busy")."""
        return not self.closing and len(self._room) < self.max_backlog

    async def wait_for_room(self, timeout: float = BACKLOG_WAIT) -> bool:
        """Wait, in arrival order, until a command in flight ends; False when the bot is closing or the wait
        passed ``timeout``. Why: a "busy, ask again" cost a full REST call and lost the question, while a
        deferral costs the same call and the answer still comes (4,700 of 5,000 were "busy" before)."""
        ready: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._room.append(ready)
        self.most_waiting = max(self.most_waiting, len(self._room))
        try:
            return await asyncio.wait_for(ready, timeout)
        except TimeoutError:
            return False
        finally:
            if ready in self._room:
                self._room.remove(ready)

    def _make_room(self) -> None:
        while self._room and self.in_flight < self.limit:
            ready = self._room.popleft()
            if not ready.done():
                ready.set_result(True)
                return

    @property
    def loaded(self) -> bool:
        return self.in_flight > self.defer_above

    def follow_up_slot(self) -> asyncio.Semaphore:
        """One of the slots follow-ups are sent in. Why: REST connections are bounded (bot/discord/connections.py), and
        a follow-up can wait (its token lasts 15 min) while an acknowledgement can't (3 s): with follow-ups
        capped, acknowledgements never queue behind a burst of answers."""
        if self._follow_ups is None:
            self._follow_ups = asyncio.Semaphore(FOLLOW_UP_SLOTS)
        return self._follow_ups

    def work_slot(self) -> asyncio.Semaphore:
        """One of the few slots in which commands do their work while the bot is loaded."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(WORK_SLOTS)
        return self._slots

    @contextlib.contextmanager
    def running(self, item: Any = None) -> Iterator[None]:
        """Count a command in flight; ``item`` (its interaction) is kept so that shutdown can still answer it."""
        self.in_flight += 1
        key = id(item)
        if item is not None:
            self.items[key] = item
        if self._idle is not None:
            self._idle.clear()
        try:
            yield
        finally:
            self.in_flight -= 1
            self.items.pop(key, None)
            self._make_room()
            if self.in_flight == 0 and self._idle is not None:
                self._idle.set()

    async def drain(self, timeout: float) -> int:
        """Stop admitting; wait up to ``timeout`` s for the commands in flight. Returns how many remain."""
        self.closing = True
        while self._room:  # the acknowledged ones waiting for room are told the bot restarts
            ready = self._room.popleft()
            if not ready.done():
                ready.set_result(False)
        if self.in_flight == 0:
            return 0
        self._idle = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)
        return self.in_flight
