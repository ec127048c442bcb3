"""How many real-style situations the reader turns into a scenario, a clarification or an error.

Run: ``.venv/bin/python bench/situation_rate.py [FILE]`` (default: bench/phrasings.txt, one situation per
line). Prints the shares and, with ``-v``, each line's outcome. ``--fuzz N`` also reads N copies of those
lines mutated at random (characters dropped or swapped, words inserted, case changed) and counts crashes.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.errors import Clarification, ScenarioError  # noqa: E402
from engine.situation import situation_to_json  # noqa: E402


def outcomes(lines: list[str]) -> list[tuple[str, str, str]]:
    out = []
    for line in lines:
        try:
            situation_to_json(line)
            out.append(("scenario", line, ""))
        except Clarification as exc:
            out.append(("clarification", line, exc.message))
        except ScenarioError as exc:
            out.append(("error", line, exc.message))
        except Exception as exc:  # noqa: BLE001 - a benchmark counts crashes instead of stopping at one
            out.append(("crash", line, f"{type(exc).__name__}: {exc}"))
    return out


NOISE = ["she", "they", "her", "each", "our", "it", "opp", "lib", "T1", "?", ",", "and", "with", "if", "Alice",
         "Teferi", "x2", "-", "a dozen", "my", "controls", "is in play", "draws", "dredge", "'s", ".", "0", "-3"]


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        if not text:
            break
        i = rng.randrange(len(text))
        kind = rng.randrange(4)
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1 and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif kind == 2:
            text = f"{text[:i]} {rng.choice(NOISE)} {text[i:]}"
        else:
            text = text.swapcase()
    return text


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("-") and not a.isdigit()]
    path = Path(args[0]) if args else Path(__file__).with_name("phrasings.txt")
    lines = [x.strip() for x in path.read_text(encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")]
    results = outcomes(lines)
    for kind in ("scenario", "clarification", "error", "crash"):
        n = sum(1 for r in results if r[0] == kind)
        print(f"{kind:14} {n:4}  {n / len(results):6.1%}")
    if "--fuzz" in argv:
        n = int(argv[argv.index("--fuzz") + 1])
        rng = random.Random(12)
        start = time.perf_counter()
        fuzzed = outcomes([mutate(rng.choice(lines), rng) for _ in range(n)])
        took = time.perf_counter() - start
        print(f"fuzz: {n} mutated texts in {took:.1f} s ({took / n * 1000:.2f} ms each)")
        for kind in ("scenario", "clarification", "error", "crash"):
            print(f"  {kind:14} {sum(1 for r in fuzzed if r[0] == kind):6}")
        for _kind, line, why in [r for r in fuzzed if r[0] == "crash"][:5]:
            print(f"  crash: {line!r}: {why}")
    if "-v" in argv:
        for kind, line, why in results:
            print(f"[{kind}] {line}" + (f"\n    {why}" if why else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
