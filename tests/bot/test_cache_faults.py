"""A cache that degrades instead of stopping the bot (issue #28): a read-only folder, a read-only file, a full
disk before and after start, a schema version that isn't a number. Each is answered through the real command
tree (the Discord one in-process, or the real entry point in a process of its own), with the file intact."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import sqlite3
import stat
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bot.store.cachefile as cachefile
from bot.cards.rulings import RulingsService
from bot.discord.app import DrawJudgeBot
from bot.service import Judge
from bot.sources.scryfall import RateLimiter, ScryfallClient
from bot.store import Store
from tests.conftest import CARDS_DIR
from tests.fakes.discord_fake import APP_ID, FakeDiscord, dispatch, slash
from tests.fakes.scryfall import FakeScryfall

ROOT = Path(__file__).resolve().parents[2]


def _digest(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _text(sent: list[Any]) -> str:
    out = []
    for payload in sent:
        data = payload.get("data", payload) if isinstance(payload, dict) else {}
        out += [f"{e.get('title', '')} {e.get('description', '')}" for e in data.get("embeds") or []]
    return " ".join(out)


@contextlib.asynccontextmanager
async def _bot(store: Store, monkeypatch: pytest.MonkeyPatch,
               scryfall: FakeScryfall | None = None) -> AsyncIterator[tuple[DrawJudgeBot, FakeDiscord]]:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    rulings = None
    if scryfall is not None:
        client = ScryfallClient(base_url=scryfall.base, timeout=5.0, limiter=RateLimiter(1000), backoff=0.01)
        rulings = RulingsService(store, client=client, budget=5.0)
    judge = Judge(store, card_lookup=rulings.oracle_text if rulings else None)
    bot = DrawJudgeBot(judge, rulings=rulings.reply if rulings else None, application_id=APP_ID)
    await bot.login("test-token")
    try:
        yield bot, fake
    finally:
        await bot.close()
        if rulings is not None:
            await rulings.close()


@pytest.fixture
async def scryfall() -> AsyncIterator[FakeScryfall]:
    async with FakeScryfall(CARDS_DIR) as fake:
        yield fake


async def test_a_read_only_folder_is_read_without_wal_files(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests run as root, which every permission bit lets through: the folder's refusal is the probe's answer.
    path = store.path
    await store.close()
    before = _digest(path)
    monkeypatch.setattr(cachefile, "probe_folder", lambda folder: cachefile.Folder.READ_ONLY)
    served = Store(path)
    await served.open()
    try:
        assert served.read_only and served.immutable and "read-only" in served.degraded
        async with _bot(served, monkeypatch) as (client, fake):
            rule = _text(await dispatch(client, fake, slash("rule", number="121.2b")))
            about = _text(await dispatch(client, fake, slash("about")))
        assert "121.2b" in rule and "draw" in rule.lower()
        assert "read-only" in about
        assert not Path(path + "-wal").exists() and not Path(path + "-shm").exists()
    finally:
        await served.close()
    assert _digest(path) == before


async def test_a_failed_cache_write_still_answers(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                  scryfall: FakeScryfall) -> None:
    """A full disk after start (SQLite's own SQLITE_FULL, from a page limit at the file's current size): a card
    fetched from Scryfall is answered and simply not kept ("Something went wrong" 20 of 20 before)."""
    pages = (await store.db.execute_fetchall("PRAGMA page_count"))[0][0]
    await store.db.execute(f"PRAGMA max_page_count = {pages}")
    with contextlib.suppress(sqlite3.OperationalError):  # fill the free room in the last pages: the disk is full
        for i in range(100_000):
            await store.db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"filler-{i}", "x" * 500))
            await store.db.commit()
    with pytest.raises(sqlite3.OperationalError, match="full"):
        await store.db.execute("INSERT INTO meta (key, value) VALUES ('one more', ?)", ("x" * 500,))
    await store.db.rollback()
    # cards whose record needs new pages (a long text), so no free room left in a page can take them
    scryfall.extra_cards["Verbose Seer"] = "Draw a card. " + "Flavourful words. " * 1500
    scryfall.extra_cards["Wordy Sage"] = "Draw two cards. " + "Flavourful words. " * 1500
    async with _bot(store, monkeypatch, scryfall) as (client, fake):
        ruling = _text(await dispatch(client, fake, slash("ruling", card="Verbose Seer"), timeout=10))
        card = _text(await dispatch(client, fake, slash("card", card="Wordy Sage"), timeout=10))
        rule = _text(await dispatch(client, fake, slash("rule", number="121.2b")))
    assert "Rulings: Verbose Seer" in ruling
    assert "Wordy Sage" in card and "went wrong" not in card
    assert "121.2b" in rule
    assert await store.get_card("Verbose Seer") is None  # not kept: fetched again next time
    assert await store.get_card("Wordy Sage") is None


async def test_a_read_only_file_still_answers_cards_it_cannot_keep(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                                   scryfall: FakeScryfall) -> None:
    path = store.path
    await store.close()
    os.chmod(path, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    served = Store(path)
    try:
        await served.open()
        assert served.read_only and not served.immutable
        async with _bot(served, monkeypatch, scryfall) as (client, fake):
            ruling = _text(await dispatch(client, fake, slash("ruling", card="Notion Thief"), timeout=10))
        assert "Rulings: Notion Thief" in ruling
    finally:
        await served.close()
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)


def _run_cli(args: list[str], db: Path, prelude: str = "") -> subprocess.CompletedProcess[str]:
    script = (prelude + "import sys\nfrom bot.terminal.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    env = {**os.environ, "DRAWJUDGE_DB": str(db), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


async def test_a_full_disk_is_said_in_about_and_answers_from_memory(store: Store,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder's probe finds the disk full: the cache is a copy in memory, /rule answers from it, and /about
    says so (through the real command tree), so nobody expects what the bot learns to be kept."""
    path = store.path
    await store.close()
    before = _digest(path)
    monkeypatch.setattr(cachefile, "probe_folder", lambda folder: cachefile.Folder.FULL)
    served = Store(path)
    await served.open()
    try:
        assert served.in_memory and "in memory" in served.degraded
        async with _bot(served, monkeypatch) as (client, fake):
            asked = slash("rule", number="121.2b")
            sent = await dispatch(client, fake, asked, timeout=20)
            for _ in range(200):  # a deferred answer comes as a follow-up
                if "121.2b" in _text(sent):
                    break
                await asyncio.sleep(0.1)
                sent = fake.responses(int(asked["id"])) + fake.followups.get(int(asked["id"]), [])
            rule = _text(sent)
            about = _text(await dispatch(client, fake, slash("about")))
        assert "121.2b" in rule and "draw" in rule.lower(), (sent, about)
        assert "disk is full" in about and "in memory" in about
    finally:
        await served.close()
    assert _digest(path) == before


