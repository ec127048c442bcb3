"""Frames of the board and the zones: who controls which permanent, cards named in a graveyard or on top of a
library, a spell cast "into" a permanent, a bare number of cards, and a draw-step ability's extra cards taken.

Why apart from ``frames``: these facts say where cards are, not what happens; they share the owner rules of
the board ("on my side", "(opp's)", "with X out") and of the zones said before.
"""

from __future__ import annotations

import re

from engine.errors import Ambiguity, SituationError
from engine.situation import facts as F
from engine.situation.atoms import Atom, Piece
from engine.situation.described import agree
from engine.situation.lexicon import read_number
from engine.situation.reading import ZONES, Part, Reading, _groups, player
from engine.situation.tokens import Tok
from engine.wording import possessive


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


def _named_in(part: Part, reading: Reading, where: Atom, zone: str) -> None:
    places = [p for p in part.of(where) if where is Atom.TOP and p.values.get("zone") in (None, "library")
              or p.values.get("zone") == zone]
    cards = part.of(Atom.CARDS)
    if len(places) != 1 or not cards:
        return
    if zone == "graveyard" and len(cards) > 1 and not part.has(Tok.BE):
        _board_card_listed(cards, reading)
    unsaid = places[0].values.get("owner") is None and part.who() is None and reading.subject is None
    owner = reading.owner(part, places[0])
    for piece in cards:
        F._zone_cards(*_groups(reading, owner, cards=_copies(piece), zone=zone))
        if unsaid and zone == "graveyard":
            reading.b.graveyard_unsaid.append(str(piece.values["card"]))
        piece.used = True
    places[0].used = True


# the words of a card that does something from a graveyard (702.52 dredge, 702.34 flashback...) or about one
_GRAVEYARD_MINDED = re.compile(r"graveyard|^(?:dredge|flashback|unearth|escape|embalm|eternalize|retrace|scavenge|"
                               r"disturb|jump-start|aftermath|encore)\b", re.I | re.M)


def _board_card_listed(cards: list[Piece], reading: Reading) -> None:
    """ "sotl + thug in gy": a permanent whose text does nothing from a graveyard, listed with a card that does
    (dredge), may be on the battlefield as well as in the graveyard; read in the graveyard, Spirit of the
    Labyrinth stopped stopping the dredge. Asked, never guessed."""
    found = [(p, reading.b.cards.find(str(p.values["card"]))) for p in cards]
    minded = [p for p, c in found if c is not None and _GRAVEYARD_MINDED.search(c.oracle)]
    board = [(p, c) for p, c in found if c is not None and not _GRAVEYARD_MINDED.search(c.oracle)
             and c.is_permanent() and not c.has_type("land")]  # a land listed there is left as said
    if not minded or not board:
        return
    piece, card = board[0]
    raise Ambiguity(f"Where is {card.name}?", piece.text, reading.clause,
                    [(f"{card.name} on the battlefield", f"{piece.text} on the battlefield,"),
                     (f"{card.name} in the graveyard too", f"{piece.text} in graveyard,")])


def _top(part: Part, reading: Reading) -> None:
    _named_in(part, reading, Atom.TOP, "library")


def _graveyard(part: Part, reading: Reading) -> None:
    _named_in(part, reading, Atom.ZONE, "graveyard")


def _hand(part: Part, reading: Reading) -> None:
    """ "lab man in hand", "I have Brainstorm in my hand": a card held, not on the battlefield and not cast; the
    hand's size stays what is said (or the default, which counts it)."""
    places = [p for p in part.of(Atom.ZONE) if p.values.get("zone") == "hand"]
    cards = part.of(Atom.CARDS)
    if len(places) != 1 or not cards:
        return
    who = player(reading, reading.owner(part, places[0]))
    for piece in cards:
        reading.b.note(f"{who}: {piece.values['card']} in hand (not on the battlefield)", reading.clause)
        piece.used = True
    places[0].used = True
    if len(cards) == 1:  # "I have Brainstorm in hand ... I cast it": the one card held is what "it" names next
        reading.b.last_cards.append(str(cards[0].values["card"]))


def _copies(piece: Piece) -> str:
    n = piece.values.get("n")
    return f"{n} {piece.values['card']}" if isinstance(n, int) and n > 1 else str(piece.values["card"])


