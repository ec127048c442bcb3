"""A situation text to its resolution in one pure call: what a worker process runs for each question.

Why one function: the bot runs the engine in worker processes, and everything a question needs (reading,
resolving, the alternatives) must happen on the worker's side of the boundary, under one deadline."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.answer_lead import lead_of
from engine.cards import CardDB
from engine.defaults import Default, assume_otherwise
from engine.errors import Clarification, HalfNeeded, Option, OutOfTime, ScenarioError, SituationError
from engine.model import Action, Resolution, Scenario, TriggerRecord
from engine.question_words import AskedMeasure
from engine.resolve import resolve
from engine.resolve.player_target import TargetNeeded
from engine.resolve.resolver import Resolver
from engine.resolve.result import outcome_key
from engine.resolve.variants import IGNORED
from engine.ruling import ruling_of
from engine.situation import Situation, parse_situation
from engine.stand_ins import SpellKindNeeded, kind_question
from engine.wording import sentence


def judge_text(text: str | Situation, cards: CardDB, *, deadline: float | None = None, budget: float = 0.0,
               choices: dict[str, Any] | None = None, assume: str | None = None) -> Resolution:
    """Read ``text`` (a situation's words, or a ``Situation``: the words with the options given beside them) and
    resolve it. Past ``deadline`` (``time.monotonic()``), ``OutOfTime`` carries the steps
    taken so far and how the question was read: the part of the answer that is certain.

    "What if" answers: ``choices`` fixes decisions (as the alternatives list them), ``assume`` makes one
    defaulted fact otherwise (an ``engine.defaults`` key); either is said in the answer's assumptions."""
    scenario = parse_situation(text, cards)
    if assume:
        said = assume_otherwise(scenario, assume)
        if said:
            scenario.assumed.insert(0, sentence(f"asked: {said[0].lower()}{said[1:]}"))
    if choices:
        scenario.choices.update(choices)
    words = text.text if isinstance(text, Situation) else text  # what each question's options rewrite
    try:
        return judge_scenario(scenario, cards, deadline=deadline, budget=budget)
    except TargetNeeded as exc:  # several opponents and no natural target: a question, answered by a click
        raise _target_question(exc, words) from None
    except HalfNeeded as exc:  # "I cast Fire // Ice" with both halves drawing: which half, asked (709.3)
        raise _half_question(exc, words) from None
    except SpellKindNeeded as exc:  # "opp casts a spell" and Mystic Remora: which kind, asked (603.2)
        asked = kind_question(exc, words)
        if asked is None:
            raise SituationError(f"I can't tell whether {exc.source} triggers: say what kind of spell is cast",
                                 "", f"'{exc.options[0] if exc.options else 'a noncreature spell'}'") from None
        raise Clarification(asked[0], [Option(label, said) for label, said in asked[1]], asked[2]) from None
    except OutOfTime as exc:
        exc.understood = [dict(f) for f in scenario.understood]
        exc.assumed = list(scenario.assumed)
        raise


def _half_question(exc: HalfNeeded, text: str) -> ScenarioError:
    """ "Which half of Fire // Ice is cast?": each option the situation with the half's name for the card's
    ("I cast Fire // Ice" → "I cast Ice"); the refusal itself when the text doesn't say the whole name."""
    said = re.search(r"\s*/{1,2}\s*".join(re.escape(h) for h in exc.halves), text, re.I)
    if said is None:
        return exc
    options = [Option(f"{half} (the half cast)", f"{text[:said.start()]}{half}{text[said.end():]}")
               for half in exc.halves]
    return Clarification(f"Which half of {exc.card} is cast? Only that half is on the stack (709.3).", options,
                         said.group(0))


def _target_question(exc: TargetNeeded, text: str) -> Clarification:
    """ "Which player does it target?" (601.2c): each option is the situation with "targeting <player>" said
    after the card's name, so re-reading it answers the question."""
    at = re.search(re.escape(exc.card), text, re.I)
    end = at.end() if at else len(text.rstrip(" .?!"))
    cast = at is not None and re.search(r"\b(?:cast|casts|activate|activates|play|plays)\s+$", text[:at.start()], re.I)

    def said(name: str) -> str:
        """The text with the target said: after the spell's name when it is cast ("I cast X targeting Bob"),
        else as a sentence of its own ("X targets Bob."), which reads for a permanent's trigger too."""
        who = "me" if name == "You" else name
        if cast:
            return f"{text[:end]} targeting {'myself' if name == 'You' else name}{text[end:]}"
        return f"{exc.card} targets {who}. {text}"

    options = [Option(f"{exc.card} targets {'yourself' if name == 'You' else name}", said(name))
               for name in exc.options]
    return Clarification(f"Which player does {exc.card} target? Its caster chooses (601.2c).", options, exc.card)


def judge_scenario(scenario: Scenario, cards: CardDB, *, deadline: float | None = None,
                   budget: float = 0.0) -> Resolution:
    """A read or given scenario resolved as the story it tells: every front end (the bot, `drawjudge resolve`
    with words or JSON) comes through here, so a draw step told with a spell is the same story everywhere."""
    if scenario.draw_step_first:
        return draw_step_then(scenario, cards, deadline=deadline, budget=budget)
    if scenario.draw_step_after and scenario.action.type == "beginning_of_step":
        return then_draw_step(scenario, cards, deadline=deadline, budget=budget)
    return resolve(scenario, cards, deadline=deadline, budget=budget)


def then_draw_step(scenario: Scenario, cards: CardDB, *, deadline: float | None = None,
                   budget: float = 0.0) -> Resolution:
    """ "It's my upkeep, I control X. How many cards do I draw this turn?": the upkeep's beginning (what X does),
    then the draw step that follows it (504.1), told as one story. Counting the upkeep alone answered a question
    about the whole turn with part of it. A game that ends in the upkeep ends the story there."""
    first = Resolver(scenario.clone(), cards, deadline=deadline, budget=budget)
    head = first.run()
    if head.losers or head.winners:
        return resolve(scenario, cards, deadline=deadline, budget=budget)
    rest = first.s.clone()
    rest.action, rest.step, rest.draw_step_after = Action(type="draw_step"), "draw", False
    rest.understood, rest.assumed = scenario.understood, scenario.assumed
    res = resolve(rest, cards, deadline=deadline, budget=budget)
    res.steps[:0] = head.steps
    res.before = head.before
    res.triggers = _merged(head.triggers, res.triggers)
    res.ruling = ruling_of(res).to_json()
    res.answer = lead_of(res).to_json()
    return res


def draw_step_then(scenario: Scenario, cards: CardDB, *, deadline: float | None = None,
                   budget: float = 0.0) -> Resolution:
    """ "It's my draw step, I cast Brainstorm": the step's draw first (504.1: before anyone has priority,
    117.3a), then the action from the state it leaves, told as one story: the step's draws and triggers, then
    the action's, with the action's alternatives. ``scenario`` is the state the action meets (the turn's card
    drawn); the story starts one draw earlier. A game that ends in the step ends the story there."""
    step = scenario.clone()
    step.action = Action(type="draw_step")
    active = step.player(step.active)
    active.drawn_this_turn = max(0, active.drawn_this_turn - 1)
    active.drawn_this_draw_step = 0
    step.draw_step_first = False
    first = Resolver(step, cards, deadline=deadline, budget=budget)
    head = first.run()
    if head.losers or head.winners:
        step.assumed.append(f"the game ended in the draw step, before {_what(scenario.action)}")
        return resolve(step, cards, deadline=deadline, budget=budget)
    rest = first.s.clone()
    rest.action = scenario.action
    rest.draw_step_first = False
    rest.understood, rest.assumed = scenario.understood, scenario.assumed
    rest.defaulted = [k for k in scenario.defaulted if k not in (f"drawn_this_turn:{scenario.active}", FIRST)]
    res = resolve(rest, cards, deadline=deadline, budget=budget)
    res.steps[:0] = head.steps
    res.before = head.before
    res.triggers = _merged(head.triggers, res.triggers)
    res.ruling = ruling_of(res).to_json()
    res.answer = _action_draws_lead(res, first, scenario.action) if _asks_the_actions_draws(scenario) else \
        lead_of(res).to_json()
    _counts_after_the_draw(scenario, res, cards, deadline)
    return res


def _asks_the_actions_draws(scenario: Scenario) -> bool:
    """ "It's my draw step, I cast Frantic Search. How many do I draw?": the cards the spell draws, not the
    step's card with them (the step's draw came first, 504.1, and is told as such)."""
    asked = scenario.asked
    return asked is not None and asked.kind.value == "count" and asked.measure in (None, AskedMeasure.DRAWN) \
        and scenario.action.type == "cast"


def _action_draws_lead(res: Resolution, first: Resolver, action: Action) -> dict[str, Any]:
    """The count lead taken from the state the action met (after the draw step), said as the action's."""
    story_before = res.before
    res.before = {p.name: p.summary() for p in first.s.players}
    try:
        lead = lead_of(res)
    finally:
        res.before = story_before
    if lead.kind.value == "count" and not lead.lines:
        said = re.sub(r"^(.+? draws? (?:no card|[\d,]+))", lambda m: f"{m.group(1)} with {action.card}", lead.text,
                      count=1)
        lead = replace(lead, text=f"{said.rstrip('.')}, after the draw step's card (504.1).")
    return lead.to_json()


FIRST = Default.DRAW_STEP_FIRST.value


def _counts_after_the_draw(scenario: Scenario, res: Resolution, cards: CardDB, deadline: float | None) -> None:
    """The counts the player gave may be the ones after the turn's draw: when that changes the outcome, the
    answer gives that outcome too (the action alone, from the state as said)."""
    variant = scenario.clone()
    said = assume_otherwise(variant, FIRST)
    if said is None:
        return
    other = resolve(variant, cards, branches=False, deadline=deadline)
    if outcome_key(other, ignore=IGNORED) == outcome_key(res, ignore=IGNORED):
        return
    other.asked = scenario.asked
    res.other_outcomes.insert(0, {"assumption": FIRST, "if": sentence(said), "ruling": other.ruling,
                                  "answer": lead_of(other).to_json(), "players": other.players,
                                  "losers": other.losers, "winners": other.winners})


def _what(action: Action) -> str:
    return f"{action.card} was cast" if action.card else "the action"


def _merged(first: list[TriggerRecord], then: list[TriggerRecord]) -> list[TriggerRecord]:
    """Each permanent's triggers over the whole story, once, in the order they first triggered."""
    counts: dict[tuple[str, str], TriggerRecord] = {}
    for t in [*first, *then]:
        key = (t.source, t.controller)
        old = counts.get(key)
        counts[key] = t if old is None else TriggerRecord(t.source, t.controller, old.count + t.count, old.rules)
    return list(counts.values())
