"""A "when/whenever/at" line of an instant or sorcery: not an ability of the card but part of its spell text,
which creates a delayed triggered ability (603.7a) — "At the beginning of the next main phase this turn, draw a
card for each player who was dealt combat damage this turn", "Whenever a creature enters this turn, you may
draw a card".

Why: read as an ability of the card, the line was never carried out nor said: the spell resolved with "No card
is drawn" and the draw it sets up for later left out. Such a line acts only after the spell has resolved; when
its event is one no answer reaches (a later step, combat damage), creating it is said and moves nothing; an
event that could happen within an answer (a creature entering, a spell cast) leaves the line not read.
"""

from __future__ import annotations

import re

from engine.effects import Op
from engine.oracle.clauses import acts_after_any_answer

# a line that sets up something for the rest of the turn or a later step: never an ability the card has in a
# zone ("when you cast this spell", "when you cycle ~" are, and are read as such)
_DELAYED = re.compile(r"\bthis turn$|^at the beginning of (?:the|your|that player's) next\b")


def delays(event: str) -> bool:
    """Whether a triggered-looking line of an instant or sorcery sets up a delayed triggered ability (603.7a)
    rather than being an ability of the card itself."""
    return bool(_DELAYED.search(event))


def spell_delayed(line: str) -> Op | None:
    """The operation creating the line's delayed triggered ability, when no answer reaches its event; None
    when the line can't be carried out (then it is not read)."""
    text = line.strip().rstrip(".")
    later = acts_after_any_answer(text.lower().replace("’", "'"))
    return Op("later_ability", 1, "you", name="delayed", text=text) if later else None


__all__ = ["delays", "spell_delayed"]