def _control(part: Part, reading: Reading) -> None:
    """Cards someone has: after "has"/"controls" (said in this part or carried), "my Bowmasters", "X out"
    (with a player in the part), or "on my board". A card list with no player is on the battlefield under a
    controller the reader finds out (asked about when it changes the answer)."""
    cards = part.of(Atom.CARDS)
    for piece in list(cards):  # "Notion Thief (opp)": the owner in brackets right after a card is that card's
        owner = bracketed_owner(part, piece)
        if owner is not None:
            F._controls(*_groups(reading, owner, cards=_copies(piece)))
            piece.used = True
            cards.remove(piece)
    if not cards:
        return
    places = part.of(Atom.PLACE)
    for each in places:  # "out on my side": one place, said twice
        each.used = True
    place = next((p for p in places if _board_owner(p)), places[0] if places else None)
    said_owner = next((str(p.values["owner"]) for p in cards if p.values.get("owner")), None)
    board_owner = _board_owner(place)
    haves = [p.text.lower() for p in part.pieces if p.kind is Atom.TOKEN and p.tok is Tok.HAVE]
    if haves and set(haves) == {"with"} and not (said_owner or board_owner) and (
            place is not None or _card_with_player(part, cards)):
        # "opp at 3 with Psychosis Crawler out": whose Crawler is not said; asked when it matters
        for piece in cards:
            F._in_play(reading.ctx(), {"cards": _copies(piece)})
            piece.used = True
        return
    has = bool(haves) or (reading.had and part.who() is None and place is None) or _shorthand(part, cards)
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


def bracketed_owner(part: Part, piece: Piece) -> str | None:
    """The player in brackets right after ``piece`` ("Notion Thief (opp)", "Brainstorm (me)"), marked used; None
    when there is none. Two cards each with their own brackets in one part ("brainstorm (me) with notion thief
    (opponent)") gave the Thief the first bracket's player (the answer drew 3 under the opponent's Thief)."""
    at = part.pieces.index(piece)
    after = part.pieces[at + 1] if at + 1 < len(part.pieces) else None
    if after is None or after.used or after.kind is not Atom.PLACE or not after.text.startswith("(") \
            or not after.values.get("owner"):
        return None
    after.used = True
    return str(after.values["owner"])


def _card_with_player(part: Part, cards: list[Piece]) -> bool:
    """ "Psychosis Crawler with opp at 2": the cards before "with", the player after it (or "opp at 2 with
    Psychosis Crawler": a fact of the player between them); whose the cards are is not said (the Crawler was
    given to the opponent, silently). "opp with Psychosis Crawler" is the opponent's."""
    with_at = next(i for i, p in enumerate(part.pieces) if p.kind is Atom.TOKEN and p.tok is Tok.HAVE)
    who = part.who()
    if who is None:
        return False
    at = part.pieces.index(who)
    if at > with_at:
        return all(part.pieces.index(c) < with_at for c in cards)
    # "opp at 3 with Underworld Dreams": a fact of the player stands between them and "with", so the cards
    # after it are the situation's, not said to be theirs ("opp with Underworld Dreams" is theirs)
    return at < with_at - 1 and all(part.pieces.index(c) > with_at for c in cards)


def _shorthand(part: Part, cards: list[Piece]) -> bool:
    """ "opp narset", "me: sheoldred": a player word (never a capitalised name, "Tom Sheoldred") right before
    permanents, nothing else in the part, is the shorthand for that player's permanents."""
    who = part.who()
    if who is None or who.tok not in (Tok.ME, Tok.PLAYER) or len(part.pieces) != len(cards) + 1:
        return False
    return part.pieces.index(who) == 0 and all(p.kind is Atom.CARDS and not p.values.get("owner")
                                               for p in part.pieces[1:])


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


_HOLD = re.compile(r"(?:was |were )?(?:hold|holds|holding|held)\b", re.I)  # "I'm holding 2": cards in hand


def _how_many(part: Part, reading: Reading) -> None:
    """ "I have 3" after "my opponent has 5 cards in hand": the zone said last; with none said, a question."""
    numbers = [p for p in part.pieces if p.kind is Atom.TOKEN and p.tok is Tok.NUMBER and not p.used]
    if len(numbers) != 1 or not part.has(Tok.HAVE) or part.who() is None or len(part.pieces) > 4:
        return
    piece, n = numbers[0], numbers[0].tokens[0].value
    held = any(p.kind is Atom.TOKEN and p.tok is Tok.HAVE and _HOLD.match(p.text) for p in part.pieces)
    zone = "hand" if held else next((key for (_who, key) in reversed(reading.b.sources) if key in ZONES), None)
    if zone is None:
        words = piece.text
        raise Ambiguity(f"Where are the {words} cards?", words, reading.clause,
                        [(f"{words} cards in {z}", f"{words} cards in {z}") for z in ("library", "hand")])
    if not held:
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
        _use_additional(part, reading, who, card, used, piece.text)
        piece.used = True
        if used:
            _kept(part, reading, who)


