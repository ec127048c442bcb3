""" "He reaches his draw step with 5 cards in hand", "opp goes to his draw step": whose step begins, and what that
player has as it begins (the "with" part is theirs), read as "it is his draw step and he has ..."."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.judging import judge_text
from engine.situation.rewrites import rewrite


@pytest.mark.parametrize(("said", "read"), [
    ("opp reaches his draw step with 5 cards in hand", "it is his draw step and he has 5 cards in hand"),
    ("I go to my upkeep with 2 cards in library", "it is my upkeep and I have 2 cards in library"),
    ("Alice moves to Alice's end step with 3 cards", "it is Alice's end step and Alice has 3 cards"),
    ("she gets to her draw step", "it is her draw step"),
])
def test_a_step_reached_is_whose_step_it_is(said: str, read: str) -> None:
    assert rewrite(said).endswith(read)


def test_the_step_reached_after_another_fact_keeps_both() -> None:
    res = judge_text("I have Notion Thief. opp has Teferi's Puzzle Box and reaches his draw step with 5 cards in "
                     "hand. how many cards do I get?", default_cards())
    facts = " ".join(str(f) for f in res.understood)
    assert "Opponent controls Teferi's Puzzle Box" in facts and "Opponent: 5 cards in hand" in facts
    assert res.answer["text"].startswith("You draw 6")  # 5 + the turn's own draw (Notion Thief excepts it: 504.1)
