"""The situation language: what players type in /draw, parsed into a scenario.

Why a phrase table: players write one fact per clause, in any order. Every phrase the parser understands is
listed once, in ``PHRASES`` below, as a template in a tiny pattern language (``{player} controls {cards}``,
``[the] (library|deck)``); the templates are compiled once, tried in order, and their slots are validated
(card names fuzzy-matched against the card data, numbers as digits or words). The README's reference of the
language and the bot's help text are generated from the same table, so they cannot drift.

Errors say which clause was not understood, what was expected there, and the closest phrases or cards.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process, utils

from engine.cards import CardDB, default_cards
from engine.resolve import ScenarioError
from engine.scenario_json import MAX_COUNT, scenario_from_json
from engine.vocabulary import aliases as mechanic_aliases
from engine.vocabulary import mechanic

MAX_TEXT = 4000
MAX_CLAUSE = 300

NUMBER_WORDS = {
    "no": 0,
    "zero": 0,
    "none": 0,
    "a": 1,
    "an": 1,
    "one": 1,
    "another": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "once": 1,
    "twice": 2,
    "thrice": 3,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "hundred": 100,
    "a hundred": 100,
    "a thousand": 1000,
    "a million": 10**6,
    "a billion": 10**9,
}
STEP_WORDS = {
    "draw step": "draw",
    "upkeep step": "upkeep",
    "untap": "untap",
    "upkeep": "upkeep",
    "draw": "draw",
    "main": "main1",
    "main phase": "main1",
    "first main phase": "main1",
    "precombat main phase": "main1",
    "combat": "combat",
    "second main phase": "main2",
    "postcombat main phase": "main2",
    "end": "end",
    "end step": "end",
    "end of turn": "end",
    "cleanup": "cleanup",
}
ME_WORDS = {"i", "me", "my", "myself", "mine", "you", "your"}
OPPONENT_WORDS = {
    "opponent",
    "my opponent",
    "the opponent",
    "opp",
    "their",
    "they",
    "them",
    "he",
    "she",
    "his",
    "her",
    "your opponent",
    "opponents",
}
EACH_WORDS = {
    "each player",
    "everyone",
    "everybody",
    "all players",
    "players",
    "each of us",
    "we",
    "we all",
    "both players",
    "both of us",
}
TEAMMATE_WORDS = {"my teammate", "teammate", "my partner", "partner"}
RESERVED = (
    ME_WORDS
    | OPPONENT_WORDS
    | EACH_WORDS
    | TEAMMATE_WORDS
    | {
        "it",
        "it's",
        "its",
        "the",
        "this",
        "that",
        "there",
        "turn",
        "library",
        "hand",
        "graveyard",
        "deck",
        "rules",
        "game",
        "each",
        "all",
        "nobody",
        "someone",
        "player",
        "team",
        "step",
        "grand",
        "archive",
        "two-headed",
    }
)


class SituationError(ScenarioError):
    """A situation text the parser could not read: the clause, what was expected, and suggestions."""

    def __init__(self, message: str, clause: str = "", expected: str = "", suggestions: list[str] | None = None):
        hint_parts = []
        if expected:
            hint_parts.append(f"expected {expected}")
        if suggestions:
            hint_parts.append("closest: " + "; ".join(suggestions[:3]))
        super().__init__(message, where=clause, hint=". ".join(hint_parts))
        self.clause = clause
        self.expected = expected
        self.suggestions = suggestions or []
        self.unknown_card: str | None = None  # set when the clause names a card the card data lacks


# --------------------------------------------------------------------------------------- the builder


@dataclass
class _P:
    name: str
    facts: dict[str, Any] = field(default_factory=dict)
    battlefield: list[str] = field(default_factory=list)
    graveyard_cards: list[str] = field(default_factory=list)
    library_top: list[str] = field(default_factory=list)
    team: str | None = None


class Builder:
    """Collects facts clause by clause; reports contradictions instead of silently keeping one."""

    def __init__(self, cards: CardDB) -> None:
        self.cards = cards
        self.players: dict[str, _P] = {}
        self.order: list[str] = []
        self.top: dict[str, Any] = {}
        self.sources: dict[tuple[str, str], str] = {}
        self.action: dict[str, Any] | None = None
        self.action_clause = ""
        self.choices: dict[str, Any] = {}
        self.player_count: int | None = None
        self.subject: str = "You"
        # The most telling error of the clause being read ("not a card I know"), kept while other phrases
        # are tried, so that the final error names the card rather than "didn't understand".
        self.last_error: SituationError | None = None
        self.unowned: list[tuple[str, str]] = []

    def player(self, name: str) -> _P:
        if name not in self.players:
            self.players[name] = _P(name)
            self.order.append(name)
        return self.players[name]

    def set(self, who: str, key: str, value: Any, clause: str) -> None:
        slot = (who, key)
        old = self.sources.get(slot)
        if old is not None:
            current = self.top.get(key) if who == "*" else self.player(who).facts.get(key)
            if current != value:
                what = key.replace("_", " ")
                raise SituationError(
                    f"contradiction: {what} {'of ' + who if who != '*' else ''} is set by “{old}” and again by "
                    f"“{clause}”".replace("  ", " "),
                    clause,
                    "each fact once",
                    [old],
                )
        self.sources[slot] = clause
        if who == "*":
            self.top[key] = value
        else:
            self.player(who).facts[key] = value

    def set_action(self, action: dict[str, Any], clause: str) -> None:
        if self.action is not None and self.action != action:
            raise SituationError(
                f"two actions: “{self.action_clause}” and “{clause}”; describe one thing that happens now",
                clause,
                "one action per situation",
                [self.action_clause],
            )
        self.action = action
        self.action_clause = clause


# ------------------------------------------------------------------------------------- slot readers


def read_number(text: str) -> int | None:
    t = " ".join(text.lower().replace(",", "").split())
    if t in NUMBER_WORDS:
        return NUMBER_WORDS[t]
    if re.fullmatch(r"-?\d{1,40}", t):
        return int(t)
    m = re.fullmatch(r"(\d{1,3})\^(\d{1,4})", t) or re.fullmatch(r"(\d{1,3})\*\*(\d{1,4})", t)
    if m:
        base, exp = int(m.group(1)), int(m.group(2))
        return base**exp if exp * max(1, len(str(base))) < 60 else 10**60
    m = re.fullmatch(r"(\d{1,3}|a|one|two|three|ten) (thousand|million|billion)", t)
    if m:
        head = NUMBER_WORDS.get(m.group(1)) if not m.group(1).isdigit() else int(m.group(1))
        return (head or 1) * {"thousand": 10**3, "million": 10**6, "billion": 10**9}[m.group(2)]
    return None


def count(text: str, clause: str) -> int:
    n = read_number(text)
    if n is None:
        raise SituationError(f"“{text}” is not a number", clause, "a number in digits or words (3, three, a)")
    if n < 0:
        raise SituationError(f"{n} is negative", clause, "0 or more")
    if n > MAX_COUNT:
        raise SituationError(f"{n} is too large", clause, f"a number up to {MAX_COUNT:,}")
    return n


@dataclass
class Ctx:
    b: Builder
    clause: str
    subject: str

    def who(self, text: str | None) -> str:
        name = resolve_player(self.b, text, self.subject, self.clause)
        if name not in ("each", "each-opponent") and not name.startswith("team:"):
            self.b.player(name)
        return name

    def card(self, text: str) -> str:
        return match_card(self.b.cards, text, self.clause)

    def card_list(self, text: str) -> list[str]:
        """Names separated by commas and "and"; a comma inside a name ("Sheoldred, the Apocalypse") is kept
        by trying the longest run of parts that names a card first."""
        pieces = re.split(r"(,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)", text)
        parts, seps = pieces[0::2], pieces[1::2]
        out: list[str] = []
        i = 0
        while i < len(parts):
            for j in range(len(parts), i, -1):
                joined = parts[i] + "".join(seps[k] + parts[k + 1] for k in range(i, j - 1))
                found = self._counted(joined)
                if found:
                    out.extend(found)
                    i = j
                    break
            else:
                error = SituationError(
                    f"“{parts[i].strip()}” is not a card I know",
                    self.clause,
                    "a card name from the card data",
                    self.b.cards.suggest(parts[i]),
                )
                error.unknown_card = parts[i].strip()
                raise error
        return out

    def _counted(self, text: str) -> list[str] | None:
        """ "two Thought Reflections", "Howling Mine x2", "3 copies of Font of Mythos"."""
        t = text.strip()
        times = 1
        m = re.fullmatch(r"(\w+)\s+(?:copies of\s+|x\s+)?(.+)", t)
        if m and m.group(1).lower() not in ("a", "an") and read_number(m.group(1)) is not None:
            times, t = read_number(m.group(1)) or 1, m.group(2)
        m = re.fullmatch(r"(.+?)\s*x(\d+)", t)
        if m:
            times, t = int(m.group(2)), m.group(1)
        name = find_card(self.b.cards, t)
        return [name] * max(1, min(times, 8)) if name else None


def resolve_player(b: Builder, text: str | None, subject: str, clause: str) -> str:
    if text is None:
        return subject
    t = " ".join(text.lower().replace("’", "'").split())
    t = re.sub(r"'s$", "", t)
    if t in ME_WORDS:
        return "You"
    if t in OPPONENT_WORDS:
        return "Opponent"
    if t in TEAMMATE_WORDS:
        return "Teammate"
    if t in EACH_WORDS:
        return "each"
    if t in ("each opponent", "all opponents", "every opponent"):
        return "each-opponent"
    m = re.fullmatch(r"team ([a-z0-9])", t)
    if m:
        return f"team:{m.group(1).upper()}"
    m = re.fullmatch(r"(?:player|opponent|p) ?(\d{1,2})", t)
    if m:
        return f"Player {m.group(1)}"
    if re.fullmatch(r"[a-z][a-z0-9_\-]{0,23}", t) and t not in RESERVED and read_number(t) is None:
        raw = re.sub(r"'s$", "", text.strip().replace("’", "'"))
        return raw[0].upper() + raw[1:]
    raise SituationError(
        f"“{text}” is not a player I know", clause, "I/me/my, opponent, each player, my teammate, or a player's name"
    )


def _prefix_match(cards: CardDB, key: str) -> str | None:
    """Nicknames: every word typed is the start of a word of the name, in order ("lab man", "jace wielder")."""
    words = key.split()
    if not words:
        return None
    found = []
    for name in cards.names():
        name_words = utils.default_process(name).split()
        i = 0
        for w in words:
            while i < len(name_words) and not name_words[i].startswith(w):
                i += 1
            if i == len(name_words):
                break
            i += 1
        else:
            found.append(name)
    return found[0] if len(found) == 1 else None


def find_card(cards: CardDB, text: str) -> str | None:
    """A card name from what a player typed: exact, a typo or two, or a nickname; None when unsure."""
    name = re.sub(r"^(?:an?|one|the)\s+(?!apocalypse)", "", text.strip(), flags=re.I).strip(" .,'\"")
    if not name:
        return None
    card = cards.fuzzy(name, cutoff=82)
    if card is not None:
        return card.name
    key = utils.default_process(name)
    singular = re.sub(r"s$", "", key)
    for candidate in (singular,):
        exact = cards.find(candidate)
        if exact is not None:
            return exact.name
    return _prefix_match(cards, key) or (_prefix_match(cards, singular) if singular != key else None)


def match_card(cards: CardDB, text: str, clause: str) -> str:
    found = find_card(cards, text)
    if found is None:
        name = text.strip(" .,'\"")
        error = SituationError(
            f"“{name}” is not a card I know", clause, "a card name from the card data", cards.suggest(name)
        )
        error.unknown_card = name
        raise error
    return found


# ------------------------------------------------------------------------------------ the phrase table


@dataclass(frozen=True)
class Phrase:
    """One kind of fact: the templates that say it, and what it does to the scenario."""

    topic: str
    templates: tuple[str, ...]
    apply: Callable[[Ctx, dict[str, str]], None]
    example: str
    more: tuple[str, ...] = ()  # other phrasings of the same fact, shown in the reference and tested


def _zone_key(word: str) -> str:
    w = word.lower()
    if w in ("library", "deck", "libraries", "decks"):
        return "library"
    if w in ("hand", "hands"):
        return "hand"
    if w == "memory":
        return "memory"
    return "graveyard"


def _each_target(ctx: Ctx, who: str) -> list[str]:
    if who == "each":
        return ["each"]
    if who == "each-opponent":
        return ["each-opponent"]
    if who.startswith("team:"):
        return [who]
    return [who]


def _zone_count(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g["n"], ctx.clause) if g.get("n") else 0
    for target in _each_target(ctx, who):
        ctx.b.set(target, _zone_key(g["zone"]), n, ctx.clause)


def _zone_empty(ctx: Ctx, g: dict[str, str]) -> None:
    _zone_count(ctx, {**g, "n": "0"})


def _zone_cards(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    cards = ctx.card_list(g["cards"])
    p = ctx.b.player(who)
    if _zone_key(g["zone"]) == "library":
        p.library_top.extend(cards)
    else:
        p.graveyard_cards.extend(cards)


def _life(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = read_number(g["n"].lstrip("-")) if g["n"].startswith("-") else read_number(g["n"])
    if n is None:
        raise SituationError(f"“{g['n']}” is not a life total", ctx.clause, "a number, e.g. 'I am at 5 life'")
    value = -n if g["n"].startswith("-") else n
    if abs(value) > MAX_COUNT:
        raise SituationError(f"{value} life is out of range", ctx.clause, f"a life total up to {MAX_COUNT:,}")
    for target in _each_target(ctx, who):
        ctx.b.set(target, "life", value, ctx.clause)


def _controls(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    cards = ctx.card_list(g["cards"])
    if who in ("each", "each-opponent") or who.startswith("team:"):
        raise SituationError("say which player controls the permanent", ctx.clause, "'Alice controls X'")
    ctx.b.player(who).battlefield.extend(cards)


def _in_play(ctx: Ctx, g: dict[str, str]) -> None:
    cards = ctx.card_list(g["cards"])
    if g.get("player"):
        ctx.b.player(ctx.who(g["player"])).battlefield.extend(cards)
    else:
        ctx.b.unowned.extend((c, ctx.clause) for c in cards)


def _drawn(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    for target in _each_target(ctx, who):
        ctx.b.set(target, "drawn_this_turn", n, ctx.clause)


def _players(ctx: Ctx, g: dict[str, str]) -> None:
    n = count(g["n"], ctx.clause)
    if not 1 <= n <= 16:
        raise SituationError(f"{n} players is not a game I can set up", ctx.clause, "2 to 16 players")
    ctx.b.set("*", "player_count", n, ctx.clause)


def _format(ctx: Ctx, g: dict[str, str]) -> None:
    word = g["fmt"].lower()
    fmt = (
        "two-headed-giant"
        if ("two" in word or "2hg" in word or "2-headed" in word)
        else (
            "two-player"
            if ("1v1" in word or "two-player" in word or "1 v 1" in word or "duel" in word)
            else "multiplayer"
        )
    )
    ctx.b.set("*", "format", fmt, ctx.clause)


def _turn_of(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g["player"])
    if who in ("each", "each-opponent"):
        raise SituationError("a turn belongs to one player", ctx.clause, "'it's my turn' or 'it's Bob's turn'")
    ctx.b.set("*", "active", who, ctx.clause)
    if g.get("n"):
        ctx.b.set("*", "turn", count(g["n"], ctx.clause), ctx.clause)
    if g.get("first"):
        ctx.b.set("*", "turn", 1, ctx.clause)


def _turn_number(ctx: Ctx, g: dict[str, str]) -> None:
    n = 1 if g.get("first") else count(g["n"], ctx.clause)
    if n < 1:
        raise SituationError("turns are numbered from 1", ctx.clause, "turn 1 or later")
    ctx.b.set("*", "turn", n, ctx.clause)


def _step(ctx: Ctx, g: dict[str, str]) -> None:
    step = STEP_WORDS.get(" ".join(g["step"].lower().split()))
    if step is None:
        raise SituationError(f"“{g['step']}” is not a step", ctx.clause, ", ".join(sorted(set(STEP_WORDS))))
    if g.get("player"):
        _turn_of(ctx, {"player": g["player"]})
    ctx.b.set("*", "step", step, ctx.clause)


def _draw_step(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    if who.startswith("team:"):
        ctx.b.set("*", "format", "two-headed-giant", ctx.clause)
        ctx.b.set("*", "active_team", who[5:], ctx.clause)
    elif who in ("each", "each-opponent"):
        raise SituationError("a draw step belongs to one player", ctx.clause, "'it's my draw step'")
    else:
        ctx.b.set("*", "active", who, ctx.clause)
    if g.get("n"):
        ctx.b.set("*", "turn", count(g["n"], ctx.clause), ctx.clause)
    if g.get("first"):
        ctx.b.set("*", "turn", 1, ctx.clause)
    ctx.b.set("*", "step", "draw", ctx.clause)
    ctx.b.set_action({"type": "draw_step"}, ctx.clause)


def _draw(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    action: dict[str, Any] = {"type": "draw", "count": n}
    if g.get("may"):
        action["optional"] = True
    if g.get("mem") == "memory":
        action["into"] = "memory"
    if who == "each":
        action["player"] = "each"
    elif who == "each-opponent":
        action["player"] = "each-opponent"
    else:
        action["player"] = who
    ctx.b.set_action(action, ctx.clause)


def _draw_several(ctx: Ctx, g: dict[str, str]) -> None:
    names = [ctx.who(part) for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["players"]) if part.strip()]
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "draw", "count": n, "player": "each", "players": names}, ctx.clause)


def _cast(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    action: dict[str, Any] = {"type": "cast", "card": ctx.card(g["card"]), "player": who}
    if g.get("target"):
        action["targets"] = [ctx.who(g["target"])]
    if g.get("x"):
        action["x"] = count(g["x"], ctx.clause)
    ctx.b.set_action(action, ctx.clause)


def _move(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "move_to_hand", "player": who, "count": n}, ctx.clause)


def _mechanic(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    m = mechanic(g["mech"])
    if m is None:  # the template only admits known words; kept for safety
        raise SituationError(f"“{g['mech']}” is not a mechanic I know", ctx.clause, ", ".join(mechanic_aliases()))
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "mechanic", "name": m.name, "player": who, "count": n}, ctx.clause)


def _choice_apply(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    card = ctx.card(g["card"])
    ctx.b.choices[f"apply:{card}:{who}"] = not g.get("neg")


def _choice_order(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    ctx.b.choices[f"order:{who}"] = ctx.card(g["card"])


def _choice_may(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    ctx.b.choices[f"may_draw:{who}"] = not g.get("neg")


def _game(ctx: Ctx, g: dict[str, str]) -> None:
    ctx.b.set("*", "game", "grand-archive", ctx.clause)


def _edition(ctx: Ctx, g: dict[str, str]) -> None:
    ctx.b.set("*", "edition", g["ed"], ctx.clause)


def _while_casting(ctx: Ctx, g: dict[str, str]) -> None:
    ctx.b.top["while_casting"] = True


def _team(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g["player"])
    ctx.b.player(who).team = g["team"].upper()


MULTI = (
    r"my opponent|the opponent|your opponent|my teammate|my partner|each player|each opponent|all players|"
    r"every opponent|all opponents|both players|team [a-z0-9]|player \d{1,2}|opponent \d{1,2}"
)
P = rf"(?P<player>{MULTI}|[\w'\-]+)"
N = r"(?P<n>-?[\w^*,]+(?: (?:thousand|million|billion))?)"
NAME = rf"(?:{MULTI}|[\w'\-]+)"
POS = rf"(?P<player>my|your|his|her|their|our|(?:{MULTI}|[\w\-]+)'s)"
ZONE = r"(?P<zone>library|deck|hand|graveyard|libraries|decks|hands|graveyards|yard|memory)"
MEM = r"(?: into (?:my |their |his |her )?(?P<mem>memory|hand))?"
MECH = "(?P<mech>" + "|".join(re.escape(a) for a in mechanic_aliases()) + ")"

PHRASES: tuple[Phrase, ...] = (
    Phrase(
        "game",
        (r"grand archive", r"(?:this is )?(?:a )?grand archive(?: game)?", r"ga"),
        _game,
        "Grand Archive: I have 1 card in my deck and draw 2.",
    ),
    Phrase(
        "edition",
        (
            r"(?:under )?(?:the )?(?:rules|edition|cr) (?P<ed>2008|1999|current|\d{4}-\d\d-\d\d)",
            r"(?:under )?(?:the )?(?P<ed>2008|1999|\d{4}-\d\d-\d\d) (?:rules|edition|cr)",
        ),
        _edition,
        "rules 2008: ...",
    ),
    Phrase(
        "players",
        (
            rf"{N} players?(?: game)?",
            rf"(?:a |an )?{N}-player game",
            rf"there are {N} players",
            rf"we are {N} players",
            rf"{N}-player multiplayer",
        ),
        _players,
        "4 players.",
    ),
    Phrase(
        "format",
        (
            r"(?:in |it's |it is |playing )?(?:a )?(?P<fmt>two-headed giant|two headed giant|2hg|"
            r"multiplayer|free-for-all|commander|1v1|1 v 1|two-player|duel)(?: game)?",
        ),
        _format,
        "Two-Headed Giant.",
    ),
    Phrase("team", (rf"{P} (?:is|are) (?:on|in) team (?P<team>[a-z0-9])",), _team, "Bob is on team B."),
    Phrase(
        "draw step",
        (
            rf"(?:it's |it is |this is |during |in )?{POS} draw step(?: on turn {N}| on the "
            rf"(?P<first>first) turn)?",
            rf"(?:it's |it is )?the draw step of {P}(?: on turn {N})?",
            rf"{P} (?:is in|enters|begins) (?:their|his|her|my) draw step",
        ),
        _draw_step,
        "It's my draw step.",
        ("it's my opponent's draw step on turn 1", "It's team A's draw step"),
    ),
    Phrase(
        "turn",
        (
            rf"(?:it's |it is |on |during )?{POS} (?:(?P<first>first) )?turn(?: (?:number )?{N})?",
            rf"(?:it's |it is )?{POS} turn {N}",
        ),
        _turn_of,
        "It's Bob's turn.",
    ),
    Phrase(
        "turn number",
        (
            rf"(?:it's |it is |on |during )?turn (?:number )?{N}",
            r"(?:it's |it is |on |during )?the (?P<first>first) turn(?: of the game)?",
        ),
        _turn_number,
        "turn 1",
    ),
    Phrase(
        "step",
        (
            rf"(?:it's |it is |during |in )?{POS} (?P<step>upkeep|untap|(?:first |second |precombat |"
            rf"postcombat )?main phase|end step|cleanup|combat)(?: step)?",
            r"(?:it's |it is |during |in )?(?:the )?(?P<step>upkeep|untap|(?:first |second |precombat |"
            r"postcombat )?main phase|end step|cleanup|combat)(?: step)?",
        ),
        _step,
        "during my upkeep",
    ),
    Phrase(
        "zone empty",
        (
            rf"{POS} {ZONE} is empty",
            rf"{P} (?:has|have) (?:an )?empty {ZONE}",
            rf"{P} (?:has|have) no cards (?:left )?in (?:(?:my|their|his|her|the) )?{ZONE}",
        ),
        _zone_empty,
        "My library is empty.",
        ("I have no cards in hand",),
    ),
    Phrase(
        "zone count",
        (
            rf"{P} (?:has|have|has got|got) {N} (?:more )?cards? (?:left )?in (?:(?:my|their|his|"
            rf"her|the|its) )?{ZONE}",
            rf"{P} (?:has|have) {N} cards? left",
            rf"{POS} {ZONE}(?: size)?(?: is| has|:)? {N}(?: cards?)?",
            rf"{ZONE}:? {N}",
        ),
        _zone_count,
        "I have 2 cards in library.",
        ("my opponent has 3 cards left in their deck", "Alice: hand 0", "library: 5"),
    ),
    Phrase(
        "zone cards",
        (
            rf"{P} (?:has|have) (?P<cards>.+?) (?:on top of|on the top of|at the top of) "
            rf"(?:(?:my|their|his|her|the) )?{ZONE}",
            rf"(?:the )?top card of {POS} {ZONE} is (?P<cards>.+)",
            rf"{P} (?:has|have) (?P<cards>.+?) in (?:(?:my|their|his|her|the) )?"
            rf"(?P<zone>graveyard|yard)",
            rf"(?P<cards>.+?) (?:is|are) in {POS} (?P<zone>graveyard|yard)",
            rf"(?P<cards>.+?) (?:is|are) on top of {POS} (?P<zone>library|deck)",
        ),
        _zone_cards,
        "Golgari Thug is in my graveyard.",
        ("I have Terminus on top of my library", "the top card of my library is Terminus"),
    ),
    Phrase(
        "life",
        (
            rf"{P} (?:is|am|are) at (?P<n>-?[\w^*]+) life",
            rf"{P} (?:has|have) (?P<n>-?[\w^*]+) life",
            rf"{POS} life(?: total)?(?: is|:)? (?P<n>-?[\w^*]+)",
            r"life:? (?P<n>-?[\w^*]+)",
        ),
        _life,
        "My opponent is at 5 life.",
        ("I have 1 life", "life: 3"),
    ),
    Phrase(
        "drawn this turn",
        (
            rf"{P} (?:already )?(?:drew|has drawn|have drawn|has already drawn|have already "
            rf"drawn) {N} cards? (?:already )?this turn",
            rf"{P} (?:already )?(?:drew|has drawn|have drawn) (?:a card )?(?:already )?this "
            rf"turn",
        ),
        _drawn,
        "Bob already drew a card this turn.",
        ("I have drawn 2 cards this turn",),
    ),
    Phrase(
        "choice: apply",
        (
            rf"{P} (?P<neg>don't |doesn't |do not |does not )?(?:chooses? to |wants? to |will )?"
            rf"(?:dredges?|uses?|applies|apply) (?P<card>.+?)(?: instead)?",
        ),
        _choice_apply,
        "I dredge Golgari Thug.",
    ),
    Phrase(
        "choice: order",
        (rf"{P} (?:applies|apply|chooses?) (?P<card>.+?) first",),
        _choice_order,
        "I apply Notion Thief first.",
    ),
    Phrase(
        "choice: may",
        (
            rf"{P} (?P<neg>don't |doesn't |do not |does not )?(?:chooses? to |wants? to )draw",
            rf"{P} chooses? (?P<neg>not )to draw",
        ),
        _choice_may,
        "I choose not to draw.",
    ),
    Phrase(
        "controls",
        (
            rf"{P} (?:controls?|has|have|has got) (?P<cards>.+?) (?:in play|on the battlefield|out)",
            rf"{P} (?:controls?|has a|has an|have a|have an) (?P<cards>.+)",
            rf"{P}:? (?:controls?) (?P<cards>.+)",
        ),
        _controls,
        "My opponent controls Notion Thief.",
        ("I have Howling Mine in play", "Alice controls two Thought Reflections"),
    ),
    Phrase(
        "in play",
        (
            r"(?P<cards>.+?) (?:is|are) (?:in play|on the battlefield|out)(?: under {POS} control)?".replace(
                "{POS}", POS
            ),
            r"there (?:is|are) (?:an? )?(?P<cards>.+?) (?:in play|on the battlefield)",
        ),
        _in_play,
        "Spirit of the Labyrinth is in play.",
        ("Sheoldred is on the battlefield under my opponent's control",),
    ),
    Phrase(
        "draw",
        (
            rf"{P} (?P<may>may )?(?:draws?|is drawing|would draw|will draw) {N}(?: more)?(?: cards?)?{MEM}",
            rf"{P} (?P<may>may )?(?:draws?|would draw|will draw){MEM}",
            rf"(?P<may>may )?draw {N}(?: cards?)?{MEM}",
            r"draw",
        ),
        _draw,
        "Opponent draws 3.",
        (
            "I draw a card",
            "draw 2",
            "each player draws 7",
            "I may draw a card",
            "Grand Archive: I draw 2 into my memory",
        ),
    ),
    Phrase(
        "several draw",
        (
            rf"(?P<players>{NAME}(?:(?:, and |, | and ){NAME})+) (?:each |all |both )?draws?"
            r"(?: (?P<n>[\w]+)(?: cards?)?)?",
        ),
        _draw_several,
        "My teammate and I each draw 2.",
    ),
    Phrase(
        "cast",
        (
            rf"{P} (?:casts?|plays?|activates?|resolves?) (?P<card>.+?)(?: (?:targeting|on|for|at) "
            rf"(?P<target>[\w'’]+(?: [\w'’]+)?))?(?: (?:with|for) x ?(?:=|is|of) ?(?P<x>\w+))?",
            r"(?:cast|play) (?P<card>.+?)(?: (?:targeting|on) (?P<target>[\w'’]+(?: [\w'’]+)?))?",
        ),
        _cast,
        "I cast Opportunity targeting myself.",
        ("opponent casts Timetwister", "I cast Prosperity with X=3", "I activate Jace's Archivist"),
    ),
    Phrase(
        "move to hand",
        (
            rf"{P} puts? the top (?:{N} )?cards? of (?:(?:my|their|his|her) )?library into "
            rf"(?:(?:my|their|his|her) )?hand",
            rf"{P} puts? the top (?:{N} )?cards? into (?:(?:my|their|his|her) )?hand",
        ),
        _move,
        "Bob puts the top card of his library into his hand.",
    ),
    Phrase(
        "mechanic",
        (rf"{P} {MECH}(?: {N}(?: times| cards?)?)?", rf"{MECH}(?: {N}(?: times)?)?"),
        _mechanic,
        "I loot.",
        ("opponent rummages", "I cycle a card", "I tutor", "everyone wheels", "I impulse draw"),
    ),
    Phrase(
        "while casting",
        (
            r"(?:this happens )?while (?:i'm |i am |he's |she's |they're |\w+ is )?casting "
            r"(?:a |another )?spell",
        ),
        _while_casting,
        "while casting a spell",
    ),
)

_COMPILED: list[tuple[Phrase, re.Pattern[str]]] = [
    (phrase, re.compile(t, re.IGNORECASE)) for phrase in PHRASES for t in phrase.templates
]
_EXAMPLES = [p.example for p in PHRASES]


def language_reference() -> list[tuple[str, str]]:
    """(topic, example) for every phrase of the table: the README and /help show this list."""
    return [(p.topic, p.example) for p in PHRASES]


def all_examples() -> list[str]:
    return [x for p in PHRASES for x in (p.example, *p.more)]


def reference_markdown() -> str:
    """The README's table of the language, made from the phrase table (a test keeps the README in step)."""
    lines = ["| what | example | also |", "|---|---|---|"]
    for p in PHRASES:
        also = ", ".join(f"`{x}`" for x in p.more)
        lines.append(f"| {p.topic} | `{p.example}` | {also} |")
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------- parsing

