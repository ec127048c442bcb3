"""Burst capacity: N interactions at once at the real bot (``drawjudge run`` in its own process) through the
loopback stand-in of Discord, under a given open-file limit, on one process or on two shard processes.

Reports per burst: late (acknowledged after Discord's 3 s, counted from when each was sent), lost (never
answered within the patience), "busy" refusals, acknowledgement p50 / p99, the slowest final answer, the
bot's longest event-loop block (its own watch, logged at stop), and the REST sockets the bot opened (distinct
client ports the stand-in saw). Run with and without the optional `speed` extra: uvloop is used when it is
installed; ``--no-uvloop`` hides it from the bot's process.

Run: .venv/bin/python bench/burst.py [--sizes 1000,3000,5000,10000] [--nofile 1024] [--processes 1]
     [--no-uvloop] [--no-speed] [--rest N] [--root PATH] [--runs N]
     [--timed-rest] [--at-once] [--own-sessions] [--cprofile DIR] [--gc-trace] [--profile DIR]

The machine's share: the stand-in of Discord runs in this benchmark's process, on the same cores as the bots
(on this project's 2-core machine it used as much CPU per interaction as both bots together), and with Linux's
autogroup scheduling the cores are shared between sessions, so the bots and the stand-in split one session's
share. ``--timed-rest`` counts each acknowledgement when it reached the stand-in (the kernel's stamp), not when
the busy stand-in read it; ``--own-sessions`` gives each bot the share a service of its own would get;
``--at-once`` writes the whole burst at once instead of pushing it over seconds. Discord's 3 s are never
lengthened: each interaction's clock starts when it is written to the bot's gateway.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cprofile_window, gc_trace, slow_handles  # noqa: E402
from bench.stress import DEADLINE, PATIENCE, _is_busy, build_db  # noqa: E402
from tests.fakes.botproc import start_bot, stop_bot  # noqa: E402
from tests.fakes.gateway import StandInDiscord  # noqa: E402
from tests.fakes.load import mixed_payload  # noqa: E402

SPEED_MODULES = ("uvloop", "zstandard", "orjson", "aiodns", "brotli", "Brotli")  # the optional `speed` extra


def _prelude(nofile: int, uvloop: bool, speed: bool = True, trace: str = "") -> str:
    lines = ["import resource\n",
             f"resource.setrlimit(resource.RLIMIT_NOFILE, ({nofile}, {nofile}))\n"] if nofile else []
    hidden = [m for m in SPEED_MODULES if not speed or (m == "uvloop" and not uvloop)]
    if hidden:  # an import of a hidden module fails as if it were not installed
        lines.append(f"import sys as _s\n_s.modules.update(dict.fromkeys({hidden!r}))\n")
    return "".join(lines) + trace


def _cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used so far (Linux: /proc/PID/stat), NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def _stop_profiles(procs: list[asyncio.subprocess.Process], own: cProfile.Profile | None,
                   folder: Path | None) -> None:
    """End the window of ``--cprofile``: each bot writes its profile, and the stand-in's own is written."""
    if own is None or folder is None:
        return
    own.disable()
    own.dump_stats(str(folder / "stand-in.pstats"))
    for p in procs:
        p.send_signal(signal.SIGUSR2)


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


