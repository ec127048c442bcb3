""""Discard a card unless you return a land you control to its owner's hand", "then discard two cards unless you
discard an artifact card": an "unless" whose words are an act of the effect's controller (608.2c, 608.2d).

Why its own step: read as a plain condition, "unless you discard an artifact card" taken as true skipped the
penalty and never carried out the act, so a card that should have left the hand stayed in it; taken as false when
the act is impossible (no land to return) is the rules' only outcome. So the act is decided (the player's choice,
the one that keeps the cards counted right carried out) and, when chosen, carried out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.effects import Op
from engine.model import Batch
from engine.resolve.events import OpContext

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def _discard(r: Resolver, ctx: OpContext, m: re.Match[str]) -> bool:
    """"you discard an artifact card": possible with a card in hand (its kind, for unnamed cards, assumed)."""
    if r.player(ctx.you).hand.size == 0:
        return False
    if not _chosen(r, ctx, m.group(0)):
        return False
    r.run_ops((Op("discard", 1, "you"),), you=ctx.you, that_player=ctx.you, source=ctx.source)
    return True


def _return_own(r: Resolver, ctx: OpContext, m: re.Match[str]) -> bool:
    """"you return a land you control to its owner's hand": possible only with such a permanent (a known card)."""
    from engine.resolve.amounts import card_is

    p = r.player(ctx.you)
    found = [name for name in p.battlefield if card_is(r, name, m.group("kind"))]
    if not found or not _chosen(r, ctx, m.group(0)):
        return False
    pick = r.choose(f"return:{ctx.source}", found, found[0])
    p.battlefield.remove(pick)
    p.hand.add(Batch([pick]))
    r.step(f"{ctx.you} returns {pick} to their hand ({ctx.source}).", r.rs.cite("if_you_do"), ctx.you, "move")
    return True


def _chosen(r: Resolver, ctx: OpContext, words: str) -> bool:
    key = f"condition:{words}"
    done = bool(r.choose(key, [True, False], True))
    if key not in r.s.choices:
        r.step(f"The answer assumes {ctx.you} {'does' if done else 'does not'}: “{words}” (the other choice is "
               "listed as an alternative).", r.rs.cite("if_you_do"), ctx.you, "assumption")
    return done


_ACTS: tuple[tuple[re.Pattern[str], Callable[[Resolver, OpContext, re.Match[str]], bool]], ...] = (
    (re.compile(r"you discard (?:a|an|one) (?:[\w ,/-]+ )?card(?: [\w ,/-]+)?"), _discard),
    (re.compile(r"you return (?:a|an) (?P<kind>[\w -]+?) you control to its owner's hand"), _return_own),
)


def unless_act(r: Resolver, ctx: OpContext, words: str) -> bool | None:
    """Whether the act of "unless <words>" was done (carried out when chosen and possible); None when the words
    are not such an act."""
    for rx, act in _ACTS:
        m = rx.fullmatch(words)
        if m:
            return act(r, ctx, m)
    return None


__all__ = ["unless_act"]
