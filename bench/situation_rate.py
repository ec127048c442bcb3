"""How many real-style situations the reader turns into a scenario, a clarification or an error.

Run: ``.venv/bin/python bench/situation_rate.py [FILE]`` (default: bench/phrasings.txt, one situation per
line). Prints the three shares and, with ``-v``, each line's outcome.
"""

from __future__ import annotations

import sys
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


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("-")]
    path = Path(args[0]) if args else Path(__file__).with_name("phrasings.txt")
    lines = [x.strip() for x in path.read_text(encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")]
    results = outcomes(lines)
    for kind in ("scenario", "clarification", "error", "crash"):
        n = sum(1 for r in results if r[0] == kind)
        print(f"{kind:14} {n:4}  {n / len(results):6.1%}")
    if "-v" in argv:
        for kind, line, why in results:
            print(f"[{kind}] {line}" + (f"\n    {why}" if why else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
