"""Scenario builders for engine tests."""

from __future__ import annotations

from typing import Any

from engine.model import Resolution
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json


def two(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None, action: dict[str, Any] | None = None,
        **top: Any) -> dict[str, Any]:
    """A two-player scenario: "You" (active by default) and "Opponent"."""
    return {"players": [{"name": "You", **(me or {})}, {"name": "Opponent", **(opp or {})}],
            "action": action or {"type": "draw", "player": "You", "count": 1}, **top}


def run(doc: dict[str, Any], **kw: Any) -> Resolution:
    return resolve(scenario_from_json(doc), **kw)


def kinds(res: Resolution) -> list[str]:
    return [s.kind for s in res.steps]


def cited(res: Resolution) -> set[str]:
    return set(res.rules)
