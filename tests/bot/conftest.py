"""Fixtures of the Discord tests: the real bot on the recording stand-in of Discord's HTTP API, or the real
client over a loopback gateway and REST stand-in (tests.fakes.gateway)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
import yarl

from bot.discord.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from tests.fakes.discord_fake import APP_ID, FakeDiscord
from tests.fakes.gateway import StandInDiscord


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[StandInDiscord]:
    """The loopback Discord (gateway and REST) that discord.py is pointed at."""
    async with StandInDiscord() as stand_in:
        monkeypatch.setattr(discord.http.Route, "BASE", f"{stand_in.base}/api/v10")
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(f"ws://127.0.0.1:{stand_in.port}/"))
        yield stand_in


@pytest.fixture
async def live(store: Store, server: StandInDiscord) -> AsyncIterator[tuple[DrawJudgeBot, StandInDiscord]]:
    """The real bot, started and connected to the loopback Discord, its judge warmed as ``drawjudge run`` warms
    it before connecting. Why: cold, the first look-up reads the edition into memory (1.6 s on a busy machine),
    and past the 2 s deferral bound a command that is answered directly in production was deferred here
    (test_gateway's round trip failed under load)."""
    async with started_bot(store) as client:
        yield client, server


@contextlib.asynccontextmanager
async def started_bot(store: Store) -> AsyncIterator[DrawJudgeBot]:
    """The real bot started on the loopback Discord (the ``server`` fixture), its judge warmed first; closed on
    exit. A test that must set the environment before the bot is made calls it itself."""
    judge = Judge(store)
    await judge.warm()
    client = DrawJudgeBot(judge, guild_ready_timeout=0.05)
    task = asyncio.create_task(client.start("live-token"))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        yield client
    finally:
        await client.close()
        await asyncio.wait_for(task, 10)


@pytest.fixture
async def harness(store: Store, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[DrawJudgeBot, FakeDiscord]]:
    fake = FakeDiscord()
    fake.install(monkeypatch)
    client = DrawJudgeBot(Judge(store), application_id=APP_ID)
    await client.login("test-token")
    try:
        yield client, fake
    finally:
        await client.close()
