"""Replies as Discord embeds and views: pages with Previous/Next buttons, and the "rule texts" button.

Why here: Discord's limits are enforced in ``bot.replies`` when pages are built; this module only maps a
page to an embed, checks the limits once more (a page that would break one is trimmed, never sent broken),
and keeps the button logic in one place.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable

import discord

from bot.replies import (
    DESCRIPTION_MAX,
    EMBED_TOTAL_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    FOOTER_MAX,
    TITLE_MAX,
    Page,
    Reply,
    clip,
)
from bot.urls import public_url  # only http(s) links, never credentials, reach an embed

COLOR_OK = discord.Colour.from_rgb(46, 125, 180)
COLOR_ERROR = discord.Colour.from_rgb(200, 60, 60)


def embed_for(page: Page, *, error: bool = False) -> discord.Embed:
    title = clip(page.title, TITLE_MAX)
    footer = clip(page.footer, FOOTER_MAX)
    fields = [(clip(n, FIELD_NAME_MAX), clip(v, FIELD_VALUE_MAX)) for n, v in page.fields[:FIELDS_MAX]]
    room = EMBED_TOTAL_MAX - len(title) - len(footer) - sum(len(n) + len(v) for n, v in fields) - 10
    description = clip(page.description, max(0, min(DESCRIPTION_MAX, room)))
    embed = discord.Embed(title=title, description=description or None, url=public_url(page.url),
                          colour=COLOR_ERROR if error else COLOR_OK)
    for name, value in fields:
        embed.add_field(name=name or "\u200b", value=value or "\u200b", inline=False)
    if footer:
        embed.set_footer(text=footer)
    return embed


RuleTextsFetcher = Callable[[list[str], str | None, str], Awaitable[Reply]]


MAX_LIVE_VIEWS = 500  # answers whose buttons stay live; beyond this the oldest stop listening
_LIVE: deque[PagedView] = deque()


def _track(view: PagedView) -> None:
    """Keep at most ``MAX_LIVE_VIEWS`` views listening: each holds its answer's pages in memory until its
    timeout, so without a cap a busy server's memory grew with every answer (1,200 answers: 55 → 525 MB)."""
    _LIVE.append(view)
    while len(_LIVE) > MAX_LIVE_VIEWS:
        _LIVE.popleft().stop()


def live_views() -> int:
    return sum(1 for v in _LIVE if not v.is_finished())


class PagedView(discord.ui.View):
    """Previous / Next over a reply's pages, plus "Rule texts" when the reply cites rules."""

    def __init__(self, reply: Reply, owner_id: int, fetch_rule_texts: RuleTextsFetcher | None = None,
                 timeout: float = 600) -> None:
        super().__init__(timeout=timeout)
        self.reply = reply
        self.index = 0
        self.owner_id = owner_id
        self.fetch_rule_texts = fetch_rule_texts
        if len(reply.pages) <= 1:
            self.remove_item(self.previous)
            self.remove_item(self.next)
        if not (reply.rule_numbers and fetch_rule_texts):
            self.remove_item(self.rules)
        self._sync()
        if self.children:
            _track(self)

    def _sync(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= len(self.reply.pages) - 1

    @property
    def has_items(self) -> bool:
        return bool(self.children)

    def current(self) -> discord.Embed:
        return embed_for(self.reply.pages[self.index], error=self.reply.error)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button[PagedView]) -> None:
        self.index = max(0, self.index - 1)
        self._sync()
        await interaction.response.edit_message(embed=self.current(), view=self)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button[PagedView]) -> None:
        self.index = min(len(self.reply.pages) - 1, self.index + 1)
        self._sync()
        await interaction.response.edit_message(embed=self.current(), view=self)

    @discord.ui.button(label="Rule texts", style=discord.ButtonStyle.primary)
    async def rules(self, interaction: discord.Interaction, button: discord.ui.Button[PagedView]) -> None:
        assert self.fetch_rule_texts is not None
        texts = await self.fetch_rule_texts(self.reply.rule_numbers, self.reply.edition, self.reply.game)
        view = PagedView(texts, interaction.user.id)
        kwargs: dict[str, object] = {"embed": embed_for(texts.pages[0], error=texts.error), "ephemeral": True}
        if view.has_items:
            kwargs["view"] = view
        await interaction.response.send_message(**kwargs)  # type: ignore[arg-type]