_CLEAN = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\t": " "})


def normalize(text: str) -> str:
    """NFKC, curly quotes straightened, control and zero-width characters removed."""
    text = unicodedata.normalize("NFKC", text).translate(_CLEAN)
    return "".join(ch for ch in text if ch in "\n" or unicodedata.category(ch)[0] != "C")


def _clauses(text: str) -> list[str]:
    parts = re.split(r"[.;!?\n]+(?:\s+|$)|[.;!?\n]+", text)
    return [" ".join(p.split()) for p in parts if p and p.strip(" ,")]


def _try(b: Builder, clause: str, subject: str) -> bool:
    body = clause.strip(" ,:").rstrip(".")
    for phrase, rx in _COMPILED:
        m = rx.fullmatch(body)
        if not m:
            continue
        try:
            phrase.apply(Ctx(b, clause, subject), {k: v for k, v in m.groupdict().items() if v})
        except SituationError as exc:
            if "not a card I know" in exc.message or "not a player I know" in exc.message:
                b.last_error = exc
                continue
            raise
        return True
    return False




def _subject_of(clause: str) -> str | None:
    """The player a part speaks of, carried to following parts that name none ("I have 1 card and draw 2")."""
    low = clause.lower().replace("'", "'")
    for phrase in sorted(MULTI.split("|"), key=len, reverse=True):
        if "\\" not in phrase and "[" not in phrase and low.startswith(phrase + " "):
            return phrase
    words = low.split()
    if not words:
        return None
    if words[0] in ("i", "my", "me"):
        return "i"
    if words[0] == "opponent":
        return "opponent"
    return None


