"""The actions a scenario starts with: draw, the draw step, cast, a mechanic, a move that is not a draw."""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum

from engine.cards import Card
from engine.costs import read_cost
from engine.effects import (
    AdditionalCost,
    CastTrigger,
    DrawStepTrigger,
    EventTrigger,
    Op,
    SkipDrawStep,
    SpellText,
)
from engine.errors import ScenarioError
from engine.model import Batch, Resolution
from engine.resolve.core import ResolverCore
from engine.resolve.events import GameOver
from engine.resolve.paying import pay
from engine.trigger_events import EventKind
from engine.wording import cards


class ActionType(StrEnum):
    DRAW = "draw"
    DRAW_STEP = "draw_step"
    CAST = "cast"
    MOVE_TO_HAND = "move_to_hand"
    MECHANIC = "mechanic"


class ActionsMixin(ResolverCore):
    """What the scenario's action does; ``run`` then lets the priority loop settle what it set off."""

    def run(self) -> Resolution:
        try:
            self._validate()
            try:
                kind = ActionType(self.s.action.type)
            except ValueError:
                raise ScenarioError(f"unknown action type {self.s.action.type!r}", "action.type",
                                    f"use one of: {', '.join(ActionType)}") from None
            ACTIONS[kind](self)
            self.settle()
        except GameOver:
            pass
        self.refuse_unevaluated_triggers()
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
        for t in a.card_targets:
            p = self.player(t.player)
            if t.card not in (p.graveyard.cards if t.zone == "graveyard" else p.battlefield):
                where = "graveyard" if t.zone == "graveyard" else "battlefield"
                raise ScenarioError(f"the target {t.card} is not on {t.player}'s {where}", "action.targets",
                                    f"say it is there first, e.g. “{t.player} controls {t.card}”")

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

    def draw_each(self, count: int, source: str, only: list[str] | None = None) -> None:
        order, rules = self.drawing_order(only or list(self._order))
        self.step(f"Each player draws {count}: {', then '.join(order)}.", rules, kind="order")
        for name in order:
            if not self.player(name).lost:
                self.draw_instruction(name, count, source)

    def drawing_order(self, names: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """The one order for every instruction that makes several players draw: the active player first,
        then the others in turn order (121.2c); in Two-Headed Giant the active team first, in the order it
        chooses (121.2d)."""
        if self.s.format == "two-headed-giant":
            return [n for n in self.team_order() if n in names], self.rs.cite("team_draw_order")
        return self.apnap(names), self.rs.cite("draw_order")

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
        skipper = next((src for src in self.in_play() if isinstance(src.effect, SkipDrawStep)
                        and self.affects(src.effect.affects, src.controller, active.name)), None)
        if skipper is not None:
            # 614.1b, 614.10: "skip your draw step": the step, its draw and its triggers don't happen
            self.step(f"{active.name} skips the draw step ({skipper.card.name}): no draw, and nothing that "
                      "triggers at the beginning of the draw step triggers.", self.rs.cite("skip_step"),
                      active.name, "skip", source=skipper.card.name)
            return
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
        if len(team) > 1:
            # 805.4b: each player on the active team draws in the team's draw step, in the order it chooses
            team, _rules = self.drawing_order(team)
            self.step(f"Team {active.team}'s draw step: each of its players draws a card ({', then '.join(team)}).",
                      (*self.rs.cite("draw_step"), *self.rs.cite("team_draw_step")), active.name, "order")
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
        self.step(f"{who} puts {cards(len(moved))} from library into hand. This is not a draw: nothing that "
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
        """A card's ability is used: cast as a spell, an activated or loyalty ability, cycling from the hand,
        or the card entering the battlefield (its own "when this enters" abilities trigger, 603.6a)."""
        a = self.s.action
        card = self.cards.find(a.card or "")
        if card is None:
            raise ScenarioError(f"unknown card {a.card!r}", "action.card",
                                f"did you mean: {', '.join(self.cards.suggest(a.card or ''))}")
        caster = a.player or self.active
        # "its controller" / "that player": the player targeted, else the controller of the card targeted
        target = a.targets[0] if a.targets else a.card_targets[0].player if a.card_targets else caster
        if target not in self._order:
            raise ScenarioError(f"the target {target!r} is not a player", "action.targets",
                                f"use one of: {', '.join(self._order)}")
        if a.ability == "enters":
            self._enters(card, caster, target)
            return
        if a.ability == "dies":
            self._dies(card, caster)
            return
        if a.ability == "graveyard":
            self._to_graveyard(card, caster, a.from_zone)
            return
        chosen = self._ability_used(card, a.ability)
        verb = "cycles" if chosen.cost.startswith("cycling") else "activates" if chosen.activated else "casts"
        aimed = [*([target] if chosen.targets_player else []),
                 *(f"{t.player}'s {t.card}" + (" in their graveyard" if t.zone == "graveyard" else "")
                   for t in a.card_targets)]
        self.step(f"{caster} {verb} {card.name}" + (f" targeting {' and '.join(aimed)}" if aimed else "")
                  + (f" (cost: {chosen.cost})" if chosen.cost and verb == "activates" else "")
                  + (f", choosing the mode “{chosen.mode}”" if chosen.mode else "") + ".",
                  (*self.rs.cite("resolve"), *(("702.29a",) if verb == "cycles" else ())), caster, "cast")
        from_hand = not chosen.activated and self._spell_leaves_hand(card, caster, a.from_zone)
        self.targeted_triggers(caster)
        if not chosen.activated:
            self.happened.add(EventKind.CAST)
        self._pay_costs(card, chosen, caster)
        if not chosen.activated:
            self.cast_triggers(caster, card)
        elif verb == "cycles":
            self.cycle_triggers(caster, card)
        if self.pending:
            # Abilities that trigger on casting resolve before the spell (603.3, 405.5).
            self.settle()
        resolving_from = len(self.steps)
        self.run_ops(chosen.ops, you=caster, that_player=target, source=card.name, x=a.x)
        if from_hand and _spell_face(card):
            ended_turn = any(s.kind == "end_turn" for s in self.steps[resolving_from:])
            self._spell_resolved(card, caster, ended_turn=ended_turn, from_graveyard=a.from_zone == "graveyard")

    def _pay_costs(self, card: Card, chosen: SpellText, payer: str) -> None:
        """601.2h, 602.2b: an activated ability's cost, or a spell's additional costs, paid as it is put on
        the stack; the cards a cost moves are in the outcome."""
        if chosen.activated:
            if chosen.cost:
                what = "cycling" if chosen.cost.startswith("cycling") else "its ability"
                pay(self, card, read_cost(chosen.cost, card.name), payer, what=what)
            return
        for extra in card.of(AdditionalCost):
            pay(self, card, read_cost(extra.cost, card.name), payer, what="casting it")

    def _spell_resolved(self, card: Card, caster: str, *, ended_turn: bool, from_graveyard: bool = False) -> None:
        """An instant or sorcery goes to its owner's graveyard as the last step of its resolution (608.2n),
        unless it ended the turn: ending the turn exiles everything on the stack, the spell included (723.1b);
        cast from a graveyard with flashback, aftermath or jump-start, it is exiled instead (702.34a)."""
        owner = self.player(caster)
        owner.stack.remove_named(card.name)
        if ended_turn:
            owner.exile.add(Batch([card.name]))
            self.step(f"{card.name} was still on the stack as the turn ended: it is exiled.",
                      self.rs.cite("end_turn_exile"), caster, "move")
            return
        if "adventure" in card.type_line.lower():
            owner.exile.add(Batch([card.name]))
            self.step(f"{card.name} was cast as an Adventure: it is exiled instead of going to the graveyard, and "
                      "may be cast later from exile as its other face.", self.rs.cite("adventure_exile"), caster,
                      "move")
            return
        if from_graveyard and re.search(r"^(?:flashback|aftermath|jump-start)\b", card.oracle, re.I | re.M):
            owner.exile.add(Batch([card.name]))
            self.step(f"{card.name} was cast from a graveyard with a permission that exiles it: it is exiled "
                      "instead of going to the graveyard.", self.rs.cite("flashback_exile"), caster, "move")
            return
        owner.graveyard.add(Batch([card.name]))
        self.step(f"{card.name} is put into {caster}'s graveyard as the last step of its resolution.",
                  self.rs.cite("spell_to_graveyard"), caster, "move")

    def _spell_leaves_hand(self, card: Card, caster: str, zone: str = "hand") -> bool:
        """A spell is cast from its owner's hand: it moves to the stack (601.2a), so the hand the draws go
        into is one card smaller than the hand it was cast from. Cast from a graveyard (flashback,
        aftermath), it leaves the graveyard instead."""
        if zone == "graveyard":
            grave = self.player(caster).graveyard
            grave.remove_card(card.name)
            self.player(caster).stack.add(Batch([card.name]))
            self.step(f"{card.name} moves from {caster}'s graveyard to the stack.", self.rs.cite("cast_from_graveyard"),
                      caster, "move")
            return True
        hand = self.player(caster).hand
        if hand.size == 0:
            self.step(f"{caster}'s hand was said to be empty: it is counted as the hand after casting "
                      f"{card.name}.", self.rs.cite("cast_from_hand"), caster, "info")
            return False
        if not hand.remove_named(card.name):
            hand.remove_any(1)
        self.player(caster).stack.add(Batch([card.name]))
        self.step(f"{card.name} moves from {caster}'s hand to the stack (hand {hand.size + 1} → {hand.size}).",
                  self.rs.cite("cast_from_hand"), caster, "move")
        return True

    def _ability_used(self, card: Card, ability: str) -> SpellText:
        """The spell text or activated ability the action means; among several, a decision (the first that
        draws by default), so the others come back as alternatives."""
        spells = card.of(SpellText)
        wanted = {"spell": [s for s in spells if not s.activated],
                  "activate": [s for s in spells if s.activated and not s.cost.startswith("cycling")],
                  "cycle": [s for s in spells if s.cost.startswith("cycling")]}.get(ability) or (
            [s for s in spells if not s.activated] or [s for s in spells if s.activated])
        if not wanted:
            what = {"cycle": "no cycling", "activate": "no activated ability", "spell": "no spell text"}.get(
                ability, "no spell or ability text")
            raise ScenarioError(f"{card.name} has {what} the engine can carry out", "action.card",
                                "put it on a battlefield instead, or use a draw action")
        if len(wanted) == 1:
            return wanted[0]
        labels = [s.mode or s.cost or f"ability {i + 1}" for i, s in enumerate(wanted)]
        default = next((lbl for lbl, s in zip(labels, wanted, strict=True) if any(op.do == "draw" for op in s.ops)),
                       labels[0])
        pick = self.choose(f"ability:{card.name}", labels, default)
        return wanted[labels.index(pick)]

    def targeted_triggers(self, caster: str) -> None:
        """"Whenever ~ becomes the target of a spell [or ability] [you control | an opponent controls]": the
        targeted permanent's own abilities (603.2e)."""
        for t in self.s.action.card_targets:
            card = self.cards.find(t.card)
            if card is None or t.zone != "battlefield":
                continue
            self.happened.add(EventKind.TARGET)
            for eff in card.of(EventTrigger):
                m = _TARGETED.fullmatch(eff.event)
                if m is None:
                    continue
                self.evaluated_events.add(eff.event)
                whose = m.group("whose") or ""
                if "you control" in whose and caster != t.player or "opponent" in whose and caster == t.player:
                    continue
                self.add_trigger(card.name, t.player, t.player, eff.ops, False, ("603.2e", "603.2"))

    def cast_triggers(self, caster: str, card: Card) -> None:
        """Abilities that trigger on a spell being cast (603.2): the card data's, those read from Oracle text
        ("whenever you cast an instant or sorcery spell", judged by the spell's type line), and the spell's
        own "when you cast this spell"."""
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, CastTrigger) and self.affects(eff.affects, src.controller, caster):
                self.add_trigger(src.card.name, src.controller, caster, eff.ops, eff.optional, eff.rules)
            elif isinstance(eff, EventTrigger):
                m = _CAST_EVENT.fullmatch(eff.event)
                if m is None:
                    continue
                self.evaluated_events.add(eff.event)
                if _caster_fits(m.group("who"), caster, src.controller, self.opponents(src.controller)) and \
                        _spell_fits(m.group("types"), card):
                    self.add_trigger(src.card.name, src.controller, caster, eff.ops, False, ("603.2",))
        for own in card.of(EventTrigger):
            if re.fullmatch(r"when(?:ever)? you cast (?:~|this spell)", own.event):
                self.evaluated_events.add(own.event)
                self.add_trigger(card.name, caster, caster, own.ops, False, ("603.2",))


_TARGETED = re.compile(r"when(?:ever)? ~ becomes the target of a spell(?: or ability)?(?P<whose> you control| an "
                       r"opponent controls)?")
_CAST_EVENT = re.compile(
    r"whenever (?P<who>you|an opponent|a player|another player|each opponent) casts?(?: or cop(?:y|ies))? (?:a|an) "
    r"(?P<types>(?:(?:non)?(?:creature|artifact|enchantment|instant|sorcery|land|planeswalker|legendary|kindred)"
    r"(?: or |, or |, | and/or )?)*?) ?spell")


def _spell_face(card: Card) -> bool:
    """An instant or sorcery, or a card with such a face (an Adventure, a split or modal double-faced card)."""
    faces = [f.split("—")[0].lower().split() for f in card.type_line.split("//")]
    return any("instant" in f or "sorcery" in f for f in faces)


def _caster_fits(who: str, caster: str, controller: str, opponents: list[str]) -> bool:
    return {"you": caster == controller, "a player": True}.get(who, caster in opponents)


def _spell_fits(types: str, card: Card) -> bool:
    """"instant or sorcery", "noncreature", "" (any spell): judged by the spell's card types (all faces)."""
    words = [w for w in re.split(r",? or |, | and/or ", types.strip()) if w]
    line = re.sub(r"[—/-]", " ", card.type_line.lower()).split()
    wanted = [w for w in words if not w.startswith("non")]
    banned = [w[3:] for w in words if w.startswith("non")]
    return not any(b in line for b in banned) and (not wanted or any(w in line for w in wanted))


ACTIONS: dict[ActionType, Callable[[ActionsMixin], None]] = {
    ActionType.DRAW: ActionsMixin.action_draw,
    ActionType.DRAW_STEP: ActionsMixin.action_draw_step,
    ActionType.CAST: ActionsMixin.action_cast,
    ActionType.MOVE_TO_HAND: ActionsMixin.action_move_to_hand,
    ActionType.MECHANIC: ActionsMixin.action_mechanic,
}
