"""Bursts (issue #28): under load a command is deferred from its raw gateway payload, before discord.py builds the
interaction, and answered once as a follow-up; the gateway is read in slices; full collections wait while
loaded. Through the real client against the loopback Discord, which refuses a second acknowledgement (40060);
and the discord.py internals these rely on, checked so that an upgrade that moves them fails here."""

from __future__ import annotations

import asyncio
import collections
import inspect
import json
import time
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from discord.webhook import async_ as webhook_async

from bot.discord import gateway_slices
from bot.discord.app import DrawJudgeBot
from bot.discord.early_ack import EPHEMERAL, answers_publicly, mark_deferred
from bot.discord.gateway_slices import SlicedSocket
from tests.fakes.discord_fake import autocomplete, button, slash
from tests.fakes.gateway import StandInDiscord


def test_the_discord_py_seams_still_exist() -> None:
    """What the early acknowledgement and the sliced gateway read use of discord.py's insides."""
    # the webhook adapter that sends interaction callbacks, and the parameters of a callback
    assert inspect.iscoroutinefunction(webhook_async.AsyncWebhookAdapter.request)
    assert {"route", "session", "payload", "proxy", "proxy_auth"} <= set(
        inspect.signature(webhook_async.AsyncWebhookAdapter.request).parameters)
    assert isinstance(webhook_async.async_context.get(), webhook_async.AsyncWebhookAdapter)
    assert "/interactions/{webhook_id}/{webhook_token}/callback" in inspect.getsource(
        webhook_async.AsyncWebhookAdapter.create_interaction_response)
    # an interaction's response state lives in _response_type, and is_done() reads it
    assert "_response_type" in discord.InteractionResponse.__slots__
    assert "_response_type" in inspect.getsource(discord.InteractionResponse.is_done)
    # the gateway socket comes from the client's http.ws_connect and is read with receive()
    assert "http.ws_connect(" in inspect.getsource(discord.gateway.DiscordWebSocket.from_client)
    assert "self.socket.receive(" in inspect.getsource(discord.gateway.DiscordWebSocket.poll_event)
    assert "_command_tree._from_interaction" in inspect.getsource(discord.state.ConnectionState.parse_interaction_create)


def test_the_public_option_is_read_from_the_raw_payload() -> None:
    assert answers_publicly(slash("draw", situation="I draw a card.", public=True))
    assert not answers_publicly(slash("draw", situation="I draw a card.", public=False))
    assert not answers_publicly(slash("draw", situation="I draw a card."))
    menu = slash("draw", situation="x", public=True)
    menu["data"]["type"] = 3  # a context-menu command: always private
    assert not answers_publicly(menu)


