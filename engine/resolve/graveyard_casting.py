"""Casting a spell from a graveyard by its own keyword (flashback 702.34a, jump-start 702.133a, retrace 702.81a,
escape 702.138a): what the keyword adds to the cost, paid as the spell is cast (601.2f, 601.2h).

Why its own step: the keyword line is a permission, not an instruction. Read as words of the spell it stopped
every cast of the card, from the hand too ("the engine can't carry out “jump-start”"); ignored, a spell cast from
the graveyard would be cast for free (retrace's land card never discarded, flashback's 3 life never paid).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.costs import read_cost
from engine.resolve.paying import pay

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

# keyword → the cost it adds beside the mana cost; None: the cost printed after the keyword replaces the mana cost
_ADDS: dict[str, str | None] = {"jump-start": "discard a card", "retrace": "discard a land card",
                                "flashback": None, "escape": None}
_LINE = re.compile(r"^(?P<word>flashback|jump-start|retrace|escape)\b[—\- ]*(?P<cost>[^(]*)", re.I | re.M)


def is_permission(words: str) -> bool:
    """Whether words the reader kept are a graveyard-casting keyword's line ("jump-start", "flashback—{1}{u},
    pay 3 life"): nothing happens when the spell resolves."""
    return bool(_LINE.match(words.strip()))


def pay_graveyard_keyword(r: Resolver, card: Card, payer: str) -> None:
    """The keyword that let the card be cast from the graveyard, its cost paid; a cost the engine can't pay
    refuses the cast with its words (paying.refuse_unpayable)."""
    m = _LINE.search(card.oracle)
    if m is None:
        return
    word = m.group("word").lower()
    cost = _ADDS[word] or m.group("cost").strip().rstrip(".")
    if cost:
        pay(r, card, read_cost(cost, card.name, r.s.action.x), payer, what=f"{word} ({_RULE[word]})")


_RULE = {"flashback": "702.34a", "jump-start": "702.133a", "retrace": "702.81a", "escape": "702.138a"}


__all__ = ["is_permission", "pay_graveyard_keyword"]
