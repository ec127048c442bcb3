"""A text not read is asked with situations to choose (issue #24, ``engine.situation.offer``), and every
clarification keeps the player's question, so that the answer to an option leads as the first ask would have."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.cards.lookup import LookupUnavailable, with_learned_cards
from engine.cards import default_cards
from engine.errors import Clarification, SituationError
from engine.judging import judge_text
from engine.situation import situation_to_json
from engine.situation.offer import MAX_OFFERS, maybe_cards
from tests.situation_corpus.measure import Verdict, measure_entry

CARDS = default_cards()


def _asked(text: str) -> Clarification:
    with pytest.raises(Clarification) as asked:
        situation_to_json(text, CARDS)
    return asked.value


def _player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in doc["players"] if p["name"] == name)


def _controller(doc: dict[str, Any], card: str) -> str | None:
    return next((p["name"] for p in doc["players"] if card in p.get("battlefield", [])), None)


# ------------------------------------------------------------------------------ situations offered


@pytest.mark.parametrize("text", [
    "Brainstorm + terminus triggered ability doesnt happens",
    "I have 3 cards in library. I control Sylvan Library and the card is bugged. How many do I draw?",
    "Spirit of the Labyrinth bugged with brainstorm, do I draw?",
    "Consecrated Sphinx is broken when my opponent draws",
])
def test_each_option_reads_back_to_the_situation_it_shows(text: str) -> None:
    """An option "I control A. I cast B" is read as A on the asker's battlefield and B cast by the asker; "My
    opponent controls A" as A on the opponent's; "I draw a card" as the asker's draw."""
    asked = _asked(text)
    assert 0 < len(asked.options) <= MAX_OFFERS
    for option in asked.options:
        doc = situation_to_json(option.text, CARDS)
        action = doc["action"]
        for sentence in option.label.split(". "):
            words = sentence.rstrip(".").split()
            if sentence.startswith("I control "):
                assert _controller(doc, " ".join(words[2:])) == "You", option
            elif sentence.startswith("My opponent controls "):
                assert _controller(doc, " ".join(words[3:])) == "Opponent", option
            elif sentence.startswith(("I cast ", "I activate ", "I cycle ")):
                assert action["card"] == " ".join(words[2:]) and action["player"] == "You", option
            elif sentence == "I draw a card":
                assert action == {"type": "draw", "count": 1, "player": "You"}, option
            elif sentence == "My opponent draws a card":
                assert action == {"type": "draw", "count": 1, "player": "Opponent"}, option
            elif sentence.startswith("It's my"):
                assert action["type"] == "draw_step", option


def test_the_facts_read_and_the_question_are_kept_in_every_option() -> None:
    asked = _asked("I have 3 cards in library. I control Sylvan Library and the card is bugged. How many do I draw?")
    assert "bugged" in asked.question  # what couldn't be read is said
    for option in asked.options:
        doc = situation_to_json(option.text, CARDS)
        assert _player(doc, "You")["library"] == 3
        assert _controller(doc, "Sylvan Library") == "You"
        assert doc["asked"]["kind"] == "count", option


def test_a_card_named_in_a_report_is_used_as_its_abilities_are() -> None:
    """A spell is cast, a draw watcher watches a draw: the report's words become the situations it can mean."""
    labels = [o.label for o in _asked("Spirit of the Labyrinth bugged with brainstorm, do I draw?").options]
    assert "I control Spirit of the Labyrinth. I cast Brainstorm" in labels
    assert "My opponent controls Spirit of the Labyrinth. I cast Brainstorm" in labels
    assert not any("control Brainstorm" in label for label in labels)  # a spell is never put on the battlefield


@pytest.mark.parametrize("text", [
    "my howling mine is flipped, its my draw step",  # how a permanent is
    "opp has notion thief but not in play, i draw 2",
    "my library has 2 flurbs left and i draw 3",  # a count not read
    "I am at 2 life. I cast Gitaxian Probe paying life",  # a life payment
    "I control Narset, Parter of Veils with 3 cards in library. I use her -2.",  # what the engine lacks
])
def test_no_option_is_offered_over_a_fact_or_an_ability_not_read(text: str) -> None:
    with pytest.raises(SituationError) as refused:
        situation_to_json(text, CARDS)
    assert not isinstance(refused.value, Clarification)


def test_a_text_naming_no_card_and_no_action_is_refused_as_before() -> None:
    with pytest.raises(SituationError) as refused:
        situation_to_json("the program is bugged again", CARDS)
    assert not isinstance(refused.value, Clarification)


# ------------------------------------------------------------------------------ two actions


