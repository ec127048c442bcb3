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
from enum import StrEnum

from engine.errors import Ambiguity, SituationError
from engine.situation import facts as F
from engine.situation import facts_actions as A
from engine.situation.atoms import Atom, Piece
from engine.situation.board import (
    _cast_into,
    _control,
    _counters,
    _extra,
    _graveyard,
    _hand,
    _how_many,
    _top,
    bracketed_owner,
    drawn_off_permanent,
    kept_alone,
)
from engine.situation.reading import Part, Reading, _groups, player, step_owner
from engine.situation.sources import draw_source, drawn_beside, drawn_off_source, place_source, source_apart
from engine.situation.spell_pronoun import cast_pronoun
from engine.situation.tokens import Tok


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
    SOURCE_APART = "a draw and its source said apart"
    DRAW_OFF = "a draw off a spell"
    DRAW = "draw"
    MECHANIC = "a kind of draw"
    CAST = "cast"
    CAST_INTO = "a spell cast into a permanent"
    X_APART = "X said apart"
    BESIDES = "a hand counted without the spell"
    CARD_VERB = "a card used as a verb"
    SPELL = "a spell named alone"
    DREDGE = "dredge"
    TOP = "top of library"
    GRAVEYARD = "cards in a graveyard"
    HAND = "cards in a hand"
    CONTROL = "control"
    HOW_MANY = "a number of cards"
    EXTRA = "additional draws taken"
    KEPT_ALONE = "additional cards kept, the draws implied"
    COUNTERS = "counters on a permanent"


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
        drawer = reading.owner(part)
        F._drawn(*_groups(reading, drawer, n=n))
        source = reading.b.cards.find(str(piece.values.get("card") or ""))
        if source is not None and draw_source(source):  # "drew a card off Howling Mine": it is on the battlefield
            place_source(reading, piece, source, drawer)
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
            F._draw_step(*_groups(reading, str(owner or step_owner(reading, part, piece))))
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
        if part.who() is None and reading.subject_of_card:
            # "opp's Bowmasters, turn 1 on the draw, my draw step": a card's controller is not who is on the draw
            reading.b.assume(f"“{piece.text}” read as about you (the player before it was named as a card's "
                             "controller)")
            owner = "I"
        elif part.who() is None and reading.subject is None:
            # "on the draw, opp has howling mine, ...": said before any player, the side is the asker's own (a
            # player tells where they sit); the clause's later player is not carried back to it
            reading.b.assume(f"“{piece.text}” read as about you (said before any player)")
            owner = "I"
        else:
            owner = reading.owner(part)
        F._on_the(*_groups(reading, owner, side=str(piece.values["side"])))
        piece.used = True


def _players(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.PLAYERS):
        n = str(piece.values["n_text"])
        if piece.values.get("others"):  # "3 opps": the opponents and the asker
            if str(piece.values["others_text"]).lower() not in ("opponents", "opps"):
                continue  # a number before another possessive: no count of players, left for an error
            n = str(F.count(n, reading.clause) + 1)
            reading.b.assume(f"“{piece.text}” read as a game of {n} players: you and {int(n) - 1} opponents")
            if part.who() is None and part.has(Tok.HAVE):  # "two opps both control X": they are the subject
                reading.subject = "each opponent"
        F._players(reading.ctx(), {"n": n})
        piece.used = True


def _format(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.FORMAT):
        F._format(reading.ctx(), {"fmt": str(piece.values["format"])})
        piece.used = True


def _draw(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.DRAW):
        if piece.values.get("from_zone") not in (None, "library"):
            continue  # "draw from the graveyard" is no draw (121.1): left unread, an error names it
        more = {"n": str(piece.values.get("n_text") or 1)}
        if piece.values.get("may"):
            more["may"] = "may"
        A._draw(*_groups(reading, reading.owner(part), **more))
        piece.used = True
        _card_drawn(part, reading, piece)


