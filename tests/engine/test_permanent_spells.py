"""Casting a permanent card (601.2, 608.3a): cast triggers resolve first, then it enters and its own enters
abilities trigger; made-up cards with real Oracle patterns."""

import pytest

from engine.cards import scryfall_card_text
from engine.errors import ScenarioError
from tests.engine.helpers import cast, made_cards

DB = made_cards({
    "Cloud Herald": ("Creature — Bird", "When you cast this spell, draw two cards.\nFlying"),
    "Tide Keeper": ("Creature — Merfolk", "When this creature enters, draw a card."),
    "Quiet Shrine": ("Enchantment", "At the beginning of your upkeep, scry 1."),
    "Sunlit Patron": ("Legendary Creature — Merfolk",
                      "Whenever you cast your first enchantment spell each turn, draw a card."),
    "Dry Plains": ("Land", "{T}: Add {W}."),
})


def test_a_creature_spell_triggers_on_casting_then_enters():
    res = cast(DB, {}, {"card": "Cloud Herald", "ability": "spell"})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (8, 38, 0)
    kinds = [s.kind for s in res.steps]
    assert kinds.index("trigger") < kinds.index("resolve") < kinds.index("enters")
    assert "608.3a" in res.rules


def test_a_permanent_spell_with_only_an_enters_ability_draws_as_it_enters():
    res = cast(DB, {}, {"card": "Tide Keeper"})
    assert res.players["Alice"]["hand"] == 7  # 7 - 1 cast + 1 drawn
    assert any(s.kind == "enters" and s.text.startswith("Tide Keeper enters") for s in res.steps)
    assert res.players["Alice"]["graveyard"] == 0 and "stack" not in res.players["Alice"]


def test_first_spell_of_a_kind_each_turn_is_assumed_and_said_with_the_other_case():
    res = cast(DB, {"battlefield": ["Sunlit Patron"]}, {"card": "Quiet Shrine", "ability": "spell"})
    assert res.players["Alice"]["hand"] == 7
    assert any(s.kind == "assumption" and "first enchantment spell" in s.text for s in res.steps)
    assert any(b["choices"].get("first_spell:Sunlit Patron") is False for b in res.branches)
    not_first = cast(DB, {"battlefield": ["Sunlit Patron"]}, {"card": "Quiet Shrine", "ability": "spell"},
                     choices={"first_spell:Sunlit Patron": False})
    assert not_first.players["Alice"]["hand"] == 6


def test_a_land_is_played_not_cast():
    with pytest.raises(ScenarioError) as err:
        cast(DB, {}, {"card": "Dry Plains", "ability": "spell"})
    assert "305.1" in err.value.message


@pytest.mark.parametrize("card", [
    {"name": "Sunlit Patron // Sunlit Patron", "type_line": "",
     "oracle_text": "Whenever you cast your first enchantment spell each turn, draw a card.\n"
                    "Whenever you cast your first enchantment spell each turn, draw a card."},
    {"name": "Sunlit Patron // Sunlit Patron", "card_faces": [
        {"name": "Sunlit Patron", "type_line": "Creature", "oracle_text": "Draw a card."},
        {"name": "Sunlit Patron", "type_line": "Creature", "oracle_text": "Draw a card."}]},
])
def test_a_reversible_card_is_one_card_read_once(card):
    name, text, _ = scryfall_card_text(card)
    assert name == "Sunlit Patron"
    assert text.count("raw a card") == 1


MODAL = made_cards({
    "Choosy Imp": ("Creature — Imp", "When this creature enters, choose one —\n• Draw two cards.\n"
                                     "• Each opponent loses 2 life."),
    "Choosy Rod": ("Artifact", "{2}, {T}: Choose one —\n• Draw a card.\n• Each opponent loses 2 life."),
    "Greedy Choice": ("Instant", "Choose one or more —\n• Draw a card.\n• Each opponent loses 2 life."),
})


def test_a_modal_trigger_carries_out_one_mode_with_the_other_as_an_alternative():
    res = cast(MODAL, {}, {"card": "Choosy Imp", "ability": "enters"}, {"life": 20})
    assert res.players["Alice"]["hand"] == 9 and res.players["Bob"]["life"] == 20
    assert "700.2" in res.rules
    other = [b for b in res.branches if b["choices"].get("mode:Choosy Imp") == "each opponent loses 2 life"]
    assert other and other[0]["players"]["Bob"]["life"] == 18 and other[0]["players"]["Alice"]["hand"] == 7


