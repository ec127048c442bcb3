"""Every benchmark of the project in one command, printed as one table (Markdown), plus the load run and a
fuzzing run of 100,000+ inputs over the situation parser and the rules search.

Run: .venv/bin/python bench/run_all.py [--quick] [--only engine,store,bot,load,fuzz]
  --quick: smaller counts (for a fast look; the README figures come from a full run)
  --only:  some sections (store includes the rulings cache)
"""

from __future__ import annotations

import asyncio
import gc
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bench import bench_engine, bench_perf  # noqa: E402
from bench.bench_store import QUERIES  # noqa: E402
from bot.cards.rulings import RulingsService, load_bulk_file  # noqa: E402
from bot.discord.app import DrawJudgeBot  # noqa: E402
from bot.rules.index import Indexes  # noqa: E402
from bot.rules.update import ensure_shipped_editions, update_from_file, update_ga_from_folder  # noqa: E402
from bot.service import Judge  # noqa: E402
from bot.sources.scryfall import ScryfallClient  # noqa: E402
from bot.store import Store  # noqa: E402
from engine.errors import ScenarioError  # noqa: E402
from engine.resolve import resolve  # noqa: E402
from engine.scenario_json import scenario_from_json  # noqa: E402
from engine.situation import all_examples, situation_to_json  # noqa: E402
from tests.fakes.botproc import bot_output, peak_rss_mb, start_bot, stop_bot  # noqa: E402
from tests.fakes.discord_fake import APP_ID, FakeDiscord, autocomplete, dispatch, slash  # noqa: E402
from tests.fakes.gateway import StandInDiscord  # noqa: E402
from tests.fakes.load import fire  # noqa: E402

SHARED = ROOT.parent / "shared" / "data"
CR = SHARED / "cr" / "MagicCompRules 20260116.txt"
ROWS: list[tuple[str, str, str, str]] = []


