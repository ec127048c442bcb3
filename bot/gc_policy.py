"""The garbage collector's timing: what lives for the whole run is frozen after start, and full collections
wait while a burst is being answered.

Why: Python's full collection walks every tracked object, and the bot holds hundreds of thousands for good
(the rules index, the glossary, the card names, discord.py's caches). During a burst of 3,000 interactions a
full collection ran every few hundred milliseconds and each held the event loop 200-280 ms (measured with
``gc.callbacks``), enough to push acknowledgements past Discord's 3 s. ``gc.freeze()`` moves everything alive
after start-up out of the collector's sight (it is never garbage anyway), and while the bot is loaded the
third generation's threshold is raised so full collections wait until the burst has been answered; the young
generations still collect as usual, so memory stays bounded.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable

log = logging.getLogger("drawjudge")

CHECK_EVERY = 0.25  # seconds between looks at the load
HELD_THRESHOLD = 1_000_000  # the oldest generation's threshold while loaded (full collections wait)


def freeze_what_lives() -> int:
    """Collect once, then freeze every object still alive (start-up's data, never garbage). Returns how many
    objects were frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class GcPolicy:
    """Raises the full-collection threshold while ``loaded()`` says a burst is being answered."""

    def __init__(self, loaded: Callable[[], bool]) -> None:
        self._loaded = loaded
        self._normal = gc.get_threshold()
        self.held = False
        self.times_held = 0
        self._task: asyncio.Task[None] | None = None

    def _hold(self, hold: bool) -> None:
        if hold == self.held:
            return
        young, middle, oldest = self._normal
        gc.set_threshold(young, middle, HELD_THRESHOLD if hold else oldest)
        self.held = hold
        self.times_held += hold

    async def _watch(self) -> None:
        try:
            while True:
                self._hold(self._loaded())
                await asyncio.sleep(CHECK_EVERY)
        finally:
            self._hold(False)

    def start(self) -> GcPolicy:
        self._task = asyncio.get_running_loop().create_task(self._watch(), name="gc-policy")
        return self

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._hold(False)
