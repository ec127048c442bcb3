"""The story stage for a clause no one-fact template reads whole: tokens → atoms → parts → frames.

Why a stage of its own: it is where "every atom is used once" is enforced. A clause is read from its parts
only when every atom finds its frame; words that carry no atom are table talk, skipped and said; an atom left
over is an error that names its words (or a question, from the frame that could not decide). Words the parts
reader must not read past ("not", "if", "exile", "instead") leave the clause to the error the whole-clause
reader gave: a text is read right, asked about, or refused, never resolved as something else.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.errors import Ambiguity, SituationError
from engine.situation.approximate import approximate_counts, said_loosely
from engine.situation.atoms import Atom, Piece, atoms
from engine.situation.attach import Builder
from engine.situation.copies import counted_copies
from engine.situation.frames import FRAMES, x_said_apart
from engine.situation.her import possessive_her
from engine.situation.lexemes import LEXEMES
from engine.situation.only_held import only_held
from engine.situation.reading import Part, Reading, player
from engine.situation.states import assumed_states, said_states, said_tapped
from engine.situation.title_runs import reader_word_name
from engine.situation.tokens import Tok, Token, tokenize
from engine.situation.unknown_names import as_typed, unknown_card, unknown_name
from engine.situation.used import check_used, name_before_place, name_listed_with_cards, named_players


def read_parts(b: Builder, clause: str) -> bool:
    """Read ``clause`` from its parts into the builder; False (the builder untouched by the caller's
    snapshot) when a word stops the parts reader or nothing in it is a fact. A clause not read that holds a card
    name made of the reader's words ("Life from the Loam") names that card as unknown (``title_runs``)."""
    try:
        return _read_parts(b, clause)
    except Ambiguity:
        raise
    except SituationError as error:
        named = None if error.unknown_card else reader_word_name(tokenize(clause, b.cards, named_players(b)))
        if named is None:
            raise
        unknown_name(as_typed(named, clause), Reading(b, clause))
        raise


def _read_parts(b: Builder, clause: str) -> bool:
    tokens, question = _without_question(possessive_her(assumed_states(approximate_counts(only_held(
        tokenize(clause, b.cards, named_players(b)))))))
    tokens = counted_copies(tokens, clause, b.cards)
    bracketed = next((t.text for t in tokens if t.kind is not Tok.CARD and t.text.startswith("[[")), None)
    if bracketed is not None:  # "[[Future Sight]]" is a card's name wherever it stands: one the data lacks
        unknown_name(bracketed.strip("[] "), Reading(b, clause))
    pieces = atoms(tokens)
    if pieces and not pieces[0].used and name_before_place(pieces, 0):
        unknown_card(pieces, 0, Reading(b, clause))  # before any word that stops the reader: it may be a card's
    if _seats(pieces, Reading(b, clause)):
        return True
    if not any(p.kind is not Atom.WHO and (p.kind is not Atom.TOKEN or p.tok is Tok.NUMBER) for p in pieces):
        if question and (b.in_question or not tokens):  # "am I out?", "whats my life": the question alone
            b.note("the question asked", clause)  # "am I out?": the question itself, kept as ``asked``
            return True
        return False
    if _stopped(b, clause, tokens):
        return True
    if _concluded(pieces, b, clause):
        return True
    pieces = _without_concluding_part(pieces, b, clause)
    listed = name_listed_with_cards(pieces, b)
    if listed is not None:
        unknown_card(pieces, listed, Reading(b, clause))
    reading = Reading(b, clause, later_subject=_first_player(pieces), later=pieces)
    _read_each_part(pieces, reading)
    _x_said_first(pieces, reading)
    check_used(pieces, reading)
    for said in (*said_states(tokens), *said_loosely(tokens)):
        b.assume(said)
    for card in said_tapped(tokens):
        b.tapped.append((card, clause))
        b.note(f"{card} is tapped", clause)
    return True


