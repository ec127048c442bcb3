"""When a spell may be cast (117.1a): an instant any time its caster has priority; any other spell in its
caster's main phase with the stack empty (301.1, 302.1, 303.1, 306.1, 307.1, 310.1), unless it has flash.

Why a module of its own: the reader uses it to put an unsaid turn where the game puts it (a sorcery cast is its
caster's turn) and the resolver to refuse a cast the situation places where the rules forbid it ("opp casts
Windfall during my turn"), instead of resolving an impossible story as if it were legal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.cards import Card

# the rule that gives a noninstant card type its timing, in the order a type line is checked
_TIMING_RULES = (("sorcery", "307.1"), ("creature", "302.1"), ("artifact", "301.1"), ("enchantment", "303.1"),
                 ("planeswalker", "306.1"), ("battle", "310.1"))
_FLASH = re.compile(r"(?im)^flash\b|as though (?:it|this spell) had flash")
# "Each opponent can cast spells only any time they could cast a sorcery" (Teferi, Mage of Zhalfir)
_OPPONENTS_AT_SORCERY_SPEED = re.compile(r"each opponent can cast spells only any time they could cast a sorcery",
                                         re.I)


def sorcery_speed_rule(card: Card) -> str | None:
    """The rule that makes ``card`` cast only in its caster's main phase, or None (an instant, flash, a land,
    a card of several faces, or a type line the data lacks: nothing to check)."""
    if not card.type_line or "//" in card.type_line or card.has_type("instant") or card.has_type("land"):
        return None
    if _FLASH.search(card.oracle or ""):
        return None
    return next((rule for kind, rule in _TIMING_RULES if card.has_type(kind)), None)


def restricted_to_sorcery_speed(opponents_permanents: Iterable[Card]) -> Card | None:
    """An opponent's permanent that lets the caster cast spells only when they could cast a sorcery."""
    return next((c for c in opponents_permanents if _OPPONENTS_AT_SORCERY_SPEED.search(c.oracle or "")), None)