_MODIFIERS: tuple[tuple[re.Pattern[str], Callable[[Builder, re.Match[str], str], None]], ...] = (
    (
        re.compile(
            r"\s+(?:in|during) (?:a |an |this )?(?P<fmt>two-headed giant|two headed giant|2hg|multiplayer|"
            r"commander|free-for-all)(?: game)?$",
            re.I,
        ),
        lambda b, m, c: _format(Ctx(b, c, b.subject), {"fmt": m.group("fmt")}),
    ),
    (
        re.compile(r"\s+(?:under|with|using) (?:the )?(?P<ed>2008|1999|current) (?:rules|edition)$", re.I),
        lambda b, m, c: b.set("*", "edition", m.group("ed"), c),
    ),
    (
        re.compile(r"\s+on (?:the )?(?P<first>first) turn(?: of the game)?$", re.I),
        lambda b, m, c: b.set("*", "turn", 1, c),
    ),
    (re.compile(r"\s+on turn (?P<n>\w+)$", re.I), lambda b, m, c: b.set("*", "turn", count(m.group("n"), c), c)),
    (
        re.compile(r"\s+while (?:casting|i(?:'m| am) casting|they(?:'re| are) casting) (?:a |another )?spell$", re.I),
        lambda b, m, c: b.top.__setitem__("while_casting", True),
    ),
)
_SEPARATORS = (re.compile(r",\s*(?:and\s+|then\s+)?|\s+then\s+", re.I), re.compile(r"\s+and\s+(?:then\s+)?", re.I))


