"""Benchmark of the rules store: ingest of the 2026 CR file, rule look-up by number, search, file size.

Run: .venv/bin/python bench/bench_store.py [PATH_TO_CR_TXT]
Prints one line per measure. Uses a fresh temporary SQLite file; touches no network.
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

from bot.rules_source import ensure_shipped_editions, update_from_file  # noqa: E402
from bot.store import Store  # noqa: E402

DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr" / "MagicCompRules 20260116.txt"

QUERIES = [
    "draw from empty library", "can't draw more than one card each turn", "replacement effect draw",
    "state-based actions", "first turn draw step", "two-headed giant draw order", "dredge", "miracle",
    "mill", "win the game", "lose the game", "triggered ability priority", "skip draw", "reveal card drawn",
    "face down while casting", "shuffle library", "search library", "hand size", "discard", "cycling",
    "opponent draws", "additional card", "instead", "prevention effects", "APNAP order", "commander damage",
    "poison counters", "deathtouch", "trample", "flying", "copy spell", "split second", "storm",
    "cascade", "mana value", "token", "treasure", "exile", "graveyard", "battlefield", "stack", "priority",
    "combat damage", "planeswalker loyalty", "legend rule", "world rule", "emblem", "monarch", "initiative",
    "day and night",
]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def main(cr_path: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        async with Store(db) as store:
            await ensure_shipped_editions(store)
            t0 = time.perf_counter()
            result = await update_from_file(store, cr_path)
            ingest = time.perf_counter() - t0
            edition = result.edition
            assert edition is not None
            numbers = await store.rule_numbers(edition)
            sample = numbers[:: max(1, len(numbers) // 2000)]
            for n in sample[:200]:  # warm-up
                await store.rule(n, edition)
            lookups = []
            for n in sample:
                t = time.perf_counter()
                await store.rule(n + ".", edition)
                lookups.append(time.perf_counter() - t)
            searches = []
            for _ in range(3):
                for q in QUERIES:
                    t = time.perf_counter()
                    await store.search(q, edition)
                    searches.append(time.perf_counter() - t)
            size = await store.file_size()
        print(f"store.ingest_2026_cr_s        {ingest:.3f}  (target < 2 s; {result.message})")
        print(f"store.rule_lookup_median_ms   {_median_ms(lookups):.3f}  (target < 0.2 ms; {len(lookups)} look-ups)")
        print(f"store.search_median_ms        {_median_ms(searches):.3f}  (target < 5 ms; {len(QUERIES)} queries x3)")
        print(f"store.file_size_mb            {size / 1e6:.2f}  (CR 2026 + shipped editions)")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_CR))
