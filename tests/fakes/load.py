"""Load: N interactions fired at once at the real client through the loopback stand-in of Discord."""

from __future__ import annotations

import asyncio
import resource
import time
from dataclasses import dataclass
from typing import Any

from tests.fakes.discord_fake import autocomplete, slash
from tests.fakes.gateway import StandInDiscord

SITUATIONS = [
    "I have 1 card in my library, my opponent controls Notion Thief and Spirit of the Labyrinth, I cast Opportunity",
    "Alice: library 0, controls Laboratory Maniac. Alice draws a card.",
    "4 players. Spirit of the Labyrinth is in play. Each player draws 2. Bob already drew a card this turn.",
    "I control Thought Reflection and Alhammarret's Archive; it's my draw step.",
]


def mixed_payload(i: int) -> dict[str, Any]:
    kind = i % 4
    if kind == 0:
        return slash("draw", situation=SITUATIONS[i % len(SITUATIONS)])
    if kind == 1:
        return slash("rule", number=f"121.{1 + i % 9}")
    if kind == 2:
        return slash("search", query=["draw from empty library", "replacement effect", "dredge"][i % 3])
    return autocomplete("rule", "number", f"12{i % 10}")


@dataclass
class LoadResult:
    sent: int
    answered: int
    latencies: list[float]
    wall: float
    rss_growth_mb: float

    def pct(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


async def fire(server: StandInDiscord, n: int, timeout: float = 30.0) -> LoadResult:
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    conn = server.connections[-1]
    payloads = [mixed_payload(i) for i in range(n)]
    start = time.perf_counter()
    sent_at: dict[int, float] = {}
    futures = []
    for payload in payloads:  # one burst: every event is on the wire before the first answer is awaited
        sent_at[int(payload["id"])] = time.perf_counter()
        futures.append(await server.push_interaction(payload, conn))
    latencies = []

    async def wait(fut: asyncio.Future[Any], iid: int) -> None:
        await asyncio.wait_for(fut, timeout)
        latencies.append(time.perf_counter() - sent_at[iid])

    results = await asyncio.gather(*(wait(f, int(p["id"])) for f, p in zip(futures, payloads, strict=True)),
                                   return_exceptions=True)
    wall = time.perf_counter() - start
    answered = sum(1 for r in results if r is None)
    growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    return LoadResult(n, answered, latencies, wall, growth)
