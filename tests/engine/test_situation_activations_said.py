"""Activations said the way players say them, each on made-up cards (the development corpus's misses, by pattern):

- "I use Vessa, Keeper of Tomes's -6": a loyalty ability of a name with a comma was read as choosing to apply the
  card (its lookup swallowed the "'s -6"), and nothing happened; the loyalty phrase now comes first.
- "vessa's minus 6", "her plus 1": a loyalty cost in words.
- "opp taps Quill Archivist": another player's {T} ability, also read from its parts inside a longer clause ("...,
  he has 1 card in hand and i have 5"), and from Oracle text when the card data lacks the cost.
- "I tap 2 lands and cast X", "opp taps out for X": paying mana, not an ability.
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Vessa, Keeper of Tomes": ("Legendary Planeswalker — Vessa", "+1: Draw a card.\n−6: Draw seven cards."),
    "Quill Archivist": ("Creature — Human Wizard", "{2}, {T}: Each player discards their hand, then draws three "
                                                   "cards."),
    "Thought Sip": ("Instant", "Draw two cards."),
    "Lamp Relic": ("Artifact", "When this artifact enters, draw a card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("text", [
    "I use Vessa, Keeper of Tomes's -6 with 10 cards in library",
    "I use Vessa, Keeper of Tomes -6. I have 10 cards in library.",
    "i use vessa's minus 6 and have 10 cards in library",
])
def test_a_loyalty_ability_of_a_name_with_a_comma_or_said_in_words(text: str) -> None:
    res = judge_text(text, _db())
    assert drawn_by(res)["You"] == 7 and res.players["You"]["library"] == 3


def test_plus_in_words_is_the_plus_ability() -> None:
    res = judge_text("I activate Vessa's plus 1", _db())
    assert drawn_by(res)["You"] == 1


def test_another_player_taps_a_permanent_for_its_ability() -> None:
    res = judge_text("opp taps quill archivist, he has 1 card in hand and i have 5. how many cards does he end with?",
                     _db())
    assert res.players["Opponent"]["hand"] == 3 and res.players["You"]["hand"] == 3
    assert res.before["Opponent"]["hand"] == 1 and res.before["You"]["hand"] == 5


def test_tapping_a_permanent_without_a_tap_ability_is_refused() -> None:
    with pytest.raises(SituationError, match="no ability with {T}"):
        judge_text("my opponent taps Lamp Relic, he has 1 card in hand", _db())


@pytest.mark.parametrize("text,who", [("I tap 2 lands and cast Thought Sip", "You"),
                                      ("my opp taps out for Thought Sip", "Opponent"),
                                      ("I tapped out for thought sip", "You")])
def test_tapping_mana_is_paying_for_the_spell(text: str, who: str) -> None:
    res = judge_text(text, _db())
    assert drawn_by(res)[who] == 2


@pytest.mark.parametrize("text", [
    "I use Vessa, Keeper of Tomes's +1 targeting myself",
    "i +1 vessa targeting myself",
    "i +1 vessa",
])
def test_a_loyalty_cost_used_as_a_verb_or_with_a_target(text: str) -> None:
    res = judge_text(text, made_cards({**CARDS, "Vessa, Keeper of Tomes": (
        "Legendary Planeswalker — Vessa", "+1: Target player draws a card.\n−6: Draw seven cards.")}))
    assert drawn_by(res)["You"] == 1 and drawn_by(res)["Opponent"] == 0


@pytest.mark.parametrize("verb,drawn", [("cast", 0), ("activate", 3)])
def test_casting_a_permanent_with_a_draw_ability_is_not_activating_it(verb: str, drawn: int) -> None:
    """ "I cast Quill Archivist" drew as if its {2}, {T} ability were activated: casting it puts the creature
    spell on the stack, and it enters (601.2); only "activate" / "tap" uses the ability."""
    res = judge_text(f"I {verb} Quill Archivist. I have 5 cards in hand.", _db())
    assert drawn_by(res)["You"] == drawn


def test_a_land_is_played_never_cast() -> None:
    db = made_cards({"Sunken Mire": ("Land", "This land enters tapped.\n{T}: Add {B}.\nCycling {2} ({2}, Discard "
                                              "this card: Draw a card.)")})
    with pytest.raises(SituationError, match="305.1"):
        judge_text("I cast Sunken Mire", db)  # it was cycled
    assert drawn_by(judge_text("I cycle Sunken Mire", db))["You"] == 1
    assert drawn_by(judge_text("I play Sunken Mire", db))["You"] == 0