def _stopped(b: Builder, clause: str, tokens: list[Token]) -> bool:
    """A word that stops the reader: a name the data lacks around it or a symbol is an error naming it; what a
    player saw happen ("X didn't trigger") is said, not read (True); no stop word: False."""
    stop = next((t.text for t in tokens if t.kind is Tok.STOP), None)
    named = _name_with_stop(tokens) if stop is not None else None
    if named is not None:  # "Think Twice", "Saw in Half": a name the data lacks, with a word that stops the reader
        unknown_name(as_typed(named, clause), Reading(b, clause))
    if stop is not None and not stop[:1].isalnum():  # a symbol no table knows ("@", "%")
        raise SituationError(f"I didn't understand “{stop}” in “{clause}”", clause,
                             "words and numbers: a zone size, a permanent someone controls, a life total, whose "
                             "turn or step it is, or what happens now")
    if stop is not None and _card_did_not(tokens) and _named_before(b, tokens):
        b.assume(f"“{clause}” read as what you saw happen, not as a fact: the ruling above says what the rules give")
        return True
    if stop is not None:
        raise SituationError(f"I can't take “{stop}” into account in “{clause}”", clause,
                             "the situation without it, if it doesn't change what is drawn; otherwise this is "
                             "beyond what I can judge: ask a judge")
    return False


def _read_each_part(pieces: list[Piece], reading: Reading) -> None:
    """The parts in order, each through the frames; players said alone before a part are its own."""
    pending: list[Piece] = []  # "me and opp both have Alms Collector": players before the part they share
    for part in _parts(pieces, reading):
        if len(part.pieces) == 1 and part.pieces[0].kind is Atom.WHO:
            pending.append(part.pieces[0])
            continue
        if pending and part.who() is None:
            # "My opponent, sitting at 4 life, casts Timetwister": the player said alone is the next part's
            reading.subject = str(pending[-1].values["who"])
            for who in pending:
                who.used = True
            pending = []
        _read_part(part, reading)
        own = part.who()
        for who in pending:  # the part's own player said before it ("my opponent, who controls X") is read once
            if own is None or who.values.get("who") != own.values.get("who"):
                _read_part(_for(part, who), reading)
            who.used = True
        pending = []


def _x_said_first(pieces: list[Piece], reading: Reading) -> None:
    """ "devotion is 6 and I have 6 cards left, the Oracle's trigger resolves": an X said before the spell or
    ability it is the X of, in the same clause, is read once the clause's action is known."""
    for piece in pieces:
        if piece.kind is Atom.X and not piece.used:
            x_said_apart(Part([piece], reading), reading)


_NAME_KINDS = frozenset({Tok.NAME, Tok.WORD, Tok.STOP, Tok.CARD})
_NAME_JOINERS = frozenset({"of", "the", "in", "to", "and", "a"})


def _name_with_stop(tokens: list[Token]) -> list[Token] | None:
    """The capitalised run, within the clause, that holds a capitalised word the reader stops at ("Alice casts
    Think Twice", "Sphinx of the Second Sun"): a card's name the data lacks. Never the clause's first word alone
    ("When I cast ...")."""
    for k, token in enumerate(tokens):
        if token.kind is not Tok.STOP or not token.text[:1].isupper() or k == 0 or not token.text.isalpha():
            continue
        start, end = k, k + 1
        while start > 0 and _in_name(tokens[start - 1]):
            start -= 1
        while end < len(tokens) and _in_name(tokens[end]):
            end += 1
        while not _capital(tokens[start]):  # a name starts and ends with a capitalised word ("of the" between)
            start += 1
        while not _capital(tokens[end - 1]):
            end -= 1
        if end - start > 1 and (start > 0 or _capital(tokens[1])):
            return tokens[start:end]
    return None


def _in_name(token: Token) -> bool:
    return _capital(token) or token.text.lower() in _NAME_JOINERS


def _capital(token: Token) -> bool:
    return token.kind in _NAME_KINDS and token.text[:1].isupper() and token.text.lower() != "i"


def _named_before(b: Builder, tokens: list[Token]) -> bool:
    """The card a "didn't trigger" sentence is about was told before (it is on the board, or it is what happens):
    "but Platinum Angel didn't work" alone would leave the Angel out of the story."""
    first = next(t for t in tokens if t.kind is not Tok.FILLER)
    if first.kind is Tok.CARD:
        return first.value in b.last_cards
    return b.action is not None or bool(b.last_cards)


