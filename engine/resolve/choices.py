"""Decisions players make: "may draw" (121.3, 121.2b), optional abilities."""

from __future__ import annotations

from engine.effects import (
    DrawProhibition,
)
from engine.resolve.core import ResolverCore
from engine.resolve.events import PendingTrigger


class ChoicesMixin(ResolverCore):

    def may_draw(self, who: str, count: int, source: str) -> bool:
        """"May draw" (121.3, 121.2b): a player can't choose to draw when a "can't draw" effect applies, nor
        to draw several cards under a one-card-each-turn limit."""
        p = self.player(who)
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawProhibition) and self.affects(eff.affects, src.controller, who):
                if eff.max_per_turn == 0:
                    chooser = self.s.action.chooser or who
                    rules = self.rs.cite("may_draw_empty") if chooser == who else self.rs.cite("may_draw_other")
                    self.step(f"{chooser} can't choose that {who} draws: {src.card.name} says {who} can't draw "
                              "cards.", (*rules, *self.rs.cite("cant_draw")), who, "prohibited")
                    return False
                if eff.max_per_turn == 1 and (count > 1 or p.drawn_this_turn >= 1):
                    self.step(f"{who} can't choose to draw {count} card(s): {src.card.name} allows only one "
                              "card each turn.", self.rs.cite("max_one_each_turn"), who, "prohibited")
                    return False
        chooser = self.s.action.chooser or who
        rules = self.rs.cite("may_draw_empty") if chooser == who else self.rs.cite("may_draw_other")
        want = self.choose(f"may_draw:{who}", [True, False], p.library.size >= count)
        if not want:
            self.step(f"{chooser} chooses that {who} doesn't draw.", rules, chooser, "choice")
            return False
        if p.library.size == 0:
            self.step(f"{chooser} may choose that {who} draws even with an empty library.", rules, chooser)
        return True

    def _optional_default(self, t: PendingTrigger) -> bool:
        """"Keeps the player in the game": don't choose to draw more cards than the library holds."""
        p = self.player(t.controller)
        draws = sum(int(op.amount) for op in t.ops if op.do == "draw" and isinstance(op.amount, int)
                    and op.who == "you")
        return p.library.size >= draws
