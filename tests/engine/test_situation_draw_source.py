"""A draw told with the permanent it comes from (issue #24): "opp draws a card off Howling Mine", "he draws with
Font of Mythos out". The permanent is on the battlefield, whose it is said or asked when it matters (never given
to the player who draws), and a draw-step trigger's draw is read as the drawer's draw step (504.1, 504.2)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import Clarification
from engine.judging import judge_text
from engine.situation import situation_to_json
from tests.situation_corpus.measure import drawn_by

CARDS = default_cards()


def _player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == name)


@pytest.mark.parametrize("text", [
    "my opp draws 1 card off howling mine",
    "opponent drew... no wait, opponent draws a card thanks to Howling Mine",
    "the opp is drawing off of howling mine rn",
    "opp draws w/ howling mine out",
])
def test_a_draw_off_a_draw_step_trigger_is_the_drawers_draw_step(text: str) -> None:
    doc = situation_to_json(text, CARDS)
    assert doc["action"]["type"] == "draw_step" and doc["active"] == "Opponent"
    assert "Howling Mine" not in _player(doc, "Opponent").get("battlefield", [])  # whose: not said, not guessed
    assert dict(drawn_by(judge_text(text, CARDS))) == {"Opponent": 2}  # the turn's draw, then the Mine's


@pytest.mark.parametrize(("text", "controller"), [
    ("I draw 3 off my font of mythos", "You"),
    ("he draws 3 cards because of his Font of Mythos", "Opponent"),
])
def test_whose_source_is_said(text: str, controller: str) -> None:
    doc = situation_to_json(text, CARDS)
    assert "Font of Mythos" in _player(doc, controller)["battlefield"]


def test_a_source_only_its_controller_draws_from_is_the_drawers_said() -> None:
    doc = situation_to_json("i draw a card due to rhystic study, opp has sheoldred", CARDS)
    assert "Rhystic Study" in _player(doc, "You")["battlefield"]
    assert doc["action"] == {"type": "draw", "count": 1, "player": "You", "source": "Rhystic Study"}
    assert any("only its controller draws" in a for a in doc["assumed"])


def test_a_permanent_that_makes_no_one_draw_is_no_source() -> None:
    """ "off Notion Thief": a replacement makes another's draw; not read as the draw's source."""
    doc = situation_to_json("opp draws with my notion thief out", CARDS)
    assert doc["action"]["type"] == "draw" and "source" not in doc["action"]
    with pytest.raises(Exception):  # noqa: B017 - refused or asked, never read as a source
        situation_to_json("opp draws 2 off notion thief", CARDS)


def test_whose_other_permanent_is_asked_when_it_changes_the_answer() -> None:
    """The Mine's controller changes nothing; the Sphinx's does: the answer gives the other outcome."""
    resolution = judge_text("opp draws a card off Howling Mine and consecrated sphinx is out", CARDS)
    assert resolution.other_outcomes and "controller:Consecrated Sphinx" in str(resolution.other_outcomes)


def test_whose_replacement_is_asked_beside_a_source() -> None:
    """ "notion thief is out": whose Thief decides who draws the Mine's card; never guessed silently."""
    try:
        resolution = judge_text("opp draws a card off howling mine, notion thief is out", CARDS)
    except Clarification as asked:
        assert "Notion Thief" in asked.question
        return
    assert "controller:Notion Thief" in str(resolution.other_outcomes)


@pytest.mark.parametrize("text", [
    "my opponent drew an extra card off his howling mine, i have notion thief. who draws?",
    "opp drew a card thanks to howling mine and I control Notion Thief - who gets it?",
])
def test_a_past_draw_off_a_draw_step_trigger_is_that_draw_step(text: str) -> None:
    """Told in the past with nothing else happening, the draw is the drawer's draw step: the turn's draw is
    the first in it (Notion Thief lets it), the Mine's is replaced (504.1, 614.1a)."""
    assert dict(drawn_by(judge_text(text, CARDS))) == {"Opponent": 1, "You": 1}


def test_a_past_draw_off_a_source_beside_an_action_is_state() -> None:
    doc = situation_to_json("i already drew a card off howling mine this turn, i cast brainstorm with sotl out", CARDS)
    assert doc["action"]["card"] == "Brainstorm" and _player(doc, "You")["drawn_this_turn"] == 1


@pytest.mark.parametrize("text", [
    "thanks to howling mine my opponent draws 2 on his turn",
    "opp draws 2 in his draw step because of howling mine",
    "Howling Mine makes my opponent draw an extra card",
])
def test_a_source_said_apart_from_the_draw(text: str) -> None:
    doc = situation_to_json(text, CARDS)
    assert doc["action"]["type"] == "draw_step" and doc["active"] == "Opponent"
