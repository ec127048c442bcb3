"""The resolver: walks a draw situation one event at a time, as a judge does, citing each rule it uses.

The loop: an instruction to draw N is first offered to replacements of the whole instruction (121.2a), then
performed as N single draws (121.2). Each single draw is checked against prohibitions first (614.17, 101.2),
then the applicable replacements are applied one at a time in the affected player's order, each once
(616.1, 614.5); draws a replacement creates are new draws (121.7) that the remaining replacements may still
modify. Triggered abilities are collected and put on the stack the next time a player would receive priority
(603.3b); state-based actions (704.5a, 704.5b) are checked before that.

Why compression works: a long run of identical draws is detected by its "regime" (the few facts that decide
how a draw goes: is the library empty, is the hand empty, is this the first card of the turn...). Once two
consecutive draws in the same regime change the state by the same amounts, the rest of the run is that change
times k, where k is how long the regime lasts. The one-at-a-time path is the same code with compression off,
and tests check both agree.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card, CardDB, default_cards
from engine.effects import (
    CantLose,
    CastTrigger,
    DrawProhibition,
    DrawReplacement,
    DrawStepTrigger,
    DrawTrigger,
    Miracle,
    MultiDrawReplacement,
    Op,
    SpellText,
)
from engine.errors import ScenarioError  # noqa: F401 - re-exported for callers
from engine.model import Batch, PlayerState, Resolution, Scenario, Step, TriggerRecord
from engine.rulesets import Ruleset, ruleset_for

MAX_TRIGGER_RESOLUTIONS = 5000


_YOU_VERB = re.compile(r"\bYou (is|has|\w+s)\b")


def second_person(text: str) -> str:
    """Steps name players by name; the asker is "You", so "You draws" reads "You draw"."""
    if "You" not in text:
        return text
    text = text.replace("You's ", "Your ")
    return _YOU_VERB.sub(lambda m: "You " + {"is": "are", "has": "have"}.get(m.group(1), m.group(1)[:-1]), text)


class _GameOver(Exception):
    pass


@dataclass
class _Source:
    """An effect in play: which card, who controls it, which effect of the card."""

    card: Card
    controller: str
    index: int
    effect: Any
    position: int = 0  # which copy: two Blood Scriveners are two effects

    @property
    def key(self) -> str:
        return f"{self.card.name}#{self.controller}#{self.position}#{self.index}"


@dataclass
class _Pending:
    source: str
    controller: str
    that_player: str
    ops: tuple[Op, ...]
    optional: bool
    count: int
    rules: tuple[str, ...]


@dataclass
class ChoicePoint:
    key: str
    options: list[Any]
    chosen: Any


@dataclass
class _Group:
    start: int
    signature: tuple[Any, ...]


class Resolver:
    """Resolves one scenario. ``compress=False`` gives the straightforward one-card-at-a-time path."""

    def __init__(self, scenario: Scenario, cards: CardDB | None = None, *, compress: bool = True,
                 ruleset: Ruleset | None = None) -> None:
        self.s = scenario.clone()
        self.cards = cards or default_cards()
        self.compress = compress
        self.rs = ruleset or ruleset_for(scenario.game, scenario.edition)
        self.steps: list[Step] = []
        self.pending: list[_Pending] = []
        self.stack: list[_Pending] = []
        self.trigger_log: dict[tuple[str, str], int] = {}
        self.choice_points: list[ChoicePoint] = []
        self.notes: list[str] = []
        self.winners: list[str] = []
        self.consumed: set[str] = set()
        self._last_group: _Group | None = None
        self._order = [p.name for p in self.s.players]
        self._draw_source = ""
        self.active = self.s.active or self._order[0]

    # ------------------------------------------------------------- helpers

    def player(self, name: str) -> PlayerState:
        return self.s.player(name)

    def opponents(self, name: str) -> list[str]:
        me = self.player(name)
        if self.s.format == "two-headed-giant" and me.team:
            return [p.name for p in self.s.players if p.team != me.team]
        return [p.name for p in self.s.players if p.name != name]

    def apnap(self, names: list[str] | None = None) -> list[str]:
        """Active player first, then the others in turn order (101.4, 121.2c)."""
        names = names if names is not None else self._order
        i = self._order.index(self.active)
        rotated = self._order[i:] + self._order[:i]
        return [n for n in rotated if n in names]

    def in_play(self) -> Iterator[_Source]:
        """Every effect that applies now. A player who lost has left the game (800.4a): their permanents and
        cards are gone with them, so their effects no longer apply."""
        for name in self._order:
            p = self.player(name)
            if p.lost:
                continue
            for position, card_name in enumerate(p.battlefield):
                card = self.cards.find(card_name)
                if card is None:
                    continue
                for i, eff in enumerate(card.effects):
                    if not (isinstance(eff, DrawReplacement) and eff.zone == "graveyard"):
                        yield _Source(card, name, i, eff, position)
            for position, card_name in enumerate(p.graveyard.cards):
                card = self.cards.find(card_name)
                if card is None:
                    continue
                for i, eff in enumerate(card.effects):
                    if isinstance(eff, DrawReplacement) and eff.zone == "graveyard":
                        yield _Source(card, name, i, eff, 1000 + position)

    def affects(self, affects: str, controller: str, player: str) -> bool:
        if affects == "each":
            return True
        if affects == "you":
            return player == controller
        return player in self.opponents(controller)

    def step(self, text: str, rules: tuple[str, ...] | list[str], player: str | None = None,
             kind: str = "info") -> None:
        self.steps.append(Step(second_person(text), tuple(dict.fromkeys(rules)), player, kind))

    def choose(self, key: str, options: list[Any], default: Any) -> Any:
        """A decision: fixed in the scenario's choices, or the default (recorded for branches)."""
        given = self.s.choices.get(key)
        chosen = given if given in options else default
        if len(options) > 1 and not any(cp.key == key for cp in self.choice_points):
            self.choice_points.append(ChoicePoint(key, options, chosen))
        return chosen

    def change_life(self, name: str, delta: int) -> None:
        """Life gained or lost. In Two-Headed Giant it happens to the player and the result is applied to
        the team's shared life total, which every member carries (810.9)."""
        team = self.player(name).team
        shared = self.s.format == "two-headed-giant" and team is not None
        for p in self.s.players:
            if p.name == name or (shared and p.team == team):
                p.life += delta

    def cant_lose(self, name: str) -> bool:
        team = self.player(name).team
        return any(isinstance(src.effect, CantLose) and (src.controller == name or (
            team is not None and self.player(src.controller).team == team)) for src in self.in_play())

    def cant_win(self, name: str) -> bool:
        return any(isinstance(src.effect, CantLose) and src.effect.opponents_cant_win
                   and name in self.opponents(src.controller) for src in self.in_play())

    # ---------------------------------------------------------- the actions

    def run(self) -> Resolution:
        try:
            self._validate()
            action = self.s.action
            if action.type == "draw":
                self.action_draw()
            elif action.type == "draw_step":
                self.action_draw_step()
            elif action.type == "cast":
                self.action_cast()
            elif action.type == "move_to_hand":
                self.action_move_to_hand()
            elif action.type == "mechanic":
                self.action_mechanic()
            else:
                raise ScenarioError(f"unknown action type {action.type!r}", "action.type",
                                    "use draw, draw_step, cast or move_to_hand")
            self.settle()
        except _GameOver:
            pass
        return self.result()

    def _validate(self) -> None:
        names = set(self._order)
        if self.s.game == "grand-archive":
            if any(p.battlefield for p in self.s.players):
                raise ScenarioError("Grand Archive card effects are not modelled yet", "players[].battlefield",
                                    "describe the draws themselves: 'I have 1 card in my deck and draw 2'")
            if self.s.format == "two-headed-giant":
                raise ScenarioError("Two-Headed Giant is a Magic format", "format", "two-player or multiplayer")
            if self.s.action.type in ("cast", "mechanic"):
                raise ScenarioError("Grand Archive cards are not in the card data yet", "action.type",
                                    "use draw, draw_step or move_to_hand")
        if self.s.action.into == "memory" and self.s.game != "grand-archive":
            raise ScenarioError("drawing into memory is a Grand Archive rule", "action.into",
                                "say 'Grand Archive:' first, or draw into hand")
        if self.active not in names:
            raise ScenarioError(f"the active player {self.active!r} is not one of the players", "active",
                                f"use one of: {', '.join(self._order)}")
        a = self.s.action
        if a.player and a.player != "each" and a.player not in names:
            raise ScenarioError(f"the action's player {a.player!r} is not one of the players", "action.player",
                                f"use one of: {', '.join(self._order)} or 'each'")

    def action_draw(self) -> None:
        a = self.s.action
        count = a.count
        if count < 0:
            raise ScenarioError("a player cannot draw a negative number of cards", "action.count",
                                "use 0 or more")
        who = a.player or self.active
        source = a.source or "an effect"
        if a.while_casting:
            self.step("The draw happens while a spell is being cast: the drawn cards stay face down until "
                      "the spell becomes cast.", self.rs.cite("face_down"), kind="face_down")
        if who == "each":
            self.draw_each(count, source, a.players or None)
        else:
            if a.optional:
                if not self.may_draw(who, count, source):
                    return
            self.draw_instruction(who, count, source, additional=a.then)
        if a.while_casting:
            for p in self.s.players:
                p.face_down_drawn = p.drawn_this_turn

    def may_draw(self, who: str, count: int, source: str) -> bool:
        """"May draw" (121.3, 121.2b): a player can't choose to draw when a "can't draw" effect applies, nor
        to draw several cards under a one-card-each-turn limit."""
        p = self.player(who)
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawProhibition) and self.affects(eff.affects, src.controller, who):
                if eff.max_per_turn == 0:
                    chooser = self.s.action.chooser or who
                    rules = self.rs.cite("may_draw_empty") if chooser == who else self.rs.cite("may_draw_other")
                    self.step(f"{chooser} can't choose that {who} draws: {src.card.name} says {who} can't draw "
                              "cards.", (*rules, *self.rs.cite("cant_draw")), who, "prohibited")
                    return False
                if eff.max_per_turn == 1 and (count > 1 or p.drawn_this_turn >= 1):
                    self.step(f"{who} can't choose to draw {count} card(s): {src.card.name} allows only one "
                              "card each turn.", self.rs.cite("max_one_each_turn"), who, "prohibited")
                    return False
        chooser = self.s.action.chooser or who
        rules = self.rs.cite("may_draw_empty") if chooser == who else self.rs.cite("may_draw_other")
        want = self.choose(f"may_draw:{who}", [True, False], p.library.size >= count)
        if not want:
            self.step(f"{chooser} chooses that {who} doesn't draw.", rules, chooser, "choice")
            return False
        if p.library.size == 0:
            self.step(f"{chooser} may choose that {who} draws even with an empty library.", rules, chooser)
        return True

    def draw_each(self, count: int, source: str, only: list[str] | None = None) -> None:
        order = self.apnap()
        rules = self.rs.cite("draw_order")
        if self.s.format == "two-headed-giant":
            order = self.team_order()
            rules = self.rs.cite("team_draw_order")
        if only:
            order = [n for n in order if n in only]
        self.step(f"Each player draws {count}: {', then '.join(order)}.", rules, kind="order")
        for name in order:
            if not self.player(name).lost:
                self.draw_instruction(name, count, source)

    def team_order(self) -> list[str]:
        active_team = self.player(self.active).team
        team = [n for n in self._order if self.player(n).team == active_team]
        if self.rs.team_order_choice:
            chosen = self.s.choices.get("team_order")
            if isinstance(chosen, list) and sorted(chosen) == sorted(team):
                team = list(chosen)
            else:
                self.choose("team_order", [team, list(reversed(team))], team)
        others = [n for n in self.apnap() if n not in team]
        return team + others

    def action_draw_step(self) -> None:
        s = self.s
        s.step = "draw"
        active = self.player(self.active)
        team = [active.name]
        if s.format == "two-headed-giant" and active.team:
            team = [n for n in self._order if self.player(n).team == active.team]
        for name in team:
            self.player(name).drawn_this_draw_step = 0
        if s.turn == 1:
            if s.format == "two-player":
                self.step(f"{active.name} plays first and skips the draw of their first turn.",
                          self.rs.cite("first_turn_two_player"), active.name, "skip")
                return
            if s.format == "two-headed-giant":
                self.step(f"The team of {' and '.join(team)} plays first and skips the draw step of its first turn.",
                          self.rs.cite("first_turn_2hg"), active.name, "skip")
                return
            self.step("In a multiplayer game no player skips the first draw step.",
                      self.rs.cite("first_turn_multiplayer"), active.name)
        for name in team:
            self.step(f"{name}'s draw step: the turn-based draw.", self.rs.cite("draw_step"), name, "draw_step")
            self.draw_instruction(name, 1, "the draw step")
        # "At the beginning of ... draw step" abilities trigger now and go on the stack with the others.
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawStepTrigger):
                for name in team:
                    if self.affects(eff.affects, src.controller, name):
                        self.add_trigger(src.card.name, src.controller, name, eff.ops, eff.optional, eff.rules)

    def action_move_to_hand(self) -> None:
        a = self.s.action
        who = a.player or self.active
        p = self.player(who)
        moved = p.library.take_top(a.count)
        p.hand.add(moved)
        self.step(f"{who} puts {len(moved)} card(s) from library into hand. This is not a draw: nothing that "
                  "triggers on or replaces draws applies, and an empty library causes no loss.",
                  self.rs.cite("not_a_draw"), who, "move")

    def action_mechanic(self) -> None:
        from engine.vocabulary import MECHANICS

        a = self.s.action
        m = next((m for m in MECHANICS if m.name == a.mechanic), None)
        if m is None:
            raise ScenarioError(f"unknown mechanic {a.mechanic!r}", "action.name",
                                ", ".join(x.name for x in MECHANICS))
        times = max(1, a.count)
        kind = "draws" if m.draws else "does not draw: it moves cards without the word “draw”"
        ops = tuple(Op(op.do, op.amount * times if isinstance(op.amount, int) and op.do != "discard_hand"
                       else op.amount, op.who, op.name, op.optional, op.text) for op in m.ops)
        if a.player == "each" and not all(op.who == "each_player" for op in m.ops):
            players = [n for n in self.apnap(a.players or None) if not self.player(n).lost]
        else:
            players = [self.active if a.player in (None, "each") else a.player]
        for who in players:
            self.step(f"{who}: {m.name} ({m.meaning}); it {kind}.", m.rules, who, "mechanic")
            self.run_ops(ops, you=who, that_player=who, source=m.name)

    def action_cast(self) -> None:
        a = self.s.action
        card = self.cards.find(a.card or "")
        if card is None:
            raise ScenarioError(f"unknown card {a.card!r}", "action.card",
                                f"did you mean: {', '.join(self.cards.suggest(a.card or ''))}")
        spells = card.of(SpellText)
        if not spells:
            raise ScenarioError(f"{card.name} has no spell or ability text the engine can carry out", "action.card",
                                "put it on a battlefield instead, or use a draw action")
        caster = a.player or self.active
        target = a.targets[0] if a.targets else caster
        if target not in self._order:
            raise ScenarioError(f"the target {target!r} is not a player", "action.targets",
                                f"use one of: {', '.join(self._order)}")
        verb = "activates" if spells[0].activated else "casts"
        self.step(f"{caster} {verb} {card.name}" + (f" targeting {target}" if spells[0].targets_player else "")
                  + ".", self.rs.cite("resolve"), caster, "cast")
        if not spells[0].activated:
            self.cast_triggers(caster, card)
        if self.pending:
            # Abilities that trigger on casting resolve before the spell (603.3, 405.5).
            self.settle()
        self.run_ops(spells[0].ops, you=caster, that_player=target, source=card.name, x=a.x)

    def cast_triggers(self, caster: str, card: Card) -> None:
        """Abilities that trigger on a spell being cast (the spells of the card data are noncreature spells)."""
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, CastTrigger) and self.affects(eff.affects, src.controller, caster):
                self.add_trigger(src.card.name, src.controller, caster, eff.ops, eff.optional, eff.rules)

    # ------------------------------------------------------------ drawing

    def draw_instruction(self, who: str, count: int, source: str, applied: frozenset[str] = frozenset(),
                         *, announce: bool = True, additional: str = "") -> None:
        """An instruction to draw ``count`` cards: whole-instruction replacements, then single draws."""
        p = self.player(who)
        if p.lost or count <= 0:
            return
        if count >= 2:
            candidates = [src for src in self.in_play()
                          if isinstance(src.effect, MultiDrawReplacement) and src.key not in applied
                          and count >= src.effect.min_count
                          and self.affects(src.effect.affects, src.controller, who)]
            if candidates:
                src = candidates[0]
                if len(candidates) > 1:
                    names = [c.key for c in candidates]
                    pick = self.choose(f"multi_replacement:{who}", names, names[0])
                    src = next(c for c in candidates if c.key == pick)
                self.step(f"{who} would draw {count} cards. {src.card.name} replaces the whole instruction "
                          "before any single draw.", (*self.rs.cite("multi_replacement"), "614.1a"), who,
                          "replaced_instruction")
                self.run_ops(src.effect.instead, you=src.controller, that_player=who, source=src.card.name,
                             applied=applied | {src.key})
                return
        if count > 1 and announce:
            self.step(f"{who} is instructed to draw {count} cards: {count} individual draws.",
                      self.rs.cite("one_at_a_time"), who, "instruction")
        self.draw_cards(who, count, source, applied, additional)

    def _regime(self) -> tuple[Any, ...]:
        out: list[Any] = []
        for p in self.s.players:
            # Named cards move one by one (their names show in the steps), so their counts are exact here.
            out.append((min(p.library.size, 8), min(p.hand.size, 2), min(p.drawn_this_turn, 2),
                        min(p.drawn_this_draw_step, 2), p.attempted_empty_draw, p.lost, len(p.library.cards),
                        len(p.hand.cards), len(p.graveyard.cards), len(p.exile.cards), len(p.memory.cards),
                        tuple(sorted(p.tokens))))
        out.append(len(self.consumed))
        return tuple(out)

    def _numbers(self) -> tuple[int, ...]:
        out: list[int] = []
        for p in self.s.players:
            out += [p.library.unknown, p.hand.unknown, p.graveyard.unknown, p.exile.unknown, p.life,
                    p.drawn_this_turn, p.drawn_this_draw_step, p.memory.unknown]
        for p in self.s.players:
            out += [p.tokens[k] for k in sorted(p.tokens)]
        out += [t.count for t in self.pending]
        return tuple(out)

    def _apply_numbers(self, delta: tuple[int, ...], k: int) -> None:
        i = 0
        for p in self.s.players:
            p.library.unknown += delta[i] * k
            p.hand.unknown += delta[i + 1] * k
            p.graveyard.unknown += delta[i + 2] * k
            p.exile.unknown += delta[i + 3] * k
            p.life += delta[i + 4] * k
            p.drawn_this_turn += delta[i + 5] * k
            p.drawn_this_draw_step += delta[i + 6] * k
            p.memory.unknown += delta[i + 7] * k
            i += 8
        for p in self.s.players:
            for name in sorted(p.tokens):
                p.tokens[name] += delta[i] * k
                i += 1
        for t, d in zip(self.pending, delta[i:], strict=True):
            t.count += d * k
            key = (t.source, t.controller)
            self.trigger_log[key] = self.trigger_log.get(key, 0) + d * k

    def _repeats_left(self, delta: tuple[int, ...], remaining: int) -> int:
        """How many more identical draws keep the regime: each clamped quantity must stay above its clamp."""
        k = remaining
        i = 0
        for p in self.s.players:
            for value, d, clamp in ((p.library.size, delta[i], 8), (p.hand.size, delta[i + 1], 2)):
                if d < 0:
                    k = min(k, max(0, (value - clamp) // (-d)))
            for value, d in ((p.drawn_this_turn, delta[i + 5]), (p.drawn_this_draw_step, delta[i + 6])):
                if d > 0 and value < 2:
                    k = 0
            i += 8
        return max(0, k)

    def draw_cards(self, who: str, count: int, source: str, applied: frozenset[str], additional: str = "") -> None:
        """``count`` single draws, compressed when a run of them repeats exactly."""
        outer_source, self._draw_source = self._draw_source, source
        try:
            self._draw_run(who, count, source, applied, additional)
        finally:
            self._draw_source = outer_source

    def _draw_run(self, who: str, count: int, source: str, applied: frozenset[str], additional: str) -> None:
        done = 0
        prev: tuple[Any, ...] | None = None
        while done < count and not self.player(who).lost:
            regime = self._regime()
            before = self._numbers()
            pending_len = len(self.pending)
            group_start = len(self.steps)
            last = self._last_group
            self.single_draw(who, source, applied, additional)
            done += 1
            signature = tuple((st.text, st.rules, st.player, st.kind) for st in self.steps[group_start:])
            merged = self._merge_group(group_start, signature, last)
            if not self.compress or done >= count:
                prev = None
                continue
            after_regime = self._regime()
            delta = tuple(b - a for a, b in zip(before, self._numbers(), strict=False)) \
                if len(self.pending) == pending_len else None
            current = (regime, after_regime, delta, signature)
            if (merged and delta is not None and prev is not None and prev == current
                    and regime == after_regime):
                k = self._repeats_left(delta, count - done)
                if k > 0:
                    self._apply_numbers(delta, k)
                    assert self._last_group is not None
                    for j in range(self._last_group.start, len(self.steps)):
                        st = self.steps[j]
                        self.steps[j] = Step(st.text, st.rules, st.player, st.kind, st.repeat + k)
                    done += k
            prev = current

    def _merge_group(self, start: int, signature: tuple[Any, ...], last: _Group | None) -> bool:
        """If this draw's steps repeat the previous draw's exactly, count them on the previous ones."""
        if (last is not None and signature and last.signature == signature
                and last.start + len(signature) == start):
            for j, st in enumerate(self.steps[last.start:start]):
                self.steps[last.start + j] = Step(st.text, st.rules, st.player, st.kind, st.repeat + 1)
            del self.steps[start:]
            self._last_group = last  # nested draws may have moved it; this draw's group is the merged one
            return True
        self._last_group = _Group(start, signature) if signature else None
        return False

    def single_draw(self, who: str, source: str, applied: frozenset[str], additional: str = "") -> None:
        """One card draw (121.1, 121.2): prohibitions, then replacements in the player's order, then the draw."""
        p = self.player(who)
        # 614.17 / 101.2: "can't" effects are checked before any replacement.
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawProhibition) and self.affects(eff.affects, src.controller, who):
                if eff.max_per_turn == 0:
                    self.step(f"{who} can't draw cards ({src.card.name}): the draw doesn't happen.",
                              self.rs.cite("cant_draw"), who, "prohibited")
                    return
                if eff.max_per_turn == 1 and p.drawn_this_turn >= 1:
                    if self.rs.has_max_one_rule:
                        self.step(f"{who} already drew a card this turn; {src.card.name} stops this draw.",
                                  self.rs.cite("max_one_each_turn"), who, "prohibited")
                    else:
                        self.step(f"{who} already drew a card this turn; {src.card.name} stops this draw (these "
                                  "rules have no general rule for this: the card's own text decides).", (), who,
                                  "prohibited")
                    return
        candidates = [src for src in self.in_play()
                      if isinstance(src.effect, DrawReplacement) and src.key not in applied
                      and src.key not in self.consumed and self._replacement_applies(src, who)]
        optional = [c for c in candidates if c.effect.optional]
        mandatory = [c for c in candidates if not c.effect.optional]
        usable = list(mandatory)
        for c in optional:
            default = p.library.size == 0 or (c.effect.zone == "graveyard" and False)
            if self.choose(f"apply:{c.card.name}:{who}", [True, False], default):
                usable.append(c)
        if not usable:
            drew = self.perform_draw(who, source)
            if additional and drew:
                self.step(f"{who} {additional} (an additional action on the card drawn).",
                          self.rs.cite("additional_action"), who, "additional_action")
            return
        chosen = usable[0]
        if len(usable) > 1:
            keys = [c.card.name for c in usable]
            # Default order: an effect that wins the game first, else the order the cards are listed.
            default = next((c.card.name for c in usable if any(op.do == "win" for op in c.effect.instead)),
                           keys[0])
            pick = self.choose(f"order:{who}", keys, default)
            chosen = next(c for c in usable if c.card.name == pick)
            self.step(f"{len(usable)} replacement effects apply to {who}'s draw; {who} chooses "
                      f"{chosen.card.name} first, and the others may apply to what it leads to.",
                      (*self.rs.cite("choose_replacement"), *self.rs.cite("repeat_replacements"),
                       *self.rs.cite("once_per_event")), who, "choice")
        eff: DrawReplacement = chosen.effect
        rules = list(self.rs.cite("replace_draw")) if chosen.effect.zone == "battlefield" else list(eff.rules)
        if p.library.size == 0:
            rules += self.rs.cite("replace_empty")
        self.step(f"{who} would draw a card. {chosen.card.name} replaces it.", rules, who, "replaced_draw")
        if additional:
            self.step(f"The draw was replaced, so the additional action ({additional}) is not performed on "
                      "any card drawn because of the replacement.", self.rs.cite("additional_action"), who,
                      "additional_action")
        self.run_ops(eff.instead, you=chosen.controller, that_player=who, source=chosen.card.name,
                     applied=applied | {chosen.key}, replacing=True)

    def _in_own_draw_step(self, who: str) -> bool:
        """Is this the drawing player's own draw step (their team's, in Two-Headed Giant)?"""
        return self.s.step == "draw" and (who == self.active or (
            self.s.format == "two-headed-giant" and self.player(who).team == self.player(self.active).team))

    def _replacement_applies(self, src: _Source, who: str) -> bool:
        eff: DrawReplacement = src.effect
        if eff.zone == "graveyard":
            if src.controller != who:
                return False
        elif not self.affects(eff.affects, src.controller, who):
            return False
        p = self.player(who)
        cond = eff.condition
        if cond.except_first_in_draw_step and self._in_own_draw_step(who) and p.drawn_this_draw_step == 0:
            return False
        if cond.source and cond.source != self._draw_source:
            return False
        if cond.library_empty is not None and (p.library.size == 0) != cond.library_empty:
            return False
        if cond.hand_empty is not None and (p.hand.size == 0) != cond.hand_empty:
            return False
        return p.library.size >= cond.min_library

    def perform_draw(self, who: str, source: str) -> bool:
        p = self.player(who)
        in_draw_step = self._in_own_draw_step(who)
        if p.library.size == 0:
            p.attempted_empty_draw = True
            self.step(f"{who} attempts to draw from an empty library.",
                      (*self.rs.cite("empty_library_attempt"), *self.rs.cite("sba_draw")), who, "empty_draw")
            return False
        first_this_turn = p.drawn_this_turn == 0
        first_in_step = p.drawn_this_draw_step == 0
        card = p.library.take_top(1).first()
        into_memory = self.s.action.into == "memory" and source != "the draw step"
        (p.memory if into_memory else p.hand).add(Batch([card] if card else [], 0 if card else 1))
        p.drawn_this_turn += 1
        if in_draw_step:
            p.drawn_this_draw_step += 1
        shown = f" ({card})" if card else ""
        if into_memory:
            self.step(f"{who} draws a card{shown} into their memory.", self.rs.cite("memory"), who, "draw")
        else:
            self.step(f"{who} draws a card{shown}.", self.rs.cite("draw"), who, "draw")
        if card:
            known = self.cards.find(card)
            if known and known.of(Miracle) and first_this_turn:
                cost = known.of(Miracle)[0].cost
                self.step(f"{card} is the first card {who} drew this turn: {who} may reveal it and cast it for "
                          f"its miracle cost {cost}; they may look at it before choosing to reveal it.",
                          (*self.rs.cite("miracle"), *self.rs.cite("reveal_as_drawn")), who, "miracle")
                self.add_trigger(f"{card} (miracle)", who, who, (Op("note", text="cast for miracle cost"),),
                                 True, ("702.94a", "603.2"))
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawTrigger) and self.affects(eff.affects, src.controller, who):
                if eff.condition.except_first_in_draw_step and in_draw_step and first_in_step:
                    continue
                self.add_trigger(src.card.name, src.controller, who, eff.ops, eff.optional, eff.rules)
        return True

    # ---------------------------------------------------------- triggers

    def add_trigger(self, source: str, controller: str, that_player: str, ops: tuple[Op, ...], optional: bool,
                    rules: tuple[str, ...]) -> None:
        for t in self.pending:
            if (t.source, t.controller, t.that_player, t.ops) == (source, controller, that_player, ops):
                t.count += 1
                break
        else:
            self.pending.append(_Pending(source, controller, that_player, ops, optional, 1, rules))
        key = (source, controller)
        self.trigger_log[key] = self.trigger_log.get(key, 0) + 1

    def settle(self) -> None:
        """State-based actions, then triggered abilities onto the stack (APNAP) and resolved, until quiet."""
        resolutions = 0
        while True:
            self.check_sba()
            if self.pending:
                order = self.apnap()
                ordered = sorted(self.pending, key=lambda t: order.index(t.controller))
                total = sum(t.count for t in ordered)
                self.step(f"{total} triggered abilit{'y goes' if total == 1 else 'ies go'} on the stack, the "
                          "active player's first, so the last player's resolve first.",
                          self.rs.cite("stack_triggers"), kind="stack")
                self.stack.extend(ordered)
                self.pending = []
            if not self.stack:
                return
            top = self.stack[-1]
            linear = all(op.do in ("lose_life", "gain_life", "damage", "token", "mill", "note") for op in top.ops) \
                and not top.optional
            key = f"trigger:{top.source}:{top.controller}"
            # "May" abilities its controller declines (by choice, or because drawing would deck them) all
            # resolve the same way: settle the whole group at once.
            declined = top.optional and not self.s.choices.get(key, self._optional_default(top))
            n = top.count if (linear or declined) else 1
            if linear and n > 1:
                n = self._until_sba(top, n)
            top.count -= n
            if top.count == 0:
                self.stack.pop()
            self.resolve_trigger(top, n)
            resolutions += 1
            if resolutions > MAX_TRIGGER_RESOLUTIONS:
                self.notes.append("The triggered abilities keep retriggering; the engine stopped after "
                                  f"{MAX_TRIGGER_RESOLUTIONS} resolutions (a loop: see 104.4b).")
                self.step("The abilities form a loop; the engine stops here.", self.rs.cite("loop"), kind="loop")
                self.stack.clear()
                return

    def _until_sba(self, t: _Pending, n: int) -> int:
        """How many of ``n`` identical life-changing triggers resolve before a state-based action must be
        checked (704.3: after each resolution): up to and including the one that takes a player who can lose
        to 0 life (704.5a). A player at 2 life with Sheoldred's three triggers waiting loses at 0, not -4."""
        delta: dict[str, int] = {}
        for op in t.ops:
            if op.do not in ("lose_life", "gain_life", "damage"):
                continue
            if not isinstance(op.amount, int):
                return 1  # an amount that may change between resolutions: one at a time
            for name in self.resolve_who(op.who, t.controller, t.that_player):
                name = self._life_holder(name)
                delta[name] = delta.get(name, 0) + (op.amount if op.do == "gain_life" else -op.amount)
        for name, d in delta.items():
            p = self.player(name)
            if d < 0 and p.life > 0 and not p.lost and not self.cant_lose(name):
                n = min(n, -(-p.life // -d))  # resolutions until life <= 0
        return n

    def _life_holder(self, name: str) -> str:
        """Whose life total a change lands on: the player's, or in Two-Headed Giant the first member of their
        team (every member carries the shared total)."""
        team = self.player(name).team
        if self.s.format != "two-headed-giant" or team is None:
            return name
        return next(p.name for p in self.s.players if p.team == team)

    def resolve_trigger(self, t: _Pending, times: int) -> None:
        if t.optional:
            wanted = self.choose(f"trigger:{t.source}:{t.controller}", [True, False],
                                 self._optional_default(t))
            if not wanted:
                many = f" ({times} times)" if times > 1 else ""
                self.step(f"{t.controller} chooses not to use {t.source}'s ability{many}.", self.rs.cite("resolve"),
                          t.controller, "choice")
                return
        label = f"{t.source}'s triggered ability resolves" + (f" ({times} times)" if times > 1 else "") + "."
        self.step(label, (*t.rules, *self.rs.cite("resolve")), t.controller, "trigger")
        self.run_ops(t.ops, you=t.controller, that_player=t.that_player, source=t.source, times=times)

    def _optional_default(self, t: _Pending) -> bool:
        """"Keeps the player in the game": don't choose to draw more cards than the library holds."""
        p = self.player(t.controller)
        draws = sum(int(op.amount) for op in t.ops if op.do == "draw" and isinstance(op.amount, int)
                    and op.who == "you")
        return p.library.size >= draws

    def check_sba(self) -> None:
        losers: list[str] = []
        for p in self.s.players:
            if p.lost:
                continue
            if p.attempted_empty_draw:
                p.attempted_empty_draw = False
                if self.cant_lose(p.name):
                    self.step(f"{p.name} attempted to draw from an empty library but can't lose the game.",
                              (*self.rs.cite("sba_draw"), *self.rs.cite("cant_lose")), p.name, "no_loss")
                else:
                    losers.append(p.name)
                    self.step(f"{p.name} loses the game: they attempted to draw from an empty library.",
                              self.rs.cite("sba_draw"), p.name, "loss")
                    continue
            if p.life <= 0 and self.s.game == "mtg" and self._life_holder(p.name) == p.name:
                team = self.s.format == "two-headed-giant"
                who, rules = (f"Team {p.team}", ("810.8c",)) if team else (p.name, ())
                if self.cant_lose(p.name):
                    self.step(f"{who} has {p.life} life but can't lose the game.",
                              (*self.rs.cite("sba_life"), *rules, *self.rs.cite("cant_lose")), p.name, "no_loss")
                else:
                    losers.append(p.name)
                    self.step(f"{who} loses the game: {p.life} life.", (*self.rs.cite("sba_life"), *rules),
                              p.name, "loss")
        for name in losers:
            self.player(name).lost = True
        if losers:
            self._leave_game(losers)
            if self.s.format == "two-headed-giant":
                for name in losers:
                    team = self.player(name).team
                    for q in self.s.players:
                        if q.team == team and not q.lost:
                            q.lost = True
            alive = [p for p in self.s.players if not p.lost]
            if not alive:
                self.step("Every player lost at the same time: the game is a draw.", self.rs.cite("all_lose"),
                          kind="draw_game")
                raise _GameOver
            if len({p.team or p.name for p in alive}) == 1:
                for p in alive:
                    p.won = True
                raise _GameOver

    def _leave_game(self, losers: list[str]) -> None:
        """800.4a: the triggered abilities the players who lost control, waiting or on the stack, cease to
        exist. (In two-player games the game is over anyway; in multiplayer the others play on.)"""
        gone = [t for t in (*self.pending, *self.stack) if t.controller in losers]
        if not gone or len({p.team or p.name for p in self.s.players if not p.lost}) <= 1:
            return
        self.pending = [t for t in self.pending if t.controller not in losers]
        self.stack = [t for t in self.stack if t.controller not in losers]
        total = sum(t.count for t in gone)
        sources = ", ".join(sorted({t.source for t in gone}))
        self.step(f"{total} triggered abilit{'y' if total == 1 else 'ies'} of {sources} "
                  f"{'ceases' if total == 1 else 'cease'} to exist: "
                  "their controller has left the game.", ("800.4a",), gone[0].controller, "left_game")

    # ------------------------------------------------------------------ ops

    def resolve_who(self, who: str, you: str, that_player: str) -> list[str]:
        if who == "you":
            return [you]
        if who in ("that_player", "target"):
            return [that_player]
        if who == "each_opponent" or who == "opponent_of_you":
            return [n for n in self.apnap() if n in self.opponents(you) and not self.player(n).lost]
        if who == "each_player":
            return [n for n in self.apnap() if not self.player(n).lost]
        if who == "each_other_player":
            return [n for n in self.apnap() if n != you and not self.player(n).lost]
        return [that_player]

    def self_condition(self, condition: str, you: str) -> bool:
        p = self.player(you)
        return {
            "your_turn": self.active == you,
            "hand_empty": p.hand.size == 0,
            "library_empty": p.library.size == 0,
            "life_10_or_less": p.life <= 10,
            "always": True,
        }.get(condition, False)

    def amount(self, op: Op, x: int | None) -> int:
        if op.amount == "X":
            if x is None:
                raise ScenarioError("this card needs a value for X", "action.x", "give X, e.g. \"x\": 3")
            return x
        return int(op.amount)

    def run_ops(self, ops: tuple[Op, ...], *, you: str, that_player: str, source: str,
                applied: frozenset[str] = frozenset(), replacing: bool = False, times: int = 1,
                x: int | None = None) -> None:
        discarded: dict[str, int] = {}
        if replacing:
            # 121.7: the parts of the event that aren't draws happen first, then the draws one at a time.
            ops = tuple(op for op in ops if op.do != "draw") + tuple(op for op in ops if op.do == "draw")
        for op in ops:
            targets = self.resolve_who(op.who, you, that_player)
            n = self.amount(op, x)
            if op.do == "skip":
                self.step(f"{that_player} skips that draw.", self.rs.cite("skip"), that_player, "skip")
            elif op.do == "draw":
                for name in targets:
                    if op.instead_amount is not None and self.self_condition(op.condition, you):
                        self.step(f"{source}'s own text changes the instruction: {name} draws {op.instead_amount} "
                                  f"instead of {n}, before any other replacement effect.",
                                  self.rs.cite("self_replacement"), name, "self_replacement")
                        n = op.instead_amount
                    if replacing:
                        self.step(f"Instead, {name} draws {n} card{'s' if n != 1 else ''}: new draws, one at a "
                                  f"time; {source} doesn't apply to them again, other replacements still may.",
                                  (*self.rs.cite("replacement_draws"), *self.rs.cite("replacement_completes"),
                                   *self.rs.cite("once_per_event")), name, "replacement_draw")
                    self.draw_instruction(name, n * times, source, applied, announce=not replacing,
                                          additional=op.text if op.text and not replacing else "")
            elif op.do == "win":
                for name in targets:
                    if self.cant_win(name):
                        self.step(f"{name} would win the game, but an opponent's effect says they can't.",
                                  self.rs.cite("cant_lose"), name, "no_win")
                        continue
                    self.step(f"{name} wins the game.", self.rs.cite("win_effect"), name, "win")
                    winner = self.player(name)
                    for q in self.s.players:
                        if q.name == name or (winner.team is not None and q.team == winner.team):
                            q.won = True  # 810.8a: if either player on a team wins, the entire team wins
                        else:
                            q.lost = True
                    raise _GameOver
            elif op.do == "lose":
                for name in targets:
                    self.player(name).attempted_empty_draw = False
                    if not self.cant_lose(name):
                        self.player(name).lost = True
                        self.step(f"{name} loses the game.", ("104.3e",), name, "loss")
            elif op.do in ("lose_life", "gain_life", "damage"):
                for name in targets:
                    if self.player(name).lost:
                        # 800.4a: a player who lost has left the game; nothing more happens to them
                        self.step(f"{name} has left the game: {source}'s ability does nothing to them.",
                                  ("800.4a",), name, "left_game")
                        continue
                    sign = 1 if op.do == "gain_life" else -1
                    self.change_life(name, sign * n * times)
                    verb = {"lose_life": "loses", "gain_life": "gains", "damage": "is dealt"}[op.do]
                    what = "damage" if op.do == "damage" else "life"
                    team = self.player(name).team if self.s.format == "two-headed-giant" else None
                    shared = f"; team {team}'s shared life total is now {self.player(name).life}" if team else ""
                    self.step(f"{name} {verb} {n * times} {what} ({source}){shared}.",
                              (*self.rs.cite("damage" if op.do == "damage" else "life"),
                               *(("810.9",) if team else ())), name, op.do)
            elif op.do == "token":
                for name in targets:
                    p = self.player(name)
                    p.tokens[op.name or "token"] = p.tokens.get(op.name or "token", 0) + n * times
                    self.step(f"{name} creates {n * times} {op.name or 'token'} token(s).", self.rs.cite("token"),
                              name, "token")
            elif op.do == "mill":
                for name in targets:
                    p = self.player(name)
                    milled = p.library.take_top(n * times)
                    p.graveyard.add(milled)
                    self.step(f"{name} mills {len(milled)} card(s).", self.rs.cite("mill"), name, "mill")
            elif op.do == "discard":
                for name in targets:
                    p = self.player(name)
                    gone = p.hand.remove_any(n)
                    p.graveyard.add(gone)
                    self.step(f"{name} discards {len(gone)} card(s).", self.rs.cite("discard"), name, "discard")
            elif op.do == "discard_hand":
                for name in targets:
                    p = self.player(name)
                    gone = p.hand.take_top(p.hand.size)
                    p.graveyard.add(gone)
                    discarded[name] = len(gone)
                    self.step(f"{name} discards their hand ({len(gone)} cards).", self.rs.cite("discard"), name,
                              "discard")
            elif op.do == "draw_equal_discarded":
                most = max(discarded.values(), default=0)
                for name in targets:
                    self.draw_instruction(name, most, source, applied)
            elif op.do == "shuffle_hand_graveyard":
                for name in targets:
                    p = self.player(name)
                    moved = p.hand.take_top(p.hand.size) + p.graveyard.take_top(p.graveyard.size)
                    p.library.add(moved)
                    p.library.unknown += len(p.library.cards)
                    p.library.cards = []
                    self.step(f"{name} shuffles hand and graveyard into their library ({p.library.size} cards).",
                              self.rs.cite("shuffle"), name, "shuffle")
            elif op.do == "hand_to_bottom_draw_that_many":
                for name in targets:
                    p = self.player(name)
                    k = p.hand.size
                    p.library.add(p.hand.take_top(k))
                    self.step(f"{name} puts {k} card(s) from hand on the bottom of their library.",
                              self.rs.cite("library_position"), name, "move")
                    self.draw_instruction(name, k, source, applied)
            elif op.do == "put_back":
                for name in targets:
                    p = self.player(name)
                    back = p.hand.remove_any(n)
                    p.library.add_top(back)
                    self.step(f"{name} puts {len(back)} card(s) from hand on top of their library.",
                              self.rs.cite("library_position"), name,
                              "move")
            elif op.do == "draw_half_library":
                for name in targets:
                    self.draw_instruction(name, math.ceil(self.player(name).library.size / 2), source, applied)
            elif op.do == "lose_half_life":
                for name in targets:
                    p = self.player(name)
                    lost = math.ceil(max(p.life, 0) / 2)
                    self.change_life(name, -lost)
                    self.step(f"{name} loses {lost} life (half, rounded up).", self.rs.cite("life"), name,
                              "lose_life")
            elif op.do in ("to_hand_from_library", "search_to_hand", "reveal_to_hand"):
                for name in targets:
                    p = self.player(name)
                    got = p.library.take_top(min(n, p.library.size))
                    p.hand.add(got)
                    rules = self.rs.cite("not_a_draw") + (self.rs.cite("search") if op.do == "search_to_hand" else ())
                    self.step(f"{name} puts {len(got)} card(s) from library into hand. Not a draw.", rules, name,
                              "move")
            elif op.do == "look_keep":
                for name in targets:
                    p = self.player(name)
                    seen = p.library.take_top(n)
                    if len(seen):
                        kept, rest = seen.split(1)
                        p.hand.add(kept)
                        p.graveyard.add(rest)
                    self.step(f"{name} looks at {len(seen)} card(s), puts {min(1, len(seen))} into hand (not a "
                              f"draw) and {max(0, len(seen) - 1)} into the graveyard.", self.rs.cite("not_a_draw"),
                              name, "move")
            elif op.do == "return_self":
                for name in targets:
                    p = self.player(name)
                    if p.graveyard.remove_named(source):
                        p.hand.add(Batch([source]))
                        self.step(f"{name} returns {source} from the graveyard to hand.", self.rs.cite("dredge"),
                                  name, "move")
            elif op.do == "chains":
                for name in targets:
                    p = self.player(name)
                    if p.hand.size:
                        p.graveyard.add(p.hand.remove_any(1))
                        self.step(f"{name} discards a card, then draws a card.", self.rs.cite("discard"), name,
                                  "discard")
                        self.draw_instruction(name, 1, source, applied)
                    else:
                        milled = p.library.take_top(1)
                        p.graveyard.add(milled)
                        self.step(f"{name} has no card to discard and puts the top card of their library into "
                                  f"their graveyard ({len(milled)} card).", self.rs.cite("mill"), name, "mill")
            elif op.do == "sylvan":
                for name in targets:
                    p = self.player(name)
                    eligible = min(n, p.drawn_this_turn, p.hand.size)
                    pay = self.choose(f"sylvan_pay:{name}", list(range(eligible + 1)), 0)
                    pay = max(0, min(int(pay), eligible))
                    self.change_life(name, -4 * pay)
                    back = p.hand.remove_any(eligible - pay)
                    p.library.add_top(back)
                    self.step(f"{name} chooses {eligible} card(s) drawn this turn: pays {4 * pay} life to keep "
                              f"{pay}, puts {len(back)} back on top.", self.rs.cite("life"), name, "sylvan")
            elif op.do == "exile_top":
                for name in targets:
                    p = self.player(name)
                    p.exile.add(p.library.take_top(n))
                    self.step(f"{name} exiles the top card of their library.", self.rs.cite("exile"), name, "exile")
            elif op.do == "win_if_library_at_most":
                for name in targets:
                    size = self.player(name).library.size
                    if n >= size:
                        self.step(f"{name}'s devotion X = {n} is at least the {size} cards in their library.",
                                  self.rs.cite("resolve"), name, "check")
                        self.run_ops((Op("win", 1, "you"),), you=name, that_player=name, source=source)
                    else:
                        self.step(f"{name}'s devotion X = {n} is less than the {size} cards in their library: no "
                                  "win.", self.rs.cite("resolve"), name, "check")
            elif op.do == "win_if_library_empty":
                for name in targets:
                    if self.player(name).library.size == 0:
                        self.run_ops((Op("win", 1, "you"),), you=name, that_player=name, source=source)
            elif op.do == "end_turn":
                self.step("The turn ends.", self.rs.cite("end_turn"), you, "end_turn")
            elif op.do == "note":
                if op.text:
                    self.notes.append(f"{source}: {op.text}")

    # ------------------------------------------------------------ results

    def result(self) -> Resolution:
        if self.rs.stored_rules:
            self.notes.append(f"The cache holds {self.rs.stored_rules} of the {self.rs.edition} rules; steps "
                              "outside it cite today's rule numbers.")
        players = {p.name: p.summary() for p in self.s.players}
        losers = [p.name for p in self.s.players if p.lost]
        draw_game = bool(losers) and len(losers) == len(self.s.players)
        winners = [p.name for p in self.s.players if p.won]
        order = self.apnap()
        # In the order they go on the stack: the active player's first (603.3b).
        logged = sorted(self.trigger_log.items(), key=lambda kv: order.index(kv[0][1]))
        triggers = [TriggerRecord(src, ctrl, n) for (src, ctrl), n in logged if n > 0]
        return Resolution(self.s.game, self.rs.edition, list(self.steps), players, winners, losers, draw_game,
                          triggers, notes=list(self.notes))


@dataclass
class _Outcome:
    players: dict[str, Any]
    winners: list[str]
    losers: list[str]
    choice_points: list[ChoicePoint] = field(default_factory=list)


def _draw_order(res: Resolution) -> list[str]:
    order: list[str] = []
    for step in res.steps:
        if step.kind in ("draw", "empty_draw", "replaced_draw", "prohibited") and step.player:
            if not order or order[-1] != step.player:
                order.append(step.player)
    return order


def differences_from_today(scenario: Scenario, old: Resolution, cards: CardDB | None = None) -> list[str]:
    """Where today's answer differs from one under a historical edition: outcome, draw order, rules."""
    today_scenario = scenario.clone()
    today_scenario.edition = "current"
    today = Resolver(today_scenario, cards).run()
    out: list[str] = []
    if (today.players, today.losers, today.winners) != (old.players, old.losers, old.winners):
        verdict = ", ".join(today.losers) + " lose" if today.losers else "nobody loses"
        out.append(f"Today the outcome differs: {verdict}; " + "; ".join(
            f"{n}: hand {p['hand']}, library {p['library']}" for n, p in today.players.items()))
    if _draw_order(today) != _draw_order(old):
        out.append("Today the draws go in another order: " + ", then ".join(_draw_order(today))
                   + (" (121.2d: the active team chooses its order)" if scenario.format == "two-headed-giant"
                      else ""))
    if any(s.kind == "prohibited" and not s.rules for s in old.steps):
        out.append("Today rule 121.2b governs “can't draw more than one card each turn”; these rules had no such "
                   "rule, so only the card's text decided.")
    if any(s.kind == "empty_draw" for s in old.steps):
        today_rules = sorted({r for s in today.steps if s.kind == "empty_draw" for r in s.rules})
        old_rules = sorted({r for s in old.steps if s.kind == "empty_draw" for r in s.rules})
        out.append(f"Today the empty-library loss is a state-based action ({', '.join(today_rules)}); "
                   f"the {scenario.edition} rules cite {', '.join(old_rules)}.")
    return out


def resolve(scenario: Scenario, cards: CardDB | None = None, *, compress: bool = True,
            branches: bool = True) -> Resolution:
    """Resolve a scenario; list in ``branches`` the outcomes of other choices that change the result, and,
    under a historical edition, in ``differences`` where today's answer differs."""
    main = Resolver(scenario, cards, compress=compress)
    resolution = main.run()
    resolution.understood = [dict(f) for f in scenario.understood]
    resolution.assumed = list(scenario.assumed)
    if scenario.game == "mtg" and main.rs.edition != "current":
        resolution.differences = differences_from_today(scenario, resolution, cards)
    if not branches:
        return resolution
    for cp in main.choice_points[:6]:
        for option in cp.options:
            if option == cp.chosen:
                continue
            variant = scenario.clone()
            variant.choices = {**scenario.choices, cp.key: option}
            other = Resolver(variant, cards, compress=compress).run()
            if (other.players, other.losers, other.winners) != (resolution.players, resolution.losers,
                                                               resolution.winners):
                resolution.branches.append({"choice": f"{cp.key} = {option}", "players": other.players,
                                            "losers": other.losers, "winners": other.winners})
    return resolution
