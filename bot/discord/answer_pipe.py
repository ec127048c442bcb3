"""Interaction answers (acknowledgements, autocomplete choices, replies, follow-ups, edits) sent over a few
kept-alive HTTP/1.1 connections of their own, with discord.py's webhook adapter still deciding everything else.

Why: in a burst every answer is a REST call, and through aiohttp's client session each cost the event loop
about 0.5 ms of CPU (headers, URL and cookie handling, three timers, payload registry...): with 5,000
interactions in one process, the acknowledgements and autocomplete answers alone needed more than Discord's
3 s, and 3,653 of them were late (profiled with py-spy: the webhook adapter's requests were 36 % of the bot's
CPU, four fifths of it inside aiohttp). An interaction answer is always the same small exchange (a JSON body,
no cookies, no redirects, no auth header: the token is in the path), so here it is written as bytes on an
open connection and its answer read back with one ``readuntil`` and one ``readexactly``.

Only the transport changes: ``PipedAdapter`` is discord.py's own ``AsyncWebhookAdapter`` (its per-token
locks, rate-limit waits, 429 and 5xx retries, and its errors) handed this module's ``AnswerPipe`` in place of
the aiohttp session. A request with files, a proxy or anything but a JSON body goes through aiohttp as before.
The adapter is installed for the client's tasks through discord.py's ``async_context`` (private: checked by a
seam test in tests/bot/test_answer_pipe.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import ssl
from collections import deque
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from multidict import CIMultiDict, CIMultiDictProxy

log = logging.getLogger("drawjudge")

PIPE_CONNECTIONS = 45  # connections for acknowledgements (and as many for follow-ups and edits) at most
REQUEST_TIMEOUT = 30.0  # seconds one exchange may take, connecting included
MAX_HEAD = 64 * 1024  # bytes of status line and headers at most
MAX_BODY = 8 * 1024 * 1024  # bytes of an answer's body at most (a message object is a few KB)
NO_BODY = frozenset({204, 304})


class PipeError(aiohttp.ClientError):
    """An exchange that could not be completed (the connection closed, a malformed or oversized answer).
    An ``aiohttp.ClientError``, as aiohttp's own failures are, so callers catch both alike."""


@dataclass
class PipeResponse:
    """What discord.py's adapter reads of an answer (``status``, ``reason``, ``headers``, ``text()``)."""

    status: int
    reason: str
    headers: CIMultiDictProxy[str]
    body: bytes

    async def text(self, encoding: str = "utf-8") -> str:
        return self.body.decode(encoding, errors="replace")


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    expired: bool = False  # its exchange ran out of time: the connection was cut, never reused

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()

    def expire(self) -> None:
        """The exchange on this connection took ``REQUEST_TIMEOUT``: cut it (a read waiting on it fails at once)."""
        self.expired = True
        with contextlib.suppress(Exception):
            self.writer.transport.abort()


@dataclass(frozen=True)
class _Target:
    """What a request's URL says of where to send it."""

    key: tuple[str, str, int]  # scheme, host, port: the connections it may share
    netloc: str
    tls: bool
    path: str  # with the query


_ORIGINS: dict[str, tuple[tuple[str, str, int], str, bool]] = {}  # "scheme://netloc" -> what it says


def _target(url: str) -> _Target:
    """Split the way ``urlsplit`` does, with each origin parsed once (every answer goes to the same one, and
    parsing it was a measurable part of an exchange)."""
    scheme_end = url.find("://")
    origin_end = url.find("/", scheme_end + 3) if scheme_end > 0 else -1
    if origin_end < 0 or "#" in url:  # not the plain shape of an API address: parsed in full
        parts = urlsplit(url)
        origin, path = f"{parts.scheme}://{parts.netloc}", (parts.path or "/") + (f"?{parts.query}" if parts.query
                                                                                else "")
    else:
        origin, path = url[:origin_end], url[origin_end:]
    known = _ORIGINS.get(origin)
    if known is None:
        parts = urlsplit(origin)
        tls = parts.scheme == "https"
        known = ((parts.scheme, parts.hostname or "", parts.port or (443 if tls else 80)), parts.netloc, tls)
        if len(_ORIGINS) < 64:
            _ORIGINS[origin] = known
    key, netloc, tls = known
    return _Target(key, netloc, tls, path)


