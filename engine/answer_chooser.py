""" "Who decides if they pay?", "who chooses the order of the triggers?": the player who makes the decision asked
about, first, from the resolution's own decisions, never the draw lines of another player's choice.

Why a module of its own: players ask about Rhystic Study and Mystic Remora by who decides ("who chooses if he
pays the 1?"), and the answer led with "Your choice:" and the asker's draw lines, which reads as "you decide
whether he pays" (the "unless" is the other player's choice, 118.12a; the card's controller chooses only whether to
draw after that, as the rulings of both cards say). Each decision has its rows: a tax ("pays:<player>" in the
resolution's branches, the player who may pay), a "may" ("trigger:<card>:<player>") and the order of triggered
abilities put on the stack at once (each player their own, in APNAP order, 603.3b). What the question names decides
which; a question naming none of them is answered by the tax and then the "may", else by the ruling as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.answer_model import AnswerKind, Lead
from engine.answer_parts import ruling_lead
from engine.model import Resolution
from engine.question import Asked

UNLESS_RULE = "118.12a"  # "[do something] unless [a player does something else]": that player may; if not, it's done
ORDER_RULE = "603.3b"  # each player puts the abilities they control on the stack in any order, in APNAP order
_COST = re.compile(r"\b(?:does|do) not pay (?P<cost>\{\w+\}(?:\{\w+\})*)")


def _who(name: str, capital: bool = True) -> str:
    return ("You" if capital else "you") if name == "You" else name


def _verb(name: str, you: str, other: str) -> str:
    return you if name == "You" else other


def payers(res: Resolution) -> list[str]:
    """The players who may pay a tax in this resolution ("unless that player pays"), said or assumed."""
    keys = [k for b in res.branches for k in b.get("choices", {}) if k.startswith("pays:")]
    keys += [k for k in res.said_choices if k.startswith("pays:")]
    return list(dict.fromkeys(k.split(":")[1] for k in keys if k != "pays:each"))  # "pays:<player>[:<card>]"


def may_choosers(res: Resolution) -> dict[str, list[str]]:
    """Each player who chooses whether to use a "may" ability of this resolution, with the cards."""
    found: dict[str, list[str]] = {}
    for key in [k for b in res.branches for k in b.get("choices", {})] + list(res.said_choices):
        parts = key.split(":")
        if parts[0] == "trigger" and len(parts) == 3 and parts[1] not in found.get(parts[2], []):
            found.setdefault(parts[2], []).append(parts[1])
    return found


def _cost(res: Resolution, payer: str) -> str:
    step = next((s for s in res.steps if s.kind == "assumption" and s.player == payer and _COST.search(s.text)), None)
    m = _COST.search(step.text) if step is not None else None
    return m.group("cost").upper() if m else "the tax"  # "{x}" as Oracle text writes it: "{X}"


def _tax(res: Resolution) -> Lead | None:
    """The player who may pay, then who chooses to draw if they don't."""
    who = payers(res)
    if len(who) != 1:
        return None
    payer = who[0]
    cards = " and ".join(t.source for t in res.triggers if t.count and t.controller != payer)
    text = f"{_who(payer)} {_verb(payer, 'choose', 'chooses')} whether to pay {_cost(res, payer)}"
    then = ""
    mays = {p: c for p, c in may_choosers(res).items() if p != payer}
    if len(mays) == 1:
        (chooser, _), = mays.items()
        then = (f"; if {_verb(payer, 'you don’t', 'they don’t')}, {_who(chooser, False)} "
                f"{_verb(chooser, 'choose', 'chooses')} whether to draw")
    reason = (f"the “unless … pays” of {cards or 'the ability'} is the paying player's choice, made as the ability "
              "resolves; drawing comes after it")
    return Lead(AnswerKind.WHO, text + then + ".", reason, UNLESS_RULE)


def _may(res: Resolution) -> Lead | None:
    mays = may_choosers(res)
    if len(mays) != 1:
        return None
    (chooser, cards), = mays.items()
    said = " and ".join(cards)
    return Lead(AnswerKind.WHO, f"{_who(chooser)} {_verb(chooser, 'choose', 'chooses')} whether to draw: "
                f"{said}'s draw is a “may”.", f"{said} says “may”: its controller chooses as it resolves", "603.5")


def _order(res: Resolution) -> Lead | None:
    """Who orders triggered abilities that go on the stack at once (603.3b); one ability that triggered on a spell
    being cast resolves before that spell (it is put on the stack above it, 405.5)."""
    fired = [t for t in res.triggers if t.count]
    if sum(t.count for t in fired) == 1 and _on_casting(res):
        return Lead(AnswerKind.WHO, f"{fired[0].source}'s triggered ability resolves first, before the spell.",
                    "it is put on the stack above the spell that made it trigger, and the last object put on the "
                    "stack resolves first", "405.5")
    if sum(t.count for t in fired) < 2:
        return None
    owners = list(dict.fromkeys(t.controller for t in fired))
    if len(owners) == 1:
        owner = owners[0]
        return Lead(AnswerKind.WHO, f"{_who(owner)} — {_verb(owner, 'you put', 'puts')} "
                    f"{_verb(owner, 'your', 'their')} triggered abilities on the stack in any order "
                    f"{_verb(owner, 'you', 'they')} choose; the last one put there resolves first.",
                    f"all of them are {_verb(owner, 'yours', owner + chr(39) + 's')}", ORDER_RULE)
    return Lead(AnswerKind.WHO, "Each player orders their own triggered abilities: the active player puts theirs "
                "on the stack first, then each other player in turn order, so the last player's resolve first.",
                "each player puts the abilities they control on the stack in APNAP order", ORDER_RULE)


def _on_casting(res: Resolution) -> bool:
    """Whether the abilities went on the stack as the spell was cast (the steps: cast, to the stack, then the
    abilities put on the stack above it), so they resolve before it."""
    kinds = [s.kind for s in res.steps]
    return kinds[:3] == ["cast", "move", "stack"]


# what the question names, first match wins: the decision it asks about
_ASKED: tuple[tuple[re.Pattern[str], tuple[Callable[[Resolution], Lead | None], ...]], ...] = (
    (re.compile(r"\b(?:order|orders|ordering|stack|first)\b", re.I), (_order,)),
    (re.compile(r"\b(?:pay|pays|paying|paid|tax)\b", re.I), (_tax,)),
    (re.compile(r"\b(?:draw|draws|drawing)\b", re.I), (_may,)),
    (re.compile(r""), (_tax, _may)),
)


def chooser_lead(res: Resolution, asked: Asked, own_choice: Callable[[Resolution], Lead | None]) -> Lead:
    """ "Who chooses ...?": the player who makes the decision asked about; else a player's own choice with both
    its lines (``own_choice``: the order of Notion Thief and Thought Reflection, 616.1), else the ruling as it is
    (never a guess)."""
    for rx, leads in _ASKED:
        if rx.search(asked.words or ""):
            found = next((lead for f in leads if (lead := f(res)) is not None), None)
            return found or own_choice(res) or ruling_lead(res, asked)
    return own_choice(res) or ruling_lead(res, asked)
