"""Benchmark of the rules store: ingest of the 2026 CR file, rule look-up by number, search, file size.

Run: .venv/bin/python bench/bench_store.py   (the store section of bench/run_all.py, which holds the code)
Prints one line per measure. Uses a fresh temporary SQLite file; touches no network.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


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


if __name__ == "__main__":
    from bench.run_all import main

    main(["--only", "store", *sys.argv[1:]])
