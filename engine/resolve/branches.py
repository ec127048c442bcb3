"""Resolving a scenario with its alternatives: other choices that change the outcome, and, under a historical
edition, where today's answer differs."""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any

from engine.answer_lead import lead_of
from engine.cards import CardDB
from engine.errors import OutOfTime, ScenarioError
from engine.model import Resolution, Scenario
from engine.resolve.core import ABSENT, second_person
from engine.resolve.events import ChoicePoint
from engine.resolve.resolver import Resolver
from engine.resolve.result import outcome_key
from engine.resolve.variants import other_outcomes
from engine.resolve.work import WorkBudget
from engine.wording import cards


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
            branches: bool = True, deadline: float | None = None, budget: float = 0.0) -> Resolution:
    """Resolve a scenario; list in ``branches`` the outcomes of other choices that change the result, and,
    under a historical edition, in ``differences`` where today's answer differs.

    ``deadline`` (a ``time.monotonic()`` value) bounds the time: past it the main resolution raises
    ``OutOfTime`` with the steps taken so far, and the search of alternatives stops with a note."""
    main = Resolver(scenario, cards, compress=compress, deadline=deadline, budget=budget)
    resolution = main.run()
    resolution.understood = [dict(f) for f in scenario.understood]
    resolution.assumed = list(scenario.assumed)
    resolution.asked = scenario.asked
    resolution.said_choices = tuple(scenario.choices)
    if scenario.game == "mtg" and main.rs.edition != "current":
        resolution.differences = differences_from_today(scenario, resolution, cards)
    if not branches:
        resolution.answer = lead_of(resolution).to_json()
        return resolution
    # one bound for both kinds of other line; the facts the answer assumed go first ("never guess silently":
    # a defaulted fact that changes the outcome is the first thing a player must see)
    other_lines = WorkBudget()
    other_lines.seen(main.work)
    resolution.other_outcomes = other_outcomes(scenario, resolution, cards, deadline=deadline, budget=other_lines)
    if other_lines.skipped:
        resolution.notes.append(TOO_LARGE_FOR_OTHER_FACTS)
    search = AlternativeSearch(scenario, cards, compress, deadline, other_lines)
    resolution.branches.extend(search.run(resolution, main))
    if search.stopped:
        resolution.notes.append(search.stopped)
    resolution.uncarried = tuple(dict.fromkeys(choice for choice, _why in search.uncarried))
    resolution.notes.extend(dict.fromkeys(f"If {choice}: {why}." for choice, why in search.uncarried))
    resolution.answer = lead_of(resolution).to_json()
    return resolution


MAX_ALTERNATIVE_RUNS = 40
TOO_LARGE_FOR_OTHER_FACTS = ("This situation is too large to also resolve it under the other values of the facts "
                             "assumed; ask again with those facts said to see their outcome.")


def _frozen(choices: dict[str, Any]) -> str:
    return json.dumps(choices, sort_keys=True, default=str)


