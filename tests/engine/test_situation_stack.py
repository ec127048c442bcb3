"""A spell told cast in response to another (issue #24): the response resolves first while the other waits on
the stack (405.5, 608.2). The reader judges one spell at a time, so it asks which, with one-click options that
each keep the other facts and the question; never a silent drop of one spell, never "a question about the
stack"."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.errors import Clarification
from engine.judging import judge_text
from engine.situation import situation_to_json
from tests.situation_corpus.measure import drawn_by

CARDS = default_cards()


@pytest.mark.parametrize("text", [
    "my opponent casts brainstorm and in response i cast opportunity",
    "opp casts brainstorm... in response to that spell I cast Opportunity. how many do i draw",
    "I cast Opportunity in response to my opponent's Brainstorm",
    "with opp's brainstorm still on the stack, i cast opportunity",
])
def test_the_response_is_offered_first_and_each_option_reads(text: str) -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json(text, CARDS)
    first = asked.value.options[0]
    assert "405.5" in asked.value.question and "resolves before" in first.label
    assert dict(drawn_by(judge_text(first.text, CARDS))) == {"You": 4}  # Opportunity alone, Brainstorm waits
    assert "brainstorm" in asked.value.options[1].text.lower()
    assert "opportunity" not in asked.value.options[1].text.lower()


def test_facts_and_the_question_stay_in_each_option() -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json("i control sotl. opp casts brainstorm, in response i cast opportunity. do i draw?", CARDS)
    for option in asked.value.options:
        assert option.text.lower().startswith("i control sotl") and option.text.endswith("do i draw?")


def test_a_permanent_flashed_in_response_still_reads_on_the_battlefield() -> None:
    """ "opp casts X and I flash in Notion Thief in response": the Thief resolves first, so it is on the
    battlefield when X resolves: read, not asked."""
    doc = situation_to_json("opp casts brainstorm and i flash in notion thief in response", CARDS)
    assert doc["action"]["card"] == "Brainstorm"


@pytest.mark.parametrize("text", [
    "i cast brainstorm, opp responds with gitaxian probe",
    "I cast Brainstorm and my opponent responded with Gitaxian Probe",
])
def test_responds_with_is_a_response(text: str) -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json(text, CARDS)
    assert "gitaxian probe" in asked.value.options[0].text.lower()


@pytest.mark.parametrize("text", [
    "opp casts notion thief and in response i cast brainstorm",
    "Opponent casts Notion Thief. In response, I cast Brainstorm.",
    "i cast brainstorm with opp's notion thief on the stack",
    "opp casts notion thief, i respond with brainstorm",
])
def test_a_permanent_spell_answered_is_not_yet_on_the_battlefield(text: str) -> None:
    """Brainstorm resolves while the Thief waits on the stack (405.5): read at once, said, never the Thief's
    replacement (the reader once read the Thief as resolved first, 608.3, which it is not here)."""
    doc = situation_to_json(text, CARDS)
    assert doc["action"]["card"] == "Brainstorm"
    assert all("Notion Thief" not in p.get("battlefield", []) for p in doc["players"])
    assert any("still on the stack" in a for a in doc["assumed"])
