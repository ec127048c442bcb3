"""The development cards in their natural situations (../shared/data/situations/), resolved in this process.

Why in-process: the shared checker runs one `drawjudge resolve --json` per case (about 100 s for 120 cases);
this gives the same verdicts in a second or two, so the suite can hold the engine to them. Cards are met the
way the bot meets them: a card outside the shipped data is read from its Oracle text (as Scryfall gives it),
and a card whose draw text can't be read is refused with that text, as `drawjudge resolve` does.

Run ``python -m tests.engine.card_situations [--verbose] [--only CARD] [--kind KIND]`` for the tally.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.cards.lookup import card_names_in
from engine.cards import CardDB, default_cards, scryfall_card_text
from engine.errors import ScenarioError
from engine.oracle import read_oracle
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.conftest import SHARED

SITUATIONS = SHARED / "data" / "situations" / "cards-in-situations.json"
CARDS = SHARED / "data" / "cards"
RIGHT, REFUSED, WRONG = "right", "refused", "WRONG"


@dataclass(frozen=True)
class Verdict:
    case: dict[str, Any]
    verdict: str
    detail: str


@cache
def cases() -> list[dict[str, Any]]:
    return list(json.loads(SITUATIONS.read_text(encoding="utf-8"))["cases"])


@cache
def oracle_texts() -> dict[str, tuple[str, str, str]]:
    """name (lower case) → (name, Oracle text, type line), faces joined as the card look-up joins them."""
    out: dict[str, tuple[str, str, str]] = {}
    raw = json.loads((CARDS / "draw-cards-dev.json").read_text(encoding="utf-8"))["cards"]
    raw += json.loads((CARDS / "oracle-cards.json").read_text(encoding="utf-8"))["data"]
    for c in raw:
        name, text, type_line = scryfall_card_text(c)
        out[c["name"].lower()] = (name, text, type_line)
    return out


def cards_for(doc: dict[str, Any]) -> CardDB:
    """The shipped cards plus every card the scenario names, read from its Oracle text; an unreadable card
    raises the refusal `drawjudge resolve` gives."""
    cards = default_cards()
    extra = []
    for name in dict.fromkeys(card_names_in(doc)):
        if cards.find(name) is not None or name.lower() not in oracle_texts():
            continue
        real, oracle, type_line = oracle_texts()[name.lower()]
        reading = read_oracle(real, oracle, type_line)
        if not reading.understood:
            raise ScenarioError(f"{real}: its draw text is not understood yet", "card",
                                "; ".join(reading.not_understood) or oracle)
        extra.append(reading.card(oracle, type_line))
    return cards.with_extra(extra)


def resolve_case(case: dict[str, Any]) -> dict[str, Any]:
    doc = case["scenario"]
    try:
        cards = cards_for(doc)
        return resolve(scenario_from_json(doc, cards), cards).to_json()
    except ScenarioError as exc:
        return exc.to_json()


def _tokens_match(have: dict[str, int] | None, want: dict[str, int]) -> bool:
    have = have or {}
    if sum(have.values()) != sum(want.values()):
        return False
    return all(any(k.lower() in h.lower() or h.lower() in k.lower() for h in have) for k in want)


def differences(case: dict[str, Any], result: dict[str, Any]) -> list[str]:
    out = []
    for who, fields in case["expect"]["players"].items():
        got = result.get("players", {}).get(who, {})
        for key, want in fields.items():
            if key == "tokens":
                if not _tokens_match(got.get("tokens"), want):
                    out.append(f"{who}.tokens={got.get('tokens') or {}} (rules: {want})")
                continue
            have = got.get(key, 0 if key == "exile" else None)
            if have != want:
                out.append(f"{who}.{key}={have!r} (rules: {want!r})")
    return out


def names_the_text(case: dict[str, Any], said: str) -> bool:
    """The checker's test of an honest refusal: it quotes 25 characters of the card's Oracle text."""
    text = re.sub(r"\s+", " ", case["oracle_text"])
    said = re.sub(r"\s+", " ", said)
    return any(text[i:i + 25] in said for i in range(0, max(1, len(text) - 24)))


def judge(case: dict[str, Any]) -> Verdict:
    result = resolve_case(case)
    if not result.get("ok"):
        err = result.get("error") or {}
        said = " / ".join(str(err.get(k)) for k in ("message", "hint") if err.get(k))
        named = "names the text: " if names_the_text(case, said) else "does not name the text: "
        return Verdict(case, REFUSED, named + said)
    diffs = differences(case, result)
    return Verdict(case, WRONG, "; ".join(diffs)) if diffs else Verdict(case, RIGHT, "")


def main() -> None:
    ap = argparse.ArgumentParser(description="the development card situations, resolved in-process")
    ap.add_argument("--only", nargs="+", default=[])
    ap.add_argument("--kind")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    tally: Counter[str] = Counter()
    for case in cases():
        if args.only and case["card"] not in args.only or args.kind and case["kind"] != args.kind:
            continue
        v = judge(case)
        tally[v.verdict] += 1
        if args.verbose or v.verdict != RIGHT:
            print(f"{case['id']}: {v.verdict}: {v.detail}")
            if args.verbose:
                print(f"    {case['situation']}\n    {case['oracle_text']!r}\n    why: {case['why']}")
    print(f"situations: {tally[RIGHT]} right, {tally[REFUSED]} refused, {tally[WRONG]} wrong of {sum(tally.values())}")


if __name__ == "__main__":
    main()
