"""The garbage collector's pauses in the bot's process during a burst (``bench/burst.py --gc-trace``).

Why: the loop watch (bot/loopwatch.py) says how long the loop was held, not by what. ``gc.callbacks`` timing
per generation says which collections held it, how long each took in wall-clock and in the collecting
thread's CPU, and how much each freed (a young collection that frees a cycle holding a large structure pays
for deallocating all of it inside the pause). ``--gc-garbage`` keeps what the collector found
(``gc.DEBUG_SAVEALL``) and counts it by type at exit: the cyclic garbage a burst makes, by kind.
"""

from __future__ import annotations

import json
from pathlib import Path

PRELUDE = '''
if __name__ == "__main__":  # the bot's own process, not the engine's workers (they import this file too)
    import atexit as _ae, gc as _gc, json as _j, os as _o, threading as _th, time as _t
    _gc_start, _gc_rec, _gc_main = [0.0, 0.0], [], _th.main_thread().ident
    _gc_size = [0, []]
    def _gc_cb(phase, info):
        if phase == "start":
            g = info["generation"]
            young = []
            for k in range(g + 1 if g < 2 else 0):
                young.extend(_gc.get_objects(k))
            kinds = {{}}
            if len(young) > 3000:
                for o in young:
                    n = type(o).__module__ + "." + type(o).__qualname__
                    kinds[n] = kinds.get(n, 0) + 1
            _gc_size[:] = [len(young), sorted(kinds.items(), key=lambda kv: -kv[1])[:6]]
            young = None
            _gc_start[0], _gc_start[1] = _t.perf_counter(), _t.thread_time()
        else:
            _gc_rec.append((info["generation"], _t.perf_counter() - _gc_start[0], _t.thread_time() - _gc_start[1],
                            info["collected"], info["uncollectable"], _t.perf_counter(),
                            _th.get_ident() == _gc_main, _gc_size[0], _gc_size[1]))
    _gc.callbacks.append(_gc_cb)
    if {garbage!r}:
        _gc.set_debug(_gc.DEBUG_SAVEALL)
    def _gc_dump():
        kinds = {{}}
        for o in _gc.garbage:
            k = type(o).__module__ + "." + type(o).__qualname__
            kinds[k] = kinds.get(k, 0) + 1
        alive = {{}}
        for o in _gc.get_objects():  # tracked and not frozen: what a full collection walks
            k = type(o).__module__ + "." + type(o).__qualname__
            alive[k] = alive.get(k, 0) + 1
        with open({path!r} + "/gc-%d.json" % _o.getpid(), "w") as f:
            _j.dump({{"records": _gc_rec, "garbage": sorted(kinds.items(), key=lambda kv: -kv[1])[:40],
                     "garbage_total": len(_gc.garbage),
                     "alive": sorted(alive.items(), key=lambda kv: -kv[1])[:25], "alive_total": sum(alive.values()),
                     "frozen": _gc.get_freeze_count(),
                     "threshold": _gc.get_threshold()}}, f)
    _ae.register(_gc_dump)
'''


def prelude(directory: Path, garbage: bool = False) -> str:
    return PRELUDE.format(path=str(directory), garbage=garbage)


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def summary(directory: Path, burst_start: float | None = None) -> str:
    """Per process: each generation's collections, the longest ones (when: seconds after the burst's first
    interaction was sent, the clock being the machine's monotonic one in every process; else before the
    process's last collection), what was alive and not frozen at exit, and the cyclic garbage kept."""
    lines = []
    for path in sorted(directory.glob("gc-*.json")):
        data = json.loads(path.read_text())
        records = data["records"]
        lines.append(f"  {path.name}: threshold {data['threshold']}, frozen {data['frozen']}")
        for generation in (0, 1, 2):
            mine = [r for r in records if r[0] == generation]
            if not mine:
                continue
            walls = [r[1] * 1000 for r in mine]
            cpus = [r[2] * 1000 for r in mine]
            lines.append(f"    gen {generation}: {len(mine)} collections, wall p50 {_pct(walls, 50):.2f} ms, "
                         f"p99 {_pct(walls, 99):.2f}, max {max(walls):.1f} (CPU max {max(cpus):.1f}), "
                         f"total {sum(walls):.0f} ms; collected {sum(r[3] for r in mine)}, "
                         f"off the main thread {sum(1 for r in mine if not r[6])}")
        end = max((r[5] for r in records), default=0.0)
        for r in sorted(records, key=lambda r: -r[1])[:8]:
            when = (f"{r[5] - burst_start:+6.1f} s from the burst" if burst_start is not None
                    else f"{end - r[5]:5.1f} s before the last")
            lines.append(f"    longest: {when}, gen {r[0]} {r[1] * 1000:.1f} ms wall, "
                         f"{r[2] * 1000:.1f} ms CPU, "
                         f"collected {r[3]}, main thread {r[6]}, young objects {r[7]} {r[8]}")
        lines.append(f"    alive at exit, not frozen: {data['alive_total']} objects")
        lines.extend(f"      {n:7d} {kind}" for kind, n in data["alive"][:15])
        if data["garbage_total"]:
            lines.append(f"    cyclic garbage kept (DEBUG_SAVEALL): {data['garbage_total']} objects")
            lines.extend(f"      {n:7d} {kind}" for kind, n in data["garbage"][:25])
    return "\n".join(lines)