def test_a_modal_activated_ability_carries_out_the_mode_chosen():
    res = cast(MODAL, {"battlefield": ["Choosy Rod"]}, {"card": "Choosy Rod", "ability": "activate"},
               {"life": 20}, choices={"mode:Choosy Rod": "each opponent loses 2 life"})
    assert res.players["Alice"]["hand"] == 7 and res.players["Bob"]["life"] == 18


def test_several_modes_at_once_are_not_read_as_one():
    from engine.oracle import read_oracle

    reading = read_oracle("Greedy Choice", "Choose one or more —\n• Draw a card.\n• Each opponent loses 2 life.",
                          "Instant")
    assert reading.effects  # the spell's modes are each a choice of what is cast
    trigger = read_oracle("Greedy Imp", "When this creature enters, choose one or more —\n• Draw a card.\n"
                          "• Each opponent loses 2 life.", "Creature — Imp")
    assert not trigger.understood


def test_a_mode_chosen_at_random_follows_one_mode_and_lists_each_other():
    db = made_cards({"Wild Yeti": ("Creature — Yeti", "At the beginning of combat on your turn, choose one at random —"
                                                      "\n• Discard your hand, then draw four cards.\n"
                                                      "• Each opponent loses 2 life.")})
    from engine.oracle import read_oracle

    reading = read_oracle("Wild Yeti", db.find("Wild Yeti").oracle, "Creature — Yeti")
    assert reading.understood
    ops = [op for e in reading.effects for op in getattr(e, "ops", ())]
    assert len({op.mode for op in ops}) == 2 and all(op.mode for op in ops)


SPLIT = made_cards({
    "Look // Leap": ("Instant // Sorcery", "Draw a card.\nEach opponent loses 2 life."),
    "Keep // Cast Off": ("Sorcery // Sorcery", "Each opponent loses 2 life.\nAftermath (Cast this spell only from "
                                              "your graveyard. Then exile it.)\nDraw two cards."),
    "Muddle // Mire": ("Instant // Instant", "Draw a card.\nDraw a card.\nEach opponent loses 2 life."),
})


def test_a_split_card_casts_one_half_with_the_other_as_an_alternative():
    res = cast(SPLIT, {"hand": ["Look // Leap"], "hand_unnamed": 6}, {"card": "Look // Leap"}, {"life": 20})
    assert res.players["Alice"]["hand"] == 7 and res.players["Bob"]["life"] == 20
    leap = cast(SPLIT, {"hand": ["Look // Leap"], "hand_unnamed": 6}, {"card": "Look // Leap"}, {"life": 20},
                choices={"ability:Look // Leap": "Leap"})
    assert leap.players["Alice"]["hand"] == 6 and leap.players["Bob"]["life"] == 18


def test_an_aftermath_half_is_cast_from_the_graveyard_and_exiled():
    res = cast(SPLIT, {"graveyard": ["Keep // Cast Off"]}, {"card": "Keep // Cast Off", "from": "graveyard"},
               {"life": 20})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["graveyard"], alice.get("exile")) == (9, 0, 1)
    assert res.players["Bob"]["life"] == 20
    first = cast(SPLIT, {"hand": ["Keep // Cast Off"], "hand_unnamed": 6}, {"card": "Keep // Cast Off"}, {"life": 20})
    assert first.players["Bob"]["life"] == 18 and first.players["Alice"]["hand"] == 6


def test_a_split_card_whose_halves_cant_be_told_apart_is_not_read():
    from engine.oracle import read_oracle

    reading = read_oracle("Muddle // Mire", "Draw a card.\nDraw a card.\nEach opponent loses 2 life.",
                          "Instant // Instant")
    assert not reading.understood and "Muddle // Mire" in reading.not_understood[0]
    joined = read_oracle("Muddle // Mire", "Draw a card.\nDraw a card.\n//\nEach opponent loses 2 life.",
                         "Instant // Instant")
    assert joined.understood and {e.mode for e in joined.effects} == {"Muddle", "Mire"}


