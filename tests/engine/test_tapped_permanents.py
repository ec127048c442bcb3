"""Tapped permanents (110.5, 302.6 of the state a story tells): "my Howling Mine is tapped" was refused, and a
scenario could not say it. A permanent said tapped is in its controller's ``tapped`` list: an ability with "if ~ is
untapped" doesn't trigger (603.4), an ability with {T} in its cost can't be activated (107.5), and a text that
speaks of its tapped state in another way is refused with its words. Untold, a permanent is untapped (502.3)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import CardDB
from engine.errors import ScenarioError, SituationError
from engine.judging import judge_text
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Whirring Mine": ("Artifact", "At the beginning of each player's draw step, if this artifact is untapped, that "
                                  "player draws an additional card."),
    "Scroll Rack Sage": ("Creature — Human Wizard", "{1}, {T}: Draw a card."),
    "Sleepy Idol": ("Artifact", "As long as this artifact is tapped, you can't draw cards."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def _doc(tapped: list[str], action: dict[str, Any]) -> dict[str, Any]:
    return {"players": [{"name": "Ann", "battlefield": ["Whirring Mine", "Whirring Mine", "Scroll Rack Sage"],
                         "tapped": tapped}, {"name": "Ben"}], "action": action}


def test_a_tapped_mine_does_not_trigger_and_an_untapped_copy_does() -> None:
    db = _db()
    one = resolve(scenario_from_json(_doc(["Whirring Mine"], {"type": "draw_step"}), db), db)
    assert one.players["Ann"]["hand"] == 7 + 2  # the draw, and the one untapped Mine
    why = [s for s in one.steps if s.kind == "why_not"]
    assert len(why) == 1 and "603.4" in why[0].rules
    both = resolve(scenario_from_json(_doc(["Whirring Mine", "Whirring Mine"], {"type": "draw_step"}), db), db)
    assert both.players["Ann"]["hand"] == 8


def test_a_tapped_permanent_cant_pay_its_tap_cost() -> None:
    db = _db()
    action = {"type": "cast", "card": "Scroll Rack Sage", "player": "Ann", "ability": "activate"}
    with pytest.raises(ScenarioError, match="107.5"):
        resolve(scenario_from_json(_doc(["Scroll Rack Sage"], action), db), db)
    assert resolve(scenario_from_json(_doc([], action), db), db).players["Ann"]["hand"] == 8


def test_more_tapped_copies_than_controlled_is_an_error() -> None:
    with pytest.raises(ScenarioError, match="tapped"):
        scenario_from_json(_doc(["Scroll Rack Sage", "Scroll Rack Sage"], {"type": "draw_step"}), _db())


@pytest.mark.parametrize("text", [
    "my whirring mine is tapped, its my draw step",
    "I have Whirring Mine, which is tapped. It's my draw step.",
    "I have a tapped Whirring Mine. It's my draw step.",
    "I have Whirring Mine (tapped). It's my draw step.",
])
def test_a_permanent_said_tapped(text: str) -> None:
    res = judge_text(text, _db())
    assert drawn_by(res)["You"] == 1
    assert any(u["fact"] == "Whirring Mine is tapped" for u in res.understood)


def test_untapped_is_the_default_and_said_untapped_reads() -> None:
    assert drawn_by(judge_text("I have an untapped Whirring Mine. It's my draw step.", _db()))["You"] == 2


@pytest.mark.parametrize("text", [
    "opp has a tapped whirring mine and an untapped one. its my draw step",  # "one": no name to read
    "I tapped Whirring Mine. It's my draw step.",  # a verb: an action the reader doesn't carry out
])
def test_a_state_without_its_card_is_never_dropped(text: str) -> None:
    with pytest.raises(SituationError):
        judge_text(text, _db())


def test_a_tap_cost_of_a_permanent_said_tapped_is_refused() -> None:
    with pytest.raises(ScenarioError, match="107.5"):
        judge_text("I control a tapped Scroll Rack Sage. I activate it.", _db())


def test_a_text_about_its_tapped_state_the_engine_doesnt_carry_out_is_refused() -> None:
    with pytest.raises(ScenarioError, match="being tapped"):
        judge_text("I control a tapped Sleepy Idol. I draw a card.", _db())