NEGATIONS = frozenset({"not", "don't", "doesn't", "didn't", "won't", "never", "cannot", "can't"})
# what a card is seen (not) to do; "Platinum Angel didn't leave" tells a fact of the board and is not one of them
OBSERVED_VERBS = frozenset({"trigger", "triggers", "work", "works", "draw", "draws", "make", "makes", "let", "lets",
                            "give", "gives", "cause", "causes", "fire", "fires", "happen", "happens", "do"})


def _card_did_not(tokens: list[Token]) -> bool:
    """ "Wheel didn't make my opponent discard", "it does not trigger": a clause whose subject is a card and whose
    verb is negated tells what the card did (or didn't) in the player's game: the ruling's to work out."""
    words = [t for t in tokens if t.kind is not Tok.FILLER and not (t.kind is Tok.WORD and t.text.lower() in
                                                                    ("does", "did", "is", "was", "seem", "seems"))]
    return (len(words) > 2 and words[0].kind in (Tok.CARD, Tok.IT, Tok.MECH) and words[1].kind is Tok.STOP
            and words[1].text.lower() in NEGATIONS and words[2].text.lower() in OBSERVED_VERBS
            and not any(t.kind is Tok.SEP for t in words))  # nothing more in the sentence


FACT_ATOMS = frozenset(Atom) - {Atom.WHO, Atom.TOKEN, Atom.PLACE, Atom.ZONE, Atom.NUMBER}


def states_nothing(b: Builder, clause: str) -> bool:
    """A clause with no atom that makes a fact ("I out" left of "am I out?", "I deck"): when it comes from a
    question, it is the question itself, already kept as ``asked``."""
    tokens, _question = _without_question(tokenize(clause, b.cards, named_players(b)))
    unread = (Tok.STOP, Tok.WORD, Tok.NUMBER, Tok.EXTRA, Tok.CARD)  # an OUTCOME ("dead", "win") is the question
    return not any(t.kind in unread for t in tokens) and not any(p.kind in FACT_ATOMS for p in atoms(tokens))


def _without_question(tokens: list[Token]) -> tuple[list[Token], str]:
    """The clause without a question that starts it or follows a separator, up to the next separator ("what
    happens, I draw 2", "..., does it trigger"), and the question's words: the question stage reads them
    (``asked``). What the question says happens stays a fact ("..., can I dredge it" → "I dredge it"; "do I
    draw on turn 1" → my draw step on turn 1); a question that states nothing more is left to the question stage."""
    for i, token in enumerate(tokens):
        if _relative(tokens, i):  # "my opponent, who is sitting at 2 life, has ...": facts of that player
            return _without_question(tokens[:i] + _antecedent(tokens, i) + tokens[i + 1:])
        if token.kind is Tok.ASK and (i == 0 or tokens[i - 1].kind is Tok.SEP):
            end = next((k for k in range(i + 1, len(tokens)) if tokens[k].kind is Tok.SEP), len(tokens))
            rest, _ = _without_question(tokens[end:])
            return tokens[:i] + _question_facts(tokens[i:end]) + rest, " ".join(t.text for t in tokens[i:end])
    return tokens, ""


def _relative(tokens: list[Token], i: int) -> bool:
    """ "who"/"which" right after a player or a card and a comma opens a relative clause, never a question (it was
    read as one and its facts dropped without a word: "my opponent, who is sitting at 2 life, ..." kept 20 life;
    "I have Howling Mine, which is tapped" drew its extra card)."""
    return tokens[i].kind is Tok.ASK and tokens[i].text.lower() in ("who", "which") and i >= 2 \
        and tokens[i - 1].kind is Tok.SEP and tokens[i - 2].kind in (Tok.PLAYER, Tok.NAME, Tok.ME, Tok.CARD)


def _antecedent(tokens: list[Token], i: int) -> list[Token]:
    """The player a relative "who" stands for, said again as the clause's subject: "I target my opponent, who
    has 5 cards in library" gave the 5 cards to me (the sentence's first player) and drew 7 from 40 without a
    loss. A card's "which" stays dropped (its fact reads from the card before it)."""
    return [tokens[i - 2]] if tokens[i - 2].kind is not Tok.CARD else []


