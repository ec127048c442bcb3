"""The Oracle reader over a card file in Scryfall's shape (the development half by default).

Run: .venv/bin/python bench/oracle_reader.py [FILE] [--top N] [--show full|partly|none] [--sample K]
Prints the share of cards fully read, partly read and not read at all, crashes, draw abilities that gave no
draw effect (each is reported as not understood, never dropped), ability text read as spell text, and the
most frequent shapes of what is still not understood (numbers as N, the card's name as ~).
"""

from __future__ import annotations

import collections
import json
import random
import re
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.oracle import read_oracle  # noqa: E402

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cards" / "draw-cards-dev.json"


def load(path: Path) -> list[dict[str, str]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    cards = doc["cards"] if isinstance(doc, dict) and "cards" in doc else doc.get("data", doc)
    return [c for c in cards if c.get("oracle_text")]


def shape(line: str, name: str) -> str:
    text = re.sub(r"\([^)]*\)", "", line).replace(name, "~").lower()
    return re.sub(r"\b(a|an|one|two|three|four|five|six|seven|x|\d+)\b", "N", text).strip()


def main(argv: list[str]) -> dict[str, float]:
    values = {argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("--top", "--show", "--sample")}
    path = Path(next((a for a in argv if not a.startswith("-") and a not in values), DEFAULT))
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 25
    cards = load(path)
    status: collections.Counter[str] = collections.Counter()
    crashes, forced, misplaced = [], 0, 0
    missing: collections.Counter[str] = collections.Counter()
    by_status: dict[str, list[str]] = collections.defaultdict(list)
    start = time.perf_counter()
    for c in cards:
        try:
            r = read_oracle(c["name"], c["oracle_text"], c.get("type_line", ""))
        except Exception:  # noqa: BLE001 - a crash is what this counts
            crashes.append((c["name"], traceback.format_exc(limit=1)))
            continue
        status[r.status] += 1
        by_status[r.status].append(c["name"])
        forced += r.forced
        misplaced += len(r.misplaced)
        for line in r.not_understood:
            missing[shape(line, c["name"])] += 1
    took = time.perf_counter() - start
    n = len(cards)
    print(f"oracle reader over {path.name}: {n} cards in {took:.2f} s")
    for key in ("full", "partly", "none"):
        print(f"  {key:<8} {status[key]:>5}  {status[key] / n:6.1%}")
    print(f"  crashes  {len(crashes):>5}")
    print(f"  draw abilities with no draw effect (reported as not understood): {forced}")
    print(f"  ability text read as spell text: {misplaced}")
    print(f"top {top} shapes not understood:")
    for text, count in missing.most_common(top):
        print(f"  {count:>4}  {text[:150]}")
    for name, tb in crashes[:5]:
        print(f"crash: {name}: {tb.strip().splitlines()[-1]}")
    if "--show" in argv:
        which = argv[argv.index("--show") + 1]
        names = by_status[which]
        k = int(argv[argv.index("--sample") + 1]) if "--sample" in argv else len(names)
        for name in random.Random(7).sample(names, min(k, len(names))):
            card = next(c for c in cards if c["name"] == name)
            print(f"\n== {name} | {card.get('type_line', '')}\n{card['oracle_text']}")
            for eff in read_oracle(name, card["oracle_text"], card.get("type_line", "")).effects:
                print(f"   -> {eff}")
    return {"full": status["full"] / n, "crashes": len(crashes)}


if __name__ == "__main__":
    main(sys.argv[1:])
