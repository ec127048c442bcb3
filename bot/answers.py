"""Typed answers: what each command answers, as data, before any front end shows it.

Why: the Discord bot, the console and the CLI must say the same thing. The service returns one of these
values (in a ``Reply``, which adds how it is sent); each front end renders it through one table keyed by the
answer's type (``bot.render.table``). Nothing here is Markdown: a player's words and outside text are kept as
they came (``Said``, ``Outside``) and each medium shows them safely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.draw.answer import DrawAnswer
from bot.render.marks import Words
from bot.store import Edition, RuleDiff, RuleLookup, SearchHit
from engine.cards import Card
from engine.situation.given import Situation


@dataclass(frozen=True)
class Failure:
    """Why a command can't answer, in a player's words, with what to try; ``operator`` (a command only the bot's
    operator can run) goes to the log and the terminal, never to a player's Discord reply."""

    message: str | Words
    hint: str | Words = ()
    operator: str = ""
    quoted: str | Words = ()  # the words the failure is about (a card's text, the clause not understood)


@dataclass(frozen=True)
class Question:
    """The reader asks instead of guessing: the question, the words it is about, and the answers, each the
    situation that answer stands for (every front end answers by resolving it, with the options given)."""

    text: str
    words: str
    options: tuple[tuple[str, Situation], ...]  # (label, the situation it stands for)
    retry: str | Words = ()  # how to answer without the buttons


@dataclass(frozen=True)
class TooLarge:
    """A question past its time budget: what was certain when the engine stopped."""

    budget: float
    understood: tuple[dict[str, Any], ...]
    assumed: tuple[str, ...]
    steps: tuple[tuple[str, tuple[str, ...]], ...]  # the first steps taken: (text, rules)
    step_count: int


@dataclass(frozen=True)
class RuleFound:
    edition: Edition
    lookup: RuleLookup


@dataclass(frozen=True)
class SearchFound:
    query: str
    edition: Edition
    hits: tuple[SearchHit, ...]
    note: str = ""


@dataclass(frozen=True)
class GlossaryFound:
    asked: str
    heading: str
    senses: tuple[str, ...]
    exact: bool
    edition_label: str


@dataclass(frozen=True)
class RuleDiffs:
    number: str
    old: Edition
    new: Edition
    diffs: tuple[RuleDiff, ...]


@dataclass(frozen=True)
class RuleTexts:
    """The texts of the rules a /draw answer cites (its Rule texts button)."""

    edition: Edition
    texts: tuple[tuple[str, str | None], ...]  # (number, text or None when the edition lacks it)


@dataclass(frozen=True)
class CardShown:
    """A card as the engine sees it: its text, the draw abilities read from it, and what it could not read."""

    card: Card
    abilities: tuple[tuple[str, tuple[str, ...]], ...]  # (text, rules)
    unread: tuple[str, ...]
    asked: str  # the name as typed (said when the closest card is shown)
    closest: bool = False
    mana_cost: str = ""
    image: str | None = None


@dataclass(frozen=True)
class Rulings:
    card: str
    url: str | None
    rulings: tuple[tuple[str, str], ...]  # (published, comment), newest first
    fetched: str
    notes: str = ""
    contains: str | None = None


@dataclass(frozen=True)
class About:
    version: str
    editions: tuple[tuple[Edition, str], ...]  # (edition, where it came from)
    cards_known: int
    degraded: str = ""


@dataclass(frozen=True)
class Help:
    phrases: tuple[tuple[str, str], ...]  # (topic, example)


@dataclass(frozen=True)
class DrawSteps:
    """A /draw answer's Steps button: step by step, the other lines, the rules cited."""

    draw: DrawAnswer


@dataclass(frozen=True)
class DrawReading:
    """A /draw answer's Assumed button: every fact with its words, and every assumption."""

    draw: DrawAnswer


Answer = (DrawAnswer | Failure | Question | TooLarge | RuleFound | SearchFound | GlossaryFound | RuleDiffs
          | RuleTexts | CardShown | Rulings | About | Help | DrawSteps | DrawReading)