_LEADING: tuple[tuple[re.Pattern[str], Callable[[Builder, re.Match[str], str], None]], ...] = (
    (
        re.compile(r"^(?:under|with|using) (?:the )?(?P<ed>2008|1999|current) (?:rules|edition),? ", re.I),
        lambda b, m, c: b.set("*", "edition", m.group("ed"), c),
    ),
    (
        re.compile(rf"^(?:during|in|on) {POS} (?P<step>upkeep|draw step|end step|main phase|turn),? ", re.I),
        lambda b, m, c: (
            _step(Ctx(b, c, b.subject), {"player": m.group("player"), "step": m.group("step")})
            if m.group("step") != "turn"
            else _turn_of(Ctx(b, c, b.subject), {"player": m.group("player")})
        ),
    ),
)


def _strip_modifiers(b: Builder, clause: str) -> str:
    """Phrases that qualify the whole clause ("under the 2008 rules ...", "... in Two-Headed Giant")."""
    for rx, apply in _LEADING:
        m = rx.search(clause)
        if m and not _whole_phrase(b, clause):
            apply(b, m, clause)
            clause = clause[m.end() :]
    changed = True
    while changed:
        changed = False
        for rx, apply in _MODIFIERS:
            m = rx.search(clause)
            if m and m.start() > 0 and not _whole_phrase(b, clause):
                apply(b, m, clause)
                clause = clause[: m.start()]
                changed = True
    return clause


