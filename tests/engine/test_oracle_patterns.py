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
    an alternative)."""
    res = run({"hand": 3, "battlefield": ["Guild Adept"]}, {"card": "Guild Adept", "ability": "dies"})
    assert res.players["Alice"]["hand"] == 5 and res.players["Alice"]["graveyard"] == 1
    assert any("you control another wizard" in s.text for s in res.steps)
    assert any(b["choice"].startswith("condition:") for b in res.branches)
    refused = run({"hand": 3, "battlefield": ["Guild Adept"]}, {"card": "Guild Adept", "ability": "dies"},
                  choices={"condition:you control another wizard": False})
    assert refused.players["Alice"]["hand"] == 3


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
