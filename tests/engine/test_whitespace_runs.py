"""Runs of whitespace cost the reader nothing, on every path a text can take (#28: fair engine time).

A 2,000-character text that is mostly a run of spaces and tabs once cost the stages that read a text the main
reading refused (a spell cast in response, a rules question of another topic, the situations offered) a third
of a second: their patterns searched the raw text. They get it with its runs collapsed, as the main reading
does, so the answer is the same as for the text written with single spaces.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine.situation as situation
from engine.cards import default_cards
from engine.errors import Clarification, SituationError


def _outcome(text: str) -> tuple[str, str]:
    try:
        doc = situation.situation_to_json(text, default_cards())
    except Clarification as asked:
        return "asked", " | ".join(o.text for o in asked.options)
    except SituationError as error:
        return "error", str(error)
    return "read", repr(doc.get("actions"))


TEXTS = [
    "opp casts Brainstorm, in response I cast Opportunity",  # the stack stage
    "my opp has Notion Thief. he casts Brainstorm, I respond with Opportunity",
    "can I block with a creature that has deathtouch?",  # another topic
    "I have 2 cards in my library and I",  # refused by the reader
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("run", ["  ", " \t ", "\u00a0 \u00a0", " \t" * 40])
def test_a_run_of_whitespace_reads_as_one_space(text: str, run: str) -> None:
    assert _outcome(text.replace(" ", run)) == _outcome(text)


def test_the_stages_after_a_refusal_get_the_text_collapsed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def recording(name: str) -> Any:
        real = getattr(situation, name)

        def record(text: str, *args: Any, **kwargs: Any) -> Any:
            seen.append(text)
            return real(text, *args, **kwargs)
        return record

    for name in ("response_reading", "out_of_scope"):
        monkeypatch.setattr(situation, name, recording(name))
    text = "I have 2 cards in my library." + " \t" * 900 + "and then"
    _outcome(text)
    assert seen, "the text went through no stage after the refusal"
    assert all(not re.search(r"\s\s", t) for t in seen)
