"""The resolution record built from the final state."""

from __future__ import annotations

import json

from engine.model import Resolution, TriggerRecord
from engine.resolve.core import ResolverCore
from engine.ruling import ruling_of


def outcome_key(res: Resolution, *, ignore: tuple[str, ...] = ()) -> str:
    """A resolution's outcome as a comparable key: every player's counts (less ``ignore``d ones), the losers
    and the winners. Two lines with the same key are the same outcome to a player."""
    players = {n: {k: v for k, v in p.items() if k not in ignore} for n, p in res.players.items()}
    return json.dumps([players, sorted(res.losers), sorted(res.winners)], sort_keys=True, default=str)


class ResultMixin(ResolverCore):

    def result(self) -> Resolution:
        if self.rs.stored_rules:
            self.notes.append(f"The cache holds {self.rs.stored_rules} of the {self.rs.edition} rules; steps "
                              "outside it cite today's rule numbers.")
        players = {p.name: p.summary() for p in self.s.players}
        losers = [p.name for p in self.s.players if p.lost]
        draw_game = bool(losers) and len(losers) == len(self.s.players)
        winners = [p.name for p in self.s.players if p.won]
        order = self.apnap()
        # In the order they go on the stack: the active player's first (603.3b).
        logged = sorted(self.trigger_log.items(), key=lambda kv: order.index(kv[0][1]))
        triggers = [TriggerRecord(src, ctrl, n) for (src, ctrl), n in logged if n > 0]
        res = Resolution(self.s.game, self.rs.edition, list(self.steps), players, winners, losers, draw_game,
                         triggers, notes=list(self.notes), before=self.before)
        res.ruling = ruling_of(res).to_json()
        return res
