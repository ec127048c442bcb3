"""A natural situation for any card, built from its reading alone: what a player would most likely ask about
it. Used by the card-conservation property test over every development card.

Why from the reading: the test must cover cards nobody wrote a situation for (the whole development
population), so the situation follows the kind of ability the reader found: an instant or sorcery is cast
from the hand, a permanent with an activated ability is on the battlefield and activated, one with an enters
ability enters, one that watches draws is on the battlefield while its controller draws, anything else is
cast as a permanent spell.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card
from engine.effects import DrawReplacement, DrawTrigger, EventTrigger, SpellText


def natural_situation(card: Card) -> dict[str, Any]:
    """Alice (library 40, the card and six more in hand) uses the card against Bob, who has the same."""
    spells = card.of(SpellText)
    faces = [f.split("—")[0].lower() for f in card.type_line.split("//")]
    instant = any("instant" in f or "sorcery" in f for f in faces)
    alice: dict[str, Any] = {"name": "Alice", "library": 40, "hand": [card.name], "hand_unnamed": 6}
    action: dict[str, Any] = {"type": "cast", "card": card.name, "player": "Alice", "targets": ["Bob"], "x": 2}
    if instant and any(not s.activated for s in spells):
        action["ability"] = "spell"
    elif any(s.activated for s in spells):
        activated = [s for s in spells if s.activated]
        action["ability"] = "cycle" if all(s.cost.startswith("cycling") for s in activated) else "activate"
        cost = activated[0].cost.lower()
        # where the ability works from (113.6m): the zone its cost moves the card out of
        if action["ability"] == "cycle" or "discard this card" in cost or "discard ~" in cost:
            alice = {"name": "Alice", "library": 40, "hand": [card.name], "hand_unnamed": 6}
        elif "from your graveyard" in cost and ("this card" in cost or "~" in cost):
            alice = {"name": "Alice", "library": 40, "hand": 7, "graveyard": [card.name]}
        else:
            alice = {"name": "Alice", "library": 40, "hand": 7, "battlefield": [card.name]}
    elif any(isinstance(e, EventTrigger) and "enters" in e.event for e in card.effects):
        action["ability"] = "enters"
        alice["hand"], alice["hand_unnamed"] = 7, 0
    elif card.of(DrawTrigger) or card.of(DrawReplacement):
        alice = {"name": "Alice", "library": 40, "hand": 7, "battlefield": [card.name]}
        action = {"type": "draw", "player": "Alice", "count": 1}
    else:
        action["ability"] = "spell"
    bob = {"name": "Bob", "library": 40, "hand": 7}
    return {"players": [alice, bob], "active": "Alice", "turn": 3, "step": "main1", "action": action}
