"""Attaching facts to players: the builder that collects facts clause by clause, and who a word means.

Why: every fact is recorded once with the words it came from, a contradiction is reported instead of silently
keeping one value, and a player is never invented from a word that is not a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardDB
from engine.errors import SituationError
from engine.situation.entities import find_card, match_card
from engine.situation.lexicon import EACH_WORDS, ME_WORDS, OPPONENT_WORDS, RESERVED, TEAMMATE_WORDS, read_number


@dataclass
class _P:
    name: str
    facts: dict[str, Any] = field(default_factory=dict)
    battlefield: list[str] = field(default_factory=list)
    graveyard_cards: list[str] = field(default_factory=list)
    library_top: list[str] = field(default_factory=list)
    team: str | None = None


class Builder:
    """Collects facts clause by clause; reports contradictions instead of silently keeping one."""

    def __init__(self, cards: CardDB) -> None:
        self.cards = cards
        self.players: dict[str, _P] = {}
        self.order: list[str] = []
        self.top: dict[str, Any] = {}
        self.sources: dict[tuple[str, str], str] = {}
        self.action: dict[str, Any] | None = None
        self.action_clause = ""
        self.choices: dict[str, Any] = {}
        self.player_count: int | None = None
        self.subject: str = "You"
        # The most telling error of the clause being read ("not a card I know"), kept while other phrases
        # are tried, so that the final error names the card rather than "didn't understand".
        self.last_error: SituationError | None = None
        self.unowned: list[tuple[str, str]] = []

    def player(self, name: str) -> _P:
        if name not in self.players:
            self.players[name] = _P(name)
            self.order.append(name)
        return self.players[name]

    def set(self, who: str, key: str, value: Any, clause: str) -> None:
        slot = (who, key)
        old = self.sources.get(slot)
        if old is not None:
            current = self.top.get(key) if who == "*" else self.player(who).facts.get(key)
            if current != value:
                what = key.replace("_", " ")
                raise SituationError(
                    f"contradiction: {what} {'of ' + who if who != '*' else ''} is set by “{old}” and again by "
                    f"“{clause}”".replace("  ", " "),
                    clause,
                    "each fact once",
                    [old],
                )
        self.sources[slot] = clause
        if who == "*":
            self.top[key] = value
        else:
            self.player(who).facts[key] = value

    def set_action(self, action: dict[str, Any], clause: str) -> None:
        if self.action is not None and self.action != action:
            raise SituationError(
                f"two actions: “{self.action_clause}” and “{clause}”; describe one thing that happens now",
                clause,
                "one action per situation",
                [self.action_clause],
            )
        self.action = action
        self.action_clause = clause



@dataclass
class Ctx:
    b: Builder
    clause: str
    subject: str

    def who(self, text: str | None) -> str:
        name = resolve_player(self.b, text, self.subject, self.clause)
        if name not in ("each", "each-opponent") and not name.startswith("team:"):
            self.b.player(name)
        return name

    def card(self, text: str) -> str:
        return match_card(self.b.cards, text, self.clause)

    def card_list(self, text: str) -> list[str]:
        """Names separated by commas and "and"; a comma inside a name ("Sheoldred, the Apocalypse") is kept
        by trying the longest run of parts that names a card first."""
        pieces = re.split(r"(,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)", text)
        parts, seps = pieces[0::2], pieces[1::2]
        out: list[str] = []
        i = 0
        while i < len(parts):
            for j in range(len(parts), i, -1):
                joined = parts[i] + "".join(seps[k] + parts[k + 1] for k in range(i, j - 1))
                found = self._counted(joined)
                if found:
                    out.extend(found)
                    i = j
                    break
            else:
                error = SituationError(
                    f"“{parts[i].strip()}” is not a card I know",
                    self.clause,
                    "a card name from the card data",
                    self.b.cards.suggest(parts[i]),
                )
                error.unknown_card = parts[i].strip()
                raise error
        return out

    def _counted(self, text: str) -> list[str] | None:
        """ "two Thought Reflections", "Howling Mine x2", "3 copies of Font of Mythos"."""
        t = text.strip()
        times = 1
        m = re.fullmatch(r"(\w+)\s+(?:copies of\s+|x\s+)?(.+)", t)
        if m and m.group(1).lower() not in ("a", "an") and read_number(m.group(1)) is not None:
            times, t = read_number(m.group(1)) or 1, m.group(2)
        m = re.fullmatch(r"(.+?)\s*x(\d+)", t)
        if m:
            times, t = int(m.group(2)), m.group(1)
        name = find_card(self.b.cards, t)
        return [name] * max(1, min(times, 8)) if name else None


def resolve_player(b: Builder, text: str | None, subject: str, clause: str) -> str:
    if text is None:
        return subject
    t = " ".join(text.lower().replace("’", "'").split())
    t = re.sub(r"'s$", "", t)
    if t in ME_WORDS:
        return "You"
    if t in OPPONENT_WORDS:
        return "Opponent"
    if t in TEAMMATE_WORDS:
        return "Teammate"
    if t in EACH_WORDS:
        return "each"
    if t in ("each opponent", "all opponents", "every opponent"):
        return "each-opponent"
    m = re.fullmatch(r"team ([a-z0-9])", t)
    if m:
        return f"team:{m.group(1).upper()}"
    m = re.fullmatch(r"(?:player|opponent|p) ?(\d{1,2})", t)
    if m:
        return f"Player {m.group(1)}"
    if re.fullmatch(r"[a-z][a-z0-9_\-]{0,23}", t) and t not in RESERVED and read_number(t) is None:
        raw = re.sub(r"'s$", "", text.strip().replace("’", "'"))
        return raw[0].upper() + raw[1:]
    raise SituationError(
        f"“{text}” is not a player I know", clause, "I/me/my, opponent, each player, my teammate, or a player's name"
    )

