"""The one command registry: every command's name, options and job, read by every front end.

Why: Discord (slash commands), the console and ``drawjudge ask`` (``/rule 121.2b edition:2008``), and the
CLI's look-up subcommands (``drawjudge rule 121.2b --edition 2008``) were three hand-written dispatchers that
drifted (a command present in one and missing in another). Each front end now builds itself from this table:
the Discord tree from the options' types, descriptions, choices and autocompletes; the console from the first
option as the text after the command; argparse from the same options.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.render.reply import Reply, error_reply
from bot.service import Judge

RulingsFetcher = Callable[[str, str | None], Awaitable[Reply]]
CardChoices = Callable[[str], Awaitable[list[str]]]


@dataclass
class Services:
    """What the commands answer with: the judge, and the card rulings when the front end has them."""

    judge: Judge
    rulings: RulingsFetcher | None = None
    card_names: CardChoices | None = None


class Complete(StrEnum):
    """Autocompletes an option can have (Discord's front end maps each to its source)."""

    RULE_NUMBER = "rule_number"
    EDITION = "edition"
    TERM = "term"
    CARD = "card"


GAMES = (("Magic: The Gathering", "mtg"), ("Grand Archive", "grand-archive"))
EDITIONS = (("Current Comprehensive Rules", "current"), ("2008 rules (rule 423)", "2008"),
            ("1999 rules (Z.6 Library)", "1999"))


@dataclass(frozen=True)
class Option:
    name: str
    description: str
    kind: type = str  # str or bool
    required: bool = False
    max_length: int | None = None
    choices: tuple[tuple[str, str], ...] = ()  # (label, value)
    complete: Complete | None = None


PUBLIC = Option("public", "Show the answer to the whole channel (default: only you)", bool)
EDITION = Option("edition", "Edition of the rules (default: current)", complete=Complete.EDITION)
GAME = Option("game", "Which game's rules", choices=GAMES)

Job = Callable[[Services, dict[str, Any]], Awaitable[Reply]]


@dataclass(frozen=True)
class Command:
    name: str
    description: str
    options: tuple[Option, ...]
    run: Job
    cooldown: bool = True  # counted in the per-user rate (help and about are not)

    @property
    def text_option(self) -> Option | None:
        """The option the console and the CLI take as the text after the command."""
        return self.options[0] if self.options and self.options[0].required else None


async def _draw(s: Services, a: dict[str, Any]) -> Reply:
    if not a.get("situation", "").strip():
        return error_reply("Describe a situation after /draw.", "/draw I have 2 cards in library. I draw 3.")
    return await s.judge.draw(a["situation"], a.get("game"), a.get("edition"))


async def _rule(s: Services, a: dict[str, Any]) -> Reply:
    return await s.judge.rule(a.get("number", ""), a.get("edition"), a.get("game") or "mtg")


async def _search(s: Services, a: dict[str, Any]) -> Reply:
    return await s.judge.search(a.get("query", ""), a.get("edition"), a.get("game") or "mtg")


async def _define(s: Services, a: dict[str, Any]) -> Reply:
    return await s.judge.define(a.get("term", ""), a.get("edition"))


async def _rulediff(s: Services, a: dict[str, Any]) -> Reply:
    return await s.judge.rulediff(a.get("number", ""), a.get("old"), a.get("new"))


async def _ruling(s: Services, a: dict[str, Any]) -> Reply:
    if s.rulings is None:
        return error_reply("Card rulings are not available here.", "ask for the card's text with /card")
    return await s.rulings(card_named(a.get("card", "")), a.get("contains"))


async def _card(s: Services, a: dict[str, Any]) -> Reply:
    return await s.judge.card(card_named(a.get("card", "")))


# ------------------------------------------------------------------ the habits of Discord chat

ALIASES_FILE = Path(__file__).resolve().parents[1] / "data" / "card_aliases.json"
_CHAT_CARD = re.compile(r"\[\[!?([^\[\]|]{1,150}?)(?:\|[^\[\]]{0,40})?\]\]")


def from_chat(text: str) -> str:
    """``[[Card Name]]`` (the card-bot habit of Discord chat, also ``[[!Name]]`` and ``[[Name|SET]]``) is the
    card's name: accepted in every text option."""
    return _CHAT_CARD.sub(lambda m: m.group(1).strip(), text)


@lru_cache(maxsize=1)
def nicknames() -> dict[str, str]:
    """Players' nicknames for cards ("lab man" → Laboratory Maniac), from the reviewed data file, keyed as
    typed in lower case with single spaces."""
    doc = json.loads(ALIASES_FILE.read_text(encoding="utf-8"))
    return {" ".join(k.lower().split()): v for k, v in doc["aliases"].items()}


def card_named(text: str) -> str:
    """A card option's value: a nickname is its card ("lab man" → Laboratory Maniac), anything else as typed."""
    key = " ".join(text.lower().split())
    return nicknames().get(key) or nicknames().get(key.rstrip("s")) or text


def nickname_choices(prefix: str) -> list[str]:
    """Cards whose nickname starts with what is typed ("lab m" → Laboratory Maniac), the exact one first."""
    key = " ".join(prefix.lower().split())
    if len(key) < 2:
        return []
    table = nicknames()
    exact = [table[key]] if key in table else []
    return list(dict.fromkeys(exact + [name for nick, name in table.items() if nick.startswith(key)]))


async def _help(s: Services, a: dict[str, Any]) -> Reply:
    return s.judge.help()


async def _about(s: Services, a: dict[str, Any]) -> Reply:
    return await s.judge.about()


def _rule_command(name: str, description: str) -> Command:
    return Command(name, description, (
        Option("number", "Rule number (121.2 gives its subrules; 121.2. the rule alone)", required=True,
               max_length=60, complete=Complete.RULE_NUMBER),
        EDITION, GAME, PUBLIC), _rule)


COMMANDS: tuple[Command, ...] = (
    Command("draw", "Resolve a card-draw situation step by step, citing the rules", (
        Option("situation", "One fact per sentence, e.g. 'I have 1 card in library. I draw 2.'", required=True,
               max_length=2000),
        GAME, Option("edition", "Which edition of the rules", choices=EDITIONS), PUBLIC), _draw),
    _rule_command("rule", "A rule by number, e.g. 121.2b (Grand Archive: 'Drawing Cards 6')"),
    _rule_command("cr", "A Comprehensive Rules entry by number (same as /rule)"),
    Command("search", "Search the rules and glossary by words", (
        Option("query", "Words to look for, e.g. 'draw from empty library'", required=True, max_length=200),
        EDITION, GAME, PUBLIC), _search),
    Command("define", "A term of the Comprehensive Rules glossary", (
        Option("term", "Glossary term, e.g. 'Draw'", required=True, max_length=100, complete=Complete.TERM),
        Option("edition", "Edition of the rules (default: current)"), PUBLIC), _define),
    Command("rulediff", "How a rule changed between two stored editions", (
        Option("number", "Rule number, e.g. 121.8", required=True, max_length=60),
        Option("old", "Older edition (default: the oldest stored CR)"),
        Option("new", "Newer edition (default: current)")), _rulediff),
    Command("ruling", "Official rulings of a card, newest first", (
        Option("card", "Card name", required=True, max_length=150, complete=Complete.CARD),
        Option("contains", "Only rulings containing these words"), PUBLIC), _ruling),
    Command("card", "A card's Oracle text and the draw abilities the engine read from it", (
        Option("card", "Card name", required=True, max_length=150, complete=Complete.CARD), PUBLIC), _card),
    Command("help", "How to describe a situation, and the commands", (), _help, cooldown=False),
    Command("about", "Editions of the rules in the cache, versions and sources", (), _about, cooldown=False),
)
BY_NAME: dict[str, Command] = {c.name: c for c in COMMANDS}


async def invoke(command: Command, services: Services, args: dict[str, Any]) -> Reply:
    """Run a command with its options as a player typed them: ``[[Card Name]]`` is the card's name in every
    text option (Discord, the console and the CLI alike)."""
    return await command.run(services, {k: from_chat(v) if isinstance(v, str) else v for k, v in args.items()})


async def run(services: Services, name: str, text: str = "", options: dict[str, str] | None = None) -> Reply:
    """A command as the console and the CLI give it: ``text`` fills the command's text option, ``options``
    the others by name (unknown options are ignored, as Discord would never send them)."""
    command = BY_NAME.get(name)
    if command is None:
        return error_reply(f"Unknown command /{name}.", "one of: " + ", ".join(f"/{c}" for c in BY_NAME))
    args: dict[str, Any] = {}
    if command.text_option is not None:
        args[command.text_option.name] = text
    known = {o.name: o for o in command.options}
    for key, value in (options or {}).items():
        option = known.get(key)
        if option is None or option is command.text_option:
            continue
        if option.kind is bool:
            args[key] = value.lower() in ("true", "yes", "1")
        elif option.choices:
            chosen = typed_choice(option, value)
            if chosen is None:
                return error_reply(f"{key}:{value} is not one I know.", "use one of: " + ", ".join(
                    f"{key}:{v} ({label})" for label, v in option.choices))
            args[key] = chosen
        else:
            args[key] = value
    return await invoke(command, services, args)


def typed_choice(option: Option, typed: str) -> str | None:
    """A choice typed in a terminal, as players shorten it: its value ("grand-archive"), its label or its start ("Grand
    Archive", "magic", any case, spaces or hyphens) or the label's initials ("ga", "mtg"). Discord offers the choices as
    a list, so only the console and the CLI need this."""
    key = " ".join(re.findall(r"[a-z0-9]+", typed.lower()))
    for label, value in option.choices:
        initials = "".join(w[0] for w in re.findall(r"[a-z]+", label.lower()))
        words = " ".join(re.findall(r"[a-z]+", label.lower()))
        if key in (value.replace("-", " "), words, initials) or len(key) >= 3 and words.startswith(key):
            return value
    return None
