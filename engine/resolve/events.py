"""The objects the resolver moves around: effects in play, triggered abilities waiting or on the stack,
the decisions players make, and the signal that the game is over."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.cards import Card
from engine.effects import (
    Op,
)


class GameOver(Exception):
    pass


@dataclass
class EffectSource:
    """An effect in play: which card, who controls it, which effect of the card."""

    card: Card
    controller: str
    index: int
    effect: Any
    position: int = 0  # which copy: two Blood Scriveners are two effects
    tapped: bool = False  # whether this copy is tapped (its abilities still work unless they say otherwise, 110.5b)

    @cached_property
    def key(self) -> str:
        """Which effect this is, for "each replacement applies once" (614.5): asked many times per draw."""
        return f"{self.card.name}#{self.controller}#{self.position}#{self.index}"


@dataclass
class PendingTrigger:
    source: str
    controller: str
    that_player: str
    ops: tuple[Op, ...]
    optional: bool
    count: int
    rules: tuple[str, ...]
    x: int | None = None  # X as given for the card acted on (its own triggers use it)
    condition: str = ""  # its intervening "if" (603.4), checked again as it resolves


@dataclass
class ChoicePoint:
    key: str
    options: list[Any]
    chosen: Any
    chooser: str = ""  # who decides, when the key doesn't say ("may:<card>:<act>": the ability's controller)


@dataclass
class StepGroup:
    start: int
    signature: tuple[Any, ...]


@dataclass
class OpContext:
    """Where a list of operations comes from: whose effect ("you"), the player it is about ("that player"),
    the source's name, the replacement effects already applied to this event, whether it replaces a draw,
    how many identical resolutions it stands for, X, and what earlier operations of the list discarded."""

    you: str
    that_player: str
    source: str
    applied: frozenset[str]
    replacing: bool
    times: int
    x: int | None
    discarded: dict[str, int] = field(default_factory=dict)
    last_count: int | None = None  # how many cards the last operation moved: what "that many" refers to
    did: bool = True  # whether the last "may" was taken (what "if you do" refers to, 608.2c)
    coin: str | None = None  # the result of the coin flip the effect made ("win" / "lose"), once flipped
    revealed: dict[str, int] = field(default_factory=dict)  # cards revealed from the top, per player
    mays: int = 0  # how many "may" operations the effect has: one alone is what any "may" choice of it means
    counts: dict[str, int] = field(default_factory=dict)  # what the last operation moved, per player

    def moved(self, name: str, k: int) -> None:
        """The last operation moved ``k`` cards of ``name``'s: "that many" after "each player shuffles their
        hand into their library, then draws that many cards" is each player's own number (608.2h)."""
        self.last_count = k
        self.counts[name] = k


@dataclass(frozen=True)
class DrawEvent:
    """One card draw (121.2): who draws, what made them draw (a spell's name, "the draw step", "cycling"),
    the replacement effects already applied to the events it came from (614.5: each applies once), an
    additional action on the card drawn (121.6c), and whether it is a draw in the player's own draw step
    (for "except the first card they draw in each of their draw steps")."""

    who: str
    source: str
    applied: frozenset[str]
    additional: str = ""
    in_draw_step: bool = False
