"""Oracle patterns read for #26's read rate, each resolved in a scenario so a card read is a card that acts:
triggered abilities granted in quotes, words that only count the cards drawn this turn, "draw N and create a
token" (and the "may" that covers both verbs), "for each ..." on every act of the sentence, paying life.

Made-up cards carrying each pattern, never one real card's text."""

from __future__ import annotations

from typing import Any

import pytest

from engine.effects import EventTrigger, NotModelled, Op, SpellText
from engine.errors import ScenarioError
from engine.model import Resolution
from engine.oracle import read_oracle
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.engine.helpers import cast, made_cards

CARDS = {
    "Spy Blade": ("Artifact — Equipment", "Equipped creature gets +1/+1 and has vigilance and \"Whenever this "
                                          "creature deals combat damage to a player, draw a card, then discard a "
                                          "card.\"\nEquip {2}"),
    "Last Words Aura": ("Enchantment — Aura", "Enchant creature\nEnchanted creature gets +1/+0 and has \"When this "
                                              "creature dies, draw a card.\""),
    "Hive Scholar": ("Creature — Sliver", "All Slivers have \"When this permanent enters, draw a card.\""),
    "Guild Adept": ("Creature — Human Wizard", "As long as you control another Wizard, this creature has \"When "
                                               "this creature dies, draw two cards.\""),
    "Eager Reader": ("Creature — Human", "As long as you've drawn two or more cards this turn, this creature gets "
                                         "+1/+1 and has flying."),
    "Cheap Insight": ("Sorcery", "This spell costs {1} less to cast for each card you've drawn this turn.\nDraw two "
                                 "cards."),
    "Plunder Spell": ("Sorcery", "Draw two cards and create two Treasure tokens."),
    "Squad Spell": ("Sorcery", "Draw a card and create a 1/1 white Human Soldier creature token."),
    "Offer Spell": ("Sorcery", "Each opponent may draw a card and create a Food token. For each opponent who does, "
                               "you draw a card and you create a Food token."),
    "Blood Price": ("Enchantment", "When this enchantment enters, you may pay 2 life. If you do, draw a card and "
                                   "put a +1/+1 counter on target creature you control."),
    "Bestow Ward": ("Sorcery", "Target creature gains \"When this creature dies, draw a card.\" until end of turn."),
}
DB = made_cards(CARDS)


def run(alice: dict[str, Any], action: dict[str, Any], bob: dict[str, Any] | None = None, **top: Any) -> Resolution:
    return cast(DB, {"library": 40, **alice}, action, bob, **top)


def read(name: str) -> Any:
    type_line, text = CARDS[name]
    return read_oracle(name, text, type_line)


def test_a_trigger_granted_to_another_object_is_read_with_the_object_it_belongs_to() -> None:
    """113.1a, 613.1f: the ability is the equipped or enchanted creature's, never the Equipment's own."""
    for name, holder in (("Spy Blade", "equipped creature"), ("Last Words Aura", "enchanted creature"),
                         ("Hive Scholar", "all slivers")):
        reading = read(name)
        assert reading.status == "full", reading.not_understood
        [granted] = reading.card(CARDS[name][1], CARDS[name][0]).of(EventTrigger)
        assert granted.event.startswith(f"granted to {holder}: ") and "~" not in granted.event
        assert any(op.do == "draw" for op in granted.ops)


def test_a_granted_trigger_never_fires_for_the_granting_card() -> None:
    """The Aura dying is not the enchanted creature dying: no draw, and no answer that claims one."""
    res = run({"hand": 3, "battlefield": ["Last Words Aura"]}, {"card": "Last Words Aura", "ability": "dies"})
    assert res.players["Alice"]["hand"] == 3
    # the Equipment entering draws nothing: its granted ability waits for combat damage the engine never deals
    entered = run({"hand": ["Spy Blade"], "hand_unnamed": 2}, {"card": "Spy Blade", "ability": "spell"})
    assert entered.players["Alice"]["hand"] == 2 and entered.players["Alice"]["library"] == 40


