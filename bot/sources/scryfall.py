"""The Scryfall client: cards by name, autocomplete, rulings, politely.

Why these rules: Scryfall asks API users for a descriptive User-Agent and an Accept header and at most about
10 requests a second, and it answers 429 when pushed. One limiter serves the whole process; 429 and 5xx are
retried with backoff (honouring Retry-After); a 404 becomes an error that suggests names.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode, urlparse

from bot.sources import fetch
from bot.sources.fetch import FetchError
from bot.sources.urls import hosts_of

if TYPE_CHECKING:  # aiohttp is imported where something is downloaded (about 120 ms a start)
    import aiohttp

USER_AGENT = "drawjudge/0.1 (Discord judge bot; +https://github.com/drawjudge/drawjudge)"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
MAX_PER_SECOND = 10
RETRIES = 4
# A card or rulings answer is a few KB (the largest real ones about 30 KB): 2 MB leaves room and bounds the time
# reading one holds the interpreter (8 MB took about 60 ms, during which no other answer moved).
MAX_BYTES = 2 * 1024 * 1024
BUDGET = 8.0  # seconds for one request with all its retries
MAX_RULINGS = 200  # rulings kept per card (the most any real card has is a few dozen)
PARSE_OFF_LOOP = 256 * 1024  # answers larger than this are parsed on a thread, not on the event loop
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_RULINGS_PATH = re.compile(r"/cards/" + _UUID.pattern + r"/rulings")


class ScryfallError(RuntimeError):
    """Scryfall could not answer (unreachable, 5xx after retries, malformed answer)."""


class CardNotFound(ScryfallError):
    def __init__(self, name: str, suggestions: list[str]) -> None:
        hint = f"; did you mean {', '.join(suggestions[:5])}?" if suggestions else ""
        super().__init__(f"no card named {name!r}{hint}")
        self.name = name
        self.suggestions = suggestions


class RateLimiter:
    """At most ``rate`` starts a second, shared by every caller in the process."""

    def __init__(self, rate: float = MAX_PER_SECOND) -> None:
        self.interval = 1.0 / rate
        self._next = 0.0
        self._lock: asyncio.Lock | None = None

    async def wait(self) -> None:
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            now = time.monotonic()
            delay = self._next - now
            if delay > 0:
                await asyncio.sleep(delay)
                now = time.monotonic()
            self._next = max(now, self._next) + self.interval


LIMITER = RateLimiter()


@dataclass
class ScryfallClient:
    base_url: str = "https://api.scryfall.com"
    timeout: float = 10.0
    limiter: RateLimiter = LIMITER
    session: aiohttp.ClientSession | None = None
    backoff: float = 0.5
    budget: float = BUDGET

    async def __aenter__(self) -> ScryfallClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()
            self.session = None

    def _session(self) -> aiohttp.ClientSession:
        if self.session is None or self.session.closed:
            self.session = fetch.session(self.timeout, USER_AGENT, ACCEPT)
        return self.session

    async def get_json(self, url: str) -> tuple[int, Any]:
        """GET with the limiter and retries, all inside ``budget`` seconds; returns (status, parsed JSON) for
        200 and 404. Only the configured base is ever asked (redirects elsewhere are refused)."""
        allowed = hosts_of(self.base_url)
        deadline = time.monotonic() + self.budget
        last = ""
        for attempt in range(RETRIES + 1):
            await self.limiter.wait()
            try:
                got = await fetch.get(self._session(), url, allowed=allowed, max_bytes=MAX_BYTES)
            except FetchError as exc:
                last = str(exc).split(": ", 1)[-1]
                if not exc.refused and attempt < RETRIES and time.monotonic() + self.backoff * 2**attempt < deadline:
                    await asyncio.sleep(self.backoff * 2**attempt)
                    continue
                raise ScryfallError(f"Scryfall could not be reached ({last})") from exc
            status = got.status
            if status == 429 or status >= 500:
                last = f"HTTP {status}"
                retry_after = got.headers.get("Retry-After")
                wait = float(retry_after) if retry_after and retry_after.replace(".", "", 1).isdigit() \
                    else self.backoff * 2**attempt
                wait = min(wait, 10.0)
                if attempt < RETRIES and time.monotonic() + wait < deadline:
                    await asyncio.sleep(wait)
                    continue
                raise ScryfallError(f"Scryfall answered {last} after {attempt + 1} tries")
            try:
                data = await _parse(got.body)
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise ScryfallError(f"Scryfall sent something that is not JSON (HTTP {status})") from exc
            if status not in (200, 404):
                raise ScryfallError(f"Scryfall answered HTTP {status}")
            return status, data
        raise ScryfallError(f"Scryfall could not answer ({last})")

    async def card_named(self, name: str, *, fuzzy: bool = False) -> dict[str, Any]:
        query = urlencode({"fuzzy" if fuzzy else "exact": name})
        status, data = await self.get_json(f"{self.base_url}/cards/named?{query}")
        if status == 404:
            if not fuzzy:
                return await self.card_named(name, fuzzy=True)
            raise CardNotFound(name, await self.autocomplete(name))
        if not isinstance(data, dict) or data.get("object") != "card" or "name" not in data:
            raise ScryfallError("Scryfall's card answer has an unexpected shape")
        return data

    async def autocomplete(self, query: str) -> list[str]:
        if len(query.strip()) < 2:
            return []
        status, data = await self.get_json(f"{self.base_url}/cards/autocomplete?{urlencode({'q': query})}")
        if status != 200 or not isinstance(data, dict) or not isinstance(data.get("data"), list):
            return []
        return [str(x) for x in data["data"]][:20]

    async def rulings(self, card: dict[str, Any]) -> list[dict[str, Any]]:
        # The card's rulings_uri names scryfall.com; its path is kept only in Scryfall's own shape
        # (/cards/<uuid>/rulings) and always asked of the configured base, so a hostile card record can't send
        # the request anywhere else (``@host:port/...`` once did).
        path = urlparse(str(card.get("rulings_uri") or "")).path
        if not _RULINGS_PATH.fullmatch(path):
            card_id = str(card.get("id") or "")
            if not _UUID.fullmatch(card_id):
                raise ScryfallError("Scryfall's card answer has no usable rulings address")
            path = f"/cards/{card_id}/rulings"
        status, data = await self.get_json(f"{self.base_url}{path}")
        if status == 404:
            return []
        if not isinstance(data, dict) or not isinstance(data.get("data"), list):
            raise ScryfallError("Scryfall's rulings answer has an unexpected shape")
        # Bounded: an upstream answer with 50,000 rulings blocked the bot for 826 ms storing and showing them.
        return [r for r in data["data"][:MAX_RULINGS * 2] if isinstance(r, dict) and "comment" in r][:MAX_RULINGS]


async def _parse(body: bytes) -> Any:
    """JSON from an answer; a big one off the event loop (reading megabytes holds it for tens of ms)."""
    if len(body) > PARSE_OFF_LOOP:
        return await asyncio.to_thread(lambda: json.loads(body.decode("utf-8")))
    return json.loads(body.decode("utf-8"))
