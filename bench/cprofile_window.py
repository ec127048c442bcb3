"""cProfile of each bot process and of the benchmark's own stand-in of Discord over a burst's acknowledgement
window (``bench/burst.py --cprofile DIR``).

Why beside py-spy (``--profile``): on this virtual machine py-spy over-weights system calls (a preempted thread
is sampled where it stopped), and it needs installing by hand. cProfile counts calls and each function's own
time in the process's CPU; it slows the profiled code (roughly 1.5-2x), so its figures say where the time goes,
not how much there is: the per-interaction CPU comes from the run without it.

The bot's process starts profiling on SIGUSR1 (sent just before the burst's first interaction) and stops and
writes ``cprof-PID.pstats`` on SIGUSR2 (sent once every interaction is acknowledged). Only the loop's thread is
profiled (the main thread: the engine's workers are processes of their own).
"""

from __future__ import annotations

import io
import pstats
from pathlib import Path

PRELUDE = '''
if __name__ == "__main__":  # the bot's own process, not the engine's workers (they import this file too)
    import cProfile as _cp, os as _o, signal as _sg
    _cprof = _cp.Profile()
    def _cprof_on(_n, _f):
        _cprof.enable()
    def _cprof_off(_n, _f):
        _cprof.disable()
        _cprof.dump_stats({path!r} + "/cprof-%d.pstats" % _o.getpid())
    _sg.signal(_sg.SIGUSR1, _cprof_on)
    _sg.signal(_sg.SIGUSR2, _cprof_off)
'''


def prelude(directory: Path) -> str:
    return PRELUDE.format(path=str(directory))


def summary(path: Path, per: int, top: int = 30) -> str:
    """The functions with the most own time (tottime) and the most time under them (cumtime), in µs per
    interaction of the ``per`` this process took."""
    stats = pstats.Stats(str(path), stream=io.StringIO())
    total = stats.total_tt  # type: ignore[attr-defined]
    lines = [f"  {path.name}: {total:.2f} s profiled, {total / per * 1e6:.0f} µs per interaction ({per})"]
    rows = stats.stats  # type: ignore[attr-defined]

    def name(func: tuple[str, int, str]) -> str:
        file, line, fn = func
        parts = Path(file).parts
        return f"{'/'.join(parts[-2:])}:{line}({fn})" if file != "~" else fn

    for title, key in (("own time", 2), ("cumulative", 3)):
        lines.append(f"    by {title}: µs per interaction, calls per interaction, function")
        for func, row in sorted(rows.items(), key=lambda kv: -kv[1][key])[:top]:
            lines.append(f"      {row[key] / per * 1e6:8.1f}  {row[1] / per:7.2f}  {name(func)}")
    return "\n".join(lines)
