"""X counted from the board (608.2h): "draw cards equal to the number of Zombies you control", "investigate X
times, where X is the number of opponents you have".

Why counted and not asked: the situation already fixes these numbers, and asking the player for a number the
board decides invites a wrong one. The engine counts only what the scenario fully shows: a permanent or a
graveyard card whose types it doesn't know, or cards that are only counted ("3 cards in graveyard"), make the
count unknown, and X is then asked for (or taken as given) instead of guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cards import card_type_words, type_words
from engine.token_types import TOKEN_TYPES

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

Counter = Callable[["Resolver", str, "re.Match[str]"], "int | None"]


_IRREGULAR = {"mice": "mouse", "fungi": "fungus", "octopi": "octopus", "cyclopes": "cyclops", "men": "man"}


def _forms(word: str) -> set[str]:
    """A word of a card's text as it may stand in a type line: "zombies" → zombie, "allies" → ally, "elves" →
    elf, "mice" → mouse."""
    forms = {word, _IRREGULAR.get(word, word)}
    if word.endswith("s"):
        forms.add(word[:-1])
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    if word.endswith("ves"):
        forms.add(word[:-3] + "f")
    return forms


def _kinds(words: str) -> list[str]:
    """"creatures", "artifacts and/or enchantments", "zombies" → each kind's words."""
    return [k.strip() for k in re.split(r" and/or | or | and |, ", words) if k.strip()]


def _is_kind(type_line: str, kind: str) -> bool:
    words = card_type_words(type_line)
    needed = [w for w in kind.split() if w not in ("other", "another")]
    if needed in (["permanent"], ["permanents"], ["card"], ["cards"]):
        return bool(words)
    return all(not (_forms(w[3:]) & words) if w.startswith("non") else bool(_forms(w) & words) for w in needed)


# a quality the engine doesn't track ("creatures you control with power 4 or greater", "creature [with flying]
# you control" — cleave's brackets): only a count of none of the kind at all is known
_QUALIFIED = re.compile(r"^(?P<kinds>[a-z ,/-]+?)(?: \[[^]]*\]| (?:with|that|named) .+)$")


def _permanents(r: Resolver, who: str, m: re.Match[str]) -> int | None:
    words = f"{m.group('kinds')} {m.group('after') or ''}".strip()
    qualified = _QUALIFIED.match(words)
    if not _type_kinds(r, qualified.group("kinds") if qualified else words):
        return None  # "the greatest power among creatures", "colors among permanents": not a count of a kind
    if qualified:
        base = _count_kinds(r, who, qualified.group("kinds"))
        return 0 if base == 0 else None
    return _count_kinds(r, who, words)


def _count_kinds(r: Resolver, who: str, words: str) -> int | None:
    kinds = _kinds(words)
    if re.search(r"\b(?:an)?other\b", words):
        # "other creatures": which permanent is the source isn't known here, so not counted, unless there is
        # none of the kind at all
        mine = _count_kinds(r, who, re.sub(r"\b(?:an)?other ", "", words))
        return 0 if mine == 0 else None
    p = r.player(who)
    count = 0
    for name in p.battlefield:
        card = r.cards.find(name)
        if card is None or not card.type_line:
            return None  # a permanent whose types aren't known: the count isn't known either
        count += any(_is_kind(card.type_line, k) for k in kinds)
    for name, n in p.tokens.items():
        line = TOKEN_TYPES.get(name.lower())
        if line is None:
            return None
        count += n * any(_is_kind(line, k) for k in kinds)
    return count


def _zone_cards(r: Resolver, who: str, m: re.Match[str]) -> int | None:
    zone = getattr(r.player(who), m.group("zone"))
    kinds = _kinds(m.group("kinds") or "card")
    if kinds in (["card"], ["cards"]):
        return int(zone.size)
    if zone.unknown:
        return None  # cards only counted: their types aren't known
    count = 0
    for name in zone.cards:
        card = r.cards.find(name)
        if card is None or not card.type_line:
            return None
        count += any(_is_kind(card.type_line, k) for k in kinds)
    return count


def _named(r: Resolver, who: str, m: re.Match[str]) -> int | None:
    """"cards named Take Inventory in your graveyard": counted when every card of the zone is named."""
    zone = getattr(r.player(who), m.group("zone"))
    if zone.unknown:
        return None
    return sum(1 for name in zone.cards if name.lower() == m.group("name").strip())


def _opponents(r: Resolver, who: str, m: re.Match[str]) -> int | None:
    return len([o for o in r.opponents(who) if not r.player(o).lost])


_COUNTERS: tuple[tuple[re.Pattern[str], Counter], ...] = (
    (re.compile(r"(?:the number of |one for each )?opponents? you have"), _opponents),
    (re.compile(r"(?:the number of )?cards? named (?P<name>.+?) in your (?P<zone>hand|library|graveyard)"), _named),
    (re.compile(r"(?:the number of |one for each )?(?:(?P<kinds>[a-z ,/-]+?) )?cards? in your "
                r"(?P<zone>hand|library|graveyard)"), _zone_cards),
    (re.compile(r"(?:the number of |one for each )?(?P<kinds>[a-z ,/\[\]-]+?) you control(?: (?P<after>(?:with|that) "
                r".+))?"), _permanents),
)


