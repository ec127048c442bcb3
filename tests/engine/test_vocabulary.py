"""The card-draw vocabulary: which terms draw (and meet triggers, replacements, empty libraries) and which only
move cards into a hand (121.5)."""

from __future__ import annotations

import pytest

from engine.situation import situation_to_json
from engine.vocabulary import MECHANICS, mechanic
from tests.engine.helpers import cited, run, two

DRAWS = {"cantrip", "cycling", "looting", "rummaging", "wheel", "card filtering", "punisher"}
MOVES = {"impulsive draw", "tutoring", "regrowth"}


def test_the_ten_terms_of_the_wiki() -> None:
    assert {m.name for m in MECHANICS} == DRAWS | MOVES
    assert all(mechanic(m.name) is not None for m in MECHANICS)


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_drawing_terms_trigger_draw_abilities(name: str) -> None:
    res = run(two({"library": 20, "hand": 3}, {"battlefield": ["Sheoldred, the Apocalypse"]},
                  {"type": "mechanic", "name": name, "player": "You"}))
    assert res.players["You"]["life"] < 20, name  # Sheoldred saw a draw


@pytest.mark.parametrize("name", sorted(MOVES))
def test_moving_terms_are_not_draws(name: str) -> None:
    res = run(two({"library": 0, "hand": 3}, {"battlefield": ["Sheoldred, the Apocalypse"]},
                  {"type": "mechanic", "name": name, "player": "You"}))
    assert res.players["You"]["life"] == 20 and res.losers == [] and "121.5" in cited(res), name


def test_looting_and_rummaging_order() -> None:
    loot = run(two({"library": 5, "hand": 0}, {}, {"type": "mechanic", "name": "looting", "player": "You"}))
    assert loot.players["You"]["hand"] == 0 and loot.players["You"]["graveyard"] == 1  # drew, then discarded it
    rummage = run(two({"library": 5, "hand": 0}, {}, {"type": "mechanic", "name": "rummaging", "player": "You"}))
    assert rummage.players["You"]["hand"] == 1 and rummage.players["You"]["graveyard"] == 0  # nothing to discard


def test_the_language_accepts_the_terms() -> None:
    for text, name in [("I loot", "looting"), ("I rummage twice", "rummaging"), ("opponent tutors", "tutoring"),
                       ("I impulse draw", "impulsive draw"), ("I regrow", "regrowth"), ("I cantrip", "cantrip"),
                       ("I filter", "card filtering"), ("everyone wheels", "wheel")]:
        doc = situation_to_json(text)
        assert doc["action"]["type"] == "mechanic" and doc["action"]["name"] == name, text
