"""Benchmark of the bot's in-process path: raw INTERACTION_CREATE payloads through discord.py's real
CommandTree to the (recording) HTTP layer. Prints interactions per second and p50/p99 latency from dispatch
to response, per command.

Run: .venv/bin/python bench/bench_interactions.py [N]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from bot.app import DrawJudgeBot  # noqa: E402
from bot.rules_source import ensure_shipped_editions, update_from_file  # noqa: E402
from bot.service import Judge  # noqa: E402
from bot.store import Store  # noqa: E402
from tests.fakes.discord_fake import APP_ID, FakeDiscord, autocomplete, dispatch, slash  # noqa: E402

CR = ROOT.parent / "shared" / "data" / "cr" / "MagicCompRules 20260116.txt"
KINDS = {
    "draw": lambda i: slash("draw", situation="I have 1 card in my library, my opponent controls Notion Thief and "
                            "Spirit of the Labyrinth, I cast Opportunity"),
    "rule": lambda i: slash("rule", number=f"121.{1 + i % 9}"),
    "search": lambda i: slash("search", query=["draw from empty library", "replacement", "dredge"][i % 3]),
    "autocomplete": lambda i: autocomplete("rule", "number", f"12{i % 10}"),
}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as mp:
        store = Store(Path(tmp) / "bench.sqlite3")
        await store.open()
        await ensure_shipped_editions(store)
        await update_from_file(store, CR)
        fake = FakeDiscord()
        fake.install(mp)
        client = DrawJudgeBot(Judge(store), application_id=APP_ID)
        await client.login("bench-token")
        for kind, make in KINDS.items():
            for i in range(20):  # warm-up
                await dispatch(client, fake, make(i))
            latencies = []
            start = time.perf_counter()
            for i in range(n):
                payload = make(i)
                await dispatch(client, fake, payload)
                iid = int(payload["id"])
                first = next(c.at for c in fake.calls if c.interaction_id == iid)
                latencies.append(first - fake.dispatched_at[iid])
            elapsed = time.perf_counter() - start
            print(f"interactions.{kind:<13} {n / elapsed:8.0f}/s  p50 {statistics.median(latencies) * 1000:6.2f} ms"
                  f"  p99 {pct(latencies, 99) * 1000:6.2f} ms  (n={n}; target p99 < 50 ms for /draw)")
            fake.calls.clear()
        await client.close()
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
