"""Naming players in answers: the asker is "You", and English wants "You draw", "your hand".

Why its own module: the resolver's steps, the ruling line and the alternatives all name players this way, and
the ruling is computed from a resolution without depending on the resolver.
"""

from __future__ import annotations

import re
from functools import lru_cache


def possessive(name: str) -> str:
    """"your" for the asker, "Bob's" for another player: "your draw step", "Bob's own main phase"."""
    return "your" if name == "You" else f"{name}'s"


def owned_by(name: str) -> str:
    """"yours" for the asker, "Bob's" for another player, standing alone: "read as yours", "Notion Thief (Bob's)"."""
    return "yours" if name == "You" else f"{name}'s"


def counted(n: object, word: str) -> str:
    """"1 token", "2 tokens", "1,000 +1/+1 counters": never "2 token(s)"."""
    count = f"{n:,}" if isinstance(n, int) else str(n)
    return f"{count} {word}" + ("" if n == 1 else "s")


def cards(n: object) -> str:
    """"1 card", "2 cards", "1,000 cards": never "2 card(s)"."""
    return counted(n, "card")


_YOU_VERB = re.compile(r"\bYou (is|has|\w+s)\b")


_YOUR_AT_START = re.compile(r"(^|[.!?]\s)You's ")


def second_person(text: str) -> str:
    """Steps name players by name; the asker is "You", so "You draws" reads "You draw"."""
    if "You" not in text:
        return text
    text = _YOUR_AT_START.sub(r"\1Your ", text).replace("You's ", "your ")
    text = _YOU_CLAUSE.sub(lambda m: _THEIR.sub(lambda t: _YOURS[t.group(0)], m.group(0)), text)
    return _YOU_VERB.sub(lambda m: "You " + _base_form(m.group(1)), text)


# A clause whose subject is the asker ("You discard their hand"): its "their" is "your". A step's "their"
# always stands for its subject, so the clause runs to the next sentence or semicolon.
_YOU_CLAUSE = re.compile(r"(?:^|(?<=[.!?;:] ))You [^.;!?]*")
_THEIR = re.compile(r"\b(?:their|themselves|they)\b")
_YOURS = {"their": "your", "themselves": "yourself", "they": "you"}


def _base_form(verb: str) -> str:
    """"draws" → "draw", "applies" → "apply", "passes" → "pass", "does" → "do"."""
    special = {"is": "are", "has": "have", "does": "do", "goes": "go"}
    if verb in special:
        return special[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1]


_YOU_MID_SENTENCE = re.compile(r"(?<![.!?:])( |\(|“)Y(ou|our)\b")


@lru_cache(maxsize=8192)
def sentence(text: str) -> str:
    """A sentence that names the asker: "You draws" → "You draw", and "You" in its middle → "you". Cached:
    a resolution says the same few sentences many times ("You draw a card."), and it is a pure function."""
    return _YOU_MID_SENTENCE.sub(r"\1y\2", second_person(text))
