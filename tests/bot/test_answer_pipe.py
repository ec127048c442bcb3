"""Interaction answers over the answer pipe (bot/discord/answer_pipe.py): kept-alive HTTP/1.1 connections of
their own, with discord.py's webhook adapter still deciding retries and errors. Against a loopback server that
answers in each of HTTP's shapes (a length, chunks, none, a close), through the real bot against the stand-in
of Discord, and the discord.py internals the pipe relies on."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import pytest
from discord.http import Route, json_or_text
from discord.webhook import async_ as webhook_async

from bot.discord import answer_pipe
from bot.discord.answer_pipe import AnswerPipe, PipedAdapter, PipeError
from bot.discord.app import DrawJudgeBot
from tests.bot.conftest import started_bot
from tests.fakes.discord_fake import autocomplete, slash
from tests.fakes.gateway import StandInDiscord

Answer = Callable[[bytes, bytes], bytes | None]  # (request head, body) -> raw answer, or None: close at once


def test_the_discord_py_seams_still_exist() -> None:
    """What the pipe uses of discord.py's insides: the adapter's request takes the session it is given and
    calls ``session.request(...)`` as a context manager; answers are read with ``text()`` and ``headers``."""
    parameters = inspect.signature(webhook_async.AsyncWebhookAdapter.request).parameters
    assert {"route", "session", "payload", "multipart", "proxy", "proxy_auth", "files", "reason", "auth_token",
            "params"} == set(parameters) - {"self"}
    source = inspect.getsource(webhook_async.AsyncWebhookAdapter.request)
    assert "async with session.request(" in source and "json_or_text(response)" in source
    assert "response.text(" in inspect.getsource(json_or_text)
    assert isinstance(webhook_async.async_context.get(), webhook_async.AsyncWebhookAdapter)
    assert "async_context.get()" in inspect.getsource(discord.InteractionResponse.defer)


class LoopbackHttp:
    """A loopback HTTP/1.1 server answering each request with ``answer`` (one per call, in order)."""

    def __init__(self, answers: list[Answer]) -> None:
        self.answers = answers
        self.requests: list[tuple[bytes, bytes]] = []
        self.connections = 0
        self.writers: list[asyncio.StreamWriter] = []
        self.port = 0
        self._server: asyncio.Server | None = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.writers.append(writer)
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), 0)
                body = await reader.readexactly(length)
                self.requests.append((head, body))
                raw = (self.answers.pop(0)(head, body) if self.answers
                       else _answer(200, b"{}", "Content-Type: application/json"))
                if raw is None:
                    break
                writer.write(raw)
                await writer.drain()
                if b"Connection: close" in raw or not (b"Content-Length" in raw or b"chunked" in raw):
                    break  # said so, or the body ends at the close
        writer.close()

    async def __aenter__(self) -> LoopbackHttp:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"


def _answer(status: int, body: bytes = b"", *headers: str, reason: str = "OK") -> bytes:
    head = "".join(f"{h}\r\n" for h in headers)
    if not any(h.lower().startswith(("content-length", "transfer-encoding")) for h in headers):
        head += f"Content-Length: {len(body)}\r\n"
    return f"HTTP/1.1 {status} {reason}\r\n{head}\r\n".encode() + body


def _json(data: Any, status: int = 200, *headers: str) -> Answer:
    return lambda _h, _b: _answer(status, json.dumps(data).encode(), "Content-Type: application/json", *headers)


@pytest.fixture
async def pipe() -> AsyncIterator[AnswerPipe]:
    made = AnswerPipe("DiscordBot (test, 1)", limit=3)
    yield made
    await made.close()


async def _post(pipe: AnswerPipe, url: str, payload: Any = None) -> Any:
    data = json.dumps(payload) if payload is not None else None
    async with pipe.request("POST", url, data=data, headers={"Content-Type": "application/json"},
                            params={"with_response": "1"}) as response:
        return response.status, await json_or_text(response)  # type: ignore[arg-type]


async def test_answers_of_every_shape_are_read_and_the_connection_kept() -> None:
    chunked = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
               b"5\r\n{\"a\":\r\n3;ext=1\r\n 1}\r\n0\r\nX-Trailer: 1\r\n\r\n")
    answers: list[Answer] = [_json({"id": "1"}), lambda _h, _b: _answer(204, reason="No Content"),
                             lambda _h, _b: chunked, _json({"last": True})]
    async with LoopbackHttp(answers) as server:
        pipe = AnswerPipe("DiscordBot (test, 1)")
        try:
            assert await _post(pipe, f"{server.url}/interactions/1/tok/callback", {"type": 5}) == (200, {"id": "1"})
            assert await _post(pipe, f"{server.url}/x") == (204, "")
            assert await _post(pipe, f"{server.url}/y") == (200, {"a": 1})
            assert await _post(pipe, f"{server.url}/z") == (200, {"last": True})
        finally:
            await pipe.close()
    assert server.connections == 1  # one kept-alive connection for all four
    head, body = server.requests[0]
    assert head.startswith(b"POST /api/v10/interactions/1/tok/callback?with_response=1 HTTP/1.1\r\n")
    assert b"User-Agent: DiscordBot (test, 1)\r\n" in head and json.loads(body) == {"type": 5}


async def test_a_connection_closed_by_the_server_is_not_reused(pipe: AnswerPipe) -> None:
    """An answer that says ``Connection: close``, one whose body ends at the close, and a kept-alive connection
    the server closed while it was idle: the next request goes on a new connection, once."""
    answers: list[Answer] = [lambda _h, _b: _answer(200, b"{}", "Connection: close"),
                             lambda _h, _b: b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the close",
                             _json({"n": 3}), _json({"n": 4})]
    async with LoopbackHttp(answers) as server:
        assert (await _post(pipe, f"{server.url}/a"))[0] == 200
        assert await _post(pipe, f"{server.url}/b") == (200, "until the close")
        assert await _post(pipe, f"{server.url}/c") == (200, {"n": 3})
        assert server.connections == 3
        server.writers[-1].close()  # the server closes the kept-alive connection while it is idle
        await asyncio.sleep(0.05)
        assert await _post(pipe, f"{server.url}/d") == (200, {"n": 4})
        assert server.connections == 4
    assert len(server.requests) == 4  # nothing was sent twice


async def test_a_kept_alive_connection_closed_as_it_is_reused_is_tried_once_more(pipe: AnswerPipe) -> None:
    """The server closes a reused connection without any answer (its idle timeout crossing the request): the
    request goes once more on a new connection. A new connection closing the same way is an error."""
    answers: list[Answer] = [_json({"n": 1}), lambda _h, _b: None, _json({"n": 2}), lambda _h, _b: None]
    async with LoopbackHttp(answers) as server:
        assert await _post(pipe, f"{server.url}/a") == (200, {"n": 1})
        assert await _post(pipe, f"{server.url}/b") == (200, {"n": 2})
        assert server.connections == 2
        await pipe.close()
        fresh = AnswerPipe("DiscordBot (test, 1)")
        with pytest.raises(PipeError):
            await _post(fresh, f"{server.url}/c")
        await fresh.close()


async def test_a_server_that_closes_without_answering_is_an_error(pipe: AnswerPipe) -> None:
    async with LoopbackHttp([lambda _h, _b: None]) as server:
        with pytest.raises(PipeError):
            await _post(pipe, f"{server.url}/a")
    async with LoopbackHttp([lambda _h, _b: b"SSH-2.0-nope\r\n\r\n"]) as server:
        with pytest.raises(PipeError, match="not an HTTP answer"):
            await _post(pipe, f"{server.url}/a")


async def test_an_answer_that_never_comes_is_a_timeout_and_its_connection_is_cut(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that reads the request and never answers: the exchange fails with a ``TimeoutError`` at
    ``REQUEST_TIMEOUT``, its connection is cut (never kept), and a request that waited for that connection
    times out as well."""
    monkeypatch.setattr(answer_pipe, "REQUEST_TIMEOUT", 0.3)
    cut: list[bool] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        cut.append(await reader.read() == b"")  # nothing more until the client cuts the connection
        writer.close()

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/api/v10"
    pipe = AnswerPipe("DiscordBot (test, 1)", limit=1)
    try:
        start = time.perf_counter()
        results = await asyncio.wait_for(asyncio.gather(_post(pipe, f"{url}/a"), _post(pipe, f"{url}/b"),
                                                        return_exceptions=True), 10)
        assert time.perf_counter() - start < 5
        assert all(isinstance(r, TimeoutError) for r in results), results
        assert pipe.connections() == 0 and pipe.sent == 0
        await asyncio.sleep(0.1)
        assert cut and all(cut)
    finally:
        await pipe.close()
        server.close()