def count_x(r: Resolver, definition: str, you: str) -> int | None:
    """X as the situation fixes it, or None when the engine can't count it from what the scenario shows."""
    text = definition.lower().strip().removeprefix("x = ").strip().rstrip(".")
    per = re.fullmatch(r"(\d+) for each (.+)", text)
    if per:  # "loses 2 life for each Swamp you control"
        counted = count_x(r, per.group(2), you)
        return None if counted is None else int(per.group(1)) * counted
    plus = re.fullmatch(r"(.+) plus (one|two|three|\d+)", text)
    if plus:  # "the number of cards in your hand plus one"
        counted = count_x(r, plus.group(1), you)
        extra = {"one": 1, "two": 2, "three": 3}.get(plus.group(2)) or int(plus.group(2))
        return None if counted is None else counted + extra
    minus = re.fullmatch(r"(one|two|three|four|five|six|seven|eight|\d+) minus (.+)", text)
    if minus:  # "the difference" of "if you have fewer than four cards in hand" (107.1b: never below 0)
        counted = count_x(r, minus.group(2), you)
        return None if counted is None else max(0, small_number(minus.group(1)) - counted)
    greater = re.fullmatch(r"(.+) or (.+), whichever is greater", text)
    if greater:
        parts = [count_x(r, g, you) for g in greater.groups()]
        return None if None in parts else max(p for p in parts if p is not None)
    for pattern, counter in _COUNTERS:
        m = pattern.fullmatch(text)
        if m:
            return counter(r, you, m)
    return None


_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def small_number(word: str) -> int:
    return _SMALL.get(word) or int(word)


# "draw cards equal to the difference": the condition that names the two numbers (one the engine counts)
_DIFFERENCE = (
    (re.compile(r"you have fewer than (?P<n>\w+) cards in (?:your )?hand"), "the number of cards in your hand"),
    (re.compile(r"fewer than (?P<n>\w+) cards were \w+ this way"), "that many"),
)


def the_difference(note: str, condition: str) -> str:
    """"X = the difference" read with the condition it follows ("if you have fewer than four cards in hand",
    "if fewer than two cards were discarded this way"): "X = four minus the number of cards in your hand", "X =
    two minus that many", which are counted; any other note, or a condition not of these forms, unchanged."""
    if note != "X = the difference":
        return note
    for rx, counted in _DIFFERENCE:
        m = rx.fullmatch(condition.removeprefix("if:").strip())
        if m and (m.group("n") in _SMALL or m.group("n").isdigit()):
            return f"X = {m.group('n')} minus {counted}"
    return note


# words that are card types, supertypes or basic land types whatever cards the engine knows (205.2a, 205.4a)
_TYPE_WORDS = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle", "kindred", "tribal",
               "legendary", "basic", "snow", "world", "permanent",
               "plains", "island", "swamp", "mountain", "forest"}  # the basic land types (205.3i)


def _type_vocabulary(r: Resolver) -> set[str]:
    """The words known to be type words: card types and supertypes, every word of a known card's type line
    (subtypes: "Faerie" is one because some card is a Faerie) and the token types."""
    words = set(_TYPE_WORDS)
    for name in r.cards.names():
        card = r.cards.find(name)
        if card is not None and card.type_line:
            words |= type_words(card.type_line)
    for line in TOKEN_TYPES.values():
        words |= set(line.split())
    return words


def _type_kinds(r: Resolver, kinds: str) -> bool:
    """Whether every word of the kinds is a type word ("non-Human creatures", "artifacts and/or enchantments",
    "other Elves"): only then are permanents counted by their type lines. "the greatest power among
    creatures" or "colors among permanents" are not counts of a kind, and a quality the engine doesn't track
    ("untapped", "red") isn't either."""
    vocab = _type_vocabulary(r) | {"other", "another"}
    for kind in _kinds(kinds):
        for word in re.split(r"[ -]", kind):
            bare = word[3:] if word.startswith("non") else word
            if bare and not _forms(bare) & vocab:
                return False
    return True


def controlled_count(r: Resolver, who: str, words: str) -> int | None:
    """How many permanents of a kind ("Faerie", "artifacts", "creature with power 4 or greater") a player
    controls, for a condition such as "if you control a Faerie"; None when the board doesn't decide it. A
    player who controls no permanent controls none of any kind; otherwise each word of the kind must be a type
    word (a quality such as "untapped" or "red" isn't tracked) and every permanent's types known."""
    p = r.player(who)
    if not p.battlefield and not any(p.tokens.values()):
        return 0
    qualified = _QUALIFIED.match(words)
    kinds = qualified.group("kinds") if qualified else words
    if not _type_kinds(r, kinds):
        return None
    base = _count_kinds(r, who, kinds)
    if qualified:
        return 0 if base == 0 else None
    return base


def controlled_at_most(r: Resolver, who: str, words: str) -> int | None:
    """At most how many permanents of a qualified kind ("creatures with different powers") a player controls:
    the count of the kind without its quality, when that is known; None otherwise."""
    qualified = _QUALIFIED.match(words)
    if not qualified or not _type_kinds(r, qualified.group("kinds")):
        return None
    return _count_kinds(r, who, qualified.group("kinds"))


def card_is(r: Resolver, name: str, words: str) -> bool | None:
    """Whether a card ("it" of "if it was a creature card") is of a kind ("creature", "land or Elf",
    "noncreature"): from its type line when the engine knows the card and every word is a type word, else None."""
    card = r.cards.find(name)
    if card is None or not card.type_line or not _type_kinds(r, words):
        return None
    return any(_is_kind(card.type_line, k) for k in _kinds(words))

