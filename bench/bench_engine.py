"""Benchmark of the rules engine: a suite of varied scenarios, and draw counts from 10 to 10^9.

Run: .venv/bin/python bench/bench_engine.py
Prints the median time per scenario of the suite (compressed path and one-card-at-a-time path) and the time
to resolve "draw N" with a replacement and a trigger in play for N = 10, 10^3, 10^6, 10^9.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.resolve import resolve  # noqa: E402
from engine.scenario_json import scenario_from_json  # noqa: E402


def two(me: dict[str, Any], opp: dict[str, Any], action: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"players": [{"name": "You", **me}, {"name": "Opponent", **opp}], "action": action, **top}


D = {"type": "draw", "player": "You", "count": 1}
SUITE: list[dict[str, Any]] = [
    two({"library": 1}, {"battlefield": ["Notion Thief", "Spirit of the Labyrinth"]},
        {"type": "cast", "card": "Opportunity", "player": "You", "targets": ["You"]}),
    two({"library": 2}, {"battlefield": ["Notion Thief"]}, {"type": "draw", "player": "Opponent", "count": 3}),
    two({"library": 0, "battlefield": ["Laboratory Maniac"]}, {}, D),
    two({"library": 0, "battlefield": ["Laboratory Maniac"]}, {"battlefield": ["Platinum Angel"]}, D),
    two({"library": 10, "battlefield": ["Thought Reflection", "Alhammarret's Archive"]}, {}, {"type": "draw_step"},
        step="draw"),
    two({"library": 10, "hand": 0}, {"battlefield": ["Alms Collector"]}, {**D, "count": 4}),
    two({"library": 10, "hand": 0}, {"battlefield": ["Chains of Mephistopheles"]}, {**D, "count": 2}),
    two({"library": 10, "hand": 3}, {"battlefield": ["Chains of Mephistopheles"]}, {**D, "count": 2}),
    two({"library": 3, "graveyard": ["Golgari Thug"]}, {}, D, choices={"apply:Golgari Thug:You": True}),
    two({"library": 10, "hand": 0, "battlefield": ["Blood Scrivener", "Blood Scrivener"]}, {}, D),
    two({"library": 10}, {"battlefield": ["Spirit of the Labyrinth"]}, {**D, "count": 3}),
    two({"library": 10}, {"battlefield": ["Narset, Parter of Veils"]}, {**D, "count": 3}),
    two({"library": 10}, {"battlefield": ["Omen Machine"]}, {"type": "draw_step"}),
    two({"library": 10}, {"battlefield": ["Maralen of the Mornsong"]}, {"type": "draw_step"}),
    two({"library": 10}, {"battlefield": ["Consecrated Sphinx"], "library": 30}, {**D, "count": 3}),
    two({"library": 10, "battlefield": ["Consecrated Sphinx"]}, {"battlefield": ["Consecrated Sphinx"]},
        {**D, "count": 1}),
    two({"library": 10}, {"battlefield": ["Nekusar, the Mindrazer"]}, {"type": "draw_step"}),
    two({"library": 10, "battlefield": ["Sylvan Library"]}, {}, {"type": "draw_step"}),
    two({"library": ["Terminus", "Island"]}, {}, D),
    two({"library": 10}, {"battlefield": ["Howling Mine", "Font of Mythos"]}, {"type": "draw_step"}),
    two({"library": 10, "battlefield": ["Teferi's Puzzle Box"]}, {}, {"type": "draw_step"}),
    two({"library": 10}, {}, {"type": "cast", "card": "Words of Wisdom", "player": "You"}),
    two({"library": 10}, {}, {"type": "cast", "card": "Brainstorm", "player": "You"}),
    two({"library": 10}, {"library": 3}, {"type": "cast", "card": "Timetwister", "player": "You"}),
    two({"library": 10}, {"library": 3}, {"type": "cast", "card": "Wheel of Fortune", "player": "You"}),
    two({"library": 10, "hand": 2}, {"hand": 5}, {"type": "cast", "card": "Windfall", "player": "You"}),
    two({"library": 10}, {"battlefield": ["Sheoldred, the Apocalypse"], "life": 3},
        {"type": "cast", "card": "Peer into the Abyss", "player": "Opponent", "targets": ["You"]}),
    two({"library": 10}, {"battlefield": ["Orcish Bowmasters"]}, {**D, "count": 3}),
    two({"library": 10}, {"battlefield": ["Hullbreacher", "Hullbreacher"]}, {**D, "count": 3}),
    two({"library": 10, "battlefield": ["Psychosis Crawler"]}, {"life": 3}, {**D, "count": 4}),
    two({"library": 10, "battlefield": ["Psychic Corrosion"]}, {"library": 3}, {**D, "count": 2}),
    two({"library": 0}, {"library": 0}, {"type": "draw", "player": "each", "count": 1}),
    {"format": "two-headed-giant", "turn": 1, "action": {"type": "draw_step"},
     "players": [{"name": "A1", "team": "A"}, {"name": "B1", "team": "B"}, {"name": "A2", "team": "A"},
                 {"name": "B2", "team": "B"}]},
    {"players": [{"name": "A"}, {"name": "B", "battlefield": ["Spirit of the Labyrinth"]}, {"name": "C"},
                 {"name": "D"}], "action": {"type": "draw", "player": "each", "count": 2}},
]


def time_one(doc: dict[str, Any], compress: bool, repeat: int = 30) -> float:
    scenario = scenario_from_json(doc)
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        resolve(scenario, compress=compress, branches=False)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def main() -> None:
    fast = [time_one(doc, True) for doc in SUITE]
    slow = [time_one(doc, False) for doc in SUITE]
    print(f"engine.suite_scenarios              {len(SUITE)}")
    print(f"engine.suite_median_ms              {statistics.median(fast) * 1000:.3f}  (target < 0.5 ms)")
    print(f"engine.suite_one_at_a_time_median_ms {statistics.median(slow) * 1000:.3f}")
    with_branches = [time_one(doc, True, 5) for doc in SUITE[:10]]
    print(f"engine.suite_with_branches_median_ms {statistics.median(with_branches) * 1000:.3f}"
          "  (first 10, branches on)")
    for n in (10, 10**3, 10**6, 10**9):
        doc = two({"library": n + 1, "hand": 0, "battlefield": ["Thought Reflection"]},
                  {"battlefield": ["Sheoldred, the Apocalypse"]}, {**D, "count": n // 2})
        t = time_one(doc, True, 5)
        line = f"engine.draw_{n:<12} compressed {t * 1000:8.3f} ms"
        if n <= 10**3:
            line += f"   one-at-a-time {time_one(doc, False, 5) * 1000:8.3f} ms"
        print(line)


if __name__ == "__main__":
    main()
