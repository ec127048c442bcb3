"""Whom a spell or ability aims at when it targets a player and the situation doesn't say (601.2c, 603.3d: the
player who casts or controls it chooses each target).

Why a rule of its own: the target was once taken to be the caster, so "I cast Lava Spike" dealt the damage to the
one who cast it, and "target opponent" could hit its own controller. The natural reading follows what the words do:
an instruction to draw aims at its controller (the usual play), anything else (damage, life loss, a discard) at
the opponent; "target opponent" can only be an opponent (115.1). The pick is said as an assumption, the other
legal players listed as alternatives; with several opponents and no natural one, the player is asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.effects import Op
from engine.errors import ScenarioError

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.effects import SpellText
    from engine.resolve.resolver import Resolver

_GOOD_FOR_THE_TARGET = {"draw", "gain_life", "token"}


class TargetNeeded(ScenarioError):
    """Several players could be the target and none is the natural one: a question, with the players as its
    options (the situation reader's front end turns it into one-click answers)."""

    def __init__(self, card: str, options: list[str]) -> None:
        super().__init__(f"{card} targets a player: which one?", "action.targets",
                         "say which: " + ", ".join(f"“targeting {o}”" for o in options))
        self.card = card
        self.options = options


def targets_a_player(ops: tuple[Op, ...], oracle: str = "") -> bool:
    """Whether the operations aim at a player chosen as a target: "target player ...", or "you and target
    opponent each ..." (read as "you and that player")."""
    return any(op.who == "target" for op in ops) or (
        any(op.who == "you_and_that_player" for op in ops) and _YOU_AND_TARGET.search(oracle.lower()) is not None)


_YOU_AND_TARGET = re.compile(r"\byou and target (?:player|opponent)\b")


def opponents_only(oracle: str) -> bool:
    """Whether the card's player targets are all "target opponent" (115.1: the target must be an opponent)."""
    kinds = set(re.findall(r"\btarget (player|opponent)s?\b", oracle.lower()))
    return kinds == {"opponent"} and "any target" not in oracle.lower()


def aimed_player(r: Resolver, source: str, controller: str, ops: tuple[Op, ...], oracle: str) -> str:
    """The player ``source``'s ability targets: as said (``target:<source>``), else the natural one, said, the other
    legal players as alternatives; a question when several opponents are equally natural."""
    opponents = [n for n in r.opponents(controller) if not r.player(n).lost] or r.opponents(controller)
    for_itself = not any(op.who == "you_and_that_player" for op in ops) and (
        any(op.who == "target" and op.do == "draw" for op in ops)
        or all(op.do in _GOOD_FOR_THE_TARGET for op in ops if op.who == "target"))
    if opponents_only(oracle):
        options = opponents
    else:
        options = [controller, *opponents] if for_itself else [*opponents, controller]
    key = f"target:{source}"
    said = r.s.choices.get(key)
    if said is None and options[0] != controller and len(opponents) > 1:
        raise TargetNeeded(source, options)
    first = not any(cp.key == key for cp in r.choice_points)
    pick = str(r.choose(key, options, options[0]))
    if said is None and first:
        why = ("its text aims at an opponent" if opponents_only(oracle) else
               "an instruction to draw is aimed at its controller" if for_itself else
               "what it does is aimed at an opponent")
        others = " (the other choices are listed as alternatives)" if len(options) > 1 else ""
        r.step(f"{source} targets a player and the situation doesn't say which: {controller} chooses (601.2c); "
               f"the answer takes {pick}, as {why}{others}.", r.rs.cite("target"), controller, "assumption")
    return pick


def trigger_aim(r: Resolver, source: str, controller: str, that_player: str, ops: tuple[Op, ...]) -> str:
    """A triggered ability that targets a player (603.3d): the target its controller chooses as it is put on
    the stack, the action's said target when the ability is the action card's own, never the player of the
    event by accident."""
    card = r.cards.find(source)
    oracle = card.oracle if card is not None else ""
    if not targets_a_player(ops, oracle):
        return that_player
    if source == r.s.action.card and r.s.action.targets:
        return r.s.action.targets[0]
    return aimed_player(r, source, controller, ops, oracle)


def said_target_legal(r: Resolver, card: Card, caster: str) -> None:
    """115.1, 601.2c: "target opponent" can't be its own controller."""
    a = r.s.action
    if a.targets and opponents_only(card.oracle) and a.targets[0] == caster:
        raise ScenarioError(f"{card.name} can target only an opponent: {caster} can't be its target (115.1, "
                            "601.2c)", "action.targets", f"use one of: {', '.join(r.opponents(caster))}")


def unsaid_target(r: Resolver, card: Card, caster: str, chosen: SpellText) -> str | None:
    """A player target the situation doesn't name, chosen as the spell is cast or the ability activated
    (601.2c): the rest of the action sees it as said."""
    a = r.s.action
    if a.targets or a.card_targets or not targets_a_player(chosen.ops, card.oracle):
        return None
    a.targets = [aimed_player(r, card.name, caster, chosen.ops, card.oracle)]
    return a.targets[0]


_PLAYER_TARGET = re.compile(r"\bany target\b|\btarget (?:player|opponent)\b")


def one_player_target(card: Card, chosen: SpellText, said: list[str]) -> None:
    """An ability with two player targets ("It deals 3 damage to any target. Target player draws three cards",
    two modes that each target a player) given two different players: the engine aims every "target" of one
    ability at one player, so it refuses with the ability's words rather than give both parts to the first
    (115.1, 601.2c: each target is chosen on its own)."""
    if len(set(said)) < 2:
        return
    words = chosen.mode or next((ln for ln in card.oracle.split("\n") if chosen.cost and ln.startswith(chosen.cost)),
                                card.oracle)
    if len(_PLAYER_TARGET.findall(words.lower())) >= 2:
        raise ScenarioError(f"{card.name}: the engine can't aim the targets of “{words.strip()}” at different "
                            "players yet", "action.targets", words.strip())


_NOTED_TARGET = re.compile(r"\btarget (?:creature|permanent|artifact|enchantment|land|planeswalker)s?\b"
                           r"(?P<whose> an opponent controls| you don't control)?")


def noted_target_player(r: Resolver, card: Card, chosen: SpellText, caster: str) -> str | None:
    """"Goad target creature an opponent controls. That player draws a card": a permanent target kept in words
    and not named in the situation decides who "that player" is. An opponent's permanent with one opponent: that
    opponent (601.2c: no other legal target); any other: asked, never the caster by default. None when the
    ability has no such target, or the situation names its targets."""
    a = r.s.action
    if a.targets or a.card_targets:
        return None
    for i, op in enumerate(chosen.ops):
        m = _NOTED_TARGET.search(op.text) if op.do == "note" else None
        if m is None:
            continue
        if not any(later.who == "that_player" and later.do != "note" for later in chosen.ops[i + 1:]):
            return None
        opponents = [o for o in r.opponents(caster) if not r.player(o).lost]
        if m.group("whose") and len(opponents) == 1:
            return opponents[0]
        raise ScenarioError(f"{card.name} needs {m.group(0)}: which card is it, and whose?", "action.targets",
                            'name it in the situation ("targeting Bob\'s Grizzly Bears") or as '
                            '{"card": "Grizzly Bears", "controller": "Bob"}')
    return None

