"""Refreshing the cache from the publisher, against a loopback stand-in; failures never damage the cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.update import RulesUpdateError, update_from_file, update_from_publisher, update_from_url
from bot.store import Store
from bot.terminal.cli import main
from tests.conftest import CR_2022
from tests.fakes.rules_site import RulesSite


async def _only_2022(tmp_path: Path) -> Store:
    store = Store(tmp_path / "s.sqlite3")
    await store.open()
    await update_from_file(store, CR_2022)
    return store


async def test_publisher_update_adds_then_not_modified(tmp_path: Path, cr_2026_bytes: bytes) -> None:
    store = await _only_2022(tmp_path)
    try:
        async with RulesSite(cr_2026_bytes) as site:
            first = await update_from_publisher(store, site.page_url, timeout=3)
            assert first.status == "added" and first.edition is not None
            assert first.edition.name == "2026-01-16"
            assert (await store.edition()).name == "2026-01-16"
            second = await update_from_publisher(store, site.page_url, timeout=3)
            assert second.status == "not-modified"
            assert site.requests[-1].get("If-None-Match") == '"v1"'
            site.etag = '"v2"'  # same bytes under a new ETag: downloaded, recognised, not stored twice
            third = await update_from_publisher(store, site.page_url, timeout=3)
            assert third.status == "unchanged"
        assert len([e for e in await store.editions("mtg") if e.kind == "cr"]) == 2
    finally:
        await store.close()


@pytest.mark.parametrize(
    "mode,fragment",
    [("500", "HTTP 500"), ("slow", "could not be downloaded"), ("truncated", "truncated"),
     ("html", "HTML page"), ("page500", "rules page answered HTTP 500"), ("nolink", "no link")],
)
async def test_failed_update_keeps_last_good_edition(
    tmp_path: Path, cr_2026_bytes: bytes, mode: str, fragment: str
) -> None:
    store = await _only_2022(tmp_path)
    try:
        before = await store.rule("121.2", await store.edition())
        async with RulesSite(cr_2026_bytes, mode=mode) as site:
            with pytest.raises(RulesUpdateError, match=fragment):
                await update_from_publisher(store, site.page_url, timeout=1.5)
        current = await store.edition()
        assert current.name == "2022-06-10"
        assert await store.rule("121.2", current) == before
        assert len(await store.rule_numbers(current)) > 2668
    finally:
        await store.close()


async def test_update_from_url_and_bad_file(tmp_path: Path, cr_2026_bytes: bytes) -> None:
    store = await _only_2022(tmp_path)
    try:
        async with RulesSite(cr_2026_bytes) as site:
            result = await update_from_url(store, site.file_url, timeout=3)
        assert result.status == "added"
        missing = tmp_path / "nope.txt"
        with pytest.raises(RulesUpdateError, match="cannot read"):
            await update_from_file(store, missing)
        undated = tmp_path / "undated.txt"
        undated.write_bytes(cr_2026_bytes.replace(b"effective as of", b"in force since"))
        with pytest.raises(RulesUpdateError, match="effective"):
            await update_from_file(store, undated)
    finally:
        await store.close()


def test_cli_rules_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                            cr_2026_bytes: bytes) -> None:
    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "cli.sqlite3"))
    assert main(["rules", "update", "--file", str(CR_2022)]) == 0
    assert "2668 rules" in capsys.readouterr().out
    assert main(["rule", "121.2b"]) == 0
    assert "can’t draw more than one card each turn" in capsys.readouterr().out
    assert main(["rule", "121.2z"]) == 1
    assert "nearest: 121.2" in capsys.readouterr().out
    assert main(["rule", "423.2b", "--edition", "2008"]) == 0
    assert "primary player" in capsys.readouterr().out
    assert main(["search", "draw from empty library"]) == 0
    assert "121.4" in capsys.readouterr().out
    assert main(["define", "draw"]) == 0
    assert "2. The result of a game" in capsys.readouterr().out
    assert main(["rules", "list"]) == 0
    out = capsys.readouterr().out
    assert "2022-06-10" in out and "2008" in out and "1999" in out
    assert main(["rule", "121.2", "--edition", "1987"]) == 1  # answered as the console answers it
    assert "unknown edition '1987'" in capsys.readouterr().out
    assert main(["rules", "update", "--file", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
