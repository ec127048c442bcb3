""" "opp casts brainstorm. does my rhystic trigger?": a card the question asks about by its owner, told nowhere
else, is on that player's battlefield.

Why: players name the permanent only in the question ("does my remora trigger", "does opp's sheoldred trigger"),
and the reader kept the question's card out of the story: the answer was "No — Rhystic Study doesn't trigger",
confidently wrong, for a card the engine never saw on a battlefield. A question about whether a card's triggered
ability triggers is about that card on the battlefield (603.2, 603.6); its owner is the possessive before it.
Said without an owner ("does rhystic trigger?") and told nowhere, the card is refused with the words to say whose
it is, never answered as absent; so is a card whose tax alone is told ("he doesn't pay for rhystic study", with no
Rhystic Study on a battlefield: it was "You draw no card").
"""

from __future__ import annotations

import re
from typing import Any

from engine.errors import SituationError
from engine.question import Asked, AskedKind
from engine.question_words import AskedMeasure
from engine.situation.attach import POSSESSIVE_WHO, Builder
from engine.situation.question import player_of

# the possessive before the card the question names: "does my rhystic trigger", "will opponent's remora trigger"
_WHOSE = re.compile(r"^(?:(?:how many times|how often) )?(?:does|do|will|would|did) (?P<whose>my|his|her|their|"
                    r"(?:my )?opponent's|[\w\-]+'s) ", re.I)
_ZONES = ("battlefield", "graveyard", "hand", "library")


def _about_triggering(asked: Asked) -> bool:
    return asked.kind is AskedKind.TRIGGER or (asked.kind is AskedKind.COUNT and asked.measure is AskedMeasure.TIMES)


def _told(doc: dict[str, Any], card: str) -> bool:
    action = doc.get("action") or {}
    if action.get("card") == card:
        return True
    return any(isinstance(p.get(zone), list) and card in p[zone] for p in doc.get("players", []) for zone in _ZONES)


def require_taxed_cards(doc: dict[str, Any], b: Builder) -> None:
    """A tax said for one card ("pays:<player>:<card>") whose card is on no battlefield: refused, whose it is asked."""
    for key in doc.get("choices", {}):
        parts = key.split(":")
        if parts[0] != "pays" or len(parts) != 3 or any(parts[2] in p.get("battlefield", [])
                                                          for p in doc.get("players", [])):
            continue
        words = next((w for fact, w in b.understood if fact.endswith(f"the tax for {parts[2]}")), "")
        raise SituationError(f"the tax for {parts[2]} is told, but the situation doesn't put {parts[2]} on a "
                             "battlefield: say whose it is", words,
                             f"'my {parts[2]}', 'my opponent controls {parts[2]}'")


def place_asked_card(doc: dict[str, Any], asked: Asked | None, b: Builder) -> None:
    """The card a "does my X trigger?" question names on its owner's battlefield, when the story told it nowhere;
    refused when the question doesn't say whose it is."""
    if asked is None or not asked.card or not _about_triggering(asked) or _told(doc, asked.card):
        return
    card = b.cards.find(asked.card)
    if card is None or not re.search(r"\b(?:whenever|when|at the beginning)\b", card.oracle, re.I):
        return
    m = _WHOSE.match(asked.words.strip())
    word = m.group("whose").lower() if m else ""
    owner = player_of(b, POSSESSIVE_WHO.get(word) or word.removesuffix("'s"), asked.words) if word else None
    seat = next((p for p in doc.get("players", []) if p.get("name") == owner), None)
    if seat is None:
        raise SituationError(f"the question asks about {card.name}, which the situation doesn't put on a "
                             "battlefield: say whose it is", asked.words, f"'my opponent controls {card.name}'")
    seat.setdefault("battlefield", []).append(card.name)
    whose = "your" if owner == "You" else f"{owner}'s"
    b.assume(f"{card.name} read as on {whose} battlefield: the question asks whether {whose} {card.name} triggers")
