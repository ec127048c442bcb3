"""A spell whose effect lasts, cast in response to another: "i plagiarize opp in response to his wheel of fortune".

Why a module of its own: the reader judges one action at a time, and a response is two spells (``stack``). But an
instant whose whole effect is a continuous one "until end of turn" (Plagiarize: a replacement of the target's
draws, 614.1a) does nothing but leave that effect when it resolves; the card data lists such a spell among its
caster's permanents, standing for its effect for the rest of the turn. Cast in response, it resolves first
(405.5, 608.2) and its effect applies to the spell it answered, which resolves next: both are judged at once,
as "<caster> controls <spell>" and the spell answered cast. Only when the words say who casts it and its
target is the one the card data's effect applies to (an opponent of its caster, in a two-player game);
otherwise the question which spell to judge stands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.cards import Card, CardDB
from engine.errors import Clarification, SituationError
from engine.situation.tokens import Tok, tokenize

# "i plagiarize opp", "I cast Plagiarize targeting him", "opp plagiarizes me": the caster, the spell, its target
_TOLD = re.compile(r"^(?P<who>i|opp|opponent|my opponent|(?-i:[A-Z][a-z]+))\s+(?P<spell>.+?)"
                   r"(?:\s+(?:targeting|on)?\s*(?P<target>opp|opponent|my opponent|him|her|them|me|myself|"
                   r"(?-i:[A-Z][a-z]+)))?$", re.I)
_ASKER = ("i", "me", "myself")
_ASKERS_OPPONENT = ("opp", "opponent", "my opponent", "him", "her", "them")


def lasting_effect(card: Card) -> bool:
    """An instant or sorcery the card data models by its lasting effect alone (each effect applies to players
    while it lasts: a replacement of draws), not by what it does as it resolves."""
    return any(k in card.type_line for k in ("Instant", "Sorcery")) and bool(card.effects) and all(
        isinstance(getattr(e, "affects", None), str) and getattr(e, "kind", "") == "draw_replacement"
        for e in card.effects)


def _controls(who: str, card: str) -> str:
    if who.lower() == "i":
        return f"I control {card}"
    return f"{'my opponent' if who.lower() in _ASKERS_OPPONENT else who} controls {card}"


def _aimed_right(card: Card, who: str, target: str | None) -> bool:
    """Whether the target said is the player the effect applies to (an opponent of the caster's, or none said)."""
    if target is None:
        return True
    if {getattr(e, "affects", "") for e in card.effects} != {"opponents"}:
        return False
    caster_is_asker, target_low = who.lower() == "i", target.lower()
    return target_low in _ASKERS_OPPONENT if caster_is_asker else target_low in _ASKER


def lasting_response(first: str, second: str, join: Callable[..., str], facts: str, rest: str,
                     read: Callable[[str], Any], cards: CardDB) -> dict[str, Any] | None:
    """The text read with the response's lasting effect in place as the spell it answered resolves; None when the
    response is no such spell, or the words don't say it plainly."""
    head, comma, tail = second.partition(",")
    m = _TOLD.match(re.sub(r"^(\w+(?: opponent)?)\s+(?:casts?|cast)\s+", r"\1 ", head.strip()))
    if m is None:
        return None
    named = [t.value for t in tokenize(m.group("spell"), cards) if t.kind is Tok.CARD]
    card = cards.find(str(named[0])) if len(named) == 1 else None
    if card is None or not lasting_effect(card) or not _aimed_right(card, m.group("who"), m.group("target")):
        return None
    try:
        doc: dict[str, Any] = read(join(facts, _controls(m.group("who"), card.name), first, tail if comma else "",
                                        rest))
    except (Clarification, SituationError):
        return None
    if len(doc.get("players", [])) != 2:
        return None  # the effect's target is one player: the stand-in applies to every opponent
    doc.setdefault("assumed", []).append(
        f"“{head.strip()}” is cast in response to “{first}”: it resolves first (405.5, 608.2) and its effect lasts "
        f"until end of turn, so it applies as “{first}” resolves: read as “{_controls(m.group('who'), card.name)}”")
    return doc