def _expire_waiter(waiter: asyncio.Future[_Connection | None]) -> None:
    if not waiter.done():
        waiter.set_exception(TimeoutError("no connection to Discord came free in time"))


@dataclass
class _Host:
    """The kept-alive connections to one scheme://host:port, at most ``limit`` open, waiters served in order."""

    limit: int
    idle: deque[_Connection] = field(default_factory=deque)
    open: int = 0
    waiting: deque[asyncio.Future[_Connection | None]] = field(default_factory=deque)  # a connection or a turn


class _Exchange:
    """``async with pipe.request(...) as response``: the whole exchange happens on entering."""

    def __init__(self, pipe: AnswerPipe, method: str, url: str, body: bytes, headers: dict[str, str]) -> None:
        self._args = (method, url, body, headers)
        self._pipe = pipe

    async def __aenter__(self) -> PipeResponse:
        return await self._pipe.exchange(*self._args)

    async def __aexit__(self, *exc: object) -> None:
        return None


class AnswerPipe:
    """A minimal HTTP/1.1 client for JSON requests to one API: kept-alive connections, at most ``limit`` per
    host. Session-shaped (``request()`` as an async context manager) so discord.py's adapter can use it."""

    def __init__(self, user_agent: str, limit: int = PIPE_CONNECTIONS) -> None:
        self.user_agent = user_agent
        self.limit = limit
        self._hosts: dict[tuple[str, str, int], _Host] = {}
        self._ssl: ssl.SSLContext | None = None
        self.closed = False
        self.sent = 0  # exchanges completed (the tests and the benchmark read it)

    def request(self, method: str, url: str, *, data: Any = None, headers: dict[str, str] | None = None,
                params: dict[str, Any] | None = None, **_ignored: Any) -> _Exchange:
        if params:
            url = f"{url}{'&' if '?' in url else '?'}{urlencode(params)}"
        body = data.encode() if isinstance(data, str) else (data or b"")
        return _Exchange(self, method, url, body, headers or {})

    def connections(self) -> int:
        return sum(h.open for h in self._hosts.values())

    async def exchange(self, method: str, url: str, body: bytes, headers: dict[str, str]) -> PipeResponse:
        """One request and its answer, within ``REQUEST_TIMEOUT`` (a ``TimeoutError`` past it).

        Why one timer and not ``asyncio.timeout``: the exchange is the bot's most frequent await in a burst,
        and a timeout context (its object, the task's cancellation bookkeeping, a timer rescheduled) cost as much
        as a fifth of it. Waiting for a connection, connecting, and the exchange on the connection each have a
        plain timer at the same deadline; the last one cuts the connection, so the read fails at once."""
        if self.closed:
            raise PipeError("the answer pipe is closed")
        where = _target(url)
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        request = (f"{method} {where.path} HTTP/1.1\r\nHost: {where.netloc}\r\nUser-Agent: {self.user_agent}\r\n"
                   f"{head}Content-Length: {len(body)}\r\n\r\n").encode("latin-1") + body
        pool = self._hosts.get(where.key)
        if pool is None:
            pool = self._hosts[where.key] = _Host(self.limit)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REQUEST_TIMEOUT
        for attempt in range(2):
            conn, reused = await self._acquire(pool, where, deadline)
            keep = False
            timer = loop.call_at(deadline, conn.expire)
            try:
                conn.writer.write(request)
                response, keep = await self._read(conn.reader, method)
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                if conn.expired:
                    raise TimeoutError(f"Discord did not answer within {REQUEST_TIMEOUT:.0f} s") from None
                # A kept-alive connection the server closed while idle fails before any answer: once more on
                # a new one (the server never read the request). A new connection failing is an error.
                if reused and attempt == 0 and not getattr(exc, "partial", b""):
                    continue
                raise PipeError(f"the connection to Discord closed: {type(exc).__name__}") from exc
            finally:
                timer.cancel()
                self._release(pool, conn, keep and not conn.expired)
            self.sent += 1
            return response
        raise PipeError("unreachable")  # pragma: no cover - the loop returns or raises

    async def _acquire(self, pool: _Host, where: _Target, deadline: float) -> tuple[_Connection, bool]:
        """A connection for one exchange: an idle one, a new one while under the limit, or, when every one is
        busy, the next one freed, in the order of asking.

        Why in order: a sender that had just finished an exchange used to take its connection straight back
        for its next one (no await in between), ahead of the senders woken to wait for it; in a burst the
        first 45 senders (deferrals, the most of a burst) kept the connections and the autocompletes' senders
        waited behind them until the deferrals ran out, late. A freed connection is now handed to the first
        in line (``_release``), and nobody takes an idle or a new one past a waiting sender."""
        loop = asyncio.get_running_loop()
        turn = False  # given the turn by a release: the senders behind this one wait
        while True:
            while pool.idle and (turn or not pool.waiting):
                conn = pool.idle.pop()  # the most recently used: the least likely to have been closed
                if conn.reader.at_eof() or conn.writer.is_closing():
                    pool.open -= 1
                    conn.close()
                    continue
                return conn, True
            if pool.open < pool.limit and (turn or not pool.waiting):
                pool.open += 1
                try:
                    async with asyncio.timeout_at(deadline):
                        reader, writer = await asyncio.open_connection(
                            where.key[1], where.key[2], ssl=self._context() if where.tls else None, limit=MAX_HEAD)
                except BaseException:
                    pool.open -= 1
                    self._wake(pool)
                    raise
                return _Connection(reader, writer), False
            waiter: asyncio.Future[_Connection | None] = loop.create_future()
            pool.waiting.append(waiter)
            timer = loop.call_at(deadline, _expire_waiter, waiter)
            try:
                given = await waiter
            except BaseException:
                if waiter in pool.waiting:
                    pool.waiting.remove(waiter)
                elif waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                    passed = waiter.result()  # this one's turn (and connection), passed on to the next in line
                    if passed is not None:
                        self._release(pool, passed, True)
                    else:
                        self._wake(pool)
                raise
            finally:
                timer.cancel()
            if given is not None:
                if not (given.reader.at_eof() or given.writer.is_closing()):
                    return given, True
                pool.open -= 1  # closed by the server meanwhile: this turn opens a new one
                given.close()
            turn = True

    def _release(self, pool: _Host, conn: _Connection, keep: bool) -> None:
        """A connection kept alive goes to the first sender waiting for one, else to the idle ones; one closed
        gives the first waiting sender the turn to open a new one."""
        if keep and not self.closed:
            while pool.waiting:
                waiter = pool.waiting.popleft()
                if not waiter.done():
                    waiter.set_result(conn)
                    return
            pool.idle.append(conn)
            return
        pool.open -= 1
        conn.close()
        self._wake(pool)

    @staticmethod
    def _wake(pool: _Host) -> None:
        while pool.waiting:
            waiter = pool.waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    def _context(self) -> ssl.SSLContext:
        if self._ssl is None:
            self._ssl = ssl.create_default_context()
        return self._ssl

    @staticmethod
    async def _read(reader: asyncio.StreamReader, method: str) -> tuple[PipeResponse, bool]:
        """One answer: status line, headers, and a body by Content-Length, chunks, or up to the close."""
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.LimitOverrunError as exc:
            raise PipeError("an answer's headers were too long") from exc
        lines = head.decode("latin-1").split("\r\n")
        version, _, rest = lines[0].partition(" ")
        code, _, reason = rest.partition(" ")
        if not version.startswith("HTTP/1.") or not code.isdigit():
            raise PipeError(f"not an HTTP answer: {lines[0][:80]!r}")
        status = int(code)
        headers: CIMultiDict[str] = CIMultiDict()
        for line in lines[1:]:
            if line:
                name, _, value = line.partition(":")
                headers.add(name.strip(), value.strip())
        keep = version == "HTTP/1.1" and headers.get("Connection", "").lower() != "close"
        if status in NO_BODY or status < 200 or method == "HEAD":
            body = b""
        elif "chunked" in headers.get("Transfer-Encoding", "").lower():
            body = await _chunks(reader)
        elif (length := headers.get("Content-Length")) is not None:
            if not length.isdigit() or int(length) > MAX_BODY:
                raise PipeError("an answer's length was missing or too large")
            body = await reader.readexactly(int(length))
        else:  # the body ends when the server closes the connection
            body, keep = await _until_close(reader), False
        return PipeResponse(status, reason, CIMultiDictProxy(headers), body), keep

    async def close(self) -> None:
        self.closed = True
        for pool in self._hosts.values():
            while pool.idle:
                pool.idle.pop().close()
                pool.open -= 1
            while pool.waiting:
                waiter = pool.waiting.popleft()
                if not waiter.done():
                    waiter.set_exception(PipeError("the answer pipe is closed"))


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    parts: list[bytes] = []
    size = 0
    while True:
        line = await reader.readuntil(b"\r\n")
        length = int(line.split(b";")[0].strip() or b"0", 16)
        if length == 0:
            while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers, then the blank line
                pass
            return b"".join(parts)
        size += length
        if size > MAX_BODY:
            raise PipeError("an answer was too large")
        parts.append(await reader.readexactly(length))
        await reader.readexactly(2)


