"""The game model: plain dataclasses for scenarios, game state and resolutions.

Why zones are "known cards on top + a count below": players describe libraries as counts ("40 cards") or as
the cards they know ("Golgari Thug on top"); counts let a billion-card draw stay arithmetic, and named cards
matter only where their text works (miracle on top of a library, dredge in a graveyard).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.question import Asked

_T = TypeVar("_T")

STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
FORMATS = ("two-player", "multiplayer", "two-headed-giant")
UNCHECKED_RESTRICTION = "the engine can't check this restriction; the answer assumes it is met"  # a step's words
CHANCE = "chance"  # the chooser of a decision no player makes ("choose one at random"): a branch, not a choice


@dataclass
class Batch:
    """Cards moving between zones: the named ones (in order) and a count of unnamed ones.

    Why a count: "mill a billion" must not build a list of a billion entries."""

    named: list[str] = field(default_factory=list)
    unknown: int = 0

    def __len__(self) -> int:
        return len(self.named) + self.unknown

    def first(self) -> str | None:
        return self.named[0] if self.named else None

    def split(self, k: int) -> tuple[Batch, Batch]:
        """The first ``k`` cards and the rest (named cards come first)."""
        head = self.named[:k]
        rest_k = k - len(head)
        take_unknown = min(self.unknown, max(0, rest_k))
        return Batch(head, take_unknown), Batch(self.named[k:], self.unknown - take_unknown)

    def __add__(self, other: Batch) -> Batch:
        return Batch(self.named + other.named, self.unknown + other.unknown)


@dataclass
class Zone:
    """Known cards first (top of a library first), then ``unknown`` unnamed cards."""

    cards: list[str] = field(default_factory=list)
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) + self.unknown

    def take_top(self, n: int) -> Batch:
        """Remove up to ``n`` cards from the top: named cards first, then unnamed ones."""
        n = max(0, min(n, self.size))
        known = self.cards[:n]
        del self.cards[:n]
        rest = n - len(known)
        self.unknown -= rest
        return Batch(known, rest)

    def add(self, batch: Batch) -> None:
        self.cards.extend(batch.named)
        self.unknown += batch.unknown

    def add_bottom(self, batch: Batch) -> None:
        """Cards put on the bottom. Below unnamed cards a named card's place can't be kept in this model, so
        it is counted among them (its name no longer shown); with no unnamed cards its place is kept."""
        if self.unknown:
            self.unknown += len(batch)
        else:
            self.cards.extend(batch.named)
            self.unknown += batch.unknown

    def add_top(self, batch: Batch) -> None:
        self.cards[:0] = batch.named
        self.unknown += batch.unknown

    def remove_named(self, name: str) -> bool:
        if name in self.cards:
            self.cards.remove(name)
            return True
        return False

    def remove_card(self, name: str) -> None:
        """The card ``name`` leaves the zone: its named entry, or one unnamed card standing for it (a
        graveyard said as "3 cards" holds the card the player names)."""
        if not self.remove_named(name) and self.unknown:
            self.unknown -= 1

    def shuffle_in(self, batch: Batch) -> None:
        """Cards shuffled into the zone (701.24a): no card's place is known afterwards."""
        self.add(batch)
        self.unknown += len(self.cards)
        self.cards = []

    def remove_any(self, n: int) -> Batch:
        """Remove ``n`` cards where it does not matter which (discard, put back): unnamed ones first."""
        n = max(0, min(n, self.size))
        from_unknown = min(n, self.unknown)
        self.unknown -= from_unknown
        named_count = n - from_unknown
        named = self.cards[-named_count:] if named_count else []
        if named_count:
            del self.cards[-named_count:]
        return Batch(named, from_unknown)

    def to_json(self) -> int | list[str]:
        return self.cards + ["(card)"] * self.unknown if self.cards else self.unknown


