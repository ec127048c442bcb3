"""Card names that start with "The" ("The Ur-Dragon", "The One Ring", "The Speed Demon"), said with or without it.

The reader drops "the" as a filler word, so a name typed "The Speed Demon" reached the card data as "Speed
Demon" and was "not a card I know" even once the bot had fetched the card; and "The One Ring" was cut at
"One", read as a number, so the look-up asked for "Ring with 2 burden counters".
"""

from __future__ import annotations

import pytest

from engine.errors import SituationError
from engine.judging import judge_text
from engine.situation import situation_to_json
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

DEMON = ("Legendary Creature — Demon", "When this creature enters, draw two cards.")


def test_a_name_is_found_without_its_leading_the() -> None:
    db = made_cards({"The Grim Demon": DEMON})
    assert db.find("Grim Demon") is not None and db.find("grim demon").name == "The Grim Demon"  # type: ignore[union-attr]
    assert db.find("Demon") is None


@pytest.mark.parametrize("text", ["The Grim Demon enters under my control.", "the grim demon enters under my control",
                                  "I cast The Grim Demon."])
def test_said_with_or_without_the_it_is_the_card(text: str) -> None:
    res = judge_text(text + " how many cards do I draw?", made_cards({"The Grim Demon": DEMON}))
    assert drawn_by(res)["You"] == 2


@pytest.mark.parametrize(("text", "name"), [
    ("I control The Unknown Engine and draw a card.", "The Unknown Engine"),
    ("I control The One Widget with 2 burden counters. I draw a card.", "The One Widget"),
])
def test_an_unknown_name_is_looked_up_with_its_the(text: str, name: str) -> None:
    with pytest.raises(SituationError) as caught:
        situation_to_json(text, made_cards({}))
    assert caught.value.unknown_card == name
