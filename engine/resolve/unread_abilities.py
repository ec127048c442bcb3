"""The card's other activated abilities, kept only as words, that the question is about: "I activate Soul of
Windgrace at 5 life. What is my life?" when the card's life-gain ability is one the engine can't carry out.

Why: among a card's activated abilities the answer takes one it can carry out (the one that draws), and the
others were only named in the notes; the lead then answered a life question with "Your life total doesn't
change", the line of an ability the player likely didn't mean. An unread ability whose words touch what is
asked (life, damage, losing) is one more option of the same decision, whose line the engine can't carry out:
the lead says the answer is the line it takes and which one it couldn't follow (602.2, 118.3).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.errors import ScenarioError
from engine.question import AskedKind
from engine.question_words import AskedMeasure

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

_LIFE_OR_LOSS = re.compile(r"\b(?:life|damage|loses? the game|wins? the game)\b", re.I)

# the measures of a question an ability's words can change, by the kind of question
_TOUCHES: dict[AskedKind, re.Pattern[str]] = {
    AskedKind.LIFE: re.compile(r"\b(?:life|damage)\b", re.I),
    AskedKind.LOSE: _LIFE_OR_LOSS,
    AskedKind.WIN: _LIFE_OR_LOSS,
}


def asked_unread(r: Resolver, lines: list[str]) -> list[str]:
    """The unread activated-ability lines whose words touch what the question asks (none for a draw count)."""
    asked = r.s.asked
    if asked is None:
        return []
    rx = _TOUCHES[AskedKind.LIFE] if asked.measure in (AskedMeasure.LIFE, AskedMeasure.ALIVE) else \
        _TOUCHES.get(asked.kind)
    return [ln for ln in lines if rx is not None and rx.search(ln)]


def unread_options(r: Resolver, name: str, lines: list[str]) -> list[str]:
    """The unread ability lines that are more options of "which ability" (``asked_unread``), a planeswalker's
    other loyalty ability among them ("+1: You gain 2 life.", 606.3). The line explored as the other choice is
    refused with its words (the lead says it is one the engine can't carry out); an ability said has no others
    (the explored line was checked only when the story said none, so it was never reached)."""
    touched = asked_unread(r, lines)
    given = r.s.choices.get(f"ability:{name}")
    if given in touched:
        raise ScenarioError(f"{name}: the engine can't carry out “{given}” yet", "action.card", given)
    return touched if given is None else []
