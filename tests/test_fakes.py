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


async def test_the_timed_rest_answers_as_aiohttps_and_stamps_arrival_not_reading() -> None:
    """The benchmark's REST server (tests/fakes/timed_rest.py) answers a deferral and a follow-up as the aiohttp
    one does, on one kept-alive connection; a request that arrives while the stand-in's loop is busy is
    stamped with the time it arrived (the kernel's), not the time the stand-in read it."""
    import asyncio
    import time

    async with StandInDiscord(timed_rest=True) as server, aiohttp.ClientSession() as session:
        assert server.base != f"http://127.0.0.1:{server.port}"  # REST on a port of its own
        url = f"{server.base}/api/v10/webhooks/111/tok-42?wait=true"
        async with session.post(url, json={"embeds": [{"title": "x"}], "allowed_mentions": {"parse": []}}) as resp:
            body = await resp.json()
        assert resp.status == 200 and body["embeds"] == [{"title": "x"}]
        assert server.followups["tok-42"][0]["embeds"][0]["title"] == "x"

        assert server._timed is not None
        stamped = server._timed.stamped
        await asyncio.sleep(0.1)  # the kernel switches its stamps on a moment after the first socket asks
        reader, writer = await asyncio.open_connection("127.0.0.1", int(server.base.rsplit(":", 1)[1]))
        deferral = b'{"type": 5}'
        writer.write(b"POST /api/v10/interactions/77/tok-77/callback HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(deferral), deferral))
        await writer.drain()
        sent = time.perf_counter()
        time.sleep(0.3)  # the stand-in's loop is held: the request waits in the socket
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        writer.close()
    assert head.startswith(b"HTTP/1.1 204")
    assert server._timed.stamped == stamped + 1, "the kernel stamped the deferral's request"
    assert server.acked_at[77] - sent < 0.1, "stamped when it arrived"
    assert server.acked_read_at[77] - sent >= 0.3, "read once the loop was free"
    assert len(server.peers) == 2
