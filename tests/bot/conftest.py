"""Fixtures of the Discord tests: the real bot on the recording stand-in of Discord's HTTP API."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from tests.fakes.discord_fake import APP_ID, FakeDiscord


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
