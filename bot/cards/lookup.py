"""The one card look-up every front end uses (Discord, console, ``ask``, ``resolve`` text and JSON): the card
data first, then the cache, then Scryfall (through the rulings service), with each new card read from its
Oracle text and type line. An understood card is used; a card with draw text the reader can't read is refused
with that text (``UnreadableCard``), never used with a silent gap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from engine.cards import Card, CardDB
from engine.errors import Clarification, SituationError
from engine.model import Scenario
from engine.oracle import read_oracle
from engine.situation import parse_situation

# name -> (name, Oracle text, type line[, mana cost]): a look-up that knows the cost gives it (202.3's mana value)
CardLookup = Callable[[str], Awaitable[tuple[str, str, str] | tuple[str, str, str, str] | None]]
MAX_NEW_CARDS = 4
T = TypeVar("T")


PRELOAD_HINT = ("preload the cards and rulings: `drawjudge cards load oracle-cards.json rulings.json` (Scryfall's "
                "bulk data files, from https://scryfall.com/docs/api/bulk-data)")


class LookupUnavailable(Exception):
    """A look-up that can't answer now (Scryfall down, or slow): for words that only may name a card, the
    reader goes on without them."""


class CardsOffline(LookupUnavailable):
    """A card the cache lacks while Scryfall can't be reached (a look-up raises it at once)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class UnreadableCard(Exception):
    """A card found by name whose draw text the Oracle reader can't read (the text is shown to the player)."""

    def __init__(self, name: str, text: str, unread: list[str] | None = None) -> None:
        super().__init__(name)
        self.name = name
        self.text = text
        self.unread = unread or []


async def new_card(cards: CardDB, lookup: CardLookup, name: str) -> Card | None:
    """The card ``name`` read from its Oracle text; None when no such card is found or ``cards`` has it."""
    found = await lookup(name)
    if found is None:
        return None
    real, oracle, type_line = found[:3]
    mana_cost = found[3] if len(found) > 3 else ""
    if cards.find(real) is not None:
        return None
    # Read off the event loop: a text from upstream can be long (up to the download cap), and while it is read
    # every other user's answer would wait.
    reading = await asyncio.to_thread(read_oracle, real, oracle, type_line)
    if not reading.understood:
        raise UnreadableCard(real, oracle, reading.not_understood)
    return reading.card(oracle, type_line, mana_cost)


async def learn_card(cards: CardDB, lookup: CardLookup, name: str) -> CardDB | None:
    """``cards`` with the card ``name`` added from its Oracle text; None when no such card is found."""
    card = await new_card(cards, lookup, name)
    return cards.with_extra([card]) if card is not None else None


async def with_learned_cards(attempt: Callable[[list[Card]], Awaitable[T]], cards: CardDB,
                             lookup: CardLookup | None) -> T:
    """``attempt`` (given the cards learned so far), learning each card the situation names that the card
    data lacks and trying again, up to ``MAX_NEW_CARDS`` cards. The one loop behind the Judge (which resolves
    in the engine's workers) and ``drawjudge resolve`` (which reads here)."""
    extra: list[Card] = []
    tried: set[str] = set()
    while True:
        try:
            return await attempt(extra)
        except Clarification:
            raise
        except SituationError as exc:
            name = exc.unknown_card
            if not name and lookup is not None and len(extra) < MAX_NEW_CARDS:
                found = await _named_cards(exc.maybe_cards, cards.with_extra(extra), lookup, tried)
                if found:
                    extra += found[:MAX_NEW_CARDS - len(extra)]
                    continue
            if not name or not any(ch.isalpha() for ch in name) or lookup is None or len(extra) >= MAX_NEW_CARDS:
                if exc.offer is not None:  # no card left to look up: the situations the reader offers
                    raise exc.offer from exc
                raise  # "Opponent has 2": a number is never a card to look up
            try:
                card = await new_card(cards.with_extra(extra), lookup, name)
                if card is None and "," in name:  # "Necropotence, Phyrexian Arena": a list, not a name's title
                    card = await new_card(cards.with_extra(extra), lookup, name.split(",")[0].strip())
            except CardsOffline:
                # the words may not be a card at all: say what wasn't understood, and what to do if it is one
                exc.hint = "; ".join(x for x in (exc.hint, f"if “{name}” is a card, it is not in the card cache and "
                                                 "Scryfall can't be reached right now: ask again later") if x)
                exc.operator = PRELOAD_HINT  # type: ignore[attr-defined]  # the log and the terminal only
                raise exc from None
            if card is None:
                raise
            extra.append(card)


async def _named_cards(names: list[str], cards: CardDB, lookup: CardLookup, tried: set[str]) -> list[Card]:
    """The cards among words that may name one (a bug report's "Chromatic Star"), each looked up once: a
    name not found, or not reachable now, is passed over (the reader then offers what it can read)."""
    found: list[Card] = []
    for name in names:
        if name.lower() in tried:
            continue
        tried.add(name.lower())
        try:
            card = await new_card(cards.with_extra(found), lookup, name)
        except LookupUnavailable:
            continue
        if card is not None:
            found.append(card)
    return found


async def read_situation(text: str, cards: CardDB, lookup: CardLookup | None) -> tuple[CardDB, Scenario]:
    """The situation read (off the event loop), with the cards it names that the card data lacks learned."""

    async def attempt(extra: list[Card]) -> tuple[CardDB, Scenario]:
        known = cards.with_extra(extra) if extra else cards
        return known, await asyncio.to_thread(parse_situation, text, known)

    return await with_learned_cards(attempt, cards, lookup)


def card_names_in(doc: Any) -> list[str]:
    """The card names a scenario document mentions (permanents, named zone cards, the action's card)."""
    names: list[str] = []
    if not isinstance(doc, dict):
        return names
    for p in doc.get("players", []) if isinstance(doc.get("players"), list) else []:
        if isinstance(p, dict):
            for key in ("battlefield", "graveyard"):
                value = p.get(key)
                if isinstance(value, list):
                    names += [v for v in value if isinstance(v, str)]
    action = doc.get("action")
    if isinstance(action, dict) and isinstance(action.get("card"), str):
        names.append(action["card"])
    if isinstance(action, dict) and isinstance(action.get("targets"), list):
        names += [t["card"] for t in action["targets"] if isinstance(t, dict) and isinstance(t.get("card"), str)]
    return names


async def cards_for_json(doc: Any, cards: CardDB, lookup: CardLookup | None) -> CardDB:
    """``cards`` with every card a JSON scenario names that the card data lacks (the scenario's own
    validation then reports anything still unknown)."""
    if lookup is None:
        return cards
    for name in dict.fromkeys(card_names_in(doc)):
        if cards.find(name) is None and len(name) <= 200:
            cards = await learn_card(cards, lookup, name) or cards
    return cards
