"""Grand Archive rules from the publisher's GitBook Markdown pages.

Why page + item: the Grand Archive rulebook numbers its rules per page (an ordered list under each heading),
not globally, so a rule is cited as "Drawing Cards 6": the page's short title, the heading when it is not the
page's first list, and the item (with ".1" for a nested item). GitBook markup ({% hint %} blocks, &#x20;,
anchors, images) is cleaned; hint blocks become the examples of the item before them.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from bot.sources.loaders.cr_text import RuleEntry

_ITEM_RX = re.compile(r"^(?P<indent>\s*)(?P<n>\d+)\.\s+(?P<text>.*)$")
_HEADING_RX = re.compile(r"^(#{1,6})\s+(.*)$")
_BULLET_RX = re.compile(r"^\s*[*-]\s+(.*)$")
_DATE_RX = re.compile(r"^([A-Z][a-z]+) (\d{1,2})(?:st|nd|rd|th), (\d{4})\s*$", re.M)
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]


def clean(text: str) -> str:
    text = html.unescape(text.replace("&#x20;", " "))
    text = re.sub(r"<img[^>]*>", "", text)
    text = re.sub(r"<a [^>]*>(.*?)</a>", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)  # Markdown links → their text
    text = text.replace("\\", "").replace("**", "")
    return " ".join(text.split())


def short_title(title: str) -> str:
    """"Game Mechanics - Drawing Cards" → "Drawing Cards"; "Turn Order - Draw Phase" → "Draw Phase"."""
    return clean(title).split(" - ")[-1].strip()


@dataclass
class GAPage:
    path: str
    title: str
    short: str
    items: list[RuleEntry] = field(default_factory=list)


def parse_page(markdown: str, path: str, start_order: int = 0) -> GAPage | None:
    """One GitBook page: its title (the first "# " heading), then its numbered items in order; None for a page
    without a title (an index)."""
    lines = markdown.replace("\r\n", "\n").split("\n")
    for i, line in enumerate(lines):
        m = _HEADING_RX.match(line)
        if m and m.group(1) == "#":
            title = clean(m.group(2))
            if not title:
                return None
            reader = _PageReader(GAPage(path, title, short_title(title)), start_order)
            for body_line in lines[i + 1:]:
                reader.read(body_line)
            return reader.page
    return None


@dataclass
class _PageReader:
    """The state of reading a page line by line: the heading the items are under, the item being read (for its
    bullets, continued lines and hint examples) and the top item a nested one is numbered under."""

    page: GAPage
    start_order: int
    section: str = ""
    first_section: str | None = None
    last: RuleEntry | None = None
    in_hint: bool = False
    hint: list[str] = field(default_factory=list)
    top: str = ""

    def read(self, line: str) -> None:
        stripped = line.strip()
        if stripped.startswith("{% hint"):
            self.in_hint, self.hint = True, []
        elif stripped.startswith("{% endhint"):
            self._end_hint()
        elif self.in_hint:
            self.hint.append(stripped)
        elif m := _HEADING_RX.match(line):
            self.section = clean(m.group(2)).rstrip(":")
            if self.first_section is None:
                self.first_section = self.section
            self.last = None
        elif m := _ITEM_RX.match(line):
            self._item(m)
        elif (b := _BULLET_RX.match(line)) and self.last is not None:
            self.last.text = f"{self.last.text}\n• {clean(b.group(1))}"
        elif stripped and self.last is not None and not stripped.startswith(("{%", "<")) and line.startswith("   "):
            self.last.text = f"{self.last.text} {clean(stripped)}"

    def _end_hint(self) -> None:
        """A hint block is an example of the item before it."""
        self.in_hint = False
        text = clean(" ".join(self.hint))
        if text and self.last is not None:
            self.last.examples.append(text)

    def _item(self, m: re.Match[str]) -> None:
        page = self.page
        nested = len(m.group("indent")) >= 2
        if self.first_section is None:
            self.first_section = self.section
        first = self.section in (self.first_section, "General Rules")
        prefix = page.short if first else f"{page.short}, {self.section}"
        if nested and self.top:
            number = f"{self.top}.{m.group('n')}"
        else:
            number = f"{prefix} {m.group('n')}"
            self.top = number
        parent = self.top if nested else page.short
        self.last = RuleEntry(number, clean(m.group("text")), "rule", parent, page.short,
                              self.start_order + len(page.items) + 1)
        page.items.append(self.last)


@dataclass
class GARulebook:
    effective_date: str | None
    rules: list[RuleEntry]
    titles: dict[str, str]
    pages: int


def latest_changelog_date(readme: str) -> str | None:
    m = _DATE_RX.search(readme)
    if not m or m.group(1) not in _MONTHS:
        return None
    return f"{m.group(3)}-{_MONTHS.index(m.group(1)) + 1:02d}-{int(m.group(2)):02d}"


def parse_rulebook(pages: dict[str, str]) -> GARulebook:
    """Every page (path → Markdown) into rule entries with unique numbers; the README gives the date."""
    rules: list[RuleEntry] = []
    titles: dict[str, str] = {}
    seen: set[str] = set()
    count = 0
    for path in sorted(pages):
        if path.endswith(("SUMMARY.md", "table-of-contents.md")) or path == "README.md":
            continue
        page = parse_page(pages[path], path, len(rules) * 2)
        if page is None or not page.items:
            continue
        count += 1
        short = page.short
        if short.lower() in seen:  # two pages with one short title: qualify by the folder
            folder = Path(path).parent.name.replace("game-mechanics-", "").replace("-", " ").title()
            short = f"{folder} {short}"
            page = parse_page(pages[path].replace(page.title, f"{folder} - {page.short}", 1), path, len(rules) * 2)
            assert page is not None
        seen.add(short.lower())
        rules.append(RuleEntry(short, page.title, "section", None, short, len(rules) * 2))
        titles[short] = page.title
        for item in page.items:
            if item.number.lower() in seen:
                continue
            seen.add(item.number.lower())
            rules.append(item)
            titles[item.number] = page.title
    for i, rule in enumerate(rules):
        rule.sort_order = i
    return GARulebook(latest_changelog_date(pages.get("README.md", "")), rules, titles, count)


def read_folder(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.md"))}
