""""her" before what a player has ("on her turn", "her library", "her Notion Thief") is a possessive, as "his" is.

Why a stage of its own: "her" is both the object pronoun ("targeting her", "makes her draw") and the possessive;
the token table can give it one kind only (a player), so "casts Brainstorm on her turn" was read as Brainstorm
cast on her (a target) and "turn" skipped: the turn was then taken as another player's, a confident wrong answer.
Before a turn, a step, a zone, a life total or a card it is read as the possessive (the reader's ``POSS``), so the
turn is hers, and whose "her" is follows the possessive's own rules (asked when it could be two players).
"""

from __future__ import annotations

from engine.situation.tokens import Tok, Token

# what a possessive "her" stands before ("her first turn", "her draw step", "her library", "her life", "her X")
_OWNED_NEXT = frozenset({Tok.TURN, Tok.STEP, Tok.ZONE, Tok.LIFE, Tok.FIRST, Tok.CARD})


def possessive_her(tokens: list[Token]) -> list[Token]:
    """The tokens with each "her" that stands before something a player has read as a possessive."""
    return [Token(Tok.POSS, t.text, "her") if t.kind is Tok.PLAYER and t.text.lower() == "her"
            and k + 1 < len(tokens) and tokens[k + 1].kind in _OWNED_NEXT else t
            for k, t in enumerate(tokens)]
