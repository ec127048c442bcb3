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

from bot.config import Config
from bot.render_text import definition_text, diff_text, editions_text, rule_lookup_text, search_text
from bot.rules_index import Indexes
from bot.rules_source import (
    RulesUpdateError,
    ensure_shipped_editions,
    update_from_file,
    update_from_publisher,
    update_from_url,
    update_ga_from_folder,
    update_ga_from_site,
)
from bot.store import Store, StoreDamaged, StoreError

EXIT_OK = 0
EXIT_NOT_FOUND = 1
EXIT_ERROR = 2


class CLIError(Exception):
    """An error the user can fix; printed without a traceback."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drawjudge", description="A judge for card-draw situations.")
    sub = p.add_subparsers(dest="cmd")

    sub.add_parser("run", help="start the Discord bot (DISCORD_TOKEN), or the local console without a token")
    sub.add_parser("console", help="the interactive local console")
    ask = sub.add_parser("ask", help='answer one console command, e.g. drawjudge ask "/rule 121.2b"')
    ask.add_argument("line")

    rule = sub.add_parser("rule", help="a rule by number, e.g. 121.2b")
    rule.add_argument("number")
    rule.add_argument("--edition", default=None)
    rule.add_argument("--game", default="mtg", choices=["mtg", "grand-archive"])

    search = sub.add_parser("search", help="full-text search of the rules and glossary")
    search.add_argument("query")
    search.add_argument("--edition", default=None)
    search.add_argument("--game", default="mtg", choices=["mtg", "grand-archive"])
    search.add_argument("--limit", type=int, default=10)

    define = sub.add_parser("define", help="a glossary term")
    define.add_argument("term")
    define.add_argument("--edition", default=None)

    diff = sub.add_parser("rulediff", help="how a rule changed between two editions")
    diff.add_argument("number")
    diff.add_argument("--old", default=None, help="older edition (default: the oldest stored CR)")
    diff.add_argument("--new", default=None, help="newer edition (default: current)")

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

    ruling = sub.add_parser("ruling", help="official rulings of a card (cache, then Scryfall)")
    ruling.add_argument("name")
    ruling.add_argument("--contains", default=None)

    cards = sub.add_parser("cards", help="the card and rulings cache")
    cards_sub = cards.add_subparsers(dest="cards_cmd", required=True)
    load = cards_sub.add_parser("load", help="ingest Scryfall bulk files (oracle cards, rulings)")
    load.add_argument("files", nargs="+")

    sync = sub.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, default=None)
    return p


async def open_store(config: Config) -> Store:
    """Open the cache. Only SQLite's verdict of damage sets a file aside (kept, under a unique name) and
    rebuilds the cache from shipped data, loudly; a read-only file is served read-only, a newer schema refused."""
    store = Store(config.db_path)
    try:
        await store.open()
    except StoreDamaged as exc:
        moved = await store.rebuild()
        print(f"warning: {exc}; the file was set aside as {moved} next to {config.db_path} and the cache rebuilt "
              "from the data shipped with drawjudge. Run `drawjudge rules update` to download the current rules "
              "again.", file=sys.stderr)
    if store.read_only:
        print(f"note: {config.db_path} is read-only: answering from it as it is, without downloads or updates.",
              file=sys.stderr)
    else:
        await ensure_shipped_editions(store)
    return store


async def _with_store(config: Config, job: Callable[[Store], Awaitable[int]]) -> int:
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
    async def job(store: Store) -> int:
        if args.cmd == "rule":
            edition = await store.edition(args.edition, args.game)
            result = await store.rule(args.number, edition)
            print(rule_lookup_text(result))
            return EXIT_OK if result.found else EXIT_NOT_FOUND
        if args.cmd == "search":
            edition = await store.edition(args.edition, args.game)
            found = (await Indexes(store).get(edition)).search(args.query, limit=max(1, min(args.limit, 50)))
            print(search_text(found))
            return EXIT_OK if found.hits else EXIT_NOT_FOUND
        if args.cmd == "define":
            edition = await store.edition(args.edition)
            definition = await store.define(args.term, edition)
            print(definition_text(definition))
            return EXIT_OK if definition.entry else EXIT_NOT_FOUND
        if args.cmd == "rulediff":
            new = await store.edition(args.new)
            if args.old:
                old = await store.edition(args.old)
            else:
                crs = [e for e in await store.editions("mtg") if e.kind == "cr" and e.id != new.id]
                if not crs:
                    raise CLIError("only one Magic CR edition is in the cache; load another with "
                                   "`drawjudge rules update --file PATH` to compare")
                old = crs[-1]
            print(diff_text(await store.rule_diff(args.number, old, new)))
            return EXIT_OK
        raise CLIError(f"unknown command {args.cmd}")

    return await _with_store(config, job)


async def _cards_cmd(args: argparse.Namespace, config: Config) -> int:
    from pathlib import Path

    from bot.rulings import RulingsService, load_bulk_file

    async def job(store: Store) -> int:
        if args.cmd == "cards":
            total_cards = total_rulings = 0
            for name in args.files:
                cards, rulings = load_bulk_file(Path(name))
                n_cards, n_rulings = await store.bulk_load(cards, rulings)
                total_cards += n_cards
                total_rulings += n_rulings
            print(f"Loaded {total_cards} cards and the rulings of {total_rulings} cards.")
            return EXIT_OK
        service = RulingsService(store, config)
        try:
            reply = await service.reply(args.name, args.contains)
        finally:
            await service.close()
        print(reply.as_plain())
        return EXIT_NOT_FOUND if reply.error else EXIT_OK

    return await _with_store(config, job)


async def _dispatch(args: argparse.Namespace, config: Config) -> int:
    if args.cmd == "rules":
        return await _rules_cmd(args, config)
    if args.cmd in ("rule", "search", "define", "rulediff"):
        return await _lookup_cmd(args, config)
    if args.cmd in ("ruling", "cards"):
        return await _cards_cmd(args, config)
    if args.cmd == "resolve":
        from bot.resolve_cli import resolve_command

        return await resolve_command(args, config)
    if args.cmd in (None, "run", "console", "ask", "sync"):
        from bot.runner import run_command

        return await run_command(args, config)
    raise CLIError(f"unknown command {args.cmd}")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = Config.from_env()
        code = asyncio.run(_dispatch(args, config))
    except (CLIError, StoreError, RulesUpdateError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        code = EXIT_ERROR
    except KeyboardInterrupt:
        code = 130
    return code


if __name__ == "__main__":
    sys.exit(main())
