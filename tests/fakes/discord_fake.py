"""An in-process stand-in for Discord's REST side, and builders of raw ``INTERACTION_CREATE`` payloads.

Everything between the payload and the HTTP request is discord.py's own code (see
shared/docs/discord-testing.md): option parsing, transformers, autocomplete, views, response building. Only the
two HTTP choke points are replaced, and every request is recorded and checked against Discord's limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

APP_ID = 111111111111111111
GUILD_ID = 222222222222222222
CHANNEL_ID = 333333333333333333
USER = {"id": "444444444444444444", "username": "judge", "discriminator": "0", "avatar": None,
        "global_name": "Judge", "bot": True}
_ids = itertools.count(900000000000000000)


class LimitViolation(AssertionError):
    pass


def check_limits(payload: dict[str, Any]) -> None:
    """Discord's limits that discord.py does not enforce (it would answer 400)."""
    data = payload.get("data", payload)
    if not isinstance(data, dict):
        return
    content = data.get("content") or ""
    if len(content) > 2000:
        raise LimitViolation(f"content of {len(content)} characters")
    for embed in data.get("embeds") or []:
        total = len(embed.get("title") or "") + len(embed.get("description") or "")
        if len(embed.get("title") or "") > 256:
            raise LimitViolation("embed title over 256")
        if len(embed.get("description") or "") > 4096:
            raise LimitViolation("embed description over 4096")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise LimitViolation("more than 25 fields")
        for f in fields:
            if len(f["name"]) > 256 or len(f["value"]) > 1024:
                raise LimitViolation("field over its limit")
            total += len(f["name"]) + len(f["value"])
        footer = (embed.get("footer") or {}).get("text") or ""
        if len(footer) > 2048:
            raise LimitViolation("footer over 2048")
        total += footer.__len__()
        if total > 6000:
            raise LimitViolation(f"embed total {total} over 6000")
    choices = data.get("choices")
    if choices is not None:
        if len(choices) > 25:
            raise LimitViolation("more than 25 autocomplete choices")
        for c in choices:
            if not 1 <= len(c["name"]) <= 100:
                raise LimitViolation("choice name length")
    mentions = data.get("allowed_mentions")
    if data.get("content") is not None or data.get("embeds") is not None:
        if mentions is None or mentions.get("parse") != []:
            raise LimitViolation(f"reply without AllowedMentions.none(): {mentions}")


@dataclass
class Call:
    method: str
    path: str
    payload: Any
    at: float
    interaction_id: int | None = None


@dataclass
class FakeDiscord:
    calls: list[Call] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    events: dict[int, asyncio.Event] = field(default_factory=dict)
    answered: dict[int, asyncio.Event] = field(default_factory=dict)  # a response that is not only a deferral
    dispatched_at: dict[int, float] = field(default_factory=dict)

    def install(self, monkeypatch: Any) -> None:
        fake = self

        async def http_request(self_: HTTPClient, route: Any, **kwargs: Any) -> Any:
            return await fake.rest(route.method, route.path, kwargs.get("json"), route)

        async def webhook_request(self_: AsyncWebhookAdapter, route: Any, session: Any, **kwargs: Any) -> Any:
            payload = kwargs.get("payload")
            if payload is None and kwargs.get("multipart"):
                payload = json.loads(kwargs["multipart"][0]["value"])
            return await fake.webhook(route.method, route.url, payload, route)

        async def pipe_exchange(self_: Any, method: str, url: str, body: bytes, headers: Any) -> Any:
            """The answer pipe's own exchange (bot/discord/answer_pipe.py), used directly by the early
            acknowledgements and autocompletes: the third way out, recorded like the other two."""
            from multidict import CIMultiDict, CIMultiDictProxy

            from bot.discord.answer_pipe import PipeResponse

            parts = url.split("/api/v10", 1)[-1].split("?")[0].split("/")
            route = SimpleNamespace(webhook_id=parts[2], webhook_token=parts[3])
            data = await fake.webhook(method, url, json.loads(body) if body else None, route)
            headers_out = CIMultiDictProxy(CIMultiDict({"Content-Type": "application/json"}))
            return PipeResponse(200, "OK", headers_out, json.dumps(data).encode())

        monkeypatch.setattr(HTTPClient, "request", http_request)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)
        from bot.discord.answer_pipe import AnswerPipe

        monkeypatch.setattr(AnswerPipe, "exchange", pipe_exchange)

    async def rest(self, method: str, path: str, payload: Any, route: Any) -> Any:
        self.calls.append(Call(method, path, payload, time.perf_counter()))
        if path == "/users/@me":
            return dict(USER)
        if path == "/oauth2/applications/@me":
            return {"id": str(APP_ID), "name": "drawjudge", "icon": None, "description": "", "rpc_origins": [],
                    "bot_public": True, "bot_require_code_grant": False, "owner": dict(USER), "summary": "",
                    "verify_key": "0", "flags": 0, "team": None}
        if method == "PUT" and path.endswith("/commands"):
            # Discord answers every command with a description ("" for a context-menu command)
            self.commands = [dict(c, id=str(next(_ids)), application_id=str(APP_ID), version="1",
                                  description=c.get("description", "")) for c in payload]
            return self.commands
        return {}

    async def webhook(self, method: str, url: str, payload: Any, route: Any) -> Any:
        interaction_id = int(route.webhook_id) if "/interactions/" in url else None
        if payload is not None:
            check_limits(payload)
        call = Call(method, url, payload, time.perf_counter(), interaction_id)
        self.calls.append(call)
        message = {"id": str(next(_ids)), "channel_id": str(CHANNEL_ID), "type": 20, "content": "",
                   "author": dict(USER), "attachments": [], "embeds": (payload or {}).get("data", payload or {})
                   .get("embeds", []) if isinstance(payload, dict) else [], "mentions": [], "mention_roles": [],
                   "pinned": False, "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
                   "edited_timestamp": None, "flags": 0, "components": []}
        if interaction_id is not None:
            self.events.setdefault(interaction_id, asyncio.Event()).set()
            kind = payload.get("type") if isinstance(payload, dict) else None
            if kind not in DEFERRALS:
                self.answered.setdefault(interaction_id, asyncio.Event()).set()
            return {"interaction": {"id": str(interaction_id), "type": 2},
                    "resource": {"type": kind, "message": message}}
        # follow-ups: /webhooks/{app_id}/{token}
        token = str(route.webhook_token or "")
        if token.startswith("tok-"):
            iid = int(token[4:])
            self.followups.setdefault(iid, []).append(payload)
            self.events.setdefault(iid, asyncio.Event()).set()
            self.answered.setdefault(iid, asyncio.Event()).set()
        return message

    followups: dict[int, list[Any]] = field(default_factory=dict)

    def responses(self, interaction_id: int) -> list[Any]:
        return [c.payload for c in self.calls if c.interaction_id == interaction_id]

    async def wait(self, interaction_id: int, timeout: float = 5.0) -> None:
        event = self.events.setdefault(interaction_id, asyncio.Event())
        await asyncio.wait_for(event.wait(), timeout)


