"""X counted from the board (608.2h): made-up cards with the patterns of Oracle text that define X."""

import pytest

from engine.errors import ScenarioError
from tests.engine.helpers import cast, made_cards

DB = made_cards({
    "Counting Seer": ("Creature — Zombie Wizard",
                      "When this creature enters, draw cards equal to the number of Zombies you control or the "
                      "number of Zombie cards in your graveyard, whichever is greater."),
    "Envoy of Rivals": ("Creature — Spirit",
                        "When this creature enters, investigate X times, where X is the number of opponents you "
                        "have."),
    "Grim Tally": ("Sorcery", "Draw cards equal to the number of cards in your graveyard."),
    "Rotting Wall": ("Creature — Zombie Wall", "Defender"),
    "Dead Scholar": ("Creature — Zombie", "Flying"),
})


def test_x_is_the_greater_of_two_counts_on_the_board():
    # Zombies Alice controls: Rotting Wall and the Seer itself, on the battlefield as its ability resolves = 2;
    # Zombie cards in her graveyard: 3 (one of them is not a Zombie).
    res = cast(DB, {"battlefield": ["Rotting Wall"],
                    "graveyard": ["Dead Scholar", "Dead Scholar", "Dead Scholar", "Grim Tally"]},
               {"card": "Counting Seer", "ability": "enters"})
    assert res.players["Alice"]["hand"] == 10
    assert any(s.kind == "amount" and "608.2h" in s.rules and s.text.startswith("X is 3") for s in res.steps)


def test_the_board_count_changes_with_the_board():
    res = cast(DB, {"battlefield": ["Rotting Wall", "Rotting Wall", "Rotting Wall", "Rotting Wall"]},
               {"card": "Counting Seer", "ability": "enters"})
    assert res.players["Alice"]["hand"] == 7 + 5  # four Walls and the Seer


def test_x_counts_opponents_still_in_the_game():
    doc_players = {"library": 40}
    res = cast(DB, doc_players, {"card": "Envoy of Rivals", "ability": "enters"})
    assert res.players["Alice"]["tokens"] == {"Clue": 1}


def test_a_zone_of_cards_only_counted_can_still_be_counted_in_full():
    res = cast(DB, {"graveyard": 5}, {"card": "Grim Tally"})
    assert res.players["Alice"]["hand"] == 6 + 5


def test_cards_whose_types_are_unknown_make_x_a_question_not_a_guess():
    with pytest.raises(ScenarioError) as err:
        cast(DB, {"graveyard": 3}, {"card": "Counting Seer", "ability": "enters"})
    assert "Zombie cards in your graveyard".lower() in err.value.message.lower()


def test_a_stated_x_is_used_for_the_cards_own_trigger():
    res = cast(DB, {"graveyard": 3}, {"card": "Counting Seer", "ability": "enters", "x": 4})
    assert res.players["Alice"]["hand"] == 11


def test_other_permanents_are_not_counted_as_if_the_source_were_one_of_them():
    db = made_cards({"Lonely Sage": ("Creature — Human", "When this creature enters, draw a card for each other "
                                                         "creature you control."),
                     "Rotting Wall": ("Creature — Zombie Wall", "Defender")})
    with pytest.raises(ScenarioError) as err:
        cast(db, {"battlefield": ["Rotting Wall"]}, {"card": "Lonely Sage", "ability": "enters"})
    assert "other creature you control" in err.value.message


def test_x_against_an_empty_library_needs_no_value():
    """"If X is greater than or equal to the number of cards in your library": with none left, true for any X
    (107.1b: never negative); with cards left, X is still asked for."""
    from engine.resolve import resolve
    from engine.scenario_json import scenario_from_json

    def oracle(library: int):
        doc = {"players": [{"name": "You", "library": library}, {"name": "Opponent"}],
               "action": {"type": "cast", "card": "Thassa's Oracle", "player": "You"}}
        return resolve(scenario_from_json(doc))

    res = oracle(0)
    assert res.winners == ["You"] and "107.1b" in res.rules
    with pytest.raises(ScenarioError):
        oracle(5)
