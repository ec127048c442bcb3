"""Frames: facts assembled from the atoms of a clause, whatever their order and the filler around them.

Why frames: "lab man out, library empty, i draw a card" holds three facts in three word orders; each frame
knows which atoms make its fact (a zone count needs a count and an owner; "controls" needs cards and a player
who has them) and takes them from the clause, leaving the rest to the other frames. The frames are a table
keyed by ``Frame`` and run in its order over each part of the clause (parts end at commas and "and"); a part's
player carries to the next part that names none. Every atom is used once: an atom no frame takes is a
question or an error naming its words, never dropped; words that carry no atom are table talk, skipped and
said. A frame records its fact through the same handlers as the phrase table (``facts``), so a fact read from
parts is checked, described and contradicted exactly like one read whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import Ambiguity, SituationError
from engine.situation import facts as F
from engine.situation.atoms import Atom, Piece
from engine.situation.attach import Builder, Ctx, possessive
from engine.situation.tokens import Tok

SEATS = ("Player to your left", "Player to your right", "Player across")
ZONES = ("library", "hand", "graveyard", "memory")
# Token kinds that carry no fact of their own: grammar between the atoms.
GRAMMAR = frozenset({Tok.FILLER, Tok.SEP, Tok.BE, Tok.HAVE, Tok.IN, Tok.INTO, Tok.RESPONSE, Tok.DURING, Tok.AT,
                     Tok.ALREADY, Tok.CARDS, Tok.THIS_TURN, Tok.LEFT, Tok.TURN, Tok.PLAYERS, Tok.NUMBER, Tok.MAY})


class Frame(StrEnum):
    """The facts a clause's atoms can make, in the order they are tried."""

    COUNT = "zone count"
    LIFE = "life"
    DREW = "drawn this turn"
    TURN_DRAW = "the turn's draw"
    STEP = "step"
    TURN = "turn"
    SIDE = "on the play"
    PLAYERS = "players"
    FORMAT = "format"
    DRAW_OFF = "a draw off a spell"
    DRAW = "draw"
    MECHANIC = "a kind of draw"
    CAST = "cast"
    CAST_INTO = "a spell cast into a permanent"
    CARD_VERB = "a card used as a verb"
    SPELL = "a spell named alone"
    DREDGE = "dredge"
    TOP = "top of library"
    GRAVEYARD = "cards in a graveyard"
    CONTROL = "control"
    HOW_MANY = "a number of cards"
    EXTRA = "additional draws taken"


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
        return next((p for p in self.pieces if p.kind is Atom.WHO), None)


@dataclass
class Reading:
    """The clause being read: the builder, the clause's words, the player and verb carried between parts."""

    b: Builder
    clause: str
    subject: str | None = None  # a player's words, carried from part to part
    later_subject: str | None = None  # the clause's first player, for facts said before it ("library empty, I...")
    later: list[Piece] = field(default_factory=list)  # the whole clause's atoms: does anything happen in it?
    had: bool = False  # the last part said "has"/"controls": a bare card list after it is more of the same
    facts: int = 0
    said: list[str] = field(default_factory=list)

    def ctx(self) -> Ctx:
        return Ctx(self.b, self.clause, self.b.subject)

    def owner(self, part: Part, piece: Piece | None = None) -> str:
        """Whose fact: the atom's own possessive, the part's player, the clause's player, the story's."""
        if piece is not None and piece.values.get("owner"):
            return str(piece.values["owner"])
        who = part.who()
        if who is not None:
            who.used = True
            return str(who.values["who"])
        if self.subject:
            return self.subject
        words = piece.text if piece else self.clause
        if self.later_subject:
            said = "you" if self.later_subject.lower() in ("i", "me", "myself") else f"“{self.later_subject}”"
            self.b.assume(f"“{words}” read as about {said}")
            return self.later_subject
        self.b.assume(f"“{words}” read as about you (no player was named)")
        return "I"


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


def _count(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.COUNT):
        v = piece.values
        zone = str(v.get("zone") or "")
        if not zone:  # "2 left", "last card": the library is what runs out
            zone = "library"
            reading.b.assume(f"“{piece.text}” read as cards left in the library")
        n = "0" if v.get("empty") else "1" if v.get("last") else str(v.get("n_text") or 0)
        F._zone_count(*_groups(reading, reading.owner(part, piece), zone=zone, n=n))
        piece.used = True


