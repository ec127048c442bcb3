"""The rulings cache against a loopback stand-in of Scryfall: fetch, cache, refresh, failures, offline."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.cards.rulings import RulingsService, load_bulk_file
from bot.service import Judge
from bot.sources.scryfall import ACCEPT, USER_AGENT, CardNotFound, RateLimiter, ScryfallClient, ScryfallError
from bot.store import Store
from engine.oracle import read_oracle
from tests.conftest import CARDS_DIR
from tests.fakes.scryfall import FakeScryfall


@pytest.fixture
async def scryfall() -> AsyncIterator[FakeScryfall]:
    async with FakeScryfall(CARDS_DIR) as fake:
        yield fake


def service(store: Store, fake: FakeScryfall, ttl: timedelta = timedelta(days=7), timeout: float = 2.0
            ) -> RulingsService:
    client = ScryfallClient(base_url=fake.base, timeout=timeout, limiter=RateLimiter(1000), backoff=0.01)
    return RulingsService(store, client=client, ttl=ttl)


async def test_rulings_newest_first_with_link_and_headers(store: Store, scryfall: FakeScryfall) -> None:
    svc = service(store, scryfall)
    reply = await svc.reply("Notion Thief")
    text = reply.as_text()
    assert reply.pages[0].title == "Rulings: Notion Thief"
    assert reply.pages[0].url and "scryfall.com/card" in reply.pages[0].url
    dates = [line[2:12] for line in text.split("\n") if line.startswith("**")]
    assert dates == sorted(dates, reverse=True) and dates
    path, headers = scryfall.requests[0]
    assert headers["User-Agent"] == USER_AGENT and headers["Accept"] == ACCEPT
    assert any(p.endswith("/rulings") for p, _ in scryfall.requests)
    await svc.close()


async def test_contains_filters_and_cache_serves_without_scryfall(store: Store, scryfall: FakeScryfall) -> None:
    svc = service(store, scryfall)
    first = await svc.reply("Notion Thief", contains="draw step")
    assert all("draw step" in p.description.lower() for p in first.pages)
    count = len(scryfall.requests)
    again = await svc.reply("notion thief")
    assert len(scryfall.requests) == count  # served from the cache
    assert "Notion Thief" in again.pages[0].title
    await svc.close()


async def test_fuzzy_name_and_not_found(store: Store, scryfall: FakeScryfall) -> None:
    svc = service(store, scryfall)
    fuzzy = await svc.reply("notion theif")
    assert fuzzy.pages[0].title == "Rulings: Notion Thief"
    missing = await svc.reply("Qwxz Blorp")
    assert missing.error and "no card named" in missing.as_text().lower()
    with pytest.raises(CardNotFound):
        await svc.client.card_named("Zzyzx Qqq Vvv")
    await svc.close()


async def test_429_is_retried(store: Store, scryfall: FakeScryfall) -> None:
    scryfall.fail_first = 2
    svc = service(store, scryfall)
    reply = await svc.reply("Platinum Angel")
    assert not reply.error and "Platinum Angel" in reply.pages[0].title
    await svc.close()


@pytest.mark.parametrize("mode,fragment", [("500", "500"), ("malformed", "not JSON"), ("slow", "being fetched")])
async def test_failures_are_clear_errors(store: Store, scryfall: FakeScryfall, mode: str, fragment: str) -> None:
    scryfall.mode = mode
    svc = service(store, scryfall, timeout=0.5)
    svc.client.backoff = 0.001
    reply = await svc.reply("Opportunity")
    assert reply.error and fragment in reply.as_text()
    await svc.close()


async def test_stale_served_then_refreshed_and_offline_keeps_cache(store: Store, scryfall: FakeScryfall) -> None:
    svc = service(store, scryfall, ttl=timedelta(seconds=0))
    fresh = await svc.reply("Sylvan Library")
    assert not fresh.error
    await svc.wait_refreshes()
    scryfall.mode = "500"
    stale = await svc.reply("Sylvan Library")  # stale: served at once, refresh tried in the background
    assert not stale.error and "refresh" in stale.pages[-1].footer
    await svc.wait_refreshes()  # the refresh fails...
    kept = await store.get_rulings(svc._oracle_key((await store.get_card("Sylvan Library"))[0]))
    assert kept is not None and kept[0]  # ...and nothing was lost
    offline = await svc.reply("sylvan librery")  # a typo while Scryfall is down: the cached card
    assert not offline.error and "Sylvan Library" in offline.pages[0].title
    await svc.close()


async def test_rate_limiter_spaces_requests() -> None:
    limiter = RateLimiter(20)
    loop = asyncio.get_running_loop()
    start = loop.time()
    await asyncio.gather(*(limiter.wait() for _ in range(6)))
    assert loop.time() - start >= 0.24  # 6 starts at 20/s take at least 5 intervals


async def test_unknown_card_in_a_situation_is_learned_from_its_oracle_text(store: Store,
                                                                          scryfall: FakeScryfall) -> None:
    scryfall.extra_cards["Veil of Tomorrow"] = "Each opponent can't draw more than one card each turn."
    scryfall.extra_cards["Strange Engine"] = "If you would draw a card, juggle three cards instead."
    svc = service(store, scryfall)
    judge = Judge(store, card_lookup=svc.oracle_text)
    # in the upkeep nothing is drawn yet this turn (after the draw step the turn's card is, 504.1)
    learned = await judge.draw("It's my upkeep. I have 10 cards in library. Opponent controls Veil of Tomorrow. "
                               "I draw 3")
    assert not learned.error and "hand 7 → 8" in learned.as_text()
    unknown = await judge.draw("I control Strange Engine. I draw")
    assert unknown.error and "not yet understood" in unknown.as_text() and "juggle three" in unknown.as_text()
    nothing = await judge.draw("I control Qqqq Zzzz. I draw")
    assert nothing.error and "not a card I know" in nothing.as_text()
    await svc.close()


async def test_a_card_from_scryfall_keeps_its_type_line(store: Store, scryfall: FakeScryfall) -> None:
    scryfall.extra_cards["Veil of Tomorrow"] = "Each opponent can't draw more than one card each turn."
    scryfall.extra_types["Veil of Tomorrow"] = "Legendary Enchantment"
    svc = service(store, scryfall)
    found = await svc.oracle_text("Veil of Tomorrow")
    assert found is not None and found[2] == "Legendary Enchantment"
    reading = read_oracle(found[0], found[1])
    assert reading.card(found[1], found[2]).has_type("enchantment")
    await svc.close()


async def test_bulk_load(store: Store, tmp_path: Path) -> None:
    cards, rulings = load_bulk_file(CARDS_DIR / "oracle-cards.json")
    assert len(cards) == 69
    n_cards, _ = await store.bulk_load(cards, {})
    _, rulings = load_bulk_file(CARDS_DIR / "rulings.json")
    _, n_rulings = await store.bulk_load([], rulings)
    assert n_cards == 69 and n_rulings >= 60
    assert (await store.get_card("Alms Collector")) is not None
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2, 3]")
    with pytest.raises(ValueError, match="no Scryfall cards"):
        load_bulk_file(bad)


async def test_bulk_loaded_cache_serves_rulings_offline(store: Store) -> None:
    cards, _ = load_bulk_file(CARDS_DIR / "oracle-cards.json")
    _, rulings = load_bulk_file(CARDS_DIR / "rulings.json")
    await store.bulk_load(cards, rulings)
    client = ScryfallClient(base_url="http://127.0.0.1:9", timeout=0.3, limiter=RateLimiter(1000), backoff=0.001)
    svc = RulingsService(store, client=client, ttl=timedelta(days=7))
    reply = await svc.reply("Alms Collector")
    assert not reply.error and "Alms Collector" in reply.as_text() and "instruction" in reply.as_text()
    with pytest.raises(ScryfallError):
        await client.card_named("Notion Thief")
    await svc.close()


async def test_ruling_command_through_the_command_tree(store: Store, scryfall: FakeScryfall,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord.app import DrawJudgeBot
    from tests.fakes.discord_fake import APP_ID, FakeDiscord, autocomplete, dispatch, slash

    svc = service(store, scryfall)
    fake = FakeDiscord()
    fake.install(monkeypatch)
    client = DrawJudgeBot(Judge(store), rulings=svc.reply, card_choices=svc.names, application_id=APP_ID)
    await client.login("t")
    try:
        sent = await dispatch(client, fake, slash("ruling", card="Alms Collector", public=True))
        e = sent[0]["data"]["embeds"][0]
        assert e["title"] == "Rulings: Alms Collector" and "scryfall.com" in e["url"]
        choices = await dispatch(client, fake, autocomplete("ruling", "card", "Notion"))
        assert "Notion Thief" in [c["value"] for c in choices[0]["data"]["choices"]]
        missing = await dispatch(client, fake, slash("ruling", card="Zzyzx Qqq Vvv"))
        assert missing[0]["data"]["flags"] & 64
    finally:
        await client.close()
        await svc.close()


def test_cli_ruling_and_cards_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    from bot.terminal.cli import main

    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "c.sqlite3"))
    monkeypatch.setenv("DRAWJUDGE_SCRYFALL_API", "http://127.0.0.1:9")
    monkeypatch.setenv("DRAWJUDGE_HTTP_TIMEOUT", "0.3")
    assert main(["cards", "load", str(CARDS_DIR / "oracle-cards.json"), str(CARDS_DIR / "rulings.json")]) == 0
    assert "Loaded 69 cards" in capsys.readouterr().out
    assert main(["ruling", "Spirit of the Labyrinth"]) == 0
    assert "Rulings: Spirit of the Labyrinth" in capsys.readouterr().out
    assert main(["cards", "load", str(tmp_path / "missing.json")]) == 2
    assert "not a readable JSON file" in capsys.readouterr().err


async def test_slow_scryfall_answers_within_the_budget_and_fills_the_cache(store: Store,
                                                                           scryfall: FakeScryfall) -> None:
    """A slow Scryfall once stretched one /ruling to 162 s; now the answer comes within the budget and the
    fetch goes on in the background, so asking again a moment later gets the rulings."""
    import time

    scryfall.mode = "slow"  # 3 s a request
    svc = service(store, scryfall, timeout=5.0)
    svc.budget = 0.5
    start = time.perf_counter()
    first = await svc.reply("Opportunity")
    assert time.perf_counter() - start < 1.5
    assert first.error and "being fetched" in first.as_text()
    await asyncio.wait_for(svc.wait_refreshes(), 30)
    scryfall.mode = "ok"
    again = await svc.reply("Opportunity")
    assert not again.error and "Rulings: Opportunity" in again.pages[0].title
    await svc.close()


async def test_draw_with_unknown_card_while_scryfall_is_down_answers_at_once(store: Store,
                                                                             scryfall: FakeScryfall) -> None:
    """With Scryfall down, /draw naming an unknown card took 8-16 s; now it answers within the budget."""
    import time

    from bot.service import Judge

    scryfall.extra_cards["Brainstorm Test"] = "Draw three cards, then put two cards from your hand on top."
    scryfall.mode = "slow"
    svc = service(store, scryfall, timeout=5.0)
    svc.budget = 0.5
    judge = Judge(store, card_lookup=svc.oracle_text)
    start = time.perf_counter()
    reply = await judge.draw("I control Brainstorm Test. I draw a card.")
    assert time.perf_counter() - start < 1.5
    assert reply.error and "being fetched" in reply.as_text()
    await svc.close()