def test_an_event_a_granted_trigger_waits_for_refuses_the_answer_rather_than_leave_it_out() -> None:
    """A creature dies while "enchanted creature has "When this creature dies, draw a card"" is in play: the
    engine can't tell whether it was the enchanted one, so it says so (603.2)."""
    with pytest.raises(ScenarioError) as err:
        run({"hand": 3, "battlefield": ["Last Words Aura", "Guild Adept"]}, {"card": "Guild Adept", "ability": "dies"})
    assert "granted to enchanted creature" in err.value.message
    # a Sliver that grants "when this permanent enters" to all Slivers enters: it has the ability itself
    with pytest.raises(ScenarioError):
        run({"hand": ["Hive Scholar"], "hand_unnamed": 2}, {"card": "Hive Scholar", "ability": "spell"})


def test_a_trigger_granted_to_the_card_itself_under_a_condition_acts_under_that_condition() -> None:
    """"As long as you control another Wizard, this creature has "When this creature dies, draw two cards"":
    the card's own dies trigger, carried out when the condition holds (stated as an assumption, the other case
    an alternative); with no other Wizard on the battlefield the board decides it: no draw (#26m)."""
    board = ["Guild Adept", "Guild Adept"]  # another Wizard stays: whether it counts is the stated assumption
    res = run({"hand": 3, "battlefield": board}, {"card": "Guild Adept", "ability": "dies"})
    assert res.players["Alice"]["hand"] == 5 and res.players["Alice"]["graveyard"] == 1
    assert any("you control another wizard" in s.text for s in res.steps)
    assert any(b["choice"].startswith("condition:") for b in res.branches)
    refused = run({"hand": 3, "battlefield": board}, {"card": "Guild Adept", "ability": "dies"},
                  choices={"condition:you control another wizard": False})
    assert refused.players["Alice"]["hand"] == 3
    alone = run({"hand": 3, "battlefield": ["Guild Adept"]}, {"card": "Guild Adept", "ability": "dies"})
    assert alone.players["Alice"]["hand"] == 3 and not alone.branches


def test_words_that_only_count_cards_drawn_this_turn_are_not_an_ability_about_drawing() -> None:
    """A static "as long as you've drawn two or more cards this turn, gets +1/+1 and has flying" changes
    nothing counted; a cost reduction counting draws is carried out as nothing, the spell's draw is done."""
    reading = read("Eager Reader")
    assert reading.status == "full" and all(isinstance(e, NotModelled) for e in reading.effects)
    assert read("Cheap Insight").status == "full"
    res = run({"hand": ["Cheap Insight"], "hand_unnamed": 2}, {"card": "Cheap Insight"})
    assert res.players["Alice"]["hand"] == 2 - 0 + 2 and res.players["Alice"]["library"] == 38


def test_a_draw_that_only_counts_is_still_a_draw_when_it_draws() -> None:
    """The counting words never hide a real draw: "draw a card for each card you've drawn this turn" draws."""
    reading = read_oracle("Echo Spell", "Draw a card for each card you've drawn this turn.", "Sorcery")
    assert reading.status == "full"
    [spell] = reading.effects
    assert isinstance(spell, SpellText) and spell.ops[0].do == "draw" and spell.ops[0].amount == "X"


def test_draw_and_create_tokens_does_both() -> None:
    res = run({"hand": ["Plunder Spell"], "hand_unnamed": 2}, {"card": "Plunder Spell"})
    assert res.players["Alice"]["hand"] == 4 and res.players["Alice"]["tokens"] == {"Treasure": 2}
    squad = run({"hand": ["Squad Spell"], "hand_unnamed": 2}, {"card": "Squad Spell"})
    assert squad.players["Alice"]["hand"] == 3 and squad.players["Alice"]["tokens"] == {"Human": 1}


def test_may_covers_both_verbs_joined_by_and_and_for_each_counts_every_act() -> None:
    """"Each opponent may draw a card and create a Food token": a player who doesn't draw creates nothing;
    "for each opponent who does, you draw a card and you create a Food token": both acts, X times."""
    [spell] = read("Offer Spell").effects
    assert isinstance(spell, SpellText)
    assert spell.ops[1] == Op("token", 1, "each_opponent", name="Food", condition="if_you_do")
    assert [(op.do, op.amount) for op in spell.ops[2:]] == [("draw", "X"), ("token", "X")]
    declined = run({"hand": ["Offer Spell"], "hand_unnamed": 2}, {"card": "Offer Spell", "x": 0}, {"hand": 7},
                   choices={"may:Offer Spell:draw": False})
    assert declined.players["Bob"]["hand"] == 7 and not declined.players["Bob"].get("tokens")
    took = run({"hand": ["Offer Spell"], "hand_unnamed": 2}, {"card": "Offer Spell", "x": 1}, {"hand": 7},
               choices={"may:Offer Spell:draw": True})
    assert took.players["Bob"]["hand"] == 8 and took.players["Bob"]["tokens"] == {"Food": 1}
    assert took.players["Alice"]["hand"] == 3 and took.players["Alice"]["tokens"] == {"Food": 1}


