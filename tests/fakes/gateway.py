"""A loopback stand-in for Discord: the gateway (websocket, zlib-stream, or zstd-stream when the client asks for
it: discord.py does once ``zstandard`` is installed, as the ``speed`` extra does) and the REST API, on 127.0.0.1.

The real, unmodified client connects to it once ``discord.http.Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` point here (shared/docs/discord-testing.md). It speaks the session
protocol (HELLO → IDENTIFY → READY, heartbeats, RECONNECT → RESUME → RESUMED), pushes INTERACTION_CREATE
events, records every REST request, and can answer the next request of a route with a 429.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakes.discord_fake import APP_ID, CHANNEL_ID, GUILD_ID, USER, check_limits
from tests.fakes.server import serve
from tests.fakes.timed_rest import RestRequest, TimedRest

_ids = itertools.count(800000000000000000)


def _json_parts(data: Any, status: int = 200,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    # discord.py requires exactly "application/json" (no charset), or login fails.
    return status, {"Content-Type": "application/json", **(headers or {})}, json.dumps(data).encode()


def _message(embeds: list[Any]) -> dict[str, Any]:
    return {"id": str(next(_ids)), "channel_id": "1", "type": 20, "content": "", "author": dict(USER),
            "attachments": [], "embeds": embeds, "mentions": [], "mention_roles": [], "pinned": False,
            "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "flags": 0, "components": []}


def guild_of_shard(shard: list[int] | None) -> int:
    """The guild a connection's interactions come from: ``GUILD_ID`` (tests.fakes.discord_fake) unless the
    connection is a shard it doesn't belong to, then the first guild id after it that does (Discord sends a
    guild's interactions on its shard only: ``(guild_id >> 22) % shard_count``)."""
    if not shard:
        return GUILD_ID
    shard_id, count = shard
    return next(GUILD_ID + (k << 22) for k in range(count) if ((GUILD_ID >> 22) + k) % count == shard_id)


def _guild(guild_id: int = GUILD_ID) -> dict[str, Any]:
    """The guild the interactions come from (tests.fakes.discord_fake), so that the client has it cached as it
    would with Discord, instead of making an unavailable one for every interaction."""
    return {"id": str(guild_id), "name": "Judges", "unavailable": False, "owner_id": USER["id"], "large": False,
            "member_count": 2, "features": [], "roles": [], "emojis": [], "stickers": [], "members": [],
            "voice_states": [], "presences": [], "threads": [], "stage_instances": [],
            "guild_scheduled_events": [], "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
            "preferred_locale": "en-US", "channels": [
                {"id": str(CHANNEL_ID), "type": 0, "name": "rules", "position": 0, "permission_overwrites": [],
                 "nsfw": False, "parent_id": None}]}


def _from_guild(payload: dict[str, Any], guild_id: int) -> dict[str, Any]:
    """The same interaction coming from another guild."""
    moved = {**payload, "guild_id": str(guild_id)}
    if isinstance(payload.get("channel"), dict):
        moved["channel"] = {**payload["channel"], "guild_id": str(guild_id)}
    if isinstance(payload.get("authorizing_integration_owners"), dict):
        moved["authorizing_integration_owners"] = {"0": str(guild_id)}
    return moved


def _binary_frame(data: bytes) -> bytes:
    """One unmasked, final binary websocket frame (RFC 6455 5.2), as a server sends it."""
    n = len(data)
    if n < 126:
        return bytes((0x82, n)) + data
    if n < 1 << 16:
        return bytes((0x82, 126)) + n.to_bytes(2, "big") + data
    return bytes((0x82, 127)) + n.to_bytes(8, "big") + data


class ZlibStream:
    """Discord's zlib-stream: one compression context per connection, each message ended with a sync flush."""

    def __init__(self) -> None:
        self._context = zlib.compressobj()

    def __call__(self, data: bytes) -> bytes:
        return self._context.compress(data) + self._context.flush(zlib.Z_SYNC_FLUSH)


class ZstdStream:
    """Discord's zstd-stream: one zstd stream per connection, each message a flushed block of it."""

    def __init__(self) -> None:
        import zstandard  # only when a client asks for zstd-stream (it has the module then)

        self._flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK
        self._context = zstandard.ZstdCompressor().compressobj()

    def __call__(self, data: bytes) -> bytes:
        return self._context.compress(data) + self._context.flush(self._flush)


