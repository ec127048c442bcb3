"""Benchmark of the rules engine: a suite of varied scenarios, and draw counts from 10 to 10^9.

Run: .venv/bin/python bench/bench_engine.py   (the engine section of bench/run_all.py; the suite is here)
Prints the median time per scenario of the suite (compressed path and one-card-at-a-time path) and the time
to resolve "draw N" with a replacement and a trigger in play for N = 10, 10^3, 10^6, 10^9.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))



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


if __name__ == "__main__":
    from bench.run_all import main

    main(["--only", "engine", *sys.argv[1:]])
