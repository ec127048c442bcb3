"""A hand of one card said the ways players say it, and Phyrexian mana paid with life (made-up cards).

Confidently wrong answers fixed: "only X in hand and Blood Scrivener out, i cast it" cast the Scrivener (the last
card named, on the battlefield already) and drew nothing; "X is the only card in my hand", "my hand is just X" and
"I control Y with only X in my hand" kept the default hand of seven (one card drawn where the hand-empty
replacement draws two), and "I control Y with X in my hand" put Y in the hand. Any other "only" before a card in a
hand is refused, never dropped. "he casts X paying 2 life" was a contradiction of two life totals: the life is
now paid as part of the cost (107.4f, 119.4, 601.2h), before the spell resolves.
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import ScenarioError, SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Ink Scrivener": ("Creature — Zombie Wizard", "If you would draw a card while you have no cards in hand, "
                                                  "instead you draw two cards and you lose 1 life."),
    "Probing Glance": ("Sorcery", "({U/P} can be paid with either {U} or 2 life.)\nLook at target player's hand.\n"
                                  "Draw a card."),
    "Plain Insight": ("Sorcery", "Draw a card."),
    "Draw Tax Ghoul": ("Creature — Phyrexian Horror", "Whenever an opponent draws a card, they lose 2 life."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("text", [
    "only probing glance in hand and ink scrivener out, i cast it",
    "I control Ink Scrivener. Probing Glance is the only card in my hand. I cast it.",
    "I control Ink Scrivener. Probing Glance is my only card in hand. I cast it.",
    "I control Ink Scrivener, my hand is just probing glance, I cast it",
    "i have ink scrivener and only probing glance in hand, i cast it",
    "i have ink scrivener and my only card in hand is probing glance, i cast it paying mana",
    "I control Ink Scrivener with only Probing Glance in my hand. I cast it.",
])
def test_a_hand_of_one_card_cast_leaves_it_empty(text: str) -> None:
    res = judge_text(text, _db())
    assert drawn_by(res)["You"] == 2 and res.players["You"]["life"] == 19


def test_a_permanent_controlled_with_a_card_in_hand_stays_on_the_battlefield() -> None:
    res = judge_text("I control Ink Scrivener with Probing Glance in my hand. I cast Probing Glance.", _db())
    assert res.before["You"]["hand"] != 1 and "Ink Scrivener" not in str(res.players["You"].get("graveyard"))
    assert any(u["fact"] == "You control Ink Scrivener" for u in res.understood)


def test_only_before_a_card_in_hand_is_never_dropped() -> None:
    with pytest.raises(SituationError):
        judge_text("I control Ink Scrivener, and hold just Probing Glance in hand, I cast it", _db())


@pytest.mark.parametrize("text", [
    "opp at 3, my draw tax ghoul is out, he casts probing glance paying 2 life",
    "opp at 3, my draw tax ghoul is out, he casts probing glance for 2 life. does he die?",
    "My opponent is at 3 life and casts Probing Glance, paying 2 life. I have Draw Tax Ghoul.",
])
def test_phyrexian_mana_paid_with_life_is_part_of_the_cost(text: str) -> None:
    res = judge_text(text, _db())
    assert res.players["Opponent"]["life"] == -1 and res.losers == ["Opponent"]
    paid = next(s for s in res.steps if "Phyrexian mana" in s.text)
    assert {"107.4f", "119.4"} <= set(paid.rules)


def test_life_paid_before_the_spell_resolves_can_lose_the_game_first() -> None:
    res = judge_text("My opponent is at 2 life and casts Probing Glance, paying 2 life. I have Draw Tax Ghoul.",
                     _db())
    assert res.losers == ["Opponent"] and drawn_by(res)["Opponent"] == 0  # 704.5a before it resolves


@pytest.mark.parametrize("text,why", [
    ("I cast Plain Insight paying 2 life", "no Phyrexian mana"),
    ("I cast Probing Glance paying 3 life", "2 life per symbol"),
    ("I cast Probing Glance paying 4 life", "how many Phyrexian symbols"),
    ("I am at 1 life. I cast Probing Glance paying 2 life", "can't pay 2 life with 1 life"),
])
def test_life_that_cant_be_paid_is_refused(text: str, why: str) -> None:
    with pytest.raises(ScenarioError, match=why):
        judge_text(text, _db())


@pytest.mark.parametrize("text", [
    "opp has about 3 cards in library and casts plain insight",
    "I'm at around 5 life and cast Plain Insight",
])
def test_a_small_count_said_loosely_is_not_read_as_exact(text: str) -> None:
    with pytest.raises(SituationError, match="about|around"):
        judge_text(text, _db())


def test_a_large_count_said_loosely_is_read_and_said() -> None:
    res = judge_text("i have around 50 cards in my library and i cast plain insight", _db())
    assert res.before["You"]["library"] == 50
    assert any("read as exactly 50" in a for a in res.assumed)


def test_a_count_no_fact_takes_is_asked_about_never_dropped() -> None:
    with pytest.raises(SituationError):  # a Clarification: where are the 2 cards?
        judge_text("I cast Plain Insight with 2 cards", _db())
    res = judge_text("I cast Plain Insight holding 2 other cards", _db())
    assert res.before["You"]["hand"] == 3  # the two beside the spell, and the spell
