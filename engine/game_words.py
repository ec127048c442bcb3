"""A game's own words for the same things: Grand Archive has a deck and a draw phase where Magic has a library
and a draw step.

Why: the facts understood and the defaults assumed are written once, in Magic's words; a Grand Archive player
read "You: 5 cards in library" and "step: draw" for "my deck has 5 cards" in the draw phase. The answer says
what was understood in the words of the game being judged.
"""

from __future__ import annotations

import re

_GRAND_ARCHIVE = (
    (re.compile(r"\blibrary\b"), "deck"),
    (re.compile(r"\blibraries\b"), "decks"),
    (re.compile(r"\bdraw step\b"), "draw phase"),
    (re.compile(r"^step: draw$"), "phase: draw"),
)
WORDS = {"grand-archive": _GRAND_ARCHIVE}


def in_game_words(text: str, game: str | None) -> str:
    """``text`` (a fact or an assumption in Magic's words) in the words of ``game``."""
    for rx, word in WORDS.get(game or "", ()):
        text = rx.sub(word, text)
    return text
