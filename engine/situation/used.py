"""Every atom of a clause used exactly once (issue #24's rule): grammar words need no use, table talk is skipped and
said in the answer, a word where a card goes is a card the data lacks (named, so the bot looks it up), and anything
else left over stops the reader with its words: never dropped, never guessed.

Why a module of its own: the story stage (``story``) reads the atoms through the frames; what is left afterwards
is judged here, by tables of words (what is table talk, what a kind of permanent, what is refused).
"""

from __future__ import annotations

from engine.errors import SituationError
from engine.situation.atoms import Atom, Piece
from engine.situation.attach import Builder
from engine.situation.reading import GRAMMAR, Reading
from engine.situation.tokens import Tok
from engine.situation.unknown_names import after_verb, unknown_card, word_or_named


def named_players(b: Builder) -> dict[str, str]:
    """Players the story named by a name ("Alice, Bob and me"): "bob brainstorms" later is Bob."""
    return {name.lower(): name for name in b.order if name not in ("You", "Opponent", "Teammate")
            and " " not in name}


# Words a player adds that carry nothing the judge needs: skipped without a word in the answer.
QUIET = frozenset({"so", "um", "uh", "ok", "okay", "well", "just", "hey", "hi", "lol", "please", "pls", "basically",
                   "literally", "really", "currently", "right", "now", "anyway", "guys", "folks", "judge", "question",
                   "quick", "the", "there", "here", "whole", "some", "all", "both", "each", "only", "still"})
# Table talk: words that are said around facts and never change one. They are skipped and said in the answer;
# any other word no table knows ("tapped", "flipped") could change the ruling, so the clause is not read.
TABLE_TALK = QUIET | frozenset({
    "like", "kind", "sort", "of", "im", "pretty", "sure", "think", "guess", "believe", "know", "wondering",
    "wonder", "asking", "ask", "confused", "friend", "buddy", "game", "match", "tournament", "fnm", "casual",
    "playing", "against", "vs", "versus", "happened", "happens", "yesterday", "today", "tonight", "earlier",
    "last", "night", "week", "round", "lgs", "store", "online", "arena", "mtgo", "my", "for", "as", "well",
    "because", "since", "though", "although", "also", "and", "but", "exactly", "maybe", "probably", "apparently",
    "obviously", "thing", "things", "stuff", "situation", "scenario", "case", "this", "that", "these", "those",
    "same", "time", "point", "moment", "regular", "normal", "normally", "usual", "usually", "again", "yet",
    "weird", "format", "kitchen", "table", "somehow", "legal", "allowed", "correct", "right", "wrong",
    "land", "lands", "creature", "creatures", "spell", "spells", "artifact", "enchantment",
})


# Kinds of permanents said without names ("I control Myojin and 3 lands"): skipped, but an amount that counts the
# permanents a player controls can't be read from the named ones alone (board_counts)
PERMANENT_KINDS = frozenset({"land", "lands", "creature", "creatures", "artifact", "enchantment"})


# Token kinds that are read only as part of one fact; left over anywhere else they would change the ruling, so the
# clause is refused with what to say instead (never skipped as table talk).
REFUSED: dict[Tok, str] = {
    Tok.PAY_LIFE: "the life total after paying (e.g. 'I am at 3 life'): paying life for a cost is not carried out "
                  "here, only for the cards kept with Sylvan Library",
}


def _a_count(pieces: list[Piece], i: int) -> bool:
    """A number left unread with "cards" after it ("I cast Windfall with 2 cards"): a count the story says, which
    no fact took (it was dropped, and the hand taken as seven); or a signed one ("-8": a loyalty cost, which was
    dropped, and "I activate Jace's -8" read as activating the card Jace's Archivist)."""
    nxt = pieces[i + 1] if i + 1 < len(pieces) else None
    if pieces[i].tok is Tok.NUMBER and pieces[i].text.startswith(("+", "-", "−")):
        return True  # "I activate Jace's -8": a loyalty cost (or a change) left unread is never grammar
    return pieces[i].tok is Tok.NUMBER and nxt is not None and not nxt.used and nxt.tok is Tok.CARDS