def _card_drawn(part: Part, reading: Reading, draw: Piece) -> None:
    """ "Alice casts Thought Scour and draws Temporal Mastery": the card named right after a draw of one card is
    the card drawn, the top card of the drawer's library (it was put on the battlefield, where a Notion Thief
    "drawn" would have replaced the draws). Said."""
    at = part.pieces.index(draw)
    nxt = part.pieces[at + 1] if at + 1 < len(part.pieces) else None
    if nxt is None or nxt.used or nxt.kind is not Atom.CARDS or draw.values.get("n_text") not in (None, "1", "a"):
        return
    if any(p.kind in (Atom.PLACE, Atom.ZONE, Atom.TOP) for p in part.pieces[at + 2:]):
        return  # "draws X from the graveyard", "X on top": another fact reads it
    who = reading.owner(part)
    F._zone_cards(*_groups(reading, who, cards=str(nxt.values["card"]), zone="library"))
    reading.b.assume(f"“{draw.text} {nxt.text}” read as {nxt.values['card']} being the card drawn: the top card "
                     "of the library")
    nxt.used = True


def _draw_off(part: Part, reading: Reading) -> None:
    """ "I draw 3 off Brainstorm", "opp draws 3 off his own brainstorm": the spell is cast (said)."""
    for piece in part.of(Atom.DRAW_OFF):
        if piece.values.get("spell"):  # "I draw 2 off a spell": an effect instructs the draw (121.1)
            A._draw(*_groups(reading, reading.owner(part), n=str(piece.values.get("n_text") or 1)))
            piece.used = True
            continue
        card = reading.b.cards.find(str(piece.values["card"]))
        if piece.values.get("with") and str(piece.values["with_text"]).lower() != "with":
            continue  # "draws has X": no source said; left unread, an error names it
        if card is not None and not F.is_spell(card) and (drawn_off_permanent(part, reading, piece, card.name)
                                                          or drawn_off_source(part, reading, piece, card)
                                                          or drawn_beside(part, reading, piece, card)):
            piece.used = True
            continue
        if card is None or not F.is_spell(card):
            continue  # another permanent's draw is not a cast: left unread, an error says so
        # "... from Prosperity I cast": the caster said after the spell
        caster = str(piece.values.get("caster") or "") or reading.owner(part, piece)
        more = {"x": str(piece.values["n_text"])} if piece.values.get("n_text") and _has_x(card.oracle) else {}
        A._cast(*_groups(reading, caster, card=card.name, **more))
        reading.b.assume(f"“{piece.text}” read as casting {card.name}" + (f" with X={more['x']}" if more else ""))
        piece.used = True


def _has_x(oracle: str) -> bool:
    """A spell whose amount is X ("Each player draws X cards"): the number drawn said is its X."""
    return bool(re.search(r"\bdraws? X\b", oracle))


def _mechanic(part: Part, reading: Reading) -> None:
    """ "I wheel", "opp loots", "everyone wheels": a kind of draw the vocabulary knows, as the phrase table reads it."""
    for piece in part.of(Atom.MECH):
        more = {"mech": str(piece.values["mech"])}
        if piece.values.get("n_text"):
            more["n"] = str(piece.values["n_text"])
        A._mechanic(*_groups(reading, reading.owner(part), **more))
        piece.used = True


def _card_of(reading: Reading, piece: Piece) -> str:
    if piece.values.get("it"):
        if reading.b.last_cards:
            return _not_out(reading, piece)
        # "windfall: i have 3 cards in hand after casting it": the one card named before "it" in the clause
        before = reading.later[:reading.later.index(piece)] if piece in reading.later else []
        named = {str(p.values["card"]) for p in before if p.kind is Atom.CARDS and p.values.get("card")}
        if len(named) != 1:
            raise SituationError("say which card “it” is", reading.clause, "'I cast Brainstorm'")
        return named.pop()
    return str(piece.values["card"])


def _not_out(reading: Reading, piece: Piece) -> str:
    """ "only Gitaxian Probe in hand and Blood Scrivener out, I cast it": not the card the clause says is out."""
    before = reading.later[:reading.later.index(piece)] if piece in reading.later else []
    out = {str(p.values["card"]) for p, after in zip(before, before[1:], strict=False)
           if p.kind is Atom.CARDS and p.values.get("card") and after.values.get("place") == "battlefield"}
    return cast_pronoun(reading.b, "it", reading.clause, out)


def _resolving_again(reading: Reading, piece: Piece) -> bool:
    """ "opp casts Divination and I control Alms Collector as Divination resolves": a spell said to resolve after
    the story cast it is that same spell (608.2), not a second action."""
    action = reading.b.action or {}
    resolving = any(t.kind is Tok.CAST and t.text.lower().startswith("resolv") for t in piece.tokens)
    if not resolving or action.get("type") != "cast" or piece.values.get("target"):
        return False
    card = reading.b.last_cards[-1] if piece.values.get("it") and reading.b.last_cards else piece.values.get("card")
    return action.get("card") == card


