"""Amounts a card counts from the board (608.2h) and amounts the player chooses as it resolves, carried out as
the words say. Made-up cards, so the patterns are tested, never one card's name."""

from __future__ import annotations

from typing import Any

from engine.model import Resolution
from tests.engine.helpers import cast, made_cards

TEST_CARDS = {
    "Swamp Isle": ("Land — Island Swamp", "({T}: Add {U} or {B}.)"),
    "Plain Isle": ("Land — Plains Island", "({T}: Add {W} or {U}.)"),
    "Every Land Counts": ("Sorcery", "Target opponent loses 2 life for each Swamp you control. Create a 1/1 green "
                                     "Saproling creature token for each Forest you control. You gain 2 life for each "
                                     "Plains you control. Draw a card for each Island you control, then discard that "
                                     "many cards."),
    "Trade In": ("Sorcery", "Discard any number of cards, then draw that many cards."),
}


def run(alice: dict[str, Any], action: dict[str, Any], **top: Any) -> Resolution:
    return cast(made_cards(TEST_CARDS), alice, action, {"life": 20}, **top)


def test_each_for_each_amount_is_counted_from_the_board_with_its_multiplier() -> None:
    res = run({"battlefield": ["Swamp Isle", "Plain Isle"], "hand": 7, "life": 20},
              {"card": "Every Land Counts", "targets": ["Bob"]})
    alice, bob = res.players["Alice"], res.players["Bob"]
    assert bob["life"] == 18  # one Swamp: 2 × 1
    assert alice["life"] == 22  # one Plains: 2 × 1
    assert not alice.get("tokens")  # no Forest: no token
    # two Islands: draw 2, then discard 2 (hand 7 - 1 cast + 2 - 2)
    assert (alice["hand"], alice["library"], alice["graveyard"]) == (6, 38, 3)
    assert "608.2h" in res.rules


def test_a_given_x_does_not_override_what_the_board_counts() -> None:
    res = run({"battlefield": ["Swamp Isle", "Plain Isle"], "hand": 7},
              {"card": "Every Land Counts", "targets": ["Bob"], "x": 5})
    assert not res.players["Alice"].get("tokens")
    assert res.players["Alice"]["library"] == 38


def test_discard_any_number_then_draw_that_many_uses_the_chosen_number() -> None:
    res = run({"hand": 7}, {"card": "Trade In", "x": 3})
    assert (res.players["Alice"]["hand"], res.players["Alice"]["library"], res.players["Alice"]["graveyard"]) == \
        (6, 37, 4)
