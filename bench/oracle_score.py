"""Score of the Oracle-text reader: the share of the hand-made card models it reproduces from text alone.

Run: .venv/bin/python bench/oracle_score.py [-v]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import default_cards  # noqa: E402
from engine.oracle import read_oracle, reproduces  # noqa: E402


def main() -> None:
    cards = default_cards().cards
    hits = [name for name, card in cards.items() if reproduces(card)]
    understood = [name for name, card in cards.items() if read_oracle(name, card.oracle).understood]
    print(f"oracle.reproduced_exactly   {len(hits)}/{len(cards)} = {len(hits) / len(cards):.0%}")
    print(f"oracle.read_without_gaps    {len(understood)}/{len(cards)} = {len(understood) / len(cards):.0%}")
    if "-v" in sys.argv:
        for name in sorted(set(cards) - set(hits)):
            reading = read_oracle(name, cards[name].oracle)
            print(f"  miss: {name}: not understood {reading.not_understood}")


if __name__ == "__main__":
    main()
