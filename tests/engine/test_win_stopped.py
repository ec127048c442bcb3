""" "Do I win?" when an opponent's "your opponents can't win the game" stops the win (104.3): the answer says No
with that permanent as the reason (it gave the draw replacement that led there), and the step names it."""

from __future__ import annotations

from engine.judging import judge_text
from tests.engine.helpers import made_cards

CARDS = {
    "Gilded Seraph": ("Artifact Creature — Angel", "Flying\nYou can't lose the game and your opponents can't win the "
                                                   "game."),
    "Archive Savant": ("Creature — Human Wizard", "If you would draw a card while your library has no cards in it, "
                                                  "you win the game instead."),
}


def test_a_win_stopped_by_an_opponents_permanent_is_said_with_it() -> None:
    res = judge_text("I control Archive Savant and draw a card with 0 cards in library. opp controls Gilded Seraph. "
                     "do i win?", made_cards(CARDS))
    assert res.answer["text"].startswith("No")
    assert "Gilded Seraph" in res.answer["reason"] and res.answer.get("rule") == "104.3"
    stopped = next(s for s in res.steps if s.kind == "no_win")
    assert stopped.source == "Gilded Seraph"
