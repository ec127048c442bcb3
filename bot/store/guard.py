"""The guard around every store call: SQLite failures become store errors a front end can explain.

Why a module of its own: the rules half (``db.Store``) and the cards half (``card_cache.CardCache``) of the
store share it, and each keeps the file watched (a file deleted or truncated under the bot is written back)
before it reads.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

from bot.store.errors import StoreError, classify


def guarded(method: Any) -> Any:
    """Turn SQLite failures into store errors a front end can explain (never a traceback). Only SQLite's own
    verdict of damage becomes ``StoreDamaged``; bad input, a closed connection or a lock never do."""
    @functools.wraps(method)
    async def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        await self._watch_file()
        try:
            return await method(self, *args, **kwargs)
        except StoreError:
            raise
        except (sqlite3.Error, ValueError) as exc:
            raise classify(exc) from exc

    return wrapper


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def now_stamp() -> str:
    """The fetch date written with a cached row (UTC, seconds)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def decoded(raw: Any, kind: type) -> Any:
    """A JSON column's value when it decodes to ``kind``, else None (a damaged or hand-edited row)."""
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        return None
    return value if isinstance(value, kind) else None
