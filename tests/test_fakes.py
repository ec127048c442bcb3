"""The loopback stand-ins answer the way Discord does, so the bot under test logs nothing a real server
would not make it log."""

from __future__ import annotations

import aiohttp

from tests.fakes.gateway import StandInDiscord


async def test_follow_up_is_answered_with_a_message_object() -> None:
    async with StandInDiscord() as server, aiohttp.ClientSession() as session:
        url = f"{server.base}/api/v10/webhooks/111/tok-42?wait=true"
        async with session.post(url, json={"embeds": [{"title": "x"}], "allowed_mentions": {"parse": []}}) as resp:
            body = await resp.json()
    assert resp.status == 200
    assert body["channel_id"] and body["id"] and body["embeds"] == [{"title": "x"}]
    assert server.followups["tok-42"][0]["embeds"][0]["title"] == "x"
