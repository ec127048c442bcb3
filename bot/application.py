"""The application's services, opened together and closed together: the cache, the card rulings, the cache's
recovery, the background rules download, the judge and (for the bot) the engine's worker processes.

Why one owner: the bot, the console, ``ask``, the CLI's look-ups and ``resolve`` each opened and closed these
by hand, in different orders; now each front end opens an ``Application`` and the bot, which owns it, closes it
when its connection is closed (the cache last, so closing never looks like damage).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.cards.rulings import NETWORK_BUDGET, RulingsService
from bot.commands import Services
from bot.config import Config
from bot.draw.engine_pool import EnginePool, EngineRunner
from bot.recovery import CacheRecovery
from bot.rules.bootstrap import RulesBootstrap
from bot.rules.update import ensure_shipped_editions
from bot.service import Judge
from bot.sources.scryfall import BUDGET as SCRYFALL_BUDGET
from bot.store import Store, StoreDamaged
from engine.cards import default_cards

log = logging.getLogger("drawjudge")


async def open_store(config: Config) -> Store:
    """Open the cache. Only SQLite's verdict of damage sets a file aside (kept, under a unique name) and
    rebuilds the cache from shipped data, loudly; a read-only file is served read-only, a newer schema refused."""
    store = Store(config.db_path)
    try:
        await store.open()
    except StoreDamaged as exc:
        moved = await store.rebuild()
        salvaged = await store.salvage(Path(config.db_path).with_name(moved)) if moved else []
        kept = f"; kept from it: {', '.join(salvaged)}" if salvaged else ""
        print(f"warning: {exc}; the file was set aside as {moved} next to {config.db_path} and the cache rebuilt "
              f"from the data shipped with drawjudge{kept}. Run `drawjudge rules update` to download the current "
              "rules again if they are missing.", file=sys.stderr)
    if store.read_only:
        print(f"note: {config.db_path} is read-only: answering from it as it is, without downloads or updates.",
              file=sys.stderr)
    else:
        if store.in_memory:
            print(f"warning: {store.degraded}; nothing learned while running is kept (DRAWJUDGE_DB names the "
                  "cache file).", file=sys.stderr)
        await ensure_shipped_editions(store)
    return store


@dataclass
class Application:
    config: Config
    store: Store
    rulings: RulingsService
    recovery: CacheRecovery
    rules: RulesBootstrap
    judge: Judge
    pool: EnginePool | None = None
    _closing: asyncio.Future[None] | None = field(default=None, repr=False)

    @classmethod
    async def open(cls, config: Config, *, one_shot: bool = False) -> Application:
        """``one_shot``: one question and the process ends (``ask``, the CLI's look-ups), so a card fetch from
        Scryfall is waited for (up to its own bound) instead of finishing in the background for a next
        question that won't come."""
        store = await open_store(config)
        rules = RulesBootstrap(store, config)
        recovery = CacheRecovery(store, redownload=rules.run)
        rulings = RulingsService(store, config, budget=SCRYFALL_BUDGET if one_shot else NETWORK_BUDGET,
                                 recovery=recovery)
        judge = Judge(store, card_lookup=rulings.oracle_text, recovery=recovery, card_face=rulings.face,
                      engine=EngineRunner(default_cards(), config.engine_budget))
        return cls(config, store, rulings, recovery, rules, judge)

    @property
    def services(self) -> Services:
        """What the commands answer with (every front end's commands, from the registry)."""
        return Services(self.judge, self.rulings.reply, self.rulings.names)

    async def start_engine_pool(self) -> EnginePool | None:
        """The engine's worker processes for the bot; if they can't start, the bot still answers, with the
        engine on a thread (same answers and budget, but a heavy question then slows the others)."""
        pool: EnginePool | None = None
        try:
            pool = EnginePool(self.judge.cards, self.config.engine_workers, self.config.engine_budget)
            await asyncio.wait_for(pool.start(), 30)
        except Exception as exc:  # noqa: BLE001 - any failure to start processes leaves the thread engine
            log.error("the engine's worker processes did not start (%s): the engine runs on a thread", exc)
            if pool is not None:
                await pool.close()
            return None
        self.judge.engine = self.pool = pool
        log.info("engine: %d worker process(es), %.1f s per question", pool.workers, pool.budget)
        return pool

    async def close(self) -> None:
        """Close everything once, the cache last; a second call waits for the first to finish (the bot closes
        the application from its stop signal while the runner's own ``finally`` closes it too)."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        await self.rules.close()
        if self.pool is not None:
            await self.pool.close()
        await self.rulings.close()
        await self.recovery.close()
        await self.store.close()
