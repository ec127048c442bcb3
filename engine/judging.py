"""A situation text to its resolution in one pure call: what a worker process runs for each question.

Why one function: the bot runs the engine in worker processes, and everything a question needs (reading,
resolving, the alternatives) must happen on the worker's side of the boundary, under one deadline."""

from __future__ import annotations

from typing import Any

from engine.cards import CardDB
from engine.defaults import assume_otherwise
from engine.errors import OutOfTime
from engine.model import Resolution
from engine.resolve import resolve
from engine.situation import Situation, parse_situation
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
    try:
        return resolve(scenario, cards, deadline=deadline, budget=budget)
    except OutOfTime as exc:
        exc.understood = [dict(f) for f in scenario.understood]
        exc.assumed = list(scenario.assumed)
        raise
