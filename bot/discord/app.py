"""The Discord client: slash commands on ``app_commands``, answered through the judge service.

Why so small: commands are thin (options → service call → reply → embed); the service and the renderers do
the work and are shared with the console. Bot-wide ``AllowedMentions.none()`` means a situation text that
contains ``@everyone`` can never ping anyone. Answers come within Discord's 3 s: a reply that is not ready
in 2 s is deferred and sent as a follow-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands

from bot.commands import (
    COMMANDS,
    CardChoices,
    Command,
    Option,
    RulingsFetcher,
    Services,
    from_chat,
    invoke,
)
from bot.discord.answer_pipe import AnswerPipe, PipedAdapter, install
from bot.discord.answer_pipe import enabled as pipe_enabled
from bot.discord.autocomplete import AUTOCOMPLETES
from bot.discord.connections import rest_connector
from bot.discord.early_ack import ACK_CONNECTIONS, PUBLIC_LOADING, EarlyAck
from bot.discord.early_complete import EarlyComplete
from bot.discord.first_answers import FirstAnswers
from bot.discord.gate import FOLLOW_UP_SLOTS, Gate
from bot.discord.gateway_slices import GatewayBacklog, SlicedParser, slice_gateway_reads
from bot.discord.priority import Priority
from bot.discord.ratelimit import RateLimit
from bot.discord.views import answer_expired, embed_for, listens, view_for
from bot.draw.engine_pool import ASKER
from bot.render.pages import Page
from bot.render.reply import Reply, error_reply
from bot.service import Judge

log = logging.getLogger("drawjudge")

ANSWER_WITHIN = 2.0  # seconds before deferring (Discord allows 3)
COOLDOWN_RATE = 5  # commands ...
COOLDOWN_PER = 10.0  # ... per this many seconds, per user


def _cooldown(limit: RateLimit) -> Callable[[Any], Any]:
    """One per-user budget shared by the commands that have one (discord.py's own check swept every user it
    knew on every command: quadratic in a burst)."""
    def check(interaction: discord.Interaction) -> bool:
        wait = limit.retry_after(interaction.user.id)
        if wait > 0:
            raise app_commands.CommandOnCooldown(app_commands.Cooldown(limit.rate, limit.per), wait)
        return True
    return app_commands.check(check)


async def send_reply(interaction: discord.Interaction, make: Awaitable[Reply], *, public: bool = False,
                     judge: Judge | None = None) -> None:
    """Answer with a reply, deferring first when it takes long (at once when the bot is loaded, so the
    acknowledgement never waits behind other commands' work); errors are always ephemeral. An answer the
    closing connection can no longer carry (shutdown) is dropped quietly; other send failures are raised."""
    ASKER.set(interaction.user.id)  # the engine takes turns between askers (this task's context only)
    gate: Gate | None = getattr(interaction.client, "gate", None)
    with gate.running(interaction) if gate is not None else contextlib.nullcontext():
        try:
            await _answer(interaction, make, public, judge, gate)
        except Exception:  # noqa: BLE001 - at shutdown, whatever fails does so because the bot is closing
            if not interaction.client.is_closed():
                raise
            log.info("an answer was dropped at shutdown")


async def _answer(interaction: discord.Interaction, make: Awaitable[Reply], public: bool, judge: Judge | None,
                  gate: Gate | None) -> None:
    if interaction.response.is_done() or (gate is not None and gate.loaded):
        # Under load the acknowledgement goes first and the work waits for a slot: every admitted command is
        # acknowledged before the work of the ones ahead of it, so the 3 s window is spent on acknowledgements.
        # (A command that waited in the backlog was acknowledged already.)
        if gate is not None:
            gate.waited(interaction.id)
        if not interaction.response.is_done():
            await defer(interaction, public)
        async with gate.work_slot() if gate is not None else contextlib.nullcontext():
            await _turn(interaction)  # acknowledged: the answers due within 3 s go first
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
            await defer(interaction, public)
            reply = await task
    assert reply is not None
    if reply.operator:
        log.info("for the operator: %s", reply.operator)
    fetch = judge.rule_texts if judge is not None else None
    view = view_for(reply, interaction.user.id, fetch, judge.draw if judge is not None else None, public=public)
    ephemeral = reply.ephemeral or reply.error or not public
    kwargs: dict[str, Any] = {"embed": view.current(), "ephemeral": ephemeral}
    if view.children:
        kwargs["view"] = view
    try:
        if deferred and ephemeral:
            await _resolve_public_loading(interaction)  # a private answer after a public "thinking"
        if deferred:
            async with gate.follow_up_slot() if gate is not None else contextlib.nullcontext():
                await _turn(interaction)
                message = await interaction.followup.send(wait=True, **kwargs)
            interaction.extras.pop(PUBLIC_LOADING, None)  # this follow-up replaced the "thinking" message
            view.attach(message.edit)
        else:
            await interaction.response.send_message(**kwargs)
            view.attach(interaction.edit_original_response)
    except BaseException:
        view.stop()  # an answer that never arrived has no buttons to keep alive
        raise


async def _turn(interaction: discord.Interaction) -> None:
    """Wait while answers due within 3 s are backed up (bot/discord/priority.py): this one's acknowledgement is
    out, and its work and follow-up can wait (its token lasts 15 minutes)."""
    priority: Priority | None = getattr(interaction.client, "priority", None)
    if priority is not None:
        await priority.turn()


BUSY = error_reply("drawjudge is answering a lot of questions right now.", "ask again in a few seconds")
RESTARTING = error_reply("drawjudge is restarting.", "ask again in a minute")


NOT_ANSWERED = Page("No answer here", "drawjudge could not answer this one; the asker was told why, privately.")


async def defer(interaction: discord.Interaction, public: bool) -> None:
    """Acknowledge now, answer later; a public deferral is remembered until its "thinking" message is replaced."""
    await interaction.response.defer(ephemeral=not public, thinking=True)
    if public:
        interaction.extras[PUBLIC_LOADING] = True


async def _resolve_public_loading(interaction: discord.Interaction) -> None:
    """Before a private message after a public deferral: replace the public "thinking" message with a short
    note. Why: Discord gives the first follow-up after a deferral the deferral's visibility whatever its flags
    say, so an error meant for the asker alone was shown to the whole channel."""
    if interaction.extras.pop(PUBLIC_LOADING, False):
        await interaction.edit_original_response(embed=embed_for(NOT_ANSWERED, error=True))


async def send_error(interaction: discord.Interaction, reply: Reply) -> None:
    """A short private error: the response, or a follow-up when the interaction was already acknowledged
    (after a public deferral, once its public "thinking" message is replaced by a note)."""
    embed = embed_for(reply.pages[0], error=True)
    if interaction.response.is_done():
        await _resolve_public_loading(interaction)
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

    async def _call(self, interaction: discord.Interaction) -> None:
        """discord.py's own call and error dispatch (what its task wrapper does), then the interaction's
        response let go. Why: an interaction and its ``InteractionResponse`` reference each other, so every
        interaction (with its member, user, channel and namespace) was left for a full garbage collection, and
        after a burst that collection held the event loop for hundreds of milliseconds; without the cycle
        reference counting frees it as soon as nothing holds it."""
        try:
            await super()._call(interaction)
        except app_commands.AppCommandError as error:
            await self._dispatch_error(interaction, error)
        finally:
            with contextlib.suppress(AttributeError):
                del interaction._cs_response  # type: ignore[attr-defined]  # a new one is made if asked for again

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        gate = self.gate
        early: EarlyAck | None = getattr(interaction.client, "early_ack", None)
        if early is not None:
            await early.settle(interaction)  # deferred from its raw payload under load: answered as a follow-up
        if gate.admits():
            return True
        if interaction.client.is_closed():
            return False  # the connection is gone: there is no one to answer
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif gate.can_wait:
                # Acknowledged now (inside Discord's 3 s), answered as a follow-up when there is room.
                public = bool(getattr(interaction.namespace, "public", False))
                if not interaction.response.is_done():
                    await defer(interaction, public)
                if await gate.wait_for_room():
                    return True
                await send_error(interaction, RESTARTING if gate.closing else BUSY)
            else:
                await send_error(interaction, RESTARTING if gate.closing else BUSY)
        except (discord.HTTPException, aiohttp.ClientError) as exc:  # a refusal that can't be sent is no error
            log.info("could not send a refusal: %s", exc)
        return False


def _annotation(option: Option) -> Any:
    """The type discord.py reads an option's kind, length and choices from."""
    if option.choices:
        kind: Any = app_commands.Choice[str]
    elif option.kind is bool:
        kind = bool
    elif option.max_length:
        kind = app_commands.Range[str, 1, option.max_length]
    else:
        kind = str
    return kind if option.required else (kind | None)


def _slash(command: Command, services: Services, cooldown: Any) -> app_commands.Command[Any, ..., None]:
    """A registry command as a slash command: its options become the callback's typed parameters."""
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        args = {k: (v.value if isinstance(v, app_commands.Choice) else v) for k, v in values.items()
                if v is not None}
        public = bool(args.pop("public", False))
        await send_reply(interaction, invoke(command, services, args), public=public, judge=services.judge)

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    for option in command.options:
        default = inspect.Parameter.empty if option.required else (False if option.kind is bool else None)
        params.append(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=_annotation(option)))
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = command.name
    if command.options:
        callback = app_commands.describe(**{o.name: o.description for o in command.options})(callback)
        choices = {o.name: [app_commands.Choice(name=label, value=value) for label, value in o.choices]
                   for o in command.options if o.choices}
        if choices:
            callback = app_commands.choices(**choices)(callback)
    if command.cooldown:
        callback = cooldown(callback)
    slash: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=command.name, description=command.description, callback=callback)
    for option in command.options:
        if option.complete is not None:
            slash.autocomplete(option.name)(AUTOCOMPLETES[option.complete](services))  # type: ignore[arg-type]
    return slash


