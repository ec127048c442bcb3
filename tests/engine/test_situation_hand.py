"""Hands as facts (issue #24): a hand's size however it is said ("a hand of 3", "holding 2") and a card named in
a hand ("lab man in hand"): held, neither on the battlefield nor cast."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import Clarification
from engine.situation import situation_to_json

CARDS = default_cards()


def _player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == name)


@pytest.mark.parametrize(("text", "who", "n"), [
    ("opp has a hand of 3 and casts windfall", "Opponent", 3),
    ("my hand of 2 cards, opp casts windfall", "You", 2),
    ("i'm holding 4 rn, opponent casts windfall", "You", 4),
    ("my opp was holding 1 card and then he cast windfall", "Opponent", 1),
])
def test_a_hand_size_said_any_way(text: str, who: str, n: int) -> None:
    assert _player(situation_to_json(text, CARDS), who)["hand"] == n


@pytest.mark.parametrize("text", [
    "lab man in hand, 0 cards in library, i cast brainstorm",
    "i have lab maniac in my hand and an empty library, i cast brainstorm",
    "Laboratory Maniac is in my hand. my library has 0 cards. I cast Brainstorm",
])
def test_a_card_in_hand_is_not_on_the_battlefield(text: str) -> None:
    doc = situation_to_json(text, CARDS)
    assert all("Laboratory Maniac" not in p.get("battlefield", []) for p in doc["players"])
    assert doc["action"]["card"] == "Brainstorm"
    assert any("Laboratory Maniac in hand" in u["fact"] for u in doc["understood"])


def test_a_spell_in_hand_is_held_not_cast() -> None:
    doc = situation_to_json("brainstorm in my hand, opp casts windfall", CARDS)
    assert doc["action"] == {"type": "cast", "card": "Windfall", "player": "Opponent"}


def test_a_bare_number_with_no_zone_is_asked() -> None:
    """ "I have 3" with no zone told before: hand or library? asked, never guessed."""
    with pytest.raises(Clarification) as asked:
        situation_to_json("i have 3, opp casts windfall", CARDS)
    assert {o.label for o in asked.value.options} == {"3 cards in library", "3 cards in hand"}
