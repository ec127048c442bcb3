"""Loyalty counters said in a story (606.4, 606.6): "Jace, Wielder of Mysteries with 8 loyalty counters" asked which
Jace (the with-part split the comma name), and nothing checked that a -8 could be paid. A count said is kept on the
planeswalker; an ability that removes more counters than it has is refused with 606.6, and that refusal is final
(a looser reading once took "Jace's -8" for another card whose name starts "Jace's"). A loyalty ability is
activated in its controller's own main phase (606.3): the turn is theirs when no one said whose it is."""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import Clarification, RuleRefusal, SituationError
from engine.judging import judge_text
from engine.situation.attach import Builder
from engine.situation.story import read_parts
from tests.engine.helpers import made_cards

CARDS = {
    "Vela, Tome Keeper": ("Legendary Planeswalker — Vela", "+1: Draw a card.\n−6: Draw seven cards."),
    "Vela's Scribe": ("Creature — Human Wizard", "{T}: Draw a card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def test_counters_said_with_the_comma_name_are_read_and_the_ultimate_resolves() -> None:
    res = judge_text("I control Vela, Tome Keeper with 6 loyalty counters and have 30 cards in my library. "
                     "I activate Vela's -6. how many cards do i draw?", _db())
    assert res.players["You"]["hand"] == 7 + 7
    assert any(u["fact"] == "Vela, Tome Keeper has 6 loyalty counters" for u in res.understood)


@pytest.mark.parametrize("text", [
    "I control Vela, Tome Keeper with 4 loyalty counters and have 3 cards in my library. I activate Vela's -6.",
    "I control Vela, Tome Keeper with four loyalty and have 3 cards in my library. I use her -6. do i win?",
])
def test_a_cost_larger_than_the_counters_is_refused_with_606_6(text: str) -> None:
    with pytest.raises(RuleRefusal) as err:
        judge_text(text, _db())
    assert "606.6" in err.value.message and "Vela's Scribe" not in str(err.value)


def test_a_signed_number_left_unread_is_never_dropped_as_grammar() -> None:
    b = Builder(_db())
    b.player("You")
    with pytest.raises(SituationError) as err:
        read_parts(b, "I activate Vela's -6")
    assert "-6" in err.value.message  # never the Scribe's {T} ability


def test_counters_without_a_planeswalker_are_an_error() -> None:
    with pytest.raises(SituationError) as err:
        judge_text("I control Vela's Scribe with 3 loyalty counters. I activate Vela's Scribe.", _db())
    assert not isinstance(err.value, Clarification) or "loyalty" in err.value.message


def test_the_loyalty_ability_puts_the_turn_in_its_controllers_main_phase() -> None:
    res = judge_text("Bob controls Vela, Tome Keeper and has 10 cards in his library. He activates her +1.", _db())
    assert res.players["Bob"]["hand"] == 7 + 1
    assert any("it is Bob's turn" in a and "606.3" in a for a in res.assumed)
