"""The priority loop: state-based actions (704.3), then waiting triggered abilities onto the stack in APNAP
order (603.3b), then the top of the stack resolves; repeat until nothing is waiting."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.effects import (
    CantLose,
    Op,
)
from engine.model import Batch, PlayerState
from engine.resolve.events import GameOver, PendingTrigger
from engine.resolve.ops import decide_condition, known_condition
from engine.resolve.player_target import trigger_aim

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

MAX_TRIGGER_RESOLUTIONS = 5000



def add_trigger(r: Resolver, source: str, controller: str, that_player: str, ops: tuple[Op, ...], optional: bool,
                rules: tuple[str, ...], x: int | None = None, condition: str = "", checked: bool = False) -> None:
    """An ability triggers: it waits to be put on the stack. ``condition``: its intervening "if" (603.4),
    checked now — the ability triggers only if it holds (a condition the engine can't check is assumed, said,
    with the other case an alternative) — unless ``checked`` already, as its event occurred."""
    if condition and not checked and not triggers_under(r, source, controller, condition, x, that_player):
        return
    that_player = trigger_aim(r, source, controller, that_player, ops)
    for t in r.pending:
        if (t.source, t.controller, t.that_player, t.ops, t.x, t.condition) == \
                (source, controller, that_player, ops, x, condition):
            t.count += 1
            break
    else:
        r.pending.append(PendingTrigger(source, controller, that_player, ops, optional, 1, rules, x, condition))
    key = (source, controller)
    r.trigger_log[key] = r.trigger_log.get(key, 0) + 1


def settle(r: Resolver) -> None:
    """State-based actions, then triggered abilities onto the stack (APNAP) and resolved, until quiet."""
    resolutions = 0
    while True:
        check_sba(r)
        if r.pending:
            order = r.apnap()
            ordered = sorted(r.pending, key=lambda t: order.index(t.controller))
            total = sum(t.count for t in ordered)
            r.step(f"{total} triggered abilit{'y goes' if total == 1 else 'ies go'} on the stack, the "
                   "active player's first, so the last player's resolve first.",
                   r.rs.cite("stack_triggers"), kind="stack")
            r.stack.extend(ordered)
            r.pending = []
        if not r.stack:
            return
        top = r.stack[-1]
        # The one-at-a-time path (compress off) resolves every trigger singly; the compressed path
        # resolves identical ones together, but never past a state-based action (_until_sba).
        linear = r.compress and not top.optional and all(
            op.do in ("lose_life", "gain_life", "damage", "poison", "token", "amass", "counter", "mill",
                      "note")
            for op in top.ops) and not _tax_counted(r, top)
        key = f"trigger:{top.source}:{top.controller}"
        # "May" abilities its controller declines (by choice, or because drawing would deck them) all
        # resolve the same way: settle the whole group at once.
        declined = top.optional and not (r.s.choices.get(key, r.optional_default(top))
                                         and r.optional_draw_gate(top, say=False))
        n = top.count if (linear or (declined and r.compress)) else 1
        if linear and n > 1:
            n = _until_sba(r, top, n)
        top.count -= n
        if top.count == 0:
            r.stack.pop()
        resolve_trigger(r, top, n)
        resolutions += 1
        r.check_time()
        if resolutions > MAX_TRIGGER_RESOLUTIONS:
            r.notes.append("The triggered abilities keep retriggering; the engine stopped after "
                           f"{MAX_TRIGGER_RESOLUTIONS} resolutions (a loop: see 104.4b).")
            r.step("The abilities form a loop; the engine stops here.", r.rs.cite("loop"), kind="loop")
            r.stack.clear()
            return


def _tax_counted(r: Resolver, t: PendingTrigger) -> bool:
    """A tax paid for some of the triggers only ("I pay for 1 of them"): each trigger asks it on its own."""
    return any(k.startswith("pays_times:") for k in r.s.choices) and any(
        "pay" in (op.condition or "") for op in t.ops)


def _until_sba(r: Resolver, t: PendingTrigger, n: int) -> int:
    """How many of ``n`` identical triggers resolve before a state-based action must be checked (704.3:
    after each resolution): up to and including the one that takes a player who can lose to 0 life
    (704.5a) or to ten poison counters (704.5c; a team to fifteen, 704.6b). A player at 2 life with
    Sheoldred's three triggers waiting loses at 0, not -4."""
    life: dict[str, int] = {}
    poison: dict[str, int] = {}
    for op in t.ops:
        if op.do not in ("lose_life", "gain_life", "damage", "poison"):
            continue
        if not isinstance(op.amount, int):
            return 1  # an amount that may change between resolutions: one at a time
        for name in r.resolve_who(op.who, t.controller, t.that_player):
            name = r.life_holder(name)
            if op.do == "poison":
                poison[name] = poison.get(name, 0) + op.amount
            else:
                life[name] = life.get(name, 0) + (op.amount if op.do == "gain_life" else -op.amount)
    for name, d in life.items():
        p = r.player(name)
        if d < 0 and p.life > 0 and not p.lost and not r.cant_lose(name):
            n = min(n, -(-p.life // -d))  # resolutions until life <= 0
    two_headed = r.s.format == "two-headed-giant"
    for name, d in poison.items():
        p = r.player(name)
        limit, have = (15, r.team_poison(name)) if two_headed and p.team else (10, p.poison)
        if d > 0 and have < limit and not p.lost and not r.cant_lose(name):
            n = min(n, -(-(limit - have) // d))  # resolutions until the limit is reached
    return n


def resolve_trigger(r: Resolver, t: PendingTrigger, times: int) -> None:
    if t.optional:
        if not r.optional_draw_gate(t):
            return
        wanted = r.choose(f"trigger:{t.source}:{t.controller}", [True, False],
                          r.optional_default(t))
        if not wanted:
            many = f" ({times} times)" if times > 1 else ""
            r.step(f"{t.controller} chooses not to use {t.source}'s ability{many}.", r.rs.cite("resolve"),
                   t.controller, "choice")
            return
    if t.condition and not _condition_holds(r, t.source, t.controller, t.condition, t.x, resolving=True,
                                            that_player=t.that_player):
        return
    label = f"{t.source}'s triggered ability resolves" + (f" ({times} times)" if times > 1 else "") + "."
    r.step(label, (*t.rules, *r.rs.cite("resolve")), t.controller, "trigger")
    start = len(r.steps)
    r.run_ops(t.ops, you=t.controller, that_player=t.that_player, source=t.source, times=times, x=t.x,
              condition=t.condition)
    if times > 1:  # a part that didn't happen, said once for the identical abilities resolved together: each
        r.steps[start:] = [replace(s, repeat=s.repeat * times) if s.kind == "why_not" and s.source == t.source
                           else s for s in r.steps[start:]]


_X_AT_LEAST = re.compile(r"x is (\d+) or (?:more|greater)")


def triggers_under(r: Resolver, source: str, controller: str, condition: str, x: int | None = None,
                   that_player: str = "") -> bool:
    """603.4: whether an ability with an intervening "if" triggers as its event occurs (said when it doesn't)."""
    return _condition_holds(r, source, controller, condition, x, resolving=False, that_player=that_player)


def own_tapped_state(r: Resolver, source: str, controller: str, words: str) -> bool | None:
    """ "if this artifact is untapped" / "is tapped": the source's own state as the scenario tells it (every copy
    the controller has alike; copies in both states can't say which one's ability this is: None)."""
    from engine.oracle.clauses import self_named

    m = re.fullmatch(r"~ is (untapped|tapped)", self_named(words.lower(), source))
    p = r.player(controller)
    copies, tapped = p.battlefield.count(source), p.tapped.count(source)
    if m is None or not copies or 0 < tapped < copies:
        return None
    return (tapped == copies) == (m.group(1) == "tapped")


def _condition_holds(r: Resolver, source: str, controller: str, words: str, x: int | None, *,
                     resolving: bool, that_player: str = "") -> bool:
    """603.4: the intervening "if" checked as the event occurs and again as the ability resolves. The state
    decides it when it can (an X given counts); otherwise, as it triggers, it is a decision stated once. A
    condition about "that player" is checked on that player."""
    m = _X_AT_LEAST.fullmatch(words)
    held = (x >= int(m.group(1)) if m and x is not None else None) if m else known_condition(r, words, controller,
                                                                                          that_player)
    if held is None:
        held = own_tapped_state(r, source, controller, words)
    if held is None:
        if resolving:  # assumed as it triggered: the same assumption holds as it resolves
            return True
        held = decide_condition(r, words, controller, that_player)
    if not held:
        when = "is no longer true as it resolves, so it does nothing" if resolving else \
            "isn't true, so it doesn't trigger"
        r.step(f"{source}'s ability: “if {words}” {when}.", r.rs.cite("intervening_if"), controller, "why_not")
    return held


def _unattached_auras(r: Resolver) -> None:
    """704.5m: an Aura whose enchanted permanent left is put into its owner's graveyard (its controller's
    here: 303.4e, an Aura is controlled by its caster, and ownership isn't tracked)."""
    while r.unattached:
        aura = r.unattached.pop(0)
        for p in r.s.players:
            if aura in p.battlefield:
                p.battlefield.remove(aura)
                p.graveyard.add(Batch([aura]))
                r.step(f"{aura} is attached to nothing, so it is put into {p.name}'s graveyard (a state-based "
                       "action).", r.rs.cite("aura_unattached"), p.name, "sba")
                break


def check_sba(r: Resolver) -> None:
    """704.3: the state-based actions that end a player's game, all checked at once; then 800.4a (the
    losers leave) and 104.2a/104.4a (the last team standing wins; everyone losing is a draw)."""
    _unattached_auras(r)
    losers: list[str] = []
    for p in r.s.players:
        if p.lost:
            continue
        for check in (_sba_empty_draw, _sba_life, _sba_poison):
            found = check(r, p)
            if found is None:
                continue
            who, why, rules = found
            if r.cant_lose(p.name):
                # 810.8a: in Two-Headed Giant "can't lose" protects the whole team
                team = r.rs.cite("team_result") if r.s.format == "two-headed-giant" else ()
                r.step(f"{who} {why} but can't lose the game{_protector(r, p.name)}.",
                       (*rules, *r.rs.cite("cant_lose"), *team), p.name, "no_loss")
                continue
            losers.append(p.name)
            # 704.3: checked whenever a player would get priority, so between two triggers' resolutions too:
            # said when triggered abilities are still waiting on the stack
            between = r.rs.cite("sba_check") if r.stack else ()
            r.step(f"{who} loses the game: {why}.", (*rules, *between), p.name, "loss")
            break
    for name in losers:
        r.player(name).lost = True
    if losers:
        _leave_game(r, losers)
        if r.s.format == "two-headed-giant":
            for name in losers:
                their_team = r.player(name).team
                mates = [q for q in r.s.players if q.team == their_team and not q.lost]
                for q in mates:
                    q.lost = True
                if mates:
                    r.step(f"{' and '.join(q.name for q in mates)} lose{'s' if len(mates) == 1 else ''} with "
                           f"{name}: a team wins and loses only as a team.", r.rs.cite("team_result"),
                           mates[0].name, "loss")
        alive = [p for p in r.s.players if not p.lost]
        if not alive:
            r.step("Every player lost at the same time: the game is a draw.", r.rs.cite("all_lose"),
                   kind="draw_game")
            raise GameOver
        if len({p.team or p.name for p in alive}) == 1:
            for p in alive:
                p.won = True
            raise GameOver


def _protector(r: Resolver, name: str) -> str:
    """Which permanent says the player can't lose, and whose it is when it is a teammate's."""
    for src in r.in_play():
        if isinstance(src.effect, CantLose) and (src.controller == name or r.s.format == "two-headed-giant"
                                                 and r.player(src.controller).team == r.player(name).team):
            whose = "" if src.controller == name else f", controlled by teammate {src.controller}"
            return f" ({src.card.name}{whose})"
    return ""


def _sba_empty_draw(r: Resolver, p: PlayerState) -> tuple[str, str, tuple[str, ...]] | None:
    if not p.attempted_empty_draw:
        return None
    p.attempted_empty_draw = False
    return p.name, f"attempted to draw from an empty {r.rs.library}", r.rs.cite("sba_draw")


def _sba_life(r: Resolver, p: PlayerState) -> tuple[str, str, tuple[str, ...]] | None:
    if p.life > 0 or r.s.game != "mtg" or r.life_holder(p.name) != p.name:
        return None
    if r.s.format == "two-headed-giant":
        return f"Team {p.team}", f"{p.life} life", (*r.rs.cite("sba_life"), "810.8c")
    return p.name, f"{p.life} life", r.rs.cite("sba_life")


def _sba_poison(r: Resolver, p: PlayerState) -> tuple[str, str, tuple[str, ...]] | None:
    if r.s.game != "mtg":
        return None
    if r.s.format == "two-headed-giant" and p.team is not None:
        total = r.team_poison(p.name)
        if r.life_holder(p.name) != p.name or total < 15:
            return None
        return f"Team {p.team}", f"{total} poison counters", r.rs.cite("sba_poison_2hg")
    if p.poison < 10:
        return None
    return p.name, f"{p.poison} poison counters", r.rs.cite("sba_poison")


def _leave_game(r: Resolver, losers: list[str]) -> None:
    """800.4a: the triggered abilities the players who lost control, waiting or on the stack, cease to
    exist. (In two-player games the game is over anyway; in multiplayer the others play on.)"""
    gone = [t for t in (*r.pending, *r.stack) if t.controller in losers]
    if not gone or len({p.team or p.name for p in r.s.players if not p.lost}) <= 1:
        return
    r.pending = [t for t in r.pending if t.controller not in losers]
    r.stack = [t for t in r.stack if t.controller not in losers]
    total = sum(t.count for t in gone)
    sources = ", ".join(sorted({t.source for t in gone}))
    r.step(f"{total} triggered abilit{'y' if total == 1 else 'ies'} of {sources} "
           f"{'ceases' if total == 1 else 'cease'} to exist: "
           "their controller has left the game.", ("800.4a",), gone[0].controller, "left_game")