def _whole_phrase(b: Builder, clause: str) -> bool:
    """A clause some template reads whole keeps its ending ("it's team A's draw step on turn 1")."""
    body = clause.strip(" ,:").rstrip(".")
    return any(rx.fullmatch(body) for _p, rx in _COMPILED)


def _parse_clause(b: Builder, clause: str) -> None:
    b.last_error = None
    # "Alice: library 0, controls X" — a name before a colon is the subject of the rest.
    subject = b.subject
    m = re.match(r"^([\w'\- ]{1,40}):\s*(.*)$", clause)
    if m:
        head, rest = m.group(1), m.group(2)
        if _try(b, head, subject):
            clause = rest
        else:
            try:
                subject = resolve_player(b, head, subject, clause)
                b.player(subject)
                clause = rest
            except SituationError:
                pass
    if not clause.strip():
        return
    _parse_parts(b, _strip_modifiers(b, clause), subject, 0)


_VERBS = ("has", "have", "controls", "control", "is", "am", "are", "draws", "draw", "casts", "cast")


def _parse_parts(b: Builder, text: str, subject: str, level: int, verb: str = "") -> tuple[str, str]:
    """Read ``text`` whole, or split it (commas first, then "and") carrying the subject, and the verb when a
    part has none ("opponent has 3 cards in hand and 2 in library"); returns (subject, verb) for the next part."""
    said = "I" if subject == "You" else subject
    attempts = [text, f"{said} {text}"] + ([f"{said} {verb} {text}"] if verb else [])
    for attempt in attempts:
        if _try(b, attempt, subject):
            new = _subject_of(attempt)
            words = attempt.split()
            next_verb = next((w for w in words[1:4] if w.lower() in _VERBS), verb)
            return (resolve_player(b, new, subject, attempt) if new else subject), next_verb
    for lvl in range(level, len(_SEPARATORS)):
        parts = [p for p in _SEPARATORS[lvl].split(text) if p.strip()]
        if len(parts) > 1:
            current = subject
            for part in parts:
                current, verb = _parse_parts(b, part.strip(), current, lvl + 1, verb)
            return current, verb
    _fail(b, text)
    return subject, verb


