"""Draw cards the project had never seen, probed with natural situations (task 26o): the wrong answers found,
fixed by pattern and checked here with made-up cards.

- A condition about "that player" ("if that player has no cards in hand", "if the player is your opponent and has
  four or more cards in hand") was assumed true whatever the situation said: a hand of two drew three cards, and
  the controller's own end step dealt them the damage meant for an opponent (603.4, 608.2c). It is checked for
  the player the trigger is about, each part joined by "and".
- A legendary card's sacrifice cost says its name ("Sacrifice <name>"): "I sacrifice X" was read as X dying, not
  as activating its ability (the "~" of the cost never matched "\\b"), and "how many do I draw" said none.
"""

from __future__ import annotations

from engine.cards import CardDB
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Restless Visions": ("Enchantment", "At the beginning of each player's end step, that player draws a card. If "
                                        "the player is your opponent and has four or more cards in hand, this "
                                        "enchantment deals 2 damage to that player."),
    "Brass Planetarium": ("Artifact", "Each player may play an additional land on each of their turns.\nAt the "
                                      "beginning of each player's upkeep, if that player has no cards in hand, that "
                                      "player draws three cards."),
    "Orb of Quiet Kell": ("Legendary Artifact", "{T}: Add {C}.\n{2}, {T}, Sacrifice Orb of Quiet Kell: Draw two "
                                                "cards."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def test_that_players_condition_is_checked_for_that_player() -> None:
    res = judge_text("My opponent controls Brass Planetarium. It's my upkeep and I have 2 cards in hand. How many "
                     "cards do I draw?", _db())
    assert not drawn_by(res)
    res = judge_text("I control Brass Planetarium. It's my upkeep and I have no cards in hand. How many cards do I "
                     "draw?", _db())
    assert drawn_by(res)["You"] == 3
    assert "as the answer assumes" not in res.answer["text"]  # said, so not assumed


def test_the_player_is_your_opponent_and_has_cards_each_part_checked() -> None:
    res = judge_text("I control Restless Visions. It's my end step, I have 5 cards in hand and I'm at 2 life. What "
                     "happens?", _db())
    assert drawn_by(res)["You"] == 1 and not res.losers and res.players["You"]["life"] == 2
    res = judge_text("I control Restless Visions. It's my opponent's end step; he has 2 cards in hand and is at 2 "
                     "life. What happens?", _db())
    assert drawn_by(res)["Opponent"] == 1 and not res.losers  # 3 cards in hand after the draw: fewer than four
    res = judge_text("I control Restless Visions. It's my opponent's end step; he has 3 cards in hand and is at 2 "
                     "life. What happens?", _db())
    assert res.losers == ["Opponent"]  # four after the draw (checked as the ability resolves, 608.2c)


def test_sacrificing_a_legendary_card_that_names_itself_in_its_cost_activates_it() -> None:
    res = judge_text("I sacrifice Orb of Quiet Kell. How many cards do I draw?", _db())
    assert drawn_by(res)["You"] == 2
    res = judge_text("I sacrifice Orb of Quiet Kell with 1 card in library. Do I lose?", _db())
    assert res.losers == ["You"]
