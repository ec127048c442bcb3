"""Replies as Discord embeds and views: pages with Previous/Next buttons, and the "rule texts" button.

Why here: Discord's limits are enforced in ``bot.replies`` when pages are built; this module only maps a
page to an embed, checks the limits once more (a page that would break one is trimmed, never sent broken),
and keeps the button logic in one place.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

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
    error_reply,
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
_LIVE: deque[discord.ui.View] = deque()


def _track(view: discord.ui.View) -> None:
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


Answerer = Callable[[str], Awaitable[Reply]]
ANSWER_WITHIN = 2.0  # seconds before a button's answer is deferred (Discord allows 3)


def view_for(reply: Reply, owner_id: int, fetch_rule_texts: RuleTextsFetcher | None = None,
             answer: Answerer | None = None, *, public: bool = False) -> discord.ui.View:
    """The components of a reply: the reader's question as buttons when it asks one, else pages and rules."""
    if reply.question is not None and answer is not None:
        return ClarifyView(reply, owner_id, answer, fetch_rule_texts, public=public)
    return PagedView(reply, owner_id, fetch_rule_texts)


class ClarifyView(discord.ui.View):
    """One button per answer to the reader's question. Only the asker can answer; the answer replaces the
    question in the same message, resolved from the option's situation text (deferred if it is slow)."""

    def __init__(self, reply: Reply, owner_id: int, answer: Answerer,
                 fetch_rule_texts: RuleTextsFetcher | None = None, timeout: float = 600, *,
                 public: bool = False) -> None:
        super().__init__(timeout=timeout)
        assert reply.question is not None
        self.public = public  # a /draw asked with public:true: the answer goes to the channel
        self.reply = reply
        self.owner_id = owner_id
        self.answer = answer
        self.fetch_rule_texts = fetch_rule_texts
        for i, (label, text) in enumerate(reply.question.options[:10]):
            button: discord.ui.Button[ClarifyView] = discord.ui.Button(
                label=clip(f"{i + 1}. {label}", 80), style=discord.ButtonStyle.primary, row=i // 5)
            button.callback = self._answer_with(label, text)  # type: ignore[method-assign]
            self.add_item(button)
        _track(self)

    @property
    def has_items(self) -> bool:
        return bool(self.children)

    def current(self) -> discord.Embed:
        return embed_for(self.reply.pages[0], error=self.reply.error)

    def _answer_with(self, label: str, text: str) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def callback(interaction: discord.Interaction) -> None:
            if interaction.user.id != self.owner_id:
                await interaction.response.send_message(
                    embed=embed_for(error_reply("Only the player who asked can answer this question.").pages[0],
                                    error=True), ephemeral=True)
                return
            task = asyncio.ensure_future(self.answer(text))
            try:
                reply = await asyncio.wait_for(asyncio.shield(task), ANSWER_WITHIN)
                deferred = False
            except TimeoutError:
                await interaction.response.defer()
                reply, deferred = await task, True
            view = view_for(reply, self.owner_id, self.fetch_rule_texts, self.answer, public=self.public)
            kwargs: dict[str, Any] = {"embed": embed_for(reply.pages[0], error=reply.error),
                                      "view": view if view.children else None}
            self.stop()
            if self.public and reply.question is None and not reply.error:
                # the private question says what was chosen; the answer itself goes to the channel
                done = embed_for(Page("Answered", clip(f"→ {label}", 300)))
                if deferred:
                    await interaction.edit_original_response(embed=done, view=None)
                else:
                    await interaction.response.edit_message(embed=done, view=None)
                await interaction.followup.send(ephemeral=False, **{k: v for k, v in kwargs.items() if v})
            elif deferred:
                await interaction.edit_original_response(**kwargs)
            else:
                await interaction.response.edit_message(**kwargs)

        return callback
