"""Plain records the store hands to every front end (bot, console, CLI); no SQL or Discord types leak out."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Edition:
    id: int
    game: str  # "mtg" | "grand-archive"
    name: str  # "2026-01-16", "2008", "1999", "gatcg"
    effective_date: str | None
    source: str
    sha256: str
    fetched_at: str
    kind: str  # "cr" (official text file), "historical" (shipped data), "ga"
    # False for an older CR asked for by name: the public hyperlinked rules show today's text only, so its
    # rules get no link (2022's 727 is not today's 727)
    current: bool = True

    @property
    def label(self) -> str:
        game = "Magic CR" if self.game == "mtg" else "Grand Archive"
        return f"{game} {self.name}"


@dataclass(frozen=True, slots=True)
class Rule:
    number: str
    text: str
    kind: str
    parent: str | None
    section: str
    examples: tuple[str, ...] = ()
    title: str = ""  # for Grand Archive items: the page title


@dataclass(frozen=True, slots=True)
class RuleLookup:
    """A rule with the subrules it owns, or, when the number does not exist, the nearest numbers."""

    query: str
    edition: Edition
    rules: tuple[Rule, ...]
    suggestions: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        return bool(self.rules)


@dataclass(frozen=True, slots=True)
class GlossaryTerm:
    heading: str
    terms: tuple[str, ...]
    senses: tuple[str, ...]
    obsolete: bool


@dataclass(frozen=True, slots=True)
class Definition:
    query: str
    edition: Edition
    entry: GlossaryTerm | None
    suggestions: tuple[str, ...] = ()
    exact: bool = True


@dataclass(frozen=True, slots=True)
class SearchHit:
    kind: str  # "rule" | "glossary"
    key: str  # rule number or glossary heading
    text: str
    score: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    query: str
    edition: Edition
    hits: tuple[SearchHit, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class RuleDiff:
    number: str
    old: Edition
    new: Edition
    old_text: str | None
    new_text: str | None
    changes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def status(self) -> str:
        if self.old_text is None and self.new_text is None:
            return "missing"
        if self.old_text is None:
            return "added"
        if self.new_text is None:
            return "removed"
        return "same" if self.old_text == self.new_text else "changed"
