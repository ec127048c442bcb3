"""Abilities a permanent has only at a level: a leveler's "LEVEL 1-2" / "LEVEL 3+" sections (711.2a) and a
Class's "{2}{U}: Level 2" sections (716.2a). Its own module because the reader otherwise reads every line as an
ability the permanent always has: "I activate Enclave Cryptologist" looted (a LEVEL 1-2 ability) with no level
counter said, and the level-3 "draw a card" of a Class counted at level 1.

The engine tracks neither level counters nor Class levels, so an ability below a level header is kept as words
(``NotModelled``, with its level said): a question that reaches it is refused with those words, never answered
as if the permanent had it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from engine.oracle.abilities import Ability

_LEVEL_HEADER = re.compile(r"^(?:LEVEL \d+(?:-\d+|\+)|(?:\{[^}]+\})+: Level \d+)\s*$")


def with_levels(abilities: Iterable[Ability]) -> Iterator[tuple[Ability, str]]:
    """Each ability with the level header it sits under ("" before any: the permanent always has it)."""
    gate = ""
    for ability in abilities:
        line = ability.line.strip()
        if _LEVEL_HEADER.match(line):
            gate = line.split(": ")[-1]
            yield ability, ""
            continue
        yield ability, gate


def gated_words(ability: Ability, gate: str) -> str:
    """The words kept for an ability only a level grants: its line and the level (711.2a, 716.2a)."""
    return f"{ability.line.strip()} (only at {gate.lower()}: levels are not tracked)"
