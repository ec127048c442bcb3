"""A question that is one word after the story (issue #24): "triggers?", "lethal?", "legal?", "counters?". The
word is the question the answer leads with (``asked``), never a fact the reader fails on; a word that names no
one card answers with the ruling, never a guessed card."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.judging import judge_text
from engine.question import AskedKind

CARDS = default_cards()


@pytest.mark.parametrize("text", [
    "opp has sheoldred, i cast brainstorm. triggers?",
    "opponent controls sheoldred and i cast brainstorm, triggers??",
    "Opp: Sheoldred the apocalypse. Me: cast brainstorm.   trigger?",
])
def test_triggers_asks_how_often_the_one_triggering_card_does(text: str) -> None:
    res = judge_text(text, CARDS)
    assert res.asked is not None and res.asked.kind is AskedKind.TRIGGER
    assert res.asked.card == "Sheoldred, the Apocalypse"
    assert res.answer["text"].startswith("Sheoldred, the Apocalypse triggers 3 times")


@pytest.mark.parametrize("text", [
    "my sheoldred out, opp at 4, he casts brainstorm. lethal?",
    "sheoldred on my side, opp at 4 and he cast brainstorm: lethal?",
    "opp is at 4 with my sheoldred out. he brainstorms. is that lethal?",
])
def test_lethal_asks_whether_someone_loses(text: str) -> None:
    res = judge_text(text, CARDS)
    assert res.asked is not None and res.asked.kind is AskedKind.LOSE
    assert res.answer["text"].startswith("Yes — Opponent loses the game")


@pytest.mark.parametrize("text", ["i cast brainstorm with sotl out. legal?", "sotl out, i brainstorm - allowed?"])
def test_legal_answers_with_the_ruling(text: str) -> None:
    res = judge_text(text, CARDS)
    assert res.asked is not None and res.asked.kind is AskedKind.WHAT
    assert "Spirit of the Labyrinth" in res.answer["text"]


def test_a_word_that_names_no_one_card_is_answered_by_the_ruling() -> None:
    """Two cards trigger on a draw: "triggers?" names neither; the ruling says both, no card is guessed."""
    res = judge_text("opp has sheoldred and bowmasters, i cast brainstorm. triggers?", CARDS)
    assert res.asked is not None and res.asked.card is None
    assert "Sheoldred" in res.answer["text"] and "Bowmasters" in res.answer["text"]
    counters = judge_text("i cast brainstorm. counters?", CARDS)
    assert counters.asked is not None and counters.asked.card is None
    assert counters.answer["kind"] == "ruling"
