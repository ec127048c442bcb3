"""A draw told with the permanent it comes from: "opp draws a card off Howling Mine", "I draw 2 off my Font of
Mythos", "he draws with Phyrexian Arena out", "I drew thanks to Rhystic Study".

Why a module of its own: the words name the source of a draw, not a spell cast, so the permanent is on the
battlefield and the draw is its triggered ability's. Whose the permanent is comes from the words ("off my Mine"),
else from the card's text when only its controller can draw from it ("you draw", "at the beginning of your draw
step"), else nobody is said: it is left for the controller question (``clarify``), asked when it changes the
answer; never silently given to the player who draws. A draw-step trigger (504.2) is read as the drawer's draw
step, so the turn's draw comes first (504.1); any other source is a draw of the number said, from that source.
"""

from __future__ import annotations

from engine.cards import Card
from engine.effects import CastTrigger, DrawStepTrigger, DrawTrigger, EventTrigger
from engine.situation import facts as F
from engine.situation import facts_actions as A
from engine.situation.atoms import Atom, Piece, atoms
from engine.situation.attach import Builder
from engine.situation.reading import Part, Reading, _groups, player
from engine.situation.tokens import Tok, tokenize
from engine.wording import owned_by, possessive

_TRIGGERS = (DrawStepTrigger, DrawTrigger, CastTrigger, EventTrigger)


def draw_source(card: Card | None) -> bool:
    """Whether the card is a permanent with a triggered ability that makes a player draw: the source a draw can
    be told "off" (a replacement such as Notion Thief's is no source: the draw it makes is another's draw)."""
    return card is not None and not F.is_spell(card) and bool(_draw_ops(card))


def _draw_ops(card: Card) -> list[str]:
    """Who draws in the card's triggered abilities: "you" (its controller) or "that_player" (another)."""
    return [op.who for effect in card.effects if isinstance(effect, _TRIGGERS) for op in effect.ops
            if "draw" in op.do.split("_")]  # "draw", "hand_to_bottom_draw_that_many" (Teferi's Puzzle Box)


def _controller_draws(card: Card) -> bool:
    """Only its controller draws from it: "you draw", or "at the beginning of your draw step"."""
    step = card.of(DrawStepTrigger)
    return all(who == "you" for who in _draw_ops(card)) or bool(step) and all(t.affects == "you" for t in step)


def drawn_off_source(part: Part, reading: Reading, piece: Piece, card: Card) -> bool:
    """ "P draws (N) off/from/with CARD": CARD is on the battlefield (whose said, found from its text, or asked
    later); the draw is its trigger's. False, the atom left unread, when CARD makes no one draw."""
    if not draw_source(card):
        return False
    drawer = reading.owner(part)
    who = player(reading, drawer)
    place_source(reading, piece, card, drawer)
    step = (reading.b.action or {}).get("type") == "draw_step"
    if card.of(DrawStepTrigger) and (reading.b.action is None or step):
        if not step:  # "during my draw step, I draw off X": the step is already what happens
            F._draw_step(*_groups(reading, drawer))
        reading.b.assume(f"“{piece.text}” read as {possessive(who).lower()} draw step, where {card.name} triggers "
                         "(504.2): the turn's draw comes first (504.1)")
    else:
        A._draw(*_groups(reading, drawer, n=str(piece.values.get("n_text") or 1)))
        if reading.b.action is not None and reading.b.action.get("type") == "draw":
            reading.b.action["source"] = card.name
        reading.b.assume(f"“{piece.text}” read as {card.name}'s triggered ability making {who} draw")
    return True


def place_source(reading: Reading, piece: Piece, card: Card, drawer: str) -> None:
    """The source permanent on the battlefield: its controller said ("off my Mine"), its drawer's when only its
    controller draws from it (said), else nobody's yet (asked when it changes the answer)."""
    said = piece.values.get("owner")
    if said:
        F._controls(*_groups(reading, str(said), cards=card.name))
    elif _controller_draws(card):
        F._controls(*_groups(reading, drawer, cards=card.name))
        reading.b.assume(f"{card.name} read as {owned_by(player(reading, drawer))}: only its controller draws from it")
    else:
        F._in_play(reading.ctx(), {"cards": card.name})


