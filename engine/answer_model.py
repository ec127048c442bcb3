"""The answer's first words as data: its kind (yes, no, a count, a choice, the ruling), the text, the one reason
with its deciding rule, the trap, and the lines of a choice.

Why its own module: every front end renders a ``Lead`` and a worker process hands it over as JSON; the leads
themselves (``engine.answer_lead``) and the parts they are made of (``engine.answer_parts``) both build it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.wording import sentence


class AnswerKind(StrEnum):
    """The shape of the first words; each front end renders a lead through one table keyed by it."""

    YES = "yes"
    NO = "no"
    COUNT = "count"
    CHOICE = "choice"  # the player's own choice decides: both lines
    RULING = "ruling"  # no question (or "what happens?"): the ruling line
    WHO = "who"  # "who chooses whether he pays?": the player who makes the decision asked about


@dataclass(frozen=True)
class Line:
    """One line of a choice: what is chosen, and what then happens."""

    said: str  # "You apply Notion Thief first"
    outcome: str  # "Opponent draws 1 card and you draw none"

    def to_json(self) -> dict[str, str]:
        return {"said": self.said, "outcome": self.outcome}


@dataclass(frozen=True)
class Lead:
    """The first words of the answer, the reason that decides it (with its rule) and the trap, if any."""

    kind: AnswerKind
    text: str  # "Yes — you lose the game, so Opponent wins."
    reason: str = ""  # "attempted to draw from an empty library"
    rule: str | None = None  # the deciding rule of the reason ("704.5b")
    trap: str = ""  # "you still put 2 cards back"
    trap_rule: str | None = None
    lines: tuple[Line, ...] = field(default_factory=tuple)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for r in (self.rule, self.trap_rule) if r))

    def why(self) -> str:
        """The reason as a sentence, with its rule: "Notion Thief replaces your 4 draws (614.1a)."."""
        if not self.reason:
            return ""
        return sentence(self.reason) + (f" ({self.rule})" if self.rule else "") + "."

    def watch_out(self) -> str:
        if not self.trap:
            return ""
        return sentence(self.trap) + (f" ({self.trap_rule})" if self.trap_rule else "") + "."

    def said(self) -> str:
        """The lead in one line of plain text (JSON, logs, a What if's one-line summary), labelled as the
        front ends label it."""
        parts = [self.text]
        parts += [f"{line.said} → {line.outcome}." for line in self.lines]
        parts += [f"Why: {self.why()}"] if self.reason else []
        parts += [f"Watch out: {self.watch_out()}"] if self.trap else []
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        # the reason and trap as read ("your 3 draws", never the steps' "You's 3 draws"): a JSON front end shows them
        return {"kind": self.kind.value, "text": self.text, "reason": sentence(self.reason) if self.reason else "",
                "rule": self.rule, "trap": sentence(self.trap) if self.trap else "", "trap_rule": self.trap_rule,
                "lines": [line.to_json() for line in self.lines], "said": self.said()}



def lead_from_json(doc: dict[str, Any]) -> Lead:
    """A lead back from its JSON (a worker process hands resolutions over as JSON-able records)."""
    return Lead(AnswerKind(doc.get("kind", "ruling")), str(doc.get("text", "")), str(doc.get("reason", "")),
                doc.get("rule"), str(doc.get("trap", "")), doc.get("trap_rule"),
                tuple(Line(str(x["said"]), str(x["outcome"])) for x in doc.get("lines", ())))
