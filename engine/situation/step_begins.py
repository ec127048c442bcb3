""""It's my upkeep" with a permanent that triggers then: the step's beginning is what happens.

Why: the reader needs an action, and a story that only says which step it is (the upkeep, the beginning of
combat, the end step) has none of its own: those steps have no turn-based action (503.1, 513.1). When a
permanent told on the battlefield has an ability that triggers at that step's beginning ("At the beginning of
your upkeep, target player draws a card"), the player is asking what it does, so the action is the step's
beginning (said in the answer); without such a permanent the story still has nothing happening.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from engine.effects import EventTrigger, NotModelled
from engine.situation.attach import Builder
from engine.trigger_events import STEP_WORDS, begins_step


def _on_the_battlefield(b: Builder) -> list[str]:
    names = [card for p in b.players.values() for card in p.battlefield]
    return names + [card for _group, card in b.group_permanents] + [card for card, _clause in b.unowned]


def triggers_at(b: Builder, step: str) -> list[str]:
    """The permanents told on the battlefield with an ability that triggers at the beginning of ``step``."""
    words = STEP_WORDS[step][0] if step in STEP_WORDS else ""
    found: list[str] = []
    for name in dict.fromkeys(_on_the_battlefield(b)):
        card = b.cards.find(name)
        if card is None or not words:
            continue
        texts = [e.event if isinstance(e, EventTrigger) else e.text for e in card.effects
                 if isinstance(e, EventTrigger | NotModelled)]
        if any(begins_step(text) == words for text in texts):
            found.append(card.name)
    return found


# "how many cards do I draw this turn?", "do I lose this turn?": a question about the whole turn
_WHOLE_TURN = re.compile(r"\b(?:this turn|in total|altogether|(?:by|at) the end of (?:the|this|my|his|her|their) turn|"
                         r"(?:the|my|his|her|their) (?:whole|entire) turn)\b", re.I)


def step_begins(b: Builder, questions: Collection[str] = ()) -> bool:
    """With no action told: the step's beginning when a permanent triggers then (set, and said). Before the
    draw step, a question about the whole turn's draws goes on through the draw step (504.1)."""
    step = str(b.top.get("step", ""))
    cards = triggers_at(b, step)
    if not cards:
        return False
    clause = b.sources.get(("*", "step"), "")
    b.set_action({"type": "beginning_of_step"}, clause)
    words = STEP_WORDS[step][0]
    b.assume(f"“{clause}” read as the beginning of the {words}: what triggers then ({', '.join(cards)}; 603.2)")
    if step in ("untap", "upkeep") and any(_WHOLE_TURN.search(q) for q in questions):
        b.top["draw_step_after"] = True
        b.assume("the question asks about the whole turn: the draw step that follows is told too (504.1)")
    return True
