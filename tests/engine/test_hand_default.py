"""A hand nobody counted is seven cards (the default); when an empty hand would change the answer to the question
asked, the answer says so with that other outcome ("Library: 6 cards. I cast Windfall. do I lose?" said "Yes"
alone: with the opponent's hand empty, nobody draws more than 6). Said only when the answer changes: an empty
hand changes every count of the hand itself."""

from __future__ import annotations

from engine.cards import CardDB
from engine.judging import judge_text
from engine.model import Resolution
from tests.engine.helpers import made_cards

CARDS = {
    "Gale of Pages": ("Sorcery", "Each player discards their hand, then draws cards equal to the greatest number of "
                                 "cards a player discarded this way."),
    "Empty-Hand Scribe": ("Creature — Vampire", "If you would draw a card while you have no cards in hand, instead "
                                                "you draw two cards and you lose 1 life."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def _ifs(res: Resolution) -> list[str]:
    return [o["if"] for o in res.other_outcomes]


def test_the_largest_hand_discarded_gives_the_other_outcome() -> None:
    res = judge_text("Library: 6 cards. I cast Gale of Pages. do I lose?", _db())
    assert res.answer["text"].startswith("Yes")
    other = next(o for o in res.other_outcomes if o["if"].startswith("If Opponent had no cards in hand"))
    assert other["answer"]["text"].startswith("No") and other["losers"] == []
    assert not any(i.startswith("If you had no") for i in _ifs(res))  # same answer: not said


def test_a_hand_condition_gives_the_other_count() -> None:
    res = judge_text("Empty-Hand Scribe on my side, i draw a card. how many do i draw?", _db())
    assert res.answer["text"].startswith("You draw 1")
    other = next(o for o in res.other_outcomes if o["if"].startswith("If you had no cards in hand"))
    assert other["answer"]["text"].startswith("You draw 2")


def test_a_hand_that_changes_nothing_asked_is_not_said() -> None:
    res = judge_text("I cast Brainstorm. how many do I draw?", _db())
    assert not any("cards in hand" in i for i in _ifs(res))


def test_a_counted_hand_is_no_default() -> None:
    res = judge_text("Library: 6 cards. I have 4 cards in hand and opp has 7. I cast Gale of Pages. do I lose?",
                     _db())
    assert not any("cards in hand" in i for i in _ifs(res))
