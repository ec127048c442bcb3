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
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType

log = logging.getLogger("drawjudge")
DATA_MESSAGES = frozenset({WSMsgType.TEXT, WSMsgType.BINARY})

SLICE = 0.004  # seconds of building interactions before the loop gets a turn
# Interactions built at most per slice. Why a count as well as a time: each one built starts its handler as a
# task whose first step runs in the loop's next turn and costs more than the building (an autocomplete answers
# in that step); 50-65 handlers started by one 4 ms slice made a turn of 30-60 ms of CPU.
PER_SLICE = 8
# Commands acknowledged already (their answer can wait: a follow-up's token lasts 15 minutes) are built at most
# this many per slice: each starts a handler whose first step does the command's work (a search ranks the whole
# rule text on the loop), and eight of them in one turn made the loop's longest blocks of a burst.
ACKED_PER_SLICE = 2

Parser = Callable[[Any], None]
# Told of each payload as it arrives; True when it was acknowledged already (its answer can wait its turn).
Arrival = Callable[[Any], bool]
HOLD_TICK = 0.003  # seconds between looks while acknowledged commands are held back


class SlicedParser:
    """Stands in for the client's ``INTERACTION_CREATE`` parser (its own instance, no global patch).

    Two queues: what must be answered within Discord's 3 s (autocompletes, buttons, commands not acknowledged
    yet) is built first; commands already acknowledged from their raw payload (bot/discord/early_ack.py) wait while
    ``hold()`` says acknowledgements are still going out, so the loop spends a burst's first seconds on them.
    """

    def __init__(self, parse: Parser, on_arrival: Arrival | None = None,
                 hold: Callable[[], bool] | None = None, take: Callable[[Any], bool] | None = None) -> None:
        self._parse = parse
        self._take = take  # True for a payload answered without being built (bot/discord/early_complete.py)
        self._on_arrival = on_arrival
        self._hold = hold
        self._urgent: deque[Any] = deque()
        self._acked: deque[Any] = deque()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.longest_queue = 0

    def __call__(self, data: Any) -> None:
        if self._closed:  # the client is closing: nothing built now could be answered (its loop goes away)
            return
        if self._take is not None and self._take(data):
            return
        acked = self._on_arrival(data) if self._on_arrival is not None else False
        (self._acked if acked else self._urgent).append(data)
        self.longest_queue = max(self.longest_queue, self.queued)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain(), name="interaction-slices")

    @property
    def queued(self) -> int:
        return len(self._urgent) + len(self._acked)

    def urgent_waiting(self) -> bool:
        """Whether interactions not acknowledged yet (buttons, commands while the bot isn't loaded) wait to be
        built."""
        return bool(self._urgent)

    def _next(self) -> deque[Any] | None:
        if self._urgent:
            return self._urgent
        if self._acked and not (self._hold is not None and self._hold()):
            return self._acked
        return None

    async def _drain(self) -> None:
        while self.queued:
            end, built, acked = time.perf_counter() + SLICE, 0, 0
            while built < PER_SLICE and time.perf_counter() < end and (queue := self._next()) is not None:
                if queue is self._acked:
                    if acked == ACKED_PER_SLICE:
                        break
                    acked += 1
                data = queue.popleft()
                built += 1
                try:
                    self._parse(data)
                except Exception:  # one bad payload never stops the others
                    log.exception("an interaction could not be read")
            if self._next() is None and self.queued:
                await asyncio.sleep(HOLD_TICK)  # acknowledgements first: nothing urgent to build meanwhile
            else:
                await asyncio.sleep(0)

    def close(self) -> None:
        """Stop building for good. Why for good: the gateway keeps delivering until its socket is closed, and a
        payload arriving after this started a new drain that built interactions once the client had no event
        loop any more (AttributeError tracebacks at shutdown)."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
        self._urgent.clear()
        self._acked.clear()


class SlicedSocket:
    """The gateway's websocket, read in slices: ``receive()`` gives the loop a turn once ``SLICE`` seconds have
    passed since the last one.

    Why: discord.py reads the gateway in a loop of ``await socket.receive()``, and a receive with messages
    already buffered returns without yielding, so a burst of thousands of buffered messages (each decompressed,
    parsed from JSON and handed to its parser) held the loop for its whole length. Everything else (sending,
    closing, the close code) is the socket's own.

    A message already buffered is received without discord.py's heartbeat timeout: it is returned at once, and
    aiohttp arms a timer for every receive with a timeout (its own comment: "almost 50 % of the run time" of
    its receive loop); in a burst that was a timer armed and cancelled for each of thousands of messages. Any
    wait for a message still has the timeout. The buffer is aiohttp's (private: a seam test checks it)."""

    def __init__(self, socket: Any) -> None:
        self._socket = socket
        self._since = time.perf_counter()
        self._buffer = getattr(getattr(socket, "_reader", None), "_buffer", None)  # aiohttp's received messages

    def __getattr__(self, name: str) -> Any:
        return getattr(self._socket, name)

    def message_waiting(self) -> bool:
        """Whether a data message (not a ping or a close, which aiohttp handles itself and then waits again)
        is first in aiohttp's buffer."""
        buffer = self._buffer
        if not buffer:
            return False
        message = buffer[0][0]
        return getattr(message, "type", None) in DATA_MESSAGES

    async def receive(self, timeout: float | None = None) -> Any:
        if time.perf_counter() - self._since >= SLICE:
            await asyncio.sleep(0)
            self._since = time.perf_counter()
        return await self._socket.receive(None if self.message_waiting() else timeout)


class GatewayBacklog:
    """Whether gateway messages wait to be read: received from Discord (in aiohttp's buffer) and not yet handed
    to discord.py. Work that can wait (bot/discord/priority.py) waits while they do.

    Why: in a burst the gateway is read in slices, and between two slices the loop ran whatever was ready,
    commands acknowledged already included, while thousands of interactions still waited in the buffer unread
    (neither built nor acknowledged): in a 10,000 burst's profile the work of commands was about a sixth of a
    bot's CPU before every interaction was acknowledged. Every open socket is looked at (one per shard; one
    replaced by a reconnection is closed, or let go of)."""

    def __init__(self) -> None:
        self._sockets: weakref.WeakSet[SlicedSocket] = weakref.WeakSet()

    def add(self, socket: SlicedSocket) -> None:
        self._sockets.add(socket)

    def __call__(self) -> bool:
        return any(s.message_waiting() and not s.closed for s in self._sockets)


def slice_gateway_reads(http: Any) -> GatewayBacklog:
    """Make this client's HTTP object (one per client, no global patch) hand the gateway sliced sockets; what it
    returns says whether any of them has messages waiting."""
    connect = http.ws_connect
    backlog = GatewayBacklog()

    async def ws_connect(url: str, *, compress: int = 0) -> Any:
        sliced = SlicedSocket(await connect(url, compress=compress))
        backlog.add(sliced)
        return sliced

    http.ws_connect = ws_connect
    return backlog
