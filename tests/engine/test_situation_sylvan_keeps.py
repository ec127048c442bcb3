"""The additional cards of a "you may draw two additional cards" ability kept or put back, said the ways players say
it ("I keep 1 extra card", "keep both extras", "put 2 back", "draw for the turn and the two extra"): keeping cards
says they were drawn, so the ability was used (said in the answer); each kept card costs 4 life (Sylvan Library's
own words, read from the card's data)."""

from __future__ import annotations

import pytest

from engine.cards import CardDB, default_cards
from engine.judging import judge_text


def _db() -> CardDB:
    return default_cards()


@pytest.mark.parametrize(("said", "life"), [
    ("my draw step, I keep 1 extra card.", 16),
    ("my draw step, I keep both extras.", 12),
    ("my draw step, i take the two extra and put 2 back.", 20),
    ("my draw step, I draw for the turn and the two extra, and keep all three.", 12),
    ("it's my draw step and I keep both.", 12),
    ("my draw step, I take both extras and put one back.", 16),
])
def test_the_cards_kept_cost_their_life(said: str, life: int) -> None:
    res = judge_text(f"I control Sylvan Library. {said} what's my life?", _db())
    assert res.players["You"]["life"] == life


def test_keeping_without_the_ability_on_the_board_is_not_read() -> None:
    from engine.errors import SituationError

    with pytest.raises(SituationError):
        judge_text("my draw step, I keep 1 extra card. what's my life?", _db())
