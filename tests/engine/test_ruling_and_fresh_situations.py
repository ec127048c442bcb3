"""The official rulings of the hand-modelled cards and 322 situations of development cards outside the shared situations,
each resolved in-process with the shared situations' judge (tests/engine/card_situations.py) (#26j, #26k, #26m).

Why two more sets: the 120 shared situations are where the engine was built; these are situations it was not
built on. `ruling_situations.json` turns each ruling of ../shared/data/cards/rulings.json that decides a draw
into a scenario with the ruling's outcome (a ruling the legend rule overtakes says so in its `why`);
`fresh_card_situations.json` puts development cards the Oracle reader reads fully into their most natural
situation, the outcome derived from the Comprehensive Rules step by step. Nothing resolved may differ from the
rules (WRONG); a refusal must name the words it can't carry out, and the number right may only grow.
Run ``python -m tests.engine.test_ruling_and_fresh_situations`` for the tally of each set.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.engine.card_situations import REFUSED, RIGHT, WRONG, Verdict, judge

HERE = Path(__file__).resolve().parent
SETS = {"ruling_situations.json": 100, "fresh_card_situations.json": 266}  # file → cases right at least


@cache
def cases(name: str) -> list[dict[str, Any]]:
    return list(json.loads((HERE / name).read_text(encoding="utf-8"))["cases"])


@cache
def verdicts(name: str) -> tuple[Verdict, ...]:
    return tuple(judge(case) for case in cases(name))


@pytest.mark.parametrize("name", sorted(SETS))
def test_no_situation_is_resolved_against_the_rules(name: str) -> None:
    wrong = [f"{v.case['id']}: {v.detail}" for v in verdicts(name) if v.verdict == WRONG]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("name", sorted(SETS))
def test_a_refusal_names_the_words_and_the_right_answers_never_drop(name: str) -> None:
    tally = Counter(v.verdict for v in verdicts(name))
    unnamed = [v.case["id"] for v in verdicts(name) if v.verdict == REFUSED and not v.detail.startswith("names")]
    assert tally[RIGHT] >= SETS[name], tally
    assert not unnamed, unnamed


def test_every_case_states_its_reasons() -> None:
    for name in SETS:
        ids = [c["id"] for c in cases(name)]
        assert len(ids) == len(set(ids))
        for case in cases(name):
            assert case["why"] and case["rules"] and case["expect"]["players"], case["id"]


if __name__ == "__main__":
    for name in sorted(SETS):
        tally = Counter()
        for v in verdicts(name):
            tally[v.verdict] += 1
            if v.verdict != RIGHT:
                print(f"{v.case['id']}: {v.verdict}: {v.detail}")
        print(f"{name}: {tally[RIGHT]} right, {tally[REFUSED]} refused, {tally[WRONG]} wrong of {sum(tally.values())}")
