"""Turns and steps said the way players say them (the development corpus's misses, by pattern), on made-up cards:

- "it's turn 2 (my first turn)": the game's number of a side's first turn, said again in brackets, is read once
  (it was a contradiction of two turns), as "my first turn (turn 2)" already was.
- "it's my first turn, opp has X, draw step": a bare step in a clause whose one turn is said is that turn's (it
  was asked whose draw step it is).
- "it's his upkeep ... does he lose on his draw step?": a question naming a later step of the same turn asks what
  happens then (it was a contradiction); an earlier one stays a contradiction.
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Thief of Notions": ("Creature — Human Rogue", "Flash\nIf an opponent would draw a card except the first one "
                                                   "they draw in each of their draw steps, instead you draw a card."),
    "Humming Mine": ("Artifact", "At the beginning of each player's draw step, if this artifact is untapped, that "
                                 "player draws an additional card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("text", [
    "i'm on the draw, it's turn 2 (my first turn), opp has thief of notions, draw step",
    "i'm on the draw, it's my first turn (turn 2), opp has thief of notions, draw step",
])
def test_a_first_turn_said_with_its_number_in_brackets(text: str) -> None:
    res = judge_text(text, _db())
    assert drawn_by(res)["You"] == 1 and drawn_by(res)["Opponent"] == 0  # on the draw, the first turn's draw happens (103.8a)


def test_a_bare_step_is_the_turn_said_in_its_clause() -> None:
    res = judge_text("it's opp's turn, i have humming mine, draw step. how many does he draw?", _db())
    assert drawn_by(res)["Opponent"] == 2 and drawn_by(res)["You"] == 0


def test_a_later_step_asked_is_what_happens_then() -> None:
    res = judge_text("opp has 1 card in library. its his upkeep and i have humming mine. does he lose on his draw "
                     "step?", _db())
    assert res.losers == ["Opponent"]
    assert any("follows the upkeep step told" in a for a in res.assumed)


def test_an_earlier_step_asked_stays_a_contradiction() -> None:
    with pytest.raises(SituationError, match="contradiction"):
        judge_text("opp has 1 card in library. its his draw step and i have humming mine. does he lose in his "
                   "upkeep?", _db())


@pytest.mark.parametrize("text,who,hand", [
    ("whats opps hand after his draw step if he has 3 cards in hand and i have humming mine?", "Opponent", 5),
    ("how many cards does opp have after his draw step if he has 3 cards in hand and I have humming mine?",
     "Opponent", 5),
    ("I have Humming Mine and 2 cards in hand. How many cards do I have after my draw step?", "You", 4),
])
def test_a_hand_asked_after_a_draw_step_is_that_steps_hand(text: str, who: str, hand: int) -> None:
    res = judge_text(text, _db())
    assert res.players[who]["hand"] == hand
    assert res.answer["kind"] == "count" and f"{hand} cards in hand" in res.answer["text"]
    assert res.answer["text"].startswith(who)


def test_nobody_holds_cards_but_the_spell() -> None:
    db = made_cards({"Gale of Pages": ("Sorcery", "Each player discards their hand, then draws cards equal to the "
                                                  "greatest number of cards a player discarded this way.")})
    res = judge_text("gale of pages where nobody has cards in hand except the gale of pages", db)
    assert drawn_by(res)["You"] == 0 and res.players["Opponent"]["hand"] == 0


def test_a_spell_in_the_draw_step_is_counted_apart_from_the_steps_card() -> None:
    """ "its my draw step. i cast X. how many do i draw?" led with the step's card and the spell's together (1 under
    a one-card-a-turn prohibition, where the spell draws none): the spell's draws lead, after the step's card."""
    db = made_cards({**CARDS, "Veil Warden": ("Creature — Human Wizard", "Each opponent can't draw more than one "
                                                                         "card each turn."),
                     "Quick Study": ("Instant", "Draw two cards.")})
    res = judge_text("opp has veil warden. its my draw step. i cast quick study. how many do i draw?", db)
    assert res.answer["text"].startswith("You draw no card with Quick Study")
    res = judge_text("its my draw step. i cast quick study. how many do i draw?", db)
    assert res.answer["text"].startswith("You draw 2 with Quick Study")
