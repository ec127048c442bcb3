"""Atoms: the smallest pieces of a fact, made of a few tokens ("2 left", "at 5", "during opp's upkeep").

Why a stage between tokens and facts: the same piece means the same thing wherever it stands in a clause
("lib: 2", "2 cards in lib", "my library has 2 left" are all one zone-count atom), so the frames that build
facts (``frames``) see pieces, not word orders. Each atom kind is a row of ``ATOM_RULES``: a short pattern of
token kinds, written in a one-line notation (``POSS?:owner ZONE:zone NUMBER:n``), naming the tokens whose
values the atom keeps. At each token the longest rule that fits wins; a token no rule takes stays a token atom
of its own kind (a separator, a verb, a filler word).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.situation.tokens import Tok, Token


class Atom(StrEnum):
    """The kinds of piece a fact is built from."""

    COUNT = "zone count"  # a number of cards in a zone (the zone may be unsaid: "2 left")
    LIFE = "life"  # at 5, 3 life, life: 7
    DREW = "drawn this turn"  # already drew (for the turn), drew 2 this turn
    DRAW_TURN = "the turn's draw"  # draws for his turn
    STEP = "step"  # during opp's upkeep, my draw step
    TURN = "turn"  # turn 1, the first turn, opp's turn
    SIDE = "on the play"  # on the play, on the draw
    PLAYERS = "players"  # 4 players, pod of 4
    FORMAT = "format"  # commander, Two-Headed Giant
    DRAW = "draw"  # draw 2, may draw a card
    CAST = "cast"  # cast Brainstorm, cast Opportunity targeting him, Thoracle resolves
    DRAW_OFF = "a draw off a spell"  # draw 3 off Brainstorm
    SPELL_ON = "a spell on a player"  # Peer into the Abyss on myself
    X = "x"  # for 5, x=6
    EXTRA = "additional draws taken"  # take the 2 extra (Sylvan Library)
    MECH = "mechanic"  # loot, wheel, rummage
    KEEP = "cards kept"  # keep both (paying 4 life each), put both back
    COUNTERS = "counters on a permanent"  # with 6 counters, 6 quest counters on it
    DREDGE = "dredge"  # dredge it, dredge Golgari Thug
    BESIDES = "besides a spell"  # besides Timetwister, after casting it: a hand counted without the spell
    CARDS = "cards"  # Notion Thief, 2 Thought Reflections, my Bowmasters
    TOP = "top of library"  # on top of my library
    ZONE = "zone"  # in my graveyard
    PLACE = "battlefield"  # in play, out, on my board
    WHO = "player"  # I, opp, the player to my left, Alice
    NUMBER = "number"  # a number that says nothing yet ("I have 3")
    TOKEN = "word"  # one token no rule took: its own kind says what it is


@dataclass
class Piece:
    """One atom: its kind, the tokens it was made of, the values it keeps, and whether a frame used it."""

    kind: Atom
    tokens: list[Token]
    values: dict[str, str | int | None] = field(default_factory=dict)
    used: bool = False

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)

    @property
    def tok(self) -> Tok:
        """The token kind of a one-token atom (``Atom.TOKEN``): a separator, a verb, a filler word."""
        return self.tokens[0].kind


# Each row: an atom kind and its pattern. Slot notation: KIND or KIND|KIND, "?" optional, ":name" keeps the
# token's value under that name. Rows are tried at every token; the longest match wins, the first on a tie.
ATOM_RULES: tuple[tuple[Atom, str], ...] = (
    (Atom.COUNT, "POSS?:owner ZONE:zone BE|HAVE? NUMBER:n CARDS? LEFT?:left"),
    (Atom.COUNT, "NUMBER:n CARDS? LEFT?:left IN POSS?:owner ZONE:zone LEFT?:left"),
    (Atom.COUNT, "NUMBER:n CARDS? LEFT?:left IN POSS?:owner ZONE:zone"),
    (Atom.COUNT, "POSS?:owner ZONE:zone BE? EMPTY:empty"),
    (Atom.COUNT, "POSS?:owner ZONE:zone IN NUMBER:n CARDS?"),  # "a hand of 3", "a library of 5 cards"
    (Atom.COUNT, "EMPTY:empty IN? POSS?:owner ZONE:zone"),
    (Atom.COUNT, "NUMBER:n CARDS? LEFT:left"),
    (Atom.COUNT, "POSS?:owner ZONE:zone BE? AT NUMBER:n CARDS?"),
    (Atom.COUNT, "AT NUMBER:n CARDS IN POSS?:owner ZONE:zone"),
    (Atom.COUNT, "LAST:last CARDS? LEFT? IN POSS?:owner ZONE:zone"),  # "my last card in library", "down to ..."
    (Atom.COUNT, "LAST:last CARDS?"),
    (Atom.COUNT, "MULL:zone NUMBER:n CARDS?"),
    (Atom.COUNT, "POSS?:owner ZONE:zone BE? LAST:last CARDS?"),
    (Atom.LIFE, "AT NUMBER:n LIFE?"),
    (Atom.LIFE, "NUMBER:n LIFE"),
    (Atom.LIFE, "POSS?:owner LIFE BE? NUMBER:n"),
    (Atom.DREW, "ALREADY? DREW:drew NUMBER?:n CARDS? FOR_TURN|THIS_TURN?"),
    (Atom.DREW, "DREW FOR_TURN ALREADY"),
    (Atom.DREW, "ALREADY? DREW:drew NUMBER?:n CARDS? OFF POSS? SPELL THIS_TURN?"),  # how: "off my cantrip"
    (Atom.DREW, "ALREADY? DREW:drew NUMBER?:n CARDS? OFF POSS?:owner CARD:card THIS_TURN?"),  # "off Howling Mine"
    (Atom.DRAW_TURN, "DRAW NUMBER? CARDS? FOR_TURN:turn"),
    (Atom.DRAW_TURN, "DRAW LAST:last FOR_TURN:turn"),
    (Atom.STEP, "DURING|IN|AT? POSS?:owner STEP:step"),
    (Atom.TURN, "AT|DURING|IN? TURN NUMBER:n FOR ME|PLAYER|NAME:owner"),
    (Atom.TURN, "AT|DURING|IN? TURN NUMBER:n"),
    (Atom.TURN, "AT|DURING|IN? POSS?:owner FIRST:first TURN"),
    (Atom.TURN, "AT|DURING|IN? POSS:owner TURN NUMBER?:n"),
    (Atom.SIDE, "SIDE:side"),
    (Atom.PLAYERS, "NUMBER:n PLAYERS"),
    (Atom.PLAYERS, "PLAYERS IN? NUMBER:n"),
    (Atom.PLAYERS, "POSS? NUMBER:n POSS:others"),  # "3 opps", "my two opponents": the asker and the opponents
    (Atom.FORMAT, "FORMAT:format"),
    (Atom.DRAW, "MAY?:may DRAW NUMBER?:n CARDS?"),
    (Atom.DRAW, "MAY?:may DRAW NUMBER?:n CARDS? IN POSS?:from_owner ZONE:from_zone"),  # "draw 2 from my library"
    (Atom.CAST, "CAST NUMBER? CARD:card TARGET|AT? ME|PLAYER|NAME?:target"),
    (Atom.SPELL_ON, "CARD:card TARGET|AT ME|PLAYER|NAME:target"),
    (Atom.X, "FOR NUMBER:x"),
    (Atom.X, "FOR? X:x"),
    (Atom.EXTRA, "EXTRA:extra"),
    (Atom.KEEP, "KEEP:keep PAY_LIFE?"),
    (Atom.COUNTERS, "HAVE? NUMBER:n COUNTERS:kind"),
    (Atom.MECH, "MECH:mech NUMBER?:n"),
    (Atom.CAST, "CAST IT:it"),
    (Atom.CAST, "IT:it CAST"),  # "it resolves"
    (Atom.CAST, "RESPONSE POSS?:owner CARD:card"),
    (Atom.CAST, "CARD:card CAST"),
    (Atom.CAST, "POSS?:owner CARD:card ETB:enters"),  # "my thassa's oracle etb": entering under its owner
    (Atom.DRAW_OFF, "DRAW NUMBER?:n CARDS? OFF POSS?:owner CARD:card"),
    (Atom.DRAW_OFF, "DRAW NUMBER?:n CARDS? IN POSS?:owner CARD:card"),  # "draws 3 from Prosperity"
    (Atom.DRAW_OFF, "DRAW NUMBER?:n CARDS? OFF|IN POSS?:owner CARD:card ME|PLAYER|NAME:caster CAST"),
    (Atom.DRAW_OFF, "MAY?:may DRAW NUMBER?:n CARDS? OFF|FOR? SPELL:spell"),
    # "he draws with Phyrexian Arena out": the permanent the draw comes from (only "with": ``frames._draw_off``)
    (Atom.DRAW_OFF, "DRAW NUMBER?:n CARDS? HAVE:with POSS?:owner CARD:card PLACE?:place"),
    (Atom.DREDGE, "DREDGE CARD?:card"),
    (Atom.DREDGE, "DREDGE IT:it"),
    (Atom.DREDGE, "DREDGE CARD?:card FIRST:first DRAW"),  # "dredge the first draw": the first draw it can replace
    (Atom.DREDGE, "DREDGE IT:it FIRST:first DRAW"),
    (Atom.DREDGE, "DREDGE CARD?:card FIRST:first NUMBER"),  # "dredge the first one": the first draw
    (Atom.DREDGE, "DREDGE IT:it FIRST:first NUMBER"),
    (Atom.DREDGE, "DREDGE CARD?:card OFF|DURING|AT|IN POSS?:owner CARD:spell DRAW?"),  # "dredge off Brainstorm"
    (Atom.DREDGE, "DREDGE IT:it OFF|DURING|AT|IN POSS?:owner CARD:spell DRAW?"),
    (Atom.BESIDES, "BESIDES POSS? CARD:card"),
    (Atom.BESIDES, "BESIDES IT:it"),
    (Atom.BESIDES, "BESIDES SPELL:spell"),  # "3 other cards in hand": beside the spell the story casts
    (Atom.CARDS, "POSS?:owner NUMBER?:n CARD:card"),
    (Atom.TOP, "TOP POSS?:owner ZONE?:zone"),
    (Atom.ZONE, "POSS?:owner ZONE:zone HAVE|BE"),
    (Atom.ZONE, "IN POSS?:owner ZONE:zone"),
    (Atom.PLACE, "IN? PLACE:place"),
    (Atom.PLACE, "BE? OWNED:owner"),
    (Atom.WHO, "ME|PLAYER|NAME:who"),
)


@dataclass(frozen=True)
class Slot:
    kinds: frozenset[Tok]
    optional: bool
    name: str | None


def _slot(text: str) -> Slot:
    spec, _, name = text.partition(":")
    optional = spec.endswith("?")
    kinds = frozenset(Tok[k] for k in spec.rstrip("?").split("|"))
    return Slot(kinds, optional, name or None)


_RULES: tuple[tuple[Atom, tuple[Slot, ...]], ...] = tuple(
    (kind, tuple(_slot(s) for s in pattern.split())) for kind, pattern in ATOM_RULES)


def _start_kinds(slots: tuple[Slot, ...]) -> frozenset[Tok]:
    """The token kinds a rule can start with: those of its leading optional slots and of its first required one."""
    kinds: set[Tok] = set()
    for slot in slots:
        kinds |= slot.kinds
        if not slot.optional:
            break
    return frozenset(kinds)


# The rules that can start at a token of each kind, in table order: a token is matched only against those.
_BY_START: dict[Tok, tuple[tuple[Atom, tuple[Slot, ...]], ...]] = {
    tok: tuple(rule for rule in _RULES if tok in _start_kinds(rule[1])) for tok in Tok}


def _match(slots: tuple[Slot, ...], tokens: list[Token], i: int) -> tuple[int, dict[str, str | int | None]] | None:
    """Tokens from ``i`` matching the slots (optional slots skipped when they don't fit): (count, values)."""
    values: dict[str, str | int | None] = {}
    j = i
    for slot in slots:
        if j < len(tokens) and tokens[j].kind in slot.kinds:
            if slot.name:
                values.setdefault(slot.name, tokens[j].value)
                values.setdefault(f"{slot.name}_text", tokens[j].text)  # the words, for the fact's own checks
            j += 1
        elif not slot.optional:
            return None
    return (j - i, values) if j > i else None


def atoms(tokens: list[Token]) -> list[Piece]:
    """The clause's atoms in order: at each token the longest rule that fits, else the token alone."""
    out: list[Piece] = []
    tokens = [t for t in tokens if t.kind is not Tok.FILLER]  # fillers never stand between an atom's parts
    i = 0
    while i < len(tokens):
        best: tuple[int, Atom, dict[str, str | int | None]] | None = None
        for kind, slots in _BY_START[tokens[i].kind]:
            hit = _match(slots, tokens, i)
            if hit is not None and (best is None or hit[0] > best[0]):
                best = (hit[0], kind, hit[1])
        if best is None:
            out.append(Piece(Atom.TOKEN, [tokens[i]]))
            i += 1
            continue
        n, kind, values = best
        out.append(Piece(kind, tokens[i:i + n], values))
        i += n
    return out


def atom_reference() -> list[tuple[str, str]]:
    """(atom kind, pattern) rows for the language reference."""
    return [(kind.value, pattern) for kind, pattern in ATOM_RULES]
