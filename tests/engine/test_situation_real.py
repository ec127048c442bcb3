"""Players' own wordings (tests/situation_corpus/real.jsonl, issue #24) against today's reader.

Why a second corpus beside corpus.jsonl: that one is mostly written for the project in the style of players'
posts, so it measures the reader on phrasings shaped by the people who built it. Each entry here is a player's
(or a judge column's) own words, quoted from the public page named in its ``source`` and only trimmed to the
situation and the question, typos and slang kept. The expected outcomes come from the Comprehensive Rules and
the official rulings (the ``why`` of each entry), never from what the bot answered.

What is held: the file is well formed; the count read right may only grow (raise ``READ_RIGHT_AT_LEAST``);
silent misreads are a known list that may only shrink; the count not understood may only fall (lower
``NOT_UNDERSTOOD_AT_MOST``; adding entries the reader does not understand raises it with them, in the same
commit). Figures are printed by ``python -m tests.situation_corpus.measure --real``.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.question import AskedKind
from tests.situation_corpus.catalogue import offline_catalogue
from tests.situation_corpus.measure import (
    OUTCOME_KEYS,
    REAL,
    Verdict,
    load_corpus,
    measure,
    measure_entry,
    misread_changes,
)

# Issue #24 asks for at least 200 real wordings; this is how many the file holds today (see its README section).
REAL_ENTRIES_AT_LEAST = 207

# Measured on 2026-11-26: issue-24r (106 entries) read 14 right, 91 not understood with the offline card catalogue
# (cards learned as the bot fetches them) and the reader's framing words; merged with the 101 new posts of
# issue-24g (207 entries): 15 right, 1 asked, 191 not understood (12 right without the catalogue).
# issue-24q: a text not read that names known cards (or tells actions one at a time) is asked with situations
# to choose (engine.situation.offer): 25 right, 11 asked with a right option, 16 asked without, 155 not understood.
# After the merge: a clause not read is also cut at "when/whenever/after/once" (the told event is offered).
# issue-24u: "3 untapped Howling Mines", "the start of his turn", "is it possible for X to win?": 26 right.
READ_RIGHT_AT_LEAST = 26
ASKED_RIGHT_AT_LEAST = 16  # asked, and one option resolved gives the expected outcome
# 151 since 2026-11-26: real-013 ("I activate Jace, Memory Adept's 0 ability") names a card outside both card files
# and is answered "“Jace, Memory Adept” is not a card I know" (the bot looks it up whole); it was asked "which
# Jace?" among two other Jaces, neither of them right
NOT_UNDERSTOOD_AT_MOST = 151

# Entries resolved to an outcome the rules don't give (or answered without asking where a judge would have to
# ask): bugs of today's reader, listed so that no new one can appear. Remove an id once it is no longer misread.
KNOWN_MISREADS: set[str] = set()

# Entries whose outcome is right but whose question was read as another kind.
KNOWN_WRONG_QUESTIONS: set[str] = set()

ALLOWED_KEYS = {"asked", "clarify", *OUTCOME_KEYS}
ALLOWED_FIELDS = {"id", "topic", "text", "source", "expect", "why", "default_note", "unsure"}


@pytest.fixture(scope="module")
def results():  # type: ignore[no-untyped-def]
    """Measured as the bot on Discord reads them: a card the shipped data lacks is learned from its Oracle text
    (the offline catalogue of ../shared/data/cards stands in for Scryfall)."""
    if offline_catalogue() is None:
        pytest.skip("../shared/data/cards is not beside the repository")
    return measure(load_corpus(REAL), catalogue=True)


def test_catalogue_learns_a_card_through_the_bots_path() -> None:
    """A card outside the 69 (Divination) is read from its Oracle text as a fetched card is; a made-up name
    stays unknown, as the bot says offline."""
    catalogue = offline_catalogue()
    if catalogue is None:
        pytest.skip("../shared/data/cards is not beside the repository")
    from engine.cards import default_cards

    entry = {"id": "t", "text": "my library has 1 card and I cast Divination. do I lose?",
             "expect": {"asked": "lose", "losers": ["You"]}}
    assert measure_entry(entry, default_cards()).first_line.endswith("is not a card I know")
    learned = measure_entry(entry, default_cards(), catalogue=catalogue)
    assert learned.verdict is Verdict.RIGHT, learned
    made_up = dict(entry, text="my library has 1 card and I cast Glorbnik's Folly. do I lose?")
    assert "not a card I know" in measure_entry(made_up, default_cards(), catalogue=catalogue).first_line


def test_catalogue_forgives_one_typo_but_never_turns_a_card_into_its_neighbour() -> None:
    """The catalogue holds only some cards: "Future Sight" (not in it) must not become "Future Flight"."""
    catalogue = offline_catalogue()
    if catalogue is None:
        pytest.skip("../shared/data/cards is not beside the repository")
    assert catalogue.card("Future Sight") is None
    assert catalogue.card("Phyerxian Tyranny")["name"] == "Phyrexian Tyranny"  # type: ignore[index]
    assert catalogue.card("Rielle")["name"] == "Rielle, the Everwise"  # type: ignore[index]


def test_real_corpus_is_well_formed() -> None:
    """Ids real-NNN and unique; a text, a topic, an expectation a judge would give, a rule behind it."""
    entries = load_corpus(REAL)
    assert len(entries) >= REAL_ENTRIES_AT_LEAST
    ids = Counter(e["id"] for e in entries)
    assert [i for i, n in ids.items() if n > 1] == []
    texts = Counter(e["text"].strip().lower() for e in entries)
    assert [t for t, n in texts.items() if n > 1] == [], "the same wording twice"
    kinds = {k.value for k in AskedKind}
    for entry in entries:
        assert set(entry) <= ALLOWED_FIELDS, (entry["id"], set(entry) - ALLOWED_FIELDS)
        assert re.fullmatch(r"real-\d{3}", entry["id"]), entry["id"]
        assert entry["text"].strip() and entry.get("topic") and entry.get("why", "").strip(), entry["id"]
        expect = entry["expect"]
        assert set(expect) <= ALLOWED_KEYS, (entry["id"], set(expect) - ALLOWED_KEYS)
        assert "asked" in expect and (expect["asked"] is None or expect["asked"] in kinds), entry["id"]
        has_outcome = any(key in expect for key in OUTCOME_KEYS)
        assert has_outcome != bool(expect.get("clarify")), f"{entry['id']}: an outcome or clarify, not both"


def test_real_sources_are_pages() -> None:
    """Every wording is quoted from a public page, named by its address (no paraphrase, no made-up entry)."""
    for entry in load_corpus(REAL):
        assert re.match(r"https?://[^\s/]+\.[^\s]+$", entry["source"]), (entry["id"], entry["source"])


def test_real_no_new_silent_misread(results) -> None:  # type: ignore[no-untyped-def]
    new, fixed = misread_changes(results, KNOWN_MISREADS)
    assert new == {}, "resolved to an outcome the rules don't give"
    assert fixed == set(), "no longer misread: remove these ids from KNOWN_MISREADS"


def test_real_question_kind_read_as_asked(results) -> None:  # type: ignore[no-untyped-def]
    wrong = {r.entry["id"] for r in results if r.verdict is Verdict.WRONG_QUESTION}
    assert wrong - KNOWN_WRONG_QUESTIONS == set(), "question read as another kind"
    assert KNOWN_WRONG_QUESTIONS - wrong == set(), "now read as asked: remove from KNOWN_WRONG_QUESTIONS"


def test_real_read_right_does_not_go_back(results) -> None:  # type: ignore[no-untyped-def]
    right = sum(1 for r in results if r.verdict is Verdict.RIGHT)
    assert right >= READ_RIGHT_AT_LEAST, f"{right} read right, was {READ_RIGHT_AT_LEAST}"


def test_real_not_understood_does_not_grow(results) -> None:  # type: ignore[no-untyped-def]
    missed = sum(1 for r in results if r.verdict is Verdict.NOT_UNDERSTOOD)
    assert missed <= NOT_UNDERSTOOD_AT_MOST, f"{missed} not understood, was {NOT_UNDERSTOOD_AT_MOST}"


def test_real_asked_with_a_right_option_does_not_go_back(results) -> None:  # type: ignore[no-untyped-def]
    # an entry asked about that becomes read right is no step back: the two are counted together
    asked = sum(1 for r in results if r.verdict in (Verdict.ASKED, Verdict.RIGHT))
    floor = ASKED_RIGHT_AT_LEAST + READ_RIGHT_AT_LEAST
    assert asked >= floor, f"{asked} read right or asked with a right option, was {floor}"
