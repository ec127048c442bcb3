"""The cards half of the store: cached Scryfall cards and rulings, and the application's notes.

Why apart from the rules half: cards and rulings are fetched one at a time as players name them, kept with
their fetch dates, and a row that doesn't decode is dropped and fetched again; the rules half holds whole
editions written at once. Both are SQL of the one cache file (the store is the only code that speaks SQL).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import sqlite3
from typing import Any

from bot.store.cachefile import CacheFile
from bot.store.errors import StoreError
from bot.store.guard import decoded, guarded, now_stamp

_WORD_RX = re.compile(r"\w+", re.UNICODE)
log = logging.getLogger("drawjudge.store")


class CardCache(CacheFile):
    """Cards, rulings and notes in the cache file; ``Store`` adds the rules."""

    @guarded
    async def meta(self, key: str) -> str | None:
        """A note the application keeps in the cache (such as when a download last failed)."""
        rows = await self._rows("SELECT value FROM meta WHERE key = ?", (f"app:{key}",))
        return str(rows[0][0]) if rows else None

    @guarded
    async def set_meta(self, key: str, value: str | None) -> None:
        self._writable()
        if value is None:
            await self.db.execute("DELETE FROM meta WHERE key = ?", (f"app:{key}",))
        else:
            await self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"app:{key}", value))
        await self.db.commit()

    @guarded
    async def put_card(self, card: dict[str, Any], fetched_at: str | None = None) -> None:
        self._writable()
        name = str(card["name"])
        await self.db.execute(
            "INSERT OR REPLACE INTO cards (name_key, name, oracle_id, payload, fetched_at) VALUES (?, ?, ?, ?, ?)",
            (card_key(name), name, card.get("oracle_id"), json.dumps(card, ensure_ascii=False),
             fetched_at or now_stamp()),
        )
        await self.db.commit()

    @guarded
    async def get_card(self, name: str) -> tuple[dict[str, Any], str] | None:
        rows = await self._rows("SELECT payload, fetched_at FROM cards WHERE name_key = ?",
                                              (card_key(name),))
        if not rows:
            return None
        card = decoded(rows[0][0], dict)
        if card is None or "name" not in card:
            await self._drop_bad_row("cards", "name_key", card_key(name))
            return None
        return card, rows[0][1]

    async def _drop_bad_row(self, table: str, column: str, key: str) -> None:
        """A cached row that doesn't decode is dropped (it is fetched again), never served and never fatal: one
        bad row used to fail that card's /ruling until its time to live ran out."""
        log.warning("a cached row of %s did not decode; it was dropped and will be fetched again", table)
        if self.read_only:
            return
        with contextlib.suppress(sqlite3.Error, StoreError):
            await self.db.execute(f"DELETE FROM {table} WHERE {column} = ?", (key,))
            await self.db.commit()

    @guarded
    async def card_names(self, prefix: str = "", limit: int = 25) -> list[str]:
        key = card_key(prefix)
        pattern = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = await self._rows(
            "SELECT name FROM cards WHERE name_key LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?", (pattern, limit))
        return [r[0] for r in rows]

    @guarded
    async def put_rulings(self, oracle_key: str, rulings: list[dict[str, Any]], fetched_at: str | None = None) -> None:
        self._writable()
        await self.db.execute(
            "INSERT OR REPLACE INTO rulings (oracle_key, payload, fetched_at) VALUES (?, ?, ?)",
            (oracle_key, json.dumps(rulings, ensure_ascii=False), fetched_at or now_stamp()),
        )
        await self.db.commit()

    @guarded
    async def get_rulings(self, oracle_key: str) -> tuple[list[dict[str, Any]], str] | None:
        rows = await self._rows("SELECT payload, fetched_at FROM rulings WHERE oracle_key = ?",
                                              (oracle_key,))
        if not rows:
            return None
        rulings = decoded(rows[0][0], list)
        if rulings is None:
            await self._drop_bad_row("rulings", "oracle_key", oracle_key)
            return None
        return [r for r in rulings if isinstance(r, dict)], rows[0][1]

    @guarded
    async def bulk_load(self, cards: list[dict[str, Any]], rulings: dict[str, list[dict[str, Any]]]) -> tuple[int, int]:
        """Many cards and rulings in one transaction (Scryfall's bulk files)."""
        self._writable()
        now = now_stamp()
        db = self.db
        try:
            await db.execute("BEGIN IMMEDIATE")
            await db.executemany(
                "INSERT OR REPLACE INTO cards (name_key, name, oracle_id, payload, fetched_at) VALUES (?, ?, ?, ?, ?)",
                [(card_key(c["name"]), c["name"], c.get("oracle_id"), json.dumps(c, ensure_ascii=False), now)
                 for c in cards])
            await db.executemany(
                "INSERT OR REPLACE INTO rulings (oracle_key, payload, fetched_at) VALUES (?, ?, ?)",
                [(k, json.dumps(v, ensure_ascii=False), now) for k, v in rulings.items()])
            await db.commit()
        except BaseException:
            await db.rollback()
            raise
        return len(cards), len(rulings)


def card_key(name: str) -> str:
    """Card names compared without case, punctuation or extra spaces ("jace, wielder" = "Jace Wielder")."""
    return " ".join(_WORD_RX.findall(name.lower().replace("’", "'").replace("'", "")))
