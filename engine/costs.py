"""Costs, read into their parts: what a player pays to activate an ability or cast a spell (601.2h, 602.2b).

Why parts and not one string: a cost moves cards ("Discard this card", "Sacrifice two lands", "Exile this
card from your graveyard"), changes a life total ("Pay 1 life"), or moves nothing the draw model counts (mana,
{T}, loyalty, counters, tapping other permanents). The resolver pays each part that moves something, names
the parts that move nothing, and refuses an ability whose cost has a part it can't read: a cost left unpaid
would leave a card where it isn't (the hand of 8 after cycling, the sacrificed creature still on the
battlefield), a wrong ruling presented as whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.oracle.clauses import number, self_named


class CostKind(StrEnum):
    """One part of a cost. The first group moves nothing the engine counts; the second moves cards or life."""

    MANA = "mana"  # {2}{U}, {X}, {S}, {E}: paid from a mana pool or energy, outside the draw model
    TAP = "tap"  # {T}, {Q}, "tap an untapped creature you control"
    LOYALTY = "loyalty"  # +1, −2: loyalty counters (606.4)
    COUNTERS = "counters"  # "remove two oil counters from this artifact"
    REVEAL = "reveal"  # "reveal a card from your hand": it stays where it is
    DISCARD_SELF = "discard_self"  # cycling's "discard this card" (702.29a)
    DISCARD = "discard"  # "discard a card", "discard two cards"
    DISCARD_HAND = "discard_hand"
    SACRIFICE_SELF = "sacrifice_self"  # "sacrifice this creature"
    SACRIFICE = "sacrifice"  # "sacrifice a creature", "sacrifice two lands", "sacrifice a Bird"
    PAY_LIFE = "pay_life"
    EXILE_SELF_FROM_GRAVEYARD = "exile_self_from_graveyard"
    EXILE_FROM_GRAVEYARD = "exile_from_graveyard"  # "exile two cards from your graveyard"
    EXILE_SELF = "exile_self"  # "exile this artifact" (from the battlefield)
    RETURN_SELF = "return_self"  # "return this creature to its owner's hand"
    MILL = "mill"
    UNKNOWN = "unknown"  # words the engine can't pay: the ability is refused with them


MOVES_NOTHING = frozenset({CostKind.MANA, CostKind.TAP, CostKind.LOYALTY, CostKind.COUNTERS, CostKind.REVEAL})


@dataclass(frozen=True)
class CostPart:
    kind: CostKind
    text: str  # the part in the card's words
    amount: int = 1
    what: tuple[str, ...] = ()  # for SACRIFICE: the kinds of permanent that may be sacrificed ("creature", "bird")
    another: bool = False  # "sacrifice another creature": not the source itself


@dataclass(frozen=True)
class Cost:
    """A whole cost; ``options`` holds the alternatives of an "or" cost ("sacrifice an artifact or discard a
    card"), each a tuple of parts, when the player chooses how to pay."""

    text: str
    parts: tuple[CostPart, ...] = ()
    options: tuple[tuple[CostPart, ...], ...] = ()

    @property
    def unknown(self) -> list[str]:
        every = [*self.parts, *(p for option in self.options for p in option)]
        return [p.text for p in every if p.kind is CostKind.UNKNOWN]

    @property
    def moves_something(self) -> bool:
        every = [*self.parts, *(p for option in self.options for p in option)]
        return any(p.kind not in MOVES_NOTHING for p in every)


_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"
_SELF = r"(?:~|this (?:creature|artifact|enchantment|land|permanent|equipment|vehicle|card|token|aura))"

# (pattern on one lower-case part of a cost, its kind): first match wins.
_PARTS: tuple[tuple[str, CostKind], ...] = (
    (r"\{t\}|\{q\}", CostKind.TAP),
    (r"(?:\{[^}]+\})+", CostKind.MANA),
    (r"[+−-]?(?:\d+|x)", CostKind.LOYALTY),
    (r"pay (?:\{[^}]+\})+|pay (?:x|\d+|one|two|three) energy|pay any amount of (?:mana|energy)", CostKind.MANA),
    (rf"discard {_SELF}", CostKind.DISCARD_SELF),
    (r"discard your hand", CostKind.DISCARD_HAND),
    (rf"discard {_N} (?:[\w-]+ )?cards?(?: at random)?", CostKind.DISCARD),
    (rf"sacrifice {_SELF}", CostKind.SACRIFICE_SELF),
    (rf"sacrifice (?P<n>{_N}|another) (?P<what>.+?)", CostKind.SACRIFICE),
    (rf"pay {_N} life", CostKind.PAY_LIFE),
    (rf"exile {_SELF} from your graveyard", CostKind.EXILE_SELF_FROM_GRAVEYARD),
    (rf"exile {_N} (?:other )?(?:[\w-]+ )?cards? from your graveyard", CostKind.EXILE_FROM_GRAVEYARD),
    (rf"exile {_SELF}", CostKind.EXILE_SELF),
    (rf"return {_SELF} to its owner's hand", CostKind.RETURN_SELF),
    (rf"mill {_N} cards?", CostKind.MILL),
    (rf"tap (?:{_N} |x )?(?:other )?untapped .+ you control|tap {_SELF}|untap {_SELF}", CostKind.TAP),
    (r"(?:remove|put) .*counters? (?:from|on) .+", CostKind.COUNTERS),
    (r"reveal .+ from your hand", CostKind.REVEAL),
)
_COMPILED = [(re.compile(p), kind) for p, kind in _PARTS]


def _part(words: str, x: int | None = None) -> CostPart:
    text = words.strip().rstrip(".")
    for rx, kind in _COMPILED:
        m = rx.fullmatch(text)
        if not m:
            continue
        amount = 1
        if kind in (CostKind.DISCARD, CostKind.PAY_LIFE, CostKind.EXILE_FROM_GRAVEYARD, CostKind.MILL):
            n = number(re.search(_N, text.split(" ", 1)[1]).group(1))  # type: ignore[union-attr]
            if n == "X" and x is not None:  # "discard X cards": X chosen as the spell is cast (601.2b)
                n = x
            if not isinstance(n, int):
                return CostPart(CostKind.UNKNOWN, text)  # "pay X life": the value comes with the question
            amount = n
        if kind is CostKind.SACRIFICE:
            return _sacrifice(text, m, x)
        return CostPart(kind, text, amount)
    return CostPart(CostKind.UNKNOWN, text)


def _sacrifice(text: str, m: re.Match[str], x: int | None = None) -> CostPart:
    """"Sacrifice two lands", "sacrifice another creature", "sacrifice an artifact or creature"."""
    n_word, what = m.group("n"), m.group("what")
    another = n_word == "another"
    what = re.sub(r"^another ", "", what)
    another = another or what.startswith("other ")
    what = re.sub(r"^other ", "", what)
    amount = 1 if another else number(n_word)
    if amount == "X" and x is not None:
        amount = x
    what = what.replace(" you control", "")
    if not isinstance(amount, int) or " with " in what or "attacking" in what or "blocking" in what:
        return CostPart(CostKind.UNKNOWN, text)  # a quality the scenario doesn't carry
    kinds = tuple(_singular(k.strip()) for k in re.split(r",? or |, |,? and/or ", what) if k.strip())
    return CostPart(CostKind.SACRIFICE, text, amount, kinds, another)


def _singular(word: str) -> str:
    word = word.replace("nontoken ", "nontoken-")
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _split(text: str) -> list[str]:
    """A cost's parts: split on commas and "and" outside braces."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    out: list[str] = []
    for p in parts:
        out += [q for q in re.split(r"^and | and (?=(?:sacrifice|discard|pay|exile|tap|remove|return|mill)\b)",
                                    p.strip()) if q and q.strip()]
    return [p.strip() for p in out if p.strip()]


def read_cost(text: str, card_name: str = "", x: int | None = None) -> Cost:
    """A cost in the card's words ("{2}, Sacrifice this creature", "cycling: {B}, discard this card",
    "sacrifice an artifact or discard a card"), read into its parts; ``x``, when the question gives it, is the
    X of "pay X life" / "discard X cards" / "exile X cards from your graveyard" (601.2b, 107.3)."""
    low = self_named(text.lower().replace("’", "'"), card_name) if card_name else text.lower().replace("’", "'")
    low = re.sub(r"^\w*cycling: ", "", low).strip().rstrip(".")
    options = re.split(r" or (?=(?:sacrifice|discard|pay|exile|tap|return|mill)\b)", low)
    if len(options) > 1:
        return Cost(text, options=tuple(tuple(_part(p, x) for p in _split(option)) for option in options))
    return Cost(text, tuple(_part(p, x) for p in _split(low)))


__all__ = ["MOVES_NOTHING", "Cost", "CostKind", "CostPart", "read_cost"]


# an activated ability's line of Oracle text: its cost before the colon ("{U}, {T}: Each player discards ...")
_WRITTEN_COST = re.compile(r"^([^:\n\"(]{1,80}):", re.M)


def written_costs(oracle: str) -> list[str]:
    """The costs written before the colons of a card's Oracle text, one per activated ability line: what card data
    written without its costs still says ("{U}, {T}" of Jace's Archivist)."""
    return _WRITTEN_COST.findall(oracle)