def check_used(pieces: list[Piece], reading: Reading) -> None:
    """Every atom used once: grammar words need no use, table talk is skipped and said, a word where a card
    goes is an unknown card, anything else left is an error naming its words."""
    skipped: list[str] = []
    for i, piece in enumerate(pieces):  # a word where a card goes is an unknown card, before anything else
        if not piece.used and (piece.kind is Atom.WHO or word_or_named(piece)) and after_verb(pieces, i):
            unknown_card(pieces, i, reading)
        if not piece.used and name_before_place(pieces, i):
            unknown_card(pieces, i, reading)  # "Well of Ideas is mine", "Rielle is on the battlefield"
    for i, piece in enumerate(pieces):
        if piece.used or (piece.kind is Atom.TOKEN and piece.tok in GRAMMAR | {Tok.IT} and not _a_count(pieces, i)):
            continue
        if piece.kind is Atom.TOKEN and piece.tok is Tok.WORD:
            if after_verb(pieces, i):
                unknown_card(pieces, i, reading)
            word = piece.tokens[0].text.lower()
            if word in TABLE_TALK:
                skipped += [] if word in QUIET else [piece.text]
                if word in PERMANENT_KINDS:
                    reading.b.uncounted.append(piece.text)
                continue
        if piece.kind is Atom.WHO and i and pieces[i - 1].kind is Atom.CARDS:
            unknown_card(pieces, i - 1, reading)  # "Notion Chef Supreme": a name goes on past a card's
        if piece.kind is Atom.WHO and after_verb(pieces, i):
            unknown_card(pieces, i, reading)
        if piece.kind is Atom.TOKEN and piece.tok in REFUSED:
            raise SituationError(f"I can't take “{piece.text}” into account in “{reading.clause}”", reading.clause,
                                 REFUSED[piece.tok])
        raise SituationError(f"I didn't understand “{piece.text}” in “{reading.clause}”", reading.clause,
                             f"“{piece.text}” to be part of a fact: a zone size, a permanent someone controls, a "
                             "life total, whose turn or step it is, or what happens now")
    if skipped:
        reading.b.assume(f"skipped as table talk: {', '.join(f'“{w}”' for w in skipped)}")


def _capitalised(piece: Piece) -> bool:
    return (piece.kind is Atom.WHO and piece.tokens[0].kind is Tok.NAME
            or piece.kind is Atom.TOKEN and piece.tok is Tok.WORD and piece.text[:1].isupper())


def name_before_place(pieces: list[Piece], i: int) -> bool:
    """Capitalised words no table knows, right before where a permanent is ("is on the battlefield", "in play",
    "is mine") or alone opening the clause: a card the data lacks, named as such (a front end with a card source
    looks it up)."""
    if not _capitalised(pieces[i]) or (i and _capitalised(pieces[i - 1])):
        return False
    for k, piece in enumerate(pieces[i + 1:], i + 1):
        if _capitalised(piece) or piece.kind is Atom.TOKEN and piece.tok in (Tok.IN, Tok.FILLER):
            continue
        return piece.kind is Atom.PLACE or i == 0 and piece.kind is Atom.TOKEN and piece.tok is Tok.SEP and _title(
            pieces[:k])
    return i == 0 and _title(pieces)


_LIST_JOINERS = frozenset({"plus", "and", "&", "+", ","})


def name_listed_with_cards(pieces: list[Piece], b: Builder) -> int | None:
    """ "Archive plus Thought Reflection, I draw": a capitalised word no table knows, listed with cards, is a
    card the data lacks (it was taken for a player's name and dropped, silently), unless the story named such a
    player ("Alice, Bob and me")."""
    known = named_players(b)
    for i, piece in enumerate(pieces):
        if piece.kind is not Atom.WHO or piece.tokens[0].kind is not Tok.NAME or piece.text.lower() in known:
            continue
        after = pieces[i + 1:i + 3]
        before = pieces[max(i - 2, 0):i]
        if _joined(after, reverse=False) or _joined(before, reverse=True) and _ends_item(pieces[i + 1:i + 2]):
            return i
    return None


def _joined(pair: list[Piece], reverse: bool) -> bool:
    """A list joiner next to the name and cards past it: "NAME plus CARDS" (or "CARDS and NAME")."""
    if len(pair) < 2:
        return False
    joiner, cards = (pair[1], pair[0]) if reverse else (pair[0], pair[1])
    return (joiner.kind is Atom.TOKEN and joiner.tok is Tok.SEP and joiner.text.lower() in _LIST_JOINERS
            and joiner.text != "," and cards.kind is Atom.CARDS)


def _ends_item(following: list[Piece]) -> bool:
    """Nothing after the name makes it a subject: the clause ends, or a separator or a place follows."""
    return not following or following[0].kind is Atom.PLACE or (
        following[0].kind is Atom.TOKEN and following[0].tok is Tok.SEP)


def _title(run: list[Piece]) -> bool:
    """ "Midnight Reaper — I sacrificed it": two or more capitalised words alone opening the clause, as a title,
    are a card (one word alone may be a player: "Alice, ...")."""
    return sum(1 for p in run if _capitalised(p)) > 1
