"""Words a player puts right as they type ("I draw 2 cards with Divination... i mean brainstorm"): a bare word or
name after "i mean" replaces the last words before it (after their verb or preposition), never the whole part:
dropping the part left "brainstorm" alone, which the reader cast for the opponent the clause had named. A whole
clause said again ("opp cracks... nah opp casts X") still replaces the first."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.judging import judge_text
from engine.situation.aside import skip_asides
from tests.engine.helpers import made_cards

CARDS = {"Quick Study": ("Instant", "Draw two cards."), "Deep Study": ("Sorcery", "Draw three cards.")}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize(("said", "read"), [
    ("opp is at 2 life, I draw 2 cards with Quick Study... i mean Deep Study", "opp is at 2 life, I draw 2 cards with "
                                                                              "Deep Study"),
    ("i'm at 3... i mean 4 life, opp has X", "i'm at 4 life, opp has X"),
    ("opp has Quick Study... sorry Deep Study", "opp has Deep Study"),
])
def test_the_last_words_are_put_right(said: str, read: str) -> None:
    asides: list[str] = []
    assert skip_asides(said, asides) == read
    assert any("taken back" in a for a in asides)


def test_a_clause_said_again_replaces_the_first() -> None:
    asides: list[str] = []
    assert skip_asides("my X, opp cracks... nah opp casts Y for 3", asides) == "my X, opp casts Y for 3"


def test_the_spell_put_right_is_the_one_cast_by_the_player_who_said_it() -> None:
    res = judge_text("opp is at 2 life, I draw 2 cards with Quick Study... i mean Deep Study. how many do i draw?",
                     _db())
    assert res.players["You"]["library"] == 40 - 3
    assert res.players["Opponent"]["library"] == 40
