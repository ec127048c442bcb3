"""Compression of identical draws: a run of draws in the same "regime" that changes the state by the same
amounts is counted arithmetically (see the package docstring)."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.resolve.core import ResolverCore
from engine.resolve.events import StepGroup


class CompressionMixin(ResolverCore):

    def _regime(self) -> tuple[Any, ...]:
        out: list[Any] = []
        for p in self.s.players:
            # Named cards move one by one (their names show in the steps), so their counts are exact here.
            # drawn this turn up to 5: "your second/third/fourth card each turn" triggers must not be batched
            out.append((min(p.library.size, 8), min(p.hand.size, 2), min(p.drawn_this_turn, 5),
                        min(p.drawn_this_draw_step, 2), p.attempted_empty_draw, p.lost, len(p.library.cards),
                        len(p.hand.cards), len(p.graveyard.cards), len(p.exile.cards), len(p.memory.cards),
                        tuple(sorted(p.tokens)), tuple(sorted(p.counters))))
        out.append(len(self.consumed))
        return tuple(out)

    def _numbers(self) -> tuple[int, ...]:
        out: list[int] = []
        for p in self.s.players:
            out += [p.library.unknown, p.hand.unknown, p.graveyard.unknown, p.exile.unknown, p.life,
                    p.drawn_this_turn, p.drawn_this_draw_step, p.memory.unknown, p.poison]
        for p in self.s.players:
            out += [p.tokens[k] for k in sorted(p.tokens)] + [p.counters[k] for k in sorted(p.counters)]
        out += [t.count for t in self.pending]
        return tuple(out)

    def _apply_numbers(self, delta: tuple[int, ...], k: int) -> None:
        i = 0
        for p in self.s.players:
            p.library.unknown += delta[i] * k
            p.hand.unknown += delta[i + 1] * k
            p.graveyard.unknown += delta[i + 2] * k
            p.exile.unknown += delta[i + 3] * k
            p.life += delta[i + 4] * k
            p.drawn_this_turn += delta[i + 5] * k
            p.drawn_this_draw_step += delta[i + 6] * k
            p.memory.unknown += delta[i + 7] * k
            p.poison += delta[i + 8] * k
            i += 9
        for p in self.s.players:
            for name in sorted(p.tokens):
                p.tokens[name] += delta[i] * k
                i += 1
            for name in sorted(p.counters):
                p.counters[name] += delta[i] * k
                i += 1
        for t, d in zip(self.pending, delta[i:], strict=True):
            t.count += d * k
            key = (t.source, t.controller)
            self.trigger_log[key] = self.trigger_log.get(key, 0) + d * k

    def _repeats_left(self, delta: tuple[int, ...], remaining: int) -> int:
        """How many more identical draws keep the regime: each clamped quantity must stay above its clamp."""
        k = remaining
        i = 0
        for p in self.s.players:
            for value, d, clamp in ((p.library.size, delta[i], 8), (p.hand.size, delta[i + 1], 2)):
                if d < 0:
                    k = min(k, max(0, (value - clamp) // (-d)))
            for value, d, clamp in ((p.drawn_this_turn, delta[i + 5], 5), (p.drawn_this_draw_step, delta[i + 6], 2)):
                if d > 0 and value < clamp:
                    k = 0
            if delta[i + 8]:
                k = 0  # poison counters change between draws: state-based actions decide, one at a time
            i += 9
        return max(0, k)

    def _draw_run(self, who: str, count: int, source: str, applied: frozenset[str], additional: str) -> None:
        done = 0
        prev: tuple[Any, ...] | None = None
        while done < count and not self.player(who).lost:
            regime = self._regime()
            before = self._numbers()
            pending_len = len(self.pending)
            group_start = len(self.steps)
            last = self._last_group
            self.single_draw(self.draw_event(who, source, applied, additional))
            done += 1
            # A step's repeat is part of the signature: a draw replaced by two draws counts its "draw" step
            # twice per draw, and merging or compressing adds that unit, not 1.
            signature = tuple((st.text, st.rules, st.player, st.kind, st.repeat)
                              for st in self.steps[group_start:])
            merged = self._merge_group(group_start, signature, last)
            if not self.compress or done >= count:
                prev = None
                continue
            after_regime = self._regime()
            delta = tuple(b - a for a, b in zip(before, self._numbers(), strict=False)) \
                if len(self.pending) == pending_len else None
            current = (regime, after_regime, delta, signature)
            # One draw that leaves the regime unchanged is enough to know the rest of the run: the regime is
            # what decides how a draw goes, so a run of replacement draws (Thought Reflection's two, nested
            # n deep) is counted arithmetically at every level instead of unfolding 2^n draws.
            if delta is not None and regime == after_regime and (prev is None or merged and prev == current):
                k = self._repeats_left(delta, count - done)
                if k > 0:
                    self._apply_numbers(delta, k)
                    assert self._last_group is not None
                    group = self._last_group
                    for j in range(group.start, len(self.steps)):
                        st = self.steps[j]
                        unit = group.signature[j - group.start][4]
                        self.steps[j] = dataclasses.replace(st, repeat=st.repeat + k * unit)
                    done += k
            prev = current

    def _merge_group(self, start: int, signature: tuple[Any, ...], last: StepGroup | None) -> bool:
        """If this draw's steps repeat the previous draw's exactly, count them on the previous ones."""
        if (last is not None and signature and last.signature == signature
                and last.start + len(signature) == start):
            for j, st in enumerate(self.steps[last.start:start]):
                self.steps[last.start + j] = dataclasses.replace(st, repeat=st.repeat + signature[j][4])
            del self.steps[start:]
            self._last_group = last  # nested draws may have moved it; this draw's group is the merged one
            return True
        self._last_group = StepGroup(start, signature) if signature else None
        return False
