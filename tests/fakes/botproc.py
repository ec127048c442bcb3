"""The real entry point (`drawjudge run`) in a subprocess, pointed at the loopback stand-in of Discord.

A tiny bootstrap sets the two class attributes that name Discord's addresses, then runs the unmodified CLI;
production code needs no seam. Running the bot in its own process also gives it a core of its own, as in
production, where Discord is not in the bot's process.

The bot's output goes to files, never to a pipe: a pipe nobody reads fills up (64 KB) and the bot blocks on
its next log line, which hung the suite.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.fakes.gateway import StandInDiscord

ROOT = Path(__file__).resolve().parents[2]


async def start_bot(server: StandInDiscord, db: Path, tmp: Path,
                    extra_env: dict[str, str] | None = None, root: Path = ROOT,
                    prelude: str = "", new_session: bool = False) -> asyncio.subprocess.Process:
    """Start ``drawjudge run`` from ``root`` (another checkout can be measured the same way); ``prelude`` is
    Python run first in the bot's process (a lower open-file limit, uvloop hidden...). ``new_session``: the bot
    in a session of its own, so that on Linux (autogroup scheduling) the scheduler shares the cores between it
    and the caller's session as between two services, not as between two processes of one session."""
    bootstrap = tmp / f"boot-{len(list(tmp.glob('boot-*.py')))}.py"
    bootstrap.write_text(
        prelude +
        "import sys, discord, yarl\n"
        f"discord.http.Route.BASE = '{server.base}/api/v10'\n"
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL('ws://127.0.0.1:{server.port}/')\n"
        "from bot.terminal.cli import main\n"
        "if __name__ == '__main__':  # the engine's worker processes import this file too\n"
        "    sys.exit(main(['run']))\n")
    env = {**os.environ, "DISCORD_TOKEN": "live-token", "DRAWJUDGE_DB": str(db), "PYTHONPATH": str(root),
           **(extra_env or {})}
    log = tmp / f"bot-{os.getpid()}-{len(list(tmp.glob('bot-*.log')))}.log"
    with open(log, "wb") as sink:  # the child keeps its own descriptor; ours is closed at once
        proc = await asyncio.create_subprocess_exec(sys.executable, str(bootstrap), env=env, cwd=str(root),
                                                    stdin=asyncio.subprocess.DEVNULL, stdout=sink, stderr=sink,
                                                    start_new_session=new_session)
    _LOGS[proc.pid] = log
    try:
        await asyncio.wait_for(server.new_connection.wait(), 30)
        await asyncio.wait_for(server.connections[-1].identified.wait(), 30)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise RuntimeError(f"the bot did not connect: {bot_output(proc)[-2000:]!r}") from None
    await asyncio.sleep(0.2)  # READY is handled and the tree is set up
    return proc


_LOGS: dict[int, Path] = {}


def bot_output(proc: asyncio.subprocess.Process) -> bytes:
    """Everything the bot wrote to stdout and stderr so far."""
    log = _LOGS.get(proc.pid)
    try:
        return log.read_bytes() if log else b""
    except OSError:
        return b""


def peak_rss_mb(proc: asyncio.subprocess.Process) -> float:
    """The bot process's peak resident memory (Linux VmHWM), read before it exits."""
    try:
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


async def stop_bot(proc: asyncio.subprocess.Process, within: float = 20) -> tuple[int, bytes]:
    """SIGTERM, then the exit code and the bot's output; a bot still running after ``within`` s is killed
    (exit code -9 tells the caller it did not stop by itself)."""
    import signal

    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    try:
        code = await asyncio.wait_for(proc.wait(), within)
    except TimeoutError:
        proc.kill()
        code = await proc.wait()
    return code, bot_output(proc)
