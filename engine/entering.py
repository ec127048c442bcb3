"""A permanent's "when this enters" ability held in the card data as the text its spell does on resolving.

Why a module of its own: the card data keeps the ability of a creature such as Thassa's Oracle as its spell text
(what happens as the cast creature resolves and enters). A player says "Thassa's Oracle enters" or "thoracle etb"
as often as "I cast it"; the ability triggers however the permanent entered (603.6a), so both the reader (which
may then read "X enters") and the resolver (which carries it out) ask the same question here.
"""

from __future__ import annotations

import re

from engine.cards import Card
from engine.effects import SpellText


def entering_text(card: Card) -> SpellText | None:
    """The spell text of a permanent that is its own "when this enters" ability, or None: an instant or sorcery
    face, or an oracle with no "When this ... enters" ability, keeps its spell text a spell's."""
    faces = [f.split("—")[0].lower().split() for f in card.type_line.split("//")]
    if not card.type_line or any("instant" in f or "sorcery" in f for f in faces):
        return None
    name = re.escape(card.name.split(",")[0])
    if not re.search(rf"\bWhen (?:~|this \w+|{name})[^.]*\benters\b", card.oracle):
        return None
    return next((s for s in card.of(SpellText) if not s.activated), None)
