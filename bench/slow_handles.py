"""Which callbacks of the bot's event loop hold it longest in a burst (``bench/burst.py --slow-handles``).

Why: the loop watch (bot/loopwatch.py) says how long the longest turn of the loop was, in wall-clock time and
in the loop thread's CPU, not what ran in it. Here every callback the loop runs (``asyncio.Handle._run``: a
task's step, a timer, an I/O callback) is timed in the thread's CPU, and each one over ``THRESHOLD`` is kept
with what it was (a task's coroutine, or the callback's name), its wall-clock time and when it ran. Timing
costs two clock reads per callback (about 4 µs here), so the run is slower than a plain one.
"""

from __future__ import annotations

import json
from pathlib import Path

THRESHOLD = 0.005  # seconds of CPU

PRELUDE = '''
if __name__ == "__main__":  # the bot's own process, not the engine's workers (they import this file too)
    import asyncio.events as _ev, atexit as _ae, gc as _gc, json as _j, os as _o, time as _t
    _sh_rec, _sh_gc = [], [0.0]
    def _sh_gc_cb(phase, info, _c=_sh_gc):
        if phase == "start":
            _c.append(_t.thread_time())
        else:
            _c[0] += _t.thread_time() - _c.pop()
    _gc.callbacks.append(_sh_gc_cb)
    _sh_inner = _ev.Handle._run
    def _sh_run(self, _inner=_sh_inner, _tt=_t.thread_time, _pc=_t.perf_counter):
        own, wall, gc0 = _tt(), _pc(), _sh_gc[0]
        _inner(self)
        own = _tt() - own
        if own > {threshold!r}:
            cb = self._callback
            owner = getattr(cb, "__self__", None)
            coro = getattr(owner, "get_coro", None)
            what = getattr(coro(), "__qualname__", repr(coro())) if coro is not None else getattr(
                cb, "__qualname__", repr(cb))
            _sh_rec.append((what, own, _pc() - wall, wall, _sh_gc[0] - gc0))
    _ev.Handle._run = _sh_run
    def _sh_dump():
        with open({path!r} + "/slow-%d.json" % _o.getpid(), "w") as f:
            _j.dump(_sh_rec, f)
    _ae.register(_sh_dump)
'''


def prelude(directory: Path) -> str:
    return PRELUDE.format(path=str(directory), threshold=THRESHOLD)


def summary(directory: Path, burst_start: float) -> str:
    """Per process: the slowest callbacks in CPU (when, from the burst's first interaction; the collector's share
    of each), and the count by kind."""
    lines = []
    for path in sorted(directory.glob("slow-*.json")):
        records = json.loads(path.read_text())
        lines.append(f"  {path.name}: {len(records)} callbacks over {THRESHOLD * 1000:.0f} ms of CPU")
        kinds: dict[str, list[float]] = {}
        for what, own, _wall, _at, _gc in records:
            kinds.setdefault(what, []).append(own)
        for what, owns in sorted(kinds.items(), key=lambda kv: -max(kv[1]))[:12]:
            lines.append(f"    {len(owns):5d} x {what}: max {max(owns) * 1000:.1f} ms CPU, "
                         f"total {sum(owns) * 1000:.0f} ms")
        for what, own, wall, at, gc in sorted(records, key=lambda r: -r[1])[:10]:
            lines.append(f"    {at - burst_start:+7.2f} s: {what} {own * 1000:.1f} ms CPU ({gc * 1000:.1f} ms of it "
                         f"collecting), {wall * 1000:.1f} ms wall")
    return "\n".join(lines)