async def test_a_freed_connection_goes_to_the_sender_waiting_for_it() -> None:
    """One connection, a sender with three requests in a row and another with one that asks while the first is
    answered: the second goes next, not after the first sender's whole run (it used to take its connection
    straight back: in a burst the autocompletes' senders waited behind the deferrals' until they ran out)."""
    order: list[str] = []
    one = AnswerPipe("DiscordBot (test, 1)", limit=1)

    async def sender(name: str, n: int) -> None:
        for i in range(n):
            await _post(one, f"{server.url}/{name}{i}")
            order.append(f"{name}{i}")

    async with LoopbackHttp([]) as server:
        try:
            first = asyncio.create_task(sender("a", 3))
            await asyncio.sleep(0)  # the first sender has the connection
            await asyncio.wait_for(asyncio.gather(first, sender("b", 1)), 10)
        finally:
            await one.close()
    assert order == ["a0", "b0", "a1", "a2"] and server.connections == 1


async def test_many_requests_at_once_share_at_most_the_limit_of_connections(pipe: AnswerPipe) -> None:
    async with LoopbackHttp([]) as server:
        results = await asyncio.gather(*(_post(pipe, f"{server.url}/n/{i}") for i in range(60)))
    assert results == [(200, {})] * 60
    assert server.connections <= 3 and pipe.connections() <= 3
    assert pipe.sent == 60