def _fail(b: Builder, clause: str) -> None:
    if b.last_error is not None:
        raise b.last_error
    close = process.extract(clause, _EXAMPLES, scorer=fuzz.token_set_ratio, limit=3)
    raise SituationError(
        f"I didn't understand “{clause}”",
        clause,
        "a fact such as a zone size, a permanent someone controls, a life total, whose turn or "
        "step it is, or what happens now",
        [c[0] for c in close],
    )


def _assign_unowned(b: Builder) -> None:
    """A permanent "in play" with no controller named is the asker's (the contract names the asker You)."""
    for card, _clause in b.unowned:
        b.player("You").battlefield.append(card)


def parse_situation(text: str, cards: CardDB | None = None, *, asker: str = "You") -> Any:
    """Parse situation text into an engine Scenario (via the contract's JSON form)."""
    return scenario_from_json(situation_to_json(text, cards), cards or default_cards())


def situation_to_json(text: str, cards: CardDB | None = None) -> dict[str, Any]:
    if not isinstance(text, str):
        raise SituationError("the situation must be text", "", "a sentence such as 'I draw 2'")
    if len(text) > MAX_TEXT:
        raise SituationError(
            f"the situation is {len(text)} characters long", text[:40] + "…", f"at most {MAX_TEXT} characters"
        )
    cards = cards or default_cards()
    b = Builder(cards)
    clean = normalize(text)
    clauses = _clauses(clean)
    if not clauses:
        raise SituationError("the situation is empty", "", "a sentence such as 'I have 2 cards in library. I draw 3.'")
    for clause in clauses:
        if len(clause) > MAX_CLAUSE:
            raise SituationError(
                f"a clause of {len(clause)} characters is too long to read",
                clause[:60] + "…",
                f"short clauses (under {MAX_CLAUSE} characters) separated by periods",
            )
        _parse_clause(b, clause)
    if b.action is None:
        raise SituationError(
            "nothing happens in this situation",
            clauses[-1],
            "an action: 'I draw 2', 'each player draws 1', 'I cast Opportunity', 'it's my draw step'",
        )
    _assign_unowned(b)
    return _to_json(b)


