"""The other outcomes of a question whose answer depends on a defaulted fact (see ``engine.defaults``)."""

from __future__ import annotations

import json
import time
from typing import Any

from engine.cards import CardDB
from engine.defaults import assume_otherwise
from engine.errors import OutOfTime
from engine.model import Resolution, Scenario
from engine.resolve.resolver import Resolver
from engine.wording import sentence

MAX_VARIANTS = 6  # defaults tried per question (players × kinds), in a fixed order


def _outcome(res: Resolution) -> str:
    """What a player would call the outcome: the zones and life, not how many cards count as drawn this turn
    (a variant that assumes an earlier draw differs there by construction)."""
    players = {n: {k: v for k, v in p.items() if k != "drawn_this_turn"} for n, p in res.players.items()}
    return json.dumps([players, sorted(res.losers), sorted(res.winners)], sort_keys=True, default=str)


def other_outcomes(scenario: Scenario, main: Resolution, cards: CardDB | None = None, *,
                   deadline: float | None = None) -> list[dict[str, Any]]:
    """The defaults whose other value changes the outcome, each with that outcome (de-duplicated: two defaults
    that lead to the same other outcome are said once, the first)."""
    seen = {_outcome(main)}
    found: list[dict[str, Any]] = []
    for key in scenario.defaulted[:MAX_VARIANTS]:
        if deadline is not None and time.monotonic() > deadline:
            break
        variant = scenario.clone()
        said = assume_otherwise(variant, key)
        if said is None:
            continue
        try:
            other = Resolver(variant, cards, deadline=deadline).run()
        except OutOfTime:
            break
        outcome = _outcome(other)
        if outcome in seen:
            continue
        seen.add(outcome)
        found.append({"assumption": key, "if": sentence(said), "ruling": other.ruling,
                      "players": other.players, "losers": other.losers, "winners": other.winners})
    return found
