""" "He draws for the turn, then Howling Mine triggers": a draw-step trigger told after the turn's draw is the
step the reader already resolves, not an action of its own.

Why: judges write the draw step as a sequence ("In her draw step she draws for the turn, then the Howling Mine
trigger resolves"); the reader, which resolves a draw step with each of its triggers (504.1, 504.2), read
"trigger" as a word it could not take into account and "resolves" as Howling Mine cast outside a main phase.
The narration is dropped when the card it names is told elsewhere in the text (on the battlefield): the step
brings its trigger anyway. A card told nowhere else stays, so the reader still says what it could not read
rather than leave the card out of the story.
"""

from __future__ import annotations

import re

from engine.situation.aside import names_told

_WHO = r"(?:(?:he|she|they|I|[A-Z][a-z]{1,23}) )?"
_TOLD = re.compile(
    r"(?P<turn>\b(?:draws?|drew) for the turn)"
    rf"(?P<obs>,? (?:and )?then {_WHO}(?:"
    r"(?:resolves? |puts? )?the (?P<a>[A-Z][^.,;!?]{2,50}?) trigger(?: resolves| goes on the stack)?"
    r"|(?P<b>[A-Z][^.,;!?]{2,50}?) triggers"
    r"))(?=\s*(?:[.;!?]|$))")


def step_trigger_told(text: str) -> str:
    """The text without a draw-step trigger told after the turn's draw, when its card is told elsewhere."""
    if "trigger" not in text:
        return text

    def drop(m: re.Match[str]) -> str:
        card = m.group("a") or m.group("b")
        if not names_told(card, text[: m.start()] + text[m.end():]):
            return m.group(0)
        return m.group("turn")

    return _TOLD.sub(drop, text)
