"""Decisions players make: "may draw" (121.3, 121.2b), optional abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import (
    DrawProhibition,
)
from engine.resolve.events import PendingTrigger
from engine.wording import cards

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver



def may_draw(r: Resolver, who: str, count: int, source: str) -> bool:
    """The scenario's own "may draw" action: the gate, then the choice (kept by default only when the
    library holds enough cards)."""
    chooser = r.s.action.chooser or who
    if draw_forbidden(r, who, count, chooser):
        return False
    p = r.player(who)
    rules = r.rs.cite("may_draw_empty") if chooser == who else r.rs.cite("may_draw_other")
    want = r.choose(f"may_draw:{who}", [True, False], p.library.size >= count)
    if not want:
        r.step(f"{chooser} chooses that {who} doesn't draw.", rules, chooser, "choice")
        return False
    if p.library.size == 0:
        r.step(f"{chooser} may choose that {who} draws even with an empty library.", rules, chooser)
    return True


def draw_forbidden(r: Resolver, who: str, count: int, chooser: str, *, say: bool = True) -> bool:
    """The one gate for every "may draw" (a spell's, a triggered ability's): a player can't choose that
    someone draws when a "can't draw" effect applies to them (121.3, 121.3a), nor choose to draw several
    cards under a one-card-each-turn limit, even if one of them could be drawn (121.2b). An empty library
    doesn't stop the choice (121.3)."""
    p = r.player(who)
    for src in r.prohibitions(who):
        eff: DrawProhibition = src.effect
        if eff.max_per_turn == 0:
            if say:
                rules = r.rs.cite("may_draw_empty") if chooser == who else r.rs.cite("may_draw_other")
                r.step(f"{chooser} can't choose that {who} draws: {src.card.name} says {who} can't draw "
                       "cards.", (*rules, *r.rs.cite("cant_draw")), who, "prohibited", src.card.name)
            return True
        if eff.max_per_turn == 1 and (count > 1 or p.drawn_this_turn >= 1):
            if say:
                r.step(f"{who} can't choose to draw {cards(count)}: {src.card.name} allows only one "
                       "card each turn.", r.rs.cite("max_one_each_turn"), who, "prohibited", src.card.name)
            return True
    return False


def optional_draw_gate(r: Resolver, t: PendingTrigger, *, say: bool = True) -> bool:
    """Whether an optional triggered ability that draws ("you may draw two cards": Consecrated Sphinx,
    Sylvan Library) may be chosen at all: its draw goes through the same gate as any "may draw"."""
    draw = next((op for op in t.ops if op.do == "draw" and isinstance(op.amount, int)), None)
    if draw is None:
        return True
    who = t.controller if draw.who == "you" else t.that_player
    return not draw_forbidden(r, who, int(draw.amount), t.controller, say=say)


def optional_default(r: Resolver, t: PendingTrigger) -> bool:
    """"Keeps the player in the game": don't choose to draw more cards than the library holds."""
    p = r.player(t.controller)
    draws = sum(int(op.amount) for op in t.ops if op.do == "draw" and isinstance(op.amount, int)
                and op.who == "you")
    return p.library.size >= draws


