""""Only Brainstorm in hand": the word "only" (or "just") before a card said to be in a hand tells the hand's
size (one card), which the reader would otherwise drop as filler and answer with the default hand of seven.

Why a stage of its own: the normalising rewrites turn the common forms ("I have only X in hand", "X is my only
card in hand", "my hand is just X") into a hand of one card; any other form left with "only" before a card in a
hand stops the reader (the text is refused or asked about), never read as a hand of seven: a silently wrong hand
size is a wrong ruling (Blood Scrivener drew one card for "only Gitaxian Probe in hand").
"""

from __future__ import annotations

from engine.situation.tokens import Tok, Token

_ONLY = frozenset({"only", "just", "solely"})
_BETWEEN = frozenset({"a", "an", "the", "my", "his", "her", "their", "one", "1"})


def only_held(tokens: list[Token]) -> list[Token]:
    """The tokens with an "only" before a card later said to be in a hand turned into a word that stops the
    reader."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.kind is not Tok.FILLER or token.text.lower() not in _ONLY:
            continue
        k = i + 1
        while k < len(tokens) and tokens[k].text.lower() in _BETWEEN:
            k += 1
        if k < len(tokens) and tokens[k].kind is Tok.CARD and _in_a_hand(tokens[k + 1:]):
            out[i] = Token(Tok.STOP, token.text, "stop")
    return out


def _in_a_hand(rest: list[Token]) -> bool:
    """Whether the words after the card put it in a hand before the clause's next separator."""
    for token in rest[:6]:
        if token.kind is Tok.SEP:
            return False
        if token.kind is Tok.ZONE and token.value == "hand":
            return True
    return False
