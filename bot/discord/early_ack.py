"""Acknowledging a command straight from its raw gateway payload when the bot is loaded.

Why: in a burst of thousands, building each ``discord.Interaction`` and running its handler up to the deferral
takes the event loop longer than Discord's 3 s for the last ones in the queue (722 of 3,000 were acknowledged
late with the gate alone). A deferral needs only the interaction's id, token and whether the answer is public,
all in the raw payload: so when more than ``Gate.defer_above`` commands are already waiting or running, the
deferral is sent the moment the payload comes off the gateway, before discord.py builds anything. The handler
later waits for that acknowledgement and then finds its interaction already deferred (it answers as a
follow-up), so nothing is acknowledged twice. Autocompletes and buttons are never deferred this way (an
autocomplete can only be answered with choices; a button's view decides its own response).

The deferral goes through discord.py's own webhook adapter over the client's answer pipe
(bot/discord/answer_pipe.py: kept-alive connections beside the bounded REST connections of
bot/discord/connections.py, each answer written as plain bytes); ``ACK_CONNECTIONS`` senders take the deferrals
in arrival order. The private names it relies on are checked by a seam test
(tests/bot/test_early_ack.py), so a discord.py upgrade that moves them fails loudly.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import aiohttp
import discord
from discord.http import Route
from discord.webhook.async_ import async_context

from bot.discord.answer_pipe import AnswerPipe
from bot.discord.connections import rest_connector
from bot.discord.first_answers import FirstAnswers
from bot.discord.gate import Gate

log = logging.getLogger("drawjudge")

APPLICATION_COMMAND = 2  # the raw payload's interaction type of a slash command or a context-menu command
CHAT_INPUT = 1  # the raw payload's command type of a slash command (context-menu answers are always private)
DEFERRED_WITH_SOURCE = discord.InteractionResponseType.deferred_channel_message
EPHEMERAL = 64  # message flag
ACK_CONNECTIONS = 45  # sockets for early deferrals (with the 50 REST connections: 95 at most)
PUBLIC_LOADING = "drawjudge.public_loading"  # an interaction's extras: deferred publicly, still "thinking"
PRIVATE_BODY = json.dumps({"type": DEFERRED_WITH_SOURCE.value, "data": {"flags": EPHEMERAL}}).encode()
PUBLIC_BODY = json.dumps({"type": DEFERRED_WITH_SOURCE.value}).encode()
JSON = {"Content-Type": "application/json"}
MAX_TRIES = 5  # a deferral sent again after a 429, at most (as discord.py's adapter)
MAX_RETRY_AFTER = 2.0  # seconds: past that, Discord's 3 s are gone anyway
MAX_PENDING = 20_000  # early deferrals whose handler hasn't run yet, at most (beyond: the handler defers)


def answers_publicly(data: dict[str, Any]) -> bool:
    """Whether the raw payload asks for a public answer (a slash command's ``public:True`` option)."""
    inner = data.get("data")
    if not isinstance(inner, dict) or inner.get("type", CHAT_INPUT) != CHAT_INPUT:
        return False
    options = inner.get("options")
    return isinstance(options, list) and any(
        isinstance(o, dict) and o.get("name") == "public" and o.get("value") is True for o in options)


def _retry_after(body: bytes) -> float:
    """Seconds a 429 asks to wait (Discord's JSON ``retry_after``), bounded."""
    try:
        wait = float(json.loads(body).get("retry_after", 1.0))
    except (ValueError, AttributeError, TypeError):
        wait = 1.0
    return min(max(wait, 0.0), MAX_RETRY_AFTER)


def mark_deferred(interaction: discord.Interaction) -> None:
    """Tell discord.py that this interaction was acknowledged (deferred) already: ``response.is_done()`` is then
    True and every later answer goes as a follow-up. (discord.py has no public way to say so.)"""
    interaction.response._response_type = DEFERRED_WITH_SOURCE


class EarlyAck:
    """Deferrals sent from raw payloads under load, and their outcome for the handlers.

    The deferrals wait in one line with the autocompletes' answers (bot/discord/first_answers.py), taken in
    arrival order by ``ACK_CONNECTIONS`` senders (one task per deferral would make thousands of tasks ready at
    once: a single turn of the event loop then ran them all, holding it for hundreds of milliseconds)."""

    def __init__(self, client: discord.Client, gate: Gate, waiting: Callable[[], int],
                 line: FirstAnswers | None = None) -> None:
        self._client = client
        self._gate = gate
        self._waiting = waiting  # payloads read off the gateway whose interaction isn't built yet
        self._sent: dict[int, asyncio.Future[bool]] = {}  # by interaction id, until its handler settles it
        self._public: dict[int, bool] = {}  # the public ones among them
        # in arrival order with the autocompletes' answers (bot/discord/first_answers.py)
        self._line = line if line is not None else FirstAnswers(ACK_CONNECTIONS)
        self._session: aiohttp.ClientSession | None = None
        self._going = 0  # deferrals not yet answered by Discord
        self.count = 0  # deferrals sent this way (the benchmark and the tests read it)

    def loaded(self) -> bool:
        gate = self._gate
        return gate.in_flight + gate.backlog + self._waiting() + len(self._sent) > gate.defer_above

    def on_payload(self, data: Any) -> bool:
        """Called for each ``INTERACTION_CREATE`` payload as it comes off the gateway (synchronously); True when
        a deferral was queued for it."""
        if not isinstance(data, dict) or data.get("type") != APPLICATION_COMMAND:
            return False
        raw_id, token = data.get("id"), data.get("token")
        if not (isinstance(raw_id, str | int) and str(raw_id).isdigit() and isinstance(token, str)):
            return False
        interaction_id = int(raw_id)
        self._gate.arrive(interaction_id)
        if (self._gate.closing or interaction_id in self._sent or len(self._sent) >= MAX_PENDING
                or not self.loaded()):
            return False
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        self._sent[interaction_id] = done
        public = answers_publicly(data)
        if public:
            self._public[interaction_id] = True
        self._going += 1
        self.count += 1
        self._line.add(functools.partial(self._send, interaction_id, token, public, done))
        return True

    def sending(self) -> bool:
        """Whether deferrals are still on their way to Discord (the building of acknowledged commands waits).
        Never while shutting down: the commands acknowledged and not built yet are then built at once, so
        that each is told the bot restarts instead of "thinking" until its token expires."""
        return self._going > 0 and not self._gate.closing

    async def _send(self, interaction_id: int, token: str, public: bool, done: asyncio.Future[bool]) -> None:
        ok = False
        try:
            ok = await self._defer(interaction_id, token, public)
        finally:
            self._going -= 1
            if not done.done():
                done.set_result(ok)

    async def _defer(self, interaction_id: int, token: str, public: bool) -> bool:
        pipe: AnswerPipe | None = getattr(self._client, "answer_route", None)
        if pipe is not None:
            return await self._defer_on(pipe, interaction_id, token, public)
        return await self._defer_through_adapter(interaction_id, token, public)

    async def _defer_on(self, pipe: AnswerPipe, interaction_id: int, token: str, public: bool) -> bool:
        """POST the deferral straight on the answer pipe: its body is one of two constants, and discord.py's
        adapter around the exchange (route, per-token lock, JSON both ways) cost as much again as the exchange
        itself (bench/answer_pipe.py: ~140 µs of the loop's CPU per answer through it, ~80 µs without). A 429
        is waited out as the adapter does; any other failure leaves the acknowledgement to the handler."""
        url = f"{Route.BASE}/interactions/{interaction_id}/{quote(token, safe='')}/callback"
        for _attempt in range(MAX_TRIES):
            try:
                response = await pipe.exchange("POST", url, PUBLIC_BODY if public else PRIVATE_BODY, JSON)
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                log.info("an early acknowledgement failed (the handler acknowledges instead): %s", exc)
                return False
            if 200 <= response.status < 300:
                return True
            if response.status == 429 and response.headers.get("Via"):
                await asyncio.sleep(_retry_after(response.body))
                continue
            log.info("an early acknowledgement was refused (%d; the handler acknowledges instead): %s",
                     response.status, response.body[:200].decode(errors="replace"))
            return False
        return False

    async def _defer_through_adapter(self, interaction_id: int, token: str, public: bool) -> bool:
        """POST the deferral through discord.py's webhook adapter (its retries on 429 and resets; the one choke
        point of interaction callbacks), the one the client installed for its tasks at login (bot/discord/app.py):
        the piped adapter, which takes aiohttp past a proxy or a closed pipe, or discord.py's own when the pipe is
        switched off. Without ``with_response``: Discord answers 204 and nothing is parsed."""
        http = self._client.http
        adapter = async_context.get()  # the client's own (installed at login): piped, or discord.py's
        if self._session is None or self._session.closed:  # used only when the adapter is discord.py's own
            self._session = aiohttp.ClientSession(connector=rest_connector(ACK_CONNECTIONS))
        route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                      webhook_id=interaction_id, webhook_token=token)
        payload = {"type": DEFERRED_WITH_SOURCE.value, **({} if public else {"data": {"flags": EPHEMERAL}})}
        try:
            await adapter.request(route, session=self._session, payload=payload,
                                              proxy=http.proxy, proxy_auth=http.proxy_auth)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            log.info("an early acknowledgement failed (the handler acknowledges instead): %s", exc)
            return False
        return True

    async def settle(self, interaction: discord.Interaction) -> None:
        """Before a handler answers: wait for its early deferral, if one was queued, and mark it done (a public
        one as public: its "thinking" message is seen by the channel, bot/discord/app.py)."""
        done = self._sent.pop(interaction.id, None)
        if done is not None and await done and not interaction.response.is_done():
            mark_deferred(interaction)
            if self._public.pop(interaction.id, False):
                interaction.extras[PUBLIC_LOADING] = True
        self._public.pop(interaction.id, None)

    async def close(self) -> None:
        self._line.close()
        for done in self._sent.values():
            if not done.done():
                done.cancel()
        self._sent.clear()
        self._public.clear()
        if self._session is not None:
            await self._session.close()
