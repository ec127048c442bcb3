"""The cache file itself: opening it the right way, and guarding it.

Why apart from the queries: the file is the cache's only copy, and what can happen to it (no write
permission, a newer schema, deleted under the running bot, damaged) is a concern of its own. ``CacheFile``
opens and closes, checks and migrates the schema, serves a read-only file read-only, writes a deleted file
back from the open connection, sets a damaged file aside under a unique name, and asks SQLite for its
verdict; ``Store`` adds the queries on top.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import errno
import logging
import os
import sqlite3
import stat
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

from bot.store.errors import (
    StoreDamaged,
    StoreError,
    StoreReadOnly,
    StoreSchemaError,
    StoreUnavailable,
    classify,
    is_damage,
)

log = logging.getLogger("drawjudge.store")

SCHEMA_VERSION = 3
# What each older schema version needs to become the current one (run after the CREATE IF NOT EXISTS script).
# 2 → 3: search is ranked from the in-memory index (bot/rules/index.py); the full-text tables kept a second
# copy of every rule's text (about 1 MB an edition) that nothing reads any more.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (),
    2: ("DROP TABLE IF EXISTS rules_fts", "DROP TABLE IF EXISTS glossary_fts"),
}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS editions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    effective_date TEXT,
    source TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    etag TEXT,
    last_modified TEXT,
    UNIQUE (game, name)
);
CREATE TABLE IF NOT EXISTS rules (
    id INTEGER PRIMARY KEY,
    edition_id INTEGER NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    number TEXT NOT NULL,
    key TEXT NOT NULL,
    parent TEXT,
    kind TEXT NOT NULL,
    section TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    examples TEXT NOT NULL DEFAULT '[]',
    sort_order INTEGER NOT NULL,
    UNIQUE (edition_id, key)
);
CREATE INDEX IF NOT EXISTS rules_parent ON rules (edition_id, parent, sort_order);
CREATE INDEX IF NOT EXISTS rules_section ON rules (edition_id, section, sort_order);
CREATE TABLE IF NOT EXISTS glossary (
    id INTEGER PRIMARY KEY,
    edition_id INTEGER NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    heading TEXT NOT NULL,
    terms TEXT NOT NULL,
    senses TEXT NOT NULL,
    obsolete INTEGER NOT NULL,
    sort_order INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS glossary_terms (
    edition_id INTEGER NOT NULL,
    term_key TEXT NOT NULL,
    glossary_id INTEGER NOT NULL REFERENCES glossary(id) ON DELETE CASCADE,
    PRIMARY KEY (edition_id, term_key, glossary_id)
);
CREATE TABLE IF NOT EXISTS cards (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    oracle_id TEXT,
    payload TEXT NOT NULL,
    fetched_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rulings (
    oracle_key TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    fetched_at TEXT NOT NULL
);
"""


def read_only_uri(path: str | Path, *, immutable: bool = False) -> str:
    """The SQLite URI that opens a file for reading only (never creating or changing it). ``immutable``: not
    even the ``-wal``/``-shm`` files a WAL database otherwise needs beside it (a read-only folder)."""
    return f"file:{quote(os.path.abspath(path))}?mode=ro" + ("&immutable=1" if immutable else "")


class Folder(enum.Enum):
    WRITABLE = "writable"
    READ_ONLY = "read-only"  # a read-only mount, no permission
    FULL = "full"  # no room (or a file-size limit): nothing can be written, though it could be


_FULL_ERRNOS = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}


def probe_folder(folder: Path) -> Folder:
    """Whether a file can be written in ``folder``: tried, not inferred from permission bits (a read-only
    mount, a full disk or a quota refuse what the bits allow, and root passes every bit check)."""
    probe = folder / f".drawjudge-probe-{os.getpid()}-{uuid.uuid4().hex[:6]}"
    try:
        try:
            with open(probe, "wb") as f:
                f.write(b"x" * 512)
        finally:
            with contextlib.suppress(OSError):
                os.remove(probe)
    except OSError as exc:
        return Folder.FULL if exc.errno in _FULL_ERRNOS else Folder.READ_ONLY
    return Folder.WRITABLE