def test_paying_life_is_losing_it_and_if_you_do_follows_the_payment() -> None:
    """119.4: a player who pays life loses that much life; "if you do" follows the payment (608.2c)."""
    paid = run({"hand": 3}, {"card": "Blood Price", "ability": "enters"}, choices={"may:Blood Price:lose_life": True})
    assert paid.players["Alice"]["life"] == 18 and paid.players["Alice"]["hand"] == 4
    kept = run({"hand": 3}, {"card": "Blood Price", "ability": "enters"}, choices={"may:Blood Price:lose_life": False})
    assert kept.players["Alice"]["life"] == 20 and kept.players["Alice"]["hand"] == 3


def test_an_effect_granting_a_quoted_draw_is_not_read_as_its_own_draw() -> None:
    """"Target creature gains "When this creature dies, draw a card."": the draw belongs to the granted
    ability, later; reading it as the spell's draw would draw now (the mistake this guards against)."""
    reading = read("Bestow Ward")
    assert reading.status != "full" and not any(
        op.do == "draw" for e in reading.effects for op in getattr(e, "ops", ()))


def test_tokens_are_counted_in_the_scenario_shape() -> None:
    """The token counts these tests read are the engine's answer fields (not a test-only view)."""
    doc = {"players": [{"name": "Alice", "library": 5, "hand": ["Plunder Spell"]}, {"name": "Bob"}],
           "action": {"type": "cast", "card": "Plunder Spell", "player": "Alice"}}
    res = resolve(scenario_from_json(doc, DB), DB)
    assert res.players["Alice"]["tokens"] == {"Treasure": 2}


DIE_CARDS = {
    "Lucky Charm": ("Artifact", "{2}, {T}: Roll a d20.\n1—9 | Draw a card.\n10—19 | You draw two cards and you lose "
                                "2 life.\n20 | Sunburst — Draw five cards."),
    "Dice Watcher": ("Creature — Human", "Whenever you roll one or more dice, draw a card."),
    "Odd Watcher": ("Creature — Human", "Whenever you roll a 1, you lose 3 life."),
    "Battle Plan": ("Sorcery", "Until end of turn, target creature gets +1/+0 and gains \"Whenever this creature "
                               "deals combat damage to a player, draw a card.\""),
    "Ambush Spell": ("Instant", "Choose target creature. Whenever that creature deals combat damage to a player "
                                "this turn, you draw two cards."),
    "Grave Pact Spell": ("Instant", "Target creature gets +1/-1 until end of turn. When it dies this turn, draw two "
                                    "cards."),
    "Promise Spell": ("Sorcery", "Scry 1. At the beginning of the next end step, you draw a card if you attacked "
                                 "this turn. Otherwise, create a Food token."),
    "Draw Emblem Walker": ("Legendary Planeswalker — Test", "−6: You get an emblem with \"At the beginning of your "
                                                           "draw step, draw an additional card.\""),
}
DICE = made_cards(DIE_CARDS)


def roll(alice: dict[str, Any], **top: Any) -> Resolution:
    return cast(DICE, {"library": 40, "hand": 3, **alice}, {"card": "Lucky Charm", "ability": "activate"}, **top)


def test_a_die_table_is_one_result_chosen_by_the_roll_never_all() -> None:
    """706.2: one row happens; the answer follows the first row that draws, says so, and lists the others."""
    reading = read_oracle("Lucky Charm", *reversed(DIE_CARDS["Lucky Charm"]))
    assert reading.status == "full"
    res = roll({"battlefield": ["Lucky Charm"]})
    assert res.players["Alice"]["hand"] == 4 and res.players["Alice"]["library"] == 39
    assert any("die roll decides" in s.text and "706.2" in s.rules for s in res.steps)
    hands = sorted(b["players"]["Alice"]["hand"] for b in res.branches)
    assert hands == [5, 8]  # 10—19: two cards (and 2 life); 20: five cards
    twenty = roll({"battlefield": ["Lucky Charm"]}, choices={"mode:Lucky Charm": "20 | draw five cards"})
    assert twenty.players["Alice"]["hand"] == 8


