"""Attacks on the downloads (issue: reliability): every download bounded in size and time, parsed in linear
time, checked for plausibility, and kept to the hosts it belongs to. Each test reproduces a way an upstream
(or a link in it) used to take the bot somewhere it shouldn't go."""

from __future__ import annotations

import asyncio
import resource
import time
from pathlib import Path

import pytest

from bot.rules.update import (
    MAX_CR_BYTES,
    MAX_GA_PAGES,
    RulesUpdateError,
    update_from_publisher,
    update_from_url,
    update_ga_from_site,
)
from bot.sources.loaders.cr_text import parse_cr
from bot.sources.scryfall import ScryfallClient, ScryfallError
from bot.store import Store
from tests.fakes.hostile import HostileServer, endless, redirect, text


async def _current(store: Store) -> str:
    return (await store.edition()).name


async def test_endless_download_stops_at_the_size_bound(store: Store) -> None:
    async with HostileServer({"/cr.txt": endless()}) as site:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        with pytest.raises(RulesUpdateError, match="passed .* bytes"):
            await update_from_url(store, f"{site.base}/cr.txt", timeout=30)
        grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 4 * MAX_CR_BYTES / 2**20, f"memory grew {grown_mb:.0f} MB"
    assert await _current(store) == "2026-01-16"


async def test_declared_huge_file_is_refused_before_reading(store: Store) -> None:
    async def huge(request):  # type: ignore[no-untyped-def]
        from aiohttp import web
        resp = web.StreamResponse(headers={"Content-Type": "text/plain", "Content-Length": str(100 * 2**20)})
        await resp.prepare(request)
        await resp.write(b"Magic: The Gathering Comprehensive Rules\n")
        return resp

    async with HostileServer({"/cr.txt": huge}) as site:
        with pytest.raises(RulesUpdateError, match="more than"):
            await update_from_url(store, f"{site.base}/cr.txt", timeout=10)
    assert await _current(store) == "2026-01-16"


def _lines(cr: bytes) -> str:
    return cr.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")


def _with_extra_rules(cr: bytes, n: int) -> str:
    body = _lines(cr)
    at = body.rindex("\nGlossary")
    extra = "".join(f"999.{i}. Filler rule number {i}.\n\n" for i in range(1, n + 1))
    return body[:at] + "\n" + extra + body[at:]


async def test_edition_with_an_implausible_rule_count_is_refused(store: Store, cr_2026_bytes: bytes) -> None:
    # Under the size bound, but with 60,000 "rules" against 3,114 in the current edition.
    bloated = _with_extra_rules(cr_2026_bytes, 60000).replace("January 16, 2026", "March 16, 2026").encode()
    assert len(bloated) < MAX_CR_BYTES
    async with HostileServer({"/cr.txt": text(bloated)}) as site:
        with pytest.raises(RulesUpdateError, match="not plausible"):
            await update_from_url(store, f"{site.base}/cr.txt", timeout=10)
    assert await _current(store) == "2026-01-16"


async def test_edition_dated_far_ahead_does_not_become_current(store: Store, cr_2026_bytes: bytes) -> None:
    hostile = cr_2026_bytes.replace(b"January 16, 2026", b"January 16, 2099")
    async with HostileServer({"/cr.txt": text(hostile)}) as site:
        with pytest.raises(RulesUpdateError, match="not a plausible date"):
            await update_from_url(store, f"{site.base}/cr.txt", timeout=10)
    assert await _current(store) == "2026-01-16"


def test_parser_is_linear_in_continuation_lines(cr_2026_bytes: bytes) -> None:
    body = _lines(cr_2026_bytes)
    at = body.index("\n100.1.")
    padding = "continuation of the rule above, which goes on and on\n" * 260_000  # about 13.6 MB
    big = body[:at] + "\n100.0. A rule with a very long body.\n" + padding + body[at:]
    assert len(big) > 13_000_000
    start = time.perf_counter()
    parsed = parse_cr(big)
    elapsed = time.perf_counter() - start
    assert parsed.rule_count > 3000
    # Linear: about a second here. The old quadratic join took 31 s on half this input (and about four
    # times that on this one); the 6.8 MB file took 161 s on its machine.
    assert elapsed < 20, f"{elapsed:.1f} s"


