"""Words a player puts right as they type ("I draw 2 cards with Divination... i mean brainstorm"): a bare word or
name after "i mean" replaces the last words before it (after their verb or preposition), never the whole part:
dropping the part left "brainstorm" alone, which the reader cast for the opponent the clause had named. A whole
clause said again ("opp cracks... nah opp casts X") still replaces the first."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import Clarification
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


def test_a_spell_named_alone_after_another_players_state_asks_who_casts_it() -> None:
    db = _db()
    with pytest.raises(Clarification) as asked:
        judge_text("opp is at 2 life, deep study. how many do i draw?", db)
    assert asked.value.question == "Who casts Deep Study?"
    by_label = {o.label: judge_text(o.text, db) for o in asked.value.options}
    assert by_label["You cast Deep Study"].players["You"]["library"] == 40 - 3
    assert by_label["Opponent casts Deep Study"].players["Opponent"]["library"] == 40 - 3


@pytest.mark.parametrize("text", ["im at 2, deep study. how many do i draw?",
                                  "deep study with 3 cards in library. how many do i draw?"])
def test_the_askers_own_state_or_nothing_said_is_the_askers_cast(text: str) -> None:
    res = judge_text(text, _db())
    assert any(u["fact"] == "You cast Deep Study" for u in res.understood)
    assert res.players["Opponent"]["library"] == 40


def test_a_clause_said_again_keeps_the_facts_before_it_in_its_part() -> None:
    asides: list[str] = []
    read = skip_asides("with Quick Study out i crack a fetch... no wait, i cast Deep Study", asides)
    assert read == "with Quick Study out, i cast Deep Study"
    assert any("taken back" in a for a in asides)
