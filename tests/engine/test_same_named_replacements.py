"""Permanents of one name under different controllers are different replacement effects (616.1): the affected
player chooses which applies first (Notion Thief's ruling: "that player chooses one of the applicable Notion
Thief effects to apply").

Why: the effects were grouped by card name, so with two opponents' Notion Thieves one line was taken silently
("Player 3 draws 3 cards" stated as the ruling; the asker's choice sends them to Player 2 just as well)."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.judging import judge_text

CARDS = default_cards()


@pytest.mark.parametrize("text", [
    "3 player game, each opponent controls a Notion Thief. I cast Brainstorm. who draws?",
    "we're playing 3 player, both my opponents have Notion Thief, I draw 2 in my main phase",
])
def test_two_opponents_thieves_are_the_askers_choice(text: str) -> None:
    res = judge_text(text, CARDS)
    assert res.answer["kind"] == "choice"
    outcomes = " / ".join(line["outcome"] for line in res.answer["lines"])
    assert "Player 2 draws" in outcomes and "Player 3 draws" in outcomes


def test_the_askers_own_thief_and_an_opponents_leave_the_draw_with_the_drawer() -> None:
    # the ruling: "if each player in a two-player game controls a Notion Thief ... it really will be that player
    # who draws a card"
    res = judge_text("I control Notion Thief and opponent has Notion Thief. I cast brainstorm.", CARDS)
    assert res.players["Opponent"]["hand"] == 7
    assert res.answer["kind"] == "ruling"


def test_two_copies_under_one_controller_are_one_choice() -> None:
    res = judge_text("my opponent controls two Notion Thiefs. I cast Brainstorm.", CARDS)
    assert res.answer["kind"] == "ruling" and res.players["Opponent"]["hand"] == 10
