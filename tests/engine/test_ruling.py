"""The ruling line and the other outcomes of defaulted facts, computed from the resolution's structure."""

from __future__ import annotations

from typing import Any

from engine.cards import default_cards
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation import parse_situation

CARDS = default_cards()


def _said(text: str) -> Any:
    return resolve(parse_situation(text, CARDS), CARDS)


def test_the_ruling_says_who_draws_and_the_deciding_rules() -> None:
    res = _said("opp has Notion Thief and SotL out, I cast Opportunity with 1 card left in my library during my "
                "upkeep")
    assert res.ruling["text"].startswith("Opponent draws 1 card and you draw none: Notion Thief replaces your 4 draws")
    assert res.ruling["rules"] == ["614.1a", "121.2b"]
    assert res.before["You"]["hand"] == 7 and res.players["You"]["hand"] == 6  # Opportunity left the hand


def test_a_default_that_changes_the_outcome_gives_the_other_outcome() -> None:
    upkeep = _said("opp has Notion Thief and SotL out, I cast Opportunity with 1 card left in my library during "
                   "my upkeep")
    mine = {o["assumption"]: o for o in upkeep.other_outcomes}["drawn_this_turn:You"]
    assert mine["if"] == "If you already drew a card this turn"
    assert mine["ruling"]["text"].startswith("No card is drawn: Spirit of the Labyrinth stops your 4 draws")
    assert "614.17c" in mine["ruling"]["rules"] and mine["players"]["Opponent"]["hand"] == 7


def test_the_turns_own_draw_is_a_default_with_its_other_outcome() -> None:
    """In the main phase of the asker's turn the asker has drawn for the turn (504.1), said and varied."""
    res = _said("opp has Notion Thief and SotL out, I cast Opportunity with 1 card left in my library")
    assert res.ruling["text"].startswith("No card is drawn: Spirit of the Labyrinth stops your 4 draws")
    assert "you already drew a card this turn, in the draw step (504.1)" in res.assumed
    other = {o["assumption"]: o for o in res.other_outcomes}["drawn_this_turn:You"]
    assert other["if"] == "If you hadn't drawn yet this turn"
    assert other["ruling"]["text"].startswith("Opponent draws 1 card and you draw none: Notion Thief replaces")


def test_a_default_that_does_not_matter_is_not_an_other_outcome() -> None:
    res = _said("I have 10 cards in library. I draw 2.")
    assert res.other_outcomes == []
    assert res.ruling["text"] == "You draw 2 cards (121.1)."


def test_an_empty_library_ruling_names_the_loser_and_the_state_based_action() -> None:
    res = _said("I have 1 card in library. I draw 2.")
    assert res.ruling["text"].startswith("You lose the game, so Opponent wins: ")
    assert "empty library" in res.ruling["text"]
    assert res.ruling["rules"] == ["704.5b"]


def test_a_stated_fact_is_never_varied() -> None:
    doc: dict[str, Any] = {"players": [{"name": "You", "library": 5, "drawn_this_turn": 1},
                                       {"name": "Opponent", "drawn_this_turn": 0, "battlefield": ["Spirit of the Labyrinth"]}],
                           "active": "You", "action": {"type": "draw", "player": "You", "count": 1}}
    res = resolve(scenario_from_json(doc, CARDS), CARDS)
    assert res.other_outcomes == [] and res.players["You"]["hand"] == 7


def test_whose_turn_when_it_decides_the_outcome() -> None:
    """Sylvan Library's draw step ability works only in its controller's draw step; whose turn it is matters to
    Howling Mine's additional draw not at all, so only a real difference is given."""
    res = _said("I control Laboratory Maniac. I have 0 cards in library. I draw a card.")
    assert res.ruling["text"].startswith("You win the game: Laboratory Maniac")
    assert res.other_outcomes == []


def test_the_spell_is_exiled_when_it_ends_the_turn() -> None:
    doc = {"players": [{"name": "You", "library": 10, "hand": 2}, {"name": "Opponent"}],
           "action": {"type": "cast", "card": "Day's Undoing", "player": "You"}}
    res = resolve(scenario_from_json(doc, CARDS), CARDS)
    assert res.players["You"].get("exile") == 1 and any("723.1b" in s.rules for s in res.steps)


def test_the_ruling_names_triggers_and_effects_that_stop_a_win_or_a_loss() -> None:
    bowmasters = _said("opp controls Orcish Bowmasters. I draw 3 cards.")
    assert bowmasters.ruling["text"] == "You draw 3 cards: Orcish Bowmasters triggers 3 times (603.2)."
    angel = _said("I control Laboratory Maniac and have 0 cards in library. Opponent controls Platinum Angel. "
                  "I draw.")
    assert angel.ruling["text"].startswith("No card is drawn: Laboratory Maniac replaces your draw (614.1a); you "
                                           "would win the game, but")
    assert angel.ruling["rules"] == ["614.1a", "104.3"]
    life = _said("Opponent controls Sheoldred, the Apocalypse. I have 1 life. I draw 2.")
    assert life.ruling["text"] == "You lose the game, so Opponent wins: a life total of -1 (704.5a, 704.3)."


def test_a_default_made_otherwise_is_no_longer_said_as_assumed() -> None:
    from engine.defaults import assume_otherwise

    scenario = parse_situation("I draw 2.", CARDS)
    assert "it is your turn" in scenario.assumed and "active" in scenario.defaulted
    assert assume_otherwise(scenario, "active") == "If it is Opponent's turn"
    assert scenario.active == "Opponent" and "it is your turn" not in scenario.assumed
    assert assume_otherwise(scenario, "active") is None  # once only: it is no longer a default
    assert "no card drawn yet this turn: Opponent" in scenario.assumed
    assert assume_otherwise(scenario, "drawn_this_turn:You") == "If You hadn't drawn yet this turn"
    assert scenario.player("You").drawn_this_turn == 0
    assert not any("already drew" in a for a in scenario.assumed)


def test_whose_turn_filled_in_by_the_reader_gives_the_other_outcome_when_it_decides() -> None:
    """Both players draw from empty libraries with a Laboratory Maniac each: the active player draws first
    (121.2c) and wins; whose turn it is was filled in by the reader, so the other turn's winner is given."""
    res = _said("I control Laboratory Maniac. Opponent controls Laboratory Maniac. I have 0 cards in library. "
                "Opponent has 0 cards in library. Each player draws a card.")
    assert res.winners == ["You"]
    assert [(o["if"], o["winners"]) for o in res.other_outcomes] == [("If it is Opponent's turn", ["Opponent"])]
