"""Costs are paid as the rules say (601.2h, 602.2b): the cards a cost moves are in the outcome, a cost that
can't be paid is refused (118.3), and a cost the engine can't read refuses the activation with its words.

The cards here are made up from Oracle templates, so what is tested is the pattern, never one card."""

from __future__ import annotations

from typing import Any

import pytest

from engine.costs import CostKind, read_cost
from engine.errors import ScenarioError
from engine.model import Resolution
from tests.engine.helpers import cast, made_cards

TEST_CARDS = {
    "Cycling Thing": ("Creature — Beast", "Trample\nCycling {2} ({2}, Discard this card: Draw a card.)"),
    "Sac Drawer": ("Creature — Bat", "Flying\n{2}, Sacrifice this creature: Draw a card."),
    "Land Eater": ("Creature — Human Wizard", "{T}, Sacrifice two lands: Draw three cards."),
    "Blood Price": ("Artifact", "{1}, Pay 2 life, Sacrifice this artifact: Draw two cards."),
    "Grave Scholar": ("Creature — Spirit", "Exile this card from your graveyard: Draw a card."),
    "Either Way": ("Sorcery", "As an additional cost to cast this spell, sacrifice an artifact or discard a card.\n"
                              "Draw two cards."),
    "Blood Pact": ("Instant", "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards."),
    "Second Look": ("Sorcery", "Draw two cards.\nFlashback {3}{U} (You may cast this card from your graveyard for "
                               "its flashback cost. Then exile it.)"),
    "Odd Price": ("Artifact", "{1}, Sacrifice three permanents with different names: Draw a card."),
    "Altar Watcher": ("Enchantment", "Whenever you sacrifice a creature, you may draw a card."),
    "Plains Dweller": ("Land — Plains", "({T}: Add {W}.)"),
    "Bear Cub": ("Creature — Bear", ""),
}


def run(alice: dict[str, Any], action: dict[str, Any], **top: Any) -> Resolution:
    return cast(made_cards(TEST_CARDS), alice, action, **top)


def test_cost_parts_are_read_from_the_words() -> None:
    kinds = [p.kind for p in read_cost("{1}{B}, {T}, Pay 1 life, Sacrifice this creature").parts]
    assert kinds == [CostKind.MANA, CostKind.TAP, CostKind.PAY_LIFE, CostKind.SACRIFICE_SELF]
    two = read_cost("Sacrifice two lands").parts[0]
    assert (two.kind, two.amount, two.what) == (CostKind.SACRIFICE, 2, ("land",))
    assert read_cost("Sacrifice another creature or planeswalker").parts[0].what == ("creature", "planeswalker")
    assert read_cost("Sacrifice another creature").parts[0].another
    assert [p.kind for p in read_cost("cycling: {B}, discard this card").parts] == [CostKind.MANA,
                                                                                       CostKind.DISCARD_SELF]
    either = read_cost("sacrifice an artifact or discard a card")
    assert [[p.kind for p in o] for o in either.options] == [[CostKind.SACRIFICE], [CostKind.DISCARD]]
    assert read_cost("Sacrifice three permanents with different names").unknown


def test_cycling_discards_the_card_itself() -> None:
    res = run({}, {"card": "Cycling Thing", "ability": "cycle"})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (7, 39, 1)
    assert any("701.9" in s.rules and s.kind == "discard" for s in res.steps)
    assert "601.2h" in res.rules


def test_sacrificing_the_source_puts_it_into_the_graveyard_and_the_ability_still_resolves() -> None:
    res = run({"battlefield": ["Sac Drawer"]}, {"card": "Sac Drawer", "ability": "activate"})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (8, 39, 1)
    assert "701.21a" in res.rules


def test_sacrificing_typed_permanents_takes_them_from_the_battlefield() -> None:
    res = run({"battlefield": ["Land Eater", "Plains Dweller", "Plains Dweller"]},
              {"card": "Land Eater", "ability": "activate"})
    assert (res.players["Alice"]["hand"], res.players["Alice"]["graveyard"]) == (10, 2)


def test_a_cost_that_cannot_be_paid_is_refused_with_what_is_missing() -> None:
    with pytest.raises(ScenarioError) as err:
        run({"battlefield": ["Land Eater", "Plains Dweller"]}, {"card": "Land Eater", "ability": "activate"})
    assert "two lands" in err.value.message and "118.3" in err.value.hint


