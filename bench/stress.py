"""Stress: the burst size at which answers start to be late or lost, with the real bot in its own process.

For each burst size N, N mixed interactions (/draw, /rule, /search, rule autocomplete) are put on the loopback
gateway at once, and the stand-in of Discord records when each is acknowledged (Discord wants that within
3 s) and when its answer arrives. A separate run sends SIGTERM into a burst in flight and times the exit.

Each interaction's latency is counted from the moment it was sent (the harness needs a while to put a big
burst on the wire). Run: .venv/bin/python bench/stress.py [--sizes 500,1000,2000,3000,4000] [--root PATH]
  --root: measure another checkout (e.g. a worktree of an older commit) with this same harness.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.rules.update import ensure_shipped_editions, update_from_file, update_ga_from_folder  # noqa: E402
from bot.store import Store  # noqa: E402
from tests.fakes.botproc import peak_rss_mb, start_bot, stop_bot  # noqa: E402
from tests.fakes.gateway import StandInDiscord  # noqa: E402
from tests.fakes.load import mixed_payload  # noqa: E402

SHARED = ROOT.parent / "shared" / "data"
DEADLINE = 3.0  # Discord's acknowledgement window
PATIENCE = 30.0  # an interaction unanswered after this is counted lost


async def build_db(path: Path) -> None:
    async with Store(path) as store:
        await ensure_shipped_editions(store)
        await update_from_file(store, SHARED / "cr" / "MagicCompRules 20260116.txt")
        await update_ga_from_folder(store, SHARED / "ga" / "gitbook-rules")


async def burst(server: StandInDiscord, n: int) -> dict[int, float]:
    """Put n interactions on the wire; returns when each was sent (its own clock for the 3 s window)."""
    conn = server.connections[-1]
    payloads = [mixed_payload(i) for i in range(n)]
    sent: dict[int, float] = {}
    for payload in payloads:
        iid = int(payload["id"])
        sent[iid] = time.perf_counter()
        await server.push_interaction(payload, conn)
    return sent


async def measure(n: int, db: Path, tmp: Path, root: Path) -> dict[str, float]:
    async with StandInDiscord() as server:
        proc = await start_bot(server, db, tmp, root=root)
        try:
            sent = await burst(server, n)
            ids = list(sent)
            until = time.perf_counter() + PATIENCE
            while time.perf_counter() < until and len(server.answered_at.keys() & set(ids)) < n:
                await asyncio.sleep(0.1)
            peak = peak_rss_mb(proc)
        finally:
            code, _out = await stop_bot(proc)
    acks = [server.acked_at[i] - sent[i] for i in ids if i in server.acked_at]
    answers = [server.answered_at[i] - sent[i] for i in ids if i in server.answered_at]
    burst_took = max(sent.values()) - min(sent.values())
    busy = sum(1 for i in ids if i in server.answered_at and _is_busy(server, i))
    in_time = sum(1 for a in acks if a <= DEADLINE)
    return {"n": n, "acked_in_time": in_time, "late": len(acks) - in_time,
            "lost": n - len(answers), "busy": busy, "first": min(acks, default=float("nan")),
            "last": max(answers, default=float("nan")), "peak_mb": peak, "exit": code,
            "p99": sorted(acks)[int(0.99 * (len(acks) - 1))] if acks else float("nan"), "sending": burst_took}


def _is_busy(server: StandInDiscord, iid: int) -> bool:
    """Whether the interaction was answered with the bot's "busy, try again" reply."""
    for _method, path, payload in server.rest:
        if path.startswith(f"/interactions/{iid}/") and isinstance(payload, dict):
            embeds = (payload.get("data") or {}).get("embeds") or []
            return any("busy" in (e.get("description") or "").lower() for e in embeds)
    return False


async def sigterm_in_burst(n: int, db: Path, tmp: Path, root: Path) -> tuple[float, int]:
    async with StandInDiscord() as server:
        proc = await start_bot(server, db, tmp, root=root)
        await burst(server, n)
        await asyncio.sleep(0.5)
        start = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        code, _out = await stop_bot(proc, within=30)
        return time.perf_counter() - start, code


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="500,1000,2000,3000,4000")
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--sigterm", type=int, default=4000)
    args = parser.parse_args()
    root = Path(args.root).resolve()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        base = tmp / "base.sqlite3"
        await build_db(base)
        print(f"code measured: {root}")
        print("| burst (sent over) | acknowledged ≤ 3 s | late | lost | 'busy' replies | ack p99 | slowest answer "
              "| bot peak | exit |")
        print("|---|---|---|---|---|---|---|---|---|")
        for n in (int(x) for x in args.sizes.split(",")):
            db = tmp / f"run-{n}.sqlite3"
            shutil.copy(base, db)
            r = await measure(n, db, tmp, root)
            print(f"| {n} ({r['sending']:.1f} s) | {r['acked_in_time']:.0f} | {r['late']:.0f} | {r['lost']:.0f} | "
                  f"{r['busy']:.0f} | {r['p99']:.2f} s | {r['last']:.2f} s | {r['peak_mb']:.0f} MB | {r['exit']:.0f} |",
                  flush=True)
        db = tmp / "sigterm.sqlite3"
        shutil.copy(base, db)
        took, code = await sigterm_in_burst(args.sigterm, db, tmp, root)
        print(f"SIGTERM with {args.sigterm} interactions in flight: exit {code} after {took:.2f} s")


if __name__ == "__main__":
    asyncio.run(main())
