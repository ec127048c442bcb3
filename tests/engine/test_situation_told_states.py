"""Players' wordings of a permanent's state, a count of copies, a time in the turn and a win asked as a
possibility (issue #24), each in phrasings written for this test (not the corpus's), with the outcome the
Comprehensive Rules give.

- "3 untapped Howling Mines", "Howling Mine is untapped": the state the answer assumes of every permanent, read
  and said; "tapped" (the other state) still stops the reader, and "I untapped X" (a verb) is not a state.
- "N copies of Card": a count of that card; "a copy of" (a copy effect) is not read.
- "at the end of X's turn": X's end step (513); "the start of his turn" is a time in the turn, never "he starts"
  (who went first: that was read as the first turn, with no draw: a confident wrong answer).
- "can I win?", "is it possible for X to win/lose?": a win or loss question (the lead said "No." to a win);
  asked at the start of a turn with nothing else happening, it asks about that turn's draw (504.1).
- "However, ..." links two sentences: never a player's name.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import Clarification, ScenarioError
from engine.situation import situation_to_json
from tests.situation_corpus.measure import Verdict, measure_entry


def _verdict(text: str, expect: dict[str, Any]) -> Verdict:
    measured = measure_entry({"id": "t", "text": text, "expect": expect}, default_cards())
    assert measured.verdict is Verdict.RIGHT, (measured.verdict, measured.first_line, measured.differences)
    return measured.verdict


@pytest.mark.parametrize(("text", "expect"), [
    ("my opp has 2 untapped howling mines, its my draw step. how many cards do i draw?",
     {"asked": "count", "drawn": {"You": 3}}),
    ("Howling Mine is untapped and it's my opponent's draw step, he has 1 card in library. does he lose?",
     {"asked": "lose", "losers": ["Opponent"], "winners": ["You"]}),
    ("I control an untapped Howling Mine. It is my draw step and my library has 2 cards. Do I lose?",
     {"asked": "lose", "losers": []}),
])
def test_untapped_is_the_state_the_answer_assumes(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


def test_untapped_is_said_in_the_answer() -> None:
    doc = situation_to_json("My opponent controls 2 untapped Howling Mines. It's my draw step.")
    assert any("“untapped”" in line and "untapped unless said" in line for line in doc["assumed"])


def test_a_tapped_permanent_is_read_tapped() -> None:
    doc = situation_to_json("My opponent has a tapped Howling Mine. It's my draw step. How many do I draw?")
    assert [p.get("tapped") for p in doc["players"] if p["name"] == "Opponent"] == [["Howling Mine"]]


@pytest.mark.parametrize("text", [
    "I untapped Howling Mine. I draw a card.",  # a verb after its subject: an action, not a state
    "I tapped Howling Mine. I draw a card.",
])
def test_tapped_and_the_verb_untapped_are_never_read_as_untapped(text: str) -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json(text)


@pytest.mark.parametrize(("text", "expect"), [
    ("Opponent controls 3 copies of Howling Mine and it's my draw step. How many do I draw?",
     {"asked": "count", "drawn": {"You": 4}}),
    ("i have two untapped copies of howling mine. it's my opponent's draw step. how many does he draw?",
     {"asked": "count", "drawn": {"Opponent": 3}}),
])
def test_copies_of_a_card_are_a_count_of_it(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


def test_a_copy_of_a_permanent_is_not_read_as_a_count() -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json("Bob made a copy of my Howling Mine. It's my draw step. How many do I draw?")


@pytest.mark.parametrize(("text", "expect"), [
    # not her turn: she hasn't drawn this turn, so Spirit of the Labyrinth lets the first card through
    ("At the end of Bob's turn, Alice casts Brainstorm. Bob has Spirit of the Labyrinth.", {"drawn": {"Alice": 1}}),
    ("at the end of my opponent's turn i cast brainstorm with 2 cards in library. do i lose?",
     {"asked": "lose", "losers": ["You"]}),
])
def test_the_end_of_a_players_turn_is_their_end_step(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


def test_the_end_of_a_turn_sets_the_end_step() -> None:
    doc = situation_to_json("At the end of Bob's turn, Alice casts Brainstorm.")
    assert doc["step"] == "end"


@pytest.mark.parametrize(("text", "expect"), [
    # "start" here is a time in the turn, not who went first (turn 3 by default: the draw step draws)
    ("It is the start of his turn, he controls 2 Howling Mines and has 2 cards in library. It's his draw step.",
     {"losers": ["Opponent"]}),
    ("it's the beginning of my turn and my library has 1 card. it's my draw step. do i lose?",
     {"asked": "lose", "losers": []}),
])
def test_the_start_of_a_turn_is_not_who_went_first(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    ("It's my draw step and I have Laboratory Maniac with an empty library. Can I win?",
     {"asked": "win", "winners": ["You"]}),
    ("it's his draw step, his library is empty. is it possible for him to lose here?",
     {"asked": "lose", "losers": ["Opponent"]}),
    ("At the beginning of his turn my opponent had 2 Howling Mines and only 2 cards left in library. "
     "Could my opponent still win?", {"asked": "win", "losers": ["Opponent"], "winners": ["You"]}),
    ("At the start of my turn I had 1 card in my library. Can I lose?", {"asked": "lose", "losers": []}),
])
def test_a_win_or_loss_asked_as_a_possibility(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


@pytest.mark.parametrize("linker", ["However", "Meanwhile", "Therefore"])
def test_a_word_linking_sentences_is_no_player(linker: str) -> None:
    doc = situation_to_json(f"I have a Howling Mine. {linker}, my opponent has 1 card in library. "
                            "It's his draw step.")
    assert sorted(p["name"] for p in doc["players"]) == ["Opponent", "You"]
    opponent = next(p for p in doc["players"] if p["name"] == "Opponent")
    assert opponent["library"] == 1


@pytest.mark.parametrize(("text", "expect"), [
    ("i'm down to my last 2 cards and i cast brainstorm. am i dead?", {"asked": "lose", "losers": ["You"]}),
    ("My opponent is on his last four cards of his library and casts Brainstorm. Does he lose?",
     {"asked": "lose", "losers": []}),
    ("He drew the last card of his library. Did he lose?", {"asked": "lose", "losers": []}),
    ("I draw the last card from my deck. Do I lose?", {"asked": "lose", "losers": []}),
])
def test_the_last_cards_of_a_library(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    # the opponent's end step: I haven't drawn this turn, so Spirit of the Labyrinth lets one card through
    ("i brainstorm on opp's EOT with sotl out. how many do i draw?", {"asked": "count", "drawn": {"You": 1}}),
    ("At the end of my opp's turn I cast Brainstorm, Spirit of the Labyrinth is out. How many do I draw?",
     {"asked": "count", "drawn": {"You": 1}}),
])
def test_eot_is_the_end_step(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    # a plural name with no number was read as one copy (2 cards drawn for 3)
    ("Both of my Howling Mines are on the battlefield. It's my draw step. How many do I draw?",
     {"asked": "count", "drawn": {"You": 3}}),
    ("opp has both howling mines out, its my draw step, how many cards do i draw?",
     {"asked": "count", "drawn": {"You": 3}}),
    ("I control 2x Howling Mine and it's my draw step. How many cards do I draw?",
     {"asked": "count", "drawn": {"You": 3}}),
    # "both" before two different cards is no count of either
    ("I have both Howling Mine and Spirit of the Labyrinth out. It's my draw step. How many do I draw?",
     {"asked": "count", "drawn": {"You": 1}}),
])
def test_both_and_2x_are_counts(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


@pytest.mark.parametrize("text", [
    "My Howling Mines are on the battlefield. It's my draw step. How many do I draw?",
    "Opponent controls Howling Mines, it's his draw step. How many does he draw?",
])
def test_a_plural_with_no_number_is_asked(text: str) -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json(text)
    assert [o.label for o in asked.value.options] == ["2", "3", "4"]


def test_a_plural_spell_or_a_card_as_a_verb_is_no_count() -> None:
    doc = situation_to_json("I control Notion Thief and my opponent brainstorms during my turn.")
    assert doc["action"]["card"] == "Brainstorm"


@pytest.mark.parametrize(("text", "expect"), [
    ("it's my opponent's upkeep and his library is empty. will he lose this turn?",
     {"asked": "lose", "losers": ["Opponent"]}),
    ("It's my upkeep, my library is empty and I control Laboratory Maniac. Do I win?",
     {"asked": "win", "winners": ["You"]}),
    ("During my upkeep I have 1 card in my library. Do I lose?", {"asked": "lose", "losers": []}),
])
def test_a_loss_asked_in_the_upkeep_is_asked_of_the_draw_step(text: str, expect: dict[str, Any]) -> None:
    _verdict(text, expect)


def test_the_upkeep_taken_back_is_said() -> None:
    doc = situation_to_json("It's my upkeep and my library is empty. Do I lose?")
    assert doc["step"] == "draw"
    assert any("follows the upkeep" in line for line in doc["assumed"])