_HEADER = b"SQLite format 3\x00"


def truncated(path: str) -> str:
    """Why the file on disk is shorter than its own header says it is ("" when it is not): cut to nothing, or
    to fewer pages than the header counts. SQLite reads such a file as empty or half-present and its own check
    may call it healthy (an empty file is a valid, empty database)."""
    try:
        with open(path, "rb") as f:
            header = f.read(100)
            size = os.fstat(f.fileno()).st_size
    except OSError:
        return ""
    if size == 0:
        return "the file is empty"
    if len(header) < 100 or not header.startswith(_HEADER):
        return ""  # not ours to judge here: SQLite's verdict decides
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96]  # the header's page count is current (SQLite 3.7.0 and later)
    if valid and pages and size < pages * page_size:
        return f"{size:,} bytes of {pages * page_size:,}"
    return ""


class CacheFile:
    """One SQLite cache file and its connection. Open with ``async with Store(path) as store``.

    The file is the cache's only copy, so the store guards it: a file without write permission is served
    read-only (never set aside), a newer schema is refused with a clear message, and a file deleted while the
    bot runs is written back from the open connection (which still holds every page) instead of vanishing at
    exit."""

    def __init__(self, path: str | Path, *, busy_timeout: float = 5.0) -> None:
        self.path = str(path)
        self.busy_timeout = busy_timeout
        self.read_only = False
        self.immutable = False  # read without -wal/-shm files (the folder can't be written)
        self.in_memory = False  # the file could not be used: the cache lives in memory until the bot stops
        self.degraded = ""  # why the cache is not the writable file it should be (said in /about and the log)
        self._db: aiosqlite.Connection | None = None
        self._checked_at = 0.0
        self._restoring: asyncio.Event | None = None  # set while a deleted file is being written back

    def _forget(self) -> None:
        """Drop what was read from the previous connection (the Store's caches)."""

    async def __aenter__(self) -> CacheFile:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _rows(self, sql: str, args: Any = ()) -> list[sqlite3.Row]:
        """Every row of a query, in one hop to the connection's thread."""
        return list(await self.db.execute_fetchall(sql, args))

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreUnavailable("the rules cache is closed (the bot is restarting); ask again in a moment")
        return self._db

    async def open(self) -> None:
        """Open the file, degrading rather than stopping the bot: a file that can't be written is read as it is
        (without WAL files when its folder can't be written either); a file that can't be opened or written at
        all (a folder that can't be created, a full disk) becomes an in-memory copy of whatever of it can be
        read. A newer schema and SQLite's verdict of damage are still raised (refused; set aside)."""
        self.read_only = self.immutable = self.in_memory = False
        self.degraded = ""
        if self.path == ":memory:":
            await self._connect()
            return
        folder = Path(self.path).parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            await self._open_in_memory(f"the cache folder can't be created ({exc.strerror or exc})")
            return
        exists = os.path.exists(self.path)
        state = probe_folder(folder)
        if state is Folder.FULL or (state is Folder.READ_ONLY and not exists):
            await self._open_in_memory("the disk is full" if state is Folder.FULL else "the cache folder can't be "
                                       "written")
            return
        if state is Folder.READ_ONLY:
            self.read_only = self.immutable = True
            self.degraded = "the cache folder is read-only: answering from the file as it is"
        else:
            self.read_only = self._file_is_read_only()
            if self.read_only:
                self.degraded = "the cache file is read-only: answering from it as it is"
        try:
            await self._connect()
        except StoreReadOnly:
            # A file we may not write (a read-only mount, another user's file) is served read-only.
            if self.read_only:
                raise
            self.read_only = True
            self.degraded = "the cache file is read-only: answering from it as it is"
            await self._connect()
        except StoreUnavailable as exc:
            # A full disk or an I/O error while preparing the file: answer from memory rather than not at all.
            await self._open_in_memory(f"the cache file can't be written ({exc})")
        if self.degraded:
            log.warning("%s", self.degraded)

    async def _open_in_memory(self, why: str) -> None:
        """A cache in memory, holding a copy of the file when it can still be read (else empty: the shipped
        editions are added by the caller). Writes land in memory and are lost when the bot stops."""
        self.read_only = self.immutable = False
        self.in_memory = True
        copied = await self._memory_copy()
        if not copied:
            self._db = await self._memory()
            await self._prepare(self._db)
        self.degraded = f"{why}: the cache is kept in memory " + (
            "(a copy of the file) " if copied else "") + "until the bot stops"
        log.warning("%s", self.degraded)

    async def _memory(self) -> aiosqlite.Connection:
        # check_same_thread off: a backup from another connection's thread writes into it
        db = await aiosqlite.connect(":memory:", timeout=self.busy_timeout, check_same_thread=False)
        db.row_factory = sqlite3.Row
        return db

    async def _memory_copy(self) -> bool:
        """Copy the file (read as it is on disk) into a memory connection; False when it can't be read."""
        if not os.path.exists(self.path):
            return False
        memory = await self._memory()
        try:
            source = await aiosqlite.connect(read_only_uri(self.path, immutable=True), uri=True)
            try:
                await source.backup(memory)
            finally:
                await source.close()
            await self._prepare(memory)
        except (sqlite3.Error, StoreError, OSError) as exc:
            log.warning("the cache file could not be copied into memory: %s", exc)
            await memory.close()
            return False
        self._db = memory
        return True

    def _file_is_read_only(self) -> bool:
        if self.path == ":memory:" or not os.path.exists(self.path):
            return False
        mode = os.stat(self.path).st_mode
        return not os.access(self.path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)

    async def _connect(self) -> None:
        try:
            if self.read_only:
                self._db = await aiosqlite.connect(read_only_uri(self.path, immutable=self.immutable), uri=True,
                                                   timeout=self.busy_timeout)
            else:
                self._db = await aiosqlite.connect(self.path, timeout=self.busy_timeout)
        except sqlite3.Error as exc:
            raise classify(exc) from exc
        self._db.row_factory = sqlite3.Row
        try:
            await self._prepare(self._db)
        except BaseException as exc:
            await self._db.close()
            self._db = None
            if isinstance(exc, StoreError):
                raise
            if isinstance(exc, sqlite3.Error):
                raise classify(exc) from exc
            raise

    async def _prepare(self, db: aiosqlite.Connection) -> None:
        """Check the schema version; create or migrate the schema unless the file is read-only."""
        found = await self._schema_version(db)
        if found is not None and found > SCHEMA_VERSION:
            raise StoreSchemaError(
                f"the rules cache was written by a newer drawjudge (schema version {found}; this one reads "
                f"{SCHEMA_VERSION}). Upgrade drawjudge, or set DRAWJUDGE_DB to another file; the file was left "
                "as it is.")
        if self.read_only:
            if found is None:
                raise StoreSchemaError("the read-only rules cache holds no drawjudge data")
            return
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.executescript(_SCHEMA)
        for version in range(found or SCHEMA_VERSION, SCHEMA_VERSION):
            for sql in MIGRATIONS.get(version, ()):
                await db.execute(sql)
        await db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                         (str(SCHEMA_VERSION),))
        await db.commit()

    @staticmethod
    async def _schema_version(db: aiosqlite.Connection) -> int | None:
        tables = await db.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
        if not tables:
            return None
        rows = list(await db.execute_fetchall("SELECT value FROM meta WHERE key = 'schema_version'"))
        if not rows:
            return None
        raw = str(rows[0][0])
        if not raw.isdigit():  # no drawjudge writes this: the file was damaged (set aside, what reads is kept)
            raise StoreDamaged(f"the rules cache has an unreadable schema version ({raw[:20]!r})")
        return int(raw)

    async def _watch_file(self) -> None:
        """Notice (at most once a second) that the file was deleted under the running bot, and write it back."""
        if self._restoring is not None:  # another request is writing the file back: wait for the new connection
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._restoring.wait(), 30)
            return
        now = time.monotonic()
        if self._db is None or self.path == ":memory:" or self.in_memory or now - self._checked_at < 1.0:
            return
        self._checked_at = now
        if not os.path.exists(self.path):
            await self.restore_deleted()
            return
        shortened = truncated(self.path)
        if shortened:
            # The pages are gone from the disk (the connection can't write them back as for a deleted file):
            # the file is damage, set aside, what still reads salvaged, the shipped rules restored and the
            # current rules downloaded again, before any answer is read from what is left.
            raise StoreDamaged(f"the rules cache file was cut short while running ({shortened})")

    async def restore_deleted(self) -> bool:
        """The file is gone but the open connection still reads it: copy every page to a new file at the same
        path (through a temporary name, so a half-written copy is never taken for the cache). Returns whether
        the file was restored."""
        if (self._db is None or self.path == ":memory:" or self.in_memory or os.path.exists(self.path)
                or self.read_only):
            return False
        self._restoring = asyncio.Event()
        try:
            tmp = f"{self.path}.restoring-{os.getpid()}"
            target = sqlite3.connect(tmp, check_same_thread=False)  # written from aiosqlite's thread
            try:
                await self._db.backup(target)
            finally:
                target.close()
            old, self._db = self._db, None
            await old.close()  # the last connection to the deleted inode: its -wal/-shm go with it
            for suffix in ("-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.remove(self.path + suffix)
            os.replace(tmp, self.path)
            await self._connect()
            log.warning("the rules cache file was deleted while running; it was written back from memory")
            return True
        finally:
            done, self._restoring = self._restoring, None
            done.set()

    async def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error, ValueError, OSError):
                await self.restore_deleted()
        if self._db is not None:
            db, self._db = self._db, None
            with contextlib.suppress(sqlite3.Error, ValueError):
                await db.close()

    async def reopen(self) -> None:
        """A fresh connection to the same file (after a failure that was not damage)."""
        await self.close()
        self._forget()
        await self.open()

    async def rebuild(self) -> str:
        """Set a damaged file aside (never deleted, never overwritten) and start an empty cache in its place.
        Returns the name the damaged file was kept under."""
        await self.close()
        self._forget()
        moved = ""
        if self.path != ":memory:" and not self.in_memory:
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S") + "-" + uuid.uuid4().hex[:6]
            for suffix in ("", "-wal", "-shm"):
                src = Path(self.path + suffix)
                if src.exists():
                    target = Path(f"{self.path}.damaged-{stamp}{suffix}")
                    src.replace(target)
                    moved = moved or target.name
        self.read_only = False
        await self.open()
        return moved

    async def healthy(self) -> bool:
        try:
            rows = await self._rows("PRAGMA quick_check")
            return bool(rows) and rows[0][0] == "ok"
        except (sqlite3.Error, ValueError, StoreError):
            return False

    async def file_verdict(self) -> str:
        """SQLite's own ``PRAGMA quick_check`` of the file on disk, through a connection of its own: "ok",
        "missing", or what SQLite found wrong."""
        if self.path == ":memory:" or self.in_memory:
            return "ok"
        if not os.path.exists(self.path):
            return "missing"
        shortened = truncated(self.path)
        if shortened:
            return shortened

        def check() -> str:
            try:
                conn = sqlite3.connect(read_only_uri(self.path), uri=True, timeout=self.busy_timeout)
                try:
                    rows = conn.execute("PRAGMA quick_check").fetchall()
                finally:
                    conn.close()
            except sqlite3.DatabaseError as exc:
                return str(exc) if is_damage(exc) else "ok"
            return "ok" if rows and rows[0][0] == "ok" else "; ".join(str(r[0]) for r in rows[:3])

        return await asyncio.to_thread(check)

    def _writable(self) -> None:
        if self.read_only:
            raise StoreReadOnly("the rules cache is read-only here, so it can't be changed")