class AlternativeSearch:
    """Every line of play whose outcome differs, found by trying each other option of each decision, and
    then the decisions those lines meet in turn (breadth first, so the simplest lines come first).

    Why it stays small: a run depends only on the decisions it read, so choices that agree with an earlier
    run on those give that run again and are not resolved (memoised); alternatives are de-duplicated by
    outcome, so the list grows with the number of distinct outcomes, not with the product of the choices;
    and the work is bounded (``MAX_ALTERNATIVE_RUNS`` runs, a ``WorkBudget`` shared with the other outcomes of
    defaulted facts, the deadline), with a note saying so when a bound is reached."""

    def __init__(self, scenario: Scenario, cards: CardDB | None, compress: bool, deadline: float | None,
                 budget: WorkBudget | None = None) -> None:
        self.scenario = scenario
        self.cards = cards
        self.compress = compress
        self.deadline = deadline
        self.budget = budget or WorkBudget()
        self.runs = 0
        self.stopped = ""
        self.uncarried: list[tuple[str, str]] = []  # other lines the engine can't carry out: (choice, why)
        self._reads: list[dict[str, Any]] = []  # per resolved run: the decisions it read, with their values

    def _known(self, choices: dict[str, Any]) -> bool:
        return any(all(choices.get(k, ABSENT) == v for k, v in read.items()) for read in self._reads)

    def _bounded(self) -> bool:
        if self.runs == 0 and not self.budget.affords_another_run():
            self.stopped = ("This situation is too large to resolve every other choice too (one line takes "
                            f"{self.budget.largest:,} steps); the answer follows the choices its steps say: ask "
                            "again with another choice said to see its line.")
        elif self.runs >= MAX_ALTERNATIVE_RUNS or not self.budget.affords_another_run():
            self.stopped = ("There are more choices than the alternative lines explored "
                            f"({self.runs} lines, {self.budget.spent:,} steps); the lines listed are the first ones "
                            "found.")
        elif self.deadline is not None and time.monotonic() > self.deadline:
            self.stopped = "Other choices were not all explored in the time available; the lines listed are the " \
                           "first ones found."
        return bool(self.stopped)

    def run(self, main: Resolution, resolver: Resolver) -> list[dict[str, Any]]:
        scenario = self.scenario
        self._reads.append(resolver.s.choices.read_values())  # type: ignore[attr-defined]
        main_outcome = outcome_key(main)
        seen_outcomes: set[Any] = {main_outcome}
        found: list[dict[str, Any]] = []
        queue: deque[tuple[dict[str, Any], list[ChoicePoint]]] = deque(
            [(dict(scenario.choices), resolver.choice_points)])
        while queue:
            base, cps = queue.popleft()
            for cp in cps:
                for option in cp.options:
                    if option == cp.chosen:
                        continue
                    choices = {**base, cp.key: option}
                    if self._known(choices):
                        continue
                    if self._bounded():
                        return found
                    try:
                        other, points = self._resolve(choices)
                    except ScenarioError as exc:  # that line reaches words the engine can't carry out
                        self.uncarried.append((describe_choice(cp.key, option), exc.message))
                        continue
                    if other is None:
                        return found
                    queue.append((choices, points))
                    changed = {k: v for k, v in choices.items() if scenario.choices.get(k, _UNSET) != v}
                    # one line per outcome, and per player when one decision differs: "Opponent declines Rhystic
                    # Study" and "you pay the tax" end alike, but each player asked about their own choice is
                    # owed its line ("does he draw?" answered Yes without the asker's tax)
                    outcome = outcome_key(other)
                    whose = (outcome, cp.key.split(":")[-1]) if list(changed) == [cp.key] else outcome
                    if outcome == main_outcome or whose in seen_outcomes:
                        continue
                    seen_outcomes.update((whose, outcome))
                    # the main line's value of a decision made otherwise here, said ("You apply X first"), so
                    # a choice the player makes can be answered with both of its lines
                    main_said = describe_choice(cp.key, cp.chosen) if list(changed) == [cp.key] else ""
                    found.append({"main": main_said,"choice": "; ".join(f"{k} = {v}" for k, v in changed.items()),
                                  "said": "; ".join(describe_choice(k, v) for k, v in changed.items()),
                                  "choices": changed, "chooser": cp.chooser if list(changed) == [cp.key] else "",
                                  "players": other.players, "losers": other.losers,
                                  "winners": other.winners, "ruling": other.ruling,
                                  "answer": _answer(other, scenario)})
        return found

    def _resolve(self, choices: dict[str, Any]) -> tuple[Resolution | None, list[ChoicePoint]]:
        variant = self.scenario.clone()
        variant.choices = choices
        resolver = Resolver(variant, self.cards, compress=self.compress, deadline=self.deadline)
        try:
            other = resolver.run()
        except OutOfTime:
            self.stopped = "Other choices were not all explored in the time available; the lines listed are " \
                           "the first ones found."
            return None, []
        self.runs += 1
        self.budget.spend(resolver.work)
        self._reads.append(resolver.s.choices.read_values())  # type: ignore[attr-defined]
        return other, resolver.choice_points


_UNSET = object()


def _answer(other: Resolution, scenario: Scenario) -> dict[str, Any]:
    """Another line's answer to the question asked (its ruling line when nothing was asked)."""
    other.asked = scenario.asked
    return lead_of(other).to_json()


def _act(word: str) -> str:
    """What a "may" does, in brackets ("(draw)"), none for words kept as words (their key says "note")."""
    return "" if word == "note" else f" ({word.replace('_', ' ')})"


def describe_choice(key: str, value: Any) -> str:
    """A decision in words, for the answer ("You apply Golgari Thug first", not "order:You = Golgari Thug")."""
    kind, _, rest = key.partition(":")
    parts = rest.split(":")
    who = parts[-1] if parts else ""
    yes = value is True
    text = {
        "order": lambda: (f"{who} draws normally instead of applying an optional replacement"
                          if value == "draw normally" else f"{who} applies {value} first"),
        "apply": lambda: f"{who} {'uses' if yes else 'does not use'} {parts[0]}",
        "activations": lambda: f"{who} activates {parts[0]} " + {1: "once", 2: "twice"}.get(value, f"{value} times"),
        "may_draw": lambda: f"{who} {'chooses to draw' if yes else 'chooses not to draw'}",
        "trigger": lambda: f"{who} {'uses' if yes else 'declines'} {parts[0]}'s “may” ability",
        "may": lambda: f"{parts[0]}'s “may”{_act(parts[-1])} is {'taken' if yes else 'declined'}",
        "condition": lambda: f"“{rest}” is {'true' if yes else 'false'}",
        "team_order": lambda: f"the team draws in the order {', '.join(map(str, value))}",
        "creatures_revealed": lambda: f"{value} of {who}'s revealed cards are creature cards",
        "top_is_creature": lambda: f"{who}'s top card is {'a' if yes else 'not a'} creature card",
        "sylvan_pay": lambda: f"{who} pays 4 life for " + ("each of " if value != 1 else "") + cards(value),
        "ability": lambda: f"{parts[0]}: the ability “{value}”",
        "multi_replacement": lambda: f"{who} applies {str(value).split('#')[0]} first",
        "cost": lambda: f"the cost of {parts[0]} is paid with “{value}”",
        "sacrifice": lambda: f"{value} is sacrificed for {parts[0]}'s cost",
        "pays": lambda: f"{who} {'pays' if yes else 'does not pay'} the tax",
        "target": lambda: f"{parts[0]} targets {value}",
    }.get(kind)
    return second_person(text()) if text else f"{key} = {value}"