STREAMS: dict[str | None, type[ZlibStream] | type[ZstdStream]] = {
    None: ZlibStream, "zlib-stream": ZlibStream, "zstd-stream": ZstdStream}


@dataclass
class Connection:
    ws: web.WebSocketResponse
    compress: Any
    seq: int = 0
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    resumed: asyncio.Event = field(default_factory=asyncio.Event)
    identify: dict[str, Any] | None = None
    resume: dict[str, Any] | None = None
    guild_id: int = GUILD_ID  # the guild of this connection's shard, which its interactions come from

    async def send(self, payload: dict[str, Any]) -> None:
        await self.ws.send_bytes(self.compress(json.dumps(payload).encode()))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        await self.send({"op": 0, "t": event, "s": self.seq, "d": data})


@dataclass
class StandInDiscord:
    port: int = 0
    runner: web.AppRunner | None = None
    connections: list[Connection] = field(default_factory=list)
    rest: list[tuple[str, str, Any]] = field(default_factory=list)
    callbacks: dict[int, asyncio.Future[Any]] = field(default_factory=dict)
    rate_limit_next: set[str] = field(default_factory=set)
    rate_limited: list[str] = field(default_factory=list)
    new_connection: asyncio.Event = field(default_factory=asyncio.Event)
    closed_cleanly: asyncio.Event = field(default_factory=asyncio.Event)
    session_id: str = "session-1"
    followups: dict[str, list[Any]] = field(default_factory=dict)
    # perf_counter times of each interaction's first response (the acknowledgement Discord wants within 3 s)
    # and of its final answer (a message, autocomplete choices, or the follow-up after a deferral).
    acked_at: dict[int, float] = field(default_factory=dict)
    # when the stand-in read each acknowledgement (later than ``acked_at`` with ``timed_rest``, when the stand-in
    # waited for a core while the acknowledgement had already arrived)
    acked_read_at: dict[int, float] = field(default_factory=dict)
    answered_at: dict[int, float] = field(default_factory=dict)
    acked_twice: list[int] = field(default_factory=list)
    compressions: list[str | None] = field(default_factory=list)  # what each gateway connection asked for  # interactions the client acknowledged a second time
    # The client's REST sockets (their local ports) and how long each REST answer takes, to see how many
    # connections the client opens when answers are slow.
    peers: set[Any] = field(default_factory=set)
    rest_delay: float = 0.0
    # Every message an interaction's token posted or edited into place, with whether only the asker sees it, as
    # Discord decides: the first follow-up after a deferral replaces the "thinking" message and keeps the
    # deferral's visibility whatever its own flags say (an edit of @original replaces it too); later
    # follow-ups have their own flags.
    messages: dict[str, list[tuple[bool, Any]]] = field(default_factory=dict)
    _loading: dict[str, bool] = field(default_factory=dict)  # token -> the deferral was ephemeral
    # REST on a plain server of its own that stamps each request with the kernel's receive time
    # (tests/fakes/timed_rest.py; the benchmark's choice); the gateway stays on aiohttp's
    timed_rest: bool = False
    _timed: TimedRest | None = None

    @property
    def base(self) -> str:
        """Where the REST API is (the gateway is at ``port``)."""
        return f"http://127.0.0.1:{self._timed.port if self._timed is not None else self.port}"

    async def __aenter__(self) -> StandInDiscord:
        app = web.Application()
        app.router.add_get("/", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self.runner, self.port = await serve(app)
        if self.timed_rest:
            self._timed = TimedRest(self._timed_answer)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for c in self.connections:
            if not c.ws.closed:
                await c.ws.close()
        if self._timed is not None:
            self._timed.close()
        if self.runner is not None:
            await self.runner.cleanup()

    # -------------------------------------------------------------- gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        compression = request.query.get("compress")
        assert compression in STREAMS, request.query
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        conn = Connection(ws, STREAMS[compression]())
        self.compressions.append(compression)
        self.connections.append(conn)
        self.new_connection.set()
        await conn.send({"op": 10, "d": {"heartbeat_interval": 45000}})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op = payload.get("op")
            if op == 1:
                await conn.send({"op": 11})
            elif op == 2:
                conn.identify = payload["d"]
                shard = payload["d"].get("shard")
                ready = {"v": 10, "user": dict(USER), "guilds": [], "session_id": self.session_id,
                         "resume_gateway_url": f"ws://127.0.0.1:{self.port}/",
                         "application": {"id": str(APP_ID), "flags": 0}}
                if shard:
                    ready["shard"] = shard
                conn.guild_id = guild_of_shard(shard)  # a guild of this shard, as Discord's
                ready["guilds"] = [{"id": str(conn.guild_id), "unavailable": True}]
                await conn.dispatch("READY", ready)
                # then the guild itself, as Discord sends every guild of a bot with the guilds intent
                await conn.dispatch("GUILD_CREATE", _guild(conn.guild_id))
                conn.identified.set()
            elif op == 6:
                conn.resume = payload["d"]
                await conn.dispatch("RESUMED", {})
                conn.resumed.set()
        if ws.close_code in (1000, 4000) or ws.close_code is None:
            self.closed_cleanly.set()
        return ws

    async def push_interaction(self, payload: dict[str, Any], conn: Connection | None = None) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.callbacks[int(payload["id"])] = future
        conn = conn or self.connections[-1]
        if conn.guild_id != GUILD_ID and payload.get("guild_id") == str(GUILD_ID):
            payload = _from_guild(payload, conn.guild_id)  # a shard gets only its own guilds' interactions
        await conn.dispatch("INTERACTION_CREATE", payload)
        return future

    def push_burst(self, payloads: list[tuple[dict[str, Any], Connection]]) -> dict[int, float]:
        """Every interaction of a burst on the wire at once: each encoded first (JSON, the connection's
        compression, the websocket frame), then each connection's frames written in one go. Returns when each was
        written (perf_counter), by interaction id: the moment its 3 s start.

        Why: pushed one by one, a 10,000 burst took the stand-in 1.4-4.8 s to send on this machine (each
        message's JSON, compression and write in turn, competing with the bots for the cores), so the bots got it
        as a stream rather than at once. Frames are written straight on the websocket's transport (the connection
        never negotiates websocket compression: discord.py's gateway compresses the stream itself)."""
        frames: dict[int, list[bytes]] = {}
        ids: dict[int, list[int]] = {}
        by_key = {id(conn): conn for _p, conn in payloads}
        for payload, conn in payloads:
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            self.callbacks[int(payload["id"])] = future
            if conn.guild_id != GUILD_ID and payload.get("guild_id") == str(GUILD_ID):
                payload = _from_guild(payload, conn.guild_id)
            conn.seq += 1
            data = conn.compress(json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": conn.seq, "d": payload}).encode())
            frames.setdefault(id(conn), []).append(_binary_frame(data))
            ids.setdefault(id(conn), []).append(int(payload["id"]))
        sent: dict[int, float] = {}
        for key, chunks in frames.items():
            conn = by_key[key]
            writer = conn.ws._writer  # aiohttp's (this stand-in's own server side)
            assert writer is not None and not conn.ws.compress, "a raw frame needs an uncompressed websocket"
            now = time.perf_counter()
            writer.transport.write(b"".join(chunks))
            sent.update(dict.fromkeys(ids[key], now))
        return sent

    async def wait_answered(self, ids: set[int], rounds: int = 400, every: float = 0.05) -> bool:
        """Wait until every interaction of ``ids`` has an answer (bounded); whether they all have one."""
        for _ in range(rounds):
            if ids <= self.answered_at.keys():
                return True
            await asyncio.sleep(every)
        return ids <= self.answered_at.keys()

    async def reconnect(self) -> Connection:
        """Ask the client to reconnect (op 7); returns the new connection once it has resumed."""
        self.new_connection.clear()
        await self.connections[-1].send({"op": 7, "d": None})
        await asyncio.wait_for(self.new_connection.wait(), 10)
        conn = self.connections[-1]
        await asyncio.wait_for(conn.resumed.wait(), 10)
        return conn

    # ----------------------------------------------------------------- REST

    async def _rest(self, request: web.Request) -> web.Response:
        if request.transport is not None:
            self.peers.add(request.transport.get_extra_info("peername"))
        if self.rest_delay:
            await asyncio.sleep(self.rest_delay)
        body = await request.read()
        now = time.perf_counter()
        status, headers, answer = self.answer_rest(request.method, "/" + request.match_info["tail"],
                                                   "with_response" in request.query, request.content_type, body,
                                                   now, now)
        return web.Response(body=answer or None, status=status, headers=headers)

    def _timed_answer(self, request: RestRequest) -> tuple[int, dict[str, str], bytes]:
        """A request to the timed REST server (tests/fakes/timed_rest.py): stamped when it reached the machine."""
        self.peers.add(request.peer)
        prefix = "/api/v10"
        if not request.path.startswith(prefix + "/"):
            return _json_parts({"message": "404: Not Found", "code": 0}, 404)
        return self.answer_rest(request.method, request.path[len(prefix):], "with_response" in request.query,
                                request.content_type, request.body, request.arrived, request.read)

    def answer_rest(self, method: str, path: str, with_response: bool, content_type: str, body: bytes,
                    arrived: float, read: float) -> tuple[int, dict[str, str], bytes]:
        """Discord's answer to one REST request: status, headers, body. ``arrived`` is when the request reached
        the stand-in (what Discord's 3 s are counted against), ``read`` when the stand-in read it (the same
        under aiohttp's server)."""
        payload = json.loads(body) if body and content_type == "application/json" else None
        self.rest.append((method, path, payload))
        route = f"{method} {path.split('/')[1] if path.count('/') > 1 else path}"
        if route in self.rate_limit_next:
            self.rate_limit_next.discard(route)
            self.rate_limited.append(path)
            # A 429 needs a Via header, or discord.py takes it for a Cloudflare ban.
            return _json_parts({"message": "You are being rate limited.", "retry_after": 0.05, "global": False}, 429,
                               {"Via": "1.1 google", "Retry-After": "0.05", "X-RateLimit-Limit": "5",
                                "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "0.05",
                                "X-RateLimit-Bucket": "bucket", "X-RateLimit-Scope": "user"})
        if path == "/users/@me":
            return _json_parts(dict(USER))
        if path == "/oauth2/applications/@me":
            return _json_parts({"id": str(APP_ID), "name": "drawjudge", "icon": None, "description": "",
                                "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
                                "owner": dict(USER), "summary": "", "verify_key": "0", "flags": 0, "team": None})
        if path in ("/gateway", "/gateway/bot"):
            return _json_parts({"url": f"ws://127.0.0.1:{self.port}/", "shards": 2,
                                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                        "max_concurrency": 1}})
        if path.startswith("/interactions/") and path.endswith("/callback"):
            check_limits(payload)
            iid = int(path.split("/")[2])
            if iid in self.acked_at:  # Discord refuses a second acknowledgement
                self.acked_twice.append(iid)
                return _json_parts({"message": "Interaction has already been acknowledged.", "code": 40060}, 400)
            self.acked_at.setdefault(iid, arrived)
            self.acked_read_at.setdefault(iid, read)
            token = path.split("/")[3]
            flags = ((payload.get("data") or {}).get("flags") or 0) if isinstance(payload, dict) else 0
            if payload.get("type") == 5:
                self._loading[token] = bool(flags & 64)
            elif payload.get("type") == 4:
                self.messages.setdefault(token, []).append((bool(flags & 64), payload.get("data")))
            if payload.get("type") != 5:  # 5 = deferred: the answer comes later as a follow-up
                self.answered_at.setdefault(iid, arrived)
            future = self.callbacks.get(iid)
            if future is not None and not future.done():
                future.set_result(payload)
            if not with_response:  # Discord answers a plain callback with no content
                return 204, {}, b""
            message = _message((payload.get("data") or {}).get("embeds", []))
            return _json_parts({"interaction": {"id": str(iid), "type": 2},
                                "resource": {"type": payload.get("type"), "message": message}})
        if path.startswith("/webhooks/"):
            # Follow-ups and edits of an interaction's messages: Discord answers with the message object.
            if isinstance(payload, dict):
                check_limits(payload)
                token = path.split("/")[3] if path.count("/") >= 3 else ""
                self.followups.setdefault(token, []).append(payload)
                if token in self._loading:  # this follow-up or edit replaces the deferral's "thinking" message
                    self.messages.setdefault(token, []).append((self._loading.pop(token), payload))
                elif method == "POST":
                    self.messages.setdefault(token, []).append((bool((payload.get("flags") or 0) & 64), payload))
                iid = int(token[4:]) if token.startswith("tok-") and token[4:].isdigit() else None
                if iid is not None:
                    self.answered_at.setdefault(iid, arrived)
                future = self.callbacks.get(iid) if iid is not None else None
                if future is not None and not future.done():
                    future.set_result(payload)
            return _json_parts(_message((payload or {}).get("embeds", []) if isinstance(payload, dict) else []))
        if method == "PUT" and path.endswith("/commands"):
            return _json_parts([dict(c, id=str(next(_ids)), application_id=str(APP_ID), version="1")
                                for c in payload])
        return _json_parts({})