def test_paying_life_and_sacrificing_together() -> None:
    res = run({"battlefield": ["Blood Price"]}, {"card": "Blood Price", "ability": "activate"})
    alice = res.players["Alice"]
    assert (alice["life"], alice["hand"], alice["graveyard"]) == (18, 9, 1)


def test_exiling_the_card_from_the_graveyard() -> None:
    res = run({"graveyard": ["Grave Scholar"]}, {"card": "Grave Scholar", "ability": "activate"})
    alice = res.players["Alice"]
    assert (alice["graveyard"], alice.get("exile"), alice["hand"]) == (0, 1, 8)


def test_an_additional_cost_with_or_pays_what_the_player_can_and_the_other_is_a_choice() -> None:
    res = run({}, {"card": "Either Way"})  # no artifact: the only way is to discard a card
    alice = res.players["Alice"]
    assert (alice["hand"], alice["graveyard"]) == (7, 2)  # 7 - spell - discard + 2; the discard and the spell
    res = run({"tokens": {"Clue": 1}}, {"card": "Either Way"})
    assert res.players["Alice"]["hand"] in (7, 8)
    assert any(b["choice"].startswith("cost") or "cost" in str(b) for b in res.branches)


def test_an_additional_sacrifice_makes_the_creature_die_and_its_watchers_trigger() -> None:
    res = run({"battlefield": ["Bear Cub", "Altar Watcher"]}, {"card": "Blood Pact"})
    alice = res.players["Alice"]
    assert (alice["graveyard"], alice["hand"]) == (2, 9)  # Bear Cub and Blood Pact; 7 - 1 + 1 (Watcher) + 2
    assert any(t.source == "Altar Watcher" for t in res.triggers)


def test_flashback_casts_from_the_graveyard_and_exiles_the_spell() -> None:
    res = run({"graveyard": ["Second Look"]}, {"card": "Second Look", "from": "graveyard"})
    alice = res.players["Alice"]
    assert (alice["hand"], alice["graveyard"], alice.get("exile")) == (9, 0, 1)
    assert "702.34a" in res.rules


def test_a_cost_the_engine_cannot_read_refuses_with_the_cards_words() -> None:
    with pytest.raises(ScenarioError) as err:
        run({"battlefield": ["Odd Price"]}, {"card": "Odd Price", "ability": "activate"})
    assert "sacrifice three permanents with different names" in err.value.message
    assert "Sacrifice three permanents with different names" in err.value.hint


def test_a_cost_that_moves_the_card_out_of_a_zone_works_only_from_that_zone() -> None:
    """113.6m: channel discards the card from the hand; said to be on the battlefield, it is asked about."""
    import pytest

    from engine.errors import ScenarioError
    from tests.engine.helpers import cast, made_cards

    db = made_cards({"Channel Ronin": ("Creature — Human Samurai", "Channel — {1}{R}, Discard this card: Draw a card."),
                     "Grave Lancer": ("Creature — Zombie", "{3}{U}, Exile this card from your graveyard: Draw a card.")})
    with pytest.raises(ScenarioError) as err:
        cast(db, {"battlefield": ["Channel Ronin"]}, {"card": "Channel Ronin", "ability": "activate"})
    assert "113.6m" in err.value.message and "hand" in err.value.message
    from_hand = cast(db, {"hand": ["Channel Ronin"], "hand_unnamed": 6}, {"card": "Channel Ronin", "ability": "activate"})
    assert from_hand.players["Alice"]["graveyard"] == 1 and from_hand.players["Alice"]["hand"] == 7
    with pytest.raises(ScenarioError):
        cast(db, {"battlefield": ["Grave Lancer"]}, {"card": "Grave Lancer", "ability": "activate"})
    from_grave = cast(db, {"graveyard": ["Grave Lancer"]}, {"card": "Grave Lancer", "ability": "activate"})
    assert from_grave.players["Alice"]["exile"] == 1 and from_grave.players["Alice"]["graveyard"] == 0


def test_sacrifice_or_discard_in_one_choice_is_not_read_as_a_sacrifice() -> None:
    from engine.oracle import read_oracle

    reading = read_oracle("Spark Test", "+2: You may sacrifice an artifact or discard a card. If you do, draw a card.",
                          "Legendary Planeswalker — Chandra")
    assert all(op.do != "sacrifice" for e in reading.effects for op in getattr(e, "ops", ()))
