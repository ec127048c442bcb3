"""The decisive rule of each outcome is cited, and it is the rule whose text decides it: each case names the
words of the official rule (the 2026 Comprehensive Rules, parsed as the bot parses them) that make it decisive,
so a citation that drifts to another rule, or a rule renumbered in a new edition, fails here."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from bot.sources.loaders.cr_text import parse_cr
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.conftest import CR_2026


@cache
def rule_text(number: str) -> str:
    rules = {r.number: r.text for r in parse_cr(CR_2026.read_bytes()).rules}
    return rules[number]


def _two_headed(**a: Any) -> list[dict[str, Any]]:
    return [{"name": "A", "team": "X", **a}, {"name": "B", "team": "X"}, {"name": "C", "team": "Y"},
            {"name": "D", "team": "Y"}]


CASES = [
    # Sheoldred's triggers: state-based actions are checked between two resolutions, so a player at 1 life
    # loses at -1 after the first, and the second does nothing to them
    ("704.3", "state-based actions", "ruling",
     {"players": [{"name": "A", "battlefield": ["Sheoldred, the Apocalypse"]}, {"name": "B", "life": 1}],
      "action": {"type": "draw", "player": "B", "count": 2}}),
    # a player who left the game: effects stop applying to them
    ("800.4a", "leaves the game", "steps",
     {"players": [{"name": "A", "battlefield": ["Sheoldred, the Apocalypse"]},
                  {"name": "B", "life": 1, "battlefield": ["Notion Thief"]}, {"name": "C"}],
      "action": {"type": "draw", "player": "A", "count": 2}}),
    # Two-Headed Giant: one player's win is the team's
    ("810.8a", "only as a team", "ruling",
     {"format": "two-headed-giant", "players": _two_headed(library=0, battlefield=["Laboratory Maniac"]),
      "action": {"type": "draw", "player": "A", "count": 1}}),
    # Two-Headed Giant: "each player's draw step" triggers once for each player of the team
    ("805.4d", "once for each appropriate player", "steps",
     {"format": "two-headed-giant", "players": _two_headed(battlefield=["Howling Mine"]), "step": "draw",
      "action": {"type": "draw_step"}}),
    # the affected player chooses which of two replacements applies first
    ("616.1", "chooses one to apply", "steps",
     {"players": [{"name": "A", "library": 0, "battlefield": ["Laboratory Maniac"]},
                  {"name": "B", "battlefield": ["Notion Thief"]}],
      "action": {"type": "draw", "player": "A", "count": 1}}),
    # Narset: a second draw in a turn doesn't happen
    ("121.2b", "can't draw more than one card each turn", "ruling",
     {"players": [{"name": "A"}, {"name": "B", "battlefield": ["Narset, Parter of Veils"]}],
      "action": {"type": "draw", "player": "A", "count": 2}}),
]


@pytest.mark.parametrize(("rule", "words", "where", "doc"), CASES, ids=[c[0] for c in CASES])
def test_the_deciding_rule_is_cited_and_says_what_decides(rule: str, words: str, where: str,
                                                         doc: dict[str, Any]) -> None:
    assert words in rule_text(rule).replace("’", "'")
    res = resolve(scenario_from_json(doc))
    cited = res.ruling["rules"] if where == "ruling" else [n for s in res.steps for n in s.rules]
    assert rule in cited, (rule, res.ruling, [(s.kind, s.rules) for s in res.steps])


def test_state_based_actions_are_not_cited_as_between_triggers_when_none_wait() -> None:
    doc = {"players": [{"name": "A", "battlefield": ["Sheoldred, the Apocalypse"]}, {"name": "B", "life": 2}],
           "action": {"type": "draw", "player": "B", "count": 1}}
    res = resolve(scenario_from_json(doc))
    assert res.losers == ["B"] and "704.3" not in res.ruling["rules"]


def test_two_legendary_permanents_of_one_name_are_one_by_the_legend_rule() -> None:
    """704.5j: "opp has 2 Sheoldreds" and I draw 2 at 3 life: one Sheoldred stays, I lose 4, not 8."""
    assert "legendary permanents with the same name" in rule_text("704.5j")
    doc = {"players": [{"name": "A", "life": 5}, {"name": "B", "battlefield": ["Sheoldred, the Apocalypse"] * 2}],
           "action": {"type": "draw", "player": "A", "count": 2}}
    res = resolve(scenario_from_json(doc))
    assert res.players["A"]["life"] == 1 and res.losers == []
    assert res.players["B"]["graveyard"] == 1 and any("704.5j" in s.rules for s in res.steps)
