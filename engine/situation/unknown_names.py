"""Words the reader can't place, named as an unknown card: the answer says at once which card it couldn't find,
and a front end with a card source (Scryfall) looks it up.

Why a stage of its own: the story reads atoms; a run of words no table knows, standing where a card goes (after
"has", "controls", "cast", before "is on the battlefield"), is most likely a card the card data lacks. Which
words make its name (up to a separator, a place, a player, a target, an X, a bug report's word; a capitalised
"The" or number word before it: "The One Ring") decides what is looked up.
"""

from __future__ import annotations

from engine.errors import SituationError
from engine.situation.atoms import Atom, Piece
from engine.situation.reading import Reading
from engine.situation.title_runs import comma_title
from engine.situation.tokens import Tok, Token


def word_or_named(piece: Piece) -> bool:
    """A word no table knows, or a capitalised possessive that opens a card's name ("Night's Whisper",
    "Sensei's Divining Top": never a player's, right after "cast")."""
    return piece.kind is Atom.TOKEN and (piece.tok is Tok.WORD or piece.tok is Tok.POSS and piece.text[:1].isupper())


def after_verb(pieces: list[Piece], i: int) -> bool:
    """The piece stands where a card goes: right after "has"/"controls"/"cast" (fillers between), or after
    "off"/"from" that follow a draw ("I draw 2 from Night's Whisper": "Night's" was not understood, where the
    card the data lacks is what the answer must name)."""
    for k in range(i - 1, -1, -1):
        piece = pieces[k]
        if piece.kind is Atom.TOKEN and piece.tok in (Tok.FILLER, Tok.NUMBER, Tok.WORD):
            continue
        if piece.kind is Atom.TOKEN and (piece.tok is Tok.OFF or piece.tok is Tok.IN and piece.text.lower() == "from"):
            return any(p.kind is Atom.DRAW or p.kind is Atom.TOKEN and p.tok is Tok.DRAW for p in pieces[:k])
        return piece.kind is Atom.TOKEN and piece.tok in (Tok.HAVE, Tok.CAST)
    return False


def unknown_card(pieces: list[Piece], i: int, reading: Reading) -> None:
    """The words from ``i`` up to the next separator or place, as an unknown card: the answer says at once
    which card it could not find (and a front end with a card source looks it up)."""
    while i > 0 and _capital_number(pieces[i - 1]):  # "The One Ring": a number word capitalised opens the name
        i -= 1
    words: list[Token] = []
    for k, piece in enumerate(pieces[i:], i):
        if piece.kind is Atom.TOKEN and piece.tok in (Tok.SEP, Tok.BE) or piece.kind in (Atom.PLACE, Atom.ZONE) \
                or words and _past_name(piece, pieces[k + 1] if k + 1 < len(pieces) else None):
            words.extend(comma_title(pieces, k) if len(words) == 1 else [])
            break
        words.extend(piece.tokens)
    unknown_name(_with_the(as_typed(words, reading.clause), reading.clause), reading)


def _capital_number(piece: Piece) -> bool:
    return piece.kind is Atom.TOKEN and piece.tok is Tok.NUMBER and piece.text.isalpha() and piece.text[:1].isupper()


def _with_the(name: str, clause: str) -> str:
    """The name with the capitalised "The" typed right before it ("The Speed Demon", "The Ur-Dragon"): the
    reader drops "the" as a filler word, and Scryfall's look-up of "Speed Demon" alone may find another card."""
    at = clause.find(name)
    return f"The {name}" if at >= 4 and clause[at - 4:at] == "The " else name


# words after a name that are not part of it: "Mind Rot on my opponent", "Banefire with X=5", "Chromatic Star Bug"
_AFTER_NAME = frozenset({Tok.AT, Tok.X, Tok.TARGET, Tok.FOR, Tok.DURING, Tok.POSS, Tok.ME, Tok.PLAYER})
_REPORT_WORDS = frozenset({"bug", "bugs", "bugged", "buggy", "glitch", "issue", "problem", "when", "whenever", "if",
                           "unless", "because", "until", "instead", "while", "despite", "but"})


def _past_name(piece: Piece, following: Piece | None) -> bool:
    """Whether ``piece`` ends a card's name said before it: a player, a target, an X, "on my ...", or a word of
    a bug report; "with" only before an X, a number or a player ("Fight with Fire" keeps its "with")."""
    first = piece.tokens[0]
    if first.kind in _AFTER_NAME or first.text.lower() in _REPORT_WORDS:
        return True
    after = following.tokens[0].kind if following is not None else None
    # "with 2 burden counters": a fact of its own after the name
    return first.kind is Tok.HAVE and first.text.lower() == "with" and (
        piece.kind is not Atom.TOKEN or after in (Tok.X, Tok.NUMBER, Tok.POSS, Tok.ME, Tok.PLAYER))


def as_typed(words: list[Token], clause: str) -> str:
    """The words as the clause has them, filler words between them kept ("Fable of the Mirror Breaker": "the" is
    a filler word the atoms leave out)."""
    start = clause.find(words[0].text) if words else -1
    end = start
    for token in words:
        at = clause.find(token.text, end) if end >= 0 else -1
        if at < 0:
            return " ".join(t.text for t in words)
        end = at + len(token.text)
    return clause[start:end]


def unknown_name(name: str, reading: Reading) -> None:
    error = SituationError(f"“{name}” is not a card I know", reading.clause, "a card name from the card data")
    error.unknown_card = name  # its closest names are added if this error is the one shown
    raise error
