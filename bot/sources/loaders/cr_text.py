"""Parser for the official Magic: The Gathering Comprehensive Rules text file.

The file has changed shape many times (encodings, line endings, irregular rule numbers, duplicated headers in
the Contents), and a strict parser silently drops rules. This module accepts every format documented in
``shared/docs/rules-sources.md`` and reports what it found, so the store can refuse a file that parses to
too little instead of caching garbage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime

__all__ = [
    "CRParseError",
    "GlossaryEntry",
    "ParsedRules",
    "RuleEntry",
    "decode_cr_bytes",
    "normalize_number",
    "parse_cr",
    "parent_of",
]


class CRParseError(ValueError):
    """The bytes are not a Comprehensive Rules text file (wrong encoding, HTML page, truncated...)."""


@dataclass(slots=True)
class RuleEntry:
    """One numbered line of the rules: a part (``1``), a section (``121``), a rule or a subrule."""

    number: str
    text: str
    kind: str  # "part" | "section" | "rule"
    parent: str | None
    section: str
    sort_order: int
    examples: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GlossaryEntry:
    """A glossary block: the heading as printed, the terms it names, and its numbered senses."""

    heading: str
    terms: list[str]
    senses: list[str]
    obsolete: bool
    sort_order: int

    @property
    def text(self) -> str:
        if len(self.senses) == 1:
            return self.senses[0]
        return "\n".join(self.senses)


@dataclass(slots=True)
class ParsedRules:
    effective_date: date | None
    rules: list[RuleEntry]
    glossary: list[GlossaryEntry]

    @property
    def rule_count(self) -> int:
        return sum(1 for r in self.rules if r.kind == "rule")

    @property
    def example_count(self) -> int:
        return sum(len(r.examples) for r in self.rules)


_KNOWN_NON_ASCII = ("Dandân", "’", "“", "—")
_ENCODINGS = ("utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252", "latin-1")

_PART_RX = re.compile(r"^(\d)\.\s+(\S.*)$")
_SECTION_RX = re.compile(r"^(\d{3})\.\s+(\S.*)$")
# Rules and subrules, including the irregular forms of the official text: ``606.5 Text`` (no period),
# ``119.1d. Text`` (an extra period) and two-letter subrules (``704.5aa``).
_RULE_RX = re.compile(r"^(\d{3})\.(\d+)([a-z]{0,2})\.?\s+(\S.*)$")
_EFFECTIVE_RX = re.compile(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
_SENSE_RX = re.compile(r"^(\d+)\.\s+(.*)$")


def decode_cr_bytes(raw: bytes) -> str:
    """Decode the file whatever encoding it was published in, and normalize its line endings to ``\\n``.

    Several encodings can decode the same bytes without error (cp1252 decodes almost anything), so a
    decoding is accepted only if it starts with the title and, where the text has non-ASCII characters,
    shows at least one phrase known to be in the rules.
    """
    if not raw:
        raise CRParseError("the file is empty")
    candidates: list[str] = []
    order: tuple[str, ...]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        order = ("utf-16",)
    elif raw.startswith(b"\xef\xbb\xbf"):
        order = ("utf-8-sig",)
    else:
        order = _ENCODINGS
    for encoding in order:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        text = text.lstrip("\ufeff")
        if not text.lstrip().startswith("Magic: The Gathering"):
            continue
        candidates.append(text)
        if text.isascii() or any(phrase in text for phrase in _KNOWN_NON_ASCII):
            return _normalize_newlines(text)
    if candidates:
        return _normalize_newlines(candidates[0])
    raise CRParseError(
        "this is not a Comprehensive Rules text file: it does not start with "
        "'Magic: The Gathering Comprehensive Rules' in any known encoding"
    )


def _normalize_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def normalize_number(raw: str) -> str:
    """``121.2B.`` → ``121.2b``; ``704.5AA`` → ``704.5aa``; ``121.`` → ``121``. Whitespace is dropped."""
    number = re.sub(r"\s+", "", raw).lower().rstrip(".")
    return number


def parent_of(number: str) -> str | None:
    """The rule a number belongs to: ``121.2b`` → ``121.2`` → ``121`` → ``1`` → None."""
    m = re.fullmatch(r"(\d{3})\.(\d+)([a-z]{1,2})", number)
    if m:
        return f"{m.group(1)}.{m.group(2)}"
    m = re.fullmatch(r"(\d{3})\.(\d+)", number)
    if m:
        return m.group(1)
    if re.fullmatch(r"\d{3}", number):
        return number[0]
    return None


def _parse_date(text: str) -> date | None:
    m = _EFFECTIVE_RX.search(text)
    if not m:
        return None
    try:
        return datetime.strptime(m.group(1), "%B %d, %Y").date()
    except ValueError:
        return None


def parse_cr(raw: bytes | str) -> ParsedRules:
    """Parse a whole Comprehensive Rules file into its rules and glossary."""
    text = decode_cr_bytes(raw) if isinstance(raw, bytes) else _normalize_newlines(raw.lstrip("\ufeff"))
    lines = text.split("\n")
    effective = _parse_date("\n".join(lines[:10]))

    # The words "Glossary" and "Credits" appear first in the Contents, then as real headers: the real
    # ones are the last occurrences.
    glossary_at = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    credits_at = [i for i, line in enumerate(lines) if line.strip() == "Credits"]
    if not glossary_at or not credits_at:
        raise CRParseError("the file has no Glossary or Credits header: it is truncated or not the CR")
    glossary_start = glossary_at[-1]
    credits_start = credits_at[-1]
    if credits_start < glossary_start:
        raise CRParseError("the Credits header comes before the Glossary: the file is damaged")
    # The rules body starts after the Contents' copy of "Credits".
    body_start = credits_at[0] + 1 if len(credits_at) > 1 else 0

    rules = _parse_rules(lines[body_start:glossary_start])
    glossary = _parse_glossary(lines[glossary_start + 1 : credits_start])
    return ParsedRules(effective_date=effective, rules=rules, glossary=glossary)


def _parse_rules(lines: list[str]) -> list[RuleEntry]:
    """One pass, linear in the input: continuation lines are collected and joined once per rule (joining
    them one by one was quadratic: 6.8 MB of continuation lines took minutes)."""
    rules: list[RuleEntry] = []
    last: RuleEntry | None = None
    more: list[str] = []  # the last rule's continuation lines

    def flush() -> None:
        if last is not None and more:
            last.text = "\n".join([last.text, *more])
            more.clear()

    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("Example:"):
            if last is not None:
                last.examples.append(stripped)
            continue
        entry = _numbered(stripped, len(rules))
        if entry is not None:
            flush()
            last = entry
            rules.append(entry)
        elif last is not None:  # a continuation line (rare): it belongs to the last rule's text
            more.append(stripped)
    flush()
    return rules


def _numbered(line: str, order: int) -> RuleEntry | None:
    """A numbered line (rule, section or part) as an entry; None for any other line."""
    m = _RULE_RX.match(line)
    if m:
        number = f"{m.group(1)}.{m.group(2)}{m.group(3)}"
        return RuleEntry(number, m.group(4).strip(), "rule", parent_of(number), m.group(1), order)
    m = _SECTION_RX.match(line)
    if m:
        return RuleEntry(m.group(1), m.group(2).strip(), "section", m.group(1)[0], m.group(1), order)
    m = _PART_RX.match(line)
    if m:
        return RuleEntry(m.group(1), m.group(2).strip(), "part", None, m.group(1), order)
    return None


def _parse_glossary(lines: list[str]) -> list[GlossaryEntry]:
    blocks: list[list[str]] = []
    block: list[str] = []
    for line in lines:
        if line.strip():
            block.append(line.strip())
        elif block:
            blocks.append(block)
            block = []
    if block:
        blocks.append(block)

    entries: list[GlossaryEntry] = []
    for block in blocks:
        heading = block[0]
        obsolete = heading.endswith("(Obsolete)")
        bare = heading.removesuffix("(Obsolete)").strip()
        # "You, Your" names two terms; "Active Player, Nonactive Player Order" is one: keep the whole
        # heading as a term as well as each comma-separated part, so either spelling finds it.
        terms = [bare]
        if "," in bare:
            terms += [part.strip() for part in bare.split(",") if part.strip()]
        parts: list[list[str]] = []  # each sense's lines, joined once (linear in the block)
        for line in block[1:]:
            if _SENSE_RX.match(line) or not parts:
                parts.append([line])
            else:
                parts[-1].append(line)
        senses = ["\n".join(lines_) for lines_ in parts]
        entries.append(GlossaryEntry(heading, terms, senses, obsolete, len(entries)))
    return entries
