"""Faults: the cache deleted, truncated, corrupted or locked while running; a refresh failing half-way; the
gateway dropping mid-command. The bot keeps answering, says what happened, and loses nothing it had."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

import aiosqlite
import pytest

from bot.rules.index import forget_all
from bot.rules.update import update_from_file
from bot.service import Judge
from bot.store import Store, StoreDamaged, StoreLocked, StoreUnavailable
from tests.conftest import CR_2022, CR_2026


async def test_file_deleted_while_running_is_written_back(store: Store) -> None:
    judge = Judge(store)
    os.remove(store.path)  # the open connection keeps the data: answers go on
    await asyncio.sleep(1.05)  # the store looks at its file at most once a second
    reply = await judge.rule("121.2b")
    assert not reply.error and "121.2b" in reply.as_text()
    assert Path(store.path).exists(), "the deleted file is noticed and written back while running"
    await store.close()
    async with Store(store.path) as after:  # nothing was lost: the next start has every edition
        names = {e.name for e in await after.editions()}
        assert {"2026-01-16", "2022-06-10", "2008", "1999"} <= names
        assert (await after.rule("121.2b", await after.edition())).found


async def test_file_deleted_just_before_exit_is_written_back(store: Store) -> None:
    os.remove(store.path)
    await store.close()  # no request came in between: closing notices it too
    async with Store(store.path) as after:
        assert (await after.edition()).name == "2026-01-16"


async def test_file_corrupted_while_running_is_set_aside_and_rebuilt(store: Store) -> None:
    forget_all()  # only what this test reads is in memory: the current edition
    judge = Judge(store)
    assert not (await judge.rule("121.2b")).error
    size = Path(store.path).stat().st_size
    with open(store.path, "r+b") as f:  # overwrite most of the file with garbage
        f.seek(4096)
        f.write(os.urandom(size - 8192))
    # The current edition is answered from memory, untouched; the first request that reads the file (another
    # edition, not in memory) finds the damage.
    replies = [await judge.search(q) for q in ("draw", "library empty", "dredge", "replacement", "miracle")]
    assert all(not r.error for r in replies)
    replies.append(await judge.rule("Z.6", "1999"))
    rebuilt = [r for r in replies if "rebuilt" in r.as_text()]
    assert rebuilt, [r.as_text()[:200] for r in replies]
    assert "drawjudge rules update" in rebuilt[0].as_text()
    kept = list(Path(store.path).parent.glob("*.damaged-*"))
    assert kept, "the damaged file is kept, not deleted"
    old = await judge.rule("423.2b", "2008")
    assert not old.error and "primary player" in old.as_text()
    assert await store.healthy()


async def test_file_truncated_is_reported_then_rebuilt(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from bot.terminal.cli import main

    await store.close()
    with open(store.path, "r+b") as f:
        f.truncate(Path(store.path).stat().st_size // 3)
    with pytest.raises(StoreDamaged):
        await Store(store.path).open()
    monkeypatch.setenv("DRAWJUDGE_DB", store.path)
    code = await asyncio.to_thread(main, ["rule", "423.2b", "--edition", "2008"])
    out = capsys.readouterr()
    assert code == 0 and "primary player" in out.out
    assert "set aside" in out.err and "rules update" in out.err
    assert list(Path(store.path).parent.glob("*.damaged-*"))


async def test_database_locked_by_another_process(store: Store, tmp_path: Path) -> None:
    await store.close()
    locker = await asyncio.create_subprocess_exec(
        sys.executable, "-c",
        "import sqlite3, sys, time\n"
        f"c = sqlite3.connect({store.path!r}, isolation_level=None)\n"
        "c.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\ntime.sleep(4)\n",
        stdout=asyncio.subprocess.PIPE)
    assert locker.stdout is not None
    assert (await locker.stdout.readline()).strip() == b"locked"
    try:
        busy = Store(store.path, busy_timeout=0.3)
        try:
            await busy.open()
        except StoreLocked:
            pass
        else:
            judge = Judge(busy)
            reply = await judge.rule("121.2b")
            assert reply.error is False or "locked" in reply.as_text()
            with pytest.raises(StoreLocked):
                await update_from_file(busy, CR_2022.with_name("MagicCompRules 20220610.txt"))
            await busy.close()
    finally:
        await locker.wait()
    async with Store(store.path) as after:  # once the lock is gone, everything is there
        assert (await after.edition()).name == "2026-01-16"


async def test_refresh_failing_half_way_changes_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    before = await store.editions("mtg")
    current = await store.edition()
    count = len(await store.rule_numbers(current))
    original = aiosqlite.Connection.executemany

    def failing(self: aiosqlite.Connection, sql: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if sql.startswith("INSERT OR IGNORE INTO glossary_terms"):  # the last write of an edition
            raise sqlite3.OperationalError("disk I/O error")
        return original(self, sql, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "executemany", failing)
    changed = CR_2026.read_bytes().replace(b"January 16, 2026", b"March 16, 2026")
    path = Path(store.path).with_name("changed.txt")
    path.write_bytes(changed)
    with pytest.raises(StoreUnavailable):  # an I/O error is not damage: nothing is set aside
        await update_from_file(store, path)
    assert not list(Path(store.path).parent.glob("*.damaged-*"))
    monkeypatch.setattr(aiosqlite.Connection, "executemany", original)
    assert [e.name for e in await store.editions("mtg")] == [e.name for e in before]
    assert (await store.edition()).name == current.name
    assert len(await store.rule_numbers(current)) == count


async def test_requests_during_the_write_back_of_a_deleted_file_wait_for_it(store: Store) -> None:
    judge = Judge(store)
    os.remove(store.path)
    await asyncio.sleep(1.05)
    replies = await asyncio.gather(*(judge.rule(f"121.{n}") for n in range(1, 9)))
    assert all(not r.error for r in replies), [r.as_text()[:120] for r in replies if r.error]
    assert Path(store.path).exists()
