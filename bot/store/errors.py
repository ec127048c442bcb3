"""What can go wrong with the cache, as types a front end can answer without a traceback.

Why a module of its own: the service, the CLI and the recovery code all catch these, and none of them should
import the SQL layer to do it. Why so many kinds: only one of them (``StoreDamaged``) may ever lead to the file
being set aside, and that verdict is SQLite's own (SQLITE_CORRUPT, SQLITE_NOTADB, ``PRAGMA quick_check``).
A bad character in a question, a closed connection during shutdown or a full disk are something else.
No message names the file's path: these texts can reach a Discord reply.
"""

from __future__ import annotations

import sqlite3


class StoreError(RuntimeError):
    """A store problem a user can act on (unknown edition, no rules yet...)."""


class NoCurrentRules(StoreError):
    """The cache has no current edition of a game's rules yet (first run without network)."""


class StoreDamaged(StoreError):
    """SQLite itself says the file is corrupt or not a database; recovery may set it aside."""


class StoreLocked(StoreError):
    """Another process holds the database lock longer than the busy timeout."""


class StoreUnavailable(StoreError):
    """The cache can't answer just now (closed while shutting down, an I/O error, being repaired): not damage."""


class StoreReadOnly(StoreUnavailable):
    """A write was asked of a cache that is served read-only."""


class StoreSchemaError(StoreError):
    """The file was written by a newer drawjudge (or is not our schema): refused, never rewritten."""


class StoreInputError(StoreError):
    """The text asked for can't be looked up (not valid Unicode): the user's error, not the file's."""


_DAMAGE_NAMES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_DAMAGE_TEXTS = ("database disk image is malformed", "file is not a database")


def is_damage(exc: BaseException) -> bool:
    """SQLite's own verdict that the file is damaged (by error code; by message when the code is unset)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name:
        return name.startswith(_DAMAGE_NAMES)
    return any(t in str(exc).lower() for t in _DAMAGE_TEXTS)


def classify(exc: BaseException) -> StoreError:
    """The store error a low-level failure stands for."""
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, UnicodeError):
        return StoreInputError("the text contains characters that are not valid Unicode; retype it")
    if is_damage(exc):
        return StoreDamaged(f"the rules cache is damaged ({exc})")
    text = str(exc).lower()
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return StoreLocked("the rules cache is locked by another process; try again in a moment")
    if name.startswith("SQLITE_READONLY") or "readonly" in text:
        return StoreReadOnly("the rules cache is read-only here, so it can't be changed")
    if "closed" in text or "no active connection" in text:
        return StoreUnavailable("the rules cache is closed (the bot is restarting); ask again in a moment")
    return StoreUnavailable(f"the rules cache could not be used just now ({exc})")
