"""Patterns found by resolving 69 more development cards in their natural situations (#26k): each WRONG answer
found, as a made-up card of the same Oracle template, so the pattern is tested, never one card's name."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from engine.oracle import read_oracle
from tests.engine.helpers import cast, made_cards

CARDS = {
    "Ember Cycler": ("Instant", "Ember Cycler deals 3 damage to any target.\nCycling {2} ({2}, Discard this card: Draw "
                                "a card.)\nWhen you cycle this card, you may have it deal 1 damage to any target."),
    "Storm of Claws": ("Sorcery", "Storm of Claws deals 2 damage to each creature with flying and each player."),
    "Grave Clue": ("Instant", "Draw a card. If this spell was cast from a graveyard, draw two cards instead.\n"
                              "Flashback {2}{U} (You may cast this card from your graveyard for its flashback cost. "
                              "Then exile it.)"),
    "Two Way Mage": ("Creature — Human Wizard", "{3}{U}: Target player draws a card.\n{3}{B}: Target player discards a "
                                                "card. Activate only as a sorcery.\n{9}, Exile a card: Destroy target "
                                                "creature."),
    "Shared Sight": ("Creature — Human", "When this creature enters, you and target opponent each draw a card."),
    "Bounce Lore": ("Sorcery", "You gain 2 life. Draw a card.\nRebound (If you cast this spell from your hand, exile it "
                               "as it resolves. At the beginning of your next upkeep, you may cast this card from exile "
                               "without paying its mana cost.)"),
}
DB = made_cards(CARDS)


def test_the_made_up_cards_are_read_fully() -> None:
    for name, (type_line, text) in CARDS.items():
        assert read_oracle(name, text, type_line).understood, name


def test_a_cycling_trigger_that_has_the_card_deal_damage_is_carried_out() -> None:
    # "you may have it deal 1 damage to any target" (702.29c): read, aimed at the one opponent unsaid (601.2c)
    res = cast(DB, {"hand": ["Ember Cycler"], "hand_unnamed": 6}, {"card": "Ember Cycler", "ability": "cycle"},
               {"life": 20})
    assert res.players["Bob"]["life"] == 19 and res.players["Alice"]["hand"] == 7
    declined = cast(DB, {"hand": ["Ember Cycler"], "hand_unnamed": 6}, {"card": "Ember Cycler", "ability": "cycle"},
                    {"life": 20}, choices={"may:Ember Cycler:damage": False})
    assert declined.players["Bob"]["life"] == 20


def test_damage_to_each_creature_and_each_player_is_not_dropped_as_harmless() -> None:
    with pytest.raises(ScenarioError, match="each player"):
        cast(DB, {}, {"card": "Storm of Claws"})


def test_how_the_spell_was_cast_is_read_from_the_action_not_assumed() -> None:
    from_hand = cast(DB, {}, {"card": "Grave Clue"})
    assert from_hand.players["Alice"]["hand"] == 7 and not from_hand.branches
    flashback = cast(DB, {"graveyard": ["Grave Clue"]}, {"card": "Grave Clue", "from": "graveyard"})
    assert flashback.players["Alice"]["hand"] == 9 and flashback.players["Alice"]["exile"] == 1


def test_an_ability_said_that_the_engine_does_not_read_is_refused_never_swapped() -> None:
    with pytest.raises(ScenarioError, match=r"\{3\}\{B\}: Target player discards"):
        cast(DB, {"battlefield": ["Two Way Mage"]}, {"card": "Two Way Mage", "ability": "activate", "targets": ["Bob"]},
             choices={"ability:Two Way Mage": "{3}{B}"})
    drew = cast(DB, {"battlefield": ["Two Way Mage"]}, {"card": "Two Way Mage", "ability": "activate",
                                                       "targets": ["Bob"]}, choices={"ability:Two Way Mage": "{3}{U}"})
    assert drew.players["Bob"]["hand"] == 8


def test_you_and_target_opponent_each_draw_aims_at_the_opponent() -> None:
    res = cast(DB, {}, {"card": "Shared Sight", "ability": "enters"}, {"hand": 7, "library": 40})
    assert res.players["Alice"]["hand"] == 8 and res.players["Bob"]["hand"] == 8


def test_rebound_exiles_a_spell_cast_from_the_hand() -> None:
    res = cast(DB, {}, {"card": "Bounce Lore"})
    alice = res.players["Alice"]
    assert alice["hand"] == 7 and alice["graveyard"] == 0 and alice["exile"] == 1
    assert any("702.88a" in s.rules for s in res.steps)
