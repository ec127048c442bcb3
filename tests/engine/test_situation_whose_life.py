"""A life total said after a player named only as whose side or card it is ("I cast Brainstorm with Sheoldred on
opp's side at 3 life. am I dead?"): it went to the Sheoldred's controller and "am I dead?" was answered No. The
clause goes on with its own player after a with-part ("I cast X with opp's Sheoldred out, at 3 life"), and a life
that could be either player's is asked or read as the clause's own player's, never the card's controller's."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import Clarification
from engine.judging import judge_text
from tests.engine.helpers import made_cards

CARDS = {"Bleeding Scribe": ("Creature — Vampire", "Whenever an opponent draws a card, they lose 2 life."),
         "Deep Study": ("Sorcery", "Draw three cards.")}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("text", [
    "i cast deep study with bleeding scribe on opp's side at 3 life. am i dead?",
    "i cast deep study with opp's bleeding scribe out, at 3 life. am i dead?",
])
def test_the_life_is_never_the_cards_controllers(text: str) -> None:
    try:
        res = judge_text(text, _db())
    except Clarification as asked:
        assert {o.label for o in asked.options} >= {"You are at 3 life", "Opponent is at 3 life"}
        return
    assert res.players["You"]["life"] < 0 and "You" in res.losers
    assert res.players["Opponent"]["life"] == 20


def test_the_clauses_own_player_keeps_a_life_said_plainly() -> None:
    res = judge_text("opp at 3 life casts deep study with my bleeding scribe. is he dead?", _db())
    assert "Opponent" in res.losers
