"""Counts said without their number ("a couple cards left", "a few cards in library") stop the reader with their
words (a couple was looked up as the card "couple cards left"); "my last card in library" and "down to" are one
card left, read."""

from __future__ import annotations

import pytest

from engine.cards import CardDB, default_cards
from engine.errors import SituationError
from engine.judging import judge_text


def _db() -> CardDB:
    return default_cards()


@pytest.mark.parametrize(("text", "word"), [
    ("I have a couple cards left in my library and cast Brainstorm. Do I lose?", "couple"),
    ("i have a few cards in library and cast brainstorm. do i lose?", "few"),
    ("opp has several cards in library and casts brainstorm. does he lose?", "several"),
])
def test_a_count_without_its_number_names_its_words(text: str, word: str) -> None:
    with pytest.raises(SituationError) as err:
        judge_text(text, _db())
    assert f"“{word}”" in err.value.message and err.value.unknown_card is None


@pytest.mark.parametrize("text", ["I have my last card in library and cast Brainstorm. Do I lose?",
                                  "im down to my last card in library and cast brainstorm. do i lose?",
                                  "i'm down to 1 card in my library and cast brainstorm. do i lose?"])
def test_the_last_card_is_one_left(text: str) -> None:
    res = judge_text(text, _db())
    assert res.losers == ["You"]


@pytest.mark.parametrize("text", ["I draw 2 from Night's Whisper. dead?", "i draw 2 off Night's Whisper"])
def test_a_card_the_data_lacks_after_a_draw_is_named(text: str) -> None:
    with pytest.raises(SituationError) as err:
        judge_text(text, _db())
    assert err.value.unknown_card == "Night's Whisper"