def test_two_actions_are_offered_each_with_the_facts() -> None:
    asked = _asked("I have 2 cards in library. I cast Brainstorm and my opponent draws 3. Do I lose?")
    assert "two actions" in asked.question
    assert [o.label for o in asked.options] == ["I cast Brainstorm", "my opponent draws 3"]
    first, second = (judge_text(o.text, CARDS) for o in asked.options)
    assert first.losers == ["You"] and second.losers == []  # the library of 2 and the question kept in each
    assert first.asked is not None and first.asked.kind.value == "lose"


def test_two_actions_the_engine_carries_out_in_turn_stay_one_story() -> None:
    """ "It's my draw step. I cast Brainstorm" is one story (the step's draw, then the spell): offered whole."""
    asked = _asked("It's my draw step. I control Howling Mine. i cast brainstorm then i draw 2")
    story = next(o for o in asked.options if "brainstorm" in o.label.lower())
    assert "draw step" in story.label
    doc = situation_to_json(story.text, CARDS)
    assert doc["action"]["card"] == "Brainstorm"


# ------------------------------------------------------------------------------ the question kept


@pytest.mark.parametrize(("text", "kind"), [
    ("Lab man and empty library, opponent casts Words of Wisdom. do i win?", "win"),  # whose library
    ("I have Laboratory Maniac. Teferi is out. I draw a card. Do I win?", "win"),  # which card
    ("I have 3 cards. I draw 4. do I lose?", "lose"),  # which zone
    ("opp at 3 with psychosis crawler out, i wheel. does he lose?", "lose"),  # who controls
    ("Do you draw if you go first in Commander?", "can"),  # how many players
    ("Spirit of the Labyrinth bugged with brainstorm, do I draw?", "can"),  # situations offered
])
def test_every_clarification_keeps_the_question(text: str, kind: str) -> None:
    """The re-asked answer leads with Yes/No or the number, as the first ask would have."""
    asked = _asked(text)
    for option in asked.options:
        doc = situation_to_json(option.text, CARDS)
        assert doc.get("asked", {}).get("kind") == kind, option


# ------------------------------------------------------------------------------ the bot's look-up


def _judged(text: str, lookup: Any) -> Any:
    async def attempt(extra: list[Any]) -> Any:
        return judge_text(text, CARDS.with_extra(extra) if extra else CARDS)

    return asyncio.run(with_learned_cards(attempt, CARDS, lookup))


def test_words_that_may_name_a_card_are_looked_up_once_then_the_situations_are_offered() -> None:
    text = "Relic of Progenitus broke my Spirit of the Labyrinth, do I draw with Brainstorm?"
    assert maybe_cards(text, CARDS) == ["Relic of Progenitus"]
    looked: list[str] = []

    async def nothing(name: str) -> None:
        looked.append(name)
        return None

    with pytest.raises(Clarification):
        _judged(text, nothing)
    assert looked == ["Relic of Progenitus"]


@pytest.mark.parametrize(("text", "names"), [
    ("Esper Sentinel triggers twice if I cast Relic of Progenitus", ["Esper Sentinel", "Relic of Progenitus"]),
    ("Player 1 has Consecrated Sphinx, Player 2 casts Decree of Pain", ["Decree of Pain"]),  # a card it knows: not
    ("My Opponent Has Howling Mine. Do I draw?", []),  # the reader's own words are never a card to look up
    ("Zimone and Dina triggers", ["Zimone and Dina"]),
    ("cards like Sheoldred, the Apocalypse and Nekusar, the Mindrazor", ["Sheoldred, the Apocalypse and Nekusar, the "
                                                                         "Mindrazor", "Nekusar, the Mindrazor"]),
])
def test_words_that_may_name_a_card(text: str, names: list[str]) -> None:
    assert maybe_cards(text, CARDS) == names


def test_a_look_up_that_cant_answer_now_is_passed_over_for_words_that_only_may_be_a_card() -> None:
    async def slow(name: str) -> None:
        raise LookupUnavailable(name)

    with pytest.raises(Clarification):
        _judged("Relic of Progenitus broke my Spirit of the Labyrinth, do I draw with Brainstorm?", slow)


# ------------------------------------------------------------------------------ the measure


def test_asked_counts_only_with_an_option_giving_the_expected_outcome() -> None:
    text = "I have 2 cards in library. I cast Brainstorm and my opponent draws 3. Do I lose?"
    right = measure_entry({"id": "t", "text": text, "expect": {"asked": "lose", "losers": ["You"]}}, CARDS)
    wrong = measure_entry({"id": "t", "text": text, "expect": {"asked": "lose", "winners": ["You"]}}, CARDS)
    assert right.verdict is Verdict.ASKED and wrong.verdict is Verdict.ASKED_NO_RIGHT
