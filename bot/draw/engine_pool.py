"""Where the engine runs: worker processes with a time budget per question (the bot), or a thread of this
process (the console, ``ask``, tests) with the same budget.

Why processes: the engine is pure Python, so on a thread it holds the interpreter lock and one heavy
question slows every other user's answer. In a worker process it can't: the event loop only sends the text
and receives the resolution. Why a budget: a question too large for the time Discord gives is answered
with what is certain so far and a sentence saying it is too large, never a silent hang. The engine stops
itself at the budget (``OutOfTime``, with its steps); a worker that doesn't stop within a grace after it is
ended and replaced (pebble's pool does both), so no question holds a worker for longer.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import multiprocessing
import os
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable, Sequence
from typing import Any

from pebble import ProcessPool

from engine.cards import Card, CardDB
from engine.errors import OutOfTime
from engine.judging import judge_text
from engine.model import Resolution
from engine.situation.given import Situation

log = logging.getLogger("drawjudge")

# A "what if": decisions fixed (engine choices) and a defaulted fact made otherwise (an engine.defaults key).
WhatIfKey = tuple[dict[str, Any] | None, str | None] | None

DEFAULT_BUDGET = 1.5  # seconds of engine time per question: the answer still comes inside Discord's 3 s
GRACE = 0.5  # past the budget, a worker that hasn't stopped by itself is ended
ENGINE_NICENESS = 5  # how far below the event loop the engine's workers run (os.nice steps)


# Who is asking (a Discord user id), set by the front end for the question being answered; the engine's queue
# takes turns between askers. Unset (the console, ``ask``): everyone is the same asker.
ASKER: contextvars.ContextVar[Hashable] = contextvars.ContextVar("drawjudge_asker", default=None)


class EngineClosed(RuntimeError):
    """The engine was closed (the bot is shutting down) before this question got its turn."""


class FairQueue:
    """Turns at the engine, shared between askers: a freed turn goes to the waiting asker who had one least
    recently, so a user's second question waits behind every other user's first. Why: questions used to start
    in arrival order, so ten users each sending heavy texts at their rate limit filled every worker, and 58 of
    61 other users' one-line /draw ran out of time in the queue. A question's time budget starts when it gets
    its turn, not when it starts waiting."""

    REMEMBERED = 10_000  # askers whose last turn is remembered (the oldest are forgotten first)

    def __init__(self, slots: int) -> None:
        self.free = max(1, slots)
        self.closed = False
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()
        self._turns = 0
        self._last: OrderedDict[Hashable, int] = OrderedDict()  # asker -> when it last got a turn

    def _given(self, asker: Hashable) -> None:
        self._turns += 1
        self._last[asker] = self._turns
        self._last.move_to_end(asker)
        while len(self._last) > self.REMEMBERED:
            self._last.popitem(last=False)

    @property
    def queued(self) -> int:
        return sum(len(q) for q in self._waiting.values())

    def close(self) -> None:
        """No more turns: every waiting question ends with ``EngineClosed`` (at shutdown, not in a closed pool)."""
        self.closed = True
        for queue in self._waiting.values():
            for ready in queue:
                if not ready.done():
                    ready.set_exception(EngineClosed("the engine is closed"))
        self._waiting.clear()

    @contextlib.asynccontextmanager
    async def turn(self, asker: Hashable = None) -> AsyncIterator[None]:
        if self.closed:
            raise EngineClosed("the engine is closed")
        if self.free > 0 and not self._waiting:
            self.free -= 1
            self._given(asker)
        else:
            ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(asker, deque()).append(ready)
            try:
                await ready
            except EngineClosed:
                raise
            except BaseException:
                if ready.done() and not ready.cancelled() and ready.exception() is None:
                    self._next()  # the turn was given as this waiter was cancelled: pass it on
                else:
                    self._forget(asker, ready)
                raise
        try:
            yield
        finally:
            self._next()

    def _forget(self, asker: Hashable, ready: asyncio.Future[None]) -> None:
        queue = self._waiting.get(asker)
        if queue is not None:
            with contextlib.suppress(ValueError):
                queue.remove(ready)
            if not queue:
                del self._waiting[asker]

    def _next(self) -> None:
        """Give the freed turn to the waiting asker who had a turn least recently (never, first), to its
        longest-waiting question."""
        while self._waiting:
            asker = min(self._waiting, key=lambda a: self._last.get(a, -1))
            queue = self._waiting[asker]
            ready = queue.popleft()
            if not queue:
                del self._waiting[asker]
            if not ready.done():
                self._given(asker)
                ready.set_result(None)
                return
        self.free += 1


class EngineRunner:
    """The engine on a thread of this process, under the budget (the engine stops itself at its deadline)."""

    def __init__(self, cards: CardDB, budget: float = DEFAULT_BUDGET, slots: int | None = None) -> None:
        self.cards = cards
        self.budget = budget
        self.queue = FairQueue(slots or default_workers())

    async def start(self) -> None:
        """Nothing to start on a thread."""

    async def judge(self, text: str | Situation, extra: Sequence[Card] = (), what_if: WhatIfKey = None) -> Resolution:
        """The resolution of a situation text, reading it with the card data plus ``extra`` cards; ``what_if``
        (choices, an assumption key) re-resolves one of its alternatives."""
        async with self.queue.turn(ASKER.get()):
            return await self._judge(text, extra, what_if)

    async def _judge(self, text: str | Situation, extra: Sequence[Card], what_if: WhatIfKey) -> Resolution:
        deadline = time.monotonic() + self.budget
        cards = self.cards.with_extra(extra) if extra else self.cards
        choices, assume = what_if or (None, None)
        return await asyncio.to_thread(judge_text, text, cards, deadline=deadline, budget=self.budget,
                                       choices=choices, assume=assume)

    async def close(self) -> None:
        """Questions still waiting for a turn end (the bot is closing)."""
        self.queue.close()


# ----------------------------------------------------------------------------- the worker's side

_WORKER_CARDS: CardDB | None = None


def _worker_start(cards: CardDB) -> None:
    global _WORKER_CARDS
    _WORKER_CARDS = cards
    _yield_to_the_loop()


def _yield_to_the_loop() -> None:
    """Run this worker below the bot's priority. Why: in a burst every worker is busy for seconds while the
    event loop needs a core for a few milliseconds at a time to acknowledge within Discord's 3 s; at the same
    priority the operating system's scheduler let the workers hold both cores, and the loop waited for one
    (10,000 at once on two processes: the loop's longest block 30-83 ms of wall-clock time for 7-9 ms of its
    own work). A lower priority costs the engine nothing when the loop is idle: the workers still get every
    core no one else wants."""
    with contextlib.suppress(OSError, AttributeError):  # not on every system; never a reason not to answer
        os.nice(ENGINE_NICENESS)


def _worker_judge(text: str | Situation, extra: tuple[Card, ...], deadline: float, budget: float,
                  what_if: WhatIfKey = None) -> Resolution:
    assert _WORKER_CARDS is not None
    cards = _WORKER_CARDS.with_extra(extra) if extra else _WORKER_CARDS
    choices, assume = what_if or (None, None)
    return judge_text(text, cards, deadline=deadline, budget=budget, choices=choices, assume=assume)


def _worker_ready() -> int:
    return os.getpid()


def _worker_niceness() -> int:
    return os.nice(0)


# ----------------------------------------------------------------------------- the bot's side

def default_workers() -> int:
    """One worker per core the process may use (the event loop mostly waits on the network)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class EnginePool(EngineRunner):
    """The engine in warm worker processes. Workers start from a fork server (a clean process that has
    imported the engine once), never from a fork of the bot with its open connections and threads."""

    def __init__(self, cards: CardDB, workers: int | None = None, budget: float = DEFAULT_BUDGET) -> None:
        self.workers = workers or default_workers()
        super().__init__(cards, budget, self.workers)
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["engine.judging", "bot.draw.engine_pool"])
        self._pool = ProcessPool(max_workers=self.workers, initializer=_worker_start, initargs=(cards,),
                                 context=context)
        self.ended = 0  # workers ended for overrunning the budget

    async def start(self) -> None:
        """Start every worker and wait until each has answered once, so the first question is not the one
        that pays for starting them."""
        futures = [asyncio.wrap_future(self._pool.schedule(_worker_ready)) for _ in range(self.workers * 2)]
        await asyncio.gather(*futures)

    async def _judge(self, text: str | Situation, extra: Sequence[Card], what_if: WhatIfKey) -> Resolution:
        deadline = time.monotonic() + self.budget
        future = self._pool.schedule(_worker_judge, args=(text, tuple(extra), deadline, self.budget, what_if))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.budget + GRACE)
        except TimeoutError:
            # Cancelling a running task ends its worker; the pool starts another.
            future.cancel()
            self.ended += 1
            log.warning("a question overran its %.1f s budget; its worker was replaced", self.budget)
            raise OutOfTime([], self.budget) from None

    async def close(self) -> None:
        self.queue.close()
        self._pool.stop()
        await asyncio.to_thread(self._pool.join, 5)