async def test_rules_page_linking_another_host_is_not_followed(store: Store, cr_2026_bytes: bytes) -> None:
    async with HostileServer() as elsewhere, HostileServer() as page:
        elsewhere.routes["/MagicCompRules.txt"] = text(cr_2026_bytes)
        links = (f'<a href="{elsewhere.base}/MagicCompRules.txt">TXT</a>'
                 '<a href="http://169.254.169.254/latest/MagicCompRules.txt">TXT</a>')
        page.routes["/en/rules"] = text(f"<html><body>{links}</body></html>", "text/html")
        with pytest.raises(RulesUpdateError, match="another host"):
            await update_from_publisher(store, f"{page.base}/en/rules", timeout=5, extra_hosts=())
        assert elsewhere.requests == []


async def test_redirect_to_another_host_is_refused(store: Store, cr_2026_bytes: bytes) -> None:
    async with HostileServer() as elsewhere, HostileServer() as site:
        elsewhere.routes["/cr.txt"] = text(cr_2026_bytes)
        site.routes["/cr.txt"] = redirect(f"{elsewhere.base}/cr.txt")
        with pytest.raises(RulesUpdateError, match="not an allowed source"):
            await update_from_url(store, f"{site.base}/cr.txt", timeout=5)
        site.routes["/js"] = redirect("javascript:alert(1)")
        with pytest.raises(RulesUpdateError, match="not an allowed source"):
            await update_from_url(store, f"{site.base}/js", timeout=5)
        assert elsewhere.requests == []


async def test_same_host_redirect_is_followed(tmp_path: Path, cr_2026_bytes: bytes) -> None:
    async with HostileServer() as site, Store(tmp_path / "fresh.sqlite3") as fresh:
        site.routes["/old.txt"] = redirect("/new.txt")
        site.routes["/new.txt"] = text(cr_2026_bytes)
        result = await update_from_url(fresh, f"{site.base}/old.txt", timeout=10)
        assert result.status == "added"


async def test_grand_archive_index_with_thousands_of_links_fetches_nothing(store: Store) -> None:
    links = "".join(f'<a href="/page-{i}">p</a>' for i in range(5000))
    async with HostileServer({"/": text(f"<html>{links}</html>", "text/html")}) as site:
        with pytest.raises(RulesUpdateError, match=f"more than the {MAX_GA_PAGES}"):
            await update_ga_from_site(store, site.base, timeout=10)
        assert site.requests == ["/"]


async def test_scryfall_redirect_to_another_host_is_refused() -> None:
    async with HostileServer() as elsewhere, HostileServer() as api:
        elsewhere.routes["/cards/named"] = text('{"object": "card", "name": "X"}', "application/json")
        api.routes["/cards/named"] = redirect(f"{elsewhere.base}/cards/named")
        async with ScryfallClient(base_url=api.base, timeout=2, backoff=0.01, budget=2) as client:
            with pytest.raises(ScryfallError):
                await client.card_named("X")
        assert elsewhere.requests == []


async def test_rulings_uri_cannot_send_the_request_elsewhere() -> None:
    async with HostileServer() as elsewhere, HostileServer() as api:
        cid = "0b5ee0f4-a7f6-4c0e-9e6b-6e1d3c0b7a11"
        api.routes[f"/cards/{cid}/rulings"] = text('{"object": "list", "data": []}', "application/json")
        card = {"id": cid, "name": "X", "rulings_uri": f"@127.0.0.1:{elsewhere.port}/steal"}
        async with ScryfallClient(base_url=api.base, timeout=2, backoff=0.01, budget=2) as client:
            assert await client.rulings(card) == []
            hostile = {"id": "../../x", "name": "Y", "rulings_uri": f"http://127.0.0.1:{elsewhere.port}/x"}
            with pytest.raises(ScryfallError):
                await client.rulings(hostile)
        assert elsewhere.requests == []
        assert api.requests == [f"/cards/{cid}/rulings"]


async def test_scryfall_reply_that_is_not_utf8_is_an_upstream_error() -> None:
    async with HostileServer({"/cards/named": text(b'{"name": "\xff\xfe"}', "application/json")}) as api:
        async with ScryfallClient(base_url=api.base, timeout=2, backoff=0.01, budget=2) as client:
            with pytest.raises(ScryfallError, match="not JSON"):
                await client.card_named("X")


async def test_scryfall_errors_name_no_host_or_port() -> None:
    async with HostileServer() as api:
        port = api.port
    async with ScryfallClient(base_url=f"http://127.0.0.1:{port}", timeout=1, backoff=0.01, budget=1) as client:
        with pytest.raises(ScryfallError) as caught:
            await asyncio.wait_for(client.card_named("X"), 10)
    assert "127.0.0.1" not in str(caught.value) and str(port) not in str(caught.value)