def _question_facts(span: list[Token]) -> list[Token]:
    """The facts a question states: its action, with "can I"/"do I" as the player, and "do I draw" (no count)
    as the draw step; nothing when it holds a word the reader must not read past."""
    tail = [_asker(t) for t in span if t.kind is not Tok.ASK or _asker(t).kind is not Tok.ASK]
    counted = [t for k, t in enumerate(tail) if t.kind in (Tok.NUMBER, Tok.CARD, Tok.CARDS)
               and not (k and tail[k - 1].kind is Tok.TURN)]  # "turn 1" counts no cards
    if not counted:  # "do I draw (on turn 1)?": whether the turn's draw happens, i.e. the draw step (504.1)
        tail = [Token(Tok.STEP, t.text, "draw") if t.kind is Tok.DRAW else t for t in tail]
    acts = any(t.kind in (Tok.DRAW, Tok.CAST, Tok.DREDGE, Tok.EXTRA, Tok.MECH) or t.kind is Tok.STEP
               and t.value == "draw" for t in tail)
    if not acts or any(t.kind in (Tok.STOP, Tok.WORD) for t in tail):
        return []
    return [t for t in tail if t.kind is not Tok.OUTCOME]  # "do I lose in my draw step": the step stays


def _asker(token: Token) -> Token:
    """ "can i" → "i": the player a question's opening names, as a player token."""
    if token.kind is not Tok.ASK or " " not in token.text:
        return token
    who = token.text.split()[-1]
    return Token(Tok.ME if who.lower() == "i" else Tok.PLAYER, who, who.lower())


def _for(part: Part, who: Piece) -> Part:
    """The same part said of another player: fresh atoms, the part's player replaced by ``who``."""
    first = part.who()
    pieces = [Piece(who.kind, who.tokens, dict(who.values)) if p is first else Piece(p.kind, p.tokens, dict(p.values))
              for p in part.pieces]
    return Part(pieces, part.reading)


def _concluded(pieces: list[Piece], b: Builder, clause: str) -> bool:
    """ "..., I'm dead right": a part that is only a player and an outcome is the player's question."""
    kinds = {p.tok if p.kind is Atom.TOKEN else p.kind for p in pieces}
    if pieces and Tok.OUTCOME in kinds and kinds <= {Atom.WHO, Tok.BE, Tok.OUTCOME, Tok.ASK, Tok.SEP}:
        b.note("the question asked", clause)
        return True
    return False


def _without_concluding_part(pieces: list[Piece], b: Builder, clause: str) -> list[Piece]:
    """ "I brainstorm with 0 in library, I'm dead right": a last part that is only a player and an outcome is
    the player's question, not a fact; the rest of the clause is read."""
    seps = [k for k, p in enumerate(pieces) if p.kind is Atom.TOKEN and p.tok is Tok.SEP]
    if not seps or seps[-1] == 0 or not _concluded(pieces[seps[-1] + 1:], b, clause):
        return pieces
    return pieces[:seps[-1]]


def _seats(pieces: list[Piece], reading: Reading) -> bool:
    """ "Alice, Bob, Carol and me": a clause of players alone names the players of the game."""
    who = [p for p in pieces if p.kind is Atom.WHO]
    glue = [p for p in pieces if p.kind is Atom.TOKEN and p.tok in (Tok.SEP, Tok.PLAYING)]
    if len(who) < 2 or len(who) + len(glue) != len(pieces) or any(
            a.kind is b.kind for a, b in zip(pieces, pieces[1:], strict=False)):
        return False  # players alone, one separator between each two: "Alice, Bob and me"
    names = [player(reading, str(p.values["who"])) for p in who]
    reading.b.note(f"players: {', '.join(names)}", reading.clause)
    reading.b.top.setdefault("seat_order", names)  # the seats in the order said: the turn order (seating)
    return True