def test_a_die_table_needs_its_roll() -> None:
    reading = read_oracle("Rowless", "{T}: Draw a card.\n1—9 | Draw a card.", "Artifact")
    assert not any(e for e in reading.effects if any(op.mode for op in getattr(e, "ops", ())))


def test_rolling_a_die_triggers_what_watches_rolls_or_refuses_what_it_cannot_judge() -> None:
    """706.1, 603.2: "whenever you roll one or more dice" triggers on the roll; "whenever you roll a 1" is
    about a result the engine doesn't follow: refused, never left out."""
    res = roll({"battlefield": ["Lucky Charm", "Dice Watcher"]})
    assert res.players["Alice"]["hand"] == 5
    with pytest.raises(ScenarioError) as err:
        roll({"battlefield": ["Lucky Charm", "Odd Watcher"]})
    assert "roll a 1" in err.value.message


def test_an_ability_created_for_combat_or_a_later_step_is_reported_and_moves_nothing_now() -> None:
    """603.7a, 611.2, 114.4: a delayed trigger, a granted "until end of turn" ability or an emblem's ability
    waiting for combat damage or a later step acts after any answer: said, nothing drawn now."""
    for name in ("Battle Plan", "Ambush Spell"):
        res = cast(DICE, {"library": 40, "hand": [name], "hand_unnamed": 2}, {"card": name})
        assert res.players["Alice"]["hand"] == 2 and res.players["Alice"]["library"] == 40
        assert any(s.kind == "delayed" and "acts only when" in s.text for s in res.steps)
    walker = cast(DICE, {"library": 40, "hand": 3, "battlefield": ["Draw Emblem Walker"]},
                  {"card": "Draw Emblem Walker", "ability": "activate"})
    assert walker.players["Alice"]["hand"] == 3 and any("114.4" in s.rules for s in walker.steps)


def test_an_ability_created_now_that_could_act_within_the_answer_is_not_read() -> None:
    """"When it dies this turn, draw two cards" after "+1/-1": the creature may die at once (704.5f), which
    the engine can't tell; and "Otherwise, ..." after a delayed trigger goes on with that trigger."""
    for name in ("Grave Pact Spell", "Promise Spell"):
        reading = read_oracle(name, DIE_CARDS[name][1], DIE_CARDS[name][0])
        assert reading.status != "full", name
        assert not any(op.do in ("draw", "token") for e in reading.effects for op in getattr(e, "ops", ()))


MORE_CARDS = {
    "Knife Kit": ("Artifact — Equipment", "Equipped creature gets +1/+1, has \"Whenever this creature deals combat "
                                          "damage to a player, draw a card,\" and is a Rogue in addition to its other "
                                          "types.\nEquip {1}"),
    "Seer Spell": ("Sorcery", "Scry X, where X is the number of cards in your hand, then draw two cards."),
    "Hour Glass": ("Enchantment", "At the beginning of your draw step, draw an additional card and remove two hour "
                                  "counters from this enchantment."),
    "Quest Relic": ("Artifact", "{2}, Sacrifice this artifact: Draw a card, then draw an additional card for each "
                                "quest counter on this artifact."),
    "Early Watcher": ("Creature — Octopus", "Whenever you draw your first or second card each turn, put a +1/+1 "
                                            "counter on this creature."),
    "Grave Watcher": ("Creature — Zombie", "Whenever you draw a card, if you have no cards in hand, each opponent "
                                           "loses 1 life."),
    "Once Watcher": ("Creature — Human", "Whenever an opponent draws a card, create a Treasure token. This ability "
                                         "triggers only once each turn."),
    "Lender": ("Enchantment", "Whenever a creature you control enters, you may have target player draw a card."),
    "Blue Lender": ("Enchantment", "Whenever a blue creature you control enters, you may have target player draw a "
                                   "card."),
    "Test Bear": ("Creature — Bear", ""),
    "Rote Spell": ("Sorcery", "For each creature you control, you draw a card and you lose 2 life."),
}
MORE = made_cards(MORE_CARDS)


def more(alice: dict[str, Any], action: dict[str, Any], **top: Any) -> Resolution:
    return cast(MORE, {"library": 40, "hand": 3, **alice}, action, **top)


