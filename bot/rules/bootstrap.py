"""The first run: getting the current Comprehensive Rules into the cache without ever making anyone wait.

Why: on a machine without network (or behind a host that accepts connections and never answers), a start
that waited for the download held the console and every look-up for half a minute, then said only
``TimeoutError:``. The download now runs in the background with short bounds, the look-ups answer at once
from what the cache has, a failure says in one sentence where the file comes from and the command that loads
it (as it can be typed on this machine), and a failed download is not tried again on every start: the next
try waits longer after each failure (kept in the cache, so restarts don't reset it).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shlex
import shutil
import sys
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import DEFAULT_RULES_PAGE, Config
from bot.rules.update import RulesUpdateError, UpdateResult, update_from_publisher
from bot.store import NoCurrentRules, Store, StoreError

log = logging.getLogger("drawjudge")

FAILED_KEY = "rules_download_failed"  # {"at": ISO time, "failures": n}
FIRST_BACKOFF = timedelta(minutes=10)
MAX_BACKOFF = timedelta(hours=24)
DOWNLOAD_TIMEOUT = 20.0  # total seconds for the page and the file (each connect and read is bounded at 5 s)


def drawjudge_command() -> str:
    """How to run drawjudge as it can be typed here: ``drawjudge`` when it is on PATH, else the script in this
    Python's environment, relative to the current folder when it is below it (``.venv/bin/drawjudge``)."""
    if shutil.which("drawjudge"):
        return "drawjudge"
    script = Path(sys.prefix) / "bin" / "drawjudge"
    try:
        return shlex.quote(os.path.relpath(script) if script.resolve().is_relative_to(Path.cwd()) else str(script))
    except (OSError, ValueError):
        return shlex.quote(str(script))


def load_rules_hint() -> str:
    """Where the rules file comes from and the command that loads it, as printed."""
    return (f"download the rules as a TXT file from {DEFAULT_RULES_PAGE} (the “TXT” link), then run "
            f"`{drawjudge_command()} rules update --file PATH` with the path of that file")


def rules_missing_for_player(reason: str = "") -> str:
    """The same news in a player's words: no command a player can't run."""
    why = " (the download failed)" if reason else ""
    return (f"The current Comprehensive Rules are not loaded on this bot yet{why}. The 2008 and 1999 rules and "
            "Grand Archive work meanwhile.")


def no_rules_sentence(reason: str = "") -> str:
    why = f" (the download failed: {reason})" if reason else ""
    return (f"The current Comprehensive Rules are not in the cache yet{why}. The 2008 and 1999 rules and Grand "
            f"Archive work offline. To load the current rules, {load_rules_hint()}.")


def _backoff(failures: int) -> timedelta:
    return min(MAX_BACKOFF, FIRST_BACKOFF * (2 ** max(0, failures - 1)))


Downloader = Callable[[Store, Config], Awaitable[UpdateResult]]


async def _publisher(store: Store, config: Config) -> UpdateResult:
    return await update_from_publisher(store, config.rules_page, timeout=min(config.http_timeout, DOWNLOAD_TIMEOUT),
                                       extra_hosts=config.rules_hosts)


class RulesBootstrap:
    """Downloads the current CR when the cache lacks it, in the background, at most once per back-off."""

    def __init__(self, store: Store, config: Config, download: Downloader = _publisher) -> None:
        self.store = store
        self.config = config
        self.download = download
        self.task: asyncio.Task[str | None] | None = None

    async def _last_failure(self) -> tuple[datetime, int] | None:
        """When the last automatic download failed and how many have failed in a row (None: no failure kept,
        or a note this version can't read, which counts as none)."""
        raw = await self.store.meta(FAILED_KEY)
        try:
            failed = json.loads(raw) if raw else None
            return (datetime.fromisoformat(failed["at"]), int(failed["failures"])) if failed else None
        except (ValueError, KeyError, TypeError):
            return None

    async def wait_left(self) -> timedelta:
        """How long until the next automatic download may be tried (zero: now)."""
        failed = await self._last_failure()
        if failed is None:
            return timedelta(0)
        at, failures = failed
        return max(timedelta(0), at + _backoff(failures) - datetime.now(UTC))

    async def needed(self) -> bool:
        if self.store.read_only:
            return False
        try:
            await self.store.edition(None, "mtg")
            return False
        except NoCurrentRules:
            return True

    def start(self) -> asyncio.Task[str | None]:
        """Begin in the background; the task's result is the note to show (None when nothing was needed)."""
        self.task = asyncio.create_task(self.run())
        return self.task

    async def run(self) -> str | None:
        try:
            if not await self.needed():
                return None
            left = await self.wait_left()
            if left > timedelta(0):
                minutes = max(1, round(left.total_seconds() / 60))
                return no_rules_sentence() + f" (The next automatic download is in about {minutes} min.)"
            try:
                result = await self.download(self.store, self.config)
            except (RulesUpdateError, StoreError, OSError, TimeoutError) as exc:
                reason = str(exc) or type(exc).__name__
                await self._failed()
                log.warning("rules download failed: %s", reason)
                return no_rules_sentence(reason)
            await self.store.set_meta(FAILED_KEY, None)
            return result.message
        except StoreError as exc:  # the cache itself: said, never raised into the bot's start
            return f"The rules cache could not be checked ({exc})."

    async def _failed(self) -> None:
        failed = await self._last_failure()
        failures = failed[1] if failed else 0
        await self.store.set_meta(FAILED_KEY, json.dumps({"at": datetime.now(UTC).isoformat(),
                                                          "failures": failures + 1}))

    async def close(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing: the outcome no longer matters
                pass
