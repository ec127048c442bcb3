""""I draw 3 off Sphinx's Revelation": the number drawn off a spell that draws X is its X (the count was dropped
and X asked); a spell that draws a fixed number keeps its own count."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import RuleRefusal, ScenarioError
from engine.judging import judge_text
from tests.engine.helpers import made_cards

CARDS = {"Tidal Bounty": ("Instant", "You gain X life and draw X cards."),
         "Quick Study": ("Instant", "Draw two cards.")}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("said", ["I draw 3 off Tidal Bounty", "I draw 3 cards with Tidal Bounty"])
def test_the_number_drawn_is_the_x(said: str) -> None:
    res = judge_text(f"I'm at 10 life. {said}. how much life do i have?", _db())
    assert res.players["You"]["life"] == 13
    assert res.players["You"]["library"] == 40 - 3


def test_no_number_still_asks_x() -> None:
    with pytest.raises(ScenarioError):
        judge_text("I draw off Tidal Bounty. how many do i draw?", _db())


def test_a_fixed_count_is_the_spells_own() -> None:
    res = judge_text("I draw 2 off Quick Study. how many do i draw?", _db())
    assert res.players["You"]["library"] == 40 - 2


@pytest.mark.parametrize("text", ["I cast Quick Study for 3. how many do i draw?",
                                  "my opponent played Tidal Bounty and I cracked a Quick Study for 3, what happens"])
def test_a_number_said_for_a_spell_without_x_is_never_kept_as_one(text: str) -> None:
    with pytest.raises(RuleRefusal) as refused:
        judge_text(text, _db())
    assert "Quick Study has no X" in refused.value.message and "3" in refused.value.message