ASK_FROM_MESSAGE = "Ask drawjudge"


def _ask_about_message(services: Services, cooldown: Any) -> app_commands.ContextMenu:
    """Apps → "Ask drawjudge" on any chat message: its text resolved as a /draw situation, answered privately to
    the one who asked. No privileged intent is needed: the message comes in the interaction."""
    async def ask(interaction: discord.Interaction, message: discord.Message) -> None:
        text = from_chat(message.content or "").strip()
        if not text:
            await send_error(interaction, error_reply("That message has no text to read as a situation.",
                                                      "use /draw and describe the situation"))
            return
        await send_reply(interaction, services.judge.draw(text[:2000]), public=False, judge=services.judge)

    return app_commands.ContextMenu(name=ASK_FROM_MESSAGE, callback=cooldown(ask))


def build_tree(client: discord.Client, services: Services, gate: Gate | None = None) -> app_commands.CommandTree[Any]:
    """Every command of the registry, behind the gate, with one per-user budget shared by the commands."""
    tree = GatedTree(client)
    tree.gate = gate or Gate()
    cooldown = _cooldown(RateLimit(COOLDOWN_RATE, COOLDOWN_PER))
    for command in COMMANDS:
        tree.add_command(_slash(command, services, cooldown))
    tree.add_command(_ask_about_message(services, cooldown))

    @tree.error
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if interaction.type is discord.InteractionType.autocomplete:
            # An autocomplete can only be answered with choices (a message is rejected): an empty list.
            log.info("autocomplete failed: %s", error)
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return
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


