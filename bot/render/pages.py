"""Pages within Discord's limits: what a reply shows, one embed a page.

Why: Discord rejects a message past its limits, so the limits are enforced here by construction: text is
split into pages that always fit. ``bot.discord.views`` turns a page into an embed; a terminal prints pages
made with no marks at all (``bot.render.table``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.marks import clip

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


def as_text(pages: list[Page]) -> str:
    """Pages one after the other as text: a title once, the URL and image of the first, the last footer."""
    out = []
    for i, page in enumerate(pages):
        if i:
            out.append("")
        if i == 0 or page.title != pages[0].title:
            out.append(page.title)
        if page.description:
            out.append(page.description)
        for name, value in page.fields:
            out.append(f"{name}:\n{value}")
        if page.url and i == 0:
            out.append(page.url)
        if page.image and i == 0:
            out.append(f"Image: {page.image}")
        if page.footer and i == len(pages) - 1:
            out.append(page.footer)
    return "\n".join(out)


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
