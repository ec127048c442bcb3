"""The engine's error types, in a module of their own so that nothing imports the resolver for an exception.

Why a hierarchy: every front end catches ``ScenarioError`` and shows message, where and hint; the situation
reader's errors add the clause and suggestions, and a ``Clarification`` is the reader asking a question
instead of guessing. A front end that knows nothing of clarifications still shows a useful error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def _rebuilt(cls: type[BaseException], state: dict[str, Any]) -> BaseException:
    """An error as it was on the other side of a process boundary (see ``ScenarioError.__reduce__``)."""
    error = cls.__new__(cls)
    Exception.__init__(error, state.get("message", ""))
    error.__dict__.update(state)
    return error


class ScenarioError(ValueError):
    """A scenario the engine rejects: what is wrong, where, and a hint. Exit status 2 in the CLI.

    Errors cross from the engine's worker processes to the bot pickled; their constructors differ, so each
    is rebuilt from its attributes rather than from its constructor's arguments."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (type(self), dict(self.__dict__)))

    def __init__(self, message: str, where: str = "", hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.hint = hint

    def to_json(self) -> dict[str, Any]:
        return {"ok": False, "error": {"message": self.message, "where": self.where, "hint": self.hint}}


class MissingValue(ScenarioError):
    """A value the card needs and nobody said (X of Prosperity): a question to ask, not a fault. ``what`` is
    the value's name, ``card`` the card whose text needs it."""

    def __init__(self, what: str, card: str | None, where: str, hint: str) -> None:
        super().__init__(f"{card or 'this card'} needs a value for {what}", where, hint)
        self.what = what
        self.card = card


class SituationError(ScenarioError):
    """A situation text the reader could not read: the clause, what was expected, and suggestions."""

    def __init__(self, message: str, clause: str = "", expected: str = "", suggestions: list[str] | None = None):
        hint_parts = []
        if expected:
            hint_parts.append(f"expected {expected}")
        if suggestions:
            hint_parts.append("closest: " + "; ".join(suggestions[:3]))
        super().__init__(message, where=clause, hint=". ".join(hint_parts))
        self.clause = clause
        self.expected = expected
        self.suggestions = suggestions or []
        self.unknown_card: str | None = None  # set when the clause names a card the card data lacks
        # a rules question that is not a draw situation (engine.situation.scope): the rule that covers it, if any
        self.out_of_scope = False
        self.scope_rule: str | None = None
        # words that may name cards the card data lacks (a report's "Chromatic Star"), to look up before
        # ``offer`` is asked: situations built from the cards named, for when no card is found
        self.maybe_cards: list[str] = []
        self.offer: Clarification | None = None

    def suggest(self, suggestions: list[str]) -> None:
        """Add the closest names once the error is final (computing them for every error tried is costly)."""
        self.suggestions = suggestions
        if suggestions:
            hint = f"expected {self.expected}" if self.expected else ""
            self.hint = ". ".join(x for x in (hint, "closest: " + "; ".join(suggestions[:3])) if x)


class NotThisPhrase(SituationError):
    """A phrase whose words fit a clause but whose meaning doesn't ("Bowmasters triggers" read by the phrase of
    a trigger on casting, for a card with no such trigger): the next phrase is tried, as if this one had not
    matched."""


class RuleRefusal(SituationError):
    """Words read for what they say, which the rules or the card forbid ("I cast Polluted Mire": a land is played,
    305.1; a -8 with 5 loyalty counters, 606.6): final, never replaced by another reading of the same words (a
    looser reader once took "Jace's -8" for the card Jace's Archivist)."""


@dataclass(frozen=True)
class Option:
    """One answer to a clarification: what a player clicks, and the situation text it stands for."""

    label: str
    text: str  # the whole situation, rewritten with this answer; re-reading it resolves the question

    def to_json(self) -> dict[str, str]:
        return {"label": self.label, "text": self.text}


class HalfNeeded(ScenarioError):
    """A split card cast by its whole name when more than one of its halves draws (709.3: only the half cast is on
    the stack): which half, asked. A front end that can't ask refuses with the halves as the hint."""

    def __init__(self, card: str, halves: list[str]) -> None:
        super().__init__(f"{card} is a split card: say which half is cast (709.3)", "action.card",
                         "cast " + " or ".join(halves))
        self.card = card
        self.halves = halves


class Clarification(SituationError):
    """The reader asks instead of guessing: a fact that changes the answer is missing or ambiguous.

    ``words`` are the words of the text the question is about; each option carries the whole situation
    rewritten with that answer, so every front end answers it the same way: read the option's text."""

    def __init__(self, question: str, options: list[Option], words: str, clause: str = "") -> None:
        labels = "; ".join(o.label for o in options[:5])
        super().__init__(question, clause or words, "", [])
        self.hint = f"say which: {labels}"
        self.question = question
        self.options = options
        self.words = words

    def to_json(self) -> dict[str, Any]:
        doc = super().to_json()
        doc["error"].update({"kind": "clarification", "question": self.question, "words": self.words,
                             "options": [o.to_json() for o in self.options]})
        return doc


class Ambiguity(SituationError):
    """Raised inside the reader when words have several readings that change the answer (which "Teferi",
    whose "she"); the reader turns it into a ``Clarification`` whose options rewrite the words."""

    def __init__(self, question: str, words: str, clause: str, readings: list[tuple[str, str]]) -> None:
        super().__init__(question, clause, "one of: " + "; ".join(label for label, _ in readings[:5]))
        self.question = question
        self.words = words
        self.readings = readings  # (label shown to the player, the words that replace ``words``)


KEPT_STEPS = 50


class OutOfTime(Exception):
    """The resolution went past its time budget. ``steps`` are the steps taken until then: what is certain so
    far (every step is final once taken), for an answer that says so instead of hanging."""

    def __init__(self, steps: list[Any] | None = None, budget: float = 0.0,
                 understood: list[dict[str, str]] | None = None, assumed: list[str] | None = None,
                 step_count: int = 0) -> None:
        super().__init__(f"the situation takes more than {budget:g} s to resolve")
        # The first steps are kept, and how many there were: an answer shows a few, and a worker sends this
        # back to the bot (tens of thousands of steps would cost the event loop time to unpickle).
        taken = list(steps or [])
        self.steps = taken[:KEPT_STEPS]
        self.step_count = max(len(taken), step_count)
        self.budget = budget
        self.understood = list(understood or [])  # how the question was read (when it was)
        self.assumed = list(assumed or [])

    def __reduce__(self) -> tuple[Any, ...]:
        return (OutOfTime, (self.steps, self.budget, self.understood, self.assumed, self.step_count))
