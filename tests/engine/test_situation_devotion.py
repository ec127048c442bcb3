"""Devotion told by the board (700.5): "X is my only blue permanent" says every blue mana symbol the player's
permanents have, so an X "where X is your devotion to blue" is counted from the mana costs and said; a permanent
whose own enters ability counts is on the battlefield as it resolves, so its own symbols count too. An untold
board still asks X (any permanent may add to it)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.cards import CardDB
from engine.errors import ScenarioError
from engine.judging import judge_text
from engine.situation.devotion import pips
from tests.engine.helpers import made_cards

CARDS = {
    "Deep Insight": ("Sorcery", "Draw X cards, where X is your devotion to blue."),
    "Azure Sentinel": ("Creature — Human Soldier", "Vigilance"),
    "Tide Listener": ("Creature — Merfolk", "When this creature enters, draw X cards, where X is your devotion to "
                                            "blue."),
}
COSTS = {"Deep Insight": "{2}{U}", "Azure Sentinel": "{1}{U}{U}{U}", "Tide Listener": "{U/B}{U}"}


def _db() -> CardDB:
    db = made_cards(CARDS)
    return db.with_extra([dataclasses.replace(c, mana_cost=COSTS[c.name])
                          for c in (db.find(n) for n in CARDS) if c is not None])


@pytest.mark.parametrize(("cost", "colour", "n"), [("{1}{U}{U}{U}", "U", 3), ("{U/B}{U/P}{2/U}", "U", 3),
                                                   ("{X}{W}{U}{U}", "W", 1), ("{5}", "U", 0), ("", "U", 0)])
def test_the_symbols_of_a_colour(cost: str, colour: str, n: int) -> None:
    assert pips(cost, colour) == n


def test_the_only_blue_permanent_told_counts_x() -> None:
    res = judge_text("Azure Sentinel is my only blue permanent. I cast Deep Insight. how many do i draw?", _db())
    assert res.players["You"]["library"] == 40 - 3
    assert any("X = 3" in a and "700.5" in a for a in res.assumed)


def test_an_entering_permanent_counts_its_own_symbols() -> None:
    res = judge_text("Azure Sentinel is my only blue permanent. I cast Tide Listener. how many do i draw?", _db())
    assert res.players["You"]["library"] == 40 - (3 + 2)


def test_an_untold_board_still_asks_x() -> None:
    with pytest.raises(ScenarioError) as asked:
        judge_text("I cast Deep Insight. how many do i draw?", _db())
    assert "X" in asked.value.message


def test_another_colour_told_does_not_count() -> None:
    with pytest.raises(ScenarioError):
        judge_text("Azure Sentinel is my only red permanent. I cast Deep Insight. how many do i draw?", _db())