def row(area: str, measure: str, value: str, target: str = "") -> None:
    ROWS.append((area, measure, value, target))
    print(f"  {area:<12} {measure:<48} {value:>16}  {target}", flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def median_time(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def bench_engine_rows(quick: bool) -> None:
    scenarios = [scenario_from_json(d) for d in bench_engine.SUITE]
    repeat = 10 if quick else 40
    fast = [median_time(lambda s=s: resolve(s, branches=False), repeat) for s in scenarios]
    slow = [median_time(lambda s=s: resolve(s, compress=False, branches=False), repeat) for s in scenarios]
    row("engine", f"suite of {len(scenarios)} scenarios, median per scenario", ms(statistics.median(fast)),
        "< 0.5 ms")
    row("engine", "same suite, one-card-at-a-time resolver", ms(statistics.median(slow)))
    for n in (10, 10**3, 10**6, 10**9):
        doc = bench_engine.two({"library": n + 1, "hand": 0, "battlefield": ["Thought Reflection"]},
                               {"battlefield": ["Sheoldred, the Apocalypse"]},
                               {"type": "draw", "player": "You", "count": n // 2})
        s = scenario_from_json(doc)
        t_fast = median_time(lambda s=s: resolve(s, branches=False), 5)
        text = ms(t_fast)
        target = "flat in the count"
        if n <= 10**3:
            t_slow = median_time(lambda s=s: resolve(s, compress=False, branches=False), 3)
            text += f" (1-by-1 {t_slow * 1000:.2f} ms, ×{t_slow / t_fast:.1f})"
        row("engine", f"draw {n:,} cards, replacement + trigger", text, target)


async def bench_store_rows(tmp: Path, quick: bool) -> Store:
    store = Store(tmp / "bench.sqlite3")
    await store.open()
    await ensure_shipped_editions(store)
    t = time.perf_counter()
    await update_from_file(store, CR)
    row("store", "ingest of the 2026-01-16 CR file", f"{time.perf_counter() - t:.3f} s", "< 2 s")
    await update_ga_from_folder(store, SHARED / "ga" / "gitbook-rules")
    edition = await store.edition()
    numbers = await store.rule_numbers(edition)
    samples = []
    for n in numbers[: 600 if quick else None]:
        t = time.perf_counter()
        await store.rule(n + ".", edition)
        samples.append(time.perf_counter() - t)
    row("store", f"rule look-up by number, median of {len(samples)}", ms(statistics.median(samples)), "< 0.2 ms")
    index = await Indexes(store).get(edition)
    samples = []
    for _ in range(1 if quick else 3):
        for q in QUERIES:
            t = time.perf_counter()
            index.search(q)
            samples.append(time.perf_counter() - t)
    row("store", f"search (in memory), median over {len(QUERIES)} queries", ms(statistics.median(samples)),
        "< 1 ms")
    row("store", "cache file size (CR 2026 + GA + shipped)", f"{await store.file_size() / 1e6:.2f} MB")
    cards, _ = load_bulk_file(SHARED / "cards" / "oracle-cards.json")
    _, rulings = load_bulk_file(SHARED / "cards" / "rulings.json")
    await store.bulk_load(cards, rulings)
    svc = RulingsService(store, client=ScryfallClient(base_url="http://127.0.0.1:9"))
    names = [c["name"] for c in cards]
    samples = []
    for _ in range(3):
        for name in names:
            t = time.perf_counter()
            await svc.reply(name)
            samples.append(time.perf_counter() - t)
    await svc.close()
    row("rulings", f"cached ruling look-up, median of {len(samples)}", ms(statistics.median(samples)), "< 1 ms")
    return store


async def bench_interaction_rows(store: Store, quick: bool) -> None:
    n = 200 if quick else 1000
    with pytest.MonkeyPatch.context() as mp:
        fake = FakeDiscord()
        fake.install(mp)
        client = DrawJudgeBot(Judge(store), application_id=APP_ID)
        await client.login("bench")
        makers = {
            "/draw": lambda i: slash("draw", situation="I have 1 card in my library, my opponent controls "
                                     "Notion Thief and Spirit of the Labyrinth, I cast Opportunity"),
            "/rule": lambda i: slash("rule", number=f"121.{1 + i % 9}"),
            "/search": lambda i: slash("search", query=QUERIES[i % len(QUERIES)]),
            "autocomplete": lambda i: autocomplete("rule", "number", f"12{i % 10}"),
        }
        for name, make in makers.items():
            for i in range(20):
                await dispatch(client, fake, make(i))
            latencies = []
            start = time.perf_counter()
            for i in range(n):
                payload = make(i)
                await dispatch(client, fake, payload)
                iid = int(payload["id"])
                first = next(c.at for c in reversed(fake.calls) if c.interaction_id == iid)
                latencies.append(first - fake.dispatched_at[iid])
            wall = time.perf_counter() - start
            latencies.sort()
            p99 = latencies[int(0.99 * (len(latencies) - 1))]
            p50 = statistics.median(latencies)
            figures = f"{n / wall:.0f}/s, {p50 * 1000:.2f} / {p99 * 1000:.2f} ms"
            row("bot", f"{name} in-process: rate, p50 / p99", figures, "p99 < 50 ms (/draw)")
            fake.calls.clear()
        await client.close()


async def bench_load_rows(store: Store, tmp: Path, quick: bool) -> None:
    """The real bot in its own process (`drawjudge run`) against the loopback stand-in of Discord: a burst,
    then bursts of growing size until answers are late (past Discord's 3 s), and the event loop's longest
    block over the whole run (the bot logs it when it stops)."""
    import shutil

    n = 300 if quick else 1000
    db = tmp / "load.sqlite3"
    shutil.copy(store.path, db)
    async with StandInDiscord() as server:
        proc = await start_bot(server, db, tmp)
        try:
            result = await fire(server, n)
            peak = peak_rss_mb(proc)
            bursts = []
            for size in ((500, 1000) if quick else (1000, 1500, 2000, 2500, 3000)):
                await asyncio.sleep(2)
                burst = await fire(server, size)
                late = sum(1 for x in burst.latencies if x > 3.0) + (size - burst.answered)
                bursts.append((size, late, min(burst.latencies, default=float("nan"))))
        finally:
            code, _err = await stop_bot(proc)
            text = bot_output(proc).decode("utf-8", "replace")
    row("load", f"{n} mixed interactions at once over loopback", f"{result.answered}/{n} answered",
        "all, none > 3 s")
    row("load", "latency p50 / p99 / max", f"{statistics.median(result.latencies):.2f} / {result.pct(99):.2f} / "
        f"{max(result.latencies):.2f} s", "max < 3 s")
    row("load", "throughput; bot peak memory; clean SIGTERM exit",
        f"{n / result.wall:.0f}/s; {peak:.0f} MB; exit {code}")
    for size, late, first in bursts:
        before = " (before: first after 4.35 s, 1,382 late)" if size == 2000 else ""
        row("load", f"burst of {size}: first response; answers later than 3 s", f"{first:.2f} s; {late}",
            f"none late{before}")
    first_late = next((size for size, late, _ in bursts if late), None)
    row("load", "burst size at which answers start to be late",
        f"{first_late}" if first_late else f"none up to {bursts[-1][0]}", "")
    block = re.search(r"event loop: longest block ([\d.]+) ms", text)
    row("load", "the bot's event loop: longest block over the load run", f"{block.group(1)} ms" if block else "?",
        "a few ms")


WORDS = ["I", "draw", "draws", "opponent", "controls", "library", "hand", "3", "two", "each player", ".", ";", ",",
         "and", "cast", "Opportunity", "my", "is", "empty", "turn", "'s", "draw step", "Notion Thief", "in play",
         "Bob", "4 players", "Two-Headed Giant", "rules 2008:", "Grand Archive:", "memory", "loot", "@everyone",
         "10^100", "-1", "\u200b", "\u202e", "NEAR(", "*", '"', "(", "life", "at", "Sheoldred", "may", "first turn"]


async def _current_index(store: Store) -> Any:
    return await Indexes(store).get(await store.edition())


def bench_fuzz_rows(store: Store, loop: asyncio.AbstractEventLoop, quick: bool) -> None:
    n_parser = 10_000 if quick else 100_000
    n_search = 2_000 if quick else 20_000
    examples = all_examples()
    counts = {"scenario": 0, "error": 0, "resolved": 0}
    text_strategy = st.one_of(
        st.text(max_size=300),
        st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join),
        st.tuples(st.sampled_from(examples), st.sampled_from(examples), st.text(max_size=5)).map(
            lambda t: ". ".join(t[:2]) + t[2]),
    )

    @settings(max_examples=n_parser, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(text_strategy)
    def parser(text: str) -> None:
        try:
            doc = situation_to_json(text)
            counts["scenario"] += 1
            if random.random() < 0.1:
                resolve(scenario_from_json(doc), branches=False)
                counts["resolved"] += 1
        except ScenarioError:
            counts["error"] += 1

    t = time.perf_counter()
    parser()
    row("fuzz", f"situation parser: {n_parser:,} inputs (hypothesis)", f"{time.perf_counter() - t:.0f} s, 0 crashes",
        f"{counts['scenario']:,} scenarios, {counts['error']:,} errors")
    search_count = {"n": 0}
    index = loop.run_until_complete(_current_index(store))

    @settings(max_examples=n_search, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(st.text(max_size=80), st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)))
    def search(q: str) -> None:
        index.search(q)
        search_count["n"] += 1

    t = time.perf_counter()
    search()
    row("fuzz", f"rules search: {n_search:,} inputs (hypothesis)", f"{time.perf_counter() - t:.0f} s, 0 crashes",
        "any Unicode, query syntax")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    quick = "--quick" in argv
    only = set(argv[argv.index("--only") + 1].split(",")) if "--only" in argv else {
        "engine", "store", "bot", "perf", "load", "fuzz"}
    print("drawjudge benchmarks" + (" (quick)" if quick else ""), flush=True)
    if "engine" in only:
        bench_engine_rows(quick)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    if "perf" in only:
        bench_perf.alternatives_rows(row)
    if only & {"store", "bot", "perf", "load", "fuzz"}:
        with tempfile.TemporaryDirectory() as tmp:
            store = loop.run_until_complete(bench_store_rows(Path(tmp), quick))
            if "perf" in only:
                loop.run_until_complete(bench_perf.heavy_rows(store, row))
                loop.run_until_complete(bench_perf.lookup_rows(store, CR, QUERIES, row, Path(tmp)))
            if "bot" in only:
                loop.run_until_complete(bench_interaction_rows(store, quick))
            if "load" in only:
                loop.run_until_complete(bench_load_rows(store, Path(tmp), quick))
            if "fuzz" in only:
                bench_fuzz_rows(store, loop, quick)
            loop.run_until_complete(store.close())
    gc.collect()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    row("memory", "peak resident memory of the benchmark process", f"{peak:.0f} MB")
    print()
    print("| area | measure | result | target / note |")
    print("|---|---|---|---|")
    for area, measure, value, target in ROWS:
        print(f"| {area} | {measure} | {value} | {target} |")


if __name__ == "__main__":
    main()
