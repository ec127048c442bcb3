""""About 3 cards in library", "around 50 cards": a count said loosely.

Why a stage of its own: the words "about", "around", "roughly", "approximately", "almost", "nearly" are filler
elsewhere ("I was about to draw" is read by its own phrase), but before a number they say the number may be
another one. A small count is what a draw situation's outcome turns on (Opportunity with "about 3 cards in
library" was answered as a loss at exactly 3, with no word of it): such a word stops the reader, and the player is
told which word it couldn't take into account. A large one ("around 50 cards in my library and I draw 55") is
read as that number, and the answer says so.
"""

from __future__ import annotations

from engine.situation.tokens import Tok, Token

_LOOSE = frozenset({"about", "around", "roughly", "approximately", "almost", "nearly", "~", "approx"})
LOOSE = "loose count"  # the value of a FILLER token that is a loose word read before a large number
EXACT_ENOUGH = 20  # above this, a count said loosely is read as said (a library's size, not a draw's margin)


def approximate_counts(tokens: list[Token]) -> list[Token]:
    """The tokens with a loose word right before a number turned into a word that stops the reader (a small
    number) or a filler the answer names (a large one)."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.text.lower() not in _LOOSE or i + 1 >= len(tokens) or tokens[i + 1].kind is not Tok.NUMBER:
            continue
        value = tokens[i + 1].value
        large = isinstance(value, int) and value > EXACT_ENOUGH
        out[i] = Token(Tok.FILLER, token.text, LOOSE) if large else Token(Tok.STOP, token.text, "stop")
    return out


def said_loosely(tokens: list[Token]) -> list[str]:
    """What the answer says for each large count said loosely ("“around 50” read as exactly 50")."""
    return [f"“{t.text} {tokens[i + 1].text}” read as exactly {tokens[i + 1].text}"
            for i, t in enumerate(tokens[:-1]) if t.kind is Tok.FILLER and t.value == LOOSE]
