"""Famous draw cards the project had never seen, probed with natural situations (task 26n): the wrong answers
found, fixed by pattern and checked here with made-up cards.

- "I cast X targeting my opponent, who has 5 cards in library": the relative clause's facts are the antecedent's
  (the 5 cards were given to the caster; the target drew 7 from 40 and "does he lose?" was answered No).
- "my opponent, who controls X, is at 20 life": one permanent, not two (4 damage for 2 draws).
- "I cast X with 3 other cards in hand": the hand said is the one beside the spell, so it held 4 before the cast
  (602/601.2a: the spell leaves the hand as it is cast); a "cards in your hand plus one" spell drew 3, not 4.
  Said with no spell cast, the words are refused.
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Hex Weaver": ("Enchantment Creature — Hag", "Whenever an opponent draws a card, Hex Weaver deals 1 damage to "
                                                 "that player."),
    "Two Thoughts": ("Sorcery", "Draw two cards."),
    "Flood of Notions": ("Sorcery", "Target player draws seven cards."),
    "Tidegate Renewal": ("Sorcery", "Draw cards equal to the number of cards in your hand plus one. You have no "
                                    "maximum hand size for the rest of the game."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def test_a_relative_clause_after_a_target_is_the_targets_fact() -> None:
    res = judge_text("I cast Flood of Notions targeting my opponent, who has 5 cards in library. does he lose?", _db())
    assert res.losers == ["Opponent"] and drawn_by(res)["Opponent"] == 5
    assert res.before["You"]["library"] != 5
    res = judge_text("I cast Flood of Notions on my opponent, who is at 2 life. how many cards does he draw?", _db())
    assert res.before["Opponent"]["life"] == 2 and res.before["You"]["life"] == 20


def test_a_player_said_again_by_a_relative_clause_controls_one_permanent() -> None:
    """ "my opponent, who controls X, is at 20" is one controller: X was put on the battlefield twice (the player
    before the clause was read as sharing it, like "me and opp both have X") and dealt 4 damage for 2 draws."""
    res = judge_text("I cast Two Thoughts and my opponent, who controls Hex Weaver, is at 20 life. what's my life "
                     "total after?", _db())
    assert res.players["You"]["life"] == 18
    res = judge_text("me and opp both have Hex Weaver. I cast Two Thoughts. what's my life total?", _db())
    assert res.players["You"]["life"] == 18  # only the opponent's Weaver triggers


def test_other_cards_in_hand_are_beside_the_spell_cast() -> None:
    res = judge_text("I cast Tidegate Renewal with 3 other cards in hand. how many cards do I draw?", _db())
    assert drawn_by(res)["You"] == 4  # 3 left in hand as it resolves, plus one
    res = judge_text("I cast Tidegate Renewal with 3 cards in hand. how many cards do I draw?", _db())
    assert drawn_by(res)["You"] == 3  # the hand said holds the spell: 2 left, plus one


def test_other_cards_in_hand_with_no_spell_cast_are_refused() -> None:
    with pytest.raises(SituationError) as refused:
        judge_text("I have 2 other cards in hand. I draw a card. how many cards are in my hand?", _db())
    assert "other cards in hand" in str(refused.value)
    with pytest.raises(SituationError) as refused:  # the hand of another player than the caster's
        judge_text("My opponent casts Two Thoughts and I have 2 other cards in hand. how many do I draw?", _db())
    assert "other cards in hand" in str(refused.value)