DEFERRALS = (5, 6)  # "thinking…" and a deferred update: an acknowledgement, not the answer


def member() -> dict[str, Any]:
    return {"user": {"id": "555555555555555555", "username": "player", "discriminator": "0", "avatar": None,
                     "global_name": "Player"},
            "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "permissions": "0",
            "flags": 0}


def interaction(kind: int, data: dict[str, Any], *, user_id: str | None = None) -> dict[str, Any]:
    iid = next(_ids)
    m = member()
    m["user"]["id"] = user_id or str(iid)  # a new user each time unless the test names one
    return {"id": str(iid), "application_id": str(APP_ID), "type": kind, "token": f"tok-{iid}", "version": 1,
            "attachment_size_limit": 8388608, "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
            "channel": {"id": str(CHANNEL_ID), "type": 0, "guild_id": str(GUILD_ID), "name": "rules",
                        "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
            "member": m, "data": data, "locale": "en-US", "guild_locale": "en-US", "app_permissions": "0",
            "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0}


def slash(name: str, user_id: str | None = None, **options: Any) -> dict[str, Any]:
    opts = []
    for key, value in options.items():
        kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
        opts.append({"name": key, "type": kind, "value": value})
    return interaction(2, {"id": str(next(_ids)), "name": name, "type": 1, "options": opts}, user_id=user_id)


def autocomplete(name: str, focused: str, value: str, **others: Any) -> dict[str, Any]:
    opts = [{"name": focused, "type": 3, "value": value, "focused": True}]
    opts += [{"name": k, "type": 3, "value": v} for k, v in others.items()]
    return interaction(4, {"id": str(next(_ids)), "name": name, "type": 1, "options": opts})


def button(custom_id: str, message: dict[str, Any] | None = None, *, user_id: str | None = None) -> dict[str, Any]:
    """A button press; ``user_id`` is who presses it (by default a new user, who is not the asker)."""
    payload = interaction(3, {"custom_id": custom_id, "component_type": 2}, user_id=user_id)
    payload["message"] = message or {
        "id": str(next(_ids)), "channel_id": str(CHANNEL_ID), "type": 20, "content": "", "author": dict(USER),
        "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
        "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
        "flags": 0, "components": []}
    return payload


async def dispatch(client: discord.Client, fake: FakeDiscord, payload: dict[str, Any], timeout: float = 5.0) -> list[Any]:
    """Feed a raw payload to the real parser and wait for the answer; returns what was sent for it."""
    iid = int(payload["id"])
    fake.dispatched_at[iid] = time.perf_counter()
    client._connection.parsers["INTERACTION_CREATE"](payload)
    await fake.wait(iid, timeout)
    if iid not in fake.answered:  # acknowledged first (a deferral): the answer follows, however loaded the machine
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(fake.answered.setdefault(iid, asyncio.Event()).wait(), timeout)
    await asyncio.sleep(0)
    return fake.responses(iid) + fake.followups.get(iid, [])
