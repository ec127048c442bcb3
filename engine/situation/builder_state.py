"""What the situation builder keeps of each player and of itself between phrases: the player record, and the
snapshot a phrase that fails half-way is undone from (lists only ever appended to are kept as their length, other
containers copied one level down).

Why a module of its own: the builder (``attach``) reads facts; how its state is saved and restored is a concern
of its own, kept small and fast (a snapshot is taken for every phrase tried).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PlayerRecord:
    """One player's facts as the story tells them (zone counts, life...), with the cards named on the
    battlefield, in the graveyard and on top of the library, and the team."""

    name: str
    facts: dict[str, Any] = field(default_factory=dict)
    battlefield: list[str] = field(default_factory=list)
    graveyard_cards: list[str] = field(default_factory=list)
    library_top: list[str] = field(default_factory=list)
    team: str | None = None


APPEND_ONLY = frozenset({"understood", "assumed", "mentions", "last_cards", "order", "uncounted"})


class Length:
    """A list the reader only appends to, in a snapshot: how long it was (a plain class: a snapshot makes six of
    these for every phrase tried, and a frozen dataclass's constructor costs several times more)."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n


NOT_SAVED = frozenset({"cards", "last_error"})
CONTAINERS = (list, dict, set)


def copied(key: str, value: Any) -> Any:
    """A container copied one level down; the players as plain tuples (rebuilt only if restored: a snapshot
    is taken for every phrase tried, a restore only when one fails half-way)."""
    if not isinstance(value, (list, dict, set)):
        return value
    if key == "players" and isinstance(value, dict):
        return {name: (p.name, p.facts.copy(), p.battlefield[:], p.graveyard_cards[:], p.library_top[:], p.team)
                for name, p in value.items()}
    return value.copy()


def players_from(saved: dict[str, tuple[Any, ...]]) -> dict[str, PlayerRecord]:
    return {name: PlayerRecord(n, facts.copy(), field_[:], grave[:], top[:], team)
            for name, (n, facts, field_, grave, top, team) in saved.items()}
