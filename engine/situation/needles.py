"""Needles: words a regular expression's every match must contain, read from the expression itself.

Why: the normalising stage runs a table of about 150 rewrites over the whole text, and a rewrite whose match
needs " skipped " costs a scan of 2,000 characters even in a text without that word. Each pattern's needles are
computed once, from its parsed form (never written by hand beside it, so a new row of a table gets them with no
change), and a text none of whose needles hold skips the pattern: the same text comes out, in a fraction of the
time. The check is only a necessary condition: a needle found means the pattern is run as before.

What is read: runs of literal characters in a row (through groups), the alternatives of a branch when each has
one, repeats that happen at least once, and positive lookarounds (what they look at must be in the text too).
Negative lookarounds, character classes and back-references say nothing. Needles are lower case and ASCII: a
text that is not ASCII skips no pattern (with IGNORECASE, "K" the Kelvin sign matches "k").
"""

from __future__ import annotations

import re
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]
from typing import Any

Needles = tuple[frozenset[str], ...]  # each set: at least one of its words is in every match
MAX_CHECKED = 2  # the most telling sets are checked: each check is a scan of the text
_ATOMIC = getattr(C, "ATOMIC_GROUP", None)
_MAX_REPEAT_OPS = (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", C.MAX_REPEAT))


def needles_of(rx: re.Pattern[str]) -> Needles:
    """The sets of needles of ``rx`` (lower case), the most telling first (longest shortest word); empty when
    nothing is certain about its matches."""
    try:
        found = {s for s in _sequence(list(P.parse(rx.pattern, rx.flags))) if s and all(w.strip() for w in s)}
    except Exception:  # noqa: BLE001 - a pattern this Python's parser gives in another shape: never skipped
        return ()  # (" " tells nothing: a set of blanks is left out)
    ranked = sorted(found, key=lambda s: (-min(len(w.strip()) for w in s), sorted(s)))
    return tuple(ranked[:MAX_CHECKED])


def may_match(checks: Needles, low: str, ascii_text: bool) -> bool:
    """Whether a text (``low``: its lower case) can hold a match: False only when one set has no needle in it."""
    if not ascii_text:
        return True
    for words in checks:  # loops, not generators: called ~150 times a text
        for w in words:
            if w in low:
                break
        else:
            return False
    return True


def _flat(items: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """The sequence with its groups opened: a literal run goes on through "(had)" or "(?:my )"."""
    out: list[tuple[Any, Any]] = []
    for op, av in items:
        if op is C.SUBPATTERN:
            out.extend(_flat(list(av[-1])))
        elif op is _ATOMIC:
            out.extend(_flat(list(av)))
        else:
            out.append((op, av))
    return out


def _sequence(items: list[tuple[Any, Any]]) -> list[frozenset[str]]:
    """Every needle set of a sequence: its literal runs, and the sets of what it holds."""
    out: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in _flat(items):
        if op is C.LITERAL and isinstance(av, int) and av < 128:
            run.append(chr(av).lower())
            continue
        if run:
            out.append(frozenset({"".join(run)}))
            run = []
        out.extend(_inner(op, av))
    if run:
        out.append(frozenset({"".join(run)}))
    return out


def _inner(op: Any, av: Any) -> list[frozenset[str]]:
    """The needle sets of one item that is no literal."""
    if op is C.BRANCH:
        per_branch = [_best(_sequence(list(b))) for b in av[1]]
        if all(per_branch):
            return [frozenset[str]().union(*[b for b in per_branch if b is not None])]
        return []
    if op in _MAX_REPEAT_OPS:
        low, _high, body = av
        return _sequence(list(body)) if low >= 1 else []
    if op is C.ASSERT:
        _direction, body = av
        return _sequence(list(body))
    return []  # IN, ANY, AT, ASSERT_NOT, NOT_LITERAL, a non-ASCII literal, GROUPREF...: nothing certain


def _best(sets: list[frozenset[str]]) -> frozenset[str] | None:
    """The most telling set of a branch's alternative (its shortest word the longest)."""
    usable = [s for s in sets if s and all(s)]
    return max(usable, key=lambda s: (min(len(w) for w in s), -len(s)), default=None)


class NeedleIndex:
    """Which patterns of a table a text may match, found in one pass over the needles of them all: a clause is
    read against a hundred templates, and a test per template (even a cheap one) costs more than the few that
    can match. Each pattern is indexed by the words of its most telling set; a pattern with none is always
    tried. ``mask(text)``: bit ``i`` set when pattern ``i`` may match (every match holds one of its words).
    A word is looked for only when the longest other needle inside it was found ("draw step" after "draw")."""

    def __init__(self, patterns: list[re.Pattern[str]]) -> None:
        self.all = (1 << len(patterns)) - 1
        self.always = 0
        by_word: dict[str, int] = {}
        for i, rx in enumerate(patterns):
            checks = needles_of(rx)
            if not checks:
                self.always |= 1 << i
            for w in checks[0] if checks else ():
                by_word[w] = by_word.get(w, 0) | 1 << i
        self.bits = by_word
        self.under: dict[str, list[str]] = {w: [] for w in by_word}  # the needles that hold ``w``
        self.roots: list[str] = []
        for w in sorted(by_word):
            inside = [u for u in by_word if u != w and u in w]
            if inside:
                self.under[max(inside, key=lambda u: (len(u), u))].append(w)
            else:
                self.roots.append(w)

    def mask(self, text: str) -> int:
        if not text.isascii():
            return self.all
        low = text.lower()
        found = self.always
        todo = list(self.roots)
        while todo:
            w = todo.pop()
            if w in low:
                found |= self.bits[w]
                todo.extend(self.under[w])
        return found
