"""The other outcomes of a question whose answer depends on a defaulted fact (see ``engine.defaults``)."""

from __future__ import annotations

import time
from typing import Any

from engine.answer_lead import lead_of
from engine.cards import CardDB
from engine.defaults import Default, assume_otherwise
from engine.errors import OutOfTime, ScenarioError
from engine.model import Resolution, Scenario
from engine.resolve.resolver import Resolver
from engine.resolve.result import outcome_key
from engine.resolve.work import WorkBudget
from engine.wording import sentence

MAX_VARIANTS = 6  # defaults tried per question (players × kinds), in a fixed order


# A variant that assumes an earlier draw differs in the count of cards drawn this turn by construction; what a
# player calls its outcome is the zones, the life and who lost.
IGNORED = ("drawn_this_turn",)


def other_outcomes(scenario: Scenario, main: Resolution, cards: CardDB | None = None, *,
                   deadline: float | None = None, budget: WorkBudget | None = None) -> list[dict[str, Any]]:
    """The defaults whose other value changes the outcome, each with that outcome (de-duplicated: two defaults
    that lead to the same other outcome are said once, the first). A default whose run the ``budget`` can't
    afford is counted in ``budget.skipped``, so the answer can say the other outcomes were not all tried."""
    seen = {outcome_key(main, ignore=IGNORED)}
    main_lead = lead_of(main).text
    found: list[dict[str, Any]] = []
    budget = budget or WorkBudget()
    for key in scenario.defaulted[:MAX_VARIANTS]:
        if deadline is not None and time.monotonic() > deadline:
            break
        variant = scenario.clone()
        said = assume_otherwise(variant, key)
        if said is None:
            continue
        if not budget.affords_another_run():
            budget.skipped += 1
            continue
        resolver = Resolver(variant, cards, deadline=deadline)
        try:
            other = resolver.run()
        except OutOfTime:
            break
        except ScenarioError:
            continue  # that case reaches words the engine can't carry out: no other outcome is claimed
        finally:
            budget.spend(resolver.work)  # the work it took, whether or not it gave an outcome
        outcome = outcome_key(other, ignore=IGNORED)
        other.asked = scenario.asked
        if outcome in seen or key.startswith(f"{Default.HAND}:") and lead_of(other).text == main_lead:
            continue  # an empty hand changes every count of it: said only when the answer asked changes
        seen.add(outcome)
        found.append({"assumption": key, "if": sentence(said), "ruling": other.ruling,
                      "answer": lead_of(other).to_json(),
                      "players": other.players, "losers": other.losers, "winners": other.winners})
    return found
