"""Two Oracle patterns read as a whole or not at all.

- "Discard two cards unless you discard an artifact card": the player discards one card of that kind instead
  (their decision, said, the other line listed), never nothing: the hand was left three cards too big.
- "For each card less than two a player draws this way, that player gains 2 life": a count of cards, not of
  players, that the engine can't make: not read (it gained 2 life whatever was drawn). "For each opponent who
  does, that player loses 2 life" counts players and stays read.
"""

from __future__ import annotations

from engine.judging import judge_text
from engine.oracle import read_oracle
from tests.engine.helpers import made_cards

THIRST = ("Instant", "Draw three cards. Then discard two cards unless you discard an artifact card.")


def test_discard_unless_a_card_of_a_kind_discards_one_or_two() -> None:
    res = judge_text("I cast Quench the Mind with 1 card in hand. how many cards in hand after?",
                     made_cards({"Quench the Mind": THIRST}))
    assert res.players["You"]["hand"] == 2  # 0 after casting, 3 drawn, the artifact card discarded
    other = [b for b in res.branches if b["players"]["You"]["hand"] == 1]  # two cards discarded instead
    assert other


def test_a_for_each_that_counts_cards_is_not_read() -> None:
    truce = "Each player may draw up to two cards. For each card less than two a player draws this way, that " \
            "player gains 2 life."
    assert not read_oracle("Uneasy Peace", truce, "Sorcery").understood
    toll = "Each opponent may pay 2 life. For each opponent who doesn't, that player loses 2 life and you draw a card."
    reading = read_oracle("Blood Toll", toll, "Sorcery")
    assert "For each opponent who doesn't" not in " ".join(reading.not_understood)
