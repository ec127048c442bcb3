"""Every rule number the engine can cite exists in the current CR edition of the store."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store import Store
from bot.store.db import rule_key
from engine.cards import default_cards
from engine.rulesets import CURRENT_CITES, MTG_1999, MTG_2008

ENGINE = Path(__file__).resolve().parents[2] / "engine"
NUMBER = re.compile(r"""["'](\d{3}(?:\.\d+[a-z]{0,2})?)["']""")


def _citable() -> set[str]:
    numbers: set[str] = set()
    for group in CURRENT_CITES.values():
        numbers.update(group)
    for source in ENGINE.rglob("*.py"):
        if source.name == "rulesets.py":  # its historical maps are checked against their own editions below
            continue
        numbers.update(NUMBER.findall(source.read_text(encoding="utf-8")))
    for card in default_cards().cards.values():
        for effect in card.effects:
            numbers.update(getattr(effect, "rules", ()))
    return numbers


def test_the_scan_finds_citations() -> None:
    numbers = _citable()
    assert {"121.2b", "704.5b", "616.1g", "614.5"} <= numbers
    assert len(numbers) > 40


async def test_every_citable_rule_exists_in_the_current_cr(store: Store) -> None:
    current = await store.edition()
    numbers = sorted(_citable())
    found = await store.rules_by_numbers(numbers, current)
    missing = [n for n in numbers if n not in found]
    assert missing == [], f"the engine cites rules that {current.label} does not have: {missing}"


async def test_historical_rulesets_cite_their_own_editions(store: Store) -> None:
    for ruleset, name in ((MTG_2008, "2008"), (MTG_1999, "1999")):
        edition = await store.edition(name)
        own = {n for concept in ruleset.cites for n in ruleset.cites[concept]
               if n not in CURRENT_CITES.get(concept, ())}
        found = await store.rules_by_numbers(sorted(own), edition)
        assert own and {rule_key(n) for n in own} == set(found), name
