"""Patterns found by resolving development cards outside the shared situations (#26j): each a made-up card
of the same Oracle template, so the pattern is tested, never one card's name."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import ScenarioError
from engine.model import Resolution
from engine.oracle import read_oracle
from tests.engine.helpers import cast, made_cards

TEST_CARDS = {
    "Pixie Whisper": ("Kindred Instant — Faerie", "Target player loses 1 life. If you control a Faerie, draw a card."),
    "Bear Tally": ("Sorcery", "You gain 1 life. If you control two or more Bears, draw two cards."),
    "Lonely Tome": ("Sorcery", "If you control no artifacts, draw a card."),
    "Glow Notice": ("Instant", "If you control an untapped creature, draw a card."),
    "Plain Bear": ("Creature — Bear", ""),
    "Brass Trinket": ("Artifact", ""),
    "Shared Gust": ("Sorcery", "Each player shuffles the cards from their hand into their library, then draws that "
                               "many cards."),
}
DB = made_cards(TEST_CARDS)


def run(alice: dict[str, Any], action: dict[str, Any], bob: dict[str, Any] | None = None) -> Resolution:
    return cast(DB, alice, action, bob)


def hand(res: Resolution, who: str = "Alice") -> int:
    return int(res.players[who]["hand"])


def test_what_you_control_is_read_from_the_board_not_assumed() -> None:
    # no permanent at all: "if you control a Faerie" is false (the spell on the stack isn't a permanent)
    none = run({}, {"card": "Pixie Whisper", "targets": ["Bob"]})
    assert hand(none) == 6 and not none.branches
    assert any("doesn't hold" in s.text for s in none.steps)
    # another player's Faerie doesn't count; her own does
    assert hand(run({}, {"card": "Pixie Whisper", "targets": ["Bob"]}, {"tokens": {"Faerie": 1}})) == 6
    assert hand(run({"tokens": {"Faerie": 1}}, {"card": "Pixie Whisper", "targets": ["Bob"]})) == 7
    # "two or more Bears", "no artifacts": counted
    assert hand(run({"battlefield": ["Plain Bear"]}, {"card": "Bear Tally"})) == 6
    assert hand(run({"battlefield": ["Plain Bear", "Plain Bear"]}, {"card": "Bear Tally"})) == 8
    assert hand(run({"battlefield": ["Plain Bear"]}, {"card": "Lonely Tome"})) == 7
    assert hand(run({"battlefield": ["Brass Trinket"]}, {"card": "Lonely Tome"})) == 6


def test_a_quality_the_board_does_not_show_stays_an_assumption_with_its_other_case() -> None:
    res = run({"battlefield": ["Plain Bear"]}, {"card": "Glow Notice"})
    assert any(s.kind == "assumption" for s in res.steps) and res.branches
    # with no permanent at all, no creature of any quality is controlled
    assert hand(run({}, {"card": "Glow Notice"})) == 6


def test_that_many_after_each_player_moves_cards_is_each_players_own_number() -> None:
    # 608.2h: Alice shuffles 3 (after casting), Bob 7: each draws their own number back
    res = run({"hand": 4}, {"card": "Shared Gust"}, {"hand": 7, "library": 40})
    assert hand(res) == 3 and res.players["Alice"]["library"] == 40
    assert hand(res, "Bob") == 7 and res.players["Bob"]["library"] == 40
    # one player alone: the number they moved, as before
    alone = run({"hand": 4, "library": 10}, {"card": "Shared Gust"}, {"hand": 0, "library": 40})
    assert hand(alone) == 3 and hand(alone, "Bob") == 0 and alone.players["Bob"]["library"] == 40


def test_the_made_up_cards_are_read_fully() -> None:
    for name, (type_line, text) in TEST_CARDS.items():
        assert read_oracle(name, text, type_line).understood, name


WATCHERS = {
    "Stout Watcher": ("Creature — Treefolk", "Whenever a creature you control with toughness 4 or greater dies, draw "
                                             "a card."),
    "Plain Watcher": ("Creature — Elf", "Whenever a creature you control dies, draw a card."),
    "Plain Bear": ("Creature — Bear", ""),
    "Land Scholar": ("Sorcery", "Draw three cards.\nForestcycling {2} ({2}, Discard this card: Search your library for "
                                "a Forest card, reveal it, put it into your hand, then shuffle.)"),
}
WDB = made_cards(WATCHERS)


def test_a_watched_quality_the_engine_cannot_judge_is_refused_with_its_words_never_dropped() -> None:
    # its own death: it looks back at itself (603.10a), a creature of unknown toughness
    with pytest.raises(ScenarioError, match="toughness 4 or greater"):
        cast(WDB, {"battlefield": ["Stout Watcher"]}, {"card": "Stout Watcher", "ability": "dies"})
    # another creature's death, the watcher staying: refused too, not silently ignored
    with pytest.raises(ScenarioError, match="toughness 4 or greater"):
        cast(WDB, {"battlefield": ["Stout Watcher", "Plain Bear"]}, {"card": "Plain Bear", "ability": "dies"})
    # a watcher without a quality sees its own death and draws
    res = cast(WDB, {"battlefield": ["Plain Watcher"]}, {"card": "Plain Watcher", "ability": "dies"})
    assert hand(res) == 8


def test_an_ability_named_is_never_swapped_for_another() -> None:
    # "forestcycles": a search, not the spell's "draw three"; refused with the landcycling words
    with pytest.raises(ScenarioError, match="Forestcycling"):
        cast(WDB, {}, {"card": "Land Scholar", "ability": "cycle"})
    assert hand(cast(WDB, {}, {"card": "Land Scholar", "ability": "spell"})) == 9


HURTS = {
    "Zap Note": ("Instant", "Zap Note deals 3 damage to any target.\nDraw a card."),
    "Venom Note": ("Sorcery", "Target player draws two cards, loses 2 life, and gets two poison counters."),
    "Plain Bear": ("Creature — Bear", ""),
}
HDB = made_cards(HURTS)


def test_damage_to_any_target_is_dealt_to_a_player_and_refused_for_a_permanent() -> None:
    res = cast(HDB, {}, {"card": "Zap Note", "targets": ["Bob"]}, {"life": 20})
    assert res.players["Bob"]["life"] == 17 and hand(res) == 7
    with pytest.raises(ScenarioError, match="creature or planeswalker"):
        cast(HDB, {}, {"card": "Zap Note", "targets": [{"card": "Plain Bear", "controller": "Bob"}]},
             {"battlefield": ["Plain Bear"]})
    # never dealt to its caster by default: unsaid, the one opponent (601.2c), said, the caster an alternative
    unsaid = cast(HDB, {}, {"card": "Zap Note"}, {"life": 20})
    assert unsaid.players["Bob"]["life"] == 17 and unsaid.players["Alice"]["life"] == 20
    assert any(s.kind == "assumption" and "targets a player" in s.text for s in unsaid.steps)
    assert any(b["players"]["Alice"]["life"] == 17 for b in unsaid.branches)


def test_poison_counters_are_given_and_ten_lose_the_game() -> None:
    res = cast(HDB, {}, {"card": "Venom Note", "targets": ["Bob"]}, {"poison": 8})
    assert res.players["Bob"]["hand"] == 9 and res.players["Bob"]["lost"] and res.players["Alice"]["won"]
    assert "704.5c" in res.rules


COUNTS = {
    "Count Note": ("Instant", "Draw a card, then you gain life equal to the number of cards in your hand."),
    "Tally Well": ("Land", "{T}: Draw a card, then you lose life equal to the number of cards in your hand."),
    "Refill Note": ("Sorcery", "Draw cards equal to the number of cards in your hand plus one."),
    "Echo Note": ("Sorcery", "Draw a card, then draw cards equal to the number of cards named Echo Note in your "
                             "graveyard."),
}
CDB = made_cards(COUNTS)


def test_amounts_counted_from_the_board_as_the_effect_resolves() -> None:
    # 608.2h: counted after the draw before it
    assert cast(CDB, {}, {"card": "Count Note"}).players["Alice"]["life"] == 27
    assert cast(CDB, {"battlefield": ["Tally Well"]}, {"card": "Tally Well", "ability": "activate"}
                ).players["Alice"]["life"] == 12
    assert hand(cast(CDB, {}, {"card": "Refill Note"})) == 13  # 6 in hand after casting: draw 7
    echo = cast(CDB, {"graveyard": ["Echo Note", "Echo Note", "Count Note"]}, {"card": "Echo Note"})
    assert hand(echo) == 9  # 1, then 2 (the spell itself is on the stack)
    # a graveyard only counted, not named: asked, never guessed
    with pytest.raises(ScenarioError, match="needs a value for X"):
        cast(CDB, {"graveyard": 3}, {"card": "Echo Note"})


LATER = {
    "Tired Note": ("Sorcery", "Target player skips their next draw step."),
    "Land Or Spell Muse": ("Creature — Demon", "Whenever you play a land or cast a spell, you draw a card and you lose "
                                               "1 life."),
    "Crown Muse": ("Creature — Human", "Whenever you play a legendary land or cast a legendary spell, draw a card."),
    "Calm Spell": ("Instant", "Draw a card."),
}
LDB = made_cards(LATER)


def test_a_later_draw_step_skipped_moves_nothing_now() -> None:
    res = cast(LDB, {}, {"card": "Tired Note", "targets": ["Bob"]})
    assert hand(res) == 6 and res.players["Bob"]["hand"] == 7


def test_play_a_land_or_cast_a_spell_triggers_on_the_cast() -> None:
    res = cast(LDB, {"battlefield": ["Land Or Spell Muse"]}, {"card": "Calm Spell"})
    assert hand(res) == 8 and res.players["Alice"]["life"] == 19  # 7 - 1 + 1 (trigger) + 1 (spell)
    # "a legendary spell": an instant that isn't legendary doesn't trigger it
    assert hand(cast(LDB, {"battlefield": ["Crown Muse"]}, {"card": "Calm Spell"})) == 7


def test_an_effect_set_up_for_the_next_end_step_moves_nothing_now() -> None:
    db = made_cards({"Cram Note": ("Sorcery", "Draw three cards. Discard three cards at the beginning of the next end "
                                              "step."),
                     "Brief Beast Note": ("Sorcery", "Create a 3/3 green Beast creature token. At the beginning of the "
                                                     "next end step, sacrifice it.\nDraw a card.")})
    res = cast(db, {}, {"card": "Cram Note"})
    assert hand(res) == 9 and res.players["Alice"]["graveyard"] == 1
    assert any("603.7" in " ".join(s.rules) or s.kind == "delayed" for s in res.steps)
    beast = cast(db, {}, {"card": "Brief Beast Note"})
    assert hand(beast) == 7 and beast.players["Alice"]["tokens"] == {"Beast": 1}


RESTRICTED = {
    "Five Land Cave": ("Land", "{T}: Add {C}.\n{1}, {T}, Sacrifice this land: Draw a card. Activate only if you "
                               "control five or more lands."),
    "Seven Card Vault": ("Land", "{T}: Draw a card. Activate this ability only if you have exactly seven cards in "
                                 "hand."),
}
RDB = made_cards(RESTRICTED)


def test_an_activation_condition_the_board_decides_is_checked_before_the_effect() -> None:
    # 602.5b: one land, not five: the ability can't be activated (never resolved as if it could)
    with pytest.raises(ScenarioError, match="can't activate"):
        cast(RDB, {"battlefield": ["Five Land Cave"]}, {"card": "Five Land Cave", "ability": "activate"})
    five = cast(RDB, {"battlefield": ["Five Land Cave"] * 5}, {"card": "Five Land Cave", "ability": "activate"})
    assert hand(five) == 8 and five.players["Alice"]["graveyard"] == 1
    # checked as it is activated, not after its own draw made the hand eight
    assert hand(cast(RDB, {"battlefield": ["Seven Card Vault"]}, {"card": "Seven Card Vault", "ability": "activate"})) == 8
    with pytest.raises(ScenarioError, match="can't activate"):
        cast(RDB, {"battlefield": ["Seven Card Vault"], "hand": 6}, {"card": "Seven Card Vault", "ability": "activate"})


def test_that_many_plus_one_after_a_discard() -> None:
    db = made_cards({"Restart Note": ("Sorcery", "Discard all the cards in your hand, then draw that many cards plus "
                                                 "one.")})
    res = cast(db, {"hand": 4}, {"card": "Restart Note"})
    assert hand(res) == 4 and res.players["Alice"]["graveyard"] == 4  # 3 discarded + the spell; 3 + 1 drawn
