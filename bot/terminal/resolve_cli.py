"""``drawjudge resolve``: a scenario (JSON file or situation text) in, a resolution (JSON or text) out.

Exit status 0 for a resolution, 2 for a scenario the engine rejects, with the error as JSON
(``{"ok": false, "error": {...}}``) when JSON was asked for, and never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cards.lookup import UnreadableCard, cards_for_json, read_situation
from bot.config import Config
from bot.draw.answer import draw_answer
from bot.render.text import draw_text, links_to_today
from bot.store.models import Edition
from engine.cards import default_cards
from engine.errors import Clarification, ScenarioError
from engine.judging import judge_scenario
from engine.scenario_json import scenario_from_json


def _load_json(source: str) -> Any:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read {source}: {exc.strerror or exc}", "file", "check the path") from exc
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{source} is not UTF-8 text", "file", "save the scenario as UTF-8 JSON") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{source} is not valid JSON: {exc.msg}", f"line {exc.lineno}, column {exc.colno}",
                            "check commas, quotes and brackets") from exc


class _Lookup:
    """The card look-up of the other front ends (card data, cache, Scryfall), opened only when a card
    outside the card data is named."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.store: Any = None
        self.service: Any = None

    async def __call__(self, name: str) -> tuple[str, str, str] | None:
        from bot.application import open_store
        from bot.cards.lookup import CardsOffline
        from bot.cards.rulings import LookupPending, RulingsService
        from bot.store import StoreError

        if self.service is None:
            try:
                self.store = await open_store(self.config)
            except StoreError:
                return None
            self.service = RulingsService(self.store, self.config, budget=max(self.config.http_timeout, 5.0))
        try:
            return await self.service.oracle_text(name)
        except (LookupPending, CardsOffline):
            return None

    async def close(self) -> None:
        if self.service is not None:
            await self.service.close()
        if self.store is not None:
            await self.store.close()


async def resolve_command(args: argparse.Namespace, config: Config) -> int:
    as_json = bool(args.json_file) or args.json_out
    lookup = _Lookup(config)
    try:
        return await _resolve(args, config, as_json, lookup)
    finally:
        await lookup.close()


async def _resolve(args: argparse.Namespace, config: Config, as_json: bool, lookup: _Lookup) -> int:
    cards = default_cards()
    try:
        if args.json_file:
            doc = _load_json(args.json_file)
            cards = await cards_for_json(doc, cards, lookup)
            scenario = scenario_from_json(doc, cards)
        elif args.situation:
            cards, scenario = await read_situation(args.situation, cards, lookup)
        else:
            raise ScenarioError("nothing to resolve", "arguments",
                                'give --json FILE, or a situation in quotes: drawjudge resolve "I draw 2"')
        resolution = judge_scenario(scenario, cards)
    except UnreadableCard as exc:
        err = ScenarioError(f"{exc.name}: its draw text is not understood yet", "card",
                            "; ".join(exc.unread) or exc.text)
        print(json.dumps(err.to_json(), ensure_ascii=False, indent=2) if as_json else
              f"error: {err.message}\nnot understood: {err.hint}", file=sys.stdout if as_json else sys.stderr)
        return 2
    except ScenarioError as exc:
        if as_json:
            print(json.dumps(exc.to_json(), ensure_ascii=False, indent=2))
        elif isinstance(exc, Clarification):
            print(f"question: {exc.question}" + (f" ({exc.where})" if exc.where else ""), file=sys.stderr)
            for i, option in enumerate(exc.options, 1):
                print(f"  {i}. {option.label}\n     drawjudge resolve {json.dumps(option.text)}", file=sys.stderr)
        else:
            where = f" ({exc.where})" if exc.where else ""
            hint = f"\nhint: {exc.hint}" if exc.hint else ""
            print(f"error: {exc.message}{where}{hint}", file=sys.stderr)
        return 2
    edition, texts = await _rule_texts(config, resolution.rules, scenario.edition)
    if edition:
        resolution.edition = edition.name
    if as_json:
        print(json.dumps(resolution.to_json(), ensure_ascii=False, indent=2))
    else:
        label = edition.label if edition else f"rules edition {resolution.edition}"
        answer = draw_answer(resolution, args.situation or "", edition_label=label,
                             links=edition is not None and links_to_today(edition))
        print(draw_text(answer, texts))
    return 0


async def _rule_texts(config: Config, numbers: list[str], edition_name: str) -> tuple[Edition | None, dict[str, str]]:
    """The cached edition and the cited rules' texts; the answer stands without them."""
    from bot.application import open_store
    from bot.store import StoreError

    try:
        store = await open_store(config)
    except StoreError:
        return None, {}
    try:
        edition = await store.edition(None if edition_name == "current" else edition_name)
        rules = await store.rules_by_numbers(numbers, edition)
        return edition, {r.number: r.text for r in rules.values()}
    except StoreError:
        return None, {}
    finally:
        await store.close()
