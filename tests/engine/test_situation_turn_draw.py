"""The turn's own draw as a default of the text front ends (504.1, 103.8): said, kept in ``defaulted``, varied."""

from __future__ import annotations

import pytest

from engine.defaults import assume_otherwise
from engine.situation import parse_situation, situation_to_json


def _drawn(text: str) -> dict[str, int]:
    return {p.name: p.drawn_this_turn for p in parse_situation(text).players}


@pytest.mark.parametrize(("text", "drawn"), [
    ("I draw 2.", {"You": 1, "Opponent": 0}),  # main phase of my turn: I drew in my draw step
    ("It's my opponent's turn. I draw 2.", {"You": 0, "Opponent": 1}),
    ("During my upkeep I draw 2.", {"You": 0, "Opponent": 0}),  # before the draw step
    ("It's my draw step.", {"You": 0, "Opponent": 0}),  # the draw step's own draw is the action
    ("It's turn 1. I draw 2.", {"You": 0, "Opponent": 0}),  # 103.8a: the player on the play skips it
    ("4 players. It's turn 1. I draw 2.", {"You": 1, "Player 2": 0, "Player 3": 0, "Player 4": 0}),  # 103.8c
    ("I already drew 2 cards this turn. I draw 2.", {"You": 2, "Opponent": 0}),  # said: never a default
    ("Grand Archive: I have 5 cards in my deck and draw 2.", {"You": 0, "Opponent": 0}),
])
def test_the_active_player_has_drawn_after_the_draw_step(text: str, drawn: dict[str, int]) -> None:
    assert _drawn(text) == drawn


def test_the_default_is_said_and_can_be_otherwise() -> None:
    scenario = parse_situation("I cast Brainstorm.")
    assert "drawn_this_turn:You" in scenario.defaulted
    assert "you already drew a card this turn, in the draw step (504.1)" in scenario.assumed
    assert assume_otherwise(scenario, "drawn_this_turn:You") == "If You hadn't drawn yet this turn"
    assert scenario.player("You").drawn_this_turn == 0


def test_in_the_draw_step_the_card_was_drawn_in_that_step() -> None:
    doc = situation_to_json("During my draw step I cast Brainstorm.")
    me = next(p for p in doc["players"] if p["name"] == "You")
    assert (me["drawn_this_turn"], me["drawn_this_draw_step"]) == (1, 1)


def test_two_headed_giant_the_active_team_has_drawn() -> None:
    assert _drawn("Two-Headed Giant. It's turn 3. My teammate draws 2.") == {
        "You": 1, "Opponent": 0, "Teammate": 1, "Opponent 2": 0}


@pytest.mark.parametrize(("text", "draws"), [
    # "my / our / their first turn" is the first turn's draw asked about, never a draw of one card (103.8)
    ("I'm on the play. do I draw on my first turn?", False),  # 103.8a
    ("if I'm on the play do I draw on my first turn?", False),
    ("does the player on the play draw on their first turn?", False),
    ("I'm on the draw. do I draw on my first turn?", True),
    ("Two-Headed Giant, turn 1, we're on the play. Do we draw?", False),  # 103.8b: the team skips it
    ("2HG, we are on the play. do we draw on our first turn?", False),
    ("4 player commander, I'm going first. do I draw on my first turn?", True),  # 103.8c
])
def test_the_first_turns_draw_asked_in_any_person(text: str, draws: bool) -> None:
    from engine.resolve import resolve

    scenario = parse_situation(text)
    assert scenario.action.type == "draw_step"
    assert (resolve(scenario).players["You"]["hand"] == 8) is draws
