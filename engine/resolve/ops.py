"""Operations: what an effect does once it applies (draw, lose life, create a token...)."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.effects import Op, OpKind
from engine.errors import MissingValue
from engine.inert import inert
from engine.oracle.clauses import number
from engine.resolve import ops_players, ops_reveal, ops_targets, ops_zones
from engine.resolve.core import ResolverCore
from engine.resolve.events import OpContext
from engine.trigger_events import EventKind


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
        if condition.startswith("if:"):
            return self.decide_condition(condition[3:], you)
        p = self.player(you)
        return {
            "your_turn": self.active == you,
            "hand_empty": p.hand.size == 0,
            "library_empty": p.library.size == 0,
            "life_10_or_less": p.life <= 10,
            "always": True,
        }.get(condition, False)

    def decide_condition(self, words: str, you: str) -> bool:
        """A condition in the card's words: checked when the game state decides it, else a decision whose
        default (true) is stated in a step and whose other case comes back as an alternative."""
        known = self.known_condition(words, you)
        if known is not None:
            return known
        met = bool(self.choose(f"condition:{words}", [True, False], True))
        self.step(f"The answer assumes “{words}” is {'true' if met else 'false'} (the other case is listed as an "
                  "alternative).", self.rs.cite("if_you_do"), you, "assumption")
        return met

    def known_condition(self, words: str, you: str) -> bool | None:
        """Conditions the game state decides (hellbent, threshold, "if it's your turn"...), checked, not
        assumed; None when the words are about something the engine doesn't track."""
        p = self.player(you)
        for rx, test in _KNOWN_CONDITIONS:
            m = re.fullmatch(rx, words)
            if m:
                return bool(test(self, p, you, m))
        return None

    def amount(self, op: Op, x: int | None) -> int:
        if op.amount == "X":
            if x is None:
                raise MissingValue("X", self.s.action.card, "action.x", "give X, e.g. \"x\": 3")
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
            targets = self.resolve_who(op.who, you, that_player)
            if not self._carried_out(op, ctx, targets):
                continue
            handler = OP_HANDLERS[OpKind(op.do)]
            # "that many": the number of cards the operation before moved (608.2h), whatever X was given
            n = ctx.last_count if op.note == "X = that many" and ctx.last_count is not None else self.amount(op, x)
            if op.do != "draw" and op.instead_amount is not None and self.self_condition(op.condition, you):
                n = op.instead_amount  # 614.15: the card's own "instead" (a draw says so in its own step)
            handler(self, op, ctx, targets, n)
            if op.note.startswith("gift"):
                self.happened.add(EventKind.GIFT)
            ctx.did = True

    def _carried_out(self, op: Op, ctx: OpContext, targets: list[str]) -> bool:
        """Whether an operation happens: "if you do" follows the previous "may" (608.2c), a condition in
        words is a decision stated in a step (its other case becomes an alternative), and a "may draw" goes
        through the one gate of 121.2b and 121.3."""
        if op.instead_amount is None and op.condition in ("if_you_do", "if_you_dont"):
            if ctx.did != (op.condition == "if_you_do"):
                self.step(f"{ctx.source}: “{'if you do' if op.condition == 'if_you_do' else 'if you don’t'}” — "
                          f"the condition isn't met, so this part does nothing.", self.rs.cite("if_you_do"),
                          ctx.you, "why_not")
                return False
        elif op.instead_amount is None and op.condition.startswith(("if:", "unless:")):
            met = self.decide_condition(op.condition.split(":", 1)[1], ctx.you)
            if met == op.condition.startswith("unless:"):
                ctx.did = False
                return False
        if not op.optional:
            return True
        n = self.amount(op, ctx.x) if op.amount != "X" or ctx.x is not None else 1
        if op.do == "draw" and any(self.draw_forbidden(who, n, ctx.you) for who in targets):
            ctx.did = False
            return False
        drawer = self.player(targets[0]) if targets else None
        keeps_alive = op.do != "draw" or drawer is None or drawer.library.size >= n
        if op.do == "note" and op.words and not inert(op.text):
            keeps_alive = False  # words the engine can't carry out: the line it can is the one answered
        key = f"may:{ctx.source}:{op.do}"
        wanted = self.choose(key, [True, False], keeps_alive)
        what = op.note or op.text or op.do.replace("_", " ")
        if key not in self.s.choices:  # not said by the player: an assumption, said, with the other case listed
            self.step(f"{ctx.source}'s “may” ({what}): the answer assumes {ctx.you} "
                      f"{'does' if wanted else 'does not'} (the other choice is listed as an alternative).",
                      self.rs.cite("resolve"), ctx.you, "assumption")
        elif not wanted:
            self.step(f"{ctx.you} chooses not to: {ctx.source}'s “may” ({what}).", self.rs.cite("resolve"), ctx.you,
                      "choice")
        ctx.did = bool(wanted)
        return bool(wanted)


_COUNT = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_KNOWN_CONDITIONS: tuple[tuple[str, Callable[..., bool]], ...] = (
    (r"you have no cards in hand", lambda r, p, you, m: p.hand.size == 0),  # hellbent
    (rf"(?:there are )?{_COUNT} or more cards are in your graveyard|you have {_COUNT} or more cards in your "
     rf"graveyard|there are {_COUNT} or more cards in your graveyard",
     lambda r, p, you, m: p.graveyard.size >= _int_word(next(g for g in m.groups() if g))),  # threshold
    (r"it's your turn|it is your turn", lambda r, p, you, m: r.active == you),
    (r"it's not your turn|it isn't your turn", lambda r, p, you, m: r.active != you),
    (r"your library has no cards in it|there are no cards in your library", lambda r, p, you, m: p.library.size == 0),
    (rf"you have {_COUNT} or fewer cards in hand", lambda r, p, you, m: p.hand.size <= _int_word(m.group(1))),
    (rf"you have {_COUNT} or more cards in hand", lambda r, p, you, m: p.hand.size >= _int_word(m.group(1))),
    (rf"you have {_COUNT} or less life", lambda r, p, you, m: p.life <= _int_word(m.group(1))),
)


def _int_word(word: str) -> int:
    n = number(word)
    return n if isinstance(n, int) else 0


OP_HANDLERS = {**ops_players.HANDLERS, **ops_zones.HANDLERS, **ops_reveal.HANDLERS, **ops_targets.HANDLERS}
