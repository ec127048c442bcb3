"""Devotion told by the board ("Thassa's Oracle is my only blue permanent"): a player's devotion to a colour is
the number of mana symbols of that colour among the mana costs of the permanents they control (700.5). The
reader can't count it from an untold board (any permanent might add to it: X is asked); a story that says which
permanents are the only ones of that colour has told it, and X is counted from their mana costs and said.

Why a module of its own: the fact is read as a sentence, but its use waits for the whole story (the spell whose
X is the devotion may be cast after it is said).
"""

from __future__ import annotations

import re

from engine.errors import SituationError
from engine.situation.attach import Builder, Ctx
from engine.wording import possessive

COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_DEVOTION_X = re.compile(r"where X is your devotion to (?P<colour>white|blue|black|red|green)\b", re.I)
_SYMBOL = re.compile(r"\{([^}]*)\}")


def pips(mana_cost: str, colour: str) -> int:
    """The mana symbols of ``colour`` ("U") in a mana cost; a hybrid or Phyrexian symbol counts once (700.5)."""
    return sum(1 for symbol in _SYMBOL.findall(mana_cost) if colour in symbol.upper().split("/"))


def _only_coloured(ctx: Ctx, g: dict[str, str]) -> None:
    """ "Thassa's Oracle is my only blue permanent": the board's permanents of that colour, told (kept for
    ``settle_devotion``)."""
    who = ctx.who(g.get("player"))
    card = ctx.card(g["card"])
    colour = g["colour"].lower()
    ctx.b.only_coloured[who] = (colour, card, ctx.clause)
    ctx.b.note(f"{card} is {possessive(who)} only {colour} permanent", ctx.clause)


def settle_devotion(b: Builder) -> None:
    """The X of a spell "where X is your devotion to <colour>", when the story told the caster's only permanent
    of that colour and said no X: the mana symbols of that colour in its mana cost (700.5), said."""
    action = b.action or {}
    card = b.cards.find(str(action.get("card", ""))) if action.get("type") == "cast" else None
    said = _DEVOTION_X.search(card.oracle) if card is not None else None
    told = b.only_coloured.get(str(action.get("player", "")))
    if card is None or said is None or told is None or "x" in action:
        return
    colour, only, words = told
    if colour != said["colour"].lower():
        return
    permanent = b.cards.find(only)
    if permanent is None or not permanent.mana_cost:
        raise SituationError(f"I don't know {only}'s mana cost, so I can't count the devotion", words,
                             "the devotion itself: 'devotion to blue is 2'")
    counted = [permanent]
    if only != card.name and card.is_permanent():
        # the permanent whose enters ability counts is on the battlefield as it resolves: its own symbols count
        counted.append(card)
        who = str(action["player"])
        if only not in b.players[who].battlefield:
            b.players[who].battlefield.append(only)
    action["x"] = sum(pips(c.mana_cost, COLOURS[colour]) for c in counted)
    costs = " and ".join(f"{c.name}'s {c.mana_cost}" for c in counted)
    b.assume(f"X = {action['x']} for {card.name}: {possessive(str(action['player']))} devotion to {colour}, its "
             f"symbols in the mana costs of {costs} (700.5); {only} said to be the only {colour} permanent"
             + (f" besides {card.name}" if len(counted) > 1 else ""))
