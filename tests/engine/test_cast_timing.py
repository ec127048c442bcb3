"""When a spell may be cast (117.1a, 307.1, 302.1): a cast the situation places where the rules forbid it is
refused with the rule, never resolved; an unsaid turn is the caster's when the spell needs it."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation import situation_to_json
from tests.engine.helpers import made_cards


def _said(text: str) -> object:
    return resolve(scenario_from_json(situation_to_json(text)))


@pytest.mark.parametrize("text, rule", [
    ("my opponent casts Windfall during my turn", "307.1"),  # was resolved: each player drew 7
    ("I cast Windfall during my upkeep", "307.1"),
    ("I have Teferi, Mage of Zhalfir. my opponent casts Brainstorm during my turn.", "117.1a"),
])
def test_a_cast_the_rules_forbid_then_is_refused_with_the_rule(text: str, rule: str) -> None:
    with pytest.raises(ScenarioError, match=rule.replace(".", r"\.")):
        _said(text)


@pytest.mark.parametrize("text", [
    "opp casts Windfall",  # unsaid turn: the caster's (307.1), said
    "opp casts Sheoldred, the Apocalypse",  # a creature too (302.1): it was refused on the asker's turn
    "opp casts Notion Thief during my draw step",  # flash
    "opp casts Brainstorm during my upkeep",  # an instant
    "I have Teferi, Mage of Zhalfir. my opponent casts Brainstorm during his main phase.",
])
def test_a_cast_at_a_legal_time_resolves(text: str) -> None:
    doc = situation_to_json(text)
    resolve(scenario_from_json(doc))
    if "casts Windfall" in text or "Sheoldred" in text:
        assert doc["active"] == "Opponent"
        assert any("main phase (30" in a for a in doc["assumed"])


def test_the_pattern_on_made_up_cards() -> None:
    db = made_cards({"Quiet Study": ("Sorcery", "Draw two cards."),
                     "Quick Study": ("Instant", "Draw two cards."),
                     "Stern Warden": ("Creature — Human", "Each opponent can cast spells only any time they could "
                                                          "cast a sorcery.")})

    def run(card: str, active: str, board: list[str] | None = None) -> object:
        doc = {"players": [{"name": "Alice", "battlefield": board or []}, {"name": "Bob"}], "active": active,
               "action": {"type": "cast", "card": card, "player": "Bob"}}
        return resolve(scenario_from_json(doc, db), db)

    run("Quiet Study", "Bob")
    run("Quick Study", "Alice")
    with pytest.raises(ScenarioError, match="307.1"):
        run("Quiet Study", "Alice")
    with pytest.raises(ScenarioError, match="Stern Warden lets Bob cast spells only"):
        run("Quick Study", "Alice", ["Stern Warden"])


def test_a_target_named_for_a_spell_with_none_is_said_not_ignored() -> None:
    """A JSON scenario naming a target for "You draw two cards, then each other player draws a card": the
    resolution says the target changes nothing (the reader says so in its own words for a text)."""
    doc = {"players": [{"name": "Alice"}, {"name": "Bob", "library": 2}], "active": "Alice",
           "action": {"type": "cast", "card": "Words of Wisdom", "player": "Alice", "targets": ["Bob"]}}
    res = resolve(scenario_from_json(doc))
    said = [s for s in res.steps if s.kind == "why_not" and "has no target" in s.text]
    assert said and said[0].rules == ("115.1",)
    assert res.players["Alice"]["hand"] - res.before["Alice"]["hand"] == 1  # 2 drawn, Words of Wisdom cast


@pytest.mark.parametrize(("text", "hint"), [
    ("I cast Windfall during my opponent's turn", "your own main phase"),  # was "You's own main phase"
    ("my opponent casts Windfall during my turn", "Opponent's own main phase"),
])
def test_the_refusal_says_whose_main_phase_in_good_english(text: str, hint: str) -> None:
    with pytest.raises(ScenarioError) as err:
        _said(text)
    assert err.value.hint == hint