@dataclass
class PlayerState:
    name: str
    library: Zone
    hand: Zone
    graveyard: Zone = field(default_factory=Zone)
    exile: Zone = field(default_factory=Zone)
    life: int = 20
    poison: int = 0  # poison counters (122.1f): ten or more lose the game (704.5c)
    battlefield: list[str] = field(default_factory=list)
    tapped: list[str] = field(default_factory=list)  # the permanents of ``battlefield`` that are tapped, one per copy
    drawn_this_turn: int = 0
    drawn_this_draw_step: int = 0
    team: str | None = None
    attempted_empty_draw: bool = False
    lost: bool = False
    won: bool = False
    tokens: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)  # +1/+1 counters on a named token (an Army)
    face_down_drawn: int = 0
    memory: Zone = field(default_factory=Zone)  # Grand Archive: cards can be drawn into memory
    stack: Zone = field(default_factory=Zone)  # this player's spell being cast or resolving (601.2a)

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "library": self.library.size,
            "hand": self.hand.size,
            "graveyard": self.graveyard.size,
            "life": self.life,
            "drawn_this_turn": self.drawn_this_turn,
            "lost": self.lost,
            "won": self.won,
        }
        if self.exile.size:
            out["exile"] = self.exile.size
        if self.poison:
            out["poison"] = self.poison
        if self.memory.size:
            out["memory"] = self.memory.size
        if self.stack.size:  # the game ended while the spell was resolving
            out["stack"] = self.stack.size
        if self.tokens:
            out["tokens"] = dict(sorted(self.tokens.items()))
        if self.counters:
            out["counters"] = dict(sorted(self.counters.items()))
        if self.library.cards:
            out["library_top"] = list(self.library.cards[:10])
        if self.hand.cards:
            out["hand_cards"] = list(self.hand.cards)
        return out


@dataclass(frozen=True)
class CardTarget:
    """A target that is a card, not a player (601.2c): a permanent on its controller's battlefield, or a card in
    its owner's graveyard (a card there has no controller, 108.4)."""

    card: str
    player: str  # the permanent's controller, or the graveyard card's owner
    zone: str = "battlefield"


@dataclass
class Action:
    type: str  # draw | draw_step | cast | move_to_hand | mechanic | beginning_of_step | combat
    player: str | None = None  # a player name, or "each"
    count: int = 1
    source: str | None = None
    optional: bool = False
    while_casting: bool = False
    card: str | None = None
    targets: list[str] = field(default_factory=list)
    from_zone: str = "library"
    x: int | None = None
    chooser: str | None = None  # 121.3a: who decides a "may draw" when it is not the drawing player
    then: str = ""  # 121.6c: an additional action on each card drawn ("reveals it")
    players: list[str] = field(default_factory=list)  # with player "each": only these players draw
    mechanic: str | None = None  # for type "mechanic": a term of engine.vocabulary (looting, tutoring...)
    into: str = "hand"  # Grand Archive: "memory" to draw into memory
    # for type "cast": which of the card's abilities: spell | activate | cycle | enters (its own "when this
    # enters" triggers); "" lets the engine take the spell, or else the activated ability, and say so
    ability: str = ""
    card_targets: list[CardTarget] = field(default_factory=list)  # targets that are cards, in the order given
    life_paid: int = 0  # for type "cast": life paid for the card's Phyrexian mana (107.4f), part of its cost
    # for type "combat" (ability "attack", "damage" or "attack_damage"): the attacking creatures the story names,
    # one entry per creature (``count`` is how many attack in all, the rest unnamed), and those of them blocked
    attackers: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)


def _copied(obj: _T) -> _T:
    """A dataclass with its zones, lists and dicts copied (their items are immutable: names and numbers)."""
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        if isinstance(value, Zone):
            changes[f.name] = Zone(list(value.cards), value.unknown)
        elif isinstance(value, list | dict):
            changes[f.name] = copy.copy(value)
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


@dataclass
class Scenario:
    players: list[PlayerState]
    action: Action
    game: str = "mtg"
    edition: str = "current"
    format: str = "two-player"
    active: str = ""
    turn: int = 3
    step: str = "main1"
    choices: dict[str, Any] = field(default_factory=dict)
    # How the scenario was read: each fact with the words it came from (from situation text), and every
    # reading or default the engine filled in; the answer starts from these.
    understood: list[dict[str, str]] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)
    # Which facts were filled in by default, as engine.assumptions keys ("drawn_this_turn:You", "active"):
    # the answer checks whether the outcome depends on them.
    defaulted: list[str] = field(default_factory=list)
    # The question the player asked ("do I lose?"), when there was one: the answer leads with it.
    asked: Asked | None = None
    # "It's my draw step, I cast Brainstorm": the draw step's own draw is part of the story, before the action
    # (504.1: no player gets priority before it). The state above is the one the action meets (the turn's card
    # drawn); ``engine.judging`` resolves the step first and tells both (JSON "draw_step_first": true).
    draw_step_first: bool = False
    # "It's my upkeep, I control X. How many cards do I draw this turn?": the upkeep's beginning, then the draw step
    # that follows it (504.1), told as one story by ``engine.judging`` (JSON "draw_step_after": true).
    draw_step_after: bool = False

    def clone(self) -> Scenario:
        """A copy the resolver may change freely. Written out rather than ``copy.deepcopy``: a resolution and
        every alternative start from a clone, and the generic deep copy was a third of the engine's time."""
        return dataclasses.replace(
            self, players=[_copied(p) for p in self.players], action=_copied(self.action),
            choices=copy.copy(self.choices), understood=[dict(f) for f in self.understood],
            assumed=list(self.assumed), defaulted=list(self.defaulted))

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


