"""The Discord client: slash commands on ``app_commands``, answered through the judge service.

Why so small: commands are thin (options → service call → reply → embed); the service and the renderers do
the work and are shared with the console. Bot-wide ``AllowedMentions.none()`` means a situation text that
contains ``@everyone`` can never ping anyone. Answers come within Discord's 3 s: a reply that is not ready
in 2 s is deferred and sent as a follow-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands

from bot.gate import Gate
from bot.render_discord import embed_for, view_for
from bot.replies import Reply, error_reply
from bot.service import Judge

log = logging.getLogger("drawjudge")

ANSWER_WITHIN = 2.0  # seconds before deferring (Discord allows 3)
COOLDOWN_RATE = 5  # commands ...
COOLDOWN_PER = 10.0  # ... per this many seconds, per user
RulingsFetcher = Callable[[str, str | None], Awaitable[Reply]]
CardChoices = Callable[[str], Awaitable[list[str]]]

GAME_CHOICES = [app_commands.Choice(name="Magic: The Gathering", value="mtg"),
                app_commands.Choice(name="Grand Archive", value="grand-archive")]
EDITION_CHOICES = [app_commands.Choice(name="Current Comprehensive Rules", value="current"),
                   app_commands.Choice(name="2008 rules (rule 423)", value="2008"),
                   app_commands.Choice(name="1999 rules (Z.6 Library)", value="1999")]


def _cooldown_key(interaction: discord.Interaction) -> int:
    return interaction.user.id


async def send_reply(interaction: discord.Interaction, make: Awaitable[Reply], *, public: bool = False,
                     judge: Judge | None = None) -> None:
    """Answer with a reply, deferring first when it takes long (at once when the bot is loaded, so the
    acknowledgement never waits behind other commands' work); errors are always ephemeral. An answer the
    closing connection can no longer carry (shutdown) is dropped quietly; other send failures are raised."""
    gate: Gate | None = getattr(interaction.client, "gate", None)
    with gate.running(interaction) if gate is not None else contextlib.nullcontext():
        try:
            await _answer(interaction, make, public, judge, gate)
        except (discord.HTTPException, aiohttp.ClientError):
            if not interaction.client.is_closed():
                raise
            log.info("an answer was dropped at shutdown")


async def _answer(interaction: discord.Interaction, make: Awaitable[Reply], public: bool, judge: Judge | None,
                  gate: Gate | None) -> None:
    if gate is not None and gate.loaded:
        gate.waited(interaction.id)
        # Under load the acknowledgement goes first and the work waits for a slot: every admitted command is
        # acknowledged before the work of the ones ahead of it, so the 3 s window is spent on acknowledgements.
        await interaction.response.defer(ephemeral=not public, thinking=True)
        async with gate.work_slot():
            reply = await make
        deferred = True
    else:
        task = asyncio.ensure_future(make)
        within = ANSWER_WITHIN - (gate.waited(interaction.id) if gate is not None else 0.0)
        try:
            reply = await asyncio.wait_for(asyncio.shield(task), max(0.0, within))
        except TimeoutError:
            reply = None
        deferred = reply is None
        if deferred:
            await interaction.response.defer(ephemeral=not public, thinking=True)
            reply = await task
    assert reply is not None
    fetch = judge.rule_texts if judge is not None else None
    view = view_for(reply, interaction.user.id, fetch, judge.draw if judge is not None else None, public=public)
    ephemeral = reply.ephemeral or reply.error or not public
    kwargs: dict[str, Any] = {"embed": view.current(), "ephemeral": ephemeral}
    if view.children:
        kwargs["view"] = view
    try:
        if deferred:
            message = await interaction.followup.send(wait=True, **kwargs)
            view.attach(message.edit)
        else:
            await interaction.response.send_message(**kwargs)
            view.attach(interaction.edit_original_response)
    except BaseException:
        view.stop()  # an answer that never arrived has no buttons to keep alive
        raise


BUSY = error_reply("drawjudge is answering a lot of questions right now.", "ask again in a few seconds")
RESTARTING = error_reply("drawjudge is restarting.", "ask again in a minute")


async def send_error(interaction: discord.Interaction, reply: Reply) -> None:
    """A short private error: the response, or a follow-up when the interaction was already acknowledged."""
    embed = embed_for(reply.pages[0], error=True)
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def answer_restarting(gate: Gate, within: float = 2.0) -> int:
    """At shutdown, after the grace: tell every command still running that the bot is restarting, all within
    ``within`` seconds. Returns how many."""
    pending = list(gate.items.values())
    if pending:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(send_error(i, RESTARTING) for i in pending),
                                                  return_exceptions=True), within)
    return len(pending)


class GatedTree(app_commands.CommandTree[Any]):
    """The command tree behind the gate: beyond the bound, or while shutting down, a command gets an immediate
    short reply and an autocomplete an empty list; neither touches the store or the engine."""

    gate: Gate

    def _from_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.application_command:
            self.gate.arrive(interaction.id)
        super()._from_interaction(interaction)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        gate = self.gate
        if gate.admits():
            return True
        if interaction.client.is_closed():
            return False  # the connection is gone: there is no one to answer
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await send_error(interaction, RESTARTING if gate.closing else BUSY)
        except (discord.HTTPException, aiohttp.ClientError) as exc:  # a refusal that can't be sent is no error
            log.info("could not send a refusal: %s", exc)
        return False


def _add_rule_command(tree: app_commands.CommandTree[Any], judge: Judge, cooldown: Any, name: str) -> None:
    description = ("A rule by number, e.g. 121.2b (Grand Archive: 'Drawing Cards 6')" if name == "rule"
                   else "A Comprehensive Rules entry by number (same as /rule)")

    @tree.command(name=name, description=description)
    @app_commands.describe(number="Rule number (121.2 gives its subrules; 121.2. the rule alone)",
                           edition="Edition of the rules (default: current)", game="Which game's rules",
                           public="Show to the channel")
    @app_commands.choices(game=GAME_CHOICES)
    @cooldown
    async def rule(interaction: discord.Interaction, number: app_commands.Range[str, 1, 60],
                   edition: str | None = None, game: app_commands.Choice[str] | None = None,
                   public: bool = False) -> None:
        await send_reply(interaction, judge.rule(number, edition, game.value if game else "mtg"), public=public,
                         judge=judge)

    @rule.autocomplete("number")
    async def rule_number_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Each choice shows the start of its rule's text ("121.2b — Players usually draw ..."); the value is
        the number."""
        edition = getattr(interaction.namespace, "edition", None)
        game = getattr(interaction.namespace, "game", None) or "mtg"
        labelled = await judge.rule_choice_labels(current, edition, game)
        return [app_commands.Choice(name=label[:100], value=n[:100]) for n, label in labelled[:25]]

    @rule.autocomplete("edition")
    async def rule_edition_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or "mtg"
        editions = await judge.store.editions(game)
        names = [e.name for e in editions if current.lower() in e.name.lower()]
        return [app_commands.Choice(name=n, value=n) for n in names[:25]]


def build_tree(client: discord.Client, judge: Judge, rulings: RulingsFetcher | None = None,
               card_choices: CardChoices | None = None, gate: Gate | None = None) -> app_commands.CommandTree[Any]:
    tree = GatedTree(client)
    tree.gate = gate or Gate()
    # One per-user budget shared by every command of this client.
    cooldown = app_commands.checks.cooldown(COOLDOWN_RATE, COOLDOWN_PER, key=_cooldown_key)

    @tree.command(name="draw", description="Resolve a card-draw situation step by step, citing the rules")
    @app_commands.describe(situation="One fact per sentence, e.g. 'I have 1 card in library. I draw 2.'",
                           game="Which game's rules", edition="Which edition of the rules",
                           public="Show the answer to the whole channel (default: only you)")
    @app_commands.choices(game=GAME_CHOICES, edition=EDITION_CHOICES)
    @cooldown
    async def draw(interaction: discord.Interaction, situation: app_commands.Range[str, 1, 2000],
                   game: app_commands.Choice[str] | None = None, edition: app_commands.Choice[str] | None = None,
                   public: bool = False) -> None:
        await send_reply(interaction, judge.draw(situation, game.value if game else None,
                                                 edition.value if edition else None), public=public, judge=judge)

    for command_name in ("rule", "cr"):  # /cr: the name players know from other bots, the same command
        _add_rule_command(tree, judge, cooldown, command_name)

    @tree.command(name="search", description="Search the rules and glossary by words")
    @app_commands.describe(query="Words to look for, e.g. 'draw from empty library'", edition="Edition",
                           game="Which game's rules", public="Show to the channel")
    @app_commands.choices(game=GAME_CHOICES)
    @cooldown
    async def search(interaction: discord.Interaction, query: app_commands.Range[str, 1, 200],
                     edition: str | None = None, game: app_commands.Choice[str] | None = None,
                     public: bool = False) -> None:
        await send_reply(interaction, judge.search(query, edition, game.value if game else "mtg"), public=public,
                         judge=judge)

    @tree.command(name="define", description="A term of the Comprehensive Rules glossary")
    @app_commands.describe(term="Glossary term, e.g. 'Draw'", public="Show to the channel")
    @cooldown
    async def define(interaction: discord.Interaction, term: app_commands.Range[str, 1, 100],
                     public: bool = False) -> None:
        await send_reply(interaction, judge.define(term), public=public, judge=judge)

    @define.autocomplete("term")
    async def define_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        terms = await judge.term_choices(current)
        return [app_commands.Choice(name=t[:100], value=t[:100]) for t in terms[:25]]

    @tree.command(name="rulediff", description="How a rule changed between two stored editions")
    @app_commands.describe(number="Rule number, e.g. 121.8", old="Older edition", new="Newer edition")
    @cooldown
    async def rulediff(interaction: discord.Interaction, number: app_commands.Range[str, 1, 60],
                       old: str | None = None, new: str | None = None) -> None:
        await send_reply(interaction, judge.rulediff(number, old, new), judge=judge)

    if rulings is not None:
        @tree.command(name="ruling", description="Official rulings of a card, newest first")
        @app_commands.describe(card="Card name", contains="Only rulings containing these words",
                               public="Show to the channel")
        @cooldown
        async def ruling(interaction: discord.Interaction, card: app_commands.Range[str, 1, 150],
                         contains: str | None = None, public: bool = False) -> None:
            await send_reply(interaction, rulings(card, contains), public=public, judge=judge)

        @ruling.autocomplete("card")
        async def ruling_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            names = await card_choices(current) if card_choices else judge.card_choices(current)
            return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

    @tree.command(name="card", description="A card's Oracle text and the draw abilities the engine read from it")
    @app_commands.describe(card="Card name", public="Show to the channel")
    @cooldown
    async def card(interaction: discord.Interaction, card: app_commands.Range[str, 1, 150],
                   public: bool = False) -> None:
        await send_reply(interaction, judge.card(card), public=public, judge=judge)

    @card.autocomplete("card")
    async def card_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = await card_choices(current) if card_choices else judge.card_choices(current)
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

    @tree.command(name="help", description="How to describe a situation, and the commands")
    async def help_command(interaction: discord.Interaction) -> None:
        await send_reply(interaction, _ready(judge.help()), judge=judge)

    @tree.command(name="about", description="Editions of the rules in the cache, versions and sources")
    async def about(interaction: discord.Interaction) -> None:
        await send_reply(interaction, judge.about(), judge=judge)

    @tree.error
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.CommandOnCooldown):
            reply = error_reply(f"You're asking quickly: try again in {error.retry_after:.0f} s.",
                                f"at most {COOLDOWN_RATE} commands every {COOLDOWN_PER:.0f} s")
        elif isinstance(error, app_commands.TransformerError | app_commands.CommandSignatureMismatch):
            reply = error_reply(f"That option was not understood: {error}", "see /help")
        else:
            log.exception("command failed", exc_info=error)
            reply = error_reply("Something went wrong on our side; the error was logged.",
                                "try again, or rephrase the situation")
        await send_error(interaction, reply)

    return tree


