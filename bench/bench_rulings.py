"""Benchmark of cached ruling look-ups (the /ruling answer from the SQLite cache, Scryfall not asked).

Run: .venv/bin/python bench/bench_rulings.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.rulings import RulingsService, load_bulk_file  # noqa: E402
from bot.scryfall import ScryfallClient  # noqa: E402
from bot.store import Store  # noqa: E402

CARDS = ROOT.parent / "shared" / "data" / "cards"


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with Store(Path(tmp) / "r.sqlite3") as store:
            cards, _ = load_bulk_file(CARDS / "oracle-cards.json")
            _, rulings = load_bulk_file(CARDS / "rulings.json")
            await store.bulk_load(cards, rulings)
            svc = RulingsService(store, client=ScryfallClient(base_url="http://127.0.0.1:9"),
                                 ttl=timedelta(days=7))
            names = [c["name"] for c in cards]
            for name in names:
                await svc.reply(name)
            samples = []
            for _ in range(10):
                for name in names:
                    t = time.perf_counter()
                    await svc.reply(name)
                    samples.append(time.perf_counter() - t)
            await svc.close()
    print(f"rulings.cached_lookup_median_ms {statistics.median(samples) * 1000:.3f}  (target < 1 ms; "
          f"{len(samples)} look-ups of {len(names)} cards, reply built)")


if __name__ == "__main__":
    asyncio.run(main())
