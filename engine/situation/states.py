"""A permanent's state said in the story: "3 untapped Howling Mines", "my Howling Mine is tapped".

Why a table of its own: every permanent is taken as untapped unless the story says otherwise (permanents untap in
their controller's untap step, 502.3), so "untapped" tells what the answer takes anyway: the word is read (skipped
and said in the answer) instead of stopping the clause. "Tapped" next to a card ("tapped Howling Mine", "Howling
Mine is tapped", "Howling Mine, which is tapped", "Howling Mine (tapped)") makes that permanent tapped in the
scenario (its controller's ``tapped`` list): Howling Mine's "if Howling Mine is untapped" doesn't trigger, an
ability with {T} in its cost can't be activated (107.5). Either word is read as a state only where it describes a
permanent, never as a verb after its subject ("I tapped Howling Mine" tells an action, not read here).
"""

from __future__ import annotations

from typing import Any

from engine.errors import SituationError
from engine.situation.tokens import Tok, Token

# the state's word → what the answer says it took (the same as its own assumption)
ASSUMED_STATES: dict[str, str] = {
    "untapped": "every permanent is taken as untapped unless said to be tapped",
}
STATE = "assumed state"  # the value of a FILLER token that is such a state
TAPPED = "tapped state"  # the value of a FILLER token that makes the card next to it tapped
# tokens after which the word is the verb of a sentence ("I untapped", "he untapped", "Alice untapped")
_SUBJECTS = frozenset({Tok.ME, Tok.PLAYER, Tok.NAME})
_LINKS = frozenset({"is", "was", "which is", "that is", "it's", "stays", "remains", "(", ",", "is still", "still"})


def assumed_states(tokens: list[Token]) -> list[Token]:
    """The tokens with each state word that describes a permanent turned into filler (``STATE`` or ``TAPPED``)."""
    out: list[Token] = []
    for i, token in enumerate(tokens):
        word = token.text.lower()
        subject_before = bool(out) and out[-1].kind in _SUBJECTS
        if _a_card_unnamed(tokens, i):
            pass  # "a tapped Mine and an untapped one": a card the word describes that no name says, left to stop
        elif word in ASSUMED_STATES and token.kind is Tok.STOP and not subject_before:
            token = Token(Tok.FILLER, token.text, STATE)
        elif word == "tapped" and token.kind is Tok.STOP and not subject_before and tapped_card(tokens, i):
            token = Token(Tok.FILLER, token.text, TAPPED)
        out.append(token)
    return out


def _a_card_unnamed(tokens: list[Token], i: int) -> bool:
    """Whether the state word at ``i`` describes "one"/"ones"/"another" rather than a card's name."""
    nxt = tokens[i + 1].text.lower() if i + 1 < len(tokens) else ""
    return nxt in ("one", "ones", "another")


def tapped_card(tokens: list[Token], i: int) -> str | None:
    """The card the "tapped" at ``i`` describes: the card right after it ("tapped Howling Mine"), or the card
    before it with only linking words between ("Howling Mine is tapped", "Howling Mine, which is tapped")."""
    if i + 1 < len(tokens) and tokens[i + 1].kind is Tok.CARD:
        return str(tokens[i + 1].value)
    k = i - 1
    while k >= 0 and tokens[k].kind is not Tok.CARD and (tokens[k].text.lower() in _LINKS or tokens[k].kind in (
            Tok.BE, Tok.SEP, Tok.FILLER) or tokens[k].text.lower() in ("which", "that")) and i - k <= 4:
        k -= 1
    return str(tokens[k].value) if k >= 0 and tokens[k].kind is Tok.CARD else None


def said_states(tokens: list[Token]) -> list[str]:
    """What the answer says for each state word read in ``tokens`` ("“untapped”: every permanent is ...")."""
    return [f"“{t.text}”: {ASSUMED_STATES[t.text.lower()]}" for t in tokens
            if t.kind is Tok.FILLER and t.value == STATE]


def said_tapped(tokens: list[Token]) -> list[str]:
    """The cards the clause says are tapped."""
    return [card for i, t in enumerate(tokens) if t.kind is Tok.FILLER and t.value == TAPPED
            if (card := tapped_card(tokens, i)) is not None]


def place_tapped(doc: dict[str, Any], tapped: list[tuple[str, str]]) -> dict[str, Any]:
    """Each permanent said to be tapped in its controller's ``tapped`` list, once the board is seated; said of a
    card on no battlefield, or on several players', the words are refused (never a guess whose is tapped)."""
    for card, words in tapped:
        holders = [p for p in doc["players"] if card in p.get("battlefield", [])]
        if len(holders) != 1:
            where = "on no battlefield" if not holders else "on several players' battlefields"
            raise SituationError(f"{card} is said to be tapped, but it is {where} in this situation", words,
                                 "say whose it is: 'my Howling Mine is tapped'")
        listed = holders[0].setdefault("tapped", [])
        if listed.count(card) < holders[0]["battlefield"].count(card):
            listed.append(card)
    return doc