async def _ready(reply: Reply) -> Reply:
    return reply


class _JudgeClientMixin:
    """What both client kinds share: the judge, the command tree, and an explicit (not automatic) sync."""

    tree: app_commands.CommandTree[Any]

    def _setup(self, judge: Judge, rulings: RulingsFetcher | None, card_choices: CardChoices | None,
               gate: Gate | None) -> None:
        self.judge = judge
        self.gate = gate or Gate()
        self.tree = build_tree(self, judge, rulings, card_choices, self.gate)  # type: ignore[arg-type]

    async def sync_commands(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()


def _intents() -> discord.Intents:
    # Slash commands need no privileged intent; guilds lets the client know where it is.
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class DrawJudgeBot(_JudgeClientMixin, discord.Client):
    def __init__(self, judge: Judge, *, rulings: RulingsFetcher | None = None,
                 card_choices: CardChoices | None = None, gate: Gate | None = None, **kwargs: Any) -> None:
        super().__init__(intents=_intents(), allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self._setup(judge, rulings, card_choices, gate)


class ShardedDrawJudgeBot(_JudgeClientMixin, discord.AutoShardedClient):
    def __init__(self, judge: Judge, *, rulings: RulingsFetcher | None = None,
                 card_choices: CardChoices | None = None, gate: Gate | None = None, **kwargs: Any) -> None:
        super().__init__(intents=_intents(), allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self._setup(judge, rulings, card_choices, gate)


def make_bot(judge: Judge, shards: int | None = None, shard_ids: tuple[int, ...] | None = None,
             **kwargs: Any) -> DrawJudgeBot | ShardedDrawJudgeBot:
    """One connection, or ``shards`` shards (all of them, or only ``shard_ids`` in this process)."""
    if shard_ids:
        return ShardedDrawJudgeBot(judge, shard_count=shards, shard_ids=list(shard_ids), **kwargs)
    if shards:
        return ShardedDrawJudgeBot(judge, shard_count=shards, **kwargs)
    return DrawJudgeBot(judge, **kwargs)
