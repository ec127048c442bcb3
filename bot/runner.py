"""Running the application: the Discord bot, the local console, a one-shot question, and command sync.

Why here and not in cli.py: these run for a while and share start-up (the application, the rules download in
the background) and shutdown (SIGTERM as well as Ctrl-C, then the application closed, the cache last).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import threading
from typing import Any

from bot.application import Application
from bot.config import Config
from bot.discord.connections import raise_open_file_limit
from bot.gc_policy import GcPolicy, freeze_what_lives
from bot.loopwatch import LoopWatch
from bot.terminal.console import answer, run_console

log = logging.getLogger("drawjudge")


async def run_command(args: argparse.Namespace, config: Config) -> int:
    app = await Application.open(config, one_shot=args.cmd == "ask")
    try:
        if args.cmd == "sync":
            return await _sync(app, args.guild)
        if args.cmd == "ask":
            # one question: answered from the cache as it is (a missing edition is said, with how to load it)
            reply = await answer(app.judge, args.line, app.rulings.reply)
            print(reply.as_plain())
            return 1 if reply.error else 0
        # the current rules are fetched in the background: nothing waits for the download
        app.rules.start().add_done_callback(_say_note)
        if args.cmd in (None, "run") and config.token:
            await app.judge.warm()
            await app.start_engine_pool()
            return await run_bot(app)
        return await run_console(app.judge, rulings=app.rulings.reply)
    finally:
        await app.close()


def _say_note(task: asyncio.Task[str | None]) -> None:
    """The background download's outcome, on stderr (the console's answers stay on stdout) and in the log."""
    if task.cancelled() or task.exception() is not None:
        return
    note = task.result()
    if note:
        log.info("%s", note)
        print(note, file=sys.stderr, flush=True)


def bot_for(app: Application, gate: Any = None) -> Any:
    """The bot with every command, built the same way to run and to sync; it owns the application and closes
    it when its connection is closed."""
    from bot.discord.app import make_bot
    from bot.discord.connections import rest_connector

    return make_bot(app.judge, app.config.shards, app.config.shard_ids, rulings=app.rulings.reply,
                    card_choices=app.rulings.names, gate=gate, owner=app,
                    connector=rest_connector(app.config.rest_connections))


async def _sync(app: Application, guild: int | None) -> int:
    config = app.config
    if not config.token:
        print("error: set DISCORD_TOKEN to sync the commands with Discord", file=sys.stderr)
        return 2
    import discord

    bot = bot_for(app)
    try:
        async with bot:
            await bot.login(config.token)
            synced = await bot.sync_commands(guild)
    except discord.LoginFailure:
        print("error: Discord refused the token (DISCORD_TOKEN); check it in the developer portal", file=sys.stderr)
        return 2
    except (discord.HTTPException, OSError) as exc:
        print(f"error: the commands could not be synced ({type(exc).__name__}: {str(exc)[:200]})", file=sys.stderr)
        return 2
    where = f"guild {guild}" if guild else "all guilds (global commands can take up to an hour to appear)"
    print(f"Synced {len(synced)} commands to {where}: {', '.join('/' + c.name for c in synced)}")
    return 0


SHUTDOWN_GRACE = 5.0  # seconds the commands in flight get to finish after SIGTERM
HARD_EXIT_AFTER = 12.0  # if the process is still alive this long after SIGTERM, it exits anyway


def _watchdog(after: float) -> None:
    """Exit the process ``after`` seconds from now whatever the event loop is doing (a thread, so a loop
    flooded with work can't delay it). SQLite's commits are atomic: an exit here loses no cached data."""

    def fire() -> None:
        log.error("still running %.0f s after SIGTERM: exiting now", after)
        logging.shutdown()
        os._exit(1)

    timer = threading.Timer(after, fire)
    timer.daemon = True
    timer.start()


async def run_bot(app: Application) -> int:
    """Start the bot. SIGTERM and SIGINT: stop taking commands, give those in flight ``SHUTDOWN_GRACE`` s, close
    the connection; the store is closed after that by the caller, so closing never looks like damage."""
    import discord

    from bot.discord.app import answer_restarting
    from bot.discord.gate import Gate

    discord.utils.setup_logging()
    raise_open_file_limit(connections=app.config.rest_connections)  # checked (raised where allowed), logged
    log.info("event loop: %s", type(asyncio.get_running_loop()).__module__.split(".")[0])
    config = app.config
    gate = Gate(limit=config.max_in_flight)
    bot = bot_for(app, gate)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def on_signal(signum: int, _frame: object) -> None:
        if not stop.is_set():
            _watchdog(HARD_EXIT_AFTER)
        loop.call_soon_threadsafe(stop.set)

    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            signal.signal(sig, on_signal)
        except (ValueError, OSError):  # not the main thread, or not on this platform
            pass

    watch = LoopWatch()  # from connecting to the stop signal (start-up and closing are not answering)

    async def closer() -> None:
        await stop.wait()
        watch.stop()
        log.info("signal received: finishing %d command(s) in flight, then closing", gate.in_flight)
        left = await gate.drain(SHUTDOWN_GRACE)
        if left:
            log.warning("%d command(s) still running after %.0f s: telling them we restart", left, SHUTDOWN_GRACE)
            await answer_restarting(gate)
        await bot.close()

    closing = asyncio.create_task(closer())
    log.info("%d objects alive after start frozen out of the garbage collector's sight", freeze_what_lives())
    gc_policy = GcPolicy(bot.early_ack.loaded).start()
    watch.start()
    try:
        async with bot:
            await bot.start(config.token or "")
    except discord.LoginFailure:
        print("error: Discord refused the token (DISCORD_TOKEN); check it in the developer portal", file=sys.stderr)
        return 2
    finally:
        closing.cancel()
        watch.stop()
        gc_policy.stop()
        log.info("event loop: longest block %.1f ms while answering (own thread's CPU: %.1f ms)",
                 watch.longest * 1000, watch.longest_own * 1000)
    return 0
