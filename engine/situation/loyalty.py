"""A planeswalker's loyalty ability, said the way players say it: "Jace -8", "I use Jace's +1", "pop the ultimate".

Why a module of its own: the reader reads which ability is meant (its loyalty cost, or the "ultimate": the one
with the lowest cost) from the card's own Oracle text, then the engine carries it out or the answer names the
ability's words the engine can't carry out. An ability is never swapped for another one the engine knows: a
wrong ability is a wrong answer.
"""

from __future__ import annotations

import re
from typing import Any

from engine.cards import Card
from engine.effects import SpellText
from engine.errors import RuleRefusal, SituationError
from engine.situation.attach import Builder, Ctx
from engine.situation.lexicon import read_number

# "+1: Target player mills two cards. Draw a card." — a loyalty ability's line of Oracle text
_LINE = re.compile(r"^(?P<cost>[+−-]?(?:\d{1,2}|X)): (?P<text>.+)$", re.M)
# a card's words that end with a loyalty cost or "ultimate" ("Jace's -8"): a loyalty ability, never the card alone
LOYALTY_SAID = re.compile(r"(?:\s[+\-−]\s?(?:\d+|x)|(?:'s|')\s*0|\s(?:ultimate|ult|ulti))\s*$", re.I)
ULTIMATE = frozenset({"ultimate", "ult", "ulti", "ultimate ability"})


def _cost(text: str) -> str:
    return text.replace("−", "-").strip()


def _line(card: Card, said: str) -> tuple[str, str] | None:
    """The (cost, text) of the loyalty ability ``said`` names: its cost, or the ultimate (the lowest cost)."""
    lines = [(_cost(m["cost"]), m["text"]) for m in _LINE.finditer(card.oracle)]
    if not lines:
        return None
    if said.lower() in ULTIMATE:
        return min(lines, key=lambda line: int(line[0]) if line[0].lstrip("+-").isdigit() else 0)
    wanted = _cost(said) if said.startswith(("+", "-", "−")) or said == "0" else f"+{said}"
    return next((line for line in lines if line[0] == wanted), None)


def _ability_label(card: Card, cost: str, text: str) -> str | None:
    """The engine's label of the ability with that cost (as its resolver lists them), or None when the engine
    has no such ability. Card data that lacks the costs is matched only when one ability of each draws."""
    abilities = [s for s in card.of(SpellText) if s.activated and not s.cost.startswith("cycling")]
    labels = [s.mode or s.cost or f"ability {i + 1}" for i, s in enumerate(abilities)]
    for ability, label in zip(abilities, labels, strict=True):
        if ability.cost and _cost(ability.cost) == cost:
            return label
    if len(abilities) != 1 or abilities[0].cost:
        return None
    # one ability whose cost the data lacks: the line that draws as many cards as it does
    drawn = sum(op.amount for op in abilities[0].ops if op.do == "draw" and isinstance(op.amount, int))
    same = [m for m in _LINE.finditer(card.oracle) if _drawn_in(m["text"]) == drawn]
    return labels[0] if drawn and len(same) == 1 and _cost(same[0]["cost"]) == cost else None


_DRAWS = re.compile(r"\bdraws? (?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) cards?\b", re.I)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}


def _drawn_in(text: str) -> int:
    """The cards an ability's words draw ("Draw seven cards." → 7), 0 when they say no fixed number."""
    return sum(int(n) if n.isdigit() else _COUNTS[n.lower()] for n in (m["n"] for m in _DRAWS.finditer(text)))


def _told(ctx: Ctx, text: str) -> str:
    """ "Jace's -8" after "I control Jace, Wielder of Mysteries": a card's short name stands for the one the story
    told; else the name is looked up (or asked about) as any card's."""
    words = set(re.findall(r"[\w']+", text.lower().removesuffix("'s")))
    told = {c for c in ctx.b.last_cards if words and words <= set(re.findall(r"[\w']+", c.lower()))}
    return told.pop() if len(told) == 1 else ctx.card(text)


# "with 8 loyalty counters", "with 3 loyalty": the counters on the planeswalker the part before named
_COUNTERS = re.compile(r"^(?P<n>\w+) loyalty(?: counters?)?(?: on (?:it|him|her))?$", re.I)


def counters_said(b: Builder, part: str) -> bool:
    """ "Jace, Wielder of Mysteries with 8 loyalty counters": the counters on the last planeswalker told, kept to
    check that a negative loyalty cost can be paid (606.6). False when ``part`` says no such count."""
    m = _COUNTERS.match(part.strip())
    n = read_number(m["n"]) if m else None
    if m is None or n is None:
        return False
    walker = next((c for c in reversed(b.last_cards) if _is_planeswalker(b, c)), None)
    if walker is None:
        raise SituationError(f"“{part}” says loyalty counters, but no planeswalker was named before it", part,
                             "'I control Jace, Wielder of Mysteries with 8 loyalty counters'")
    b.loyalty[walker] = (n, part.strip())
    b.understood.append((f"{walker} has {n} loyalty counters", part.strip()))
    return True


def _is_planeswalker(b: Builder, name: str) -> bool:
    card = b.cards.find(name)
    return card is not None and bool(card.has_type("planeswalker"))


def _payable(ctx: Ctx, card: Card, cost: str) -> None:
    """606.6: a negative loyalty cost can't be paid with fewer counters on the permanent than it removes."""
    said = ctx.b.loyalty.get(card.name)
    if said is None or not cost.startswith("-") or not cost[1:].isdigit() or int(cost[1:]) <= said[0]:
        return
    raise RuleRefusal(f"{card.name} has {said[0]} loyalty counters (“{said[1]}”): its {cost} ability can't be "
                         "activated, its cost removes more counters than it has (606.6)", ctx.clause,
                         "the loyalty counters it has, or an ability it can pay for")


def _loyalty(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I use Jace's -8": the planeswalker's ability with that loyalty cost is activated (606.3)."""
    who = ctx.who(g.get("player"))
    if not g.get("card") and not ctx.b.last_cards:
        raise SituationError("say which planeswalker's ability is used", ctx.clause, "'I use Jace's -8'")
    name = _told(ctx, g["card"]) if g.get("card") else ctx.card("it")
    card = ctx.b.cards.find(name)
    said = g["loyalty"].strip()
    line = _line(card, said) if card is not None else None
    if card is None or line is None:
        raise RuleRefusal(f"{name} has no loyalty ability “{said}”", ctx.clause,
                             "the ability's loyalty cost as its card shows it ('+1', '-8')")
    _payable(ctx, card, line[0])
    label = _ability_label(card, *line)
    if label is None:
        raise SituationError(f"{card.name}'s {line[0]} ability (“{line[1]}”) is not one the engine can carry out "
                             "yet", ctx.clause, "ask a judge, or describe what it does ('I draw 7')")
    ctx.b.choices[f"ability:{card.name}"] = label
    action: dict[str, Any] = {"type": "cast", "card": card.name, "player": who, "ability": "activate"}
    if g.get("target"):  # "Jace's +1 targeting myself": the ability's target player (its text says whether one)
        action["targets"] = [ctx.who(g["target"])]
    ctx.b.set_action(action, ctx.clause)
    ctx.b.assume(f"“{ctx.clause}” read as activating {card.name}'s {line[0]} ability: {line[1]}")
