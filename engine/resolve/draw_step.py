"""The draw step (504) and the order in which several players draw (121.2c, 121.2d): the turn-based draw, what
triggers at the step's beginning, and Two-Headed Giant's shared draw step (805.4). Why a module of its own: the
step is one piece of the game's flow with its own rules; the actions module dispatches to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import DrawStepTrigger, SkipDrawStep
from engine.resolve.events import EffectSource
from engine.trigger_events import EventKind

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def draw_each(r: Resolver, count: int, source: str, only: list[str] | None = None) -> None:
    order, rules = drawing_order(r, only or list(r.turn_order))
    r.step(f"Each player draws {count}: {', then '.join(order)}.", rules, kind="order")
    for name in order:
        if not r.player(name).lost:
            r.draw_instruction(name, count, source)


def drawing_order(r: Resolver, names: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """The one order for every instruction that makes several players draw: the active player first,
    then the others in turn order (121.2c); in Two-Headed Giant the active team first, in the order it
    chooses (121.2d)."""
    if r.s.format == "two-headed-giant":
        return [n for n in team_order(r) if n in names], r.rs.cite("team_draw_order")
    return r.apnap(names), r.rs.cite("draw_order")


def team_order(r: Resolver) -> list[str]:
    active_team = r.player(r.active).team
    team = [n for n in r.turn_order if r.player(n).team == active_team]
    if r.rs.team_order_choice:
        chosen = r.s.choices.get("team_order")
        if isinstance(chosen, list) and sorted(chosen) == sorted(team):
            team = list(chosen)
        else:
            r.choose("team_order", [team, list(reversed(team))], team)
    others = [n for n in r.apnap() if n not in team]
    return team + others


def action_draw_step(r: Resolver) -> None:
    s = r.s
    s.step = "draw"
    active = r.player(r.active)
    team = [active.name]
    if s.format == "two-headed-giant" and active.team:
        team = [n for n in r.turn_order if r.player(n).team == active.team]
    for name in team:
        r.player(name).drawn_this_draw_step = 0
    skipper = next((src for src in r.in_play() if isinstance(src.effect, SkipDrawStep)
                    and r.affects(src.effect.affects, src.controller, active.name)), None)
    if skipper is not None:
        # 614.1b, 614.10: "skip your draw step": the step, its draw and its triggers don't happen
        r.step(f"{active.name} skips the draw step ({skipper.card.name}): no draw, and nothing that "
               "triggers at the beginning of the draw step triggers.", r.rs.cite("skip_step"),
               active.name, "skip", source=skipper.card.name)
        return
    if s.turn == 1:
        if s.format == "two-player":
            r.step(f"{active.name} plays first, so the draw of their first turn is skipped.",
                   r.rs.cite("first_turn_two_player"), active.name, "skip")
            return
        if s.format == "two-headed-giant":
            r.step(f"The team of {' and '.join(team)} plays first and skips the draw step of its first turn.",
                   r.rs.cite("first_turn_2hg"), active.name, "skip")
            return
        r.step("In a multiplayer game no player skips the first draw step.",
               r.rs.cite("first_turn_multiplayer"), active.name)
    if len(team) > 1:
        # 805.4b: each player on the active team draws in the team's draw step, in the order it chooses
        team, _rules = drawing_order(r, team)
        r.step(f"Team {active.team}'s draw step: each of its players draws a card ({', then '.join(team)}).",
               (*r.rs.cite("draw_step"), *r.rs.cite("team_draw_step")), active.name, "order")
    triggered = _beginning_of_draw_step(r, team)
    for name in team:
        r.step(f"{name}'s {r.rs.draw_step}: the turn-based draw.", r.rs.cite("draw_step"), name, "draw_step")
        r.draw_instruction(name, 1, "the draw step")
    # "At the beginning of ... draw step" abilities go on the stack with the others after the draw (504.2); one
    # the reader kept as an event it can't carry out is refused (zone_changes.refuse_unevaluated_triggers)
    r.happened.add(EventKind.DRAW_STEP)
    for src, name, rules in triggered:
        eff = src.effect
        assert isinstance(eff, DrawStepTrigger)
        r.add_trigger(src.card.name, src.controller, name, eff.ops, eff.optional, rules,
                      condition=eff.intervening, checked=True)


def _beginning_of_draw_step(r: Resolver, team: list[str]) -> list[tuple[EffectSource, str, tuple[str, ...]]]:
    """The "at the beginning of ... draw step" abilities that trigger, each with the player it is about. Why
    before the draw: the step's beginning is their event, so an intervening "if" ("if that player has two or
    fewer cards in hand") is checked on the hand before the turn-based draw (603.4, 504.1), and again as the
    ability resolves."""
    found = []
    for src in r.in_play():
        eff = src.effect
        if isinstance(eff, DrawStepTrigger):
            each = [name for name in team if r.affects(eff.affects, src.controller, name)]
            # 805.4d: in a shared team turn, "each player's draw step" triggers once for each player of the team
            rules = (*eff.rules, *r.rs.cite("shared_turn_triggers")) if len(each) > 1 else eff.rules
            if eff.untapped_only and src.tapped and each:
                r.step(f"{src.controller}'s {src.card.name} is tapped: its ability (“if {src.card.name} is "
                       "untapped”) doesn't trigger.", r.rs.cite("intervening_if"), src.controller, "why_not",
                       source=src.card.name)
                continue
            found += [(src, name, rules) for name in each if not eff.intervening
                      or r.triggers_under(src.card.name, src.controller, eff.intervening, None, name)]
    return found