@dataclass(frozen=True)
class Step:
    text: str
    rules: tuple[str, ...]
    player: str | None = None
    kind: str = "info"
    repeat: int = 1
    source: str | None = None  # the card whose effect this step is (a replacement, a "can't draw"), if any
    amount: int | None = None  # how many cards the step moves, once ("Opponent mills 6 cards": 6), when it counts

    def to_json(self) -> dict[str, Any]:
        out = {"text": self.text, "rules": list(self.rules), "player": self.player, "kind": self.kind,
               "repeat": self.repeat}
        if self.source:
            out["source"] = self.source
        if self.amount is not None:
            out["amount"] = self.amount
        return out


@dataclass(frozen=True)
class TriggerRecord:
    source: str
    controller: str
    count: int
    rules: tuple[str, ...] = ("603.2", "603.3b")

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "controller": self.controller, "count": self.count,
                "rules": list(self.rules)}


@dataclass
class Resolution:
    game: str
    edition: str
    steps: list[Step]
    players: dict[str, dict[str, Any]]
    winners: list[str]
    losers: list[str]
    draw_game: bool
    triggers: list[TriggerRecord]
    branches: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)  # a historical edition's answer vs today's
    understood: list[dict[str, str]] = field(default_factory=list)  # facts read, each with its words
    assumed: list[str] = field(default_factory=list)  # readings and defaults filled in
    before: dict[str, dict[str, Any]] = field(default_factory=dict)  # each player's counts before the action
    # The ruling in one line with its deciding rules ({"text": ..., "rules": [...]}), from engine.ruling.
    ruling: dict[str, Any] = field(default_factory=dict)
    # Defaults the answer relied on that change the outcome when they are otherwise: each with the other
    # outcome ({"assumption", "if", "ruling", "players", "losers", "winners"}), from engine.assumptions.
    other_outcomes: list[dict[str, Any]] = field(default_factory=list)
    asked: Asked | None = None  # the question asked, copied from the scenario
    # The answer to it, first words, reason, trap (engine.answer_lead.Lead as JSON); the ruling line when
    # nothing was asked.
    answer: dict[str, Any] = field(default_factory=dict)
    # The decisions the player said ("I take the 2 extra"): the answer never offers them back as a choice
    said_choices: tuple[str, ...] = ()
    # the other choices whose line the engine can't carry out, each as said ("X's “may” is taken")
    uncarried: tuple[str, ...] = ()

    @property
    def game_over(self) -> bool:
        return bool(self.winners) or self.draw_game or (
            bool(self.losers) and len(self.losers) >= len(self.players) - 1)

    @property
    def rules(self) -> list[str]:
        seen: dict[str, None] = {}
        for step in self.steps:
            for r in step.rules:
                seen.setdefault(r, None)
        for t in self.triggers:
            for r in t.rules:
                seen.setdefault(r, None)
        return list(seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": True,
            "game": self.game,
            "edition": self.edition,
            "steps": [s.to_json() for s in self.steps],
            "players": self.players,
            "game_over": self.game_over,
            "winners": self.winners,
            "losers": self.losers,
            "draw_game": self.draw_game,
            "triggers": [t.to_json() for t in self.triggers],
            "rules": self.rules,
            "branches": self.branches,
            "notes": self.notes,
            "differences": self.differences,
            "understood": self.understood,
            "assumed": self.assumed,
            "before": self.before,
            "ruling": self.ruling,
            "other_outcomes": self.other_outcomes,
            "asked": self.asked.to_json() if self.asked else None,
            "answer": self.answer,
        }
