"""The resolver's shared state and the questions every stage asks of it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from engine.cards import CardDB, default_cards
from engine.effects import CantLose, DrawFacts, DrawProhibition, DrawReplacement, GraveyardAbilitiesLost, Relation
from engine.errors import OutOfTime
from engine.model import PlayerState, Scenario, Step
from engine.resolve.events import ChoicePoint, DrawEvent, EffectSource, PendingTrigger, StepGroup
from engine.rulesets import Ruleset, ruleset_for
from engine.stand_ins import with_stand_ins
from engine.trigger_events import EventKind, EventLog
from engine.wording import second_person, sentence

__all__ = ["second_person"]  # re-exported: the resolver's modules name players through it


class ReadChoices(dict[str, Any]):
    """A scenario's choices that remember which keys the resolution read (given or not)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return super().__contains__(key)

    def read_values(self) -> dict[str, Any]:
        """The keys read, each with its given value (``ABSENT`` when not given)."""
        return {k: super(ReadChoices, self).get(k, ABSENT) for k in self.read}


ABSENT = object()


class ResolverCore:
    """The state of one resolution and the questions every stage asks of it (who is in the game, whose
    effects apply, in what order players act). ``compress=False`` gives the one-card-at-a-time path."""

    def __init__(self, scenario: Scenario, cards: CardDB | None = None, *, compress: bool = True,
                 ruleset: Ruleset | None = None, deadline: float | None = None, budget: float = 0.0) -> None:
        self.s = scenario.clone()
        self.before = {p.name: p.summary() for p in self.s.players}
        # ``time.monotonic()`` past which the resolution stops with what it has (``OutOfTime``): a question
        # too large for its budget gets an answer saying so, instead of holding a worker indefinitely.
        self.deadline = deadline
        self.budget = budget
        # a spell said by its kind ('opp casts a noncreature spell') is a stand-in card only its story knows
        self.cards = with_stand_ins(cards or default_cards(), [scenario.action.card or ''])
        self.compress = compress
        self.rs = ruleset or ruleset_for(scenario.game, scenario.edition)
        self.steps: list[Step] = []
        self.work = 0  # raw steps taken, before compression merges them: the unit of the engine's work
        self.pending: list[PendingTrigger] = []
        self.stack: list[PendingTrigger] = []
        self.trigger_log: dict[tuple[str, str], int] = {}
        self.taxes_asked: dict[str, int] = {}  # "unless that player pays" asked of each player so far
        self.choice_points: list[ChoicePoint] = []
        # Every decision this run read: two sets of choices that agree on these keys give the same run, so
        # the search of alternatives never resolves the same line twice.
        self.s.choices = ReadChoices(self.s.choices)
        self.notes: list[str] = []
        self.winners: list[str] = []
        self.consumed: set[str] = set()
        self._last_group: StepGroup | None = None
        self.turn_order = [p.name for p in self.s.players]
        self._opponents: dict[str, list[str]] = {}
        self.active = self.s.active or self.turn_order[0]
        self._in_play_key: tuple[Any, ...] = ()
        self._in_play: list[EffectSource] = []
        self._in_play_by_kind: dict[type, list[EffectSource]] = {}
        # The kinds of event this resolution carried out, and the trigger conditions (in words) some stage
        # evaluated: a watching ability whose kind of event happened but that nothing evaluated is refused.
        self.happened = EventLog()
        # each permanent that entered during the resolution: the events counted before it arrived
        self.entered_at: dict[tuple[str, str, int], dict[EventKind, int]] = {}
        self.card_targets = list(self.s.action.card_targets)  # taken in order by the operations on a target
        # who controls each permanent an operation took as its target, as the effect goes on ("if you control
        # neither creature" after an exchange of control, 701.12b)
        self.now_controls: dict[str, str] = {}
        self.unattached: list[str] = []  # Auras whose enchanted permanent an effect moved (704.5m)
        self.evaluated_events: set[str] = set()
        # spells whose own last words exiled them as they resolved ("Exile Game Plan."): not put into a graveyard
        self.exiled_itself: set[str] = set()

    def player(self, name: str) -> PlayerState:
        return self.s.player(name)

    def opponents(self, name: str) -> list[str]:
        """Everyone not on ``name``'s side (teams don't change during a resolution, so it is kept)."""
        known = self._opponents.get(name)
        if known is None:
            me = self.player(name)
            if self.s.format == "two-headed-giant" and me.team:
                known = [p.name for p in self.s.players if p.team != me.team]
            else:
                known = [p.name for p in self.s.players if p.name != name]
            self._opponents[name] = known
        return list(known)

    def apnap(self, names: list[str] | None = None) -> list[str]:
        """Active player first, then the others in turn order (101.4, 121.2c)."""
        names = names if names is not None else self.turn_order
        i = self.turn_order.index(self.active)
        rotated = self.turn_order[i:] + self.turn_order[:i]
        return [n for n in rotated if n in names]

    def in_play(self) -> Iterator[EffectSource]:
        """Every effect that applies now. A player who lost has left the game (800.4a): their permanents and
        cards are gone with them, so their effects no longer apply. Kept while no permanent, graveyard card
        or player's presence changes (every stage asks this, many times per draw)."""
        key = tuple((tuple(p.battlefield), tuple(p.graveyard.cards), p.lost) for p in self.s.players)
        if key != self._in_play_key:
            self._in_play_key = key
            self._in_play = list(self._effect_sources())
            self._in_play_by_kind = {}
        return iter(self._in_play)

    def in_play_of(self, kind: type) -> list[EffectSource]:
        """The effects in play of one kind (replacements, draw triggers...), kept with ``in_play``: each draw
        asks for them several times, and a board of fifty permanents made that the engine's main cost."""
        self.in_play()
        found = self._in_play_by_kind.get(kind)
        if found is None:
            found = self._in_play_by_kind[kind] = [s for s in self._in_play if isinstance(s.effect, kind)]
        return found

    def _effect_sources(self) -> Iterator[EffectSource]:
        on_battlefield = list(self._battlefield_sources())
        yield from on_battlefield
        if any(isinstance(src.effect, GraveyardAbilitiesLost) for src in on_battlefield):
            return  # cards in graveyards have no abilities (Yixlid Jailer): no dredge
        for name in self.turn_order:
            p = self.player(name)
            if p.lost:
                continue
            for position, card_name in enumerate(p.graveyard.cards):
                card = self.cards.find(card_name)
                if card is None:
                    continue
                for i, eff in enumerate(card.effects):
                    if isinstance(eff, DrawReplacement) and eff.zone == "graveyard":
                        yield EffectSource(card, name, i, eff, 1000 + position)

    def _battlefield_sources(self) -> Iterator[EffectSource]:
        for name in self.turn_order:
            p = self.player(name)
            if p.lost:
                continue
            for position, card_name in enumerate(p.battlefield):
                card = self.cards.find(card_name)
                if card is None:
                    continue
                # the first copies of a name are the tapped ones: copies are alike, so which is which doesn't matter
                tapped = p.battlefield[:position].count(card_name) < p.tapped.count(card_name)
                for i, eff in enumerate(card.effects):
                    if not (isinstance(eff, DrawReplacement) and eff.zone == "graveyard"):
                        yield EffectSource(card, name, i, eff, position, tapped)

    def prohibitions(self, who: str) -> Iterator[EffectSource]:
        """The "can't draw" effects that apply to ``who`` (614.17, 121.2b)."""
        for src in self.in_play_of(DrawProhibition):
            if self.affects(src.effect.affects, src.controller, who):
                yield src

    def relation(self, controller: str, player: str) -> Relation:
        """``player`` seen from an effect's controller."""
        if player == controller:
            return Relation.YOU
        return Relation.OPPONENT if player in self.opponents(controller) else Relation.TEAMMATE

    def draw_facts(self, event: DrawEvent) -> DrawFacts:
        """The facts of one draw about to happen, for the effects to judge it."""
        p = self.player(event.who)
        return DrawFacts(event.source, event.in_draw_step, p.library.size, p.hand.size, p.drawn_this_turn,
                         p.drawn_this_draw_step)

    def affects(self, affects: str, controller: str, player: str) -> bool:
        if affects == "each":
            return True
        if affects == "you":
            return player == controller
        return player in self.opponents(controller)

    def step(self, text: str, rules: tuple[str, ...] | list[str], player: str | None = None,
             kind: str = "info", source: str | None = None, amount: int | None = None) -> None:
        self.check_time()
        self.work += 1
        text = text[:1].upper() + text[1:]  # a step that opens with a stand-in's name ("an unnamed spell moves")
        self.steps.append(Step(sentence(text), tuple(dict.fromkeys(rules)), player, kind, source=source,
                               amount=amount))

    def check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime(self.steps, self.budget)

    def choose(self, key: str, options: list[Any], default: Any, chooser: str = "") -> Any:
        """A decision: fixed in the scenario's choices, or the default (recorded for branches). ``chooser``: who
        decides, when the key doesn't end with that player ("may:<card>:<act>" is its controller's)."""
        given = self.s.choices.get(key)
        chosen = given if given in options else default
        if len(options) > 1 and not any(cp.key == key for cp in self.choice_points):
            self.choice_points.append(ChoicePoint(key, options, chosen, chooser))
        return chosen

    def change_life(self, name: str, delta: int) -> None:
        """Life gained or lost. In Two-Headed Giant it happens to the player and the result is applied to
        the team's shared life total, which every member carries (810.9)."""
        team = self.player(name).team
        shared = self.s.format == "two-headed-giant" and team is not None
        if delta:
            self.happened.add(EventKind.GAIN_LIFE if delta > 0 else EventKind.LOSE_LIFE)
        for p in self.s.players:
            if p.name == name or (shared and p.team == team):
                p.life += delta

    def team_poison(self, name: str) -> int:
        """A player's poison counters; in Two-Headed Giant their team's (810.10a)."""
        me = self.player(name)
        if self.s.format != "two-headed-giant" or me.team is None:
            return me.poison
        return sum(p.poison for p in self.s.players if p.team == me.team)

    def cant_lose(self, name: str) -> bool:
        team = self.player(name).team
        return any(isinstance(src.effect, CantLose) and (src.controller == name or (
            team is not None and self.player(src.controller).team == team)) for src in self.in_play())

    def cant_win(self, name: str) -> bool:
        return self.win_stopper(name) is not None

    def win_stopper(self, name: str) -> str | None:
        """The permanent whose "your opponents can't win the game" stops ``name`` winning (104.3), if any."""
        return next((src.card.name for src in self.in_play() if isinstance(src.effect, CantLose)
                     and src.effect.opponents_cant_win and name in self.opponents(src.controller)), None)

    def life_holder(self, name: str) -> str:
        """Whose life total a change lands on: the player's, or in Two-Headed Giant the first member of their
        team (every member carries the shared total)."""
        team = self.player(name).team
        if self.s.format != "two-headed-giant" or team is None:
            return name
        return next(p.name for p in self.s.players if p.team == team)

    def in_own_draw_step(self, who: str) -> bool:
        """Is this the drawing player's own draw step (their team's, in Two-Headed Giant)?"""
        return self.s.step == "draw" and (who == self.active or (
            self.s.format == "two-headed-giant" and self.player(who).team == self.player(self.active).team))