def _to_json(b: Builder) -> dict[str, Any]:
    fmt = b.top.get("format")
    n = b.top.get("player_count")
    names = list(b.order)
    if fmt == "two-headed-giant":
        team_a = [x for x in names if b.players[x].team in (None, "A")][:2]
        if "You" in names and b.players["You"].team in (None, "A"):
            team_a = ["You", *[x for x in team_a if x != "You"]][:2]  # the asker sits first on their team
        for x in team_a:
            b.players[x].team = b.players[x].team or "A"
        if "You" not in names and not team_a:
            names.insert(0, "You")
            b.player("You").team = "A"
        # Fill team A to two (the asker's teammate), then team B to two.
        while len([x for x in b.order if b.players[x].team == "A"]) < 2:
            name = "Teammate" if "Teammate" not in b.players else f"Player A{len(b.order)}"
            b.player(name).team = "A"
        for x in b.order:
            if b.players[x].team is None:
                b.players[x].team = "B"
        opponents = ["Opponent", "Opponent 2"]
        while len([x for x in b.order if b.players[x].team == "B"]) < 2:
            name = next(o for o in opponents + [f"Player B{i}" for i in range(3, 9)] if o not in b.players)
            b.player(name).team = "B"
        names = sorted((x for x in b.order if b.players[x].team == "A"), key=lambda x: x != "You")
        others = [x for x in b.order if b.players[x].team != "A"]
        # Seat order alternates teams (A, B, A, B) so turn order passes between teams.
        order = []
        for i in range(max(len(names), len(others))):
            order += names[i : i + 1] + others[i : i + 1]
        names = order
    else:
        if "You" not in b.players and (not names or n is None or len(names) < (n or 2)):
            b.player("You")
        names = (["You"] if "You" in b.players else []) + [x for x in b.order if x != "You"]
        want = n or max(2, len(names))
        if n is not None and len(names) > n:
            raise SituationError(
                f"the text names {len(names)} players but says {n} players",
                b.sources.get(("*", "player_count"), ""),
                "the same number of players",
            )
        i = 1
        while len(names) < want:
            name = "Opponent" if "Opponent" not in b.players and want == 2 else f"Player {len(names) + 1}"
            if name in b.players:
                name = f"Player {len(names) + i}"
                i += 1
            b.player(name)
            names.append(name)
        if "Opponent" in b.players and "Opponent" not in names:
            names.append("Opponent")
    players = []
    for name in names:
        p = b.players[name]
        doc: dict[str, Any] = {"name": name}
        for key in ("library", "hand", "graveyard", "memory", "life", "drawn_this_turn"):
            if key in p.facts:
                doc[key] = p.facts[key]
        for zone, named in (("library", p.library_top), ("graveyard", p.graveyard_cards)):
            if not named:
                continue
            total = doc.get(zone, 40 if zone == "library" else 0)
            if zone in doc and total < len(named):
                raise SituationError(
                    f"{name}'s {zone} is said to hold {total} cards but {len(named)} are named",
                    b.sources.get((name, zone), ""),
                    f"a {zone} size that counts the named cards",
                )
            doc[zone] = list(named)
            doc[f"{zone}_unnamed"] = max(0, total - len(named))
        if p.battlefield:
            doc["battlefield"] = p.battlefield
        if p.team:
            doc["team"] = p.team
        players.append(doc)
    active = b.top.get("active", "You" if "You" in names else names[0])
    if "active_team" in b.top:
        active = next((x for x in names if b.players[x].team == b.top["active_team"]), names[0])
    if active not in names:
        raise SituationError(
            f"{active} is not a player of this game", b.sources.get(("*", "active"), ""), f"one of: {', '.join(names)}"
        )
    action = dict(b.action or {})
    action = _resolve_action_players(b, action, names, active)
    if b.top.get("while_casting") and action.get("type") == "draw":
        action["while_casting"] = True
    out: dict[str, Any] = {"players": players, "active": active, "action": action}
    for key in ("game", "edition", "turn", "step"):
        if key in b.top:
            out[key] = b.top[key]
    if fmt:
        out["format"] = fmt
    if b.choices:
        out["choices"] = dict(b.choices)
    return out


def _resolve_action_players(b: Builder, action: dict[str, Any], names: list[str], active: str) -> dict[str, Any]:
    player = action.get("player")
    if player == "each-opponent":
        action["player"] = "each"
        action["players"] = [x for x in names if x != "You"]
    elif isinstance(player, str) and player.startswith("team:"):
        action["player"] = "each"
        action["players"] = [x for x in names if b.players[x].team == player[5:]]
    elif player is not None and player not in ("each",) and player not in names:
        raise SituationError(f"{player} is not a player of this game", b.action_clause, f"one of: {', '.join(names)}")
    if "players" in action:
        missing = [x for x in action["players"] if x not in names]
        if missing:
            raise SituationError(
                f"{', '.join(missing)} is not a player of this game", b.action_clause, f"one of: {', '.join(names)}"
            )
    for t in action.get("targets", []):
        if t not in names:
            raise SituationError(f"{t} is not a player of this game", b.action_clause, f"one of: {', '.join(names)}")
    return action


if __name__ == "__main__":
    import sys

    if "--reference" in sys.argv:
        print(reference_markdown())
