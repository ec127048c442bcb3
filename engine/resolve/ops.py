"""Operations: what an effect does once it applies (draw, lose life, create a token...)."""

from __future__ import annotations

import math

from engine.effects import (
    Op,
)
from engine.errors import ScenarioError
from engine.model import Batch
from engine.resolve.core import ResolverCore
from engine.resolve.events import GameOver


class OpsMixin(ResolverCore):

    def resolve_who(self, who: str, you: str, that_player: str) -> list[str]:
        if who == "you":
            return [you]
        if who in ("that_player", "target"):
            return [that_player]
        if who == "each_opponent" or who == "opponent_of_you":
            return [n for n in self.apnap() if n in self.opponents(you) and not self.player(n).lost]
        if who == "each_player":
            return [n for n in self.apnap() if not self.player(n).lost]
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
        discarded: dict[str, int] = {}
        if replacing:
            # 121.7: the parts of the event that aren't draws happen first, then the draws one at a time.
            ops = tuple(op for op in ops if op.do != "draw") + tuple(op for op in ops if op.do == "draw")
        for op in ops:
            targets = self.resolve_who(op.who, you, that_player)
            n = self.amount(op, x)
            if op.do == "skip":
                self.step(f"{that_player} skips that draw.", self.rs.cite("skip"), that_player, "skip")
            elif op.do == "draw":
                for name in targets:
                    if op.instead_amount is not None and self.self_condition(op.condition, you):
                        self.step(f"{source}'s own text changes the instruction: {name} draws {op.instead_amount} "
                                  f"instead of {n}, before any other replacement effect.",
                                  self.rs.cite("self_replacement"), name, "self_replacement")
                        n = op.instead_amount
                    if replacing:
                        self.step(f"Instead, {name} draws {n} card{'s' if n != 1 else ''}: new draws, one at a "
                                  f"time; {source} doesn't apply to them again, other replacements still may.",
                                  (*self.rs.cite("replacement_draws"), *self.rs.cite("replacement_completes"),
                                   *self.rs.cite("once_per_event")), name, "replacement_draw")
                    self.draw_instruction(name, n * times, source, applied, announce=not replacing,
                                          additional=op.text if op.text and not replacing else "")
            elif op.do == "win":
                for name in targets:
                    if self.cant_win(name):
                        self.step(f"{name} would win the game, but an opponent's effect says they can't.",
                                  self.rs.cite("cant_lose"), name, "no_win")
                        continue
                    self.step(f"{name} wins the game.", self.rs.cite("win_effect"), name, "win")
                    winner = self.player(name)
                    for q in self.s.players:
                        if q.name == name or (winner.team is not None and q.team == winner.team):
                            q.won = True  # 810.8a: if either player on a team wins, the entire team wins
                        else:
                            q.lost = True
                    raise GameOver
            elif op.do == "lose":
                for name in targets:
                    self.player(name).attempted_empty_draw = False
                    if not self.cant_lose(name):
                        self.player(name).lost = True
                        self.step(f"{name} loses the game.", ("104.3e",), name, "loss")
            elif op.do in ("lose_life", "gain_life", "damage"):
                for name in targets:
                    if self.player(name).lost:
                        # 800.4a: a player who lost has left the game; nothing more happens to them
                        self.step(f"{name} has left the game: {source}'s ability does nothing to them.",
                                  ("800.4a",), name, "left_game")
                        continue
                    sign = 1 if op.do == "gain_life" else -1
                    self.change_life(name, sign * n * times)
                    verb = {"lose_life": "loses", "gain_life": "gains", "damage": "is dealt"}[op.do]
                    what = "damage" if op.do == "damage" else "life"
                    team = self.player(name).team if self.s.format == "two-headed-giant" else None
                    shared = f"; team {team}'s shared life total is now {self.player(name).life}" if team else ""
                    self.step(f"{name} {verb} {n * times} {what} ({source}){shared}.",
                              (*self.rs.cite("damage" if op.do == "damage" else "life"),
                               *(("810.9",) if team else ())), name, op.do)
            elif op.do == "token":
                for name in targets:
                    p = self.player(name)
                    p.tokens[op.name or "token"] = p.tokens.get(op.name or "token", 0) + n * times
                    self.step(f"{name} creates {n * times} {op.name or 'token'} token(s).", self.rs.cite("token"),
                              name, "token")
            elif op.do == "mill":
                for name in targets:
                    p = self.player(name)
                    milled = p.library.take_top(n * times)
                    p.graveyard.add(milled)
                    self.step(f"{name} mills {len(milled)} card(s).", self.rs.cite("mill"), name, "mill")
            elif op.do == "discard":
                for name in targets:
                    p = self.player(name)
                    gone = p.hand.remove_any(n)
                    p.graveyard.add(gone)
                    self.step(f"{name} discards {len(gone)} card(s).", self.rs.cite("discard"), name, "discard")
            elif op.do == "discard_hand":
                for name in targets:
                    p = self.player(name)
                    gone = p.hand.take_top(p.hand.size)
                    p.graveyard.add(gone)
                    discarded[name] = len(gone)
                    self.step(f"{name} discards their hand ({len(gone)} cards).", self.rs.cite("discard"), name,
                              "discard")
            elif op.do == "draw_equal_discarded":
                most = max(discarded.values(), default=0)
                for name in targets:
                    self.draw_instruction(name, most, source, applied)
            elif op.do == "shuffle_hand_graveyard":
                for name in targets:
                    p = self.player(name)
                    moved = p.hand.take_top(p.hand.size) + p.graveyard.take_top(p.graveyard.size)
                    p.library.add(moved)
                    p.library.unknown += len(p.library.cards)
                    p.library.cards = []
                    self.step(f"{name} shuffles hand and graveyard into their library ({p.library.size} cards).",
                              self.rs.cite("shuffle"), name, "shuffle")
            elif op.do == "hand_to_bottom_draw_that_many":
                for name in targets:
                    p = self.player(name)
                    k = p.hand.size
                    p.library.add(p.hand.take_top(k))
                    self.step(f"{name} puts {k} card(s) from hand on the bottom of their library.",
                              self.rs.cite("library_position"), name, "move")
                    self.draw_instruction(name, k, source, applied)
            elif op.do == "put_back":
                for name in targets:
                    p = self.player(name)
                    back = p.hand.remove_any(n)
                    p.library.add_top(back)
                    self.step(f"{name} puts {len(back)} card(s) from hand on top of their library.",
                              self.rs.cite("library_position"), name,
                              "move")
            elif op.do == "draw_half_library":
                for name in targets:
                    self.draw_instruction(name, math.ceil(self.player(name).library.size / 2), source, applied)
            elif op.do == "lose_half_life":
                for name in targets:
                    p = self.player(name)
                    lost = math.ceil(max(p.life, 0) / 2)
                    self.change_life(name, -lost)
                    self.step(f"{name} loses {lost} life (half, rounded up).", self.rs.cite("life"), name,
                              "lose_life")
            elif op.do in ("to_hand_from_library", "search_to_hand", "reveal_to_hand"):
                for name in targets:
                    p = self.player(name)
                    got = p.library.take_top(min(n, p.library.size))
                    p.hand.add(got)
                    rules = self.rs.cite("not_a_draw") + (self.rs.cite("search") if op.do == "search_to_hand" else ())
                    self.step(f"{name} puts {len(got)} card(s) from library into hand. Not a draw.", rules, name,
                              "move")
            elif op.do == "look_keep":
                for name in targets:
                    p = self.player(name)
                    seen = p.library.take_top(n)
                    if len(seen):
                        kept, rest = seen.split(1)
                        p.hand.add(kept)
                        p.graveyard.add(rest)
                    self.step(f"{name} looks at {len(seen)} card(s), puts {min(1, len(seen))} into hand (not a "
                              f"draw) and {max(0, len(seen) - 1)} into the graveyard.", self.rs.cite("not_a_draw"),
                              name, "move")
            elif op.do == "return_self":
                for name in targets:
                    p = self.player(name)
                    if p.graveyard.remove_named(source):
                        p.hand.add(Batch([source]))
                        self.step(f"{name} returns {source} from the graveyard to hand.", self.rs.cite("dredge"),
                                  name, "move")
            elif op.do == "chains":
                for name in targets:
                    p = self.player(name)
                    if p.hand.size:
                        p.graveyard.add(p.hand.remove_any(1))
                        self.step(f"{name} discards a card, then draws a card.", self.rs.cite("discard"), name,
                                  "discard")
                        self.draw_instruction(name, 1, source, applied)
                    else:
                        milled = p.library.take_top(1)
                        p.graveyard.add(milled)
                        self.step(f"{name} has no card to discard and puts the top card of their library into "
                                  f"their graveyard ({len(milled)} card).", self.rs.cite("mill"), name, "mill")
            elif op.do == "sylvan":
                for name in targets:
                    p = self.player(name)
                    eligible = min(n, p.drawn_this_turn, p.hand.size)
                    pay = self.choose(f"sylvan_pay:{name}", list(range(eligible + 1)), 0)
                    pay = max(0, min(int(pay), eligible))
                    self.change_life(name, -4 * pay)
                    back = p.hand.remove_any(eligible - pay)
                    p.library.add_top(back)
                    self.step(f"{name} chooses {eligible} card(s) drawn this turn: pays {4 * pay} life to keep "
                              f"{pay}, puts {len(back)} back on top.", self.rs.cite("life"), name, "sylvan")
            elif op.do == "exile_top":
                for name in targets:
                    p = self.player(name)
                    p.exile.add(p.library.take_top(n))
                    self.step(f"{name} exiles the top card of their library.", self.rs.cite("exile"), name, "exile")
            elif op.do == "win_if_library_at_most":
                for name in targets:
                    size = self.player(name).library.size
                    if n >= size:
                        self.step(f"{name}'s devotion X = {n} is at least the {size} cards in their library.",
                                  self.rs.cite("resolve"), name, "check")
                        self.run_ops((Op("win", 1, "you"),), you=name, that_player=name, source=source)
                    else:
                        self.step(f"{name}'s devotion X = {n} is less than the {size} cards in their library: no "
                                  "win.", self.rs.cite("resolve"), name, "check")
            elif op.do == "win_if_library_empty":
                for name in targets:
                    if self.player(name).library.size == 0:
                        self.run_ops((Op("win", 1, "you"),), you=name, that_player=name, source=source)
            elif op.do == "end_turn":
                self.step("The turn ends.", self.rs.cite("end_turn"), you, "end_turn")
            elif op.do == "note":
                if op.text:
                    self.notes.append(f"{source}: {op.text}")
