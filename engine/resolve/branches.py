"""Resolving a scenario with its alternatives: other choices that change the outcome, and, under a historical
edition, where today's answer differs."""

from __future__ import annotations

from engine.cards import CardDB
from engine.model import Resolution, Scenario
from engine.resolve.resolver import Resolver


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
