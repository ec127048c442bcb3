"""Card conservation (#26): over every development card in its natural situation, no card appears or
vanishes. The zones' sizes add up before and after (a token is not a card; a card on the stack is still
counted), and the card that was used ends in exactly one place — so a cost that moves a card moves it, and
a spell that resolves leaves the stack."""

from __future__ import annotations

import json
from functools import cache

import pytest

from engine.cards import Card, scryfall_card_text
from engine.errors import ScenarioError
from engine.model import PlayerState, Scenario
from engine.oracle import read_oracle
from engine.resolve import Resolver
from engine.scenario_json import scenario_from_json
from tests.conftest import SHARED
from tests.engine.natural import natural_situation

DEV = SHARED / "data" / "cards" / "draw-cards-dev.json"
# cards whose own text makes cards out of nothing (digital-only "conjure", "seek" draws a card from outside
# the library): conservation within the zones is not expected of them
CREATES_CARDS = ("conjure", "seek", "draft a card", "spellbook", "outside the game", "wish")


@cache
def readable() -> list[Card]:
    out = []
    for raw in json.loads(DEV.read_text(encoding="utf-8"))["cards"]:
        name, text, type_line = scryfall_card_text(raw)
        if any(w in text.lower() for w in CREATES_CARDS):
            continue
        reading = read_oracle(name, text, type_line)
        if reading.understood:
            out.append(reading.card(text, type_line))
    return out


def _cards(p: PlayerState) -> int:
    return (p.library.size + p.hand.size + p.graveyard.size + p.exile.size + p.memory.size + p.stack.size
            + len(p.battlefield))


def _places(s: Scenario, name: str) -> int:
    return sum(z.cards.count(name) for p in s.players
               for z in (p.library, p.hand, p.graveyard, p.exile, p.memory, p.stack)) + \
        sum(p.battlefield.count(name) for p in s.players)


def _run(card: Card) -> tuple[Scenario, Resolver] | None:
    from engine.cards import default_cards

    db = default_cards().with_extra([card])
    try:
        scenario = scenario_from_json(natural_situation(card), db)
        resolver = Resolver(scenario, db)
        resolver.run()
    except ScenarioError:
        return None  # refused with its words: nothing was claimed
    return scenario, resolver


def test_most_development_cards_resolve_in_their_natural_situation() -> None:
    cards = readable()
    resolved = sum(_run(c) is not None for c in cards)
    assert len(cards) > 1500
    assert resolved / len(cards) > 0.5, (resolved, len(cards))


@pytest.mark.parametrize("chunk", range(8))
def test_no_card_appears_or_vanishes(chunk: int) -> None:
    broken = []
    for card in readable()[chunk::8]:
        ran = _run(card)
        if ran is None:
            continue
        before, r = ran
        after = r.s
        lost = sum(_cards(p) for p in before.players) - sum(_cards(p) for p in after.players)
        if before.action.ability == "enters":
            lost += 1  # "it enters": the card comes from outside the zones the situation counts
        named_before = _places(before, card.name)
        named_after = _places(after, card.name)
        # an Omen is shuffled into its owner's library (720.3d): there, no card's place (nor name) is known
        shuffled = any("720.3d" in step.rules for step in r.steps)
        if lost or (named_before == 1 and named_after != (0 if shuffled else 1)):
            broken.append(f"{card.name}: {lost} card(s) lost; {card.name} in {named_after} places")
    assert not broken, broken[:15]
