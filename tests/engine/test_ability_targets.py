"""Whom a permanent's ability targets when the story doesn't say (601.2c, 603.3d, 115.4).

- "deals 1 damage to any target" on a draw trigger is one target, never each opponent: in a game of three it
  dealt 1 damage to both opponents. With one opponent it is aimed there (said, the other choices listed); with
  several it is asked, and each one-click option reads ("X targets Player 3." as a sentence of its own: an
  option that put "targeting Player 3" after a permanent's name didn't read).
- Unnamed seats never take a number the story gave a player ("Player 3 ..." in a game of three).
- "Target player draws two cards, then each other player draws a card": the others are the players other than
  the target, not other than the caster.
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import Clarification
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Spark Drake": ("Legendary Creature — Dragon Wizard", "Flying\nWhenever you draw a card, Spark Drake deals 1 "
                                                           "damage to any target."),
    "Shared Lore": ("Instant", "Target player draws two cards, then each other player draws a card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def _damaged(res: object) -> list[str]:
    return [s.player for s in res.steps if s.kind == "damage"]  # type: ignore[attr-defined]


def test_any_target_with_one_opponent_is_that_opponent_said() -> None:
    res = judge_text("I control Spark Drake and I draw a card. opp at 1 life. what happens?", _db())
    assert res.losers == ["Opponent"]
    assert any(s.kind == "assumption" and "601.2c" in s.rules for s in res.steps)


def test_any_target_with_several_opponents_is_asked_and_each_option_reads() -> None:
    text = "3 player game. I control Spark Drake and I draw a card. what happens?"
    with pytest.raises(Clarification) as asked:
        judge_text(text, _db())
    hit = []
    for option in asked.value.options:
        res = judge_text(option.text, _db())
        lost = [s.text for s in res.steps if "is dealt 1 damage" in s.text or "are dealt 1 damage" in s.text]
        assert len(lost) == 1, option.text  # one target, never each opponent
        hit.append(lost[0].split(" ")[0] + ("" if lost[0].startswith("You") else " " + lost[0].split(" ")[1]))
    assert len(set(hit)) == len(asked.value.options) == 3


def test_a_seat_the_story_numbered_is_not_given_twice() -> None:
    res = judge_text("Player 3 has 0 cards in library. 4 player game. Player 3 draws a card. who loses?", _db())
    assert res.losers == ["Player 3"] and len(res.players) == 4


@pytest.mark.parametrize(("target", "drawn"), [("opp", {"Opponent": 2, "You": 1}), ("myself", {"You": 2, "Opponent": 1})])
def test_each_other_player_after_a_target_means_the_others_than_the_target(target: str, drawn: dict[str, int]) -> None:
    res = judge_text(f"I cast Shared Lore targeting {target}. who draws how many?", _db())
    assert dict(drawn_by(res)) == drawn
