"""A question about the asker's team in Two-Headed Giant (issue #24, 810.8a, 810.9): "do we lose?", "how many
does my team draw?" are answered for both teammates; "we" outside Two-Headed Giant stays every player."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.errors import ScenarioError
from engine.judging import judge_text
from engine.scenario_json import scenario_from_json
from engine.situation import situation_to_json

CARDS = default_cards()


@pytest.mark.parametrize("text", [
    "two headed giant game. my teammate casts windfall... how many cards does our team draw??",
    "2hg: teammate casts windfall, how many do we get",
    "in 2HG my partner casts windfall. how many does my team draw",
])
def test_a_team_count_counts_both_teammates(text: str) -> None:
    resolution = judge_text(text, CARDS)
    assert resolution.asked is not None and set(resolution.asked.team) == {"You", "Teammate"}
    assert resolution.answer["text"].startswith("Your team (you and Teammate) draws 14 cards")


@pytest.mark.parametrize("text", [
    "2HG, my teammate has an empty library and draws. do we lose?",
    "two-headed giant: teammate's library is empty, he draws 1 card - are we dead?",
])
def test_a_team_loses_as_one(text: str) -> None:
    resolution = judge_text(text, CARDS)
    assert resolution.answer["text"].startswith("Yes — your team (you and Teammate) loses the game")


def test_we_outside_two_headed_giant_is_not_a_team() -> None:
    doc = situation_to_json("i cast windfall. how many do we draw?", CARDS)
    assert "team" not in doc["asked"]
    assert "team" not in situation_to_json("4 player commander, i cast windfall. do we lose?", CARDS)["asked"]


def test_a_team_names_players_of_the_game() -> None:
    doc = situation_to_json("2HG, my teammate has an empty library and draws. do we lose?", CARDS)
    doc["asked"]["team"] = ["You", "Nobody"]
    with pytest.raises(ScenarioError):
        scenario_from_json(doc, CARDS)


@pytest.mark.parametrize(("text", "lead"), [
    ("2hg, our draw step, turn 3. do we draw?", "Yes — your team (you and Teammate) draws 2 cards (you 1, Teammate 1)"),
    ("2HG: turn 1, we're on the play, it's our draw step - do we draw", "No — your team (you and Teammate) draws no card"),
])
def test_do_we_draw_answers_for_the_team(text: str, lead: str) -> None:
    assert judge_text(text, CARDS).answer["text"].startswith(lead)


def test_do_we_survive_turns_the_team_question_round() -> None:
    res = judge_text("two headed giant, opps have sheoldred, our life is 6, i cast brainstorm. do we survive?", CARDS)
    assert res.answer["text"].startswith("No — your team (you and Teammate) loses the game")
