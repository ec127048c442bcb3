"""How many copies a plural card name says: "both Howling Mines" are two, "my Howling Mines" are unsaid.

Why a stage of its own: a card named in the plural without a number ("My Howling Mines are on the battlefield",
"I have both Howling Mines out") was read as one copy, and each copy of a draw trigger is a card more: a
confident wrong count. "both" says two (it is a filler word elsewhere); a plural with no number is asked, with
the counts a player clicks, never taken as one.
"""

from __future__ import annotations

from engine.cards import CardDB
from engine.errors import Ambiguity
from engine.situation.entities import ASKED_COUNTS, is_spell_name, plural_of
from engine.situation.tokens import Tok, Token

_BOTH_REACH = 3  # "both of my Howling Mines": "both", then at most "of" and a possessive before the card


def _plural(token: Token, previous: Token | None) -> bool:
    """A permanent's name in the plural, not a card used as a verb after its subject ("opp brainstorms")."""
    return (token.kind is Tok.CARD and plural_of(token.text, str(token.value))
            and not (previous is not None and previous.kind in _SUBJECTS))


_SUBJECTS = frozenset({Tok.ME, Tok.PLAYER, Tok.NAME})


def _counted(tokens: list[Token], k: int) -> bool:
    before = [t for t in tokens[:k] if t.kind is not Tok.FILLER or t.text.lower() == "both"]
    return bool(before) and before[-1].kind is Tok.NUMBER or len(before) > 1 and before[-1].kind is Tok.POSS \
        and before[-2].kind is Tok.NUMBER


def counted_copies(tokens: list[Token], clause: str, cards: CardDB) -> list[Token]:
    """The tokens with "both" before a plural card read as the number 2 (put right before the card, after its
    possessive); a plural card with no number raises the question how many."""
    out = list(tokens)
    for k in range(len(out) - 1, -1, -1):
        token = out[k]
        if not _plural(token, out[k - 1] if k else None) or _counted(out, k) \
                or is_spell_name(cards, str(token.value)):
            continue
        both = next((j for j in range(max(0, k - _BOTH_REACH), k) if out[j].text.lower() == "both"), None)
        if both is not None:
            out.insert(k, Token(Tok.NUMBER, out[both].text, 2))
            continue
        raise Ambiguity(f"How many {token.text} are there?", token.text, clause,
                        [(str(n), f"{n} {token.text}") for n in ASKED_COUNTS])
    return out