def kept_alone(part: Part, reading: Reading) -> None:
    """ "my draw step, I keep 1 extra card", "I keep both" with Sylvan Library told: keeping additional cards says
    they were drawn, so the ability was used (said); no such permanent: the words are left unused."""
    for keep in part.of(Atom.KEEP):
        who = player(reading, reading.owner(part))
        card = _additional_draws(reading, who)
        if card is None:
            return
        _use_additional(part, reading, who, card, True, keep.text)
        reading.b.assume(f"“{keep.text}” read as {who if who != 'You' else 'you'} taking {card}'s additional draws")
        _kept(part, reading, who)


def _kept(part: Part, reading: Reading, who: str) -> None:
    """ "... and keep both": how many of the additional cards ``who`` keeps, paying 4 life for each."""
    for keep in part.reading.later:
        if keep.kind is Atom.KEEP and not keep.used:
            reading.b.choices[f"sylvan_pay:{who}"] = int(keep.values["keep"] or 0)
            kept = int(keep.values["keep"] or 0)
            reading.b.note(f"{who} {agree(who, 'pay')} 4 life for each of {kept} card{'' if kept == 1 else 's'}",
                           reading.clause)
            keep.used = True


def _use_additional(part: Part, reading: Reading, who: str, card: str, used: bool, words: str) -> None:
    """``who`` uses (or not) ``card``'s additional draws, in their draw step (the ability's trigger)."""
    step_said = any(p.kind is Atom.STEP for p in reading.later)
    if reading.b.action is None and (not step_said or reading.b.top.get("step") == "draw"):
        F._draw_step(*_groups(reading, reading.owner(part)))
        if not step_said:
            reading.b.assume(f"“{words}” read as {possessive(who).lower()} draw step, where {card} triggers")
    reading.b.choices[f"trigger:{card}:{who}"] = used
    verb = agree(who, "use") if used else f"{agree(who, 'do')} not use"
    reading.b.note(f"{who} {verb} {card}'s additional draws", reading.clause)


def drawn_off_permanent(part: Part, reading: Reading, piece: Piece, name: str) -> bool:
    """ "I draw 2 off Sylvan Library": a permanent whose ability lets its controller draw additional cards in
    their draw step is used (theirs when nobody else was said to control it)."""
    card = reading.b.cards.find(name)
    if card is None or not _ADDITIONAL.search(card.oracle):
        return False
    who = player(reading, reading.owner(part, piece) if piece.values.get("owner") else reading.owner(part))
    b = reading.b
    if not any(name in p.battlefield for p in b.players.values()) and not any(c == name for c, _ in b.unowned):
        b.unowned.append((name, reading.clause))
    if _additional_draws(reading, who) != name:
        return False
    _use_additional(part, reading, who, name, True, piece.text)
    _kept(part, reading, who)
    return True


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
        b.placed.append((who, loose[0]))
        b.assume(f"{loose[0]} read as {'yours' if who == 'You' else who + chr(39) + 's'}: its additional draws are "
                 "taken by its controller")
        found = loose
    return found[0] if len(found) == 1 else None


# "As long as Archmage Ascension has six or more quest counters on it, ...": an ability that needs counters
_NEEDS_COUNTERS = re.compile(r"\bhas (\w+) or more (?:(\w+) )?counters on it\b", re.I)


def _counters(part: Part, reading: Reading) -> None:
    """ "Archmage Ascension on the battlefield with 6 counters": the counters a card's ability needs ("six or
    more quest counters"), said. The card data applies that ability as if it had them, so fewer are refused;
    counters on a card whose ability needs none are left unread (an error names them)."""
    for piece in part.of(Atom.COUNTERS):
        cards = [p for p in part.pieces if p.kind is Atom.CARDS]
        card = reading.b.cards.find(str(cards[0].values["card"])) if len(cards) == 1 else None
        need = _NEEDS_COUNTERS.search(card.oracle) if card is not None else None
        n = read_number(str(piece.values["n"]))
        if card is None or need is None or n is None or read_number(need.group(1)) is None:
            return
        kind = str(piece.values.get("kind") or "")
        if kind and need.group(2) and kind != need.group(2).lower():
            return  # "+1/+1 counters" on a card whose ability counts quest counters: not its counters
        if n < (read_number(need.group(1)) or 0):
            raise SituationError(f"{card.name} with {n} counters: its ability that needs {need.group(1)} or more "
                                 "does not apply, and I can only judge it as applying", reading.clause,
                                 f"{card.name} with {need.group(1)} or more counters, or the situation without it")
        reading.b.note(f"{card.name} has {n} counters: its ability that needs {need.group(1)} or more applies",
                       reading.clause)
        piece.used = True