def _cast(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.CAST):
        if _resolving_again(reading, piece):
            reading.b.note(f"{reading.b.action['card']} resolves", reading.clause)  # type: ignore[index]
            piece.used = True
            continue
        # "Thassa's Oracle etb trigger resolving" is read as the creature spell resolving: it enters and its
        # own "when this enters" ability resolves (the engine's enters-only path leaves some of them unread)
        A._cast(*_groups(reading, reading.owner(part, piece), card=_card_of(reading, piece), **_how(part, piece)))
        if piece.values.get("enters"):
            reading.b.assume(f"“{piece.text}” read as {piece.values['card']} resolving: it enters and its "
                             "enters ability resolves")
        piece.used = True


def _besides(part: Part, reading: Reading) -> None:
    """ "Besides Timetwister I have 2 cards in hand", "3 cards in hand after casting it": the hand was counted
    without the spell; seating counts it back in when that spell is what is cast (it is in the hand until then)."""
    for piece in part.of(Atom.BESIDES):
        who = player(reading, reading.owner(part))
        card = "" if piece.values.get("spell") else _card_of(reading, piece)  # "": the spell cast, when said
        reading.b.besides.append((who, card, piece.text))
        piece.used = True


def x_said_apart(part: Part, reading: Reading) -> None:
    """ "Opp casts Sphinx's Revelation for X and ..., X=3": an X in a part of its own is the X of the spell the
    story casts (said once)."""
    action = reading.b.action
    for piece in part.of(Atom.X):
        card = reading.b.cards.find(str((action or {}).get("card", "")))
        if not action or action.get("type") != "cast" or "x" in action or card is None \
                or not re.search(r"\bX\b", card.oracle):
            return  # no spell with an X is cast: the X is left unread (an error names it)
        action["x"] = F.count(str(piece.values["x_text"]).split("=")[-1].strip(), reading.clause)
        reading.b.note(f"X={action['x']} for {action['card']}", reading.clause)
        piece.used = True


def _acting(reading: Reading) -> bool:
    """Something already happens in the story (a draw step said beside a spell is when the spell is cast)."""
    return reading.b.action is not None and reading.b.action.get("type") != "draw_step"


def _how(part: Part, piece: Piece) -> dict[str, str]:
    """A cast's target ("targeting him"), X ("for 5", "x=6") and verb ("I activate Jace's Archivist": an
    ability, 602), from the atom and the part around it."""
    more = {"target": str(piece.values["target_text"])} if piece.values.get("target") else {}
    verb = next((t.value for t in piece.tokens if t.kind is Tok.CAST and t.value in ("activate", "tap")), None)
    if verb is not None:
        more["verb"] = str(verb)
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
        had = any(_holds(p, part) for p in part.pieces[:part.pieces.index(piece)]) or any(
            p.kind is Atom.ZONE for p in part.pieces)  # "Brainstorm in hand": held, not cast
        if card is None or not F.is_spell(card) or had or _acting(reading):
            continue  # "I have Brainstorm" is a card in hand, not a cast
        caster = bracketed_owner(part, piece)  # "brainstorm (me)": the caster in brackets
        if caster is None:
            _caster_said(part, reading, piece, card.name)
        A._cast(*_groups(reading, caster or reading.owner(part, piece), card=card.name, **_how(part, piece)))
        reading.b.assume(f"“{piece.text}” read as casting {card.name}")
        reading.b.action_named_only = True
        piece.used = True


def _caster_said(part: Part, reading: Reading, piece: Piece, card: str) -> None:
    """ "opp is at 2 life, brainstorm": a spell named alone after another player's state has no caster said; it
    was cast for the player the clause had named (and Spiteful Visions dealt its damage to the wrong player).
    Asked, with each player as an option; a part of its own player, or the asker's own state, says who."""
    carried = reading.subject
    if piece.values.get("owner") or part.who() is not None or carried is None or \
            carried.lower() in ("i", "me", "myself", "you"):
        return
    players = list(dict.fromkeys(["You", *reading.b.players]))
    said = {p: ("I cast" if p == "You" else f"{'opponent' if p == 'Opponent' else p} casts") for p in players}
    raise Ambiguity(f"Who casts {card}?", piece.text, reading.clause,
                    [(f"{'You cast' if p == 'You' else p + ' casts'} {card}", f"{said[p]} {piece.text}")
                     for p in players])