def _life(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.LIFE):
        F._life(*_groups(reading, reading.owner(part, piece), n=str(piece.values["n_text"])))
        piece.used = True


def _drew(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.DREW):
        n = "0" if piece.values.get("drew") == "none" else str(piece.values.get("n_text") or 1)
        F._drawn(*_groups(reading, reading.owner(part), n=n))
        piece.used = True


def _turn_draw(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.DRAW_TURN):
        owner = reading.owner(part)
        if piece.values.get("last"):  # "I draw my last card for the turn": one card left before it
            F._zone_count(*_groups(reading, owner, zone="library", n="1"))
        F._draw_step(*_groups(reading, owner))
        reading.b.assume(f"“{piece.text}” read as the draw step's draw (504.1)")
        piece.used = True


def _step(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.STEP):
        step, owner = str(piece.values["step"]), piece.values.get("owner")
        acts = any(p.kind in (Atom.DRAW, Atom.CAST, Atom.DREDGE, Atom.DRAW_TURN, Atom.DRAW_OFF, Atom.MECH,
                              Atom.SPELL_ON) for p in reading.later) or any(
            p.kind is Atom.CARDS and k and part.pieces[k - 1].kind is Atom.WHO for k, p in enumerate(part.pieces))
        if step == "draw" and not acts and reading.b.action is None:
            F._draw_step(*_groups(reading, str(owner or reading.owner(part))))
        else:
            if owner:
                F._turn_of(*_groups(reading, str(owner)))
            reading.b.set("*", "step", step, reading.clause)
        piece.used = True


def _turn(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.TURN):
        v = piece.values
        if v.get("owner"):
            F._turn_of(*_groups(reading, str(v["owner"])))
        if v.get("n") is not None or v.get("first"):
            first = {"first": "1"} if v.get("first") else {}
            F._turn_number(reading.ctx(), {"n": str(v.get("n_text") or 1), **first})
        piece.used = True


def _side(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.SIDE):
        F._on_the(*_groups(reading, reading.owner(part), side=str(piece.values["side"])))
        piece.used = True


def _players(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.PLAYERS):
        n = str(piece.values["n_text"])
        if piece.values.get("others"):  # "3 opps": the opponents and the asker
            if str(piece.values["others_text"]).lower() not in ("opponents", "opps"):
                continue  # a number before another possessive: no count of players, left for an error
            n = str(F.count(n, reading.clause) + 1)
            reading.b.assume(f"“{piece.text}” read as a game of {n} players: you and {int(n) - 1} opponents")
        F._players(reading.ctx(), {"n": n})
        piece.used = True


def _format(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.FORMAT):
        F._format(reading.ctx(), {"fmt": str(piece.values["format"])})
        piece.used = True


def _draw(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.DRAW):
        more = {"n": str(piece.values.get("n_text") or 1)}
        if piece.values.get("may"):
            more["may"] = "may"
        F._draw(*_groups(reading, reading.owner(part), **more))
        piece.used = True


def _draw_off(part: Part, reading: Reading) -> None:
    """ "I draw 3 off Brainstorm", "opp draws 3 off his own brainstorm": the spell is cast (said)."""
    for piece in part.of(Atom.DRAW_OFF):
        if piece.values.get("spell"):  # "I draw 2 off a spell": an effect instructs the draw (121.1)
            F._draw(*_groups(reading, reading.owner(part), n=str(piece.values.get("n_text") or 1)))
            piece.used = True
            continue
        card = reading.b.cards.find(str(piece.values["card"]))
        if card is None or not F.is_spell(card):
            continue  # a permanent's draw ("off Sylvan Library") is not a cast: left unread, an error says so
        F._cast(*_groups(reading, reading.owner(part, piece), card=card.name))
        reading.b.assume(f"“{piece.text}” read as casting {card.name}")
        piece.used = True


def _mechanic(part: Part, reading: Reading) -> None:
    """ "I wheel", "opp loots", "everyone wheels": a kind of draw the vocabulary knows, as the phrase table reads it."""
    for piece in part.of(Atom.MECH):
        more = {"mech": str(piece.values["mech"])}
        if piece.values.get("n_text"):
            more["n"] = str(piece.values["n_text"])
        F._mechanic(*_groups(reading, reading.owner(part), **more))
        piece.used = True


