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
from engine.question_words import AskedMeasure, asked_act, asked_measure, said_number


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
    """One question: its kind, whom and which card it is about (when said), the player's own words, and what
    the words say beyond the kind (``engine.question_words``): the act asked about, the number said, what a
    count measures. The answer leads from these fields, never from the words."""

    kind: AskedKind
    player: str | None = None
    card: str | None = None
    words: str = ""
    act: str | None = None  # "dredge", "stop", "cast"...: a yes/no about an act other than drawing
    number: int | None = None  # "do I draw 2?": the number the question says
    measure: AskedMeasure | None = None  # "how many": the cards drawn, the hand afterwards, the times triggered
    # "do we lose?", "how many does my team draw?" in Two-Headed Giant: the asker's team, whose players win, lose
    # and are counted together (810.8, 810.9); empty when the question is about one player
    team: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "words": self.words}
        if self.player:
            out["player"] = self.player
        if self.card:
            out["card"] = self.card
        if self.act:
            out["act"] = self.act
        if self.number is not None:
            out["number"] = self.number
        if self.measure is not None:
            out["measure"] = self.measure.value
        if self.team:
            out["team"] = list(self.team)
        return out


def asked_of(kind: AskedKind, player: str | None, card: str | None, words: str) -> Asked:
    """A question with the details its words carry, read from them (the situation reader, and a JSON scenario
    that gives only the words)."""
    measure = asked_measure(words, kind.value)
    return Asked(kind, player, card, words, asked_act(words), said_number(words), measure)


def asked_from_json(raw: Any, names: list[str]) -> Asked | None:
    """``{"kind": "lose", "player": "Alice", "card": ..., "words": "do I lose?", "act": ..., "number": ...,
    "measure": ...}`` or absent; a detail not given is read from the words."""
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
    read = asked_of(AskedKind(raw["kind"]), player, card, words.strip()[:300])
    act, number, measure = raw.get("act", read.act), raw.get("number", read.number), raw.get("measure", read.measure)
    if act is not None and not isinstance(act, str):
        raise ScenarioError("asked.act must be text, the act asked about", "asked.act", 'e.g. "dredge"')
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 0):
        raise ScenarioError("asked.number must be a whole number", "asked.number", "e.g. 2")
    if measure is not None and measure not in {m.value for m in AskedMeasure}:
        raise ScenarioError("asked.measure must say what a count measures", "asked.measure",
                            f"one of: {', '.join(m.value for m in AskedMeasure)}")
    team = raw.get("team", [])
    if not isinstance(team, list) or any(name not in names for name in team):
        raise ScenarioError("asked.team must list players of the game", "asked.team", f"some of: {', '.join(names)}")
    return Asked(read.kind, player, card, read.words, act, number,
                 AskedMeasure(measure) if measure is not None else None, tuple(team))
