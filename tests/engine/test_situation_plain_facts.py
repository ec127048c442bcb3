"""Plain facts judges write that the reader refused or half-read: "controls no permanents" (looked up as a card),
"how many does he draw, and how many do I draw?" (one count answered), "in grand archive" (not the game)."""

from __future__ import annotations

import pytest

from engine.cards import CardDB, default_cards
from engine.errors import SituationError
from engine.judging import judge_text
from engine.question_words import AskedMeasure
from engine.situation import parse_situation


def _db() -> CardDB:
    return default_cards()


@pytest.mark.parametrize("said", ["controls no permanents", "has nothing on the battlefield", "controls nothing"])
def test_no_permanents_is_read(said: str) -> None:
    res = judge_text(f"My opponent is at 4 life and {said}. I cast Brainstorm. how many do i draw?", _db())
    assert res.players["You"]["library"] == 40 - 3 + 2  # Brainstorm puts 2 back
    assert any(u["fact"] == "Opponent controls no permanents" for u in res.understood)


def test_no_permanents_after_one_told_is_refused() -> None:
    with pytest.raises(SituationError):
        judge_text("My opponent controls Notion Thief. My opponent controls no permanents. I cast Brainstorm.", _db())


def test_two_counts_asked_are_every_players() -> None:
    s = parse_situation("Opp controls Howling Mine. It's his draw step. How many cards does he draw, and how many "
                        "do I draw?", _db())
    assert s.asked is not None and s.asked.measure is AskedMeasure.EVERY


@pytest.mark.parametrize("said", ["in grand archive", "playing grand archive", "Grand Archive:"])
def test_the_game_named(said: str) -> None:
    res = judge_text(f"{said} I have 1 card in my deck and draw 2. do i lose?", _db())
    assert res.game == "grand-archive" and res.losers == ["You"]
