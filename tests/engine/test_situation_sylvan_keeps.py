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


@pytest.mark.parametrize(("life", "said", "after"), [
    (1, "I keep 1 extra card", 1),  # 119.4: 4 life can't be paid from 1
    (5, "I keep both", 1),  # one paid (5 -> 1), the second can't be
    (8, "I keep both", 0),  # both paid: 0 life, the game is lost (704.5a)
])
def test_life_is_paid_only_from_a_total_at_least_as_large(life: int, said: str, after: int) -> None:
    res = judge_text(f"I'm at {life} life and control Sylvan Library. my draw step, {said}. what's my life?", _db())
    assert res.players["You"]["life"] == after
    refused = [s for s in res.steps if s.kind == "why_not" and "119.4" in s.rules]
    assert bool(refused) == (life < 8)


@pytest.mark.parametrize(("life", "starts"), [(1, "No"), (9, "Yes")])
def test_can_i_keep_a_card_leads_yes_or_no(life: int, starts: str) -> None:
    res = judge_text(f"I'm at {life} life and control Sylvan Library. Draw step. Can I keep one card?", _db())
    assert res.answer["text"].startswith(starts)
