"""Grand Archive rules in the store: page + item citations, look-up, search, shipped offline rules, refresh."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from bot.rules.index import Indexes
from bot.rules.update import RulesUpdateError, ensure_shipped_editions, update_ga_from_site
from bot.service import Judge
from bot.sources.loaders.ga_markdown import clean, parse_page, read_folder
from bot.store import Store
from engine.rulesets import GRAND_ARCHIVE
from tests.conftest import GA_DIR
from tests.fakes.server import serve


def test_page_items_hints_and_markup() -> None:
    page = parse_page((GA_DIR / "game-mechanics" / "game-mechanics-drawing-cards.md").read_text(), "x")
    assert page is not None and page.short == "Drawing Cards"
    numbers = [i.number for i in page.items]
    assert numbers == ["Drawing Cards 1", "Drawing Cards 2", "Drawing Cards 2.1", "Drawing Cards 3",
                       "Drawing Cards 4", "Drawing Cards 5", "Drawing Cards 6"]
    assert page.items[2].parent == "Drawing Cards 2"
    assert page.items[2].examples and "draw one card N times" in page.items[2].examples[0]
    assert "&#x20;" not in " ".join(i.text for i in page.items)
    assert clean("a&#x20;b <img src='x'> [link](y.md) \\\\") == "a b link"


async def test_lookup_search_and_citations(store: Store) -> None:
    ga = await store.edition(None, "grand-archive")
    assert ga.name == "2026-08-21" and ga.kind == "ga"
    item = await store.rule("Drawing Cards 3", ga)
    assert item.found and "after all N cards are drawn" in item.rules[0].text
    page = await store.rule("drawing cards", ga)
    assert [r.number for r in page.rules][:2] == ["Drawing Cards", "Drawing Cards 1"]
    found = (await Indexes(store).get(ga)).search("draw a card from an empty deck")
    assert any(h.key in ("Drawing Cards 6", "Ending the Game 5") for h in found.hits[:5])
    cites = sorted({n for group in GRAND_ARCHIVE.cites.values() for n in group})
    present = await store.rules_by_numbers(cites, ga)
    assert len(present) == len(cites), set(c.lower() for c in cites) - set(present)


async def test_rule_command_for_grand_archive(store: Store) -> None:
    judge = Judge(store)
    reply = await judge.rule("Drawing Cards 6", game="grand-archive")
    assert "decking out" in reply.as_text()
    missing = await judge.rule("Drawing Cards 60", game="grand-archive")
    assert missing.error and "Drawing Cards 6" in missing.as_text()
    drawn = await judge.draw("I have 1 card in my deck and draw 2", game="grand-archive")
    assert "Drawing Cards 6" in drawn.as_plain() and "You lose" in drawn.as_text()  # the steps: console, Steps


async def test_shipped_drawing_rules_work_offline(tmp_path: Path) -> None:
    async with Store(tmp_path / "fresh.sqlite3") as store:
        await ensure_shipped_editions(store)
        ga = await store.edition(None, "grand-archive")
        assert ga.name == "shipped"
        rule = await store.rule("Drawing Cards 6", ga)
        assert rule.found and "decking out" in rule.rules[0].text


@pytest.fixture
async def ga_site() -> AsyncIterator[str]:
    pages = read_folder(GA_DIR)

    async def index(request: web.Request) -> web.Response:
        links = "".join(f'<a href="/{p.removesuffix(".md")}">x</a>' for p in pages if p != "README.md")
        return web.Response(text=f"<html><body>{links}<a href='https://other.example/x'>x</a></body></html>",
                            content_type="text/html")

    async def page(request: web.Request) -> web.Response:
        path = request.match_info["path"]
        if path in pages:
            return web.Response(text=pages[path], content_type="text/markdown")
        return web.Response(status=404, text="<!DOCTYPE html>not found")

    app = web.Application()
    app.router.add_get("/", index)
    app.router.add_get("/{path:.+\\.md}", page)
    runner, port = await serve(app)
    yield f"http://127.0.0.1:{port}"
    await runner.cleanup()


async def test_refresh_from_the_rules_site(tmp_path: Path, ga_site: str) -> None:
    async with Store(tmp_path / "site.sqlite3") as store:
        await ensure_shipped_editions(store)
        result = await update_ga_from_site(store, ga_site, timeout=10)
        assert result.status == "added" and result.edition is not None and result.edition.name == "2026-08-21"
        again = await update_ga_from_site(store, ga_site, timeout=10)
        assert again.status == "unchanged"
        with pytest.raises(RulesUpdateError):
            await update_ga_from_site(store, "http://127.0.0.1:9", timeout=1)
        assert (await store.edition(None, "grand-archive")).name == "2026-08-21"


async def test_rulediff_of_a_whole_section(store: Store) -> None:
    reply = await Judge(store).rulediff("121")
    text = reply.as_text()
    assert "121.8" in text and "727" in text and "732" in text and "unchanged" in text


async def test_a_grand_archive_answer_speaks_of_the_deck_and_the_draw_phase(store: Store) -> None:
    # "You: 5 cards in library", "step: draw", "library 5 → 4": Magic's words in a Grand Archive answer
    reply = await Judge(store).draw("I have 5 cards in my deck. it's my draw phase.", "grand-archive")
    assert reply.draw is not None
    text = reply.as_plain()
    assert "5 cards in deck" in text and "deck 5 → 4" in text and "draw phase: the turn-based draw" in text
    assert "library" not in text.lower() and "draw step" not in text.lower()