async def _until_close(reader: asyncio.StreamReader) -> bytes:
    body = await reader.read(MAX_BODY + 1)
    while len(body) <= MAX_BODY and not reader.at_eof():
        more = await reader.read(MAX_BODY + 1 - len(body))
        if not more:
            break
        body += more
    if len(body) > MAX_BODY:
        raise PipeError("an answer was too large")
    return body


class PipedAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter with pipes as its transport for plain JSON requests (every interaction
    answer the bot sends); files and proxies go through the aiohttp session the caller gave.

    Two pipes: acknowledgements (interaction callbacks: deferrals, autocomplete choices, first replies) have
    connections of their own, so in a burst they never wait behind follow-ups and edits, which can wait (their
    token lasts 15 minutes; an acknowledgement has 3 s)."""

    def __init__(self, pipe: AnswerPipe, later: AnswerPipe | None = None) -> None:
        super().__init__()
        self.pipe = pipe  # interaction callbacks
        self.later = later or pipe  # follow-ups, edits, deletions

    def pipe_for(self, route: Any) -> AnswerPipe:
        return self.pipe if str(getattr(route, "path", "")).endswith("/callback") else self.later

    async def request(self, route: Any, session: Any, *, payload: dict[str, Any] | None = None,
                      multipart: list[dict[str, Any]] | None = None, proxy: str | None = None,
                      proxy_auth: aiohttp.BasicAuth | None = None, files: Any = None,
                      reason: str | None = None, auth_token: str | None = None,
                      params: dict[str, Any] | None = None) -> Any:
        pipe = self.pipe_for(route)
        plain = not files and not multipart and proxy is None and not pipe.closed
        return await super().request(route, pipe if plain else session, payload=payload,  # type: ignore[arg-type]
                                     multipart=multipart, proxy=proxy, proxy_auth=proxy_auth, files=files,
                                     reason=reason, auth_token=auth_token, params=params)


def enabled() -> bool:
    """Whether interaction answers take the answer pipe: yes unless ``DRAWJUDGE_ANSWER_PIPE=0``. Why a switch:
    the pipe is this project's own HTTP/1.1 client, tested against the loopback stand-in of Discord; with it off,
    every answer goes through discord.py's aiohttp session as before (slower in a burst, the well-kept path)."""
    return os.environ.get("DRAWJUDGE_ANSWER_PIPE", "1").strip() != "0"


def install(adapter: PipedAdapter | None) -> None:
    """Make ``adapter`` the one discord.py's interactions and webhooks use in this task and every task it
    starts from now on (a context variable: the bot's other clients, in other tasks, are not affected); None
    installs discord.py's own adapter (the pipe switched off)."""
    async_context.set(adapter if adapter is not None else AsyncWebhookAdapter())
