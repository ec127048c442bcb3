"""Recovery of a damaged rules cache: one at a time, only on SQLite's verdict, keeping what can be kept.

Why a module of its own: many requests can meet the same damage at once. If each started its own rebuild they
would set each other's fresh files aside and leave the cache with nothing (it happened). So one recovery runs
at a time behind a lock; requests that arrive during it wait (with a bound) and are then answered from the
recovered cache. Recovery first asks SQLite itself (``PRAGMA quick_check`` on a connection of its own): a file
SQLite finds healthy is only reopened, never set aside. A damaged one is kept under a unique name, whatever
still reads back whole from it (editions, cached cards and rulings) is copied into the new cache, the shipped
editions are restored, and the current Comprehensive Rules are downloaded again in the background when they
could not be kept; cards that were lost are fetched again as they are asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.render.marks import valid_text
from bot.render.reply import Reply, error_reply
from bot.store import Store, StoreDamaged, StoreError, StoreInputError, StoreLocked, StoreUnavailable

log = logging.getLogger("drawjudge.recovery")

WAIT_BOUND = 20.0  # seconds a request waits for a recovery in progress before it is told to ask again

Redownload = Callable[[], Awaitable[Any]]


class CacheRecovery:
    def __init__(self, store: Store, redownload: Redownload | None = None, wait_bound: float = WAIT_BOUND) -> None:
        self.store = store
        self.redownload = redownload
        self.wait_bound = wait_bound
        self.generation = 0  # how many recoveries have finished; a request remembers the one it started under
        self.notice = ""
        self._lock = asyncio.Lock()
        self._background: set[asyncio.Task[Any]] = set()

    @property
    def active(self) -> bool:
        return self._lock.locked()

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """Hold the recovery lock, waiting for it at most ``wait_bound`` seconds."""
        try:
            async with asyncio.timeout(self.wait_bound):
                await self._lock.acquire()
        except TimeoutError:
            raise StoreUnavailable("the rules cache is being repaired; ask again in a moment") from None
        try:
            yield
        finally:
            self._lock.release()

    async def wait(self) -> None:
        """Wait for a recovery in progress (bounded)."""
        if self._lock.locked():
            async with self._turn():
                pass

    async def recover(self, seen_generation: int, problem: str) -> str:
        """Recover once for everyone: a request that saw the damage before another recovery finished gets
        that recovery's notice. Returns the notice to show with the answer ("" when nothing was lost)."""
        async with self._turn():
            if self.generation != seen_generation:
                return self.notice
            self.notice = await self._recover(problem)
            self.generation += 1
            return self.notice

    async def _recover(self, problem: str) -> str:
        from bot.rules.update import ensure_shipped_editions

        verdict = await self.store.file_verdict()
        if verdict == "ok":
            log.warning("a request met %s, but SQLite finds the file healthy: reopening it", problem)
            await self.store.reopen()
            return ""
        if verdict == "missing":
            await self.store.reopen()  # a new, empty cache at the same place
            kept = ""
        else:
            moved = await self.store.rebuild()
            kept = f" (the damaged file was kept as {moved})" if moved else ""
            if moved:
                salvaged = await self.store.salvage(Path(self.store.path).with_name(moved))
                kept += f"; salvaged from it: {', '.join(salvaged) or 'nothing'}"
        await ensure_shipped_editions(self.store)
        log.warning("rules cache recovered after %s%s", problem, kept)
        if await self._has_current_rules():
            return ("The rules cache was damaged and has been rebuilt; everything that could still be read was "
                    "kept, the current Comprehensive Rules included.")
        downloading = ""
        if self.redownload is not None:
            task = asyncio.create_task(self._redownload())
            self._background.add(task)
            task.add_done_callback(self._background.discard)
            downloading = " The current Comprehensive Rules are being downloaded again."
        return ("The rules cache was damaged and has been rebuilt: the 2008, 1999 and Grand Archive drawing rules "
                "work now." + (downloading or " The current Comprehensive Rules need `drawjudge rules update`."))

    async def _has_current_rules(self) -> bool:
        try:
            return (await self.store.edition()).kind == "cr"
        except StoreError:
            return False

    async def _redownload(self) -> None:
        assert self.redownload is not None
        try:
            await self.redownload()
        except Exception as exc:  # the notice already told the user how to load the rules by hand
            log.warning("re-download after recovery failed: %s", exc)

    async def settled(self) -> None:
        """Wait for the background work a recovery started (the re-download)."""
        await asyncio.gather(*list(self._background), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)


# ----------------------------------------------------------------------------- answering through recovery

def valid_arg(value: Any) -> Any:
    return valid_text(value) if isinstance(value, str) else value


def recovering(method: Callable[..., Awaitable[Reply]]) -> Callable[..., Awaitable[Reply]]:
    """Answer through the cache's troubles: damage (SQLite's verdict only) is recovered once for every waiting
    request and the answer says what was rebuilt; a request that meets a recovery in progress waits for it;
    a lock, a shutdown or bad input gives a plain "try again" or "retype" answer. Nothing is deleted."""
    import functools

    @functools.wraps(method)
    async def wrapper(self: Any, *args: Any, **kwargs: Any) -> Reply:
        args = tuple(valid_arg(a) for a in args)
        kwargs = {k: valid_arg(v) for k, v in kwargs.items()}
        seen = self.recovery.generation
        notice = ""
        try:
            await self.recovery.wait()
            return await method(self, *args, **kwargs)
        except StoreLocked as exc:
            return error_reply(f"{exc}.", "ask again in a few seconds")
        except StoreInputError as exc:
            return error_reply(f"{exc}.", "type the text again without the broken character")
        except StoreUnavailable as exc:
            if not self.recovery.active and self.recovery.generation == seen:
                return error_reply(f"{exc}.", "ask again in a moment")
            await self.recovery.wait()  # the cache was closed by a recovery: answer from the recovered one
        except StoreDamaged as exc:
            notice = await self.recovery.recover(seen, str(exc))
        try:
            reply = await method(self, *args, **kwargs)
        except StoreError as exc:
            return error_reply(f"{notice} The rules cache could not be read.".strip(), "ask again in a moment",
                               f"{exc}; run `drawjudge rules update` to download the rules again")
        return with_notice(reply, notice) if notice else reply

    return wrapper


def with_notice(reply: Reply, notice: str) -> Reply:
    return dataclasses.replace(reply, notice=notice)
