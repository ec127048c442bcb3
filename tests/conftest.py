"""Shared fixtures: the authentic CR files from ../shared, and a rules cache built from them once per run."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import settings

from bot.rules.update import ensure_shipped_editions, update_from_file, update_ga_from_folder
from bot.store import Store

# The property and fuzz tests run the same examples on every run, so a CI run is never red by luck; set
# DRAWJUDGE_HYPOTHESIS=explore to search new random examples (and keep what fails in the example database).
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile("explore" if os.environ.get("DRAWJUDGE_HYPOTHESIS") == "explore" else "repeatable")

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DRAWJUDGE_SHARED", ROOT.parent / "shared"))
CR_2026 = SHARED / "data" / "cr" / "MagicCompRules 20260116.txt"
CR_2022 = SHARED / "data" / "cr" / "MagicCompRules 20220610.txt"
CARDS_DIR = SHARED / "data" / "cards"
GA_DIR = SHARED / "data" / "ga" / "gitbook-rules"


# Nothing in the suite reaches beyond loopback, nor the user's own cache: unless a test names its own, the
# cache is a fresh file of the test, and Scryfall and the rules sites are a loopback port nobody listens on.
NOWHERE = "http://127.0.0.1:9"


@pytest.fixture(autouse=True)
def _loopback_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "isolated.sqlite3"))
    monkeypatch.setenv("DRAWJUDGE_SCRYFALL_API", NOWHERE)
    monkeypatch.setenv("DRAWJUDGE_RULES_PAGE", f"{NOWHERE}/rules")
    monkeypatch.setenv("DRAWJUDGE_GA_RULES", NOWHERE)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)


@pytest.fixture(scope="session")
def cr_2026_bytes() -> bytes:
    return CR_2026.read_bytes()


@pytest.fixture(scope="session")
def cr_2022_bytes() -> bytes:
    return CR_2022.read_bytes()


async def _build(path: Path) -> None:
    async with Store(path) as store:
        await ensure_shipped_editions(store)
        await update_from_file(store, CR_2022)
        await update_from_file(store, CR_2026)
        await update_ga_from_folder(store, GA_DIR)


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rules cache holding both CR editions and the shipped ones, built once and copied per test."""
    path = tmp_path_factory.mktemp("store") / "rules.sqlite3"
    asyncio.run(_build(path))
    return path


@pytest.fixture
async def store(built_db: Path, tmp_path: Path) -> AsyncIterator[Store]:
    """A private copy of the built cache, so a test may change it freely."""
    import sqlite3

    copy = tmp_path / "rules.sqlite3"
    src = sqlite3.connect(built_db)
    dst = sqlite3.connect(copy)
    src.backup(dst)
    src.close()
    dst.close()
    async with Store(copy) as s:
        yield s
