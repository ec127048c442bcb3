"""Taxes as players tell them: "he doesn't pay", "pays the 1", "pays for Remora but not Rhystic", "I pay for 1 of
them", "nobody pays". Each is a decision on an "unless that player pays {N}" tax (Rhystic Study, Mystic Remora,
Smothering Tithe), kept in the scenario's choices ("pays:<player>", "pays:<player>:<card>",
"pays_times:<player>", "pays:each") for the resolver, which otherwise assumes the tax unpaid and says so.
Split from engine/situation/facts.py: the phrases of one concept, the tax, in one module.
"""

from __future__ import annotations

import re

from engine.errors import SituationError
from engine.situation.attach import CARD_PRONOUNS, POSSESSIVE_WHO, Ctx
from engine.situation.cast_trigger_told import cast_for_tax
from engine.situation.described import agree
from engine.situation.facts import _choose, pay_said
from engine.situation.lexicon import count


def _pays(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I cast Brainstorm and don't pay": the caster's decision on an "unless that player pays" tax (Rhystic
    Study, Mystic Remora), which the resolver otherwise assumes and says."""
    who = ctx.who(g.get("player"))
    yes = not g.get("neg")
    card = _taxing_card(ctx, g["card"], g.get("whose")) if g.get("card") else None
    if card is not None:
        cast_for_tax(ctx, card, who)
    # "pays the 1": the tax of the one card told that asks {1}, never another card's beside it (Mystic Remora's {4}
    # was said paid by "he pays the 1" and the answer was "You draw no card"); "pays for my rhystic": that card's
    card = card or (_card_asking(ctx, g["amount"]) if g.get("amount") else None)
    verb = pay_said(who, yes)
    if card is not None:  # one card's tax, as "he pays for Remora" says it (card_tax)
        _choose(ctx, f"pays:{who}:{card}", yes, f"{who} {verb} the tax for {card}")
        return
    _choose(ctx, f"pays:{who}", yes, f"{who} {verb} the tax")


def _card_asking(ctx: Ctx, amount: str) -> str | None:
    """The one card on a battlefield whose "unless that player pays {N}" asks ``amount``, or None."""
    asking = {name for state in ctx.b.players.values() for name in state.battlefield
              if (card := ctx.b.cards.find(name)) is not None
              and re.search(rf"\bunless that player pays \{{{amount}\}}", card.oracle, re.I)}
    return asking.pop() if len(asking) == 1 else None


_TAX_OWNER = {**POSSESSIVE_WHO, "opponent's": "opponent", "my opponent's": "opponent"}


def _taxing_card(ctx: Ctx, said: str, whose: str | None) -> str | None:
    """ "opp can't pay for my rhystic": the card whose tax it is, on its controller's battlefield (it was left out,
    and the answer said no card is drawn: Rhystic Study never triggered); a card told nowhere, with no owner said,
    is asked about."""
    if said.strip().lower() in _NO_CARD or said.strip().lower() in CARD_PRONOUNS:
        return None
    try:
        card = ctx.card(said)
    except SituationError:  # "for the rhystic trigger": no card's name, the tax alone (as it was read)
        return None
    if any(card in state.battlefield for state in ctx.b.players.values()):
        return card
    if not whose:
        raise SituationError(f"say whose {card} it is", ctx.clause, f"'my {card}'")
    owner = ctx.who(_TAX_OWNER[whose.lower()])
    ctx.b.player(owner).battlefield.append(card)
    ctx.b.note(f"{owner} {agree(owner, 'control')} {card}", ctx.clause)
    return card


_OWNED = re.compile(r"(?P<whose>my|his|her|their|(?:my )?opponent's) (?P<card>.+)", re.I)
_NO_CARD = frozenset({"each", "all", "them", "each one", "every one", "either", "both", "neither", "none"})


def _pays_for_card(ctx: Ctx, g: dict[str, str]) -> None:
    """ "He pays for Remora but not for Rhystic": the tax of one card's ability paid or not ("pays:<player>:<card>"),
    never every tax the player is asked (a "pays for Remora" read as paying Rhystic Study's too drew nothing)."""
    who = ctx.who(g.get("player"))
    first = not g.get("neg")
    # "doesn't pay for my rhystic": that card on its owner's battlefield when told nowhere, and the spell it
    # triggered on when none was told (_taxing_card, cast_for_tax)
    owned = _OWNED.match(g["card"])
    card = _taxing_card(ctx, owned.group("card"), owned.group("whose")) if owned else None
    if card is not None:
        cast_for_tax(ctx, card, who)
    # "but not for Rhystic" / "but pays for Remora": the other card's tax the other way round
    said = [(card or ctx.card(g["card"]), first)] + ([(ctx.card(g["other"]), not first)] if g.get("other") else [])
    for card, yes in said:
        _choose(ctx, f"pays:{who}:{card}", yes, f"{who} {pay_said(who, yes)} the tax for {card}")


def _pays_times(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I cast Brainstorm and pay for 1 of them": of the taxes asked of the player (Smothering Tithe's one per
    card drawn), the first N paid and the rest not."""
    who = ctx.who(g.get("player"))
    said = g["times"].lower()
    n = {"once": 1, "twice": 2, "thrice": 3}.get(said) or count(said.removesuffix(" times"), ctx.clause)
    _choose(ctx, f"pays_times:{who}", n, f"{who} {agree(who, 'pay')} the tax {n} time{'s' if n != 1 else ''}")


def _nobody_pays(ctx: Ctx, g: dict[str, str]) -> None:
    """ "how many treasures if nobody pays": every player asked to pay an "unless that player pays" tax
    declines (Smothering Tithe, Rhystic Study)."""
    _choose(ctx, "pays:each", False, "nobody pays the tax")
