"""A card's name with a title after its comma, told by players ("Nissa, Sage Animist"), in phrasings written for
this test: the whole name is what the bot looks up (the first word alone names several cards, or another one);
a list that only looks like a title ("Necropotence, Phyrexian Arena and ...") is looked up item by item.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.cards.lookup import with_learned_cards
from engine.cards import default_cards
from engine.errors import ScenarioError
from engine.judging import judge_text
from engine.situation import situation_to_json

_DRAW_ARTIFACT = ("{T}: Draw a card.", "Artifact")
_PLAIN = ("Flying", "Creature — Bird")


@pytest.mark.parametrize(("text", "card"), [
    ("I control Nissa, Sage Animist and I draw a card.", "Nissa, Sage Animist"),
    ("I control Aminatou, the Fateshifter and draw a card.", "Aminatou, the Fateshifter"),
])
def test_the_whole_titled_name_is_looked_up(text: str, card: str) -> None:
    with pytest.raises(ScenarioError) as raised:
        situation_to_json(text)
    assert raised.value.unknown_card == card


@pytest.mark.parametrize("text", [
    "I control Necropotence, Phyrexian Arena and Howling Mine. I draw a card.",  # a list goes on
    "I control Necropotence, Phyrexian Arena, Howling Mine. I draw a card.",
])
def test_a_list_is_not_a_title(text: str) -> None:
    with pytest.raises(ScenarioError) as raised:
        situation_to_json(text)
    assert "," not in str(raised.value.unknown_card)


def test_a_list_taken_for_a_title_is_looked_up_item_by_item() -> None:
    """ "Skyfisher, Windborne Hawk" where neither is the other's title: the lookup of the whole fails, the first
    name is looked up alone, then the next (each a card the data lacks)."""
    known = {"Skyfisher": ("Skyfisher", *_PLAIN), "Windborne Hawk": ("Windborne Hawk", *_PLAIN)}
    asked: list[str] = []

    async def lookup(name: str) -> tuple[str, str, str] | None:
        asked.append(name)
        return known.get(name)

    cards = default_cards()

    async def attempt(extra: list) -> object:  # type: ignore[type-arg]
        return judge_text("I control Skyfisher, Windborne Hawk and I draw a card.",
                          cards.with_extra(extra) if extra else cards)

    resolution = asyncio.run(with_learned_cards(attempt, cards, lookup))
    assert asked[:2] == ["Skyfisher, Windborne Hawk", "Skyfisher"]
    assert resolution is not None
