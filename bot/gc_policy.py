"""The garbage collector's timing: what lives for the whole run is frozen after start, no collection runs while
a burst is being answered, and what a burst left is collected once, at the first quiet moment, then frozen.

Why: Python's full collection walks every tracked object, and the bot holds hundreds of thousands for good
(the rules index, the glossary, the card names, discord.py's caches): ``gc.freeze()`` after start-up moves
them out of the collector's sight. Why no collection at all while loaded, young ones included: measured with
``gc.callbacks`` in a burst of 10,000 on two processes (bench/burst.py --gc-trace), the young collections were
not the ~1 ms they usually are but 40-58 ms each, with 46,000-60,000 objects in the youngest generation
(coroutines, buttons, tuples of interactions in flight). CPython 3.11 counts a young generation's size as
allocations minus deallocations, and a burst frees as many old objects (answered interactions) as it
allocates new ones, so the count stayed under its threshold of 700 while the generation grew to tens of
thousands; a generation-1 collection then walked them again and a full one after the burst a third time
(about 1.2 s of one process's CPU in that burst, the loop held 40-100 ms each time). A burst makes almost no
cyclic garbage (a few hundred objects in 10,000 interactions: everything an answer uses is freed by
reference counting, bot/discord/views.py lets go of evicted buttons), so holding every collection until the
burst is answered costs little memory. Once the bot is quiet again, one full collection walks what the
burst left alive and ``gc.freeze()`` takes it out of later collections' sight; automatic collections resume.
A hold that lasts longer than ``MAX_HELD`` ends anyway (memory before latency).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger("drawjudge")

CHECK_EVERY = 0.25  # seconds between looks at the load
QUIET_FOR = 1.0  # seconds without load before the held collection runs
MAX_HELD = 120.0  # seconds a hold lasts at most (then collections resume, loaded or not)


def freeze_what_lives() -> int:
    """Collect once, then freeze every object still alive (start-up's data, never garbage). Returns how many
    objects were frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class GcPolicy:
    """Holds automatic collections (``gc.disable()``) while ``loaded()`` says a burst is being answered; the
    first quiet moment after a hold collects once and freezes what survived."""

    def __init__(self, loaded: Callable[[], bool], clock: Callable[[], float] = time.monotonic) -> None:
        self._loaded = loaded
        self._clock = clock
        self._was_enabled = gc.isenabled()
        self.held = False
        self.times_held = 0
        self.collections: list[tuple[float, float]] = []  # (seconds the quiet collection took, of them CPU)
        self._since = 0.0  # when the hold began
        self._quiet_since: float | None = None
        self._resumed_at: float | None = None  # when a hold was ended by MAX_HELD under load
        self._task: asyncio.Task[None] | None = None

    def _hold(self) -> None:
        if not self.held:
            self.held = True
            self.times_held += 1
            self._since = self._clock()
            gc.disable()
        self._quiet_since = None

    def _release(self, *, collect: bool) -> None:
        if not self.held:
            return
        self.held = False
        self._quiet_since = None
        self._resumed_at = None
        if collect:
            start, own = time.perf_counter(), time.thread_time()
            freed = gc.collect()
            gc.freeze()
            took, own = time.perf_counter() - start, time.thread_time() - own
            # Not ``gc.get_freeze_count()`` for the log: it counts the frozen objects by walking every one of them
            # (about 200,000 after start), on the loop, and this step of the watch was the longest turn of the loop
            # after a burst (25 ms of its CPU for a 3 ms collection while it was counted twice).
            self.collections.append((took, own))
            log.info("garbage collection held %.1f s for a burst; then one collection: %.1f ms (%.1f ms of CPU), "
                     "%d objects freed, the rest frozen", self._clock() - self._since, took * 1000, own * 1000, freed)
        if self._was_enabled:
            gc.enable()

    def check(self) -> None:
        """One look at the load (the watch calls it every ``CHECK_EVERY`` s; tests call it directly)."""
        now = self._clock()
        if self._loaded():
            if self.held and now - self._since > MAX_HELD:
                log.info("collections held for %.0f s: resuming them under load", now - self._since)
                self._release(collect=False)
                self._resumed_at = now
                return
            if self._resumed_at is not None and now - self._resumed_at < MAX_HELD:
                return  # resumed by MAX_HELD: not held again until another MAX_HELD has passed
            self._hold()
        elif self.held:
            if self._quiet_since is None:
                self._quiet_since = now
            elif now - self._quiet_since >= QUIET_FOR:
                self._release(collect=True)

    async def _watch(self) -> None:
        try:
            while True:
                self.check()
                await asyncio.sleep(CHECK_EVERY)
        finally:
            self._release(collect=False)

    def start(self) -> GcPolicy:
        self._task = asyncio.get_running_loop().create_task(self._watch(), name="gc-policy")
        return self

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._release(collect=False)
