"""Split cards on the stack (709.3): which half is cast, and how the cast says it.

Why a module: a split card cast by its whole name is two spells the player chooses between, and only the half cast
exists on the stack (709.3: its text, its mana value). When more than one half draws, the answer depends on a
choice only the player can make: asked, never taken for them; the cast step then says the half (or the fused
pair, 702.102) in the answer's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card, is_split
from engine.effects import SpellText
from engine.errors import HalfNeeded

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def half_asked(r: Resolver, card: Card, drawing: list[str]) -> None:
    """ "I cast Fire // Ice" when more than one half draws: which half is cast is asked (709.3), never taken for
    the player; with one half that draws, that half is taken and the others listed (a choice, said)."""
    halves = card.name.split(" // ")
    if not is_split(card.type_line) or f"ability:{card.name}" in r.s.choices:
        return
    if sum(1 for mode in drawing if mode in halves) > 1:
        raise HalfNeeded(card.name, halves)


def half_words(card: Card, chosen: SpellText) -> str:
    """A split card's half said as a half (709.3: only the half cast is on the stack), or both halves fused
    (702.102); "" for a card that isn't split."""
    if not is_split(card.type_line):
        return ""
    if chosen.mode in card.name.split(" // "):
        return f", casting its half “{chosen.mode}” (709.3: only that half is on the stack)"
    return f", casting {chosen.mode} (702.102: both halves, in order)" if "fused" in chosen.mode else ""
