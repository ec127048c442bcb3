"""A /draw answer as Discord pages (Markdown within the embed limits), without importing discord.

Why apart from ``render_discord``: the service builds the pages of an answer in any process (the console and
``ask`` never import discord); ``render_discord`` turns pages into embeds and buttons.
"""

from __future__ import annotations

from bot.draw_answer import DrawAnswer
from bot.render_text import draw_lines, rule_link
from bot.replies import FIELD_VALUE_MAX, TITLE_MAX, Page, clip, paged, plain

RULE_TEXTS_HINT = "the Rule texts button shows the rules cited"


def _shown(text: str) -> str:
    return plain(text, 600)


def draw_pages(answer: DrawAnswer) -> list[Page]:
    """The ruling as the title (in full on the first line too when it is longer than a title), the body, and
    each rule cited once, linked where the link shows the same text (today's edition)."""
    def cite(number: str) -> str:
        url = rule_link(number) if answer.links else None
        return f"[{number}]({url})" if url else number

    title = clip(answer.ruling, TITLE_MAX)
    lines = [f"**{_shown(answer.ruling)}**"] if title != answer.ruling else []
    lines += draw_lines(answer, shown=_shown, bold="**")
    cited = ""
    for i, number in enumerate(answer.citations):
        more = (" · " if cited else "") + cite(number)
        if len(cited) + len(more) > FIELD_VALUE_MAX - 30:
            cited += f" · and {len(answer.citations) - i} more"
            break
        cited += more
    return paged(title, "\n".join(lines), fields=(("Rules cited", cited),),
                 footer=f"{answer.edition_label} · {RULE_TEXTS_HINT}")
