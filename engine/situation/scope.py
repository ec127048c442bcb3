"""Out of scope, with a way forward: a rules question that is not a card-draw situation gets one line that
names what it is about and the command that answers it, with its words filled in.

Why: "can a deathtouch creature block two attackers?" is a fair question for a judge bot, but not one the
draw reader can set up; "I didn't understand" would leave the player nowhere. The topics are a table: the
words that show the topic, and the rule that covers it (``/rule``) when there is one to name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import SituationError


@dataclass(frozen=True)
class Topic:
    name: str
    words: str  # a pattern of the words that show the topic
    rule: str | None = None  # the CR rule that covers it, for /rule


TOPICS: tuple[Topic, ...] = (
    Topic("deathtouch", r"deathtouch", "702.2"),
    Topic("trample", r"trample", "702.19"),
    Topic("first strike", r"first strike|double strike", "702.7"),
    Topic("lifelink", r"lifelink", "702.15"),
    Topic("flying", r"flying|flyer", "702.9"),
    Topic("hexproof", r"hexproof", "702.11"),
    Topic("indestructible", r"indestructible", "702.12"),
    Topic("haste", r"haste|summoning sick(?:ness)?", "702.10"),
    Topic("blocking", r"block(?:s|ing|ed|er|ers)?", "509"),
    Topic("attacking", r"attack(?:s|ing|ed|er|ers)?", "508"),
    Topic("combat damage", r"combat damage", "510"),
    Topic("the stack", r"the stack|in response|priority", None),
    Topic("mana", r"mana|tap for", None),
)
_DRAW_WORDS = re.compile(r"\b(?:draw|draws|drew|drawn|drawing|library|deck|dredge|mill|wheel|loot|cantrip)\b", re.I)


def out_of_scope(text: str, error: SituationError) -> SituationError | None:
    """The one-line answer for a text about another rules topic, or None when it is about drawing (then the
    reader's own error stands: it says which words it could not read)."""
    if _DRAW_WORDS.search(text):
        return None
    found = [t for t in TOPICS if re.search(rf"\b(?:{t.words})\b", text, re.I)]
    if not found:
        return None
    topic = found[0]
    words = " ".join(dict.fromkeys(t.name for t in found))
    where = f"/search {words}" + (f" or /rule {topic.rule}" if topic.rule else "")
    answer = SituationError(f"That is a rules question about {words}, not a card-draw situation: try {where}",
                            error.where, f"/search {words}")
    answer.out_of_scope, answer.scope_rule = True, topic.rule
    return answer