FULL_DISK = "import resource\nresource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))\n"


@pytest.mark.timeout(120)
async def test_a_full_disk_at_start_answers_from_a_copy_in_memory(store: Store) -> None:
    """No file may grow (RLIMIT_FSIZE 0, as a full disk): the cache is copied into memory and answered from, with
    the current rules; the file is left as it was. A first start (no file yet) answers from the shipped rules."""
    path = store.path
    await store.close()
    before = _digest(path)
    done = _run_cli(["rule", "121.2b"], Path(path), FULL_DISK)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "121.2b" in done.stdout and "in memory" in done.stderr and "Traceback" not in done.stderr
    assert _digest(path) == before
    first = _run_cli(["rule", "423.2b", "--edition", "2008"], Path(path).with_name("new.sqlite3"), FULL_DISK)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "primary player" in first.stdout and "in memory" in first.stderr


@pytest.mark.timeout(120)
async def test_a_schema_version_that_is_not_a_number_is_damage_and_what_reads_is_kept(store: Store) -> None:
    path = store.path
    await store.close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE meta SET value = 'three' WHERE key = 'schema_version'")
        conn.commit()
    done = _run_cli(["rule", "121.2b"], Path(path))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "121.2b" in done.stdout  # the current edition was salvaged from the set-aside file
    assert "set aside" in done.stderr and "Traceback" not in done.stderr
    assert list(Path(path).parent.glob("*.damaged-*"))


# ----------------------------------------------------------------------------- self-healing while running

def _cut(path: str, size: int) -> None:
    with open(path, "r+b") as f:
        f.truncate(size)


