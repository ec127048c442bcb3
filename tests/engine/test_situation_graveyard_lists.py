"""Cards listed in a graveyard ("sotl + thug in gy"): a permanent whose text does nothing from a graveyard, listed
beside a card that does (dredge), may as well be on the battlefield; read in the graveyard, a Spirit of the
Labyrinth stopped stopping the dredge (a confident wrong answer). The reader asks where it is. And only a card
with dredge is offered as the card dredged (702.52a)."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import Clarification
from engine.judging import judge_text
from tests.engine.helpers import made_cards

CARDS = {
    "Mire Drake": ("Creature — Drake", "Flying\nDredge 2"),
    "Bog Stalker": ("Creature — Zombie", "Dredge 3"),
    "Hush Warden": ("Creature — Spirit", "Each player can't draw more than one card each turn."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def test_a_board_card_listed_with_a_dredge_card_is_asked_about() -> None:
    with pytest.raises(Clarification) as asked:
        judge_text("hush warden + mire drake in gy, i already drew this turn, i cast frantic search, can i dredge?",
                   _db())
    labels = [o.label for o in asked.value.options]
    assert labels == ["Hush Warden on the battlefield", "Hush Warden in the graveyard too"]


def test_each_option_reads_as_it_says() -> None:
    db = _db()
    story = "hush warden + mire drake in gy, i already drew this turn, i cast frantic search, i dredge"
    with pytest.raises(Clarification) as asked:
        judge_text(story, db)
    out, inside = (judge_text(o.text, db) for o in asked.value.options)
    assert out.players["You"]["hand"] == 7 - 3  # the Warden stops both draws: no dredge (614.17c)
    assert inside.players["You"]["hand"] == out.players["You"]["hand"] + 2  # both draws happen, one dredged
    assert inside.players["You"]["graveyard"] == out.players["You"]["graveyard"] + 1 + 2 - 1  # Warden; 2 milled


@pytest.mark.parametrize("text", [
    "mire drake and bog stalker in my graveyard, i draw a card. i dredge mire drake",  # both work from there
    "brainstorm + mire drake in gy, i draw a card, i dredge",  # an instant is never on the battlefield
    "Hush Warden and Mire Drake are in my graveyard. I draw a card and dredge Mire Drake.",  # said plainly
])
def test_no_question_when_the_list_is_plain(text: str) -> None:
    res = judge_text(text, _db())
    assert res.players["You"]["graveyard"] >= 2


def test_only_a_card_with_dredge_is_offered_as_the_one_dredged() -> None:
    res = judge_text("Hush Warden is in my graveyard. Mire Drake is in my graveyard. I draw a card and dredge.",
                     _db())
    assert any("dredge Mire Drake" in u["fact"] for u in res.understood)
