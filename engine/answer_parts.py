"""The parts every lead is made of: whom the question is about, the asker's own choices and their lines, the
counts before and after, the reason with its deciding rule, and the ruling line itself.

Why its own module: the yes/no leads (``engine.answer_lead``) and the count leads (``engine.answer_counts``)
answer from the same parts, so a choice or a reason is found one way whatever was asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.answer_model import AnswerKind, Lead, Line
from engine.model import Resolution
from engine.question import Asked
from engine.ruling import reasons
from engine.wording import sentence

_RULE_AT_END = re.compile(r"\s*\([^()]*\d[^()]*\)$")


def headline(ruling_text: str) -> str:
    """The ruling's outcome without its reasons ("Opponent draws 1 card and you draw none")."""
    return _RULE_AT_END.sub("", ruling_text.partition(": ")[0].rstrip(".").strip())


def outcome_of(ruling_text: str) -> str:
    """A ruling's outcome alone, as a sentence ("Opponent draws 1 card and you draw none.")."""
    head = headline(ruling_text)
    return head + "." if head else ruling_text


def person_asked(res: Resolution, asked: Asked) -> str:
    """Whom the question is about: the player it names, else the asker ("You"), else the first player told
    to draw (a JSON scenario with named players)."""
    if asked.player and asked.player in res.players:
        return asked.player
    if "You" in res.players:
        return "You"
    return told_player(res) or next(iter(res.players), "You")


# the steps that tell a player to draw, or act on a draw they were told to make
DRAW_STEP_KINDS = frozenset({"instruction", "draw", "replaced_draw", "replaced_instruction", "prohibited",
                             "empty_draw"})


def told_player(res: Resolution) -> str | None:
    return next((s.player for s in res.steps if s.player in res.players and s.kind in DRAW_STEP_KINDS), None)


def does_said(who: str, you: str, other: str) -> str:
    return f"{'you' if who == 'You' else who} {you if who == 'You' else other}"


def cards_said(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


# ------------------------------------------------------------------ the asker's own choices

def chooser_of(key: str) -> str:
    """Who makes a decision, from its key ("order:You" → You, "apply:Golgari Thug:You" → You)."""
    return key.split(":")[-1]


def own_lines(res: Resolution, who: str) -> list[dict[str, Any]]:
    """The other lines that differ from the main line by one decision ``who`` makes and didn't say."""
    return [b for b in res.branches
            if len(b.get("choices", {})) == 1 and b.get("main")
            and (b.get("chooser") or chooser_of(next(iter(b["choices"])))) == who
            and not said_before(res, *next(iter(b["choices"].items())))]


def said_before(res: Resolution, key: str, value: Any) -> bool:
    """Whether the player already said this decision: the same key, or drawing normally when they said they
    apply an optional replacement ("i dredge")."""
    if key in res.said_choices:
        return True
    who = chooser_of(key)
    return key.startswith("order:") and value == "draw normally" and any(
        said.startswith("apply:") and chooser_of(said) == who for said in res.said_choices)


def outcome_said(ruling_text: str) -> str:
    text = sentence(headline(ruling_text))
    return "you" + text[3:] if text.startswith("You ") else text


def own_choice_lines(res: Resolution, who: str,
                     outcome: Callable[[dict[str, Any]], str] | None = None) -> tuple[Line, ...]:
    """The main line and each other line that differs only by one decision ``who`` makes, each with its
    outcome (its ruling's, or what ``outcome`` says of the line: the tokens it makes); empty when ``who`` has
    no such choice."""
    others = own_lines(res, who)
    if not others:
        return ()
    main_doc = {"players": res.players, "losers": res.losers, "winners": res.winners, "ruling": res.ruling}
    said = outcome or (lambda doc: outcome_said(str(doc.get("ruling", {}).get("text", ""))))
    lines = [Line(sentence(str(others[0]["main"])), said(main_doc))] + [
        Line(sentence(str(b.get("said") or b["choice"])), said(b)) for b in others]
    # one line per outcome: two decisions that end alike ("decline the ability", "decline its “may”") are one
    by_outcome: dict[str, Line] = {}
    for line in lines:
        by_outcome.setdefault(line.outcome, line)
    return tuple(by_outcome.values())


def choice_rule(res: Resolution, who: str) -> str | None:
    step = next((s for s in res.steps if s.kind == "choice" and s.player == who and s.rules), None)
    return step.rules[0] if step else None


def choice_lead(res: Resolution, who: str, lines: tuple[Line, ...], prefix: str = "") -> Lead:
    chooser = ("your" if prefix else "Your") if who == "You" else f"{who}'s"
    return Lead(AnswerKind.CHOICE, f"{prefix}{chooser} choice:", f"{'you' if who == 'You' else who} "
                f"{'choose' if who == 'You' else 'chooses'} which line to take", choice_rule(res, who),
                lines=lines)


def differs(res: Resolution, who: str, measure: Callable[[dict[str, Any]], Any]
             ) -> tuple[str, tuple[Line, ...]]:
    """Whose choice decides what the question measures (the player asked about, else the asker), with the
    lines of that choice; ("", ()) when no choice changes it."""
    main = measure({"players": res.players, "losers": res.losers, "winners": res.winners})
    # and the opponent who picks a mode ("an opponent chooses one —", 700.2): their choice, both lines
    modes = [b["chooser"] for b in res.branches if b.get("chooser") in res.players
             and any(k.startswith(("ability:", "mode:")) for k in b.get("choices", {}))]
    for chooser in dict.fromkeys((who, "You", *modes)):
        if any(measure(b) != main for b in own_lines(res, chooser)):
            return chooser, own_choice_lines(res, chooser)
    return "", ()


def count_of(who: str, field: str) -> Callable[[dict[str, Any]], Any]:
    """What a count question measures in a line: one of ``who``'s counts ("hand", "life", "drawn_this_turn")."""
    return lambda doc: doc.get("players", {}).get(who, {}).get(field)


def before_after(res: Resolution, who: str, field: str) -> tuple[Any, Any]:
    """``who``'s count before the action and after it (None when the resolution doesn't hold it)."""
    return res.before.get(who, {}).get(field), res.players.get(who, {}).get(field)


# ------------------------------------------------------------------ the reason and the trap

def reason_and_rule(res: Resolution, about: str | None = None) -> tuple[str, str | None]:
    """The one reason that decides the answer, with its rule: the first of the ruling's reasons (one about
    ``about``, a card, when there is one), else the ruling's outcome with its rule."""
    found = [(text, rule) for text, rule in reasons(res) if text]
    if about:
        found = [r for r in found if about.lower() in r[0].lower()] or found
    if found:
        return found[0]
    rules = res.ruling.get("rules") or [None]
    return headline(str(res.ruling.get("text", ""))), rules[0]


def is_specific(res: Resolution, reason: str) -> bool:
    """Whether a reason says more than the ruling's outcome (it is one of the ruling's reasons)."""
    return reason != headline(str(res.ruling.get("text", "")))


# ------------------------------------------------------------------ one lead per kind of question

def ruling_lead(res: Resolution, asked: Asked | None) -> Lead:
    return Lead(AnswerKind.RULING, str(res.ruling.get("text", "")), "", None)
