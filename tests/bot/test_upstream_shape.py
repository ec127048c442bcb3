"""Odd answers from upstream (issue #28), through the real command tree against a loopback Scryfall: a card text
with a 100,000-space run is read in linear time off the event loop (it froze the bot 32.9 s on /card and again
on every /draw naming it), and a card with 10,000 rulings (1.7 MB) is kept to a bound and parsed off the loop."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.cards.rulings import RulingsService
from bot.discord.app import DrawJudgeBot
from bot.loopwatch import LoopWatch
from bot.service import Judge
from bot.sources.scryfall import MAX_RULINGS, RateLimiter, ScryfallClient
from bot.store import Store
from engine.oracle import read_oracle
from tests.conftest import CARDS_DIR
from tests.fakes.discord_fake import APP_ID, FakeDiscord, dispatch, slash
from tests.fakes.scryfall import FakeScryfall

SPACEY = "Spacey Seer"
SPACEY_TEXT = "When Spacey Seer enters the battlefield, draw a card." + " " * 100_000 + "\n\n\t\u00a0Flying"


@pytest.fixture
async def scryfall() -> AsyncIterator[FakeScryfall]:
    async with FakeScryfall(CARDS_DIR) as fake:
        fake.extra_cards[SPACEY] = SPACEY_TEXT
        fake.extra_types[SPACEY] = "Creature — Human Wizard"
        yield fake


@pytest.fixture
async def bot(store: Store, scryfall: FakeScryfall,
              monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[DrawJudgeBot, FakeDiscord, RulingsService]]:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    client = ScryfallClient(base_url=scryfall.base, timeout=5.0, limiter=RateLimiter(1000), backoff=0.01)
    rulings = RulingsService(store, client=client, budget=5.0)
    bot = DrawJudgeBot(Judge(store, card_lookup=rulings.oracle_text), rulings=rulings.reply, application_id=APP_ID)
    await bot.login("test-token")
    try:
        yield bot, fake, rulings
    finally:
        await bot.close()
        await rulings.close()


def _text(sent: list[Any]) -> str:
    out = []
    for payload in sent:
        data = payload.get("data", payload) if isinstance(payload, dict) else {}
        out += [f"{e.get('title', '')} {e.get('description', '')}" for e in data.get("embeds") or []]
    return " ".join(out)


def test_the_oracle_reader_is_linear_in_runs_of_whitespace() -> None:
    for space in (" ", "\t", "\u00a0"):
        start = time.perf_counter()
        reading = read_oracle("Seer", "Draw a card." + space * 200_000 + "Then discard a card.", "Sorcery")
        assert time.perf_counter() - start < 0.5  # 200,000 spaces took minutes when quadratic
        assert reading.understood
    assert read_oracle("Seer", "Draw  a\u00a0card.", "Sorcery").effects == \
        read_oracle("Seer", "Draw a card.", "Sorcery").effects


@pytest.mark.timeout(60)
async def test_a_card_text_with_a_huge_run_of_spaces_does_not_freeze_the_bot(
        bot: tuple[DrawJudgeBot, FakeDiscord, RulingsService]) -> None:
    client, fake, _rulings = bot
    with LoopWatch() as watch:
        card = await dispatch(client, fake, slash("card", card=SPACEY), timeout=20)
        drawn = await dispatch(client, fake, slash("draw", situation=f"I cast {SPACEY}. It enters."), timeout=20)
    assert SPACEY in _text(card) and "draw a card" in _text(card).lower()
    assert _text(drawn)
    assert watch.longest < 0.3, watch.longest  # 32.9 s before (and again on every /draw naming the card)


@pytest.mark.timeout(60)
async def test_rulings_per_card_are_bounded_and_parsed_off_the_loop(
        bot: tuple[DrawJudgeBot, FakeDiscord, RulingsService], scryfall: FakeScryfall) -> None:
    client, fake, rulings = bot
    many = [{"object": "ruling", "source": "wotc", "published_at": f"2020-01-{1 + i % 28:02d}",
             "comment": f"Ruling number {i} about drawing."} for i in range(10_000)]  # 1.7 MB, inside the download cap
    scryfall.raw_rulings["Notion Thief"] = json.dumps({"object": "list", "has_more": False, "data": many}).encode()
    with LoopWatch() as watch:
        sent = await dispatch(client, fake, slash("ruling", card="Notion Thief"), timeout=20)
    assert "Rulings: Notion Thief" in _text(sent)
    cached = await rulings.store.get_rulings(rulings._oracle_key((await rulings.card("Notion Thief")).value))
    assert cached is not None and len(cached[0]) == MAX_RULINGS
    assert watch.longest < 0.2, watch.longest  # 50,000 rulings blocked it 826 ms before
    await asyncio.sleep(0)