def _card_of(reading: Reading, piece: Piece) -> str:
    if piece.values.get("it"):
        if not reading.b.last_cards:
            raise SituationError("say which card “it” is", reading.clause, "'I cast Brainstorm'")
        return reading.b.last_cards[-1]
    return str(piece.values["card"])


def _cast(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.CAST):
        # "Thassa's Oracle etb trigger resolving" is read as the creature spell resolving: it enters and its
        # own "when this enters" ability resolves (the engine's enters-only path leaves some of them unread)
        F._cast(*_groups(reading, reading.owner(part, piece), card=_card_of(reading, piece), **_how(part, piece)))
        if piece.values.get("enters"):
            reading.b.assume(f"“{piece.text}” read as {piece.values['card']} resolving: it enters and its "
                             "enters ability resolves")
        piece.used = True


def _cast_into(part: Part, reading: Reading) -> None:
    """ "They cast Brainstorm into a Spirit of the Labyrinth", "Probe into opp's Sheoldred": the spell is cast
    while that permanent is on the battlefield, its controller the one said (else found out, or asked)."""
    into = next((k for k, p in enumerate(part.pieces) if p.kind is Atom.TOKEN and p.tok is Tok.INTO), None)
    if into is None:
        return
    for piece in [p for p in part.pieces[into + 1:] if p.kind is Atom.CARDS and not p.used]:
        if piece.values.get("owner"):
            F._controls(*_groups(reading, str(piece.values["owner"]), cards=_copies(piece)))
        else:
            F._in_play(reading.ctx(), {"cards": _copies(piece)})
            reading.b.assume(f"“{part.pieces[into].text} {piece.text}” read as {piece.values['card']} on the "
                             "battlefield as the spell is cast")
        piece.used = True


def _acting(reading: Reading) -> bool:
    """Something already happens in the story (a draw step said beside a spell is when the spell is cast)."""
    return reading.b.action is not None and reading.b.action.get("type") != "draw_step"


def _how(part: Part, piece: Piece) -> dict[str, str]:
    """A cast's target ("targeting him") and X ("for 5", "x=6"), from the atom and the part around it."""
    more = {"target": str(piece.values["target_text"])} if piece.values.get("target") else {}
    x = next(iter(part.of(Atom.X)), None)
    if x is not None:
        more["x"] = str(x.values["x"])
        x.used = True
    return more


def _spell(part: Part, reading: Reading) -> None:
    """A spell named where no verb is ("Wheel of Fortune with 5 cards left", "Peer into the Abyss on
    myself", "sphinx's rev for 5"): the spell is cast, by the part's player or the clause's (said)."""
    if _acting(reading):
        return
    for piece in part.of(Atom.SPELL_ON) + part.of(Atom.CARDS):
        card = reading.b.cards.find(str(piece.values["card"]))
        had = any(p.kind is Atom.TOKEN and p.tok is Tok.HAVE for p in part.pieces[:part.pieces.index(piece)])
        if card is None or not F.is_spell(card) or had or _acting(reading):
            continue  # "I have Brainstorm" is a card in hand, not a cast
        F._cast(*_groups(reading, reading.owner(part, piece), card=card.name, **_how(part, piece)))
        reading.b.assume(f"“{piece.text}” read as casting {card.name}")
        piece.used = True


def _card_verb(part: Part, reading: Reading) -> None:
    """ "I brainstorm": a player, then a spell's name where the verb goes, is casting it."""
    who = part.who()
    cards = part.of(Atom.CARDS)
    if who is None or len(cards) != 1 or part.has(Tok.HAVE) or part.of(Atom.PLACE) or cards[0].values.get("owner"):
        return
    if part.pieces.index(cards[0]) != part.pieces.index(who) + 1 or who.tok is Tok.NAME:
        return  # "I brainstorm", "they wheel"; never an unknown word taken for a name ("Tomcontrols Brainstorm")
    card = reading.b.cards.find(str(cards[0].values["card"]))
    if card is None or not F.is_spell(card):
        return
    F._cast(*_groups(reading, reading.owner(part), card=card.name))
    reading.b.assume(f"“{who.text} {cards[0].text}” read as casting {card.name}")
    cards[0].used = True


