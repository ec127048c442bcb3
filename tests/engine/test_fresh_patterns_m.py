"""Patterns found by resolving 70 more development cards in their natural situations (#26m): each WRONG answer
found, as a made-up card of the same Oracle template, so the pattern is tested, never one card's name."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from engine.oracle import read_oracle
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.engine.helpers import cast, made_cards

CARDS = {
    "Tall Gift": ("Instant", "Draw cards equal to the greatest power among creatures you control."),
    "Hue Seer": ("Creature — Elf", "When this creature enters, draw cards equal to the number of colors among "
                                   "permanents you control."),
    "Grizzly Bears": ("Creature — Bear", ""),
    "Forest Count": ("Sorcery", "Draw a card for each Forest you control."),
    "Aura of Plenty": ("Enchantment — Aura", "Enchant creature\nAt the beginning of the draw step of enchanted "
                                             "creature's controller, that player draws an additional card."),
    "Guest Well": ("Enchantment", "At the beginning of each other player's draw step, that player draws an "
                                  "additional card."),
    "Second Look": ("Instant", "Target player draws a card.\nRetrace (You may cast this card from your graveyard by "
                               "discarding a land card in addition to paying its other costs.)"),
    "Grim Toll": ("Creature — Spirit", "When this creature enters, draw a card if a creature died this turn. "
                                       "Otherwise, each player sacrifices a creature of their choice."),
    "Coven Gift": ("Instant", "Target creature gets +2/+2 until end of turn.\nThen if you control three or more "
                              "creatures with different powers, draw a card."),
    "Blood Price": ("Sorcery", "As an additional cost to cast this spell, pay X life.\nDraw X cards."),
    "Forced Refit": ("Instant", "As an additional cost to cast this spell, discard X cards.\nDraw X cards."),
    "Last Reset": ("Sorcery", "Each player shuffles their hand and graveyard into their library, then draws seven "
                              "cards. Exile Last Reset."),
    "Bone Reading": ("Enchantment — Aura", "Enchant creature\nWhen enchanted creature dies, draw two cards."),
    "Hill Giant": ("Creature — Giant", ""),
    "Quiet Field": ("Land", ""),
    "Top Up": ("Creature — Human", "When this creature enters, if you have fewer than four cards in hand, draw cards "
                                   "equal to the difference."),
    "Mind Tax": ("Sorcery", "Target opponent discards two cards. If fewer than two cards were discarded this way, you "
                            "draw cards equal to the difference."),
    "Leap Study": ("Instant", "Draw two cards.\nJump-start (You may cast this card from your graveyard by discarding a "
                              "card in addition to paying its other costs. Then exile this card.)"),
    "Costly Echo": ("Sorcery", "Target player draws two cards.\nFlashback—{1}{U}, Pay 3 life. (You may cast this card "
                               "from your graveyard for its flashback cost. Then exile it.)"),
    "Dust Sifter": ("Instant", "Exile target card from a graveyard. If it was a creature card, you gain 3 life. "
                               "Otherwise, you draw a card.\nEscape—{3}{B}, Exile five other cards from your graveyard. "
                               "(You may cast this card from your graveyard for its escape cost.)"),
    "Raid Notes": ("Instant", "Draw two cards. Then discard a card unless you attacked this turn."),
    "Lone Seer": ("Creature — Merfolk Wizard", "As long as you control another Wizard, this creature has \"When this "
                                               "creature dies, draw a card.\""),
    "Humble Rider": ("Creature — Human Soldier", "When this creature enters, draw a card. Then if you don't control "
                                                 "a legendary creature, put a card from your hand on the bottom of your "
                                                 "library."),
    "Hard Lesson": ("Instant", "Draw two cards. Then discard a card unless you return a land you control to its "
                               "owner's hand."),
    "Thirst Again": ("Instant", "Draw three cards. Then discard two cards unless you discard an artifact card."),
    "Merfolk Captain": ("Creature — Merfolk", "Tap three untapped Merfolk you control: Draw a card."),
    "Scarred Ritual": ("Sorcery", "As an additional cost to cast this spell, put a -1/-1 counter on a creature you "
                                  "control.\nDraw two cards."),
    "Peek Ahead": ("Sorcery", "Look at the top three cards of your library, then put them back in any order. You may "
                              "shuffle. Draw a card."),
    "Quick Study": ("Instant", "Surveil 2, then draw a card."),
    "Wild Growth Spurt": ("Instant", "Target creature gets +2/+2 and gains trample until end of turn.\nDraw a card."),
    "Taunting Captain": ("Creature — Human Pirate", "{T}: Goad target creature an opponent controls. That player draws "
                                                    "a card."),
    "Counter Sage": ("Creature — Merfolk Wizard", "Whenever a +1/+1 counter is put on this creature, you may draw a "
                                                  "card."),
    "Boon Study": ("Instant", "Put a +1/+1 counter on target creature. Draw a card."),
    "Night Reader": ("Creature — Elf", "Whenever you cast a spell during an opponent's turn, draw a card."),
    "Cauldron // Burst": ("Artifact // Sorcery", "{4}, {T}: Draw a card.\nReturn up to two target land cards from "
                                                 "your graveyard to your hand. Each player gains 4 life."),
    "Rush Goon": ("Creature — Ogre", "When this creature dies, create a Treasure token.\nBlitz {3}{B} (If you cast "
                                     "this spell for its blitz cost, it gains haste and \"When this creature dies, draw a "
                                     "card.\" Sacrifice it at the beginning of the next end step.)"),
    "Second Wind": ("Instant", "Draw a card. If you've drawn two or more cards this turn, you gain 3 life."),
    "Second Thought": ("Creature — Human", "Whenever you cast your second spell each turn, draw a card."),
    "Plan Shift": ("Instant", "Each of X target creatures you control connive."),
    "Split Aim": ("Instant", "Split Aim deals 2 damage to any target. Target player draws two cards."),
}
DB = made_cards(CARDS)


def test_the_made_up_cards_are_read_fully() -> None:
    for name, (type_line, text) in CARDS.items():
        if text:
            assert read_oracle(name, text, type_line).understood, name


@pytest.mark.parametrize("action", [{"card": "Tall Gift"}, {"card": "Hue Seer", "ability": "enters"}])
def test_an_amount_that_is_not_a_count_of_a_kind_is_asked_never_zero(action: dict[str, str]) -> None:
    # "the greatest power among creatures", "colors among permanents": the engine doesn't know power or colour,
    # so X is asked for (608.2h), never counted as 0 creatures of a kind "greatest power among creatures"
    with pytest.raises(ScenarioError, match="needs a value for X"):
        cast(DB, {"battlefield": ["Grizzly Bears"]}, action)
    given = cast(DB, {"battlefield": ["Grizzly Bears"]}, dict(action, x=2))
    assert given.players["Alice"]["library"] == 38


def test_a_basic_land_type_is_counted_as_a_kind() -> None:
    res = cast(DB, {"battlefield": ["Grizzly Bears"]}, {"card": "Forest Count"})
    assert res.players["Alice"]["hand"] == 6


def test_two_player_targets_aimed_at_different_players_are_refused_never_merged() -> None:
    # 601.2c: each target is chosen on its own; the engine aims one ability's targets at one player, so two
    # different players named are refused with the words, not both parts given to the first
    with pytest.raises(ScenarioError, match="any target. Target player draws"):
        cast(DB, {}, {"card": "Split Aim", "targets": ["Bob", "Alice"]})
    same = cast(DB, {}, {"card": "Split Aim", "targets": ["Bob"]}, {"life": 20})
    assert same.players["Bob"]["hand"] == 9 and same.players["Bob"]["life"] == 18


def test_a_draw_step_trigger_kept_as_words_is_refused_in_a_draw_step_never_dropped() -> None:
    # 504.2: "at the beginning of the draw step of enchanted creature's controller" triggers in this step; the
    # engine can't tell whose creature it enchants, so it names the words instead of drawing one card
    doc = {"step": "draw", "action": {"type": "draw_step"}}
    with pytest.raises(ScenarioError, match="enchanted creature's controller"):
        resolve(scenario_from_json({"players": [{"name": "Alice", "battlefield": ["Grizzly Bears", "Aura of Plenty"]},
                                                {"name": "Bob"}], **doc}, DB), DB)
    # "each other player's draw step" can't be its controller's own: nothing to refuse there
    own = resolve(scenario_from_json({"players": [{"name": "Alice", "battlefield": ["Guest Well"]}, {"name": "Bob"}],
                                      **doc}, DB), DB)
    assert own.players["Alice"]["drawn_this_turn"] == 1


def test_retrace_discards_a_land_card_as_it_is_cast_from_the_graveyard() -> None:
    # 702.81a: the discard is part of casting it (601.2h); the card goes back to the graveyard (608.2n)
    res = cast(DB, {"graveyard": ["Second Look"], "hand": ["Forest"], "hand_unnamed": 6},
               {"card": "Second Look", "from": "graveyard", "targets": ["Alice"]})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (7, 39, 2)


def test_a_creature_of_their_choice_is_a_creature_the_entering_one_included() -> None:
    # 701.21a: "each player sacrifices a creature of their choice": Alice's only creature is the one that entered
    res = cast(DB, {}, {"card": "Grim Toll", "ability": "enters"}, choices={"condition:a creature died this turn": False})
    assert res.players["Alice"]["graveyard"] == 1 and res.players["Alice"]["hand"] == 7


def test_n_or_more_of_a_qualified_kind_is_false_with_fewer_of_the_kind_at_all() -> None:
    # "three or more creatures with different powers" with one creature: powers unknown, the answer is no (608.2c)
    res = cast(DB, {"battlefield": ["Grizzly Bears"]},
               {"card": "Coven Gift", "targets": [{"card": "Grizzly Bears", "controller": "Alice"}]})
    assert res.players["Alice"]["hand"] == 6 and not res.branches


def test_an_additional_cost_with_x_is_paid_with_the_x_given() -> None:
    # 601.2b: X is announced as the spell is cast; "pay X life" / "discard X cards" are then paid (601.2h)
    life = cast(DB, {}, {"card": "Blood Price", "x": 3}, choices={}).players["Alice"]
    assert (life["life"], life["hand"], life["library"]) == (17, 9, 37)
    discard = cast(DB, {}, {"card": "Forced Refit", "x": 2}).players["Alice"]
    assert (discard["hand"], discard["graveyard"], discard["library"]) == (6, 3, 38)
    with pytest.raises(ScenarioError, match="pay x life"):
        cast(DB, {}, {"card": "Blood Price"})


def test_a_spell_that_exiles_itself_goes_to_exile_not_the_graveyard() -> None:
    res = cast(DB, {"graveyard": 2}, {"card": "Last Reset"})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["graveyard"], alice["exile"]) == (7, 0, 1)


def test_an_aura_sees_the_death_of_the_creature_it_enchants_and_follows_it() -> None:
    # 603.10a: "when enchanted creature dies" looks back; 704.5m: the Aura goes to the graveyard too
    res = cast(DB, {"battlefield": ["Grizzly Bears", "Bone Reading"]}, {"card": "Grizzly Bears", "ability": "dies"})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (9, 38, 2)
    # with two creatures, the Aura on the other one sees nothing
    other = cast(DB, {"battlefield": ["Grizzly Bears", "Hill Giant", "Bone Reading"]},
                 {"card": "Grizzly Bears", "ability": "dies"}, choices={"enchanted:Bone Reading": "Alice's Hill Giant"})
    assert other.players["Alice"]["hand"] == 7 and other.players["Alice"]["graveyard"] == 1


@pytest.mark.parametrize(("hand", "drawn"), [(1, 3), (3, 1), (5, 0)])
def test_the_difference_of_an_intervening_hand_count_is_counted(hand: int, drawn: int) -> None:
    # 603.4: "if you have fewer than four cards in hand" (the hand after it entered); X = 4 - hand (608.2h)
    res = cast(DB, {"hand": hand}, {"card": "Top Up", "ability": "enters"})
    assert res.players["Alice"]["hand"] == hand + drawn


@pytest.mark.parametrize(("bob_hand", "drawn"), [(0, 2), (1, 1), (5, 0)])
def test_the_difference_of_cards_discarded_this_way_is_counted(bob_hand: int, drawn: int) -> None:
    res = cast(DB, {}, {"card": "Mind Tax", "targets": ["Bob"]}, {"hand": bob_hand})
    assert res.players["Alice"]["hand"] == 6 + drawn


def test_a_graveyard_keyword_is_a_permission_paid_as_the_spell_is_cast_from_the_graveyard() -> None:
    # from the hand the keyword line does nothing; from the graveyard its cost is paid (601.2f, 601.2h)
    assert cast(DB, {}, {"card": "Leap Study"}).players["Alice"]["hand"] == 8
    jumped = cast(DB, {"graveyard": ["Leap Study"]}, {"card": "Leap Study", "from": "graveyard"}).players["Alice"]
    assert (jumped["hand"], jumped["graveyard"], jumped["exile"]) == (8, 1, 1)  # 702.133a: a card discarded
    flashed = cast(DB, {"graveyard": ["Costly Echo"]}, {"card": "Costly Echo", "from": "graveyard",
                                                        "targets": ["Alice"]}).players["Alice"]
    assert (flashed["life"], flashed["hand"], flashed["exile"]) == (17, 9, 1)  # 702.34a: 3 life paid


@pytest.mark.parametrize(("exiled", "hand", "life"), [("Grizzly Bears", 6, 23), ("Tall Gift", 7, 20)])
def test_it_was_a_creature_card_is_read_from_the_card_exiled(exiled: str, hand: int, life: int) -> None:
    res = cast(DB, {}, {"card": "Dust Sifter", "targets": [{"card": exiled, "owner": "Bob", "zone": "graveyard"}]},
               {"graveyard": [exiled]})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["life"]) == (hand, life) and not res.branches


@pytest.mark.parametrize(("step", "active"), [("main1", "Alice"), ("upkeep", "Alice"), ("main2", "Bob")])
def test_nobody_has_attacked_before_their_own_combat(step: str, active: str) -> None:
    # 506.1, 508.1: before the combat of her turn, or on another player's turn, Alice hasn't attacked: she discards
    res = cast(DB, {}, {"card": "Raid Notes"}, step=step, active=active)
    assert res.players["Alice"]["hand"] == 7 and res.players["Alice"]["graveyard"] == 2 and not res.branches
    after_combat = cast(DB, {}, {"card": "Raid Notes"}, step="main2")
    assert after_combat.branches  # whether she attacked is a record the engine doesn't keep: said, both lines


def test_another_of_a_kind_with_none_of_the_kind_left_is_false() -> None:
    res = cast(DB, {"battlefield": ["Lone Seer"]}, {"card": "Lone Seer", "ability": "dies"})
    assert res.players["Alice"]["hand"] == 7 and not res.branches


def test_you_dont_control_a_kind_is_read_from_the_board() -> None:
    res = cast(DB, {}, {"card": "Humble Rider", "ability": "enters"})
    assert res.players["Alice"]["hand"] == 7 and res.players["Alice"]["library"] == 40 and not res.branches


def test_an_unless_act_that_is_impossible_leaves_the_penalty() -> None:
    # 608.2c: with no land to return, the card is discarded
    alice = cast(DB, {}, {"card": "Hard Lesson"}).players["Alice"]
    assert (alice["hand"], alice["graveyard"]) == (7, 2)


def test_an_unless_act_chosen_is_carried_out() -> None:
    # the land goes back to the hand (9), nothing discarded; the discard of the artifact card instead of two
    land = cast(DB, {"battlefield": ["Quiet Field"]}, {"card": "Hard Lesson"})
    assert land.players["Alice"]["hand"] == 9 and land.branches
    thirst = cast(DB, {}, {"card": "Thirst Again"}).players["Alice"]
    assert (thirst["hand"], thirst["graveyard"]) == (8, 2)
    declined = cast(DB, {}, {"card": "Thirst Again"},
                    choices={"condition:you discard an artifact card": False}).players["Alice"]
    assert (declined["hand"], declined["graveyard"]) == (7, 3)


def test_a_cost_on_permanents_the_player_doesnt_have_is_refused() -> None:
    # 118.3, 602.2b: three Merfolk to tap with one on the battlefield, a creature for the counter with none
    with pytest.raises(ScenarioError, match="needs 3 merfolk"):
        cast(DB, {"battlefield": ["Merfolk Captain"]}, {"card": "Merfolk Captain", "ability": "activate"})
    with pytest.raises(ScenarioError, match="needs 1 creature"):
        cast(DB, {}, {"card": "Scarred Ritual"})
    three = cast(DB, {"battlefield": ["Merfolk Captain"] * 3}, {"card": "Merfolk Captain", "ability": "activate"})
    assert three.players["Alice"]["hand"] == 8
    assert cast(DB, {"battlefield": ["Grizzly Bears"]}, {"card": "Scarred Ritual"}).players["Alice"]["hand"] == 8


def test_words_that_move_nothing_counted_are_carried_out_as_nothing() -> None:
    for card in ("Peek Ahead", "Wild Growth Spurt"):
        alice = cast(DB, {"battlefield": ["Grizzly Bears"]}, {"card": card}).players["Alice"]
        assert (alice["hand"], alice["library"]) == (7, 39), card


def test_surveil_puts_the_cards_the_player_chooses_into_the_graveyard() -> None:
    # 701.25a: none unless said (the others are alternatives), a said number goes to the graveyard
    kept = cast(DB, {}, {"card": "Quick Study"})
    assert kept.players["Alice"]["library"] == 39 and len(kept.branches) == 2
    binned = cast(DB, {}, {"card": "Quick Study"}, choices={"surveil:Quick Study:Alice": 2}).players["Alice"]
    assert (binned["library"], binned["graveyard"], binned["hand"]) == (37, 3, 7)


def test_that_player_of_a_target_kept_in_words_is_the_targets_controller_never_the_caster() -> None:
    # 601.2c: a creature an opponent controls, one opponent: that player is Bob, whoever activates
    res = cast(DB, {"battlefield": ["Taunting Captain"]}, {"card": "Taunting Captain", "ability": "activate"},
               {"battlefield": ["Grizzly Bears"]})
    assert res.players["Bob"]["hand"] == 8 and res.players["Alice"]["hand"] == 7


def test_a_counter_put_on_a_permanent_is_seen_by_a_watcher_never_dropped() -> None:
    # 122.6: "whenever a +1/+1 counter is put on this creature": the counter is words the engine doesn't track,
    # so the watcher's draw is refused with its words rather than left out
    with pytest.raises(ScenarioError, match="counter is put on"):
        cast(DB, {"battlefield": ["Counter Sage"]},
             {"card": "Boon Study", "targets": [{"card": "Counter Sage", "controller": "Alice"}]})
    alone = cast(DB, {"battlefield": ["Grizzly Bears"]},
                 {"card": "Boon Study", "targets": [{"card": "Grizzly Bears", "controller": "Alice"}]})
    assert alone.players["Alice"]["hand"] == 7


@pytest.mark.parametrize(("active", "hand"), [("Alice", 7), ("Bob", 8)])
def test_a_cast_trigger_during_an_opponents_turn_is_judged_by_whose_turn_it_is(active: str, hand: int) -> None:
    res = cast(DB, {"battlefield": ["Night Reader"]}, {"card": "Split Aim", "targets": ["Bob"]}, active=active)
    assert res.players["Alice"]["hand"] == hand - 1  # Split Aim left the hand; Bob drew its two


def test_a_spell_face_the_engine_cant_carry_out_is_refused_with_its_words() -> None:
    with pytest.raises(ScenarioError, match="Each player gains 4 life"):
        cast(DB, {}, {"card": "Cauldron // Burst", "ability": "spell"})


def test_an_alternative_cost_nobody_mentions_was_not_paid() -> None:
    # 601.2b, 118.9: blitz is the caster's choice; "it dies" is the plain cast unless blitz is said
    plain = cast(DB, {"battlefield": ["Rush Goon"]}, {"card": "Rush Goon", "ability": "dies"})
    assert plain.players["Alice"]["hand"] == 7 and plain.branches
    blitzed = cast(DB, {"battlefield": ["Rush Goon"]}, {"card": "Rush Goon", "ability": "dies"},
                   choices={"alternative:Alice": True})
    assert blitzed.players["Alice"]["hand"] == 8


@pytest.mark.parametrize(("drawn", "life"), [(0, 20), (1, 23)])
def test_cards_drawn_this_turn_decide_a_condition(drawn: int, life: int) -> None:
    # 121.2: the turn's draws as stated, plus the one this spell just made
    res = cast(DB, {"drawn_this_turn": drawn, "life": 20}, {"card": "Second Wind"})
    assert res.players["Alice"]["life"] == life and not res.branches


def test_your_second_spell_each_turn_needs_an_earlier_spell_said() -> None:
    # no earlier spell said: this is the first, so nothing triggers (the other case listed); said, it draws
    first = cast(DB, {"battlefield": ["Second Thought"]}, {"card": "Tall Gift", "x": 1})
    assert first.players["Alice"]["hand"] == 7 and first.branches
    second = cast(DB, {"battlefield": ["Second Thought"]}, {"card": "Tall Gift", "x": 1},
                  choices={"second_spell:Second Thought": True})
    assert second.players["Alice"]["hand"] == 8


def test_each_of_x_target_creatures_connive_is_x_connives() -> None:
    # 701.50a: each conniving creature's controller draws, then discards: X of each, X asked when unsaid
    alice = cast(DB, {"battlefield": ["Grizzly Bears", "Hill Giant"]}, {"card": "Plan Shift", "x": 2}).players["Alice"]
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (6, 38, 3)
    with pytest.raises(ScenarioError, match="needs a value for X"):
        cast(DB, {"battlefield": ["Grizzly Bears"]}, {"card": "Plan Shift"})
