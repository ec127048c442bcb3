"""Heavy users against everyone else: ten users each send /draw with 2,000-character texts as fast as their rate
limit allows (5 every 10 s), while other users each ask one ordinary one-line /draw now and then. The real bot
runs in its own process (``drawjudge run``) against the loopback stand-in of Discord.

Reports the other users' answer latency (p50 / p99, counted from when each was sent to when its final answer
arrived), how many of them were answered "Too large to resolve in time" (never acceptable: their question is
small), the heavy users' own outcome, and the bot's longest event-loop block (wall clock and its own thread's
CPU, from its watch, logged at stop).

The heavy texts are the costly shapes reported in issue #28 (a run of spaces, tabs or no-break spaces filling
the text) and a long situation of many clauses, each cut to Discord's 2,000 characters.

Run: .venv/bin/python bench/heavy_users.py [--seconds 30] [--others-per-second 2] [--root PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stress import build_db  # noqa: E402
from tests.fakes.botproc import start_bot, stop_bot  # noqa: E402
from tests.fakes.discord_fake import slash  # noqa: E402
from tests.fakes.gateway import StandInDiscord  # noqa: E402

HEAVY_USERS = 10
RATE, PER = 5, 10.0  # the bot's per-user budget (bot/discord/app.py COOLDOWN_RATE / COOLDOWN_PER)
LIMIT = 2000
ORDINARY = ["I have 2 cards in my library and I draw 3.", "Alice: library 0, controls Laboratory Maniac. Alice draws "
            "a card.", "I control Thought Reflection; it's my draw step.", "I draw 2 cards with 1 card in library."]


def heavy_texts() -> list[str]:
    start, end = "I have 2 cards in my library.", "I draw 3 cards."
    fill = LIMIT - len(start) - len(end)
    clauses = "Bob draws a card. Alice draws 2 cards. I cast Opportunity. "
    return [(start + ws * fill + end)[:LIMIT] for ws in (" ", "\t", "\u00a0", " \t")] + [
        ("4 players. Spirit of the Labyrinth is in play. " + clauses * 40)[:LIMIT]]


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def _texts(server: StandInDiscord, iid: int) -> str:
    out = [str(p) for _m, path, p in server.rest if path.startswith(f"/interactions/{iid}/")]
    return " ".join(out + [str(p) for p in server.followups.get(f"tok-{iid}", [])])


async def _heavy_user(server: StandInDiscord, user: int, texts: list[str], until: float,
                      sent: dict[int, float]) -> None:
    i = 0
    while time.perf_counter() < until:
        for _ in range(RATE):  # the whole budget at once, then wait for it to come back
            payload = slash("draw", user_id=str(8_000 + user), situation=texts[(user + i) % len(texts)])
            i += 1
            sent[int(payload["id"])] = time.perf_counter()
            await server.push_interaction(payload)
        await asyncio.sleep(PER + 0.1)


async def _others(server: StandInDiscord, per_second: float, until: float, sent: dict[int, float]) -> None:
    n = 0
    while time.perf_counter() < until:
        payload = slash("draw", user_id=str(90_000 + n), situation=ORDINARY[n % len(ORDINARY)])
        n += 1
        sent[int(payload["id"])] = time.perf_counter()
        await server.push_interaction(payload)
        await asyncio.sleep(1 / per_second)


async def measure(db: Path, tmp: Path, root: Path, seconds: float, per_second: float) -> dict[str, Any]:
    heavy_sent: dict[int, float] = {}
    other_sent: dict[int, float] = {}
    async with StandInDiscord() as server:
        proc = await start_bot(server, db, tmp, root=root)
        try:
            until = time.perf_counter() + seconds
            texts = heavy_texts()
            await asyncio.gather(*(_heavy_user(server, u, texts, until, heavy_sent) for u in range(HEAVY_USERS)),
                                 _others(server, per_second, until, other_sent))
            patience = time.perf_counter() + 30
            everyone = heavy_sent.keys() | other_sent.keys()
            while time.perf_counter() < patience and not everyone <= server.answered_at.keys():
                await asyncio.sleep(0.1)
        finally:
            _code, out = await stop_bot(proc)
    others = [server.answered_at[i] - t for i, t in other_sent.items() if i in server.answered_at]
    heavy = [server.answered_at[i] - t for i, t in heavy_sent.items() if i in server.answered_at]
    blocks = [float(m.group(1)) for m in re.finditer(rb"longest block ([\d.]+) ms", out)]
    owns = [float(m.group(1)) for m in re.finditer(rb"own thread's CPU: ([\d.]+) ms", out)]
    return {
        "others": len(other_sent), "others_lost": len(other_sent) - len(others),
        "others_too_large": sum("Too large" in _texts(server, i) for i in other_sent),
        "others_late": sum(1 for i, t in other_sent.items() if server.acked_at.get(i, 1e18) - t > 3.0),
        "p50": _pct(others, 50), "p99": _pct(others, 99), "worst": max(others, default=float("nan")),
        "heavy": len(heavy_sent), "heavy_answered": len(heavy),
        "heavy_too_large": sum("Too large" in _texts(server, i) for i in heavy_sent),
        "heavy_cooldown": sum("asking quickly" in _texts(server, i) for i in heavy_sent),
        "heavy_p50": _pct(heavy, 50),
        "block": max(blocks, default=float("nan")), "own": max(owns, default=float("nan")),
    }


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--others-per-second", type=float, default=2.0)
    parser.add_argument("--root", default=str(ROOT))
    args = parser.parse_args()
    root = Path(args.root).resolve()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        db = tmp / "base.sqlite3"
        await build_db(db)
        shutil.copy(db, tmp / "run.sqlite3")
        r = await measure(tmp / "run.sqlite3", tmp, root, args.seconds, args.others_per_second)
    print(f"code measured: {root}; {HEAVY_USERS} heavy users at {RATE} per {PER:.0f} s with {LIMIT}-character "
          f"texts for {args.seconds:.0f} s; other users {args.others_per_second}/s")
    print("| others' /draw | lost | late ack | 'Too large' | p50 | p99 | worst | heavy sent | heavy answered "
          "| heavy 'Too large' | heavy cooled down | loop block (own CPU) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {r['others']} | {r['others_lost']} | {r['others_late']} | {r['others_too_large']} | {r['p50']:.2f} s "
          f"| {r['p99']:.2f} s | {r['worst']:.2f} s | {r['heavy']} | {r['heavy_answered']} | "
          f"{r['heavy_too_large']} | {r['heavy_cooldown']} | {r['block']:.0f} ms ({r['own']:.0f} ms) |")


if __name__ == "__main__":
    asyncio.run(main())
