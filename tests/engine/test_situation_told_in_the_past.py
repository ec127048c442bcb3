"""A situation told as a story (issue #24): its facts read from the narrative, in phrasings written for this test.

- "played", "resolved", "slammed": a cast told in the past, like "cast" (which is its own past).
- "opp played Howling Mine last turn": a permanent cast on an earlier turn is on the battlefield, its caster's;
  a spell said so is no permanent (asked or refused, never cast now).
- "I had 2 cards in library when I cast Brainstorm", "When Alice cast X, she had 1 card": the state at the time
  of the action, then the action; "she" is the caster (it was read as the player named before: a wrong loser).
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


@pytest.mark.parametrize(("text", "expect"), [
    ("i played brainstorm with 2 cards left in my library, did i lose?", {"asked": "lose", "losers": ["You"]}),
    ("My opponent resolved Brainstorm while I controlled Notion Thief. How many cards did I draw?",
     {"asked": "count", "drawn": {"You": 3, "Opponent": 0}}),
    ("Bob slammed Brainstorm with 5 cards in library. How many did he draw?", {"asked": "count", "drawn": {"Bob": 3}}),
])
def test_a_cast_told_in_the_past(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize(("text", "expect"), [
    ("Opp played Howling Mine last turn. It's my draw step and my library has 1 card. Do I lose?",
     {"asked": "lose", "losers": ["You"]}),
    ("I cast Notion Thief a few turns ago. Now my opponent casts Brainstorm. How many does he draw?",
     {"asked": "count", "drawn": {"Opponent": 0, "You": 3}}),
    ("Alice resolved Spirit of the Labyrinth on her last turn. It's Bob's main phase and he casts Brainstorm.",
     {"drawn": {"Bob": 0}}),
])
def test_a_permanent_cast_on_an_earlier_turn_is_on_the_battlefield(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


def test_a_spell_cast_on_an_earlier_turn_is_never_cast_now() -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json("I cast Brainstorm last turn. I have 2 cards in library. Do I lose?")


@pytest.mark.parametrize(("text", "expect"), [
    ("I had 2 cards in my library when I cast Brainstorm. Did I lose?", {"asked": "lose", "losers": ["You"]}),
    ("I had 4 cards in my library when I cast Brainstorm. Did I lose?", {"asked": "lose", "losers": []}),
    ("when opp cast brainstorm he had 2 cards left in library. did he lose?",
     {"asked": "lose", "losers": ["Opponent"]}),
    ("When I played Brainstorm, my opponent controlled Notion Thief. How many did I draw?",
     {"asked": "count", "drawn": {"You": 0, "Opponent": 3}}),
    # "she" is Alice, who cast the spell: not Bob, named before
    ("Bob has Howling Mine. When Alice cast Brainstorm, she had 1 card in library. Did she lose?",
     {"asked": "lose", "losers": ["Alice"]}),
])
def test_the_state_when_an_action_happened(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


def test_an_outcome_told_with_when_is_not_read_as_a_state() -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json("When I cast Brainstorm, Notion Thief replaced the draws.")


@pytest.mark.parametrize(("text", "expect"), [
    ("I have Brainstorm in my hand and 2 cards in library. I cast it. Do I lose?", {"asked": "lose", "losers": ["You"]}),
    ("i'm holding thassa's oracle in hand with an empty library, then i cast it. do i win?",
     {"asked": "win", "winners": ["You"]}),
])
def test_it_is_the_one_card_held(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


def test_it_after_two_cards_held_is_not_guessed() -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json("I have Brainstorm and Timetwister in hand. I cast it.")


@pytest.mark.parametrize(("text", "expect"), [
    # "Last turn" was read as "last" card: 1 card in my library, and Notion Thief's 3 draws lost me the game
    ("Last turn I cast Notion Thief. Now my opponent casts Brainstorm. How many does he draw?",
     {"asked": "count", "drawn": {"Opponent": 0, "You": 3}, "losers": []}),
    ("A few turns ago, Bob cast Spirit of the Labyrinth. It's Alice's main phase and she casts Brainstorm.",
     {"drawn": {"Alice": 0}}),
])
def test_a_permanent_cast_on_an_earlier_turn_said_first(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize("text", [
    "Last turn I drew 3 cards. I cast Brainstorm with Spirit of the Labyrinth out. How many do I draw?",
    "I drew my last card last turn. Do I lose?",
    "The turn before, my opponent drew 2. Now he casts Brainstorm with Spirit of the Labyrinth out.",
])
def test_another_turns_facts_are_never_read_as_this_turns(text: str) -> None:
    with pytest.raises((ScenarioError, Clarification)):
        situation_to_json(text)


@pytest.mark.parametrize(("text", "expect"), [
    # "on her turn" was read as Brainstorm cast on her (a target) and "turn" skipped: the turn was then the asker's
    ("Alice casts Brainstorm on her turn with 2 cards in library. Does she lose?",
     {"asked": "lose", "losers": ["Alice"]}),
    ("Alice has Spirit of the Labyrinth. She casts Brainstorm on her turn. How many does she draw?",
     {"asked": "count", "drawn": {"Alice": 0}}),
    ("Alice casts Brainstorm during her upkeep while she controls Spirit of the Labyrinth.", {"drawn": {"Alice": 1}}),
    # an object "her" is never the subject
    ("Alice controls Notion Thief. Bob casts Brainstorm targeting her.", {"drawn": {"Alice": 3, "Bob": 0}}),
])
def test_her_before_a_turn_is_a_possessive(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)


@pytest.mark.parametrize("text", [
    # hers or his? "her" was read as Bob, named before: Alice, in her own main phase, drew past the Spirit
    "Robin controls Spirit of the Labyrinth. Alice casts Brainstorm during her main phase.",
    "Robin controls Spirit of the Labyrinth. Alice casts Brainstorm on her turn.",
    "Robin controls Spirit of the Labyrinth. During her main phase, Alice casts Brainstorm.",
    "My opponent controls Spirit of the Labyrinth. Alice casts Brainstorm on her turn.",
])
def test_her_that_could_be_two_players_is_asked(text: str) -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json(text)
    assert "Alice" in {o.label for o in asked.value.options}
    # the click that says "her" is Alice's gives the ruling: her own turn, she drew, the Spirit stops the rest
    measured = measure_entry({"id": "t", "text": text, "expect": {"drawn": {"Alice": 0}}}, default_cards())
    assert measured.verdict is Verdict.ASKED, measured


@pytest.mark.parametrize("text", [
    "Bob controls Spirit of the Labyrinth. Alice casts Brainstorm during her main phase.",
    "Bob controls Spirit of the Labyrinth. During her main phase, Alice casts Brainstorm.",
])
def test_her_that_agrees_with_one_named_player_is_hers(text: str) -> None:
    """ "her" after Bob and Alice is Alice's (gender.py): her own turn, she drew, the Spirit stops the rest."""
    measured = measure_entry({"id": "t", "text": text, "expect": {"drawn": {"Alice": 0}}}, default_cards())
    assert measured.verdict is Verdict.RIGHT, measured


@pytest.mark.parametrize(("text", "expect"), [
    ("Having already drawn for the turn, I cast Brainstorm while my opponent controls Spirit of the Labyrinth.",
     {"drawn": {"You": 0}}),
    ("having drawn a card this turn, opp casts brainstorm with my sotl out. how many does he draw?",
     {"asked": "count", "drawn": {"Opponent": 0}}),
])
def test_having_drawn_is_a_draw_this_turn(text: str, expect: dict[str, Any]) -> None:
    _right(text, expect)
