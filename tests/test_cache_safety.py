"""Attacks on the cache (issue: reliability). Damage is SQLite's verdict, never a request's: bad input, a
read-only file, a newer schema, many requests at once on a damaged file, a file deleted while running. Each
test reproduces a way the cache used to be lost."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from bot.recovery import CacheRecovery
from bot.rules.index import forget_all
from bot.rules.update import update_from_file
from bot.service import Judge
from bot.store import Store, StoreSchemaError
from bot.terminal.cli import main
from bot.terminal.console import run_console
from tests.conftest import CR_2026


def _damaged_copies(path: str) -> list[Path]:
    """The set-aside database files (their -wal and -shm companions not counted)."""
    return sorted(p for p in Path(path).parent.glob("*.damaged-*") if not p.name.endswith(("-wal", "-shm")))


async def _editions(path: str) -> set[str]:
    async with Store(path) as s:
        return {e.name for e in await s.editions()}


async def test_invalid_byte_in_a_rule_number_is_a_typo_not_damage(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = store.path
    await store.close()
    monkeypatch.setenv("DRAWJUDGE_DB", path)
    monkeypatch.setenv("DRAWJUDGE_RULES_PAGE", "http://127.0.0.1:9/")  # never reached: the cache has the CR
    # What Python makes of `drawjudge ask "/rule 121.2b$(printf '\xff')"`: a lone surrogate.
    code = await asyncio.to_thread(main, ["ask", "/rule 121.2b\udcff"])
    out = capsys.readouterr()
    assert code == 1 and "121.2b" in out.out  # answered as an unknown number, with the nearest ones
    assert path not in out.out and path not in out.err
    assert not _damaged_copies(path)
    assert {"2026-01-16", "2022-06-10", "2008", "1999"} <= await _editions(path)


async def test_lone_surrogate_through_every_judge_command(store: Store) -> None:
    judge = Judge(store)
    for reply in [await judge.rule("121.2b\ud800"), await judge.search("draw\ud800"),
                  await judge.define("draw\udcff"), await judge.rulediff("121.8\udcff")]:
        assert store.path not in reply.as_text()
    assert not _damaged_copies(store.path)
    assert (await store.edition()).name == "2026-01-16"


async def test_invalid_bytes_on_the_console_do_not_end_it(store: Store) -> None:
    judge = Judge(store)
    stdin = io.TextIOWrapper(io.BytesIO(b"/ruling X\xff\n/rule 121.2b\xff\n/rule 121.2b\n"), encoding="utf-8")
    out = io.StringIO()
    assert await run_console(judge, stdin, out) == 0
    text = out.getvalue()
    assert "Card rulings are not available here" in text
    assert text.count("121.2b") >= 2 and "can’t draw more than one card" in text  # the last line was answered
    assert not _damaged_copies(store.path)


def _corrupt(path: str) -> None:
    size = Path(path).stat().st_size
    with open(path, "r+b") as f:
        f.seek(4096)
        f.write(os.urandom(size - 8192))


async def test_many_requests_on_a_damaged_cache_recover_once_and_all_get_answers(store: Store) -> None:
    downloads = 0

    async def redownload() -> None:
        nonlocal downloads
        downloads += 1
        await update_from_file(store, CR_2026)

    forget_all()  # a process that has read only the current edition so far
    recovery = CacheRecovery(store, redownload=redownload)
    judge = Judge(store, recovery=recovery)
    assert not (await judge.rule("121.2b")).error
    _corrupt(store.path)
    calls = [judge.search(q) for q in ("draw", "library empty", "dredge", "replacement", "miracle")] * 3
    calls += [judge.rule("423.2b", "2008"), judge.rule("Z.6.1", "1999")] * 6
    replies = await asyncio.wait_for(asyncio.gather(*calls), 60)
    assert len(replies) == 27
    assert all(r.pages and r.pages[0].description for r in replies)  # every one answered, none left hanging
    assert len(_damaged_copies(store.path)) == 1, "one recovery for everyone"
    await asyncio.wait_for(recovery.settled(), 30)  # the running bot downloads the current rules again
    assert downloads == 1
    names = {e.name for e in await store.editions()}
    assert {"2008", "1999", "2026-01-16"} <= names and any(e.game == "grand-archive" for e in await store.editions())
    old = await judge.rule("423.2b", "2008")
    assert not old.error and "primary player" in old.as_text()
    assert store.path not in "".join(r.as_text() for r in replies)


async def test_a_healthy_file_is_reopened_not_set_aside(store: Store) -> None:
    judge = Judge(store)
    notice = await judge.recovery.recover(judge.recovery.generation, "a stray error")
    assert notice == "" and not _damaged_copies(store.path)
    assert (await store.edition()).name == "2026-01-16"


async def test_read_only_healthy_file_is_served_read_only(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = store.path
    await store.close()
    os.chmod(path, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    try:
        monkeypatch.setenv("DRAWJUDGE_DB", path)
        code = await asyncio.to_thread(main, ["rule", "121.2b"])
        out = capsys.readouterr()
        assert code == 0 and "can’t draw more than one card" in out.out
        assert "read-only" in out.err
        newer = Path(path).with_name("newer.txt")
        newer.write_bytes(CR_2026.read_bytes().replace(b"January 16, 2026", b"March 16, 2026"))
        code = await asyncio.to_thread(main, ["rules", "update", "--file", str(newer)])
        assert code == 2 and "read-only" in capsys.readouterr().err
        assert not _damaged_copies(path)
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
    assert "2026-01-16" in await _editions(path)


def _set_schema_version(path: str, version: str) -> None:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (version,))
        conn.commit()


def _schema_version(path: str) -> str:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return str(conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])


async def test_newer_schema_is_refused_and_left_alone(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = store.path
    await store.close()
    _set_schema_version(path, "99")
    with pytest.raises(StoreSchemaError):
        await Store(path).open()
    monkeypatch.setenv("DRAWJUDGE_DB", path)
    code = await asyncio.to_thread(main, ["rule", "121.2b"])
    err = capsys.readouterr().err
    assert code == 2 and "newer drawjudge" in err and "Traceback" not in err
    assert _schema_version(path) == "99"
    assert not _damaged_copies(path)


async def test_older_schema_is_migrated(store: Store) -> None:
    path = store.path
    await store.close()
    _set_schema_version(path, "1")
    async with Store(path) as s:
        assert (await s.edition()).name == "2026-01-16"
    assert _schema_version(path) == "3"


async def test_a_version_2_cache_loses_only_its_full_text_copy(store: Store) -> None:
    """2 → 3: the full-text tables (a second copy of every rule's text) are dropped; every rule stays."""
    path = store.path
    count = len(await store.rule_numbers(await store.edition()))
    await store.close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE VIRTUAL TABLE rules_fts USING fts5(number UNINDEXED, text)")
        conn.execute("INSERT INTO rules_fts (rowid, number, text) SELECT id, number, text FROM rules")
        conn.commit()
    _set_schema_version(path, "2")
    async with Store(path) as s:
        assert len(await s.rule_numbers(await s.edition())) == count
    with contextlib.closing(sqlite3.connect(path)) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert not {n for n in names if "fts" in n}
    assert _schema_version(path) == "3"


async def test_a_cache_folder_that_cannot_be_created_answers_from_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """It used to be an error (and, for the bot, a traceback): now the cache lives in memory, said once."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("DRAWJUDGE_DB", str(blocker / "sub" / "cache.sqlite3"))
    code = await asyncio.to_thread(main, ["rule", "423.2b", "--edition", "2008"])
    out = capsys.readouterr()
    assert code == 0 and "primary player" in out.out
    assert "cache folder can't be created" in out.err and "in memory" in out.err and "DRAWJUDGE_DB" in out.err
    assert "Traceback" not in out.err


async def test_lone_surrogate_through_discord_is_a_typo(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord.app import DrawJudgeBot
    from tests.fakes.discord_fake import APP_ID, FakeDiscord, dispatch, slash

    fake = FakeDiscord()
    fake.install(monkeypatch)
    client = DrawJudgeBot(Judge(store), application_id=APP_ID)
    await client.login("test-token")
    try:
        sent = await dispatch(client, fake, slash("rule", number="121.2b\ud800"))
    finally:
        await client.close()
    shown = sent[-1]["data"]["embeds"][0]["description"]
    assert "No rule" in shown and "121.2b" in shown and store.path not in shown
    assert not _damaged_copies(store.path)
    assert (await store.edition()).name == "2026-01-16"


async def test_recovery_keeps_what_can_still_be_read(store: Store) -> None:
    """Damage confined to an index of the rules table (the one an edition's rules are read through): the
    set-aside file still has every edition and the cached cards, and recovery copies them back (the current
    CR included, so nothing needs downloading)."""
    await store.put_card({"name": "Kept Card", "oracle_id": "k-1", "oracle_text": "Draw a card."}, "2026-01-01T00:00:00Z")
    path = store.path
    await store.close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_rules_1'").fetchone()[0]
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xff" * page_size)
    async with Store(path) as damaged:
        downloads = 0

        async def redownload() -> None:
            nonlocal downloads
            downloads += 1

        forget_all()  # a process starting on the damaged file: nothing of it in memory yet
        judge = Judge(damaged, recovery=CacheRecovery(damaged, redownload=redownload))
        reply = await judge.search("draw from empty library")
        assert not reply.error and "704.5b" in reply.as_text()
        assert "current Comprehensive Rules included" in reply.as_text()
        await judge.recovery.settled()
        assert downloads == 0
        assert len(_damaged_copies(path)) == 1
        assert {"2026-01-16", "2022-06-10", "2008", "1999"} <= {e.name for e in await damaged.editions()}
        card = await damaged.get_card("Kept Card")
        assert card is not None and card[1] == "2026-01-01T00:00:00Z"  # its fetch date kept, not refreshed