async def measure(n: int, db: Path, tmp: Path, root: Path, *, nofile: int, processes: int,
                  uvloop: bool, rest: int | None = None, speed: bool = True,
                  trace: str = "", profile: Path | None = None,
                  cprofile: Path | None = None, timed_rest: bool = False, at_once: bool = False,
                  own_sessions: bool = False) -> dict[str, float | str]:
    async with StandInDiscord(timed_rest=timed_rest) as server:
        procs = []
        env = {"DRAWJUDGE_SHARD_COUNT": str(processes)} if processes > 1 else {}
        if rest:
            env["DRAWJUDGE_REST_CONNECTIONS"] = str(rest)
        try:
            for shard in range(processes):
                server.new_connection.clear()
                extra = {**env, "DRAWJUDGE_SHARD_IDS": str(shard)} if processes > 1 else env
                prelude = _prelude(nofile, uvloop, speed, trace + (cprofile_window.prelude(cprofile) if cprofile
                                                                    else ""))
                procs.append(await start_bot(server, db, tmp, extra, root=root, prelude=prelude,
                                             new_session=own_sessions))
            spies = [await asyncio.create_subprocess_exec(
                str(Path(sys.executable).parent / "py-spy"), "record", "--nonblocking", "--rate", "250",
                "--format", "raw", "--pid", str(p.pid), "-o", str(profile / f"spy-{p.pid}.txt"),
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
                for p in procs] if profile else []
            connections = server.connections[-processes:]
            server.peers.clear()
            payloads = [mixed_payload(i) for i in range(n)]
            sent: dict[int, float] = {}
            cpu_start = time.process_time()
            bots_start = sum(_cpu_seconds(p.pid) for p in procs)
            own_profile = cProfile.Profile() if cprofile else None
            for p in procs if cprofile else []:
                p.send_signal(signal.SIGUSR1)
            if own_profile is not None:
                own_profile.enable()
            if at_once:  # encoded first, then each connection's share written in one go
                sent = server.push_burst([(p, connections[i % processes]) for i, p in enumerate(payloads)])
            for i, payload in enumerate(payloads if not at_once else []):  # each shard's share, in turn
                sent[int(payload["id"])] = time.perf_counter()
                await server.push_interaction(payload, connections[i % processes])
            sending = max(sent.values()) - min(sent.values())
            until = time.perf_counter() + PATIENCE
            stand_in_cpu = wall = bots_cpu = float("nan")
            while time.perf_counter() < until and len(server.answered_at.keys() & sent.keys()) < n:
                if wall != wall and len(server.acked_at.keys() & sent.keys()) == n:  # all acknowledged
                    stand_in_cpu, wall = time.process_time() - cpu_start, time.perf_counter() - min(sent.values())
                    bots_cpu = sum(_cpu_seconds(p.pid) for p in procs) - bots_start
                    for spy in spies:  # the profile covers the acknowledgements' window only
                        spy.send_signal(2)
                    _stop_profiles(procs, own_profile, cprofile)
                await asyncio.sleep(0.1)
            if wall != wall:  # not all acknowledged within the patience: the profiles end here
                _stop_profiles(procs, own_profile, cprofile)
            sockets = len(server.peers)
            for spy in spies:
                if spy.returncode is None:
                    spy.send_signal(2)
                await spy.wait()
        finally:
            outputs = [(await stop_bot(p))[1] for p in procs]
    acks = [server.acked_at[i] - sent[i] for i in sent if i in server.acked_at]
    read = [server.acked_read_at[i] - sent[i] for i in sent if i in server.acked_read_at]
    answers = [server.answered_at[i] - sent[i] for i in sent if i in server.answered_at]
    blocks = [float(m.group(1)) for out in outputs
              for m in re.finditer(rb"event loop: longest block ([\d.]+) ms", out)]
    owns = [float(m.group(1)) for out in outputs for m in re.finditer(rb"own thread's CPU: ([\d.]+) ms", out)]
    held = [m.group(0).decode() for out in outputs
            for m in re.finditer(rb"garbage collection held [^\n]*|collections held for [^\n]*", out)]
    loops = {m.group(1).decode() for out in outputs for m in re.finditer(rb"event loop: (\w+)\n", out)}
    completes = {int(p["id"]) for p in payloads if p["type"] == 4}
    late_completes = sum(1 for i in completes if server.acked_at.get(i, float("inf")) - sent[i] > DEADLINE)
    return {"n": n, "late": len(acks) - sum(1 for a in acks if a <= DEADLINE), "lost": n - len(answers),
            "late_read": sum(1 for a in read if a > DEADLINE) + n - len(read), "p99_read": _pct(read, 99),
            "late_completes": late_completes, "stand_in_cpu": stand_in_cpu, "acked_within": wall,
            "bots_cpu": bots_cpu,
            "busy": sum(1 for i in sent if i in server.answered_at and _is_busy(server, i)),
            "p50": _pct(acks, 50), "p99": _pct(acks, 99), "slowest": max(answers, default=float("nan")),
            "block": max(blocks, default=float("nan")),
            "own": max(owns, default=float("nan")), "sockets": sockets, "sending": sending,
            "loop": ",".join(sorted(loops)) or "?", "burst_start": min(sent.values()), "held": "; ".join(held)}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,3000,5000,10000")
    parser.add_argument("--nofile", type=int, default=1024, help="open-file limit of the bot (0: as it is)")
    parser.add_argument("--processes", type=int, default=1, help="shard processes sharing the burst")
    parser.add_argument("--no-uvloop", action="store_true", help="hide uvloop from the bot even if installed")
    parser.add_argument("--no-speed", action="store_true",
                        help="hide the whole speed extra (uvloop, zstandard, orjson, aiodns, Brotli) from the bot")
    parser.add_argument("--rest", type=int, default=0, help="DRAWJUDGE_REST_CONNECTIONS for the bot (0: default)")
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--gc-trace", action="store_true",
                        help="time each garbage collection in the bot's process (gc.callbacks), per generation")
    parser.add_argument("--gc-garbage", action="store_true",
                        help="with --gc-trace: keep the cyclic garbage (gc.DEBUG_SAVEALL) and count it by type")
    parser.add_argument("--profile", default="",
                        help="a folder: py-spy samples each bot process during the burst (collapsed stacks); "
                        "py-spy is not a dependency: pip install py-spy into the venv first")
    parser.add_argument("--cprofile", default="",
                        help="a folder: cProfile of each bot process and of the stand-in of Discord (the benchmark's "
                        "own process) over the acknowledgements' window, summed up per interaction")
    parser.add_argument("--timed-rest", action="store_true",
                        help="the stand-in's REST API on a plain server that stamps each request with the kernel's "
                        "receive time (tests/fakes/timed_rest.py): an acknowledgement counts when it reached the "
                        "stand-in, not when the stand-in, busy on the same cores, got round to reading it")
    parser.add_argument("--at-once", action="store_true",
                        help="the whole burst encoded first, then written in one go per connection (else pushed "
                        "one by one, which took the stand-in 1.4-4.8 s for 10,000 on this machine)")
    parser.add_argument("--own-sessions", action="store_true",
                        help="each bot process in a session of its own: with Linux's autogroup scheduling the cores "
                        "are shared between sessions, so the bots then get what a bot started by its own service "
                        "would, instead of sharing one session's share with the stand-in")
    parser.add_argument("--slow-handles", action="store_true",
                        help="time each callback of the bots' event loops (CPU) and list the slowest, with when "
                        "they ran")
    parser.add_argument("--runs", type=int, default=1, help="bursts of each size, one after the other")
    args = parser.parse_args()
    root = Path(args.root).resolve()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        base = tmp / "base.sqlite3"
        await build_db(base)
        print(f"code measured: {root}; open files {args.nofile or 'unchanged'}; {args.processes} process(es); "
              f"REST connections {args.rest or 'default'}")
        print("| burst (sent over) | loop | late (of them autocompletes) | lost | busy | ack p50 | ack p99 "
              "| slowest answer | loop block "
              "(own CPU) | sockets |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for n in (int(x) for x in args.sizes.split(",") for _run in range(args.runs)):
            db = tmp / f"run-{n}.sqlite3"
            shutil.copy(base, db)
            traces = Path(tempfile.mkdtemp(dir=tmp))
            trace = gc_trace.prelude(traces, args.gc_garbage) if args.gc_trace else ""
            trace += slow_handles.prelude(traces) if args.slow_handles else ""
            load = os.getloadavg()[0]
            cprofiles = Path(tempfile.mkdtemp(dir=args.cprofile)) if args.cprofile else None
            r = await measure(n, db, tmp, root, nofile=args.nofile, processes=args.processes,
                              uvloop=not args.no_uvloop, rest=args.rest or None, speed=not args.no_speed,
                              trace=trace, profile=Path(args.profile) if args.profile else None,
                              cprofile=cprofiles, timed_rest=args.timed_rest, at_once=args.at_once,
                              own_sessions=args.own_sessions)
            print(f"| {n} ({r['sending']:.1f} s) | {r['loop']} | {r['late']} ({r['late_completes']}) | "
                  f"{r['lost']} | {r['busy']} | "
                  f"{r['p50']:.2f} s | {r['p99']:.2f} s | {r['slowest']:.2f} s | "
                  f"{r['block']:.0f} ms ({r['own']:.0f} ms CPU) | "
                  f"{r['sockets']} |", flush=True)
            print(f"  (all acknowledged {r['acked_within']:.1f} s after the first was sent; meanwhile the stand-in of "
                  f"Discord used {r['stand_in_cpu']:.1f} s of CPU, the bot's process(es) {r['bots_cpu']:.1f} s; "
                  f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after)", flush=True)
            per = 1e6 / n
            print(f"  (CPU per interaction until all were acknowledged: the bots {float(r['bots_cpu']) * per:.0f} µs, "
                  f"the stand-in {float(r['stand_in_cpu']) * per:.0f} µs)", flush=True)
            if args.timed_rest:
                print(f"  (as the stand-in read them: {r['late_read']} late, ack p99 {r['p99_read']:.2f} s)",
                      flush=True)
            if r["held"]:
                print(f"  ({r['held']})", flush=True)
            if args.gc_trace:
                print(gc_trace.summary(traces, float(r["burst_start"])), flush=True)
            if args.slow_handles:
                print(slow_handles.summary(traces, float(r["burst_start"])), flush=True)
            if cprofiles is not None:
                await asyncio.sleep(0.5)  # the bots write theirs on the signal
                for path in sorted(cprofiles.glob("*.pstats")):
                    print(cprofile_window.summary(path, n if path.name.startswith("stand") else n // args.processes),
                          flush=True)


if __name__ == "__main__":
    asyncio.run(main())
