"""Stories told the way players tell them: a sentence of feelings and asides is skipped and said, an adverb of
manner is filler, and paying mana is no fact; a sentence that might carry a fact is never skipped."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.errors import SituationError
from engine.judging import judge_text
from engine.situation import situation_to_json
from engine.situation.talk import is_table_talk

STORY = ("My opponent, sitting at 4 life, confidently tapped four mana and cast a Timetwister. A huge grin spread "
         "across their face, thinking they had just reset the game. But my Sheoldred, the Apocalypse was on the "
         "board.")


def test_a_story_with_table_talk_is_read_and_the_talk_said() -> None:
    res = judge_text(STORY, default_cards())
    assert res.losers == ["Opponent"]  # seven draws under Sheoldred: 14 life lost from 4 (704.5a)
    doc = situation_to_json(STORY)
    assert any("A huge grin" in a and "skipped" in a for a in doc["assumed"])


@pytest.mark.parametrize("clause", ["A huge grin spread across their face, thinking they had just reset the game",
                                    "they were thrilled and laughed loudly across the whole room"])
def test_talk_is_talk(clause: str) -> None:
    assert is_table_talk(clause, default_cards())


@pytest.mark.parametrize("clause", ["he did not draw", "my library was empty", "he drew 2", "Alice smiled at Bob",
                                    "he had 3 cards left", "it was his upkeep", "if he had Brainstorm"])
def test_a_sentence_that_may_carry_a_fact_is_not_talk(clause: str) -> None:
    assert not is_table_talk(clause, default_cards())


def test_an_unreadable_fact_is_still_an_error() -> None:
    with pytest.raises(SituationError):
        situation_to_json("I cast Brainstorm. My opponent had a frobnicated library.")


@pytest.mark.parametrize("clause", ["I flip the table", "it was totally my upkep again, said my opponent loudly"])
def test_a_short_sentence_or_a_typo_of_a_reader_word_is_not_talk(clause: str) -> None:
    assert not is_table_talk(clause, default_cards())


def test_scare_quotes_around_a_word_or_two_are_read_through() -> None:
    res = judge_text('opp casts brainstorm and I "flash in" Notion Thief in response', default_cards())
    assert res.ruling is not None and "Notion Thief" in str(res.ruling)


def test_a_longer_quote_keeps_its_marks_and_is_not_read_as_an_action() -> None:
    with pytest.raises(SituationError):
        situation_to_json('I control three Howling Mines, each provides its own "draw one card" effect. my draw step.')


def test_a_bracketed_card_the_data_lacks_is_named_as_an_unknown_card() -> None:
    with pytest.raises(SituationError) as error:
        situation_to_json("I control a [[Future Sight]] and a [[Laboratory Maniac]]. I draw a card.")
    assert error.value.unknown_card == "Future Sight"


def test_a_contraction_is_never_corrected_as_a_typo_and_a_possessive_typo_still_is() -> None:
    from engine.situation.normalize import normalize_text
    said = normalize_text("I had already drawn but hadn't lost")  # "hadn't lost" is what was seen: said apart
    assert "hadn't" in said.text + " ".join(said.seen) and not said.corrections
    norm = normalize_text("my opponet's library has 2 cards. he draws 3")
    assert "opponent's library" in norm.text and ("opponet", "opponent") in norm.corrections
