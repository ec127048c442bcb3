"""The resolution record built from the final state."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from engine.model import Resolution, TriggerRecord
from engine.ruling import ruling_of

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def outcome_key(res: Resolution, *, ignore: tuple[str, ...] = ()) -> str:
    """A resolution's outcome as a comparable key: every player's counts (less ``ignore``d ones), the losers
    and the winners. Two lines with the same key are the same outcome to a player."""
    players = {n: {k: v for k, v in p.items() if k not in ignore} for n, p in res.players.items()}
    return json.dumps([players, sorted(res.losers), sorted(res.winners)], sort_keys=True, default=str)



def result(r: Resolver) -> Resolution:
    if r.rs.stored_rules:
        r.notes.append(f"The cache holds {r.rs.stored_rules} of the {r.rs.edition} rules; steps "
                       "outside it cite today's rule numbers.")
    players = {p.name: p.summary() for p in r.s.players}
    losers = [p.name for p in r.s.players if p.lost]
    draw_game = bool(losers) and len(losers) == len(r.s.players)
    winners = [p.name for p in r.s.players if p.won]
    order = r.apnap()
    # In the order they go on the stack: the active player's first (603.3b).
    logged = sorted(r.trigger_log.items(), key=lambda kv: order.index(kv[0][1]))
    triggers = [TriggerRecord(src, ctrl, n) for (src, ctrl), n in logged if n > 0]
    res = Resolution(r.s.game, r.rs.edition, list(r.steps), players, winners, losers, draw_game,
                     triggers, notes=list(r.notes), before=r.before)
    res.ruling = ruling_of(res).to_json()
    return res


