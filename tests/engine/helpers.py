"""Scenario builders for engine tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import CardDB, default_cards
from engine.model import Resolution
from engine.oracle import read_oracle
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json


def two(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None, action: dict[str, Any] | None = None,
        **top: Any) -> dict[str, Any]:
    """A two-player scenario: "You" (active by default) and "Opponent"."""
    return {"players": [{"name": "You", **(me or {})}, {"name": "Opponent", **(opp or {})}],
            "action": action or {"type": "draw", "player": "You", "count": 1}, **top}


def made_cards(table: dict[str, tuple[str, str]]) -> CardDB:
    """The shipped cards plus made-up ones, {name: (type line, Oracle text)}, read as the bot reads a card it
    looks up: so a test checks a pattern of Oracle text, never one real card."""
    return default_cards().with_extra([read_oracle(n, o, t).card(o, t) for n, (t, o) in table.items()])


def cast(db: CardDB, alice: dict[str, Any], action: dict[str, Any], bob: dict[str, Any] | None = None,
         **top: Any) -> Resolution:
    """Alice (hand 7, library 40 unless said) uses a card against Bob: a cast action with ``action``'s fields."""
    doc = {"players": [{"name": "Alice", "hand": 7, "library": 40, **alice}, {"name": "Bob", **(bob or {})}],
           "action": {"type": "cast", "player": "Alice", **action}, **top}
    return resolve(scenario_from_json(doc, db), db)


def run(doc: dict[str, Any], **kw: Any) -> Resolution:
    return resolve(scenario_from_json(doc), **kw)


def kinds(res: Resolution) -> list[str]:
    return [s.kind for s in res.steps]


def cited(res: Resolution) -> set[str]:
    return set(res.rules)


KINDS = ["Notion Thief", "Thought Reflection", "Alms Collector", "Sylvan Library", "Smothering Tithe",
         "Rhystic Study", "Alhammarret's Archive", "Orcish Bowmasters"]


def permanents_text(n: int) -> str:
    """A board of ``n`` draw-related permanents of 8 kinds, split between two players."""
    mine = Counter(KINDS[i % 8] for i in range(n // 2))
    theirs = Counter(KINDS[(i + 3) % 8] for i in range(n - n // 2))

    def say(who: str, board: Counter[str]) -> str:
        return " ".join(f"{who} {count} {name}{'s' if count > 1 else ''}." for name, count in board.items())

    return f"I have 60 cards in my library. {say('I control', mine)} {say('My opponent controls', theirs)} " \
           "I draw 3 cards."
