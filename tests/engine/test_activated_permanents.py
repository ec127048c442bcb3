"""A permanent's activated ability, said the way players say it, activated where the permanent is.

- "I tap Niv-Mizzet" is activating the ability with {T} in its cost (602.2), said; a permanent with no such
  ability is not read as doing anything.
- "I activate Jace's +1" puts the planeswalker on its controller's battlefield when the story didn't: its other
  abilities apply while the ability resolves (a replacement "if you would draw from an empty library, you win
  instead" made the +1 a win; without the planeswalker on the battlefield the answer said the player lost).
- A loyalty cost said is that ability or a refusal naming it, never another ability of the card ("Jace's +1"
  was read as the card's one modelled ability, its -8).
Made-up cards read from Oracle text, so each test checks a pattern.
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Spark Drake": ("Legendary Creature — Dragon Wizard", "Flying\nWhenever you draw a card, Spark Drake deals 1 "
                                                           "damage to any target.\n{T}: Draw a card."),
    "Vault Sage": ("Legendary Planeswalker — Sage", "If you would draw a card while your library has no cards in it, "
                                                    "you win the game instead.\n+1: Draw a card.\n−8: Draw seven "
                                                    "cards."),
    "Murky Seer": ("Legendary Planeswalker — Seer", "+1: Target player exiles the top card of their library and "
                                                    "gains control of a random artifact.\n−6: Draw seven cards."),
    "Quiet Idol": ("Artifact", "At the beginning of your upkeep, you gain 1 life."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def test_tapping_a_permanent_activates_its_tap_ability() -> None:
    res = judge_text("I tap Spark Drake with opp at 1 life. what happens?", _db())
    assert drawn_by(res)["You"] == 1
    assert "Opponent" in res.losers  # its own draw trigger: it is on the battlefield as it is activated
    assert any("activating Spark Drake's ability with {T}" in a for a in res.assumed)


def test_a_permanent_without_a_tap_ability_is_not_read_as_doing_anything() -> None:
    with pytest.raises(SituationError):
        judge_text("I tap Quiet Idol. how many cards do I draw?", _db())


def test_the_planeswalker_is_on_the_battlefield_as_its_ability_resolves() -> None:
    res = judge_text("I activate Vault Sage's +1 with 0 cards in library. do I lose?", _db())
    assert res.winners == ["You"] and "You" not in res.losers
    assert any(s.kind == "assumption" and "602.2" in s.rules for s in res.steps)


def test_a_loyalty_cost_said_is_that_ability_or_a_refusal() -> None:
    res = judge_text("I activate Vault Sage's +1 with 10 cards in library. how many cards do I draw?", _db())
    assert drawn_by(res)["You"] == 1  # not the -8's seven
    with pytest.raises(SituationError) as refused:
        judge_text("I activate Murky Seer's +1. how many cards do I draw?", _db())
    assert "+1" in str(refused.value)
    res = judge_text("I activate Murky Seer. how many cards do I draw?", _db())  # the one ability carried out,
    assert any("Murky Seer also has “+1:" in s.text for s in res.steps)       # the other one said


def test_a_player_who_pays_their_last_life_loses_before_the_ability_resolves() -> None:
    """117.5, 704.3: state-based actions are checked before the ability's controller gets priority, so the
    draw never happens (the answer had drawn the card and then lost)."""
    res = judge_text("I activate Greed Altar at 2 life. what happens?",
                     made_cards({"Greed Altar": ("Enchantment", "{B}, Pay 2 life: Draw a card.")}))
    assert res.losers == ["You"] and not drawn_by(res)
