"""The real client against a loopback stand-in of Discord's gateway and REST API: connect, READY, a slash
command round trip, reconnect and resume, a 429, sharding, and clean shutdown (also on SIGTERM)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.app import DrawJudgeBot, make_bot
from bot.service import Judge
from bot.store import Store
from tests.fakes.botproc import start_bot, stop_bot
from tests.fakes.discord_fake import slash
from tests.fakes.gateway import StandInDiscord

ROOT = Path(__file__).resolve().parents[2]


def _embed(payload: dict[str, Any]) -> dict[str, Any]:
    return payload["data"]["embeds"][0]


async def test_connect_identify_ready(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    identify = server.connections[0].identify
    assert identify is not None and identify["token"] == "live-token"
    assert identify["intents"] == discord.Intents(guilds=True).value  # no privileged intent
    assert client.user is not None and client.is_ready()


async def test_slash_command_round_trip(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    _client, server = live
    answer = await server.push_interaction(slash("rule", number="121.4"))
    payload = await asyncio.wait_for(answer, 10)
    assert payload["type"] == 4
    assert "empty" in _embed(payload)["description"] or "no cards in it" in _embed(payload)["description"]
    assert payload["data"]["allowed_mentions"] == {"parse": []}


async def test_reconnect_resumes_and_keeps_answering(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    _client, server = live
    seq_before = server.connections[0].seq
    conn = await server.reconnect()
    assert conn.resume is not None and conn.resume["session_id"] == server.session_id
    assert conn.resume["seq"] == seq_before
    answer = await server.push_interaction(slash("define", term="Draw"), conn)
    payload = await asyncio.wait_for(answer, 10)
    assert "The result of a game" in _embed(payload)["description"]


async def test_rate_limited_callback_is_retried(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    _client, server = live
    server.rate_limit_next.add("POST interactions")
    answer = await server.push_interaction(slash("rule", number="121.1"))
    payload = await asyncio.wait_for(answer, 10)
    assert server.rate_limited and "121.1" in _embed(payload)["title"]


async def test_close_shuts_the_session_cleanly(store: Store, server: StandInDiscord) -> None:
    client = DrawJudgeBot(Judge(store), guild_ready_timeout=0.05)
    task = asyncio.create_task(client.start("live-token"))
    await asyncio.wait_for(client.wait_until_ready(), 10)
    await client.close()
    await asyncio.wait_for(task, 10)
    await asyncio.wait_for(server.closed_cleanly.wait(), 10)
    assert client.is_closed()


async def test_sharded_client_identifies_each_shard(store: Store, server: StandInDiscord) -> None:
    client = make_bot(Judge(store), shards=2, guild_ready_timeout=0.05)
    task = asyncio.create_task(client.start("live-token"))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 15)
        shards = sorted(tuple(c.identify["shard"]) for c in server.connections if c.identify)
        assert shards == [(0, 2), (1, 2)]
        answer = await server.push_interaction(slash("rule", number="121.2"), server.connections[0])
        assert "121.2" in _embed(await asyncio.wait_for(answer, 10))["title"]
    finally:
        await client.close()
        await asyncio.wait_for(task, 10)


async def test_sigterm_stops_the_real_entry_point_cleanly(store: Store, server: StandInDiscord,
                                                          tmp_path: Path) -> None:
    db = tmp_path / "run.sqlite3"
    shutil.copy(store.path, db)
    proc = await start_bot(server, db, tmp_path)
    try:
        answer = await server.push_interaction(slash("rule", number="121.3"))
        assert "121.3" in _embed(await asyncio.wait_for(answer, 10))["title"]
    finally:
        code, err = await stop_bot(proc)  # SIGTERM
    assert code == 0, err.decode()[-2000:]
    assert b"live-token" not in err  # the token is never logged
    await asyncio.wait_for(server.closed_cleanly.wait(), 10)


async def test_gateway_drop_mid_command_still_answers_and_resumes(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    first = server.connections[-1]
    server.new_connection.clear()
    answer = await server.push_interaction(slash("draw", situation="I have 1 card in library. I draw 2."), first)
    await first.ws.close(code=4000, message=b"dropped")  # the connection dies while the command runs
    payload = await asyncio.wait_for(answer, 10)  # the answer goes over REST all the same
    assert "lose" in _embed(payload)["title"]
    await asyncio.wait_for(server.new_connection.wait(), 15)
    conn = server.connections[-1]
    await asyncio.wait_for(conn.resumed.wait(), 15)  # and the client resumes its session
    again = await server.push_interaction(slash("rule", number="121.4"), conn)
    assert "121.4" in _embed(await asyncio.wait_for(again, 10))["title"]


def test_shard_settings_are_checked() -> None:
    from bot.config import Config

    config = Config.from_env({"DRAWJUDGE_SHARD_COUNT": "8", "DRAWJUDGE_SHARD_IDS": "0-2,5"})
    assert config.shards == 8 and config.shard_ids == (0, 1, 2, 5)
    assert Config.from_env({"DRAWJUDGE_SHARDS": "3"}).shard_ids is None
    for bad in ({"DRAWJUDGE_SHARD_IDS": "0"}, {"DRAWJUDGE_SHARD_COUNT": "2", "DRAWJUDGE_SHARD_IDS": "2"},
                {"DRAWJUDGE_SHARD_COUNT": "2", "DRAWJUDGE_SHARD_IDS": "a"}, {"DRAWJUDGE_SHARD_COUNT": "0"}):
        with pytest.raises(ValueError, match="DRAWJUDGE_SHARD"):
            Config.from_env(bad)


async def test_two_processes_each_run_and_answer_their_own_shards(store: Store, server: StandInDiscord,
                                                                  tmp_path: Path) -> None:
    """DRAWJUDGE_SHARD_IDS of DRAWJUDGE_SHARD_COUNT: two `drawjudge run` processes, each with its own cache,
    identify shards 0-1 and 2-3 of 4, and each answers the interactions of its own shards; stopping one leaves
    the other's shards answering."""
    procs = []
    try:
        for i, ids in enumerate(("0,1", "2,3")):
            home = tmp_path / f"process{i}"
            home.mkdir()
            db = home / "cache.sqlite3"
            shutil.copy(store.path, db)
            server.new_connection.clear()
            procs.append(await start_bot(server, db, home, {"DRAWJUDGE_SHARD_COUNT": "4", "DRAWJUDGE_SHARD_IDS": ids,
                                                            "DRAWJUDGE_ENGINE_WORKERS": "1"}))
        for _ in range(300):
            identified = [c for c in server.connections if c.identify]
            if len(identified) == 4:
                break
            await asyncio.sleep(0.1)
        by_shard = {tuple(c.identify["shard"]): c for c in server.connections if c.identify}
        assert sorted(by_shard) == [(0, 4), (1, 4), (2, 4), (3, 4)]
        for shard in range(4):
            answer = await server.push_interaction(slash("rule", number=f"121.{shard + 1}"), by_shard[(shard, 4)])
            assert f"121.{shard + 1}" in _embed(await asyncio.wait_for(answer, 15))["title"]
        code, err = await stop_bot(procs[0])
        assert code == 0, err.decode()[-2000:]
        answer = await server.push_interaction(slash("rule", number="121.4"), by_shard[(3, 4)])
        assert "121.4" in _embed(await asyncio.wait_for(answer, 15))["title"]
    finally:
        for proc in procs:
            await stop_bot(proc)