def test_a_quoted_ability_ending_in_a_comma_is_still_read_as_granted() -> None:
    reading = read_oracle("Knife Kit", *reversed(MORE_CARDS["Knife Kit"]))
    assert reading.status == "full"
    assert [e.event for e in reading.effects if isinstance(e, EventTrigger)] == [
        "granted to equipped creature: whenever it deals combat damage to a player"]


def test_x_defined_for_a_clause_before_then_stays_with_that_clause() -> None:
    """"Scry X, where X is ..., then draw two cards": the scry is X (and moves nothing), the draw is two."""
    res = more({"hand": ["Seer Spell"], "hand_unnamed": 2}, {"card": "Seer Spell"})
    assert res.players["Alice"]["hand"] == 4 and res.players["Alice"]["library"] == 38


def test_a_draw_step_trigger_with_counters_removed_draws_the_additional_card() -> None:
    doc = {"players": [{"name": "Alice", "library": 40, "hand": 3, "battlefield": ["Hour Glass"]}, {"name": "Bob"}],
           "action": {"type": "draw_step"}, "active": "Alice", "turn": 3}
    res = resolve(scenario_from_json(doc, MORE), MORE)
    assert res.players["Alice"]["hand"] == 5


def test_an_additional_card_for_each_is_x() -> None:
    res = more({"battlefield": ["Quest Relic"]}, {"card": "Quest Relic", "ability": "activate", "x": 2})
    assert res.players["Alice"]["hand"] == 3 + 1 + 2 and res.players["Alice"]["graveyard"] == 1


def test_first_or_second_card_each_turn_triggers_on_either() -> None:
    [first, second] = read_oracle("Early Watcher", *reversed(MORE_CARDS["Early Watcher"])).effects
    assert (first.condition.nth_each_turn, second.condition.nth_each_turn) == (1, 2)  # type: ignore[union-attr]


def test_a_draw_triggers_intervening_if_is_checked_and_once_each_turn_is_not_read() -> None:
    """603.4: "whenever you draw a card, if you have no cards in hand" is checked as the trigger resolves
    (hellbent, from the state); "triggers only once each turn" can't be kept by a trigger on each draw."""
    doc = {"players": [{"name": "Alice", "library": 40, "hand": 0, "battlefield": ["Grave Watcher"]}, {"name": "Bob"}],
           "action": {"type": "draw", "player": "Alice", "count": 2}}
    res = resolve(scenario_from_json(doc, MORE), MORE)
    assert res.players["Bob"]["life"] == 20  # the hand isn't empty once a card is drawn
    assert read_oracle("Once Watcher", *reversed(MORE_CARDS["Once Watcher"])).status != "full"


def test_you_may_have_target_player_draw() -> None:
    """"You may have target player draw a card": the controller chooses; the target draws (here the engine's
    target for a watcher's trigger, the entering creature's controller)."""
    [trigger] = read_oracle("Lender", *reversed(MORE_CARDS["Lender"])).effects
    assert isinstance(trigger, EventTrigger) and trigger.ops == (Op("draw", 1, "target", optional=True),)
    res = more({"battlefield": ["Lender"]}, {"card": "Test Bear", "ability": "enters"},
               choices={"may:Lender:draw": True})
    assert res.players["Alice"]["hand"] == 4
    declined = more({"battlefield": ["Lender"]}, {"card": "Test Bear", "ability": "enters"},
                    choices={"may:Lender:draw": False})
    assert declined.players["Alice"]["hand"] == 3


def test_a_watcher_of_a_colored_creature_refuses_rather_than_guess_the_color() -> None:
    """A type line has no color: "whenever a blue creature you control enters" is never judged from it."""
    with pytest.raises(ScenarioError):
        more({"battlefield": ["Blue Lender"]}, {"card": "Test Bear", "ability": "enters"})


def test_for_each_with_an_amount_other_than_one_is_not_read() -> None:
    """"For each creature you control, you draw a card and you lose 2 life": 2 life times X, never 2."""
    reading = read_oracle("Rote Spell", MORE_CARDS["Rote Spell"][1], "Sorcery")
    assert reading.status != "full" or not any(
        op.do == "lose_life" and op.amount == 2 for e in reading.effects for op in getattr(e, "ops", ()))


