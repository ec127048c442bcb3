"""The real entry point (`drawjudge run`) in a subprocess, pointed at the loopback stand-in of Discord.

A tiny bootstrap sets the two class attributes that name Discord's addresses, then runs the unmodified CLI;
production code needs no seam. Running the bot in its own process also gives it a core of its own, as in
production, where Discord is not in the bot's process.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.fakes.gateway import StandInDiscord

ROOT = Path(__file__).resolve().parents[2]


async def start_bot(server: StandInDiscord, db: Path, tmp: Path) -> asyncio.subprocess.Process:
    bootstrap = tmp / "boot.py"
    bootstrap.write_text(
        "import sys, discord, yarl\n"
        f"discord.http.Route.BASE = '{server.base}/api/v10'\n"
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL('ws://127.0.0.1:{server.port}/')\n"
        "from bot.cli import main\n"
        "sys.exit(main(['run']))\n")
    env = {**os.environ, "DISCORD_TOKEN": "live-token", "DRAWJUDGE_DB": str(db), "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(sys.executable, str(bootstrap), env=env, cwd=str(ROOT),
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        await asyncio.wait_for(server.new_connection.wait(), 30)
        await asyncio.wait_for(server.connections[-1].identified.wait(), 30)
    except TimeoutError:
        proc.kill()
        _out, err = await proc.communicate()
        raise RuntimeError(f"the bot did not connect: {err.decode()[-2000:]}") from None
    await asyncio.sleep(0.2)  # READY is handled and the tree is set up
    return proc


def peak_rss_mb(proc: asyncio.subprocess.Process) -> float:
    """The bot process's peak resident memory (Linux VmHWM), read before it exits."""
    try:
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


async def stop_bot(proc: asyncio.subprocess.Process) -> tuple[int, bytes]:
    import signal

    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    try:
        code = await asyncio.wait_for(proc.wait(), 20)
    except TimeoutError:
        proc.kill()
        code = await proc.wait()
    _out, err = await proc.communicate()
    return code, err
