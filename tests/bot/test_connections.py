"""Bounded connections (issue #28): the real client, over loopback, answers a burst through at most 50 REST
sockets (discord.py's default opened one per reply in flight), and the open-file limit is raised at start."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.discord.app import DrawJudgeBot
from bot.discord.connections import REST_CONNECTIONS
from bot.discord.early_ack import ACK_CONNECTIONS
from bot.store import Store
from tests.fakes.discord_fake import slash
from tests.fakes.gateway import StandInDiscord

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.timeout(60)
async def test_a_burst_is_answered_through_a_bounded_number_of_sockets(
        live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    client, server = live
    assert client.http.connector.limit == REST_CONNECTIONS
    server.rest_delay = 0.1  # slow answers: an unbounded client would open a socket per reply in flight
    server.peers.clear()
    futures = [await server.push_interaction(slash("rule", number=f"121.{1 + i % 6}")) for i in range(300)]
    await asyncio.wait_for(asyncio.gather(*futures), 40)
    assert all(future.done() for future in futures)
    # the REST connections, and under load the early acknowledgements' own (bot/discord/early_ack.py)
    assert 1 < len(server.peers) <= REST_CONNECTIONS + ACK_CONNECTIONS


def test_the_open_file_limit_is_raised_to_what_the_system_allows(tmp_path: Path) -> None:
    script = ("import resource, sys\n"
              "resource.setrlimit(resource.RLIMIT_NOFILE, (128, 1024))\n"
              "from bot.discord.connections import raise_open_file_limit\n"
              "found = raise_open_file_limit(4096)\n"
              "print(found.before, found.now, found.hard, resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["128", "1024", "1024", "1024"]


@pytest.mark.timeout(120)
async def test_a_burst_beyond_the_bound_is_deferred_not_refused(live: tuple[DrawJudgeBot, StandInDiscord]) -> None:
    """250 at once with 10 in flight at most (300 in production; fewer here, so that a loaded test machine
    measures the backlog rather than its own speed, and so that the backlog is reached although acknowledged
    commands are built two per turn of the loop): the rest are acknowledged (deferred) and answered in turn,
    none told "busy", every one acknowledged within Discord's 3 s, through at most 50 sockets."""
    import time

    from bot.loopwatch import LoopWatch

    client, server = live
    client.gate.limit = 10
    server.peers.clear()
    sent: dict[int, float] = {}
    futures = []
    with LoopWatch() as watch:
        for i in range(250):
            payload = slash("rule", number=f"121.{1 + i % 6}")
            sent[int(payload["id"])] = time.perf_counter()
            futures.append(await server.push_interaction(payload))
        for _ in range(600):
            if len(server.answered_at.keys() & sent.keys()) == len(sent):
                break
            await asyncio.sleep(0.05)
    assert server.answered_at.keys() >= sent.keys()
    assert client.gate.most_waiting > 0  # some did wait in the backlog
    busy = [p for _m, path, p in server.rest if isinstance(p, dict) and "answering a lot" in str(p)]
    assert not busy
    late = [i for i, at in sent.items() if server.acked_at[i] - at > 3.0]
    assert not late, f"{len(late)} acknowledged after 3 s; loop block {watch.longest:.3f} s"
    assert len(server.peers) <= REST_CONNECTIONS + ACK_CONNECTIONS
    assert not server.acked_twice


@pytest.mark.timeout(120)
async def test_the_real_entry_point_checks_open_files_and_names_its_event_loop(store: Store,
                                                                               tmp_path: Path) -> None:
    """`drawjudge run` under a soft limit of 256 open files (hard 1,024): raised and logged; uvloop is the event
    loop when it is installed (the `speed` extra), asyncio's otherwise."""
    import importlib.util
    import shutil

    from tests.fakes.botproc import start_bot, stop_bot

    db = tmp_path / "run.sqlite3"
    shutil.copy(store.path, db)
    async with StandInDiscord() as server:
        prelude = "import resource\nresource.setrlimit(resource.RLIMIT_NOFILE, (256, 1024))\n"
        proc = await start_bot(server, db, tmp_path, prelude=prelude)
        try:
            answer = await server.push_interaction(slash("rule", number="121.3"))
            assert "121.3" in str(await asyncio.wait_for(answer, 20))
        finally:
            code, out = await stop_bot(proc)
    assert code == 0, out.decode()[-2000:]
    text = out.decode()
    assert "open-file limit 1024 (was 256, hard 1024)" in text
    loop = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
    assert f"event loop: {loop}" in text
