"""The first run without network: nothing waits for the rules download, a failure says where the rules file
comes from and the command that loads it, and a failed download is not tried again on every start."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from aiohttp import web

from bot.application import open_store
from bot.config import Config
from bot.rules.bootstrap import RulesBootstrap, drawjudge_command
from bot.rules.update import ensure_shipped_editions
from bot.service import Judge
from bot.store import Store
from tests.conftest import CR_2026
from tests.fakes.hostile import HostileServer


class Silent:
    """A route that accepts the connection, then never answers (the rules host of a broken network), until the
    test releases it (so the loopback server stops at once, not after its 60 s shutdown wait)."""

    def __init__(self) -> None:
        self.released = asyncio.Event()

    async def __call__(self, request: web.Request) -> web.StreamResponse:
        await self.released.wait()
        return web.Response(status=503)


def _config(tmp_path: Path, page: str) -> Config:
    return Config.from_env({"DRAWJUDGE_DB": str(tmp_path / "first.sqlite3"), "DRAWJUDGE_RULES_PAGE": page})


async def test_look_ups_answer_at_once_while_the_download_hangs_and_it_is_not_retried_at_every_start(
        tmp_path: Path) -> None:
    silent = Silent()
    async with HostileServer() as server:
        server.routes["/rules"] = silent
        config = _config(tmp_path, f"{server.base}/rules")
        store = await open_store(config)
        try:
            boot = RulesBootstrap(store, config)
            started = time.monotonic()
            task = boot.start()
            judge = Judge(store)
            reply = await judge.rule("121.2b")
            assert time.monotonic() - started < 1.0 and not task.done()
            text = reply.as_plain()
            assert reply.error and "https://magic.wizards.com/en/rules" in text
            assert f"{drawjudge_command()} rules update --file PATH" in text
            old = await judge.rule("423.2", "2008")  # the shipped editions answer meanwhile
            assert not old.error and "one at a time" in old.as_plain()

            note = await asyncio.wait_for(task, 15)
            assert time.monotonic() - started < 8.0  # 5 s of silence, not the 30 s total bound
            assert note is not None and "rules update --file PATH" in note and "download failed" in note
            asked = len(server.requests)

            again = await asyncio.wait_for(RulesBootstrap(store, config).run(), 2)
            assert again is not None and "next automatic download is in about 10 min" in again
            assert len(server.requests) == asked  # backed off: the host was not asked again
        finally:
            silent.released.set()
            await store.close()


async def test_a_later_download_that_works_clears_the_back_off(tmp_path: Path) -> None:
    store = Store(tmp_path / "b.sqlite3")
    await store.open()
    try:
        await ensure_shipped_editions(store)
        config = _config(tmp_path, "http://127.0.0.1:9/rules")
        failing = RulesBootstrap(store, config, download=_refused)
        assert "download failed" in (await failing.run() or "")
        assert (await failing.wait_left()).total_seconds() > 500  # a back-off of about 10 min is kept

        async def from_file(store: Store, config: Config) -> object:
            from bot.rules.update import update_from_file
            return await update_from_file(store, CR_2026)

        await store.set_meta("rules_download_failed", None)
        loaded = RulesBootstrap(store, config, download=from_file)  # type: ignore[arg-type]
        assert "Stored Magic CR 2026-01-16" in (await loaded.run() or "")
        assert await loaded.run() is None  # nothing needed any more
        assert not (await Judge(store).rule("121.2b")).error
    finally:
        await store.close()


async def _refused(store: Store, config: Config) -> object:
    raise OSError("connection refused")


def test_the_quickstart_command_answers_a_rule_look_up_without_waiting_for_the_network(tmp_path: Path) -> None:
    """README Quickstart, step 1's command (`.venv/bin/drawjudge`, no token: the console), with the rules host
    silent: the look-up is answered, with the way to load the rules, and the process ends without waiting for a
    download (30 s). The bound tells a wait from none; it was 5 s, a figure a machine shared with other work
    can't hold (7.2 s at load 7 with no wait at all)."""
    script = Path(sys.prefix) / "bin" / "drawjudge"
    env = {**os.environ, "DRAWJUDGE_DB": str(tmp_path / "q.sqlite3"),
           "DRAWJUDGE_RULES_PAGE": "http://127.0.0.1:9/rules"}  # nothing listens on port 9
    env.pop("DISCORD_TOKEN", None)
    started = time.monotonic()
    done = subprocess.run([str(script)], input="/rule 121.2b\n/rule 423.2 edition:2008\n", env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert elapsed < 20.0, elapsed
    assert "rules update --file PATH" in done.stdout and "magic.wizards.com/en/rules" in done.stdout
    assert "423.2 Cards may only be drawn one at a time" in done.stdout
    assert "Traceback" not in done.stderr


async def test_uncached_cards_answer_at_once_while_scryfall_is_unreachable(store: Store) -> None:
    """With a Scryfall host that accepts and never answers, the first question waits its 2 s budget (the
    fetch goes on); once that fetch has failed, /ruling and a /draw naming an unseen card answer at once with
    what the cache has and how to preload cards."""
    from bot.cards.rulings import RulingsService
    from bot.sources.scryfall import RateLimiter, ScryfallClient

    silent = Silent()
    async with HostileServer() as server:
        server.routes["/cards/named"] = silent
        client = ScryfallClient(base_url=server.base, timeout=1.0, limiter=RateLimiter(1000), backoff=0.01)
        svc = RulingsService(store, client=client, budget=0.3)
        try:
            first = await svc.reply("Some Unseen Card")
            assert first.error and "being fetched" in first.as_plain()
            await asyncio.wait_for(svc.wait_refreshes(), 15)  # the background fetch gives up
            asked = len(server.requests)
            for question in (lambda: svc.reply("Another Unseen Card", "draw"),
                             lambda: Judge(store, card_lookup=svc.oracle_text).draw(
                                 "I control Yet Another Unseen Card. I draw 2.")):
                started = time.monotonic()
                reply = await question()
                assert time.monotonic() - started < 0.5
                text = reply.as_plain()
                assert reply.error and "Scryfall can't be reached" in text, text
                assert "drawjudge cards load oracle-cards.json rulings.json" in text
            assert len(server.requests) == asked  # not asked again while it is known to be down
        finally:
            silent.released.set()
            await svc.close()


async def test_a_refused_connection_is_not_retried() -> None:
    """Nothing listens there: retrying in 1, 2, 4 s only made an offline `drawjudge resolve` wait 7.6 s."""
    from bot.sources.scryfall import RateLimiter, ScryfallClient, ScryfallError

    client = ScryfallClient(base_url="http://127.0.0.1:9", timeout=5.0, limiter=RateLimiter(1000), backoff=1.0)
    started = time.monotonic()
    try:
        try:
            await client.card_named("Notion Thief")
        except ScryfallError as exc:
            assert "could not be reached" in str(exc)
        else:
            raise AssertionError("a refused connection gave a card")
    finally:
        await client.close()
    assert time.monotonic() - started < 0.5
