"""A heading before the question ("question abt sotl: if i havent drawn ..., do i get 1 card?"): the heading
says what the question is about and closes a sentence of its own, so the "if ..., do I ...?" after it is read
from its start; "abt" is "about"; "do I get N cards?" says its number as "do I draw N?" does."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.judging import judge_text
from engine.question_words import said_number
from tests.engine.helpers import made_cards

CARDS = {"Quiet Sentry": ("Creature — Spirit", "Each player can't draw more than one card each turn.")}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("heading", ["question abt quiet sentry:", "Rules question about Quiet Sentry:",
                                     "quiet sentry question:", "quick q regarding quiet sentry:"])
def test_a_heading_then_an_if_question(heading: str) -> None:
    res = judge_text(f"{heading} if i havent drawn on opp's turn and i cast opportunity, do i get 1 card?", _db())
    assert res.answer["text"].startswith("Yes")
    assert res.players["You"]["library"] == 40 - 1


def test_a_colon_that_is_no_heading_is_still_read_as_before() -> None:
    res = judge_text("Opp: Quiet Sentry. I cast Opportunity on opp's turn. how many do i draw?", _db())
    assert res.players["You"]["library"] == 40 - 1
    assert any("Opponent controls Quiet Sentry" in u["fact"] for u in res.understood)


@pytest.mark.parametrize(("words", "n"), [("do i get 1 card?", 1), ("does he get two cards?", 2),
                                          ("do i draw 3?", 3), ("do i get a treasure?", None),
                                          ("do i draw 2 more?", None)])
def test_the_number_a_yes_no_question_says(words: str, n: int | None) -> None:
    assert said_number(words) == n