def _dredge(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.DREDGE):
        more = {"verb": "dredge"}
        if piece.values.get("card") or piece.values.get("it"):
            more["card"] = _card_of(reading, piece)
        owner = reading.owner(part)
        F._choice_apply(*_groups(reading, owner, **more))
        if piece.values.get("spell"):  # "dredge off Brainstorm", "on a Brainstorm draw": that spell is cast
            F._cast(*_groups(reading, str(piece.values.get("owner") or owner), card=str(piece.values["spell"])))
            reading.b.assume(f"“{piece.text}” read as casting {piece.values['spell']} and dredging instead of "
                             "one of its draws")
        piece.used = True


def _named_in(part: Part, reading: Reading, where: Atom, zone: str) -> None:
    places = [p for p in part.of(where) if where is Atom.TOP and p.values.get("zone") in (None, "library")
              or p.values.get("zone") == zone]
    cards = part.of(Atom.CARDS)
    if len(places) != 1 or not cards:
        return
    owner = reading.owner(part, places[0])
    for piece in cards:
        F._zone_cards(*_groups(reading, owner, cards=_copies(piece), zone=zone))
        piece.used = True
    places[0].used = True


def _top(part: Part, reading: Reading) -> None:
    _named_in(part, reading, Atom.TOP, "library")


def _graveyard(part: Part, reading: Reading) -> None:
    _named_in(part, reading, Atom.ZONE, "graveyard")


def _copies(piece: Piece) -> str:
    n = piece.values.get("n")
    return f"{n} {piece.values['card']}" if isinstance(n, int) and n > 1 else str(piece.values["card"])


def _control(part: Part, reading: Reading) -> None:
    """Cards someone has: after "has"/"controls" (said in this part or carried), "my Bowmasters", "X out"
    (with a player in the part), or "on my board". A card list with no player is on the battlefield under a
    controller the reader finds out (asked about when it changes the answer)."""
    cards = part.of(Atom.CARDS)
    if not cards:
        return
    places = part.of(Atom.PLACE)
    for each in places:  # "out on my side": one place, said twice
        each.used = True
    place = next((p for p in places if _board_owner(p)), places[0] if places else None)
    said_owner = next((str(p.values["owner"]) for p in cards if p.values.get("owner")), None)
    board_owner = _board_owner(place)
    haves = [p.text.lower() for p in part.pieces if p.kind is Atom.TOKEN and p.tok is Tok.HAVE]
    if haves and set(haves) == {"with"} and place is not None and not (said_owner or board_owner):
        # "opp at 3 with Psychosis Crawler out": whose Crawler is not said; asked when it matters
        for piece in cards:
            F._in_play(reading.ctx(), {"cards": _copies(piece)})
            piece.used = True
        return
    has = bool(haves) or (reading.had and part.who() is None and place is None)
    if part.who() is not None and not (has or place or said_owner or board_owner):
        return  # a player and cards with no verb between them ("Tom Sheoldred"): not a fact, left unused
    if said_owner or board_owner or has or part.who() is not None:
        owner = said_owner or board_owner or reading.owner(part)
        for piece in cards:
            F._controls(*_groups(reading, owner, cards=_copies(piece)))
    else:
        for piece in cards:
            F._in_play(reading.ctx(), {"cards": _copies(piece)})
        if place is None:
            reading.b.assume(f"“{', '.join(p.text for p in cards)}” read as on the battlefield")
    for piece in cards:
        piece.used = True


def _board_owner(place: Piece | None) -> str | None:
    if place is None:
        return None
    if place.values.get("owner"):
        return str(place.values["owner"])  # "Sheoldred is mine", "Leovold (opp's)"
    words = place.text.lower().split()
    if {"other", "across", "opponent", "opponent's"} & set(words) or place.values.get("place") == "other":
        return "opponent"  # "alms on the other side": the other player's side of the table
    for mine in ("my", "their", "his", "her"):
        if mine in words:
            return mine
    return None


