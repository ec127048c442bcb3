"""Running the application: the Discord bot, the local console, a one-shot question, and command sync.

Why here and not in cli.py: these share start-up (open the store, make sure rules are cached) and shutdown
(close the store, SIGTERM as well as Ctrl-C), which the look-up subcommands do not need.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from bot.config import Config
from bot.console import answer, run_console
from bot.recovery import CacheRecovery
from bot.rules_source import RulesUpdateError, update_from_publisher
from bot.rulings import RulingsService
from bot.service import Judge
from bot.store import Store, StoreError

log = logging.getLogger("drawjudge")


async def ensure_current_rules(store: Store, config: Config, *, quiet: bool = False) -> str | None:
    """Download the current CR when the cache has none; a failure is a note, not a crash."""
    try:
        await store.edition()
        return None
    except StoreError:
        pass
    if store.read_only:
        return None
    try:
        result = await update_from_publisher(store, config.rules_page, timeout=config.http_timeout,
                                              extra_hosts=config.rules_hosts)
        return result.message
    except (RulesUpdateError, StoreError) as exc:
        note = (f"No current Comprehensive Rules in the cache and the download failed ({exc}). The historical "
                "editions work; load the CR with `drawjudge rules update --file PATH`.")
        if not quiet:
            print(note, file=sys.stderr)
        return note


async def run_command(args: argparse.Namespace, config: Config) -> int:
    from bot.cli import open_store

    store = await open_store(config)
    service = RulingsService(store, config)
    recovery = CacheRecovery(store, redownload=lambda: ensure_current_rules(store, config, quiet=True))
    try:
        judge = Judge(store, card_lookup=service.oracle_text, recovery=recovery)
        rulings = service.reply
        if args.cmd == "sync":
            return await _sync(judge, config, args.guild)
        if args.cmd == "ask":
            await ensure_current_rules(store, config, quiet=True)
            reply = await answer(judge, args.line, rulings)
            print(reply.as_text())
            return 1 if reply.error else 0
        if args.cmd in (None, "run") and config.token:
            await ensure_current_rules(store, config)
            return await run_bot(judge, config, service)
        await ensure_current_rules(store, config)
        return await run_console(judge, rulings=rulings)
    finally:
        await service.close()
        await recovery.close()
        await store.close()


async def _sync(judge: Judge, config: Config, guild: int | None) -> int:
    if not config.token:
        print("error: set DISCORD_TOKEN to sync the commands with Discord", file=sys.stderr)
        return 2
    from bot.app import make_bot

    bot = make_bot(judge, config.shards)
    async with bot:
        await bot.login(config.token)
        synced = await bot.sync_commands(guild)
    where = f"guild {guild}" if guild else "all guilds (global commands can take up to an hour to appear)"
    print(f"Synced {len(synced)} commands to {where}: {', '.join('/' + c.name for c in synced)}")
    return 0


async def run_bot(judge: Judge, config: Config, service: RulingsService) -> int:
    """Start the bot; SIGTERM and SIGINT close it cleanly (``Client.run`` alone only handles Ctrl-C)."""
    import discord

    from bot.app import make_bot

    discord.utils.setup_logging()
    bot = make_bot(judge, config.shards, rulings=service.reply, card_choices=service.names)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform
            pass

    async def closer() -> None:
        await stop.wait()
        log.info("signal received: closing")
        await bot.close()

    closing = asyncio.create_task(closer())
    try:
        async with bot:
            await bot.start(config.token or "")
    except discord.LoginFailure:
        print("error: Discord refused the token (DISCORD_TOKEN); check it in the developer portal", file=sys.stderr)
        return 2
    finally:
        closing.cancel()
    return 0
