"""The question a player asked, kept beside the situation so the answer can lead with it.

Why a record of its own: "do I lose?", "how many do I draw?" and "does Bowmasters trigger?" describe the same
situation but want different first words. The situation reader fills it in (issue #24); the answer model reads
it to start with "Yes", "No", a number or both lines of a choice (issue #25). The engine's resolution never
depends on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import ScenarioError


class AskedKind(StrEnum):
    """What kind of answer the question wants first."""

    LOSE = "lose"  # "do I lose?", "is he dead?": yes/no about a player losing the game
    WIN = "win"  # "do I win?", "does Lab Man win me the game?": yes/no about a player winning
    COUNT = "count"  # "how many do I draw?", "how many cards does he get?": a number
    LIFE = "life"  # "how much life does he lose?", "how much damage do I take?": the life change, a number
    CAN = "can"  # "can I dredge it?", "do I draw?", "does it work?": yes/no about an action happening
    TRIGGER = "trigger"  # "does Bowmasters trigger?": yes/no, and how often, about a card's ability
    WHAT_IF = "what_if"  # "what if I take the 2 extra?": the line after a choice
    WHAT = "what"  # "what happens?": the ruling line as it is


@dataclass(frozen=True)
class Asked:
    """One question: its kind, whom and which card it is about (when said), and the player's own words."""

    kind: AskedKind
    player: str | None = None
    card: str | None = None
    words: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "words": self.words}
        if self.player:
            out["player"] = self.player
        if self.card:
            out["card"] = self.card
        return out


def asked_from_json(raw: Any, names: list[str]) -> Asked | None:
    """``{"kind": "lose", "player": "Alice", "card": ..., "words": "do I lose?"}`` or absent."""
    if raw is None:
        return None
    kinds = ", ".join(k.value for k in AskedKind)
    if not isinstance(raw, dict) or raw.get("kind") not in {k.value for k in AskedKind}:
        raise ScenarioError("asked must say what kind of question it is", "asked", f'{{"kind": one of {kinds}}}')
    player = raw.get("player")
    if player is not None and player not in names:
        raise ScenarioError(f"the question is about {player!r}, who is not one of the players", "asked.player",
                            f"use one of: {', '.join(names)}")
    card = raw.get("card")
    words = raw.get("words", "")
    if (card is not None and not isinstance(card, str)) or not isinstance(words, str):
        raise ScenarioError("asked.card and asked.words must be text", "asked", "")
    return Asked(AskedKind(raw["kind"]), player, card, words.strip()[:300])
