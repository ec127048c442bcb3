"""Whether a spell's optional additional cost was paid: kicked (kicker and multikicker, 702.33), bargained
(702.166), a gift promised (702.174); likewise an alternative cost (118.9). The caster decides it as the spell
is cast (601.2b), so when the situation doesn't say, the answer takes the plain cast, the cost not paid, and says
so (the paid line is an alternative).

Why its own stage: a condition the engine can't see is otherwise assumed true ("the answer assumes ... is true");
for these the game's flow has a default, and "I cast X" is the plain cast. A player's words ("with kicker", "I
kick it", "bargained") come as the choice ``<kind>:<caster>`` (``kicked:You``), or, as the
contract has always allowed, as the condition itself (``condition:this spell was kicked``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


@dataclass(frozen=True)
class OptionalCost:
    """One kind of optional additional cost: the choice key's kind, the words for its two cases, its rules."""

    kind: str
    words: re.Pattern[str]
    paid: str  # "kicked"
    unpaid: str  # "not kicked"
    paying: str  # "kicking it"
    rules: tuple[str, ...]


_SPELL = r"(?:this spell|it|~|that spell|this creature|this permanent)"
OPTIONAL_COSTS: tuple[OptionalCost, ...] = (
    OptionalCost("kicked", re.compile(rf"{_SPELL} was kicked(?: with its (?:\{{[^}}]+\}})+ kicker)?"),
                 "kicked", "not kicked", "kicking it", ("601.2b", "702.33a", "702.33d")),
    OptionalCost("bargained", re.compile(rf"{_SPELL} was bargained"), "bargained", "not bargained", "bargaining it",
                 ("601.2b", "702.166a", "702.166b")),
    OptionalCost("gift", re.compile(r"(?:the|its|this spell's) gift (?:was promised|cost was paid)"),
                 "cast promising the gift", "cast without promising the gift", "promising a gift",
                 ("601.2b", "702.174a", "702.174b")),
    # an alternative cost (118.9: "you may pay {1}{B} rather than ...", prowl) is the caster's choice just the same
    OptionalCost("alternative", re.compile(r"the (?:\{[^}]+\})+ cost was paid|(?:this spell's|its) (?!gift)\w+ "
                                           rf"cost was paid|{_SPELL} was cast for its [\w-]+ cost\b.*"),
                 "cast for its alternative cost", "cast for its mana cost",
                 "paying the alternative cost", ("601.2b", "118.9")),
)


def optional_cost(words: str) -> OptionalCost | None:
    """The optional additional cost a condition's words ask about ("this spell was kicked"), if any."""
    return next((c for c in OPTIONAL_COSTS if c.words.fullmatch(words)), None)


_NOT = re.compile(r"\b(?:wasn't|was not)\b")


def unpaid_cost(words: str) -> tuple[OptionalCost, str] | None:
    """ "Then if it wasn't kicked, discard three cards": the optional cost a negated condition asks about, with
    the condition's positive words (the choice key is the same for both forms); None when it asks about none.
    Read as a condition the engine can't see, it was assumed true even when the player said it was kicked."""
    positive = _NOT.sub("was", words)
    cost = optional_cost(positive) if positive != words else None
    return None if cost is None else (cost, positive)


def cost_paid(r: Resolver, cost: OptionalCost, words: str, you: str) -> bool:
    """Whether the spell's ``cost`` was paid: as the situation says (``kicked:<caster>`` or the condition's
    own words), else not (601.2b: the caster's choice, and "I cast X" is the plain cast), said as an
    assumption with the other line an alternative."""
    key = f"condition:{words}"
    said = r.s.choices.get(key, r.s.choices.get(f"{cost.kind}:{you}"))
    # said: a fact of the story, not a decision left open (as a choice point it came back as an alternative, and
    # the answer read "if 'it was kicked' is true, as the answer assumes" when the player had said so)
    paid = said if isinstance(said, bool) else bool(r.choose(key, [True, False], False))
    if isinstance(said, bool):
        r.step(f"The spell was {cost.paid if paid else cost.unpaid} (said): “{words}” is "
               f"{'true' if paid else 'false'}.", cost.rules, you, "choice")
    else:
        r.step(f"The spell is {cost.unpaid}: {cost.paying} is {you}'s choice as the spell is cast, and nothing says "
               f"it was paid, so the answer takes the plain cast: “{words}” is false (the {cost.paid} line is "
               "listed as an alternative).", cost.rules, you, "assumption")
    return paid