def _first_player(pieces: list[Piece]) -> str | None:
    """The clause's first player: a player's words, or the asker's own zone ("thug in yard, my library 5, opp has
    X": the graveyard is told with the asker's library, not with the opponent named after both)."""
    for p in pieces:
        if p.kind is Atom.WHO:
            return str(p.values["who"])
        if p.kind is Atom.COUNT and str(p.values.get("owner") or "").lower() in ("my", "mine"):
            return "I"
    return None


def _parts(pieces: list[Piece], reading: Reading) -> list[Part]:
    """The clause split at separators (commas, "and", "then"); a part holding only separators is dropped."""
    parts: list[Part] = []
    current: list[Piece] = []
    for piece in pieces:
        if piece.kind is Atom.TOKEN and piece.tok is Tok.SEP:
            if current:
                parts.append(Part(current, reading))
            current = []
        else:
            current.append(piece)
    if current:
        parts.append(Part(current, reading))
    return _lists_said_together(parts, reading)


def _lists_said_together(parts: list[Part], reading: Reading) -> list[Part]:
    """ "Sheoldred and Notion Thief are both mine": cards alone before a part whose cards "are" somewhere (a
    plural place: "are both mine", "are out") are one list with them, not a card of no controller."""
    out: list[Part] = []
    for part in parts:
        place = next((p for p in part.pieces if p.kind is Atom.PLACE), None)
        plural = place is not None and (place.text.lower().split()[0] in ("are", "both") or re.search(
            rf"\b(?:both|are|are both|both are) {re.escape(place.text)}", reading.clause, re.I) is not None)
        if out and (plural or _in_zone(part)) and part.who() is None and all(
                p.kind is Atom.CARDS for p in out[-1].pieces):
            out[-1] = Part(out[-1].pieces + part.pieces, reading)
            continue
        out.append(part)
    return out


def _in_zone(part: Part) -> bool:
    """ "(Thug and) Grave-Troll in my graveyard": cards, then the zone they are all in."""
    kinds = [p.kind for p in part.pieces]
    return bool(kinds) and kinds[-1] in (Atom.ZONE, Atom.TOP) and set(kinds[:-1]) == {Atom.CARDS}


@lru_cache(maxsize=1)
def _zone_ends() -> frozenset[str]:
    """The last words of the entries a zone atom ends with (a zone, "on top of", "is"/"has" after the zone)."""
    return frozenset(key.split()[-1] for key, (kind, _) in LEXEMES.items()
                     if kind in (Tok.ZONE, Tok.TOP, Tok.HAVE, Tok.BE))


def lists_cards_in_a_zone(b: Builder, clause: str) -> bool:
    """ "golgari thug and grave-troll in my graveyard": cards listed before the one zone they are in; read from
    parts first, where the list keeps its zone (a one-fact template would put the first card on the
    battlefield)."""
    words = clause.lower().rstrip(" .,;:!?").split()
    if not words or words[-1] not in _zone_ends():
        return False  # the list must end in its zone: no tokens for a clause that can't
    pieces = [p for p in atoms(tokenize(clause, b.cards)) if not (p.kind is Atom.TOKEN and p.tok is Tok.SEP)]
    kinds = [p.kind for p in pieces]
    return len(kinds) > 2 and kinds[-1] in (Atom.ZONE, Atom.TOP) and set(kinds[:-1]) == {Atom.CARDS}


def _read_part(part: Part, reading: Reading) -> None:
    for handler in FRAMES.values():
        handler(part, reading)
    who = part.who()
    if who is not None and (who.used or any(p.used for p in part.pieces)):
        who.used = True
        reading.subject = str(who.values["who"])
        # "opp bowmasters, on the draw": a player said only before their cards is those cards' controller,
        # not the subject of what follows
        reading.subject_of_card = all(p.kind is Atom.CARDS for p in part.pieces if p is not who)
    elif who is None:
        # "my draw step, 3 cards in hand": a part said of one player by a possessive carries that player
        owned = [p for p in part.pieces if p.used and p.values.get("owner")]
        owners = {str(p.values["owner"]) for p in owned}
        if len(owners) == 1:
            reading.subject = owners.pop()
            reading.subject_of_card = all(p.kind is Atom.CARDS for p in owned)
    if part.has(Tok.HAVE):
        reading.had = True
    elif part.who() is not None:
        reading.had = False
