"""The clause being read by the frames: its parts, the player carried between them, and whose a fact is.

Why a module of its own: the frames (``frames``, ``board``) all ask the same questions of a clause (which
atoms a part holds, whose fact an atom is, which player words name), and answer them here, once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import Ambiguity
from engine.situation.atoms import Atom, Piece
from engine.situation.attach import Builder, Ctx
from engine.situation.lexicon import ME_WORDS
from engine.situation.tokens import Tok

SEATS = ("Player to your left", "Player to your right", "Player across")
ZONES = ("library", "hand", "graveyard", "memory")
# Token kinds that carry no fact of their own: grammar between the atoms.
GRAMMAR = frozenset({Tok.FILLER, Tok.SEP, Tok.BE, Tok.HAVE, Tok.IN, Tok.INTO, Tok.RESPONSE, Tok.DURING, Tok.AT,
                     Tok.ALREADY, Tok.CARDS, Tok.THIS_TURN, Tok.LEFT, Tok.TURN, Tok.PLAYERS, Tok.NUMBER, Tok.MAY})


@dataclass
class Part:
    """One part of a clause (up to a comma or "and") and what the parts before it said."""

    pieces: list[Piece]
    reading: Reading

    def of(self, kind: Atom) -> list[Piece]:
        return [p for p in self.pieces if p.kind is kind and not p.used]

    def has(self, tok: Tok) -> bool:
        return any(p.kind is Atom.TOKEN and p.tok is tok for p in self.pieces)

    def who(self) -> Piece | None:
        """The part's player: its first player words, never a capitalised unknown word after "with" ("I draw 2
        cards with Divination": the means of the draw, a card the data lacks, not who draws)."""
        return next((p for i, p in enumerate(self.pieces) if p.kind is Atom.WHO
                     and not (p.tokens[0].kind is Tok.NAME and i and _with(self.pieces[i - 1]))), None)


def _with(piece: Piece) -> bool:
    return piece.kind is Atom.TOKEN and piece.tok is Tok.HAVE and piece.text.lower() == "with"


@dataclass
class Reading:
    """The clause being read: the builder, the clause's words, the player and verb carried between parts."""

    b: Builder
    clause: str
    subject: str | None = None  # a player's words, carried from part to part
    subject_of_card: bool = False  # the subject was carried only by a card's possessive ("opp's Bowmasters")
    later_subject: str | None = None  # the clause's first player, for facts said before it ("library empty, I...")
    later: list[Piece] = field(default_factory=list)  # the whole clause's atoms: does anything happen in it?
    had: bool = False  # the last part said "has"/"controls": a bare card list after it is more of the same
    facts: int = 0
    said: list[str] = field(default_factory=list)

    def ctx(self) -> Ctx:
        return Ctx(self.b, self.clause, self.b.subject, named_subject=self.subject or self.later_subject)

    def owner(self, part: Part, piece: Piece | None = None) -> str:
        """Whose fact: the atom's own possessive, the part's player, the clause's player, the story's."""
        if piece is not None and piece.values.get("owner"):
            return str(piece.values["owner"])
        target = _target_just_before(part, piece)
        if target is not None:  # "I cast Sign in Blood targeting opp at 2 life": the target's life, said
            self.b.assume(f"“{piece.text if piece else ''}” read as about {target}, the player it follows")
            return target
        who = part.who()
        if who is not None:
            who.used = True
            return str(who.values["who"])
        if self.subject:
            return self.subject
        words = piece.text if piece else self.clause
        if self.later_subject:
            mine = self.later_subject.lower() in ("i", "me", "myself")
            if not mine and piece is not None:
                if _their_own_count(self, piece):
                    self.b.assume(f"“{words}” read as about you (“{self.later_subject}” has a count of their own)")
                    return "I"
                _whose_zone(self, piece)
            said = "you" if mine else f"“{self.later_subject}”"
            self.b.assume(f"“{words}” read as about {said}")
            return self.later_subject
        self.b.assume(f"“{words}” read as about you (no player was named)")
        return "I"


def _target_just_before(part: Part, piece: Piece | None) -> str | None:
    """The target player named right before a fact ("targeting opp at 2 life", "on Bob with 1 card in hand"):
    the fact is that player's, as a reader takes the words next to it (it was the caster's, silently)."""
    if piece is None or piece not in part.pieces:
        return None
    i = part.pieces.index(piece)
    before = part.pieces[i - 1] if i > 0 else None
    if before is None or not before.values.get("target") or not before.values.get("target_text"):
        return None
    return str(before.values["target_text"])


