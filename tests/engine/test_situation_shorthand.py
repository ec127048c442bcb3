"""Table shorthand read by pattern (issue #24): "opp narset" (a player word right before their permanents), "dredge
the first one", "I activate X" beside other facts in a clause."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import ScenarioError
from engine.situation import situation_to_json

CARDS = default_cards()


def _player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == name)


@pytest.mark.parametrize(("text", "who", "card"), [
    ("opp narset, i cast brainstorm", "Opponent", "Narset, Parter of Veils"),
    ("me sheoldred, my opponent casts brainstorm", "You", "Sheoldred, the Apocalypse"),
    ("so opponent bowmasters + notion thief, i cast brainstorm", "Opponent", "Notion Thief"),
])
def test_a_player_word_before_permanents_is_their_controller(text: str, who: str, card: str) -> None:
    assert card in _player(situation_to_json(text, CARDS), who)["battlefield"]


def test_the_controller_is_not_the_subject_of_what_follows() -> None:
    """ "opp bowmasters, turn 1 on the draw": the one on the draw is not the Bowmasters' controller."""
    doc = situation_to_json("opp bowmasters, turn 1 on the draw, my draw step", CARDS)
    assert doc["active"] == "You" and doc["action"] == {"type": "draw_step"}
    assert not any("Opponent started" in u["fact"] for u in doc["understood"])


def test_a_capitalised_word_before_a_card_is_not_a_controller() -> None:
    """ "Tom Sheoldred": Tom may be a card's first word; never read as Tom controlling Sheoldred."""
    with pytest.raises(ScenarioError):
        situation_to_json("Tom Sheoldred, i cast brainstorm", CARDS)


@pytest.mark.parametrize("text", [
    "golgari thug in my graveyard, i cast brainstorm and dredge the first one",
    "thug in my yard. i cast brainstorm, i dredge the first one",
])
def test_dredge_the_first_one(text: str) -> None:
    doc = situation_to_json(text, CARDS)
    assert doc["action"]["card"] == "Brainstorm"
    assert doc["choices"] == {"apply:Golgari Thug:You": True}


def test_an_activated_ability_told_beside_hand_sizes() -> None:
    doc = situation_to_json("i activate jace's archivist, i have 2 cards in hand, opp has 5", CARDS)
    assert doc["action"] == {"type": "cast", "card": "Jace's Archivist", "player": "You", "ability": "activate"}
    assert _player(doc, "Opponent")["hand"] == 5
