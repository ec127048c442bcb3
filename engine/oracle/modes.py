"""How many modes a modal spell's head lets its caster (or an opponent) choose (700.2): "Choose one —",
"Choose two —", "Choose one or more —", "Choose three. You may choose the same mode more than once.",
"Choose one. If ..., you may choose two instead.", "An opponent chooses one —".

Why: a "choose two" spell carried out with one mode is a partial resolution presented as whole. Each legal
set of modes becomes one choice of the spell (its modes' operations in printed order, 700.2a), so the
answer follows one set, says it, and lists the others as alternatives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

_WORD = {"one": 1, "two": 2, "three": 3, "four": 4, "both": 2}


@dataclass(frozen=True)
class ModeChoice:
    """The sets of modes (indexes into the bullets, in printed order) a caster may choose, and who
    chooses: "" for the caster, "opponent" for "an opponent chooses", "random" for "choose one at random"."""

    sets: tuple[tuple[int, ...], ...]
    chooser: str = ""


def mode_choice(head: str, count: int) -> ModeChoice | None:
    """The choice a modal head allows among ``count`` bullets; None for a head not read (the spell is then
    not read as modal, never carried out with the wrong number of modes)."""
    low = re.sub(r"\([^)]*\)", "", head.lower().replace("’", "'")).strip()
    low = re.sub(r"\s+", " ", low.split("\n")[-1]).strip()
    if not low:
        return None
    singles = tuple((i,) for i in range(count))
    m = re.fullmatch(r"(an opponent chooses|choose) (one|two|three|four)(?P<random> at random)? ?[—.]?", low)
    if m:
        n = _WORD[m.group(2)]
        if n > count:
            return None
        chooser = "random" if m.group("random") else "opponent" if m.group(1) != "choose" else ""
        return ModeChoice(tuple(combinations(range(count), n)), chooser)
    m = re.fullmatch(r"choose (one|two|three) ?\. you may choose the same mode more than once ?\.?", low)
    if m:
        return ModeChoice(tuple(combinations_with_replacement(range(count), _WORD[m.group(1)])))
    if re.fullmatch(r"choose (?:one or more|one or both|any number) ?—?", low):
        return ModeChoice(tuple(s for n in range(1, count + 1) for s in combinations(range(count), n)))
    m = re.fullmatch(r"choose one ?\. if [^.]+, (?:you may )?choose (both|two) instead ?\.?", low)
    if m:  # one mode, or two when the condition holds: each set listed, the larger ones as alternatives
        return ModeChoice(singles + tuple(combinations(range(count), 2)))
    return None


__all__ = ["ModeChoice", "mode_choice"]
