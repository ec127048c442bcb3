"""Compression of identical draws: a run of draws in the same "regime" that changes the state by the same
amounts is counted arithmetically (see the package docstring)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from engine.resolve.events import StepGroup

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver



def _regime(r: Resolver) -> tuple[Any, ...]:
    out: list[Any] = []
    for p in r.s.players:
        # Named cards move one by one (their names show in the steps), so their counts are exact here.
        # drawn this turn up to 5: "your second/third/fourth card each turn" triggers must not be batched
        out.append((min(p.library.size, 8), min(p.hand.size, 2), min(p.drawn_this_turn, 5),
                    min(p.drawn_this_draw_step, 2), p.attempted_empty_draw, p.lost, len(p.library.cards),
                    len(p.hand.cards), len(p.graveyard.cards), len(p.exile.cards), len(p.memory.cards),
                    tuple(sorted(p.tokens)), tuple(sorted(p.counters))))
    out.append(len(r.consumed))
    return tuple(out)


def _numbers(r: Resolver) -> tuple[int, ...]:
    out: list[int] = []
    for p in r.s.players:
        out += [p.library.unknown, p.hand.unknown, p.graveyard.unknown, p.exile.unknown, p.life,
                p.drawn_this_turn, p.drawn_this_draw_step, p.memory.unknown, p.poison]
    for p in r.s.players:
        out += [p.tokens[k] for k in sorted(p.tokens)] + [p.counters[k] for k in sorted(p.counters)]
    out += [t.count for t in r.pending]
    return tuple(out)


def _apply_numbers(r: Resolver, delta: tuple[int, ...], k: int) -> None:
    i = 0
    for p in r.s.players:
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
    for p in r.s.players:
        for name in sorted(p.tokens):
            p.tokens[name] += delta[i] * k
            i += 1
        for name in sorted(p.counters):
            p.counters[name] += delta[i] * k
            i += 1
    for t, d in zip(r.pending, delta[i:], strict=True):
        t.count += d * k
        key = (t.source, t.controller)
        r.trigger_log[key] = r.trigger_log.get(key, 0) + d * k


def _repeats_left(r: Resolver, delta: tuple[int, ...], remaining: int) -> int:
    """How many more identical draws keep the regime: each clamped quantity must stay above its clamp."""
    k = remaining
    i = 0
    for p in r.s.players:
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


def draw_run(r: Resolver, who: str, count: int, source: str, applied: frozenset[str], additional: str) -> None:
    done = 0
    prev: tuple[Any, ...] | None = None
    while done < count and not r.player(who).lost:
        regime = _regime(r)
        before = _numbers(r)
        pending_len = len(r.pending)
        group_start = len(r.steps)
        last = r._last_group
        r.single_draw(r.draw_event(who, source, applied, additional))
        done += 1
        # A step's repeat is part of the signature: a draw replaced by two draws counts its "draw" step
        # twice per draw, and merging or compressing adds that unit, not 1.
        signature = tuple((st.text, st.rules, st.player, st.kind, st.repeat)
                          for st in r.steps[group_start:])
        merged = _merge_group(r, group_start, signature, last)
        if not r.compress or done >= count:
            prev = None
            continue
        after_regime = _regime(r)
        delta = tuple(b - a for a, b in zip(before, _numbers(r), strict=False)) \
            if len(r.pending) == pending_len else None
        current = (regime, after_regime, delta, signature)
        # One draw that leaves the regime unchanged is enough to know the rest of the run: the regime is
        # what decides how a draw goes, so a run of replacement draws (Thought Reflection's two, nested
        # n deep) is counted arithmetically at every level instead of unfolding 2^n draws.
        if delta is not None and regime == after_regime and (prev is None or merged and prev == current):
            k = _repeats_left(r, delta, count - done)
            if k > 0:
                _apply_numbers(r, delta, k)
                assert r._last_group is not None
                group = r._last_group
                for j in range(group.start, len(r.steps)):
                    st = r.steps[j]
                    unit = group.signature[j - group.start][4]
                    r.steps[j] = dataclasses.replace(st, repeat=st.repeat + k * unit)
                done += k
        prev = current


def _merge_group(r: Resolver, start: int, signature: tuple[Any, ...], last: StepGroup | None) -> bool:
    """If this draw's steps repeat the previous draw's exactly, count them on the previous ones."""
    if (last is not None and signature and last.signature == signature
        and last.start + len(signature) == start):
        for j, st in enumerate(r.steps[last.start:start]):
            r.steps[last.start + j] = dataclasses.replace(st, repeat=st.repeat + signature[j][4])
        del r.steps[start:]
        r._last_group = last  # nested draws may have moved it; this draw's group is the merged one
        return True
    r._last_group = StepGroup(start, signature) if signature else None
    return False