def _holds(piece: Piece, part: Part) -> bool:
    """ "I have Brainstorm", "with Brainstorm in hand", "at 3 life with Brainstorm": a card held; "like with a huge
    Sphinx's Revelation for X=10 on my opponent's turn" names a spell with no zone, but with when it happens or
    its X: only a cast has those."""
    if piece.kind is not Atom.TOKEN or piece.tok is not Tok.HAVE:
        return False
    cast_only = part.of(Atom.TURN) or part.of(Atom.STEP) or part.of(Atom.X)
    return piece.text.lower() != "with" or bool(part.of(Atom.ZONE)) or not cast_only


def _card_verb(part: Part, reading: Reading) -> None:
    """ "I brainstorm": a player, then a spell's name where the verb goes, is casting it."""
    who = part.who()
    cards = part.of(Atom.CARDS)
    if who is None or len(cards) != 1 or part.of(Atom.PLACE) or cards[0].values.get("owner"):
        return
    # "I have Brainstorm" holds it; "I opportunity myself with 2 in library": "with" after the name is a fact
    if any(p.kind is Atom.TOKEN and p.tok is Tok.HAVE for p in part.pieces[:part.pieces.index(cards[0])]):
        return
    if part.pieces.index(cards[0]) != part.pieces.index(who) + 1 or who.tok is Tok.NAME:
        return  # "I brainstorm", "they wheel"; never an unknown word taken for a name ("Tomcontrols Brainstorm")
    card = reading.b.cards.find(str(cards[0].values["card"]))
    if card is None or not F.is_spell(card):
        return
    # "i gitaxian probe him", "i opportunity myself": the player right after the verb is the spell's target
    at = part.pieces.index(cards[0]) + 1
    target = part.pieces[at] if at < len(part.pieces) and (part.pieces[at].kind is Atom.WHO or part.pieces[at].kind
                                                            is Atom.TOKEN and part.pieces[at].tok is Tok.ME) \
        and part.pieces[at].tokens[0].kind is not Tok.NAME else None
    A._cast(*_groups(reading, reading.owner(part), card=card.name, **({"target": target.text} if target else {})))
    reading.b.assume(f"“{who.text} {cards[0].text}” read as casting {card.name}")
    cards[0].used = True
    if target is not None:
        target.used = True


def _dredge(part: Part, reading: Reading) -> None:
    for piece in part.of(Atom.DREDGE):
        more = {"verb": "dredge"}
        if piece.values.get("card") or piece.values.get("it"):
            more["card"] = _card_of(reading, piece)
        said = reading.b.cards.find(more.get("card", ""))
        if piece.values.get("it") and said is not None and not said.dredge:
            del more["card"]  # "I cast Brainstorm and dredge it": "it" is the card that dredges, settled later
        owner = reading.owner(part)
        F._choice_apply(*_groups(reading, owner, **more))
        if piece.values.get("spell"):  # "dredge off Brainstorm", "on a Brainstorm draw": that spell is cast
            A._cast(*_groups(reading, str(piece.values.get("owner") or owner), card=str(piece.values["spell"])))
            reading.b.assume(f"“{piece.text}” read as casting {piece.values['spell']} and dredging instead of "
                             "one of its draws")
        piece.used = True


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
    Frame.SOURCE_APART: source_apart,
    Frame.DRAW_OFF: _draw_off,
    Frame.DRAW: _draw,
    Frame.MECHANIC: _mechanic,
    Frame.CAST: _cast,
    Frame.CAST_INTO: _cast_into,
    Frame.X_APART: x_said_apart,
    Frame.BESIDES: _besides,
    Frame.CARD_VERB: _card_verb,
    Frame.SPELL: _spell,
    Frame.DREDGE: _dredge,
    Frame.TOP: _top,
    Frame.GRAVEYARD: _graveyard,
    Frame.HAND: _hand,
    Frame.CONTROL: _control,
    Frame.HOW_MANY: _how_many,
    Frame.EXTRA: _extra,
    Frame.KEPT_ALONE: kept_alone,
    Frame.COUNTERS: _counters,
}


def frame_reference() -> list[tuple[str, str]]:
    """(frame, what it reads) for the language reference: each frame's docstring line or its name."""
    return [(frame.value, (handler.__doc__ or "").strip().split("\n")[0]) for frame, handler in FRAMES.items()]
