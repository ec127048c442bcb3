"""1000 interactions fired at once at the real bot (its own process, `drawjudge run`) over loopback: every
one answered, the bot's memory bounded, and the bot still shuts down cleanly. The latencies (none later than 3 s) are measured and
printed by `bench/run_all.py`, not asserted here: a benchmark is not a timed unit test."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.store import Store
from tests.fakes.botproc import peak_rss_mb, start_bot, stop_bot
from tests.fakes.gateway import StandInDiscord
from tests.fakes.load import fire


async def test_thousand_concurrent_interactions(store: Store, tmp_path: Path) -> None:
    db = tmp_path / "load.sqlite3"
    shutil.copy(store.path, db)
    async with StandInDiscord() as server:
        proc = await start_bot(server, db, tmp_path)
        try:
            result = await fire(server, 1000)
            peak = peak_rss_mb(proc)
        finally:
            code, err = await stop_bot(proc)
    assert result.answered == 1000
    assert len(result.latencies) == 1000
    assert peak < 1024, f"the bot's memory peaked at {peak:.0f} MB"  # bounded: no per-interaction leak of size
    assert code == 0, err.decode()[-1000:]
    # Deferred answers go out as follow-ups; the stand-in answers them as Discord does (a message object),
    # so the bot logs no traceback (a KeyError per follow-up once filled a pipe and hung the suite).
    assert b"Traceback" not in err, err.decode(errors="replace")[-2000:]
