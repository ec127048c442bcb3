"""Autocomplete answers kept for a moment, ready to send: the same text asked again is answered without a
look-up or an encoding.

Why: an autocomplete can't be deferred, it must be answered within Discord's 3 s, and every keystroke of
every player is one. What they type repeats (everyone reaching rule 121 types "1", "12", "121", "121."), and
in a burst the look-up (the edition, its index, the labels) and the JSON encoding were most of an
autocomplete's cost on the event loop. An answer is kept at most ``KEEP_FOR`` seconds and never past a change
of the editions (the store's ``editions_generation``: an edition written, another process's ``rules update``
noticed, the cache reopened), so it is never staler than the store's own view of the editions by more than
that. Empty answers are not kept: they may come from a failed look-up, and a look-up that finds nothing is cheap.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any

KEEP_FOR = 2.0  # seconds an answer is reused at most
MOST = 2_048  # answers kept at most (the least recently asked go first)
LONGEST_TEXT = 100  # characters of typed text: Discord sends at most 100; anything longer is not kept

Key = tuple[Hashable, ...]


def key_of(command: str, option: str, current: str, others: Mapping[str, Any]) -> Key | None:
    """What an answer depends on: the command, the focused option, its text and the other options' plain values
    (an edition, a game); None when something isn't a short plain value (then the answer isn't kept)."""
    if len(current) > LONGEST_TEXT:
        return None
    values = []
    for name, value in sorted(others.items()):
        if not (value is None or isinstance(value, bool | int | float)
                or (isinstance(value, str) and len(value) <= LONGEST_TEXT)):
            return None
        values.append((name, value))
    return (command, option, current, *values)


class RecentChoices:
    """Encoded autocomplete answers by ``key_of``, each valid ``KEEP_FOR`` seconds within one generation of the
    editions."""

    def __init__(self, generation: Callable[[], int], keep_for: float = KEEP_FOR, most: int = MOST) -> None:
        self._generation = generation
        self._keep_for = keep_for
        self._most = most
        self._kept: OrderedDict[Key, tuple[float, int, bytes]] = OrderedDict()
        self.hits = 0  # answers sent from here (the tests and the benchmark read it)

    def get(self, key: Key | None) -> bytes | None:
        if key is None:
            return None
        kept = self._kept.get(key)
        if kept is None:
            return None
        until, generation, body = kept
        if until < time.monotonic() or generation != self._generation():
            del self._kept[key]
            return None
        self._kept.move_to_end(key)
        self.hits += 1
        return body

    def put(self, key: Key | None, body: bytes, generation: int) -> None:
        """Keep ``body`` as the answer to ``key``, read in ``generation`` of the editions (taken before the
        look-up: an answer read across a change is already stale and is dropped at its first use)."""
        if key is None:
            return
        self._kept[key] = (time.monotonic() + self._keep_for, generation, body)
        self._kept.move_to_end(key)
        while len(self._kept) > self._most:
            self._kept.popitem(last=False)

    def clear(self) -> None:
        self._kept.clear()