def _now_checked(store: Store) -> None:
    """Let the next look-up check the file at once (the check runs at most once a second)."""
    store._checked_at = 0.0


@pytest.mark.parametrize("keep", [0, 0.5])
async def test_a_file_cut_short_while_running_is_rebuilt_with_the_shipped_rules(
        store: Store, monkeypatch: pytest.MonkeyPatch, keep: float) -> None:
    async with _bot(store, monkeypatch) as (client, fake):
        assert "121.2b" in _text(await dispatch(client, fake, slash("rule", number="121.2b")))
        _cut(store.path, int(Path(store.path).stat().st_size * keep))
        _now_checked(store)
        old = _text(await dispatch(client, fake, slash("rule", number="423.2b", edition="2008"), timeout=20))
        again = _text(await dispatch(client, fake, slash("rule", number="423.2b", edition="2008")))
        current = _text(await dispatch(client, fake, slash("rule", number="121.2b")))
    assert "primary player" in old and "rebuilt" in old  # answered, saying what happened
    assert "primary player" in again and "rebuilt" not in again
    assert "went wrong" not in current and current
    assert list(Path(store.path).parent.glob("*.damaged-*"))  # the cut file is kept, not deleted
    assert await store.healthy() and {"2008", "1999"} <= {e.name for e in await store.editions()}


async def test_ruling_recovers_like_every_other_command(store: Store, monkeypatch: pytest.MonkeyPatch,
                                                        scryfall: FakeScryfall) -> None:
    async with _bot(store, monkeypatch, scryfall) as (client, fake):
        _cut(store.path, 0)
        _now_checked(store)
        ruling = _text(await dispatch(client, fake, slash("ruling", card="Notion Thief"), timeout=20))
    assert "Rulings: Notion Thief" in ruling and "rebuilt" in ruling and "went wrong" not in ruling


async def test_cached_rows_that_do_not_decode_are_dropped_and_fetched_again(
        store: Store, monkeypatch: pytest.MonkeyPatch, scryfall: FakeScryfall) -> None:
    async with _bot(store, monkeypatch, scryfall) as (client, fake):
        assert "Rulings: Notion Thief" in _text(await dispatch(client, fake, slash("ruling", card="Notion Thief")))
        await store.db.execute("UPDATE rulings SET payload = '{not json'")
        await store.db.commit()
        fetched = len(scryfall.requests)
        ruling = _text(await dispatch(client, fake, slash("ruling", card="Notion Thief")))
        assert "Rulings: Notion Thief" in ruling and "went wrong" not in ruling
        assert len(scryfall.requests) > fetched  # fetched again
        await store.db.execute("UPDATE cards SET payload = '[1, 2'")
        await store.db.commit()
        ruling = _text(await dispatch(client, fake, slash("ruling", card="Notion Thief")))
        assert "Rulings: Notion Thief" in ruling
    cached = await store.get_card("Notion Thief")
    assert cached is not None and cached[0]["name"] == "Notion Thief"  # the good copy replaced the bad one


async def test_an_edition_without_rules_is_never_current(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    await store.db.execute("INSERT INTO editions (game, name, effective_date, source, sha256, fetched_at, kind)"
                           " VALUES ('mtg', '2099-01-01', '2099-01-01', 'half a download', 'x', 'now', 'cr')")
    await store.db.commit()
    store._forget()
    async with _bot(store, monkeypatch) as (client, fake):
        rule = _text(await dispatch(client, fake, slash("rule", number="121.2b")))
    assert "2026-01-16" in rule and "2099" not in rule


async def test_the_current_edition_is_read_again_when_another_process_adds_one(
        store: Store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bot.rules.update import update_from_file
    from tests.conftest import CR_2026

    async with _bot(store, monkeypatch) as (client, fake):
        assert "2026-01-16" in _text(await dispatch(client, fake, slash("rule", number="121.2b")))
        newer = tmp_path / "newer.txt"
        newer.write_bytes(CR_2026.read_bytes().replace(b"January 16, 2026", b"March 16, 2026"))
        async with Store(store.path) as other:  # `drawjudge rules update` beside the running bot
            await update_from_file(other, newer)
        store._version_checked = 0.0  # checked at most once a second
        assert "2026-03-16" in _text(await dispatch(client, fake, slash("rule", number="121.2b")))