class _JudgeClientMixin:
    """What both client kinds share: the judge, the command tree, and an explicit (not automatic) sync."""

    tree: app_commands.CommandTree[Any]

    def _setup(self, judge: Judge, rulings: RulingsFetcher | None, card_choices: CardChoices | None,
               gate: Gate | None, owner: Any = None) -> None:
        self.owner = owner  # the application whose services the bot answers with; closed with the bot
        self.judge = judge
        self.gate = gate or Gate()
        self.services = Services(judge, rulings, card_choices)
        self.tree = build_tree(self, self.services, self.gate)  # type: ignore[arg-type]
        # Interaction answers go over kept-alive connections of their own, written as plain bytes (aiohttp's
        # client session cost ~0.5 ms of CPU per answer: too much for a burst's 3 s).
        self.piped = pipe_enabled()  # DRAWJUDGE_ANSWER_PIPE=0: every answer through discord.py's aiohttp session
        self.answer_pipe = AnswerPipe(self.http.user_agent)  # type: ignore[attr-defined]  # acknowledgements
        self.follow_up_pipe = AnswerPipe(self.http.user_agent, FOLLOW_UP_SLOTS)  # type: ignore[attr-defined]
        self.adapter = PipedAdapter(self.answer_pipe, self.follow_up_pipe)
        parsers = self._connection.parsers  # type: ignore[attr-defined]  # this client's own table
        # Each command is stamped as it comes off the gateway (its 3 s count from there, not from when its slice
        # is read) and, under load, deferred right there from its raw payload.
        # Deferrals and autocompletes' choices go out in one line, in arrival order (bot/discord/first_answers.py).
        self.first_answers = FirstAnswers(ACK_CONNECTIONS)
        self.early_ack = EarlyAck(self, self.gate, lambda: self.interactions.queued,  # type: ignore[arg-type]
                                  self.first_answers)
        completers = {(c.name, o.name): AUTOCOMPLETES[o.complete](self.services)
                      for c in COMMANDS for o in c.options if o.complete is not None}
        # Every autocomplete is answered from its payload when answers take the pipe (never past a proxy).
        self.early_complete = EarlyComplete(
            self.answer_pipe, completers, lambda: self.answer_route is not None, self.gate.admits,
            lambda: getattr(self.judge.store, "editions_generation", 0), self.first_answers)
        # Work that can wait (commands acknowledged already) waits while the answers due within 3 s are backed up.
        # The gateway is read in slices; messages read from Discord and not yet handed on are pressure too.
        self.gateway_backlog: GatewayBacklog = slice_gateway_reads(self.http)  # type: ignore[attr-defined]
        self.priority = Priority([self.first_answers.backed_up, self.early_complete.backed_up,
                                  lambda: self.interactions.urgent_waiting(), self.gateway_backlog])
        self.interactions = SlicedParser(parsers["INTERACTION_CREATE"], self.early_ack.on_payload,
                                         lambda: self.early_ack.sending() or self.priority.pressed(),
                                         self.early_complete.on_payload)
        parsers["INTERACTION_CREATE"] = self.interactions

    @property
    def answer_route(self) -> AnswerPipe | None:
        """The pipe interaction answers sent from raw payloads go on, or None when they take the adapter the client
        installed at login: the pipe switched off (``DRAWJUDGE_ANSWER_PIPE=0``), a proxy discord.py was given (the
        pipe speaks to Discord directly), or the pipe closed (shutting down)."""
        pipe = self.answer_pipe
        if not self.piped or self.http.proxy is not None or pipe.closed:  # type: ignore[attr-defined]
            return None
        return pipe

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        """discord.py's dispatch, except two events that cost a burst for nothing when nobody waits for them
        (``wait_for``): ``socket_event_type``, dispatched for every gateway message (a log call and a failed
        attribute look-up each), and ``interaction`` for anything but a button (a task per interaction, started
        for ``on_interaction``, which only answers expired buttons)."""
        if (event == "socket_event_type" or (event == "interaction" and args and getattr(
                args[0], "type", None) is not discord.InteractionType.component)) \
                and not self._listeners.get(event):  # type: ignore[attr-defined]
            return
        super().dispatch(event, *args, **kwargs)  # type: ignore[misc]

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button of an answer nothing listens to any more (older than the last restart, evicted, timed out)
        is answered privately, "this answer has expired", instead of Discord's "This interaction failed"."""
        # The view's own task runs first; one that already answered (and then stopped) is not expired.
        if (interaction.type is discord.InteractionType.component and not interaction.response.is_done()
                and not listens(interaction)):
            try:
                await answer_expired(interaction)
            except (discord.HTTPException, aiohttp.ClientError) as exc:
                log.info("could not answer an expired button: %s", exc)

    async def login(self, token: str) -> None:
        """Log in with a bounded connector for every REST call and interaction reply (discord.py's default is
        unlimited: one socket per reply in flight). Made here because a connector needs the running loop."""
        if self.http.connector is discord.utils.MISSING:  # type: ignore[attr-defined]
            self.http.connector = rest_connector()  # type: ignore[attr-defined]
        install(self.adapter if self.piped else None)  # this task's context: every task started from here inherits it
        await super().login(token)  # type: ignore[misc]

    async def close(self) -> None:
        """Close the connection (the client's own close, next in the method order), then the services the bot
        owns (the cache last)."""
        self.interactions.close()
        await super().close()  # type: ignore[misc]
        self.priority.close()
        await self.early_ack.close()
        await self.early_complete.close()
        await self.answer_pipe.close()
        await self.follow_up_pipe.close()
        if self.owner is not None:
            await self.owner.close()

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
                 card_choices: CardChoices | None = None, gate: Gate | None = None, owner: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(intents=_intents(), allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self._setup(judge, rulings, card_choices, gate, owner)


class ShardedDrawJudgeBot(_JudgeClientMixin, discord.AutoShardedClient):
    def __init__(self, judge: Judge, *, rulings: RulingsFetcher | None = None,
                 card_choices: CardChoices | None = None, gate: Gate | None = None, owner: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(intents=_intents(), allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self._setup(judge, rulings, card_choices, gate, owner)


def make_bot(judge: Judge, shards: int | None = None, shard_ids: tuple[int, ...] | None = None,
             **kwargs: Any) -> DrawJudgeBot | ShardedDrawJudgeBot:
    """One connection, or ``shards`` shards (all of them, or only ``shard_ids`` in this process)."""
    if shard_ids:
        return ShardedDrawJudgeBot(judge, shard_count=shards, shard_ids=list(shard_ids), **kwargs)
    if shards:
        return ShardedDrawJudgeBot(judge, shard_count=shards, **kwargs)
    return DrawJudgeBot(judge, **kwargs)
