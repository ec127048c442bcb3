"""Two silent misreads found walking the corpus (issue #24): "I cast Brainstorm and dredge it" dredged Brainstorm
(the story's last card, which has no dredge), and "Golgari Thug and Golgari Grave-Troll in my graveyard" put the
Thug on the battlefield. "It" is the card that dredges, asked when several could; a list keeps its zone."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import Clarification, ScenarioError
from engine.situation import situation_to_json

CARDS = default_cards()


def _player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == name)


@pytest.mark.parametrize("text", [
    "golgari thug in my graveyard. i cast brainstorm and dredge it",
    "thug in gy. i brainstorm, dredging it",
    "Golgari Thug is in my yard; I cast Brainstorm then dredge that",
])
def test_it_is_the_card_that_dredges(text: str) -> None:
    assert situation_to_json(text, CARDS)["choices"] == {"apply:Golgari Thug:You": True}


def test_it_with_two_dredgers_is_asked() -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json("golgari thug and golgari grave-troll in my graveyard. i cast brainstorm and dredge it",
                          CARDS)
    assert {o.label for o in asked.value.options} == {"Golgari Thug", "Golgari Grave-Troll"}
    assert all(o.text.endswith(f"dredge {o.label}.") for o in asked.value.options)


def test_a_named_card_without_dredge_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no dredge"):
        situation_to_json("i cast brainstorm and dredge brainstorm", CARDS)


@pytest.mark.parametrize("text", [
    "golgari thug and golgari grave-troll in my graveyard, i draw",
    "golgari thug, stinkweed imp in my yard, i draw",
])
def test_cards_listed_before_a_zone_are_all_in_it(text: str) -> None:
    me = _player(situation_to_json(text, CARDS), "You")
    assert len(me["graveyard"]) == 2 and not me.get("battlefield")
