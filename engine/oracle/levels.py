"""Abilities a permanent has only at a level: a leveler's "LEVEL 1-2" / "LEVEL 3+" sections (711.2a), a
Class's "{2}{U}: Level 2" sections (716.2a), and a line only max speed grants (702.179f). Its own module because
the reader otherwise reads every line as an ability the permanent always has: "I activate Enclave Cryptologist"
looted (a LEVEL 1-2 ability) with no level counter said, and the level-3 "draw a card" of a Class counted at
level 1.

The engine tracks neither level counters, Class levels nor a player's speed, so an ability below a level header
(or after "Max speed —") is kept as words (``NotModelled``, with what grants it said): a question that reaches
it is refused with those words, never answered as if the permanent had it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from engine.oracle.abilities import Ability

_LEVEL_HEADER = re.compile(r"^(?:LEVEL \d+(?:-\d+|\+)|(?:\{[^}]+\})+: Level \d+)\s*$")


# 702.179f: "Max speed — [ability]" means "As long as you have max speed, this object has [ability]": a
# player's speed is not tracked either, so the ability is gated like a level's ("I activate Loxodon Surveyor"
# drew a card with no speed said)
_MAX_SPEED = re.compile(r"^Max speed — ", re.I)


def with_levels(abilities: Iterable[Ability]) -> Iterator[tuple[Ability, str]]:
    """Each ability with the level header it sits under ("" before any: the permanent always has it), or
    "max speed" for a line that only max speed grants."""
    gate = ""
    for ability in abilities:
        line = ability.line.strip()
        if _LEVEL_HEADER.match(line):
            gate = line.split(": ")[-1]
            yield ability, ""
            continue
        yield ability, "max speed" if _MAX_SPEED.match(line) else gate


def gated_words(ability: Ability, gate: str) -> str:
    """The words kept for an ability only a level (711.2a, 716.2a) or max speed (702.179f) grants: its line and
    what grants it."""
    if gate == "max speed":
        return f"{ability.line.strip()} (only with max speed: a player's speed is not tracked)"
    return f"{ability.line.strip()} (only at {gate.lower()}: levels are not tracked)"
