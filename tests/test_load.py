"""1000 interactions fired at once at the real client over loopback: every one answered within 3 s."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord
import pytest
import yarl

from bot.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from tests.fakes.gateway import StandInDiscord
from tests.fakes.load import fire


@pytest.fixture
async def live(store: Store, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[StandInDiscord]:
    async with StandInDiscord() as server:
        monkeypatch.setattr(discord.http.Route, "BASE", f"{server.base}/api/v10")
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(f"ws://127.0.0.1:{server.port}/"))
        client = DrawJudgeBot(Judge(store), guild_ready_timeout=0.05)
        task = asyncio.create_task(client.start("load-token"))
        await asyncio.wait_for(client.wait_until_ready(), 10)
        try:
            yield server
        finally:
            await client.close()
            await asyncio.wait_for(task, 10)


async def test_thousand_concurrent_interactions(live: StandInDiscord) -> None:
    result = await fire(live, 1000)
    assert result.answered == 1000
    assert max(result.latencies) < 3.0, f"slowest answer {max(result.latencies):.2f} s"
    assert result.rss_growth_mb < 300