def _how_many(part: Part, reading: Reading) -> None:
    """ "I have 3" after "my opponent has 5 cards in hand": the zone said last; with none said, a question."""
    numbers = [p for p in part.pieces if p.kind is Atom.TOKEN and p.tok is Tok.NUMBER and not p.used]
    if len(numbers) != 1 or not part.has(Tok.HAVE) or part.who() is None or len(part.pieces) > 4:
        return
    piece, n = numbers[0], numbers[0].tokens[0].value
    zone = next((key for (_who, key) in reversed(reading.b.sources) if key in ZONES), None)
    if zone is None:
        words = piece.text
        raise Ambiguity(f"Where are the {words} cards?", words, reading.clause,
                        [(f"{words} cards in {z}", f"{words} cards in {z}") for z in ("library", "hand")])
    reading.b.assume(f"“{reading.clause}” read as {n} cards in {zone}, the zone said before")
    F._zone_count(*_groups(reading, reading.owner(part), zone=zone, n=piece.text))
    piece.used = True


_ADDITIONAL = re.compile(r"\byou may draw (?:two|2|\w+) additional cards?", re.I)


def _extra(part: Part, reading: Reading) -> None:
    """ "I take the 2 extra (and keep both)": the player uses their "you may draw N additional cards" ability
    (Sylvan Library) and keeps that many by paying life; "I don't draw the extra 2": they don't. Without one
    such permanent in the story, the words are left unused (an error names them)."""
    for piece in part.of(Atom.EXTRA):
        who = player(reading, reading.owner(part))
        card = _additional_draws(reading, who)
        if card is None:
            return
        used = piece.values.get("extra") != "none"
        if reading.b.action is None and not any(p.kind is Atom.STEP for p in reading.later):
            # "I take the 2 extra" happens in its controller's draw step (the ability's trigger)
            F._draw_step(*_groups(reading, reading.owner(part)))
            reading.b.assume(f"“{piece.text}” read as {possessive(who).lower()} draw step, where {card} triggers")
        reading.b.choices[f"trigger:{card}:{who}"] = used
        reading.b.note(f"{who} {'uses' if used else 'does not use'} {card}'s additional draws", reading.clause)
        piece.used = True
        for keep in part.reading.later:
            if keep.kind is Atom.KEEP and not keep.used and used:
                reading.b.choices[f"sylvan_pay:{who}"] = int(keep.values["keep"] or 0)
                reading.b.note(f"{who} pays 4 life for each of {keep.values['keep']} card(s)", reading.clause)
                keep.used = True


def _additional_draws(reading: Reading, who: str) -> str | None:
    """The one permanent of ``who`` (or said with no controller: then it is theirs, said) that lets them draw
    additional cards in their draw step."""
    b = reading.b
    mine = b.players[who].battlefield if who in b.players else []
    found = sorted({c for c in mine if (card := b.cards.find(c)) and _ADDITIONAL.search(card.oracle)})
    if not found:
        loose = sorted({c for c, _ in b.unowned if (card := b.cards.find(c)) and _ADDITIONAL.search(card.oracle)})
        if len(loose) != 1:
            return None
        b.unowned = [(c, w) for c, w in b.unowned if c != loose[0]]
        b.player(who).battlefield.append(loose[0])
        b.assume(f"{loose[0]} read as {'yours' if who == 'You' else who + chr(39) + 's'}: its additional draws are "
                 "taken by its controller")
        found = loose
    return found[0] if len(found) == 1 else None


FRAMES: dict[Frame, Callable[[Part, Reading], None]] = {
    Frame.COUNT: _count,
    Frame.LIFE: _life,
    Frame.DREW: _drew,
    Frame.TURN_DRAW: _turn_draw,
    Frame.STEP: _step,
    Frame.TURN: _turn,
    Frame.SIDE: _side,
    Frame.PLAYERS: _players,
    Frame.FORMAT: _format,
    Frame.DRAW_OFF: _draw_off,
    Frame.DRAW: _draw,
    Frame.MECHANIC: _mechanic,
    Frame.CAST: _cast,
    Frame.CAST_INTO: _cast_into,
    Frame.CARD_VERB: _card_verb,
    Frame.SPELL: _spell,
    Frame.DREDGE: _dredge,
    Frame.TOP: _top,
    Frame.GRAVEYARD: _graveyard,
    Frame.CONTROL: _control,
    Frame.HOW_MANY: _how_many,
    Frame.EXTRA: _extra,
}


def frame_reference() -> list[tuple[str, str]]:
    """(frame, what it reads) for the language reference: each frame's docstring line or its name."""
    return [(frame.value, (handler.__doc__ or "").strip().split("\n")[0]) for frame, handler in FRAMES.items()]
