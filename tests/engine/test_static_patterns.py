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
    "Face-Down Pact": ("Creature — Devil", "Dark Bargain — If you would draw a card, exile the top card of your library "
                                          "face down instead.\n{B}{B}{B}: Draw seven cards."),
    "Quiet Harbor": ("Enchantment", "If you would draw a card during your draw step, instead you may skip that draw. "
                                    "If you do, until your next turn, you can't be attacked except by creatures with "
                                    "flying."),
    "Three Cards": ("Sorcery", "Draw three cards."),
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


def test_an_ability_word_is_no_part_of_the_ability_and_each_replaced_draw_exiles_instead() -> None:
    res = run({"battlefield": ["Face-Down Pact"]}, {"card": "Face-Down Pact", "ability": "activate"})
    alice = res.players["Alice"]
    # seven draws, each replaced (614.1a, 614.11a): no card reaches the hand and none counts as drawn (614.6)
    assert (alice["hand"], alice["library"], alice["exile"], alice["drawn_this_turn"]) == (7, 33, 7, 0)
    assert "614.1a" in res.rules


def test_a_replacement_limited_to_the_draw_step_is_optional_and_leaves_other_draws_alone() -> None:
    skipped = draw_step({"battlefield": ["Quiet Harbor"]}, choices={"order:Alice": "Quiet Harbor"})
    assert (skipped.players["Alice"]["hand"], skipped.players["Alice"]["library"]) == (7, 40)
    kept = draw_step({"battlefield": ["Quiet Harbor"]})  # not said: she draws, and the answer says she could skip
    spell = run({"battlefield": ["Quiet Harbor"], "hand": ["Three Cards"]}, {"card": "Three Cards"})
    # outside the draw step the replacement doesn't apply (its condition): three cards drawn
    assert (spell.players["Alice"]["hand"], spell.players["Alice"]["library"]) == (3, 37)
    assert kept.players["Alice"]["library"] == 39
    assert any("could apply Quiet Harbor" in step.text for step in kept.steps)
    assert not any("Quiet Harbor" in step.text for step in spell.steps)