_ZONE_WORD = re.compile(r"\b(library|deck|lib|hand|graveyard|yard|gy)\b", re.I)


def _their_own_count(reading: Reading, piece: Piece) -> bool:
    """ "Wheel of Fortune with 4 cards in lib, opp has 20": the player named after a zone's count gives a count
    of their own in their first part (a number or a count of the same zone), so the first count is the asker's."""
    if piece.kind is not Atom.COUNT:
        return False
    zone = piece.values.get("zone") or "library"
    pieces = reading.later
    start = next((k for k, p in enumerate(pieces) if p.kind is Atom.WHO), len(pieces))
    for p in pieces[start + 1:]:
        if p.kind is Atom.TOKEN and p.tok is Tok.SEP:
            return False
        if (p.kind is Atom.COUNT and (p.values.get("zone") or "library") == zone) or (
                p.kind is Atom.TOKEN and p.tok is Tok.NUMBER):
            return True
        if p.kind is not Atom.TOKEN:
            return False
    return False


def _whose_zone(reading: Reading, piece: Piece) -> None:
    """ "Lab man and empty library, opponent casts Words of Wisdom": a zone said before another player than
    the asker may be the asker's own setup or that player's; which one decides the answer, so it is asked.
    Each option says the owner where the zone is typed ("empty my deck"), or after the words ("2 left in my
    library") when the zone was left unsaid."""
    if piece.kind is not Atom.COUNT:
        return
    zone = str(piece.values.get("zone") or "library")
    other = str(reading.later_subject)
    theirs = "opponent's" if other.lower() in ("opponent", "my opponent", "opp") else f"{other}'s"

    def owned(whose: str) -> str:
        typed, n = _ZONE_WORD.subn(rf"{whose} \1", piece.text, count=1)
        return typed if n else f"{piece.text} in {whose} {zone}"

    readings = [(f"Your {zone}", owned("my")), (f"{theirs[0].upper()}{theirs[1:]} {zone}", owned(theirs))]
    raise Ambiguity(f"Whose {zone} is “{piece.text}”?", piece.text, reading.clause, readings)


def player(reading: Reading, words: str) -> str:
    """The player words name: a seat ("the player to my left") is a player of its own."""
    if words in SEATS:
        reading.b.player(words)
        reading.b.mention(words)
        return words
    return reading.ctx().who(words)


def _groups(reading: Reading, words: str, **more: str) -> tuple[Ctx, dict[str, str]]:
    ctx = reading.ctx()
    if words in SEATS:
        ctx.actor = player(reading, words)
        return ctx, {"player": "herself", **more}  # the seat, through the reflexive
    return ctx, {"player": words, **more}


def step_owner(reading: Reading, part: Part, piece: Piece) -> str:
    """Whose bare "draw step": the part's or the clause's player. A player other than the asker carried from an
    earlier part only by a card's possessive ("opp's narset, draw step"), or while the asker is named later in
    the clause ("..., draw step, can i take the 2 extra?"), leaves the step either one's: which one decides the
    answer (the draw step is its owner's turn, 504.1), so it is asked."""
    turns = {str(p.values["owner"]) for p in (*part.pieces, *reading.later)
             if p.kind is Atom.TURN and p.values.get("owner")}
    turn = next((p for p in part.pieces if p.kind is Atom.TURN and p.values.get("owner")), None)
    if turn is None and len(turns) == 1:  # "it's my first turn, opp has X, draw step": the clause's one turn's
        return turns.pop()
    if turn is not None:  # "my first turn draw step": the turn's owner is the step's
        return str(turn.values["owner"])
    carried = reading.subject
    asker_later = any(t.kind in (Tok.ME, Tok.POSS) and t.text.lower() in ME_WORDS
                      for p in reading.later if p is not piece for t in p.tokens)
    if part.who() is None and carried and carried.lower() not in ME_WORDS and (asker_later or
                                                                               reading.subject_of_card):
        them = carried.removesuffix("'s").removesuffix("’s")
        theirs = "opponent's" if them.lower() in ("opponent", "my opponent", "opp") else f"{them}'s"
        raise Ambiguity(f"Whose {piece.text} is it?", piece.text, reading.clause,
                        [(f"Your {piece.text}", f"my {piece.text}"),
                         (f"{theirs[0].upper()}{theirs[1:]} {piece.text}", f"{theirs} {piece.text}")])
    return reading.owner(part, piece)
