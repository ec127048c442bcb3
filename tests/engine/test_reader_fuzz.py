"""Fuzzing the situation reader with random and mutated real-style text (hypothesis).

The only outcomes allowed are a scenario the engine accepts, a clarification whose every option reads, or the
documented error; never another exception. And nothing is invented: every player of a scenario is named in the
text or is one of the reader's stated fillers, and every permanent is named in the text.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from engine.cards import default_cards
from engine.errors import Clarification, ScenarioError
from engine.scenario_json import scenario_from_json
from engine.situation import situation_to_json
from engine.situation.entities import aliases, card_words
from engine.situation.normalize import normalize_text
from tests.engine.test_reader import ABBREVIATIONS, CASUAL, NICKNAMES, NUMBERS, QUESTIONS, STORIES, TYPOS

SEEDS = [t for rows in (QUESTIONS, CASUAL, ABBREVIATIONS, NICKNAMES, TYPOS, NUMBERS, STORIES) for t, _ in rows]
FILLERS = re.compile(r"^(?:You|Opponent|Opponent 2|Teammate|Player \d+|Player [AB]\d+|Player to your (?:left|right)|Player across)$")
NOISE = ["she", "he", "they", "her", "him", "herself", "each", "both", "our", "it", "opp", "lib", "T1", "?", ",",
         "and", "with", "while", "if", "what happens", "Alice", "Bob", "Sheoldred", "Teferi", "Jace", "x2", "-",
         "twenty-five", "a dozen", "my", "their", "controls", "is in play", "draws", "cast", "dredge", "'s", ".",
         "\u200b", "@everyone", "Notion Thief", "Spirit of the Labyrinth", "10^100", "0", "-3", "on the play"]


def _mutate(text: str, ops: list[tuple[int, int, str]]) -> str:
    for kind, where, word in ops:
        if not text:
            break
        i = where % len(text)
        if kind == 0:
            text = text[:i] + text[i + 1:]  # drop a character
        elif kind == 1 and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]  # swap two characters
        elif kind == 2:
            text = f"{text[:i]} {word} {text[i:]}"  # insert a word
        elif kind == 3:
            words = text.split()
            text = " ".join(words[: i % max(1, len(words))] * 2 + words[i % max(1, len(words)):])  # repeat
        else:
            text = text.swapcase() if i % 2 else text.lower()
    return text


MUTATED = st.builds(_mutate, st.sampled_from(SEEDS),
                    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10_000), st.sampled_from(NOISE)),
                             max_size=4))
RANDOM_WORDS = st.lists(st.sampled_from(NOISE + SEEDS[:20]), max_size=25).map(" ".join)
RANDOM_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=200)


def _named_in(text: str, name: str) -> bool:
    low = text.lower()
    return name.lower() in low or any(len(w) >= 4 and w[:4] in low for w in re.findall(r"[a-z]+", name.lower()))


def _card_in(text: str, card: str) -> bool:
    """The card is in the text: by name, by a nickname, or by a close typo of its name or of a nickname
    ("lab ma" for "lab man")."""
    nicknames = [k for k, v in aliases().items() if v == card]
    text = " ".join(re.sub(r"[^\w',]+", " ", text).split())  # punctuation inside a name is not read ("lab - man")
    return (_named_in(text, card) or any(_named_in(text, k) for k in nicknames)
            or any(fuzz.partial_ratio(name.lower(), text.lower()) >= 75 for name in (card, *nicknames)))


def _check_reading(text: str) -> None:
    try:
        doc = situation_to_json(text)
    except Clarification as asked:
        assert asked.options, asked.question
        for option in asked.options:
            try:
                situation_to_json(option.text)
            except ScenarioError:
                pass
        return
    except ScenarioError:
        return
    scenario_from_json(doc)
    read = " ".join(normalize_text(text, card_words(tuple(default_cards().names()))).text.lower().split())
    for fact in doc["understood"]:
        assert fact["words"].lower() in read, (text, fact)  # every fact quotes words of the text
    for p in doc["players"]:
        assert FILLERS.match(p["name"]) or _named_in(text, p["name"]), (text, p["name"])
        for card in p.get("battlefield", []):
            assert _card_in(text, card), (text, card)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MUTATED)
def test_mutated_real_style_text(text: str) -> None:
    _check_reading(text)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(RANDOM_WORDS, RANDOM_TEXT))
def test_random_text(text: str) -> None:
    _check_reading(text)


def test_the_seeds_are_real_style_text() -> None:
    assert len(SEEDS) >= 140
    outcomes: dict[str, int] = {"scenario": 0, "asked": 0, "other": 0}
    for text in SEEDS:
        try:
            _check_reading(text)
            situation_to_json(text)
            outcomes["scenario"] += 1
        except Clarification as asked:  # "with Sheoldred out": whose, when it changes the answer
            assert len(asked.options) >= 2, text
            outcomes["asked"] += 1
        except ScenarioError:
            outcomes["other"] += 1
    assert outcomes["other"] == 0 and outcomes["asked"] <= 5, outcomes