LAST_CARDS = {
    "Dash Cycler": ("Creature — Elk", "Cycling—Sacrifice a land. (Sacrifice a land, Discard this card: Draw a card.)"),
    "Blitz Pup": ("Creature — Dog", "Blitz—{1}{B}, Pay 2 life. (If you cast this spell for its blitz cost, it gains "
                                    "haste and \"When this creature dies, draw a card.\" Sacrifice it at the beginning "
                                    "of the next end step.)"),
    "Again Spell": ("Sorcery", "Draw a card. If you have no cards in hand, draw another card."),
    "Cheer Watcher": ("Enchantment", "Whenever a player casts a noncreature spell, each of that player's opponents "
                                     "may draw a card."),
    "Test Bolt": ("Instant", "Test Bolt deals 2 damage to target creature."),
    "Stubborn Pet": ("Creature — Cat", "If you would draw a card, you may skip that draw instead."),
    "Study Hall": ("Enchantment", "If you would draw a card, you may put a study counter on this enchantment "
                                  "instead."),
    "Maker Bot": ("Artifact Creature — Construct", "When this creature enters, you may sacrifice an artifact. When "
                                                   "you do, draw two cards."),
    "Test Rock": ("Artifact", ""),
    "Test Land": ("Land", ""),
    "Mob Boss": ("Creature — Human", "Whenever an opponent attacks another one of your opponents, that attacking "
                                     "player draws a card."),
}
LAST = made_cards(LAST_CARDS)


def test_keywords_with_a_dash_cost_are_read_with_that_cost() -> None:
    """702.29a: "Cycling—Sacrifice a land" is a cycling cost; 702.152a: blitz paid with mana and life."""
    res = cast(LAST, {"library": 40, "hand": ["Dash Cycler"], "hand_unnamed": 2, "battlefield": ["Test Land"]},
               {"card": "Dash Cycler", "ability": "cycle"})
    alice = res.players["Alice"]
    assert alice["hand"] == 3 and alice["library"] == 39 and alice["graveyard"] == 2  # the card and the land
    with pytest.raises(ScenarioError):  # no land to sacrifice: the cost can't be paid (118.3)
        cast(LAST, {"library": 40, "hand": ["Dash Cycler"], "battlefield": ["Test Rock"]},
             {"card": "Dash Cycler", "ability": "cycle"})
    [blitz] = read_oracle("Blitz Pup", *reversed(LAST_CARDS["Blitz Pup"])).effects
    assert isinstance(blitz, EventTrigger) and "blitz cost {1}{b}, pay 2 life" in blitz.event


def test_draw_another_card_under_a_condition() -> None:
    res = cast(LAST, {"library": 40, "hand": ["Again Spell"]}, {"card": "Again Spell"})
    assert res.players["Alice"]["hand"] == 1  # a card in hand after the first draw: no second card


def test_each_of_that_players_opponents() -> None:
    """The caster's opponents, not the watcher's: Bob casts, so Alice (Bob's opponent) may draw."""
    res = cast(LAST, {"library": 40, "hand": 3, "battlefield": ["Cheer Watcher"]},
               {"card": "Test Bolt", "player": "Bob"}, {"library": 40, "hand": ["Test Bolt"]},
               choices={"may:Cheer Watcher:draw": True})
    assert res.players["Alice"]["hand"] == 4 and res.players["Bob"]["hand"] == 0


def test_a_draw_replaced_by_a_skip_or_a_counter_draws_nothing() -> None:
    for name in ("Stubborn Pet", "Study Hall"):
        doc = {"players": [{"name": "Alice", "library": 40, "hand": 3, "battlefield": [name]}, {"name": "Bob"}],
               "action": {"type": "draw", "player": "Alice", "count": 1}}
        res = resolve(scenario_from_json(doc, LAST), LAST)
        hands = {res.players["Alice"]["hand"], *(b["players"]["Alice"]["hand"] for b in res.branches)}
        assert hands == {3, 4}, name  # the "may" either way: replaced (nothing drawn) or drawn


def test_a_reflexive_trigger_acts_if_the_may_was_done() -> None:
    """603.12: "you may sacrifice an artifact. When you do, draw two cards.\""""
    did = cast(LAST, {"library": 40, "hand": 3, "battlefield": ["Test Rock"]},
               {"card": "Maker Bot", "ability": "enters"}, choices={"may:Maker Bot:sacrifice": True})
    assert did.players["Alice"]["hand"] == 5 and did.players["Alice"]["graveyard"] == 1
    not_done = cast(LAST, {"library": 40, "hand": 3, "battlefield": ["Test Rock"]},
                    {"card": "Maker Bot", "ability": "enters"}, choices={"may:Maker Bot:sacrifice": False})
    assert not_done.players["Alice"]["hand"] == 3


