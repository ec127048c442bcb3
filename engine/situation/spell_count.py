""" "I cast my second spell this turn", "Brainstorm, my second spell this turn", "he already cast a spell this turn":
how many spells a player cast earlier this turn, the fact "whenever you cast your second spell each turn" and
"your first spell during each opponent's turn" are judged on (603.2).

Why a module of its own: without the fact the resolver assumes the spell is the turn's first (and says so); a player
who told it was the second got that assumption against their words, or a refusal ("second spell this turn" is not
a card). The count is kept as the choice ``spells_cast:<player>`` (the spells that player cast before the one the
story casts), which the cast triggers read. The ordinal said with a cast is rewritten, before the text is cut into
sentences, into the plain fact the phrase table reads ("... It is my second spell this turn.").
"""

from __future__ import annotations

import re

from engine.situation.attach import Ctx
from engine.situation.lexicon import count

ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
            "5th": 5}
ORDINAL = "|".join(ORDINALS)
_ORD = ORDINAL
_WHOSE = r"(?P<whose>my|his|her|their|your|our)"
_THIS_TURN = r"(?: (?:this|of the|for the|in the|during the) turn)?"

# "I cast my second spell this turn": a spell said by its number alone is a spell, its number a fact of its own
_ORDINAL_OBJECT = re.compile(rf"\b(?P<verb>casts?|cast) {_WHOSE} (?P<ord>{_ORD}) spell{_THIS_TURN}(?P<end>[.,;!?]|$)",
                             re.I)
# "I cast Brainstorm, my second spell this turn" / "(my second spell this turn)"
_ORDINAL_APPOSITION = re.compile(rf"(?:,|\s[-—]|\s\()\s*{_WHOSE} (?P<ord>{_ORD}) spell{_THIS_TURN}\)?"
                                 r"(?P<end>[.;!?]|,|$)", re.I)
# "it's my second spell this turn: I cast Brainstorm": the fact is a sentence of its own
_ORDINAL_BEFORE = re.compile(rf"\b(?P<fact>(?:it|this|that)(?: is| was|'s|s) {_WHOSE} (?:{_ORD}) spell{_THIS_TURN})"
                             r"\s*[:;,-]\s*", re.I)
_SUBJECT = {"my": "it is my", "his": "it is his", "her": "it is her", "their": "it is their", "your": "it is your",
            "our": "it is our"}


def told_spell_numbers(text: str) -> str:
    """The text with an ordinal said with a cast told as a sentence of its own ("It is my second spell this
    turn."), which the phrase table reads."""
    text = _ORDINAL_BEFORE.sub(lambda m: f"{m.group('fact')}. ", text)
    text = _ORDINAL_OBJECT.sub(lambda m: f"{m.group('verb')} a spell. {_said(m)}", text)
    return _ORDINAL_APPOSITION.sub(lambda m: f". {_said(m)}", text)


def _said(m: re.Match[str]) -> str:
    end = m.group("end")
    return f"{_SUBJECT[m.group('whose').lower()].capitalize()} {m.group('ord').lower()} spell this turn" + (
        end if end in ".;!?" else ".")


def spells_cast(ctx: Ctx, g: dict[str, str]) -> None:
    """ "It is my second spell this turn" (one cast before it) / "he already cast two spells this turn"."""
    who = ctx.who(g.get("player"))
    before = ORDINALS[g["ord"].lower()] - 1 if g.get("ord") else count(g.get("n") or "1", ctx.clause)
    ctx.b.choices[f"spells_cast:{who}"] = before
    ctx.b.note(f"{who} cast {before} spell{'' if before == 1 else 's'} earlier this turn", ctx.clause)