async def test_marking_an_interaction_deferred_makes_discord_py_answer_as_a_follow_up(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, _server = live
    interaction = discord.Interaction(data=slash("rule", number="121.4"), state=client._connection)  # type: ignore[arg-type]
    assert not interaction.response.is_done()
    mark_deferred(interaction)
    assert interaction.response.is_done()
    assert interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    with pytest.raises(discord.InteractionResponded):
        await interaction.response.defer()


def _callbacks(server: StandInDiscord, iid: int) -> list[Any]:
    return [p for _m, path, p in server.rest if path.startswith(f"/interactions/{iid}/")]


@pytest.mark.timeout(120)
async def test_under_load_commands_are_deferred_from_their_payload_and_answered_once(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """60 commands and 20 autocompletes at once with the load threshold at 5: commands past it are deferred
    straight from their payload (private ones with the ephemeral flag, public ones without), each is
    acknowledged exactly once and answered as a follow-up; autocompletes are answered with choices."""
    client, server = live
    client.gate.defer_above = 5
    commands = [slash("rule", number=f"121.{1 + i % 6}", public=i % 3 == 0) for i in range(60)]
    completes = [autocomplete("rule", "number", f"12{i % 10}") for i in range(20)]
    for payload in [*commands, *completes]:
        await server.push_interaction(payload)
    assert await server.wait_answered({int(p["id"]) for p in [*commands, *completes]})
    assert not server.acked_twice
    assert client.early_ack.count >= 40
    early = [p for p in commands if _callbacks(server, int(p["id"]))[0]["type"] == 5]
    assert len(early) >= 40
    for payload in early:
        first = _callbacks(server, int(payload["id"]))
        assert len(first) == 1  # one acknowledgement; the answer came as a follow-up
        flags = (first[0].get("data") or {}).get("flags")
        assert flags == (None if answers_publicly(payload) else EPHEMERAL)
        answer = server.followups[payload["token"]]
        assert answer and "121." in str(answer[0]["embeds"])
    for payload in completes:
        assert _callbacks(server, int(payload["id"]))[0]["type"] == 8  # choices, never a deferral
    assert not client.early_ack._sent  # every deferral was settled by its handler


async def test_one_command_when_idle_is_answered_directly(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    payload = slash("rule", number="121.4")
    await asyncio.wait_for(await server.push_interaction(payload), 10)
    assert client.early_ack.count == 0
    assert len(_callbacks(server, int(payload["id"]))) == 1


async def test_the_gateway_socket_is_read_in_slices(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, _server = live
    assert isinstance(client.ws.socket, SlicedSocket)


async def test_the_seam_aiohttp_keeps_received_gateway_messages_in_a_buffer(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """aiohttp's websocket keeps the messages it has read off the socket in ``_reader._buffer``, as (message,
    size) pairs (the sliced socket receives a buffered data message without a timer)."""
    from aiohttp._websocket import reader_py

    client, _server = live
    raw = client.ws.socket._socket
    assert client.ws.socket._buffer is raw._reader._buffer is not None
    assert isinstance(raw._reader._buffer, collections.deque)
    assert "self._put_buffer((data, size))" in inspect.getsource(reader_py.WebSocketDataQueue.feed_data)


class _Queued:
    """A websocket with aiohttp's buffer of (message, size) pairs; records the timeout of each receive."""

    def __init__(self) -> None:
        self._reader = SimpleNamespace(_buffer=collections.deque())
        self.timeouts: list[float | None] = []

    async def receive(self, timeout: float | None = None) -> Any:
        self.timeouts.append(timeout)
        return self._reader._buffer.popleft()[0] if self._reader._buffer else None


async def test_a_buffered_message_is_received_without_the_heartbeat_timer() -> None:
    raw = _Queued()
    sliced = SlicedSocket(raw)
    text = aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, "{}", None)
    ping = aiohttp.WSMessage(aiohttp.WSMsgType.PING, b"", None)
    raw._reader._buffer.extend([(text, 2), (ping, 0)])
    assert await sliced.receive(60.0) is text  # there already: no timer armed
    await sliced.receive(60.0)  # a ping first: aiohttp answers it and waits again, so the timeout stays
    await sliced.receive(60.0)  # nothing buffered: a wait, with discord.py's timeout
    assert raw.timeouts == [None, 60.0, 60.0]


class _Buffered:
    """A socket with every message already buffered: receive() never waits (a burst)."""

    def __init__(self, n: int) -> None:
        self.left = n
        self.close_code = None

    async def receive(self, timeout: float | None = None) -> int:
        self.left -= 1
        time.sleep(0.0005)  # the work of one message: decompress, parse, dispatch
        return self.left


async def test_a_buffered_burst_gives_the_loop_turns_while_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """2,000 buffered messages of 0.5 ms each: read raw, the loop gets no turn for a second; read through the
    sliced socket, another task runs every few milliseconds."""
    monkeypatch.setattr(gateway_slices, "SLICE", 0.004)
    ticks: list[float] = []

    async def ticker() -> None:
        while True:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0)

    async def read(socket: Any) -> None:
        while await socket.receive() > 0:
            pass

    for sliced in (False, True):
        ticks.clear()
        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        raw = _Buffered(2000)
        start = time.perf_counter()
        await read(SlicedSocket(raw) if sliced else raw)
        took = time.perf_counter() - start
        task.cancel()
        during = [t for t in ticks if t > start]
        if sliced:
            assert len(during) >= took / 0.05  # a turn at least every 50 ms (every ~4 ms without load)
            assert raw.close_code is None and SlicedSocket(raw).close_code is None  # the rest is the socket's
        else:
            assert len(during) <= 1


def test_the_stand_in_speaks_the_compression_discord_py_asks_for(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """zlib-stream, or zstd-stream once ``zstandard`` is installed (the ``speed`` extra): either way the client
    connected and is ready, reading what the stand-in sent."""
    client, server = live
    assert server.compressions[-1] == discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE
    assert client.is_ready()


def test_zstd_stream_messages_decode_one_by_one() -> None:
    pytest.importorskip("zstandard")
    import json

    from discord.utils import _ZstdDecompressionContext  # type: ignore[attr-defined]

    from tests.fakes.gateway import ZstdStream

    stream, reader = ZstdStream(), _ZstdDecompressionContext()
    for i in range(50):
        message = {"op": 0, "s": i, "d": {"text": "draw " * i}}
        assert json.loads(reader.decompress(stream(json.dumps(message).encode()))) == message


@pytest.mark.timeout(60)
async def test_commands_deferred_and_not_yet_built_at_shutdown_are_told_the_bot_restarts(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    client.gate.defer_above = 2
    client.early_ack._going += 1_000  # as if deferrals were still going out: acknowledged commands wait unbuilt
    payloads = [slash("rule", number="121.4") for _ in range(12)]
    for payload in payloads:
        await server.push_interaction(payload)
    ids = {int(p["id"]) for p in payloads}
    for _ in range(200):
        if ids <= server.acked_at.keys():
            break
        await asyncio.sleep(0.02)
    held = client.interactions.queued
    assert held >= 5 and client.early_ack.count == held
    await client.gate.drain(3.0)
    early = [p for p in payloads if _callbacks(server, int(p["id"]))[0]["type"] == 5]
    for _ in range(200):
        if all(server.followups.get(p["token"]) for p in early):
            break
        await asyncio.sleep(0.02)
    assert len(early) >= held
    told = [p for p in early if "restarting" in str(server.followups.get(p["token"]))]
    assert len(told) >= held  # each one built at shutdown was told, none left "thinking"
    assert not server.acked_twice


async def test_nothing_is_built_once_the_sliced_parser_is_closed() -> None:
    """A payload the gateway delivers after close() (the socket is closed after it) is dropped, not built by
    a new drain once the client has no event loop (tracebacks at shutdown)."""
    from bot.discord.gateway_slices import SlicedParser

    built: list[Any] = []
    parser = SlicedParser(built.append)
    parser({"n": 1})
    await asyncio.sleep(0.02)
    parser.close()
    parser({"n": 2})
    await asyncio.sleep(0.02)
    assert built == [{"n": 1}] and parser.queued == 0


async def test_acknowledged_commands_are_built_a_few_per_turn_of_the_loop() -> None:
    """What must be answered within 3 s is built up to eight per slice; commands acknowledged already at most
    two per turn of the loop (each starts a handler that does its command's work in the next turn)."""
    from bot.discord.gateway_slices import ACKED_PER_SLICE, PER_SLICE, SlicedParser

    turn = 0

    async def turns() -> None:
        nonlocal turn
        while True:
            await asyncio.sleep(0)
            turn += 1

    counting = asyncio.create_task(turns())
    built: list[tuple[str, int]] = []
    parser = SlicedParser(lambda data: built.append((data["kind"], turn)), lambda data: data["kind"] == "acked")
    try:
        for i in range(20):
            parser({"kind": "acked" if i % 2 else "urgent"})
        for _ in range(200):
            if len(built) == 20:
                break
            await asyncio.sleep(0.005)
    finally:
        counting.cancel()
        parser.close()
    assert len(built) == 20
    per_turn = collections.Counter(built)
    assert max(n for (kind, _t), n in per_turn.items() if kind == "acked") <= ACKED_PER_SLICE
    assert max(n for (kind, _t), n in per_turn.items() if kind == "urgent") > ACKED_PER_SLICE  # up to PER_SLICE
    assert max(per_turn.values()) <= PER_SLICE
    assert [kind for kind, _t in built[:10]] == ["urgent"] * 10  # what must be answered in time first


async def test_only_buttons_start_a_task_for_on_interaction(live: tuple[DrawJudgeBot, StandInDiscord],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py starts a task for ``on_interaction`` and logs ``socket_event_type`` for every event; here a
    command or an autocomplete starts none (nothing waits for them), a button still does (expired answers)."""
    client, server = live
    assert isinstance(client._listeners, dict)  # seam: discord.py's waiters (wait_for), by event
    started: list[str] = []
    schedule = client._schedule_event

    def recorded(coro: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        started.append(name)
        return schedule(coro, name, *args, **kwargs)

    monkeypatch.setattr(client, "_schedule_event", recorded)
    command = slash("rule", number="121.4")
    await asyncio.wait_for(await server.push_interaction(command), 10)
    assert "on_interaction" not in started and "on_socket_event_type" not in started
    press = button("nosuch:1")
    answer = await asyncio.wait_for(await server.push_interaction(press), 10)
    assert started.count("on_interaction") == 1 and "expired" in json.dumps(answer).lower()
    waiting = asyncio.ensure_future(client.wait_for("interaction", timeout=10))
    await asyncio.sleep(0)
    await server.push_interaction(slash("rule", number="121.5"))
    assert (await waiting).type is discord.InteractionType.application_command  # a waiter still gets it


async def test_an_early_acknowledgement_waits_out_a_429(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """Sent straight on the answer pipe, an early deferral still honours Discord's 429 (as discord.py's adapter
    does): sent again after the wait, acknowledged once, answered once."""
    client, server = live
    client.gate.defer_above = -1  # every command is acknowledged from its payload
    server.rate_limit_next.add("POST interactions")
    payloads = [slash("rule", number="121.4") for _ in range(3)]
    for payload in payloads:
        await server.push_interaction(payload)
    assert await server.wait_answered({int(p["id"]) for p in payloads}, rounds=200) and not server.acked_twice
    assert client.early_ack.count == 3 and len(server.rate_limited) == 1
    sent = [p["type"] for payload in payloads for p in _callbacks(server, int(payload["id"]))]
    assert sent == [5] * 4  # three deferrals, one of them sent again after its 429
    for payload in payloads:
        assert len(server.followups[payload["token"]]) == 1


async def test_gateway_messages_waiting_to_be_read_hold_work_that_can_wait(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """A gateway message received and not yet read (in aiohttp's buffer of the live socket) is pressure: work of
    commands acknowledged already (bot/discord/priority.py) waits for it, and so does the building of commands
    acknowledged from their payload. Checked without yielding, so the bot never reads the planted message."""
    client, _server = live
    socket = client.ws.socket
    assert isinstance(socket, SlicedSocket)
    assert not client.gateway_backlog() and not client.priority.pressed()
    text = aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, "{}", None)
    socket._buffer.append((text, 2))
    try:
        assert client.gateway_backlog() and client.priority.pressed()
    finally:
        socket._buffer.remove((text, 2))
    assert not client.priority.pressed()


async def test_a_closed_gateway_socket_is_no_backlog() -> None:
    raw = _Queued()
    raw.closed = True  # type: ignore[attr-defined]
    backlog = gateway_slices.GatewayBacklog()
    sliced = SlicedSocket(raw)
    backlog.add(sliced)
    raw._reader._buffer.append((aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, "{}", None), 2))
    assert not backlog()
    raw.closed = False  # type: ignore[attr-defined]
    assert backlog()


@pytest.mark.timeout(120)
async def test_a_burst_against_the_timed_rest_stand_in_is_answered_once_each(
        store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark's stand-in with REST on its timed server (tests/fakes/timed_rest.py): the real bot logs in,
    and 120 mixed interactions written at once (``push_burst``: encoded first, one write) are each acknowledged
    once and answered, every acknowledgement stamped no later than the stand-in read it."""
    import yarl

    from tests.bot.conftest import started_bot
    from tests.fakes.load import mixed_payload

    async with StandInDiscord(timed_rest=True) as server:
        monkeypatch.setattr(discord.http.Route, "BASE", f"{server.base}/api/v10")
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(f"ws://127.0.0.1:{server.port}/"))
        async with started_bot(store) as client:
            client.gate.defer_above = 10  # most are deferred from their payload
            payloads = [mixed_payload(i) for i in range(120)]
            sent = server.push_burst([(p, server.connections[-1]) for p in payloads])
            ids = {int(p["id"]) for p in payloads}
            assert sent.keys() == ids and len(set(sent.values())) == 1  # one write
            assert await server.wait_answered(ids)
            assert client.early_ack.count > 0 and client.early_complete.count > 0
    assert not server.acked_twice
    assert ids <= server.acked_at.keys()
    assert all(server.acked_at[i] <= server.acked_read_at[i] for i in ids)
