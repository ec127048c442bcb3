"""The priority loop: state-based actions (704.3), then waiting triggered abilities onto the stack in APNAP
order (603.3b), then the top of the stack resolves; repeat until nothing is waiting."""

from __future__ import annotations

from engine.effects import (
    Op,
)
from engine.resolve.core import ResolverCore
from engine.resolve.events import GameOver, PendingTrigger

MAX_TRIGGER_RESOLUTIONS = 5000


class PriorityMixin(ResolverCore):

    def add_trigger(self, source: str, controller: str, that_player: str, ops: tuple[Op, ...], optional: bool,
                    rules: tuple[str, ...]) -> None:
        for t in self.pending:
            if (t.source, t.controller, t.that_player, t.ops) == (source, controller, that_player, ops):
                t.count += 1
                break
        else:
            self.pending.append(PendingTrigger(source, controller, that_player, ops, optional, 1, rules))
        key = (source, controller)
        self.trigger_log[key] = self.trigger_log.get(key, 0) + 1

    def settle(self) -> None:
        """State-based actions, then triggered abilities onto the stack (APNAP) and resolved, until quiet."""
        resolutions = 0
        while True:
            self.check_sba()
            if self.pending:
                order = self.apnap()
                ordered = sorted(self.pending, key=lambda t: order.index(t.controller))
                total = sum(t.count for t in ordered)
                self.step(f"{total} triggered abilit{'y goes' if total == 1 else 'ies go'} on the stack, the "
                          "active player's first, so the last player's resolve first.",
                          self.rs.cite("stack_triggers"), kind="stack")
                self.stack.extend(ordered)
                self.pending = []
            if not self.stack:
                return
            top = self.stack[-1]
            linear = all(op.do in ("lose_life", "gain_life", "damage", "token", "mill", "note") for op in top.ops) \
                and not top.optional
            key = f"trigger:{top.source}:{top.controller}"
            # "May" abilities its controller declines (by choice, or because drawing would deck them) all
            # resolve the same way: settle the whole group at once.
            declined = top.optional and not (self.s.choices.get(key, self._optional_default(top))
                                             and self.optional_draw_gate(top, say=False))
            n = top.count if (linear or declined) else 1
            if linear and n > 1:
                n = self._until_sba(top, n)
            top.count -= n
            if top.count == 0:
                self.stack.pop()
            self.resolve_trigger(top, n)
            resolutions += 1
            if resolutions > MAX_TRIGGER_RESOLUTIONS:
                self.notes.append("The triggered abilities keep retriggering; the engine stopped after "
                                  f"{MAX_TRIGGER_RESOLUTIONS} resolutions (a loop: see 104.4b).")
                self.step("The abilities form a loop; the engine stops here.", self.rs.cite("loop"), kind="loop")
                self.stack.clear()
                return

    def _until_sba(self, t: PendingTrigger, n: int) -> int:
        """How many of ``n`` identical life-changing triggers resolve before a state-based action must be
        checked (704.3: after each resolution): up to and including the one that takes a player who can lose
        to 0 life (704.5a). A player at 2 life with Sheoldred's three triggers waiting loses at 0, not -4."""
        delta: dict[str, int] = {}
        for op in t.ops:
            if op.do not in ("lose_life", "gain_life", "damage"):
                continue
            if not isinstance(op.amount, int):
                return 1  # an amount that may change between resolutions: one at a time
            for name in self.resolve_who(op.who, t.controller, t.that_player):
                name = self._life_holder(name)
                delta[name] = delta.get(name, 0) + (op.amount if op.do == "gain_life" else -op.amount)
        for name, d in delta.items():
            p = self.player(name)
            if d < 0 and p.life > 0 and not p.lost and not self.cant_lose(name):
                n = min(n, -(-p.life // -d))  # resolutions until life <= 0
        return n

    def resolve_trigger(self, t: PendingTrigger, times: int) -> None:
        if t.optional:
            if not self.optional_draw_gate(t):
                return
            wanted = self.choose(f"trigger:{t.source}:{t.controller}", [True, False],
                                 self._optional_default(t))
            if not wanted:
                many = f" ({times} times)" if times > 1 else ""
                self.step(f"{t.controller} chooses not to use {t.source}'s ability{many}.", self.rs.cite("resolve"),
                          t.controller, "choice")
                return
        label = f"{t.source}'s triggered ability resolves" + (f" ({times} times)" if times > 1 else "") + "."
        self.step(label, (*t.rules, *self.rs.cite("resolve")), t.controller, "trigger")
        self.run_ops(t.ops, you=t.controller, that_player=t.that_player, source=t.source, times=times)

    def check_sba(self) -> None:
        losers: list[str] = []
        for p in self.s.players:
            if p.lost:
                continue
            if p.attempted_empty_draw:
                p.attempted_empty_draw = False
                if self.cant_lose(p.name):
                    self.step(f"{p.name} attempted to draw from an empty library but can't lose the game.",
                              (*self.rs.cite("sba_draw"), *self.rs.cite("cant_lose")), p.name, "no_loss")
                else:
                    losers.append(p.name)
                    self.step(f"{p.name} loses the game: they attempted to draw from an empty library.",
                              self.rs.cite("sba_draw"), p.name, "loss")
                    continue
            if p.life <= 0 and self.s.game == "mtg" and self._life_holder(p.name) == p.name:
                team = self.s.format == "two-headed-giant"
                who, rules = (f"Team {p.team}", ("810.8c",)) if team else (p.name, ())
                if self.cant_lose(p.name):
                    self.step(f"{who} has {p.life} life but can't lose the game.",
                              (*self.rs.cite("sba_life"), *rules, *self.rs.cite("cant_lose")), p.name, "no_loss")
                else:
                    losers.append(p.name)
                    self.step(f"{who} loses the game: {p.life} life.", (*self.rs.cite("sba_life"), *rules),
                              p.name, "loss")
        for name in losers:
            self.player(name).lost = True
        if losers:
            self._leave_game(losers)
            if self.s.format == "two-headed-giant":
                for name in losers:
                    team = self.player(name).team
                    for q in self.s.players:
                        if q.team == team and not q.lost:
                            q.lost = True
            alive = [p for p in self.s.players if not p.lost]
            if not alive:
                self.step("Every player lost at the same time: the game is a draw.", self.rs.cite("all_lose"),
                          kind="draw_game")
                raise GameOver
            if len({p.team or p.name for p in alive}) == 1:
                for p in alive:
                    p.won = True
                raise GameOver

    def _leave_game(self, losers: list[str]) -> None:
        """800.4a: the triggered abilities the players who lost control, waiting or on the stack, cease to
        exist. (In two-player games the game is over anyway; in multiplayer the others play on.)"""
        gone = [t for t in (*self.pending, *self.stack) if t.controller in losers]
        if not gone or len({p.team or p.name for p in self.s.players if not p.lost}) <= 1:
            return
        self.pending = [t for t in self.pending if t.controller not in losers]
        self.stack = [t for t in self.stack if t.controller not in losers]
        total = sum(t.count for t in gone)
        sources = ", ".join(sorted({t.source for t in gone}))
        self.step(f"{total} triggered abilit{'y' if total == 1 else 'ies'} of {sources} "
                  f"{'ceases' if total == 1 else 'cease'} to exist: "
                  "their controller has left the game.", ("800.4a",), gone[0].controller, "left_game")
