"""Replies as Discord embeds and views: pages with Previous/Next buttons, and the "rule texts" button.

Why here: Discord's limits are enforced in ``bot.render.pages`` when pages are built; this module only maps a
page to an embed, checks the limits once more (a page that would break one is trimmed, never sent broken),
and keeps the button logic in one place.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.answers import DrawReading, DrawSteps
from bot.discord.ratelimit import RateLimit
from bot.draw.engine_pool import ASKER
from bot.render.layouts import MAX_WHAT_IF_BUTTONS
from bot.render.marks import clip
from bot.render.pages import (
    DESCRIPTION_MAX,
    EMBED_TOTAL_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    FOOTER_MAX,
    TITLE_MAX,
    Page,
)
from bot.render.reply import Reply, error_reply
from bot.sources.urls import public_url  # only http(s) links, never credentials, reach an embed
from engine.situation.given import Situation

log = logging.getLogger("drawjudge")
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
    image = public_url(page.image)
    if image:
        embed.set_image(url=image)
    return embed


RuleTextsFetcher = Callable[[list[str], str | None, str], Awaitable[Reply]]
# Answers a /draw situation text; with ``what_if`` (choices, an assumption key), one of its "What if" lines.
Answerer = Callable[..., Awaitable[Reply]]
MessageEditor = Callable[..., Awaitable[Any]]

MAX_LIVE_VIEWS = 500  # answers whose buttons stay live; beyond this the oldest stop listening
MAX_WHAT_IFS = MAX_WHAT_IF_BUTTONS  # "What if" buttons under an answer (one row); the rest are in its text
ANSWER_WITHIN = 2.0  # seconds before a button's answer is deferred (Discord allows 3)
VIEW_TIMEOUT = 600.0  # seconds an answer's buttons listen (under the 15 min its interaction token can edit it)
_LIVE: deque[OwnedView] = deque()
NOT_YOURS = "Only the player who asked can use these buttons. Ask your own with /draw."
EXPIRED = "This answer has expired (the bot restarted, or it is too old): ask again."
PRESSES = 5  # button presses ...
PRESSES_PER = 5.0  # ... per this many seconds, per user
_DISABLING: set[asyncio.Task[None]] = set()


def _track(view: OwnedView) -> None:
    """Keep at most ``MAX_LIVE_VIEWS`` views listening: each holds its answer's pages in memory until its
    timeout, so without a cap a busy server's memory grew with every answer (1,200 answers: 55 → 525 MB). An
    evicted view is drawn disabled, so its buttons never look alive while nothing listens to them."""
    _LIVE.append(view)
    while len(_LIVE) > MAX_LIVE_VIEWS:
        evicted = _LIVE.popleft()
        if not evicted.is_finished():
            task = asyncio.ensure_future(evicted.on_timeout())
            _DISABLING.add(task)
            task.add_done_callback(_DISABLING.discard)
        evicted.stop()


class PressCooldown(RateLimit):
    """At most ``PRESSES`` button presses per ``PRESSES_PER`` seconds per user, across every answer: a Share or
    a "What if" pressed 20 times in a row used to do its work 20 times (20 public copies)."""

    def __init__(self, rate: int = PRESSES, per: float = PRESSES_PER) -> None:
        super().__init__(rate, per)


PRESS_COOLDOWN = PressCooldown()


async def answer_expired(interaction: discord.Interaction) -> None:
    """A press on buttons nothing listens to any more, answered privately instead of silently failing."""
    await interaction.response.send_message(embed=embed_for(error_reply(EXPIRED).pages[0], error=True),
                                            ephemeral=True)


def listens(interaction: discord.Interaction) -> bool:
    """Whether a live view of this process will handle a component interaction (discord.py's own look-up)."""
    data: Any = interaction.data or {}
    key = (data.get("component_type"), data.get("custom_id"))
    views = interaction.client._connection._view_store._views
    message_id = interaction.message.id if interaction.message is not None else None
    item = views.get(message_id, {}).get(key) or views.get(None, {}).get(key)
    return item is not None and item.view is not None and not item.view.is_finished()


def live_views() -> int:
    return sum(1 for v in _LIVE if not v.is_finished())


_RUN = os.urandom(6).hex()  # this process's run: a button of an answer from before a restart never matches
_BUTTONS = itertools.count(1)


def button_id() -> str:
    """A custom_id no other button of this run or of an earlier one has. Why not discord.py's own: it draws
    16 bytes from ``os.urandom`` for each button, a system call per button, six or more per answer (about 2 s
    of a burst's event loop in all); a counter after one random run prefix is as unique and costs nothing."""
    return f"dj:{_RUN}:{next(_BUTTONS)}"


class OwnedView(discord.ui.View):
    """Buttons only the asker can press (anyone else gets a private note and nothing changes), drawn
    disabled once they stop listening, so a dead button never looks alive."""

    def __init__(self, owner_id: int, timeout: float | None) -> None:
        super().__init__(timeout=VIEW_TIMEOUT if timeout is None else timeout)
        for item in self.children:  # the decorated buttons carry a fixed custom_id: each gets its own
            if isinstance(item, discord.ui.Button):
                item.custom_id = button_id()
        self.owner_id = owner_id
        self._edit: MessageEditor | None = None

    def attach(self, edit: MessageEditor) -> None:
        """How to edit the message these buttons are on (to disable them at the timeout)."""
        self._edit = edit

    def current(self) -> discord.Embed:
        """The embed the message shows now."""
        raise NotImplementedError

    @property
    def has_items(self) -> bool:
        return bool(self.children)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.user.id != self.owner_id:
            await interaction.response.send_message(embed=embed_for(error_reply(NOT_YOURS).pages[0], error=True),
                                                    ephemeral=True)
            return False
        wait = PRESS_COOLDOWN.retry_after(interaction.user.id)
        if wait > 0:
            reply = error_reply(f"You're pressing quickly: try again in {max(1, round(wait))} s.",
                                f"at most {PRESSES} button presses every {PRESSES_PER:.0f} s")
            await interaction.response.send_message(embed=embed_for(reply.pages[0], error=True), ephemeral=True)
            return False
        ASKER.set(interaction.user.id)  # a button's question takes its turn at the engine as its asker's
        return True

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        try:
            if self._edit is not None:
                await self._edit(view=self)
        except (discord.HTTPException, OSError) as exc:  # the message is gone or the token expired
            log.info("could not disable an answer's buttons: %s", exc)
        finally:
            self._let_go()

    def _drop(self, item: discord.ui.Item[Any]) -> None:
        """Remove a button this answer doesn't show, and its callback bound to this view (else the two keep
        each other, and the view, for a full collection)."""
        self.remove_item(item)
        vars(item).pop("callback", None)

    def _let_go(self) -> None:
        """Undo the references between this finished view and its buttons (each button points at the view and
        at a callback that points back at both), so reference counting frees them. Why: every answer evicted
        from the live ones was left for the next full collection, and after a burst that collection held the
        event loop for hundreds of milliseconds."""
        items = list(self.children)
        self.clear_items()  # the view lets go of its buttons, and each button of the view
        for item in items:
            vars(item).pop("callback", None)  # the bound callback discord.py set on the button (view, button)
        self._edit = None

    async def replace_with(self, interaction: discord.Interaction, reply: Reply, deferred: bool, *,
                           answer: Answerer | None, fetch_rule_texts: RuleTextsFetcher | None,
                           public: bool) -> None:
        """Show ``reply`` in this message with its own buttons (the asker's choice was answered)."""
        view = view_for(reply, self.owner_id, fetch_rule_texts, answer, public=public)
        kwargs: dict[str, Any] = {"embed": view.current(), "view": view if view.children else None}
        self.stop()
        if deferred:
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
        view.attach(interaction.edit_original_response)


async def _within(interaction: discord.Interaction, work: Awaitable[Reply]) -> tuple[Reply, bool]:
    """The reply, deferring the interaction when it is not ready in ``ANSWER_WITHIN`` s; (reply, deferred)."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.wait_for(asyncio.shield(task), ANSWER_WITHIN), False
    except TimeoutError:
        await interaction.response.defer()  # a button's answer edits its message: no "thinking" message
        return await task, True


class AnswerView(OwnedView):
    """An answer's buttons: one "What if" per other line the engine found (re-resolved when pressed) right
    under the answer, then "Steps" and "Assumed" on a /draw answer, "Rule texts" when it cites rules, "Share"
    on a private answer, and Previous / Next over its pages."""

    def __init__(self, reply: Reply, owner_id: int, fetch_rule_texts: RuleTextsFetcher | None = None,
                 answer: Answerer | None = None, timeout: float | None = None, *, public: bool = False) -> None:
        super().__init__(owner_id, timeout)
        self.reply = reply
        self.index = 0
        self.fetch_rule_texts = fetch_rule_texts
        self.answer = answer
        self.public = public
        self.shared = False
        if len(reply.pages) <= 1:
            self._drop(self.previous)
            self._drop(self.next)
        if not (reply.rule_numbers and fetch_rule_texts):
            self._drop(self.rules)
        if public or reply.error or reply.draw is None:
            self._drop(self.share)
        if reply.draw is None:
            self._drop(self.steps)
            self._drop(self.assumed)
        if reply.draw is not None and answer is not None:
            for i, what_if in enumerate(reply.draw.what_ifs[:MAX_WHAT_IFS]):
                button: discord.ui.Button[AnswerView] = discord.ui.Button(
                    label=clip(what_if.button, 80), style=discord.ButtonStyle.secondary, row=0, custom_id=button_id())
                button.callback = self._what_if(i)  # type: ignore[method-assign,assignment]
                self.add_item(button)
        self._sync()
        if self.children:
            _track(self)

    def _sync(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= len(self.reply.pages) - 1

    def current(self) -> discord.Embed:
        return embed_for(self.reply.pages[self.index], error=self.reply.error)

    @discord.ui.button(label="Previous", custom_id="dj-previous", style=discord.ButtonStyle.secondary, row=2)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button[AnswerView]) -> None:
        self.index = max(0, self.index - 1)
        self._sync()
        await interaction.response.edit_message(embed=self.current(), view=self)

    @discord.ui.button(label="Next", custom_id="dj-next", style=discord.ButtonStyle.secondary, row=2)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button[AnswerView]) -> None:
        self.index = min(len(self.reply.pages) - 1, self.index + 1)
        self._sync()
        await interaction.response.edit_message(embed=self.current(), view=self)

    @discord.ui.button(label="Steps", custom_id="dj-steps", style=discord.ButtonStyle.primary, row=1)
    async def steps(self, interaction: discord.Interaction, button: discord.ui.Button[AnswerView]) -> None:
        """What happens step by step, and the rules cited: privately, with its own pages."""
        assert self.reply.draw is not None
        await self._private(interaction, Reply(DrawSteps(self.reply.draw), ephemeral=True))

    @discord.ui.button(label="Rule texts", custom_id="dj-rule-texts", style=discord.ButtonStyle.primary, row=1)
    async def rules(self, interaction: discord.Interaction, button: discord.ui.Button[AnswerView]) -> None:
        assert self.fetch_rule_texts is not None
        await self._private(interaction, await self.fetch_rule_texts(self.reply.rule_numbers, self.reply.edition,
                                                                     self.reply.game))

    @discord.ui.button(label="Assumed", custom_id="dj-assumed", style=discord.ButtonStyle.secondary, row=1)
    async def assumed(self, interaction: discord.Interaction, button: discord.ui.Button[AnswerView]) -> None:
        """Every fact with the words it was read from, and every assumption."""
        assert self.reply.draw is not None
        await self._private(interaction, Reply(DrawReading(self.reply.draw), ephemeral=True))

    async def _private(self, interaction: discord.Interaction, reply: Reply) -> None:
        view = view_for(reply, interaction.user.id)
        kwargs: dict[str, object] = {"embed": embed_for(reply.pages[0], error=reply.error), "ephemeral": True}
        if view.has_items:
            kwargs["view"] = view
        await interaction.response.send_message(**kwargs)  # type: ignore[call-overload]
        if view.has_items:
            view.attach(interaction.edit_original_response)

    @discord.ui.button(label="Share", custom_id="dj-share", style=discord.ButtonStyle.success, row=1)
    async def share(self, interaction: discord.Interaction, button: discord.ui.Button[AnswerView]) -> None:
        """Post this private answer to the channel, as it is now, once; the private copy keeps its buttons."""
        if self.shared:  # a second press (before the disabled button reached the client) posts nothing
            await interaction.response.send_message(
                embed=embed_for(error_reply("This answer was already shared.").pages[0], error=True), ephemeral=True)
            return
        self.shared = True
        button.disabled = True
        button.label = "Shared"
        await interaction.response.edit_message(view=self)
        await interaction.followup.send(embed=self.current(), ephemeral=False)

    def _what_if(self, i: int) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def callback(interaction: discord.Interaction) -> None:
            assert self.reply.draw is not None and self.answer is not None
            what_if = self.reply.draw.what_ifs[i]
            reply, deferred = await _within(interaction, self.answer(self.reply.draw.situation,
                                                                     what_if=what_if.key))
            await self.replace_with(interaction, reply, deferred, answer=self.answer,
                                    fetch_rule_texts=self.fetch_rule_texts, public=self.public)

        return callback


class Buttonless:
    """A reply that has no buttons, shaped like a view (``current``, ``children``, ``attach``, ``stop``).

    Why not an empty ``AnswerView``: discord.py builds all six of its decorated buttons before the answer's
    removes the ones it doesn't show, and a view and its buttons reference each other, so each of those
    replies (a /rule, a /search, every error) left about 30 objects only a full garbage collection frees:
    after a burst of 5,000 that collection held the event loop 570-870 ms."""

    children: tuple[()] = ()
    has_items = False

    def __init__(self, reply: Reply) -> None:
        self.reply = reply

    def current(self) -> discord.Embed:
        return embed_for(self.reply.pages[0], error=self.reply.error)

    def attach(self, edit: MessageEditor) -> None:
        return None

    def stop(self) -> None:
        return None


def _has_buttons(reply: Reply, fetch_rule_texts: RuleTextsFetcher | None) -> bool:
    """Whether an ``AnswerView`` of this reply keeps any button (pages to turn, rule texts, or a /draw answer's
    Steps and Assumed)."""
    return len(reply.pages) > 1 or bool(reply.rule_numbers and fetch_rule_texts) or reply.draw is not None


def view_for(reply: Reply, owner_id: int, fetch_rule_texts: RuleTextsFetcher | None = None,
             answer: Answerer | None = None, *, public: bool = False) -> OwnedView | Buttonless:
    """The components of a reply: the reader's question as buttons when it asks one, else the answer's (none
    at all when it has no button to show)."""
    if reply.question is not None and answer is not None:
        return ClarifyView(reply, owner_id, answer, fetch_rule_texts, public=public)
    if not _has_buttons(reply, fetch_rule_texts):
        return Buttonless(reply)
    return AnswerView(reply, owner_id, fetch_rule_texts, answer, public=public)


class ClarifyView(OwnedView):
    """One button per answer to the reader's question. Only the asker can answer; the answer replaces the
    question in the same message, resolved from the option's situation (deferred if it is slow)."""

    def __init__(self, reply: Reply, owner_id: int, answer: Answerer,
                 fetch_rule_texts: RuleTextsFetcher | None = None, timeout: float | None = None, *,
                 public: bool = False) -> None:
        super().__init__(owner_id, timeout)
        assert reply.question is not None
        self.public = public  # a /draw asked with public:true: the answer goes to the channel
        self.reply = reply
        self.answer = answer
        self.fetch_rule_texts = fetch_rule_texts
        for i, (label, situation) in enumerate(reply.question.options[:10]):
            button: discord.ui.Button[ClarifyView] = discord.ui.Button(
                label=clip(f"{i + 1}. {label}", 80), style=discord.ButtonStyle.primary, row=i // 5,
                custom_id=button_id())
            button.callback = self._answer_with(label, situation)  # type: ignore[method-assign,assignment]
            self.add_item(button)
        _track(self)

    def current(self) -> discord.Embed:
        return embed_for(self.reply.pages[0], error=self.reply.error)

    def _answer_with(self, label: str, situation: Situation) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def callback(interaction: discord.Interaction) -> None:
            reply, deferred = await _within(interaction, self.answer(situation))
            if self.public and reply.question is None and not reply.error:
                # the private question says what was chosen; the answer itself goes to the channel
                view = view_for(reply, self.owner_id, self.fetch_rule_texts, self.answer, public=True)
                self.stop()
                done = embed_for(Page("Answered", clip(f"→ {label}", 300)))
                if deferred:
                    await interaction.edit_original_response(embed=done, view=None)
                else:
                    await interaction.response.edit_message(embed=done, view=None)
                kwargs: dict[str, Any] = {"embed": view.current(), "ephemeral": False, "wait": True}
                if view.children:
                    kwargs["view"] = view
                message = await interaction.followup.send(**kwargs)
                if view.children:
                    view.attach(message.edit)
                return
            await self.replace_with(interaction, reply, deferred, answer=self.answer,
                                    fetch_rule_texts=self.fetch_rule_texts, public=self.public)

        return callback
