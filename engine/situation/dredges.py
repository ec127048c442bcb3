"""Which card a player dredges (702.52a): "I cast Brainstorm and dredge it", "I dredge" before the graveyard is
told.

Why apart from ``facts``: the card a dredge names is settled only once the whole story is read ("it" may be the
spell just cast, which has no dredge, or a card whose graveyard is told later); a named card with no dredge is
refused, and several that could be dredged are asked about.
"""

from __future__ import annotations

import re

from engine.errors import Ambiguity, SituationError
from engine.situation.attach import Builder, Ctx
from engine.situation.described import agree
from engine.wording import possessive

_IT = frozenset({"it", "that", "this", "that one", "this one", "them"})


def not_dredge(ctx: Ctx, g: dict[str, str], card: str) -> bool:
    """ "I cast Brainstorm and dredge it": "it" names the story's last card, which has no dredge; the card
    dredged is found once the story is read (``settle_dredges``). A card named that has no dredge is refused."""
    found = ctx.b.cards.find(card)
    if not g.get("verb", "dredge").lower().startswith("dredge") or found is None or found.dredge:
        return False
    if g["card"].strip().lower() in _IT:
        return True
    raise SituationError(f"{card} has no dredge (702.52a)", ctx.clause, "the card with dredge: 'I dredge Golgari Thug'")


def settle_dredges(b: Builder) -> None:
    """ "I dredge" with no card named, once the whole story is read: the one card said to be in that
    player's graveyard, a question when there are several, an error when there is none."""
    for who, yes, clause in b.pending_dredges:
        cards = list(dict.fromkeys(b.players[who].graveyard_cards)) if who in b.players else []
        if not cards:
            cards = _owner_unsaid(b, who)
        # only a card with dredge can be dredged (702.52a): "Spirit of the Labyrinth" was offered beside the Thug
        cards = [c for c in cards if _has_dredge(b, c)] or cards
        if not cards:
            raise SituationError("say which card is dredged", clause,
                                 "'Golgari Thug is in my graveyard. I dredge it'")
        if len(cards) > 1:
            said = re.search(r"\bdredg\w*(?: (?:it|that|this|them)\b)?", clause, re.I)
            words = said.group(0) if said else "dredge"
            raise Ambiguity("Which card is dredged?", words, clause, [(c, f"dredge {c}") for c in cards])
        b.choices[f"apply:{cards[0]}:{who}"] = yes
        b.note(f"{who} {agree(who, 'choose')}{'' if yes else ' not'} to dredge {cards[0]}", clause)


def _owner_unsaid(b: Builder, who: str) -> list[str]:
    """ "thug in gy, opp has Notion Thief, can I dredge?": a graveyard whose owner was not said was given to the
    player named after it; the one card with dredge in it is the dredging player's (a card is dredged from its
    owner's graveyard, 702.52a), moved there and said. [] when there is not exactly one such card."""
    found = [(card, name) for name, p in b.players.items() if name != who
             for card in p.graveyard_cards if card in b.graveyard_unsaid and _has_dredge(b, card)]
    if len(found) != 1:
        return []
    card, holder = found[0]
    b.players[holder].graveyard_cards.remove(card)
    told = f"{holder}: {card} in graveyard"
    b.understood[:] = [(f"{who}: {card} in graveyard" if fact == told else fact, words) for fact, words in b.understood]
    b.player(who).graveyard_cards.append(card)
    b.assume(f"{card} read as in {possessive(who)} graveyard, not {possessive(holder)}: the player who dredges it "
             "(702.52a); its owner was not said")
    return [card]


def _has_dredge(b: Builder, card: str) -> bool:
    found = b.cards.find(card)
    return found is not None and bool(found.dredge)
