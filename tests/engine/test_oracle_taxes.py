""" "That player may pay {2}. If the player doesn't, you create a Treasure token": another player's tax is read as
the condition of what follows, so what the situation says of paying is used (it was assumed unpaid whatever was
said); "If the player does, they draw a card" is that player's own optional cost and stays as it was read."""

from __future__ import annotations

from engine.effects import DrawTrigger
from engine.judging import judge_text
from tests.engine.helpers import made_cards

TAX = ("Enchantment", "Whenever an opponent draws a card, that player may pay {2}. If the player doesn't, you create "
                      "a Treasure token.")
OWN = ("Enchantment", "Whenever a player casts a spell, that player may pay {2}. If the player does, they draw a card.")


def test_a_tax_on_another_player_is_the_condition_of_what_follows() -> None:
    card = made_cards({"Coin Warden": TAX}).find("Coin Warden")
    assert card is not None
    trigger = card.of(DrawTrigger)[0]
    assert not trigger.optional
    assert [op.condition for op in trigger.ops] == ["if:that player doesn't pay {2}"]


def test_a_tax_said_paid_is_used() -> None:
    db = made_cards({"Coin Warden": TAX})
    paid = judge_text("opp has Coin Warden, I cast Brainstorm and pay each time. how many treasures?", db)
    unpaid = judge_text("opp has Coin Warden, I cast Brainstorm and don't pay. how many treasures?", db)
    assert paid.answer["text"].startswith("No Treasure")
    assert unpaid.answer["text"] == "Opponent gets 3 Treasures."


def test_a_players_own_optional_cost_is_not_a_tax() -> None:
    card = made_cards({"Study Hall": OWN}).find("Study Hall")
    assert card is not None
    assert not any("doesn't pay" in op.condition for e in card.effects for op in getattr(e, "ops", ()))
