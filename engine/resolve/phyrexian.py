"""Phyrexian mana paid with life (107.4f): "he casts Gitaxian Probe paying 2 life" is part of the spell's cost,
paid as it is cast (601.2h), so a player at 3 goes to 1 before the spell's draw and a Sheoldred trigger on it.

Why a module of its own: the action says how much life the caster paid ("life_paid"), and that payment is only
legal for a card whose cost has Phyrexian mana (its reminder text: "{U/P} can be paid with either {U} or 2 life"),
two life per symbol, and only with that much life (119.4). Any other case is refused with the reason, never paid
as if it were legal, nor left out.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.errors import ScenarioError

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

# "{U/P}", "{G/U/P}", "{UP}" (the card data's spelling), or the reminder "can be paid with either {U} or 2 life"
_PHYREXIAN = re.compile(r"\{(?:[WUBRGC]/){1,2}P\}|\{[WUBRG]P\}|can be paid with (?:either )?\{\w\} or 2 life", re.I)
LIFE_PER_SYMBOL = 2  # 107.4f


def has_phyrexian_mana(card: Card) -> bool:
    return bool(_PHYREXIAN.search(card.oracle))


def pay_phyrexian_life(r: Resolver, card: Card, payer: str) -> None:
    """The life the action says the caster paid for the card's Phyrexian mana, subtracted as part of its cost."""
    paid = r.s.action.life_paid
    if not paid:
        return
    if not has_phyrexian_mana(card):
        raise ScenarioError(f"{card.name} has no Phyrexian mana in its cost: its cost can't be paid with life",
                            "action.life_paid", "the situation without the life paid")
    if paid % LIFE_PER_SYMBOL:
        raise ScenarioError(f"Phyrexian mana is paid with 2 life per symbol, not {paid} (107.4f)", "action.life_paid",
                            "2 life for each Phyrexian mana symbol paid with life")
    if paid > LIFE_PER_SYMBOL:
        # the card's text says it has Phyrexian mana, not how many symbols (its mana cost isn't in the card data)
        raise ScenarioError(f"{paid} life for {card.name}'s Phyrexian mana: the engine can't tell yet how many "
                            "Phyrexian symbols its cost has", "action.life_paid", "2 life for one Phyrexian symbol")
    life = r.player(payer).life
    if life < paid:
        raise ScenarioError(f"{payer} can't pay {paid} life with {life} life (119.4): the mana must be paid instead",
                            "action.life_paid", "a player pays life only up to their life total")
    r.change_life(payer, -paid)
    r.step(f"{payer} pays {paid} life for {card.name}'s Phyrexian mana (life {life} → {life - paid}).",
           (*r.rs.cite("phyrexian_mana"), *r.rs.cite("pay_life")), payer, "life", card.name)
