"""The cast's timing checked against the situation's turn and step (117.1a): a cast the rules forbid where the
situation places it is refused with the rule, never resolved as if it were legal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.cast_timing import restricted_to_sorcery_speed, sorcery_speed_rule
from engine.errors import ScenarioError
from engine.wording import possessive

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

_MAIN_PHASES = ("main1", "main2")


def check_cast_timing(r: Resolver, card: Card, caster: str) -> None:
    """Refuse a noninstant spell without flash (or any spell under an opponent's "can cast spells only any time
    they could cast a sorcery") cast outside its caster's main phase, naming the rule; a legal cast says nothing
    (the turn and step are already in the answer's reading)."""
    rule = sorcery_speed_rule(card)
    theirs = [r.cards.find(name) for o in r.opponents(caster) for name in r.player(o).battlefield]
    restriction = restricted_to_sorcery_speed(c for c in theirs if c is not None)
    if (rule is None and restriction is None) or (r.active == caster and r.s.step in _MAIN_PHASES):
        return
    when = "on another player's turn" if r.active != caster else "outside a main phase"
    if rule:
        why = f"{card.name} is cast only in its caster's own main phase with an empty stack ({rule})"
    else:
        source = restriction.name if restriction else "an opponent's permanent"
        why = (f"{source} lets {caster} cast spells only when they could cast a sorcery: in their own main phase "
               "with an empty stack (117.1a, 101.2)")
    raise ScenarioError(f"{caster} can't cast {card.name} {when}: {why}", "action.card",
                        f"{possessive(caster)} own main phase")  # "Try: You's own main phase" was the hint
