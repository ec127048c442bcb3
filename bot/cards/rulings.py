"""Card rulings and Oracle texts: served from the SQLite cache, filled on demand from Scryfall.

Why cache-first: "what are the rulings on Notion Thief?" comes up at every table, Scryfall asks clients to
cache, and the bot must keep answering when Scryfall is down. Fresh entries are served as they are; stale
ones are served at once and refreshed in the background; when Scryfall cannot be reached the cached copy is
served with a note. A failed refresh never deletes anything.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from rapidfuzz import fuzz, process, utils

from bot.answers import Rulings
from bot.cards.lookup import PRELOAD_HINT, CardsOffline, LookupUnavailable
from bot.config import Config
from bot.recovery import CacheRecovery, recovering
from bot.render.marks import Said, valid_text, words
from bot.render.reply import Reply, error_reply
from bot.sources.scryfall import CardNotFound, ScryfallClient, ScryfallError
from bot.sources.urls import public_url
from bot.store import Store, StoreError
from bot.store.card_cache import card_key
from engine.cards import scryfall_card_text, scryfall_mana_cost

log = logging.getLogger("drawjudge.rulings")
T = TypeVar("T")

# Seconds a command waits for Scryfall before it answers without it (Discord wants an answer within 3 s).
NETWORK_BUDGET = 2.0


OFFLINE_FOR = 60.0  # seconds after Scryfall failed to answer during which uncached cards are not asked for


class ScryfallOffline(ScryfallError):
    """Scryfall failed to answer moments ago: an uncached card is answered at once, without asking again."""


class LookupPending(LookupUnavailable):
    """A card is being fetched but did not arrive within the budget; ask again in a moment."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass
class Cached:
    value: Any
    fetched_at: str
    note: str = ""


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _age(fetched_at: str) -> timedelta:
    try:
        then = datetime.strptime(fetched_at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return timedelta.max
    return datetime.now(UTC) - then


class RulingsService:
    def __init__(self, store: Store, config: Config | None = None, client: ScryfallClient | None = None,
                 ttl: timedelta | None = None, budget: float = NETWORK_BUDGET,
                 recovery: CacheRecovery | None = None) -> None:
        self.store = store
        # The cache's one recovery, shared with the judge: /ruling meets damage like every other command.
        self.recovery = recovery or CacheRecovery(store)
        base = config.scryfall_api if config else "https://api.scryfall.com"
        self.client = client or ScryfallClient(base_url=base, timeout=config.http_timeout if config else 10.0)
        self.ttl = ttl if ttl is not None else (config.cache_ttl if config else timedelta(days=7))
        self._refreshing: set[asyncio.Task[Any]] = set()
        self.budget = budget
        self._offline_until = 0.0  # time.monotonic() before which Scryfall is taken as unreachable

    def _note_failure(self, job: asyncio.Future[Any]) -> None:
        """A background fetch that ended: its failure, if any, is remembered (and so retrieved)."""
        if not job.cancelled():
            self._unreachable(job.exception())

    def _unreachable(self, exc: BaseException | None) -> None:
        """Remember a failure to reach Scryfall (not "no such card"): for ``OFFLINE_FOR`` s uncached cards are
        answered at once from the cache instead of waiting on the network again."""
        if isinstance(exc, ScryfallError) and not isinstance(exc, CardNotFound):
            self._offline_until = time.monotonic() + OFFLINE_FOR

    @property
    def offline(self) -> bool:
        return time.monotonic() < self._offline_until

    async def close(self) -> None:
        for task in list(self._refreshing):
            task.cancel()
        await self.client.close()

    # --------------------------------------------------------------- cards

    async def card(self, name: str) -> Cached:
        """A card object by name: cache, else Scryfall (exact, then fuzzy)."""
        cached = await self.store.get_card(name)
        if cached is not None:
            card, fetched = cached
            if _age(fetched) > self.ttl:
                self._background(lambda: self._refresh_card(card["name"]))
                return Cached(card, fetched, "cached copy; a refresh from Scryfall was started")
            return Cached(card, fetched)
        try:
            if self.offline:
                raise ScryfallOffline("Scryfall could not be reached a moment ago")
            card = await self.client.card_named(name)
        except CardNotFound:
            raise
        except ScryfallError as exc:
            self._unreachable(exc)
            near = await self._cached_near(name)
            if near is not None:
                card, fetched = near
                return Cached(card, fetched, f"Scryfall could not be reached ({exc}); showing the cached card")
            raise
        await self._save(self.store.put_card(card), f"card {card['name']}")
        return Cached(card, _now())

    async def _nearest_cached(self, name: str, limit: int) -> tuple[list[tuple[str, float]], int]:
        """The cached card names closest to ``name`` with their scores, and how many cards the cache has."""
        names = await self.store.card_names("", limit=100000)
        found = process.extract(name, names, scorer=fuzz.WRatio, processor=utils.default_process,
                                limit=limit) if names else []
        return [(n, score) for n, score, _i in found], len(names)

    async def _cached_near(self, name: str) -> tuple[dict[str, Any], str] | None:
        near, _total = await self._nearest_cached(name, 1)
        if near and near[0][1] >= 85:
            return await self.store.get_card(near[0][0])
        return None

    async def _refresh_card(self, name: str) -> None:
        card = await self.client.card_named(name)
        await self._save(self.store.put_card(card), f"card {card['name']}")
        await self._fetch_rulings(card)

    @staticmethod
    async def _save(write: Awaitable[None], what: str) -> None:
        """Keep what was fetched; a write the cache can't take (a full disk, a read-only file, a recovery in
        progress) is logged and the answer still given: it is fetched again next time."""
        try:
            await write
        except StoreError as exc:
            log.warning("could not cache %s: %s", what, exc)

    def _background(self, job: Callable[[], Awaitable[Any]]) -> None:
        """Run a refresh without making the caller wait; the coroutine is made only when the task starts."""

        async def guarded() -> None:
            try:
                await job()
            except Exception as exc:  # a failed refresh keeps the cached copy
                log.warning("background refresh failed: %s", exc)

        self._keep(asyncio.ensure_future(guarded()))

    def _keep(self, task: asyncio.Future[Any]) -> None:
        """Track background work until it ends (``close`` cancels it, ``wait_refreshes`` waits for it)."""
        self._refreshing.add(task)  # type: ignore[arg-type]
        task.add_done_callback(self._refreshing.discard)
        task.add_done_callback(lambda t: t.cancelled() or t.exception())  # retrieved: no "never retrieved" noise

    async def _within_budget(self, work: Awaitable[T]) -> T:
        """``work``'s result within ``budget`` seconds; past that, TimeoutError, while the work goes on in the
        background (a fetch that finishes fills the cache for the next question)."""
        job = asyncio.ensure_future(work)
        try:
            return await asyncio.wait_for(asyncio.shield(job), self.budget)
        except TimeoutError:
            self._keep(job)
            job.add_done_callback(self._note_failure)
            raise

    async def wait_refreshes(self) -> None:
        while self._refreshing:
            await asyncio.gather(*list(self._refreshing), return_exceptions=True)

    # ------------------------------------------------------------- rulings

    @staticmethod
    def _oracle_key(card: dict[str, Any]) -> str:
        return str(card.get("oracle_id") or card_key(card["name"]))

    async def _fetch_rulings(self, card: dict[str, Any]) -> list[dict[str, Any]]:
        rulings = await self.client.rulings(card)
        await self._save(self.store.put_rulings(self._oracle_key(card), rulings), f"the rulings of {card['name']}")
        return rulings

    async def rulings(self, card: dict[str, Any]) -> Cached:
        key = self._oracle_key(card)
        cached = await self.store.get_rulings(key)
        if cached is not None:
            rulings, fetched = cached
            if _age(fetched) > self.ttl:
                self._background(lambda: self._fetch_rulings(card))
                return Cached(rulings, fetched, "cached rulings; a refresh from Scryfall was started")
            return Cached(rulings, fetched)
        try:
            rulings = await self._fetch_rulings(card)
        except ScryfallError as exc:
            raise ScryfallError(f"the rulings of {card['name']} are not cached and Scryfall could not be reached "
                                f"({exc})") from exc
        return Cached(rulings, _now())

    # --------------------------------------------------------------- reply

    async def _card_and_rulings(self, name: str) -> tuple[Cached, Cached]:
        card = await self.card(name)
        return card, await self.rulings(card.value)

    @recovering
    async def reply(self, name: str, contains: str | None = None) -> Reply:
        """The rulings of a card, within ``budget`` seconds: what needs Scryfall and takes longer goes on in the
        background (its answer lands in the cache) while the user is told to ask again in a moment."""
        name = valid_text(name).strip()[:150]
        contains = valid_text(contains) if contains else contains
        if not name:
            return error_reply("Give a card name.", "/ruling card:Notion Thief")
        try:
            card, found = await self._within_budget(self._card_and_rulings(name))
        except TimeoutError:
            return error_reply(words("The rulings of “", Said(name, 150), "” are not cached yet and Scryfall is slow "
                                     "to answer; they are being fetched now."), "ask again in a few seconds",
                               "preload cards with `drawjudge cards load`")
        except CardNotFound as exc:
            return error_reply(words(Said(str(exc).capitalize(), 400), "."),
                               "check the spelling, or pick a name from the list")
        except ScryfallError as exc:
            return await self._offline_reply(name, exc)
        rulings = sorted(found.value, key=lambda r: str(r.get("published_at", "")), reverse=True)
        if contains:
            wanted = contains.lower().split()
            rulings = [r for r in rulings if all(w in str(r.get("comment", "")).lower() for w in wanted)]
        url = public_url(str(card.value.get("scryfall_uri") or ""))
        notes = "; ".join(n for n in (card.note, found.note) if n)
        said = tuple((str(r.get("published_at", "?")), str(r.get("comment", ""))) for r in rulings)
        return Reply(Rulings(str(card.value["name"]), url, said, found.fetched_at, notes, contains))

    async def _offline_reply(self, name: str, exc: ScryfallError) -> Reply:
        """Scryfall can't be reached: what the cache has (its size, the nearest names) and how to preload."""
        self._unreachable(exc)
        near, total = await self._nearest_cached(name, 3)
        nearest: list[str | Said] = []
        for i, (n, _score) in enumerate(near):
            nearest += [", " if i else "; the nearest: ", Said(n, 100)]
        return error_reply(words("“", Said(name, 150), "” is not in the card cache, and Scryfall can't be reached "
                                 "right now (", Said(str(exc), 200), f"). The card cache has {total:,} cards",
                                 *nearest, "."), "ask again later", PRELOAD_HINT)

    async def oracle_text(self, name: str) -> tuple[str, str, str, str] | None:
        """(real name, Oracle text, type line, mana cost) of a card, for cards the card data does not know. Past
        ``budget`` seconds it raises ``LookupPending`` and the fetch goes on in the background, so the next
        question finds it."""
        try:
            card = (await self._within_budget(self.card(valid_text(name)))).value
        except TimeoutError:
            raise LookupPending(name) from None
        except ScryfallOffline:
            raise CardsOffline(name) from None
        except ScryfallError as exc:
            if not isinstance(exc, CardNotFound) and self.offline:
                raise CardsOffline(name) from None
            return None
        name, text, type_line = scryfall_card_text(card)
        return (_card_name(name), text, type_line, scryfall_mana_cost(card))

    async def face(self, name: str) -> CardFace | None:
        """A card's mana cost and image link (Scryfall's ``image_uris``, the front face of a two-faced card),
        from the card record the look-ups fetch and cache; None when it can't be had within the budget."""
        try:
            card = (await self._within_budget(self.card(valid_text(name)))).value
        except (TimeoutError, ScryfallError):
            return None
        faces = card.get("card_faces") or []
        mana = card.get("mana_cost") or " // ".join(str(f.get("mana_cost", "")) for f in faces if f.get("mana_cost"))
        images = card.get("image_uris") or next((f.get("image_uris") for f in faces if f.get("image_uris")), None)
        image = public_url(str((images or {}).get("normal") or (images or {}).get("large") or ""))
        return CardFace(str(mana or ""), image)

    async def names(self, prefix: str) -> list[str]:
        """Autocomplete: cached names first, then Scryfall's (skipped when it is slow or down)."""
        cached = await self.store.card_names(prefix, limit=25)
        if len(cached) >= 25 or len(prefix.strip()) < 2:
            return cached[:25]
        try:
            remote = await asyncio.wait_for(self.client.autocomplete(prefix), 1.5)
        except (TimeoutError, ScryfallError):
            remote = []
        return list(dict.fromkeys(cached + remote))[:25]


@dataclass(frozen=True)
class CardFace:
    """What a card looks like: its mana cost ("{2}{U}{B}") and a link to its image (or None)."""

    mana_cost: str
    image: str | None


def _card_name(name: str) -> str:
    """A card name from Scryfall as the engine may use it: no real card name has markup or control characters,
    so a name that carries them (a hostile or broken upstream) loses them before it reaches any answer."""
    return "".join(ch for ch in name if ch.isprintable() and ch not in "*_~`|<>[]@#\\")[:150].strip()


def load_bulk_file(path: Path) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """Read a Scryfall bulk file: oracle cards (a list of card objects) or rulings (a list of rulings), or
    the {name: {"data": [...]}} shape of the test data."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not a readable JSON file ({exc})") from exc
    cards: list[dict[str, Any]] = []
    rulings: dict[str, list[dict[str, Any]]] = {}
    items = raw.get("data") if isinstance(raw, dict) and raw.get("object") == "list" else raw
    if isinstance(items, list):
        for item in items:
            if not isinstance(item, dict):
                continue
            if item.get("object") == "card" or ("name" in item and "oracle_text" in item):
                cards.append(item)
            elif item.get("object") == "ruling" or "comment" in item:
                key = str(item.get("oracle_id") or "")
                if key:
                    rulings.setdefault(key, []).append(item)
    elif isinstance(raw, dict):
        for name, value in raw.items():
            if isinstance(value, dict) and isinstance(value.get("data"), list):
                rulings[card_key(name)] = [r for r in value["data"] if isinstance(r, dict)]
    if not cards and not rulings:
        raise ValueError(f"{path}: no Scryfall cards or rulings found in it")
    return cards, rulings
