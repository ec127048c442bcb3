"""Replies as data: what every front end shows, before it becomes an embed or console text.

Why: the Discord bot and the local console must give the same answers. The service builds ``Reply`` objects;
``bot.discord.views`` turns them into embeds within Discord's limits, ``Reply.as_text`` into console text.
Limits are enforced here by construction: text is split into pages that always fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.draw.answer import DrawAnswer
from bot.render.text import draw_text

# Discord's limits (see shared/docs/discord-testing.md); pages are built under them.
CONTENT_MAX = 2000
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000
# Pages are kept well under the hard limits so that a page's total stays under 6000.
PAGE_BUDGET = 3500


@dataclass(frozen=True)
class Page:
    title: str
    description: str = ""
    fields: tuple[tuple[str, str], ...] = ()
    url: str | None = None
    footer: str = ""
    image: str | None = None  # a picture under the text (a card's image on /card)

    def total(self) -> int:
        return len(self.title) + len(self.description) + len(self.footer) + sum(
            len(n) + len(v) for n, v in self.fields)


@dataclass(frozen=True)
class Question:
    """The reader asks instead of guessing: the question, the words it is about, and the answers, each the
    situation text that answer stands for (every front end answers by resolving that text)."""

    text: str
    words: str
    options: tuple[tuple[str, str], ...]  # (label, situation text)


@dataclass
class Reply:
    pages: list[Page]
    ephemeral: bool = False
    error: bool = False
    rule_numbers: list[str] = field(default_factory=list)  # for the "show rule texts" button
    edition: str | None = None
    game: str = "mtg"
    question: Question | None = None  # a /draw the reader could not read without asking
    draw: DrawAnswer | None = None  # a /draw answer as data: the terminal renders it, Discord uses the pages
    # What the bot's operator can do about it (a command to run): the log and the terminal only, never a
    # player's Discord reply (a player can't run it)
    operator: str = ""

    def as_text(self) -> str:
        out = []
        for i, page in enumerate(self.pages):
            if i:
                out.append("")
            if i == 0 or page.title != self.pages[0].title:
                out.append(page.title)
            if page.description:
                out.append(page.description)
            for name, value in page.fields:
                out.append(f"{name}:\n{value}")
            if page.url and i == 0:
                out.append(page.url)
            if page.image and i == 0:
                out.append(f"Image: {page.image}")
            if page.footer and i == len(self.pages) - 1:
                out.append(page.footer)
        return "\n".join(out)

    def as_plain(self) -> str:
        """The same reply for a terminal (console, ``drawjudge ask``): no Markdown. A /draw answer is rendered
        from its data, the same data the Discord pages were made from."""
        if self.draw is not None:
            return draw_text(self.draw)
        return plain_text(self.as_text()) + (f"\nFor the operator: {self.operator}" if self.operator else "")


_LINK = re.compile(r"\[([^\]]+)\]\((?:https?://[^)\s]+)\)")
_ESCAPED = re.compile(r"\\([\\*_~`|()\[\]>#.+-])")


def plain_text(markdown: str) -> str:
    """Discord Markdown as terminal text: links become their label, bold marks and escapes go, and the
    Discord-only button hint becomes the console's command."""
    text = _LINK.sub(r"\1", markdown)
    text = text.replace("**", "")
    text = _ESCAPED.sub(r"\1", text).replace("_(", "(").replace(")_", ")")
    return text.replace("the button shows the texts of the rules cited", "/rule NUMBER shows a rule's text")


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def split_text(text: str, limit: int = PAGE_BUDGET) -> list[str]:
    """Split on line breaks (or hard, for a huge line) into chunks of at most ``limit`` characters."""
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current or not chunks:
        chunks.append(current)
    return chunks


def paged(title: str, text: str, *, url: str | None = None, footer: str = "",
          fields: tuple[tuple[str, str], ...] = (), image: str | None = None) -> list[Page]:
    """Pages that each fit an embed: the title and footer clipped, the text split, fields on the first."""
    title = clip(title, TITLE_MAX)
    footer = clip(footer, FOOTER_MAX - 20)
    safe_fields = tuple((clip(n, FIELD_NAME_MAX), clip(v, FIELD_VALUE_MAX)) for n, v in fields[:FIELDS_MAX])
    budget = PAGE_BUDGET - sum(len(n) + len(v) for n, v in safe_fields)
    chunks = split_text(text, max(500, budget))
    pages = []
    for i, chunk in enumerate(chunks):
        page_footer = footer
        if len(chunks) > 1:
            page_footer = clip(f"{footer} · page {i + 1}/{len(chunks)}".strip(" ·"), FOOTER_MAX)
        pages.append(Page(title, chunk, safe_fields if i == 0 else (), url, page_footer, image if i == 0 else None))
    return pages


_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\*_~`|>[]()#"})
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                    "\u2066\u2067\u2068\u2069\ufeff"))


_UNPRINTABLE = {**_INVISIBLE, **dict.fromkeys(c for c in [*range(32), 127] if c != ord("\n"))}


def _printable(text: str) -> str:
    """Control, zero-width and direction characters dropped; line breaks kept (one table, in C: a character
    at a time in Python cost 2.4 s of the event loop over a burst of 3,000 answers)."""
    return text.translate(_UNPRINTABLE)


def valid_text(text: str) -> str:
    """User text made valid Unicode: a lone surrogate (an invalid byte on the command line, a broken character
    from a client) becomes U+FFFD, so it is answered as a typo instead of failing deep in the store."""
    return text.encode("utf-8", "replace").decode("utf-8")


def plain(text: str, limit: int = 300) -> str:
    """User text shown back in a reply: control, zero-width and direction characters dropped, Markdown
    escaped, mentions broken (``@\u200beveryone``), and clipped. Bot-wide AllowedMentions.none() is the
    second guard: even an unbroken mention would ping no one."""
    text = _printable(text)
    text = clip(" ".join(text.split()), limit)
    return text.translate(_MARKDOWN).replace("@", "@\u200b").replace("<#", "<\u200b#")


_OUTSIDE_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\*_~`|[]"})
_LINE_START_MARKUP = ("#", ">", "-#")


def outside(text: str, limit: int | None = None) -> str:
    """Text from outside (a rules file, Scryfall) made inert before it reaches Discord, keeping its lines:
    control and invisible characters dropped; emphasis, spoilers, code fences and masked links (``[x](url)``)
    escaped; headings and quotes at a line's start escaped; mention, channel, role and emoji markup
    (``<@1>``, ``<#1>``, ``@everyone``) broken with a zero-width space so it shows as text and pings no one."""
    text = _printable(text)
    if limit is not None:
        text = clip(text, limit)
    text = text.translate(_OUTSIDE_MARKDOWN).replace("@", "@\u200b").replace("<", "<\u200b")
    lines = text.split("\n")
    return "\n".join("\\" + line if line.lstrip().startswith(_LINE_START_MARKUP) else line for line in lines)


def error_reply(message: str, hint: str = "", operator: str = "") -> Reply:
    """A private error in a player's words; ``operator`` (a command to run) goes to the log and the terminal."""
    text = message if not hint else f"{message}\n**Try:** {hint}"
    return Reply(paged("Can't answer that", text), ephemeral=True, error=True, operator=operator)
