"""The card-draw vocabulary of the MTG Wiki (shared/seeds/000_62d5ad93604d5850.txt) as engine effects.

Why: players say "I loot" or "she tutors" at the table. Each term becomes the ops it stands for, and the
engine knows which of them draw (and so meet replacements, prohibitions and triggers) and which only move
cards into a hand without the word "draw" (121.5: no trigger, no replacement, no loss on an empty library).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.effects import Op


@dataclass(frozen=True)
class Mechanic:
    name: str
    aliases: tuple[str, ...]
    draws: bool
    ops: tuple[Op, ...]
    meaning: str
    rules: tuple[str, ...]


MECHANICS: tuple[Mechanic, ...] = (
    Mechanic("cantrip", ("cantrip", "cantrips"), True, (Op("draw", 1, "you"),),
             "a spell or ability that also draws a card", ("121.1",)),
    Mechanic("cycling", ("cycle", "cycles", "cycling"), True, (Op("discard", 1, "you"), Op("draw", 1, "you")),
             "discard the card (the cost) to draw a card", ("702.29a", "121.1")),
    Mechanic("looting", ("loot", "loots", "looting"), True, (Op("draw", 1, "you"), Op("discard", 1, "you")),
             "draw, then discard as many", ("121.1", "701.9")),
    Mechanic("rummaging", ("rummage", "rummages", "rummaging"), True,
             (Op("discard", 1, "you"), Op("draw", 1, "you")), "discard first, then draw", ("701.9", "121.1")),
    Mechanic("wheel", ("wheel", "wheels", "wheeling"), True,
             (Op("discard_hand", 1, "each_player"), Op("draw", 7, "each_player")),
             "each player discards their hand and draws seven", ("701.9", "121.2c")),
    Mechanic("impulsive draw", ("impulsive draw", "impulse draw", "impulsive draws", "impulse draws"), False,
             (Op("exile_top", 1, "you"),),
             "exile the top card and may play it this turn: not a draw", ("121.5", "701.13a")),
    Mechanic("tutoring", ("tutor", "tutors", "tutoring"), False, (Op("search_to_hand", 1, "you"),),
             "search the library for a card and put it into hand: not a draw", ("121.5",)),
    Mechanic("regrowth", ("regrow", "regrows", "regrowth", "regrowing"), False, (Op("note", 1, "you",
             text="a card returns from the graveyard to hand: not a draw"),),
             "return a card from the graveyard to hand: not a draw", ("121.5",)),
    Mechanic("card filtering", ("filter", "filters", "card filtering"), True,
             (Op("draw", 2, "you"), Op("put_back", 1, "you")),
             "draw several, keep some, put the rest back", ("121.1", "401.4")),
    Mechanic("punisher", ("punisher",), True, (Op("draw", 1, "you"),),
             "an opponent chooses a punishment or lets you draw (121.3a)", ("121.3a",)),
)

_BY_ALIAS = {alias: m for m in MECHANICS for alias in m.aliases}


def mechanic(word: str) -> Mechanic | None:
    return _BY_ALIAS.get(" ".join(word.lower().split()))


def aliases() -> list[str]:
    return sorted(_BY_ALIAS, key=len, reverse=True)
