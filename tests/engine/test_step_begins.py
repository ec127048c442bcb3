"""The beginning of the upkeep, of combat or of the end step: what triggers then, on whose turn (503.1a, 513.1,
603.2), and the reader's "it's my upkeep" with such a permanent told.

It used to answer "nothing happens in this situation" for "I control Bloodgift Demon. It's my upkeep. What
happens?": the step was read, nothing made it an action. Made-up cards, read from Oracle text, so each test
checks a pattern of words, never one real card.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import CardDB
from engine.errors import ScenarioError, SituationError
from engine.judging import judge_text
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation import situation_to_json
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Gift Fiend": ("Creature — Demon", "At the beginning of your upkeep, target player draws a card and loses 1 life."),
    "Wheel Tower": ("Artifact", "At the beginning of each player's upkeep, that player draws a card."),
    "Envy Idol": ("Artifact", "At the beginning of each opponent's end step, you draw a card."),
    "Old Relic": ("Artifact", "Cumulative upkeep {1}\nWhenever you cast a spell, draw a card."),
    "War Drum": ("Artifact", "At the beginning of combat on your turn, you may draw a card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def _resolve(step: str, alice: list[str], bob: list[str], **top: Any) -> Any:
    doc = {"players": [{"name": "Alice", "battlefield": alice}, {"name": "Bob", "battlefield": bob}], "step": step,
           "turn": 3, "action": {"type": "beginning_of_step"}, **top}
    return resolve(scenario_from_json(doc, _db()), _db())


def test_your_upkeep_triggers_on_its_controllers_turn_only() -> None:
    mine = _resolve("upkeep", ["Gift Fiend"], [])
    assert drawn_by(mine)["Alice"] == 1 and "503.1a" in mine.rules
    theirs = _resolve("upkeep", [], ["Gift Fiend"])
    assert not drawn_by(theirs)
    assert any(s.kind == "why_not" and "Gift Fiend" in s.text for s in theirs.steps)


def test_each_players_upkeep_triggers_every_copy_for_the_active_player() -> None:
    res = _resolve("upkeep", ["Wheel Tower"], ["Wheel Tower"])
    assert drawn_by(res) == {"Alice": 2}


def test_each_opponents_end_step_and_combat_on_your_turn() -> None:
    assert drawn_by(_resolve("end", [], ["Envy Idol"])) == {"Bob": 1}
    assert not drawn_by(_resolve("end", ["Envy Idol"], []))
    assert drawn_by(_resolve("combat", ["War Drum"], []))["Alice"] == 1
    assert not drawn_by(_resolve("upkeep", ["War Drum"], []))  # another step's ability


def test_a_keyword_that_triggers_at_the_upkeep_is_refused_with_its_words() -> None:
    with pytest.raises(ScenarioError) as refused:
        _resolve("upkeep", ["Old Relic"], [])
    assert "cumulative upkeep" in str(refused.value)
    assert drawn_by(_resolve("upkeep", [], ["Old Relic"])) == {}  # not its controller's upkeep


def test_a_step_that_is_not_one_to_begin_is_an_error() -> None:
    with pytest.raises(ScenarioError):
        _resolve("main1", ["Gift Fiend"], [])


@pytest.mark.parametrize("text", [
    "I control Gift Fiend. It's my upkeep. what happens?",
    "i control gift fiend and it's the beginning of my upkeep",
    "at the beginning of my upkeep with gift fiend out, how many cards do i draw?",
])
def test_the_reader_takes_the_step_as_the_action_when_something_triggers_then(text: str) -> None:
    res = judge_text(text, _db())
    assert drawn_by(res)["You"] == 1
    assert any("read as the beginning of the upkeep" in a for a in res.assumed)


def test_in_the_upkeep_the_turns_draw_has_not_happened_yet() -> None:
    doc = situation_to_json("I control Gift Fiend. It's my upkeep.", _db())
    me = next(p for p in doc["players"] if p["name"] == "You")
    assert me.get("drawn_this_turn", 0) == 0


def test_without_such_a_permanent_nothing_happens() -> None:
    with pytest.raises(SituationError):
        situation_to_json("I control Envy Idol. It's my upkeep.", _db())