def test_the_attacking_player_is_that_player() -> None:
    [trigger] = read_oracle("Mob Boss", *reversed(LAST_CARDS["Mob Boss"])).effects
    assert isinstance(trigger, EventTrigger) and trigger.ops == (Op("draw", 1, "that_player"),)


RESTRICTED = made_cards({
    "Timed Relic": ("Artifact", "{T}: Draw a card. Activate only as a sorcery."),
    "Turn Relic": ("Artifact", "{1}: Draw a card. Activate only during your turn."),
    "Goal Relic!": ("Artifact", "Score! — {T}, Sacrifice this artifact: Draw two cards. Activate only if an opponent "
                                "was dealt combat damage this turn."),
})


def use(name: str, **top: Any) -> Resolution:
    return cast(RESTRICTED, {"library": 40, "hand": 3, "battlefield": [name]}, {"card": name, "ability": "activate"},
                **top)


def test_an_activation_restriction_is_checked_when_the_situation_says_the_timing() -> None:
    """602.5d: "activate only as a sorcery" — the controller's main phase; "during your turn" — theirs."""
    res = use("Timed Relic", step="main1")
    assert res.players["Alice"]["hand"] == 4 and any("602.5d" in s.rules for s in res.steps)
    with pytest.raises(ScenarioError):
        use("Timed Relic", step="combat")
    with pytest.raises(ScenarioError):
        use("Turn Relic", active="Bob")
    assert use("Turn Relic").players["Alice"]["hand"] == 4


def test_an_activation_restriction_the_engine_cannot_check_is_said_before_the_effect() -> None:
    """"Activate only if an opponent was dealt combat damage this turn": assumed, said, never silently dropped
    (an ability word with an exclamation mark is still an ability word)."""
    reading = read_oracle("Goal Relic!", "Score! — {T}, Sacrifice this artifact: Draw two cards. Activate only if "
                          "an opponent was dealt combat damage this turn.", "Artifact")
    assert reading.status == "full"
    res = use("Goal Relic!")
    kinds_in_order = [s.kind for s in res.steps]
    said = next(i for i, s in enumerate(res.steps) if "can't check this restriction" in s.text)
    assert res.players["Alice"]["hand"] == 5 and said < kinds_in_order.index("draw")


def test_words_that_change_who_loses_are_never_kept_as_words() -> None:
    """"You don't lose the game for having 0 or less life" changes every answer's losers: not carried out, the
    card is not understood (never read fully while ignoring it)."""
    reading = read_oracle("Test Pact", "As long as this Equipment is attached to a creature, you don't lose the "
                          "game for having 0 or less life.\nWhenever equipped creature attacks, draw a card.",
                          "Artifact — Equipment")
    assert reading.status != "full"
    assert read_oracle("Test Angel", "Flying\nYou can't lose the game and your opponents can't win the game.",
                       "Artifact Creature — Angel").status == "full"  # carried out (CantLose)


def test_draw_a_card_and_reveal_it_are_two_acts() -> None:
    [ability] = read_oracle("Test Sage", "{T}: Draw a card and reveal it.", "Creature — Human").effects
    assert isinstance(ability, SpellText) and [op.do for op in ability.ops] == ["draw", "note"]
    assert ability.ops[1].text == "reveal it"


def test_a_trigger_on_one_or_more_cards_drawn_is_not_fired_per_card() -> None:
    """603.2c: "whenever you draw one or more cards" triggers once for a draw of several; the engine's draw
    triggers fire per card, so the card is not read rather than read wrong."""
    from engine.oracle import read_oracle

    assert not read_oracle("Batch Owl", "Whenever you draw one or more cards, you gain 1 life.",
                           "Creature — Bird").understood


def test_an_act_joined_to_the_definition_of_x_is_not_swallowed_by_it() -> None:
    """"you mill X cards, where X is ..., and that player loses life equal to ...": the life loss is an act of
    its own; read into X's words it would be ignored, so the sentence is not read (never read and ignored)."""
    text = ("At the beginning of your end step, target opponent may have you draw a card. If that player doesn't, "
            "you mill X cards, where X is the number of cards in your hand, and that player loses life equal to the "
            "total mana value of those cards.")
    reading = read_oracle("Seeing Stone", text, "Legendary Artifact")
    assert not reading.understood