def test_a_fuse_card_casts_either_half_or_both():
    db = made_cards({"Dig // Dump": ("Sorcery // Sorcery", "Target player draws two cards.\nFuse (You may cast one or "
                                     "both halves of this card from your hand.)\nEach opponent loses 2 life.\nFuse (You "
                                     "may cast one or both halves of this card from your hand.)")})
    one = cast(db, {}, {"card": "Dig // Dump", "targets": ["Alice"]}, {"life": 20})
    assert one.players["Alice"]["hand"] == 8 and one.players["Bob"]["life"] == 20
    both = cast(db, {}, {"card": "Dig // Dump", "targets": ["Alice"]}, {"life": 20},
                choices={"ability:Dig // Dump": "both halves (fused)"})
    assert both.players["Alice"]["hand"] == 8 and both.players["Bob"]["life"] == 18
    assert any(b["choices"].get("ability:Dig // Dump") == "both halves (fused)" for b in one.branches)


COINS = made_cards({
    "Lucky Guess": ("Sorcery", "Flip a coin. If you win the flip, draw two cards. If you lose the flip, each opponent "
                               "draws a card."),
    "Heads Up": ("Instant", "Flip a coin. If it comes up heads, draw a card. If it comes up tails, you lose 3 life."),
    "Die Guess": ("Instant", "Roll a six-sided die. If the result is 4 or higher, draw two cards. If the result is 3 "
                             "or lower, each opponent draws a card."),
})


def test_a_coin_flip_follows_one_result_and_lists_the_other_never_both():
    res = cast(COINS, {}, {"card": "Lucky Guess"})
    assert (res.players["Alice"]["hand"], res.players["Bob"]["hand"]) == (8, 7)
    assert "705.1" in res.rules
    lost = [b for b in res.branches if b["choices"].get("coin:Lucky Guess") == "lose"]
    assert lost and (lost[0]["players"]["Alice"]["hand"], lost[0]["players"]["Bob"]["hand"]) == (6, 8)
    tails = cast(COINS, {"life": 20}, {"card": "Heads Up"}, choices={"coin:Heads Up": "lose"})
    assert tails.players["Alice"]["life"] == 17 and tails.players["Alice"]["hand"] == 6


def test_a_die_roll_the_engine_does_not_make_is_refused_not_assumed_both_ways():
    with pytest.raises(ScenarioError):
        cast(COINS, {}, {"card": "Die Guess"})


BURN = made_cards({
    "Spiteful Bolt": ("Instant", "Spiteful Bolt deals 3 damage to target creature, planeswalker, or battle. Draw a "
                                 "card."),
    "Gentle Bear": ("Creature — Bear", "Vigilance"),
    "Grudge Bear": ("Creature — Bear", "When this creature dies, draw a card."),
    "Grave Watcher": ("Creature — Spirit", "Whenever another creature dies, you draw a card."),
})


def test_damage_to_a_creature_is_said_undecided_and_the_rest_resolves():
    res = cast(BURN, {}, {"card": "Spiteful Bolt", "targets": [{"card": "Gentle Bear", "controller": "Bob"}]},
               {"battlefield": ["Gentle Bear"]})
    assert res.players["Alice"]["hand"] == 7
    assert any("toughness" in n for n in res.notes)


@pytest.mark.parametrize(("bob", "target"), [(["Grudge Bear"], "Grudge Bear"),
                                             (["Gentle Bear", "Grave Watcher"], "Gentle Bear")])
def test_damage_is_refused_when_a_death_would_trigger_something(bob, target):
    with pytest.raises(ScenarioError) as err:
        cast(BURN, {}, {"card": "Spiteful Bolt", "targets": [{"card": target, "controller": "Bob"}]},
             {"battlefield": bob})
    assert "toughness" in err.value.message


def test_a_watching_ability_that_targets_aims_at_a_chosen_player_not_the_mover():
    db = made_cards({"Grim Collector": ("Creature — Vampire", "Whenever another creature dies, target opponent loses "
                                                              "1 life and you gain 1 life."),
                     "Doomed Bear": ("Creature — Bear", "Vigilance")})
    # Alice's own bear dies: the target is an opponent (Bob), never Alice because the bear was hers
    res = cast(db, {"battlefield": ["Grim Collector", "Doomed Bear"], "life": 20},
               {"card": "Doomed Bear", "ability": "dies"}, {"life": 20})
    assert (res.players["Alice"]["life"], res.players["Bob"]["life"]) == (21, 19)
    assert any(s.kind == "assumption" and "targets a player" in s.text for s in res.steps)
