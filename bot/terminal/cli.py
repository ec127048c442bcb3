"""The ``drawjudge`` command: run the bot or the console, look rules up, refresh the cache, resolve scenarios.

Why one entry point with subcommands: the README promises one command that does the main job, and scripts
and judges need the same answers without Discord. Every failure prints ``error: ...`` and exits 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable, Sequence

from bot.commands import BY_NAME, Command, run
from bot.config import Config
from bot.discord.connections import fast_loop_factory
from bot.render.text import editions_text
from bot.rules.update import (
    RulesUpdateError,
    update_from_file,
    update_from_publisher,
    update_from_url,
    update_ga_from_folder,
    update_ga_from_site,
)
from bot.store import Store, StoreError

EXIT_OK = 0
EXIT_NOT_FOUND = 1
EXIT_ERROR = 2


class CLIError(Exception):
    """An error the user can fix; printed without a traceback."""


LOOKUPS = ("rule", "search", "define", "rulediff", "ruling", "card")


def _add_lookup(sub: argparse._SubParsersAction[argparse.ArgumentParser], command: Command) -> None:
    """A registry command as a subcommand: its text option positional, the others as --options."""
    parser = sub.add_parser(command.name, help=command.description)
    for option in command.options:
        if option is command.text_option:
            parser.add_argument(option.name, help=option.description)
        elif option.kind is not bool:
            parser.add_argument(f"--{option.name}", default=None, help=option.description,
                                choices=[value for _label, value in option.choices] or None)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drawjudge", description="A judge for card-draw situations.")
    sub = p.add_subparsers(dest="cmd")

    sub.add_parser("run", help="start the Discord bot (DISCORD_TOKEN), or the local console without a token")
    sub.add_parser("console", help="the interactive local console")
    ask = sub.add_parser("ask", help='answer one console command, e.g. drawjudge ask "/rule 121.2b"')
    ask.add_argument("line")

    for command in LOOKUPS:  # the look-ups, from the command registry: the same answers as the console
        _add_lookup(sub, BY_NAME[command])

    rules = sub.add_parser("rules", help="the rules cache")
    rules_sub = rules.add_subparsers(dest="rules_cmd", required=True)
    rules_sub.add_parser("list", help="editions in the cache")
    upd = rules_sub.add_parser("update", help="refresh from the publisher, or load --file / --url")
    upd.add_argument("--game", default="mtg", choices=["mtg", "grand-archive"])
    src = upd.add_mutually_exclusive_group()
    src.add_argument("--file", default=None, help="a CR text file")
    src.add_argument("--url", default=None, help="a CR text file's URL, or the Grand Archive rules site")
    src.add_argument("--folder", default=None, help="a folder of Grand Archive Markdown pages")

    resolve = sub.add_parser("resolve", help="resolve a scenario (JSON file or situation text)")
    resolve.add_argument("situation", nargs="?", default=None)
    resolve.add_argument("--json", dest="json_file", default=None, help="a scenario JSON file, or - for stdin")
    resolve.add_argument("--json-out", action="store_true", help="print the resolution as JSON")

    cards = sub.add_parser("cards", help="the card and rulings cache")
    cards_sub = cards.add_subparsers(dest="cards_cmd", required=True)
    load = cards_sub.add_parser("load", help="ingest Scryfall bulk files (oracle cards, rulings)")
    load.add_argument("files", nargs="+")

    sync = sub.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, default=None)
    return p


async def _with_store(config: Config, job: Callable[[Store], Awaitable[int]]) -> int:
    from bot.application import open_store

    store = await open_store(config)
    try:
        return await job(store)
    finally:
        await store.close()


async def _rules_cmd(args: argparse.Namespace, config: Config) -> int:
    async def job(store: Store) -> int:
        if args.rules_cmd == "list":
            print(editions_text(await store.editions()))
            return EXIT_OK
        if args.game == "grand-archive":
            if args.folder:
                result = await update_ga_from_folder(store, args.folder)
            else:
                result = await update_ga_from_site(store, args.url or config.ga_rules_site, timeout=config.http_timeout)
        elif args.folder:
            raise CLIError("--folder is for Grand Archive pages; use --file for a CR text file")
        elif args.file:
            result = await update_from_file(store, args.file)
        elif args.url:
            result = await update_from_url(store, args.url, timeout=config.http_timeout)
        else:
            result = await update_from_publisher(store, config.rules_page, timeout=config.http_timeout,
                                              extra_hosts=config.rules_hosts)
        print(result.message)
        return EXIT_OK

    return await _with_store(config, job)


async def _lookup_cmd(args: argparse.Namespace, config: Config) -> int:
    """A look-up answered through the command registry, printed as the console prints it."""
    from bot.application import Application

    command = BY_NAME[args.cmd]
    options = {o.name: getattr(args, o.name) for o in command.options
               if o is not command.text_option and o.kind is not bool and getattr(args, o.name, None) is not None}
    app = await Application.open(config, one_shot=True)
    try:
        reply = await run(app.services, command.name, getattr(args, command.text_option.name)
                          if command.text_option else "", options)
    finally:
        await app.close()
    print(reply.as_plain())
    return EXIT_NOT_FOUND if reply.error else EXIT_OK


async def _cards_cmd(args: argparse.Namespace, config: Config) -> int:
    from pathlib import Path

    from bot.cards.rulings import load_bulk_file

    async def job(store: Store) -> int:
        total_cards = total_rulings = 0
        for name in args.files:
            cards, rulings = load_bulk_file(Path(name))
            n_cards, n_rulings = await store.bulk_load(cards, rulings)
            total_cards += n_cards
            total_rulings += n_rulings
        print(f"Loaded {total_cards} cards and the rulings of {total_rulings} cards.")
        return EXIT_OK

    return await _with_store(config, job)


async def _dispatch(args: argparse.Namespace, config: Config) -> int:
    if args.cmd == "rules":
        return await _rules_cmd(args, config)
    if args.cmd in LOOKUPS:
        return await _lookup_cmd(args, config)
    if args.cmd == "cards":
        return await _cards_cmd(args, config)
    if args.cmd == "resolve":
        from bot.terminal.resolve_cli import resolve_command

        return await resolve_command(args, config)
    if args.cmd in (None, "run", "console", "ask", "sync"):
        from bot.runner import run_command

        return await run_command(args, config)
    raise CLIError(f"unknown command {args.cmd}")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = Config.from_env()
        # The bot runs on uvloop when the optional `speed` extra installed it (a faster event loop under bursts).
        with asyncio.Runner(loop_factory=fast_loop_factory() if args.cmd in (None, "run") else None) as runner:
            code = runner.run(_dispatch(args, config))
        sys.stdout.flush()  # here, where a reader that left is caught, not at exit
    except (CLIError, StoreError, RulesUpdateError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        code = EXIT_ERROR
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = _reader_left()
    return code


EXIT_PIPE_CLOSED = 141  # 128 + SIGPIPE, as a shell reports a writer whose reader left


def _reader_left() -> int:
    """The reader of our output left (``drawjudge ask ... | head``): that is no error to report. Python
    would print a BrokenPipeError when it flushes stdout at exit, so stdout is pointed at /dev/null first."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_PIPE_CLOSED


if __name__ == "__main__":
    sys.exit(main())