async def test_the_adapter_keeps_discord_py_s_retries_and_errors(pipe: AnswerPipe,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A 429 with Discord's Via header is waited out and sent again; a 404 is discord.py's NotFound with
    Discord's code; a 500 is retried."""
    limited = _json({"message": "You are being rate limited.", "retry_after": 0.01, "global": False}, 429,
                    "Via: 1.1 google")
    server_error = _json({"message": "oops"}, 500)
    answers: list[Answer] = [limited, _json({"ok": 1}), _json({"message": "Unknown interaction", "code": 10062},
                                                              404), server_error, _json({"ok": 2})]
    monkeypatch.setattr(asyncio, "sleep", _fast_sleep(asyncio.sleep))
    async with LoopbackHttp(answers) as server:
        monkeypatch.setattr(Route, "BASE", server.url)
        adapter = PipedAdapter(pipe)
        route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=1, webhook_token="t")
        assert await adapter.request(route, session=None, payload={"type": 5}) == {"ok": 1}
        with pytest.raises(discord.NotFound) as refused:
            await adapter.request(route, session=None, payload={"type": 5})
        assert refused.value.code == 10062 and refused.value.status == 404
        assert await adapter.request(route, session=None, payload={"type": 5}) == {"ok": 2}
    assert len(server.requests) == 5


def _fast_sleep(sleep: Callable[[float], Any]) -> Callable[[float], Any]:
    async def fast(delay: float, *args: Any) -> Any:  # discord.py waits 1 s after a 5xx: not in a test
        return await sleep(min(delay, 0.01), *args)
    return fast


def test_acknowledgements_and_follow_ups_take_separate_pipes() -> None:
    acks, later = AnswerPipe("ua"), AnswerPipe("ua")
    adapter = PipedAdapter(acks, later)
    callback = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=1, webhook_token="t")
    follow_up = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="t")
    edit = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", webhook_id=1, webhook_token="t")
    assert adapter.pipe_for(callback) is acks
    assert adapter.pipe_for(follow_up) is later and adapter.pipe_for(edit) is later


async def test_files_and_proxies_still_go_through_the_session_given(pipe: AnswerPipe) -> None:
    class Session:
        used = 0

        def request(self, *args: Any, **kwargs: Any) -> Any:
            Session.used += 1
            raise RuntimeError("through the session")

    adapter = PipedAdapter(pipe)
    route = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="t")
    with pytest.raises(RuntimeError, match="through the session"):
        await adapter.request(route, Session(), payload={"content": "x"}, proxy="http://proxy.invalid:1")
    assert Session.used == 1 and pipe.sent == 0


async def test_the_bot_answers_through_its_pipe(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """Commands deferred under load and an autocomplete all reach the stand-in through the pipes: the
    acknowledgements through one, the follow-ups through the other, each on at most its connections."""
    client, server = live
    client.gate.defer_above = 0  # every command deferred first, then answered as a follow-up
    payloads = [slash("rule", number=f"121.{1 + i % 6}") for i in range(20)] + [autocomplete("rule", "number", "12")]
    for payload in payloads:
        await server.push_interaction(payload)
    ids = {int(p["id"]) for p in payloads}
    for _ in range(400):  # the stand-in has them all, and the bot has read every answer back
        if ids <= server.answered_at.keys() and client.follow_up_pipe.sent >= 20:
            break
        await asyncio.sleep(0.05)
    assert ids <= server.answered_at.keys() and not server.acked_twice
    assert client.answer_pipe.sent >= 21  # every acknowledgement, and the autocomplete's choices
    assert client.follow_up_pipe.sent >= 20  # every answer
    assert client.answer_pipe.connections() <= client.answer_pipe.limit
    assert client.follow_up_pipe.connections() <= client.follow_up_pipe.limit


async def test_with_the_pipe_switched_off_every_answer_takes_discord_py_s_session(
        store: Any, server: StandInDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """DRAWJUDGE_ANSWER_PIPE=0: the well-kept path (discord.py over aiohttp) answers everything, deferrals and
    autocompletes under load included; the pipes send nothing."""
    monkeypatch.setenv("DRAWJUDGE_ANSWER_PIPE", "0")
    async with started_bot(store) as client:
        client.gate.defer_above = 0
        payloads = [slash("rule", number=f"121.{1 + i % 6}") for i in range(6)] + [autocomplete("rule", "number", "12")]
        for payload in payloads:
            await server.push_interaction(payload)
        assert await server.wait_answered({int(p["id"]) for p in payloads}) and not server.acked_twice
        assert (client.answer_pipe.sent, client.follow_up_pipe.sent) == (0, 0)
