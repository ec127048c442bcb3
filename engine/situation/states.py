"""A permanent's state that the answer already assumes: "3 untapped Howling Mines", "Howling Mine is untapped".

Why a table of its own: the engine does not track whether a permanent is tapped; every permanent is taken as
untapped (Howling Mine's "if Howling Mine is untapped" holds, an ability with {T} in its cost can be activated).
A player who says a permanent is untapped tells what the answer assumes anyway, so the word is read (skipped and
said in the answer) instead of stopping the clause. The opposite state ("tapped") would change the answer, so it
still stops the reader: the text is refused, never answered as if the permanent were untapped. The word is read
as a state only where it describes a permanent, never as a verb after its subject ("I untapped Howling Mine"
tells an action the engine doesn't carry out).
"""

from __future__ import annotations

from engine.situation.tokens import Tok, Token

# the state's word → what the answer says it took (the same as its own assumption)
ASSUMED_STATES: dict[str, str] = {
    "untapped": "every permanent is taken as untapped (whether a permanent is tapped is not tracked)",
}
STATE = "assumed state"  # the value of a FILLER token that is such a state
# tokens after which the word is the verb of a sentence ("I untapped", "he untapped", "Alice untapped")
_SUBJECTS = frozenset({Tok.ME, Tok.PLAYER, Tok.NAME})


def assumed_states(tokens: list[Token]) -> list[Token]:
    """The tokens with each state word that describes a permanent turned into filler valued ``STATE``."""
    out: list[Token] = []
    for token in tokens:
        word = token.text.lower()
        if word in ASSUMED_STATES and token.kind is Tok.STOP and not (out and out[-1].kind in _SUBJECTS):
            token = Token(Tok.FILLER, token.text, STATE)
        out.append(token)
    return out


def said_states(tokens: list[Token]) -> list[str]:
    """What the answer says for each state word read in ``tokens`` ("“untapped”: every permanent is ...")."""
    return [f"“{t.text}”: {ASSUMED_STATES[t.text.lower()]}" for t in tokens
            if t.kind is Tok.FILLER and t.value == STATE]
