"""Operations: what an effect does once it applies (draw, lose life, create a token...)."""

from __future__ import annotations

from engine.effects import Op, OpKind
from engine.errors import ScenarioError
from engine.resolve import ops_players, ops_reveal, ops_zones
from engine.resolve.core import ResolverCore
from engine.resolve.events import OpContext


class OpsMixin(ResolverCore):
    """Who an operation affects and how much, and the dispatch of each operation to its handler."""

    def resolve_who(self, who: str, you: str, that_player: str) -> list[str]:
        if who == "you":
            return [you]
        if who in ("that_player", "target"):
            return [that_player]
        if who == "each_opponent" or who == "opponent_of_you":
            return [n for n in self.apnap() if n in self.opponents(you) and not self.player(n).lost]
        if who == "each_player":
            return [n for n in self.apnap() if not self.player(n).lost]
        if who == "you_and_that_player":
            return list(dict.fromkeys([you, that_player]))
        if who == "each_other_player":
            return [n for n in self.apnap() if n != you and not self.player(n).lost]
        return [that_player]

    def self_condition(self, condition: str, you: str) -> bool:
        p = self.player(you)
        return {
            "your_turn": self.active == you,
            "hand_empty": p.hand.size == 0,
            "library_empty": p.library.size == 0,
            "life_10_or_less": p.life <= 10,
            "always": True,
        }.get(condition, False)

    def amount(self, op: Op, x: int | None) -> int:
        if op.amount == "X":
            if x is None:
                raise ScenarioError("this card needs a value for X", "action.x", "give X, e.g. \"x\": 3")
            return x
        return int(op.amount)

    def run_ops(self, ops: tuple[Op, ...], *, you: str, that_player: str, source: str,
                applied: frozenset[str] = frozenset(), replacing: bool = False, times: int = 1,
                x: int | None = None) -> None:
        """Carry out an effect's operations in order, each through its handler (one per OpKind)."""
        ctx = OpContext(you, that_player, source, applied, replacing, times, x)
        if replacing:
            # 121.7: the parts of the event that aren't draws happen first, then the draws one at a time.
            ops = tuple(op for op in ops if op.do != "draw") + tuple(op for op in ops if op.do == "draw")
        for op in ops:
            handler = OP_HANDLERS[OpKind(op.do)]
            handler(self, op, ctx, self.resolve_who(op.who, you, that_player), self.amount(op, x))


OP_HANDLERS = {**ops_players.HANDLERS, **ops_zones.HANDLERS, **ops_reveal.HANDLERS}