def past_draw_in_step(b: Builder, who: str, clause: str) -> bool:
    """ "My opponent drew a card off Howling Mine. Who draws?": a past draw told with a draw-step trigger's
    permanent, taken as what happens, is that player's draw step (504.1, 504.2), not a lone draw."""
    for piece in atoms(tokenize(clause, b.cards)):
        card = b.cards.find(str(piece.values.get("card") or "")) if piece.kind is Atom.DREW else None
        if card is not None and draw_source(card) and card.of(DrawStepTrigger):
            b.set("*", "active", who, clause)
            b.set("*", "step", "draw", clause)
            b.set_action({"type": "draw_step"}, clause)
            b.assume(f"“{clause}” read as {possessive(who).lower()} draw step, where {card.name} triggers (504.2)")
            return True
    return False


def drawn_beside(part: Part, reading: Reading, piece: Piece, card: Card) -> bool:
    """ "opp draws with my Notion Thief out": a permanent said "with" a draw that makes no one draw is only on
    the battlefield as the draw happens (its controller said, else asked when it matters); never after "off"."""
    if not piece.values.get("with"):
        return False
    said = piece.values.get("owner")
    if said:
        F._controls(*_groups(reading, str(said), cards=card.name))
    else:
        F._in_play(reading.ctx(), {"cards": card.name})
    A._draw(*_groups(reading, reading.owner(part), n=str(piece.values.get("n_text") or 1)))
    return True


def tells_draw_source(b: Builder, clause: str) -> bool:
    """Whether the clause tells a draw with the permanent it comes from ("draws a card off Howling Mine", "draws
    with Phyrexian Arena out"): read from its parts first, where the source is a fact of its own (a one-fact
    template would read "opp draws" and "Howling Mine out" as two unrelated facts)."""
    if "draw" not in clause.lower():
        return False  # both readings need a draw word (every DRAW lexeme holds "draw"): no tokens for the rest
    pieces = atoms(tokenize(clause, b.cards))
    if any(p.kind is Atom.DRAW_OFF and p.values.get("card") and draw_source(b.cards.find(str(p.values["card"])))
           for p in pieces):
        return True
    near = []  # the piece a source stands in: right after "off"/"thanks to", right before "makes"
    for k, piece in enumerate(pieces):
        if piece.kind is Atom.TOKEN and piece.tok in (Tok.OFF, Tok.MAKES):
            at = k + 1 if piece.tok is Tok.OFF else k - 1
            if 0 <= at < len(pieces):
                near.append(pieces[at])
    return any(p.kind is Atom.DRAW for p in pieces) and any(
        p.kind is Atom.CARDS and draw_source(b.cards.find(str(p.values["card"]))) for p in near)


def _source_beside(part: Part, reading: Reading) -> tuple[Piece, Piece, Card] | None:
    """The source piece of a draw said apart from it: "thanks to Howling Mine my opponent draws 2", "opp draws 2
    in his draw step because of Howling Mine" (the card right after "off"/"thanks to"), "Howling Mine makes him
    draw" (the card right before "makes"): (the word, the card's piece, the card)."""
    pieces = part.pieces
    for k, word in enumerate(pieces):
        if word.kind is not Atom.TOKEN or word.tok not in (Tok.OFF, Tok.MAKES) or word.used:
            continue
        at = k + 1 if word.tok is Tok.OFF else k - 1
        if 0 <= at < len(pieces) and pieces[at].kind is Atom.CARDS and not pieces[at].used:
            card = reading.b.cards.find(str(pieces[at].values["card"]))
            if card is not None and draw_source(card):
                return word, pieces[at], card
    return None


def source_apart(part: Part, reading: Reading) -> None:
    """A draw and the permanent it comes from, said apart in the part (either order): read as one draw off that
    permanent (``drawn_off_source``)."""
    draws = part.of(Atom.DRAW)
    found = _source_beside(part, reading)
    if found is None or len(draws) != 1:
        return
    word, source, card = found
    values = {"n_text": draws[0].values.get("n_text"), "owner": source.values.get("owner"), "card": card.name}
    piece = Piece(Atom.DRAW_OFF, draws[0].tokens + word.tokens + source.tokens, values)
    if drawn_off_source(part, reading, piece, card):
        draws[0].used = word.used = source.used = True
