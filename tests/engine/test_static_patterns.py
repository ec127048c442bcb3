"""Static and replacement patterns of Oracle text carried out as the rules say: each test uses made-up cards, so
the pattern is tested, never one real card's name."""

from __future__ import annotations

from typing import Any

from engine.model import Resolution
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.engine.helpers import cast, made_cards

TEST_CARDS = {
    "Silent Hymn": ("Enchantment", "Players can't draw cards or gain life.\nAt the beginning of each player's draw "
                                   "step, that player loses 3 life, searches their library for a card, puts it into "
                                   "their hand, then shuffles."),
    "Healing Spell": ("Instant", "You gain 4 life. Draw a card."),
}


def run(alice: dict[str, Any], action: dict[str, Any], **top: Any) -> Resolution:
    return cast(made_cards(TEST_CARDS), alice, action, **top)


def draw_step(alice: dict[str, Any], **top: Any) -> Resolution:
    """Alice's draw step (hand 7, library 40 unless said), turn 3."""
    db = made_cards(TEST_CARDS)
    doc = {"players": [{"name": "Alice", "hand": 7, "library": 40, **alice}, {"name": "Bob"}], "active": "Alice",
           "turn": 3, "step": "draw", "action": {"type": "draw_step"}, **top}
    return resolve(scenario_from_json(doc, db), db)


def test_cant_draw_or_gain_life_stops_both_and_the_draw_step_trigger_acts() -> None:
    res = draw_step({"battlefield": ["Silent Hymn"], "life": 20})
    alice = res.players["Alice"]
    # no draw (101.2), then the trigger: lose 3, search a card into hand (not a draw, 121.5)
    assert (alice["hand"], alice["library"], alice["life"], alice["drawn_this_turn"]) == (8, 39, 17, 0)
    assert "101.2" in res.rules and "121.5" in res.rules


def test_cant_gain_life_stops_a_spells_life_gain_but_not_its_other_words() -> None:
    res = run({"battlefield": ["Silent Hymn"], "hand": ["Healing Spell"], "life": 20},
              {"card": "Healing Spell"})
    alice = res.players["Alice"]
    assert alice["life"] == 20
    assert alice["drawn_this_turn"] == 0 and alice["library"] == 40
    assert "119.7" in res.rules
    # without the enchantment the same spell gains and draws
    res = run({"hand": ["Healing Spell"], "life": 20}, {"card": "Healing Spell"})
    assert res.players["Alice"]["life"] == 24 and res.players["Alice"]["library"] == 39
