"""Mana value (202.3) and the conditions on it that abilities say ("a spell with mana value 3 or greater").

Why a module: "whenever you cast an instant or sorcery spell with mana value 3 or greater" triggers or not on a
number the card's types don't tell, and judging it from the types alone answered for any instant. The number is
the card's mana cost summed (202.3): each generic number, each coloured or colourless symbol 1, a hybrid symbol
the larger half ({2/W} is 2, 202.3f), a Phyrexian symbol 1 (202.3g), X 0 off the stack and its chosen value on it
(202.3e). A split card cast as one half has that half's (709.3); fused, both halves' total (702.102c). A card
whose cost the data doesn't give has no known mana value: the trigger is asked about, never guessed.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

_SYMBOL = re.compile(r"\{([^}]+)\}")


def mana_value(cost: str, x: int | None = None) -> int | None:
    """The mana value of one cost ("{2}{U}" → 3, "{X}{R}" → 1 + X); None when the cost is not known or not
    read. ``x`` is X's value on the stack (0 when not said, 202.3e)."""
    if not cost.strip() or "//" in cost:
        return None
    symbols = _SYMBOL.findall(cost)
    if not symbols or _SYMBOL.sub("", cost).strip():
        return None
    total = 0
    for s in (sym.upper() for sym in symbols):
        if s.isdigit():
            total += int(s)
        elif s in ("X", "Y", "Z"):
            total += x or 0
        elif "/" in s:  # hybrid or Phyrexian: the larger of its halves (202.3f, 202.3g)
            total += max(int(p) if p.isdigit() else 1 for p in s.split("/"))
        elif s.isalpha() and len(s) == 1:
            total += 1
        else:
            return None
    return total


def spell_mana_value(cost: str, names: list[str], half: str | None, x: int | None = None) -> int | None:
    """A spell's mana value on the stack: a split card's ("{1}{W} // {2}{B}") that of the half cast, or the total
    when both are cast fused (702.102c); None when it can't be told (the half not said, the cost not known)."""
    if "//" not in cost:
        return mana_value(cost, x)
    costs = [c.strip() for c in cost.split("//")]
    if half is not None and "fused" in half:
        values = [mana_value(c, x) for c in costs]
        return None if any(v is None for v in values) else sum(v for v in values if v is not None)
    if half in names and len(names) == len(costs):
        return mana_value(costs[names.index(half)], x)
    return None


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "or greater": operator.ge, "or more": operator.ge, "or less": operator.le, "or fewer": operator.le,
    "greater than": operator.gt, "less than": operator.lt, "equal to": operator.eq, "": operator.eq}

# "mana value 3 or greater", "mana value less than 4", "mana value equal to 2", "mana value 5"
_SAID = re.compile(r"mana value (?:(?P<before>greater than|less than|equal to) )?(?P<n>\d+)"
                   r"(?: (?P<after>or greater|or more|or less|or fewer))?")


_LIST = re.compile(r"mana value \d+(?:, \d+)*,? or \d+")


@dataclass(frozen=True)
class ManaValueCondition:
    """ "with mana value 3 or greater": a comparison and its number."""

    compare: str  # a key of _COMPARE, or "from" (number to upto: "mana value 4, 5, or 6")
    number: int
    upto: int = 0

    def holds(self, value: int) -> bool:
        if self.compare == "from":
            return self.number <= value <= self.upto
        return _COMPARE[self.compare](value, self.number)

    def span(self) -> tuple[int, int | None]:
        """The mana values that fit, lowest and highest (None: no highest)."""
        n = self.number
        if self.compare == "from":
            return n, self.upto
        return {"or greater": (n, None), "or more": (n, None), "greater than": (n + 1, None),
                "or less": (0, n), "or fewer": (0, n), "less than": (0, max(0, n - 1))}.get(self.compare, (n, n))

    def fits(self, said: ManaValueCondition) -> bool | None:
        """Whether every spell of mana value ``said`` fits this condition (True), none does (False), or some do."""
        lo, hi = said.span()
        mine_lo, mine_hi = self.span()
        inside = lo >= mine_lo and (mine_hi is None or (hi is not None and hi <= mine_hi))
        apart = (mine_hi is not None and lo > mine_hi) or (hi is not None and hi < mine_lo)
        return True if inside else False if apart else None

    def words(self) -> str:
        if self.compare == "from":
            return f"mana value {', '.join(str(v) for v in range(self.number, self.upto))}, or {self.upto}"
        if self.compare in ("greater than", "less than", "equal to"):
            return f"mana value {self.compare} {self.number}"
        return f"mana value {self.number}{' ' + self.compare if self.compare else ''}"

    def example(self, fits: bool) -> int:
        """The mana value nearest the condition's number that fits it (``fits``) or doesn't: what an option to
        click says ("a spell with mana value 2" against "3 or greater")."""
        near = sorted(range(0, self.number + 3), key=lambda v: (abs(v - self.number), v))
        return next(v for v in near if self.holds(v) == fits)


def condition_of(words: str) -> ManaValueCondition | None:
    """The condition words say ("mana value 3 or greater"); None for a number not said (" less than ~'s power")."""
    m = _SAID.fullmatch(words.strip().lower())
    listed = _LIST.fullmatch(words.strip().lower())
    if listed is not None:  # "mana value 4, 5, or 6": values in a row, judged as a range; others not read
        values = [int(v) for v in re.findall(r"\d+", listed.group(0))]
        row = values == list(range(values[0], values[0] + len(values)))
        return ManaValueCondition("from", values[0], values[-1]) if row else None
    if m is None:
        return None
    return ManaValueCondition(m.group("before") or m.group("after") or "", int(m.group("n")))
