"""Discards, cards used as verbs and nicknames (issue #24, task 24ac), each pattern held on phrasings of its own
(not the corpus texts).

Why these tests: "i discard 3 cards" to Windfall is the hand it discards (701.9), never an effect of its own; "opp
peers me", "he brainstormed", "i'm probing him" cast the spell whose name the verb is; a spell whose effect lasts
(Plagiarize) cast in response applies as the spell it answered resolves (405.5, 608.2); "can i wheel him out?"
asks whether the other player loses; "archive" names every draw card whose name ends so; "drawe" is "draw". Each
also holds what must not be read so: a discard that is no whole hand, a target the effect doesn't apply to, a word
that opens other cards' names.
"""

from __future__ import annotations

import json

import pytest

from engine.answer_lead import lead_of
from engine.cards import default_cards
from engine.errors import Clarification, SituationError
from engine.judging import judge_text
from engine.model import Resolution
from engine.situation.card_verbs import card_verbs
from engine.situation.typos import reader_vocabulary
from tests.situation_corpus.measure import drawn_by

CARDS = default_cards()


def _judged(text: str) -> Resolution:
    return judge_text(text, CARDS)


# ------------------------------------------------------------------------------------------------ discards


def test_the_cards_discarded_to_a_whole_hand_spell_are_each_hand_the_casters_without_the_spell() -> None:
    res = _judged("i cast windfall. i discard 2 cards and opp discards 5. how many do we each draw")
    assert drawn_by(res) == {"You": 5, "Opponent": 5}
    assert res.before["You"]["hand"] == 3  # Windfall was in the hand until cast (601.2a)
    assert any("701.9" in a for a in res.assumed)


def test_a_discard_said_of_the_player_who_doesnt_cast_is_that_players_hand() -> None:
    res = _judged("opp casts windfall, i discard 6 cards and he discards one card")
    assert drawn_by(res) == {"You": 6, "Opponent": 6}
    assert res.before["You"]["hand"] == 6 and res.before["Opponent"]["hand"] == 2


def test_a_discard_to_an_activated_ability_is_the_whole_hand_no_spell_counted_back() -> None:
    res = _judged("i activate jace's archivist: i discard 4 cards and opp discards 2")
    assert res.before["You"]["hand"] == 4
    assert drawn_by(res) == {"You": 4, "Opponent": 4}


def test_a_discard_that_is_no_whole_hand_is_never_read_as_one() -> None:
    """Frantic Search discards two of the cards it drew: "discard 4" is no hand, so it is asked or refused."""
    with pytest.raises((Clarification, SituationError)):
        _judged("i cast frantic search and discard 4 cards")


# ------------------------------------------------------------------------------------------- card verbs


@pytest.mark.parametrize(("text", "drawer", "n"), [
    ("opp brainstormed with 5 cards in his library", "Opponent", 3),
    ("i'm probing him", "You", 1),
    ("Bob wheeled. Bob and I are playing", "Bob", 7),
    ("i peer opp, he has 12 cards in library", "Opponent", 6),
])
def test_an_inflected_card_verb_after_its_player_casts_the_spell(text: str, drawer: str, n: int) -> None:
    assert drawn_by(_judged(text)).get(drawer) == n


def test_a_card_verb_is_never_a_word_that_opens_several_names_or_goes_on_with_the_name() -> None:
    def spell(name: str) -> bool:
        card = CARDS.find(name)
        return card is not None and ("Instant" in card.type_line or "Sorcery" in card.type_line)

    for text in ("i thought about it", "opp gitaxian probes me", "opp draws 2", "i words of wisdom"):
        assert card_verbs(text, CARDS, spell, reader_vocabulary()) == text


# ------------------------------------------------------------------------------ a lasting spell in response


def test_a_lasting_spell_cast_in_response_applies_as_the_spell_it_answered_resolves() -> None:
    res = _judged("opp casts prosperity for 2, in response i plagiarize him. how many do i draw?")
    assert drawn_by(res) == {"You": 4}


def test_a_lasting_spell_aimed_where_its_effect_doesnt_apply_is_asked() -> None:
    with pytest.raises(Clarification):
        _judged("i plagiarize myself in response to opp's windfall")


# -------------------------------------------------------------------------------------- "wheel him out"


@pytest.mark.parametrize(("life", "yes"), [(4, True), (12, False)])
def test_can_i_wheel_him_out_asks_whether_the_other_player_loses(life: int, yes: bool) -> None:
    res = _judged(f"opp at {life} with underworld dreams on my side, can i wheel him out")
    assert ("Opponent" in res.losers) is yes
    assert lead_of(res).text.startswith("Yes" if yes else "No")


# -------------------------------------------------------------------------------------- last-word nicknames


def test_a_last_word_nickname_names_its_one_card_and_asks_among_several() -> None:
    res = _judged("collector on opp's side, i cast brainstorm")
    assert drawn_by(res) == {"Opponent": 1, "You": 1}  # Alms Collector: each draws one instead of three (614.1a)
    with pytest.raises(Clarification) as asked:
        _judged("archive on my side, i cast brainstorm")
    assert [o.label for o in asked.value.options] == ["Alhammarret's Archive", "Cranial Archive"]


def test_every_last_word_nickname_lists_each_draw_card_ending_with_it_and_opens_no_name() -> None:
    from rapidfuzz import utils

    from engine.situation.entities import last_words
    from engine.situation.tokens import Tok, reader_words, tokenize
    from tests.conftest import CARDS_DIR

    names = set(CARDS.names())
    names |= {c["name"] for c in json.loads((CARDS_DIR / "draw-cards-dev.json").read_text("utf-8"))["cards"]}
    names |= {c["name"] for c in json.loads((CARDS_DIR / "oracle-cards.json").read_text("utf-8"))["data"]}
    faces = {face for name in names for face in name.split(" // ")}
    words = {face: utils.default_process(face).split() for face in faces}
    for word, cards in last_words().items():
        assert sorted(cards) == sorted(n for n, w in words.items() if len(w) > 1 and w[-1] == word), word
        for opened in (n for n, w in words.items() if w[0] == word):  # "Archive Haunt": read whole, looked up
            for form in (opened, opened.lower()):
                read = [t.value for t in tokenize(f"I control {form}.", CARDS) if t.kind is Tok.CARD]
                assert read == [], f"{opened!r} reads as {read}: {word!r} opens another card's name"
        assert word not in reader_words(), f"{word!r} is a word of the reader's token table"


# ---------------------------------------------------------------------------------------------- verb typos


def test_a_reader_verb_with_one_key_too_many_at_its_end_is_read_and_said() -> None:
    res = _judged("i drawe a card with an empty library, do i lose")
    assert res.losers == ["You"] and any("drawe" in a for a in res.assumed)


def test_a_last_word_nickname_before_a_hyphenated_name_word_is_no_match() -> None:
    """ "reflection" names Thought Reflection, but "reflection of kiki-jiki" goes on with a name's hyphenated word
    (a lower-case word with a hyphen was no word of a name: the nickname matched inside the longer name)."""
    from engine.situation.tokens import Tok, tokenize

    assert [t.value for t in tokenize("i control reflection", CARDS) if t.kind is Tok.CARD] == ["Thought Reflection"]
    assert [t.value for t in tokenize("i control reflection of kiki-jiki", CARDS) if t.kind is Tok.CARD] == []
