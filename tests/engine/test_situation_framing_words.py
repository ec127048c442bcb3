"""Words that frame a situation without being part of it (issue #24: table talk skipped and said), and a card the
data lacks said after "with", each in phrasings written for this test (not the corpus's).

- A hypothesis ("Let's say", "Say", "Suppose", "Hypothetically"): its facts are read as told ("Say" was read
  as a player's name, who then won the game).
- How sure the player is ("I think", "I believe", "I'm pretty sure") before a state: the state is read and the
  words said; before an outcome ("I think I lose") they are not set apart (the outcome is the ruling's).
- A report's heading ("Possible bug:", "Bug -") and "for some reason" opening a sentence: skipped and said.
- "I draw 2 cards with Divination" where the data lacks Divination: the card is named as unknown (the bot looks
  it up), never read as a player called Divination who draws (that answered "you don't lose" with 1 card left).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import Clarification, ScenarioError
from engine.situation import situation_to_json
from tests.situation_corpus.measure import Verdict, measure_entry


def _right(text: str, expect: dict[str, Any]) -> None:
    measured = measure_entry({"id": "t", "text": text, "expect": expect}, default_cards())
    assert measured.verdict is Verdict.RIGHT, (measured.verdict, measured.first_line, measured.differences)


def _players(text: str) -> list[str]:
    return sorted(p["name"] for p in situation_to_json(text)["players"])


@pytest.mark.parametrize(("text", "expect"), [
    ("Say my library has 2 cards and I cast Brainstorm. Do I lose?", {"asked": "lose", "losers": ["You"]}),
    ("let's say opp controls Notion Thief. i cast brainstorm. how many do i draw?",
     {"asked": "count", "drawn": {"You": 0, "Opponent": 3}}),
    ("Suppose that I control Laboratory Maniac and my library is empty. I draw a card. Do I win?",
     {"asked": "win", "winners": ["You"]}),
    ("Hypothetically, my opponent has an empty library and it's his draw step. Does he lose?",
     {"asked": "lose", "losers": ["Opponent"]}),
])
def test_a_hypothesis_is_read_as_told(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


def test_say_is_no_player() -> None:
    assert _players("Say I have 2 cards in library and I cast Brainstorm.") == ["Opponent", "You"]


def test_the_hypothesis_is_said() -> None:
    doc = situation_to_json("Let's say I have 3 cards in library. I cast Brainstorm.")
    assert any("hypothesis" in line for line in doc["assumed"])


@pytest.mark.parametrize(("text", "expect"), [
    ("I believe my library has 1 card. I cast Brainstorm. Do I lose?", {"asked": "lose", "losers": ["You"]}),
    ("i'm pretty sure opp has 2 cards in library. he casts brainstorm. does he lose?",
     {"asked": "lose", "losers": ["Opponent"]}),
    ("I think I have 5 cards in library. I cast Brainstorm. How many do I draw?",
     {"asked": "count", "drawn": {"You": 3}}),
])
def test_how_sure_the_player_is_of_a_state(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


def test_how_sure_is_said() -> None:
    doc = situation_to_json("I'm fairly sure my opponent has 2 cards in library. He casts Brainstorm.")
    assert any("how sure you are" in line for line in doc["assumed"])


def test_an_expected_outcome_after_i_think_is_not_read_as_a_fact() -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json("I think I lose. I have 2 cards in library and cast Brainstorm.")


@pytest.mark.parametrize(("text", "expect"), [
    ("Possible bug: opp controls Notion Thief and I cast Brainstorm.", {"drawn": {"You": 0, "Opponent": 3}}),
    ("Bug - I have 2 cards in library, I cast Brainstorm. Do I lose?", {"asked": "lose", "losers": ["You"]}),
    ("For some reason, my opponent cast Brainstorm while I had Notion Thief.", {"drawn": {"You": 3, "Opponent": 0}}),
])
def test_report_headings_and_surprise_are_skipped(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize("text", [
    "I have 1 card in library and draw 2 cards with Divination. Do I lose?",
    "Alice has 1 card in library and draws 2 cards with Divination. Does she lose?",
])
def test_an_unknown_card_after_with_is_named_never_a_player(text: str) -> None:
    with pytest.raises(ScenarioError) as raised:
        situation_to_json(text)
    assert raised.value.unknown_card == "Divination"


@pytest.mark.parametrize("text", [
    "Just to be clear, my library has 2 cards and I cast Brainstorm. Do I lose?",
    "Real quick, I'm at 2 cards in library and I cast Brainstorm. Do I lose?",
    "Newbie here. My library has 2 cards and I cast Brainstorm. Do I lose?",
    "sorry for the stupid question but i have 2 cards in library and cast brainstorm, do i lose?",
    "Thanks in advance! I have 2 cards in my library and I cast Brainstorm. Do I lose?",
    "I have 2 cards in my library and I cast Brainstorm. Do I lose? Thank you so much.",
    "TL;DR: 2 cards in my library, I cast Brainstorm. Do I lose?",
])
def test_courtesy_around_the_question_is_skipped(text: str) -> None:
    _right(text, {"asked": "lose", "losers": ["You"]})


@pytest.mark.parametrize(("text", "card"), [
    # "Life" read as a life total, "Turn" as a turn: the clause was "not understood" and the card never looked up
    ("I have Life from the Loam in my graveyard and 2 cards left in my library. Can I dredge it?",
     "Life from the Loam"),
    ("Life from the Loam is in my graveyard. I draw a card.", "Life from the Loam"),
    ("My opponent controls Turn to Frog and I draw a card.", "Turn to Frog"),
])
def test_a_card_named_with_the_readers_words_is_looked_up(text: str, card: str) -> None:
    with pytest.raises(ScenarioError) as raised:
        situation_to_json(text)
    assert raised.value.unknown_card == card


def test_title_case_typing_is_no_card_name() -> None:
    _right("My Library Has 2 Cards And I Cast Brainstorm. Do I Lose?", {"asked": "lose", "losers": ["You"]})


@pytest.mark.parametrize(("text", "expect"), [
    ("If I were to cast Brainstorm with 2 cards in my library, would I lose?", {"asked": "lose", "losers": ["You"]}),
    ("what if my opponent was to cast brainstorm while i control notion thief? how many does he draw?",
     {"asked": "count", "drawn": {"Opponent": 0, "You": 3}}),
])
def test_were_to_is_the_hypothesis(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    ("It's turn 1 and I'm on the play. Just wondering, do I draw?", {"drawn": {"You": 0}}),
    ("I won the die roll and chose to play first. Do I draw on my first turn?", {"drawn": {"You": 0}}),
    ("i won the coin flip and decided to be on the draw. do i draw on my first turn?", {"drawn": {"You": 1}}),
    ("My opponent won the die roll and chose to play. It's turn 1 and his draw step. Does he draw?",
     {"drawn": {"Opponent": 0}}),
])
def test_who_goes_first_told_by_the_die_roll(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    ("it's turn 1, I'm on the play, do I draw?", {"drawn": {"You": 0}}),
    ("Curious: turn 1, I'm on the draw, do I draw?", {"drawn": {"You": 1}}),
    ("my library is empty, it's my upkeep, do I lose?", {"asked": "lose", "losers": ["You"]}),
])
def test_the_turns_question_after_a_comma(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    ("I cast Brainstorm with 2 cards in library. My opponent says ok. Do I lose?", {"asked": "lose", "losers": ["You"]}),
    ("Alice casts Brainstorm. Bob says \"go ahead\". Bob controls Notion Thief. How many does Alice draw?",
     {"asked": "count", "drawn": {"Alice": 0, "Bob": 3}}),
    ("I cast Brainstorm. He said fine. How many do I draw?", {"asked": "count", "drawn": {"You": 3}}),
])
def test_a_reply_letting_it_resolve_is_skipped(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


def test_what_a_player_says_of_the_outcome_is_not_skipped() -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json("My opponent says I lose if I cast Brainstorm with 2 cards. I cast Brainstorm.")
