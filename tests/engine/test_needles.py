"""The needles of a pattern (engine/situation/needles.py) are a necessary condition of its matches: a rewrite
or a template skipped for want of them could never have matched. Checked on the patterns' forms one by one,
along every corpus text's way through the rewrite table (each pattern that matches there had its needles), and
on every clause of the corpus against the phrase table (the index finds every template that reads it whole)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine.situation import rewrites
from engine.situation.clauses import _clauses, _matches
from engine.situation.needles import NeedleIndex, may_match, needles_of
from engine.situation.normalize import clean
from engine.situation.phrases import _COMPILED
from engine.situation.rewrites import _CHECKS, _REWRITES, rewrite

CORPORA = [Path(__file__).parents[1] / "situation_corpus" / name for name in ("corpus.jsonl", "real.jsonl")]


def _words(rx: str, flags: int = re.I) -> list[set[str]]:
    return [set(s) for s in needles_of(re.compile(rx, flags))]


def test_a_literal_run_through_groups_is_one_needle() -> None:
    assert _words(r"\bI (?:have) skipped (my|our) draw\b")[0] == {"i have skipped "}


def test_a_branch_gives_each_alternative() -> None:
    assert {"cast", "resolved"} in _words(r"\b(?:cast|resolved) it\b")


def test_optional_and_negative_parts_give_nothing() -> None:
    assert _words(r"(?:skipped )?(?!draw)\d+") == []
    assert _words(r"(?:foo|\d+) bar") == [{" bar"}]  # one alternative with no needle: the branch says nothing


def test_a_positive_lookahead_must_be_in_the_text() -> None:
    assert {"draw"} in _words(r"\d+ (?=draw)")


def test_case_scoped_group_and_upper_case_literals_are_lower_case_needles() -> None:
    assert _words(r"\b(?-i:Kicks) (?=[A-Z])", re.I) == [{"kicks "}]


def test_a_text_that_is_not_ascii_skips_nothing() -> None:
    checks = needles_of(re.compile(r"skipped", re.I))
    assert not may_match(checks, "i draw", True)
    assert may_match(checks, "i draw ×2", False)


def _texts() -> list[str]:
    out = []
    for path in CORPORA:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(clean(json.loads(line)["text"]))
    return out


def test_every_pattern_that_matches_on_the_way_had_its_needles() -> None:
    texts = _texts()
    assert len(texts) > 500
    for text in texts:
        for (rx, to), checks in zip(_REWRITES, _CHECKS, strict=True):
            if rx.search(text) is not None:
                assert may_match(checks, text.lower(), text.isascii()), (rx.pattern, text)
            text = rx.sub(to, text)


def test_rewrite_gives_what_the_whole_table_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    skipping = [rewrite(text) for text in texts]
    monkeypatch.setattr(rewrites, "may_match", lambda *_args: True)
    assert [rewrite(text) for text in texts] == skipping


def test_the_index_looks_for_a_longer_needle_only_after_the_one_inside_it() -> None:
    index = NeedleIndex([re.compile(r"\d+ draw step"), re.compile(r"draw"), re.compile(r"\d+")])
    assert index.mask("my draw step") == 0b111
    assert index.mask("I draw") == 0b110
    assert index.mask("I drew 2") == 0b100
    assert index.mask("I draw ×2") == 0b111  # not ASCII: every pattern is tried


def test_every_template_that_reads_a_corpus_clause_is_found() -> None:
    bodies = {c.strip(" ,:").rstrip(".") for text in _texts() for c in _clauses(text)}
    assert len(bodies) > 500
    for body in bodies:
        every = tuple(phrase for phrase, rx in _COMPILED if rx.fullmatch(body))
        assert tuple(phrase for phrase, _words in _matches.__wrapped__(body)) == every, body


def test_needles_hold_on_texts_made_of_the_tables_own_words() -> None:
    """Texts assembled from the corpus's words and the needles themselves (so that patterns match often,
    in orders no player wrote): wherever a rewrite or a template matches, its needles were found."""
    rng = random.Random(24)
    words = sorted({w for text in _texts() for w in text.split()}
                   | {w.strip() for checks in _CHECKS for s in checks for w in s if w.strip()})
    patterns = [(rx, checks) for (rx, _to), checks in zip(_REWRITES, _CHECKS, strict=True)]
    patterns += [(rx, needles_of(rx)) for _phrase, rx in _COMPILED]
    matched = 0
    for _ in range(1500):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(2, 10)))
        for rx, checks in patterns:
            if rx.search(text) is not None:
                matched += 1
                assert may_match(checks, text.lower(), text.isascii()), (rx.pattern, text)
    assert matched > 1000
