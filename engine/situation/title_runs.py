"""A card's name made of the reader's own words, told by its capitals: "Life from the Loam", "Turn to Frog".

Why a stage of its own: the token table reads "Life" as a life total, "Turn" as a turn, "Hand" as a zone, so a
card the data lacks whose name holds such words was never looked up ("I didn't understand “I”"): the bot could
not fetch it, and the player could not tell what went wrong. A run of capitalised words (with "of", "the",
"from", "to", "in", "a" between them) that holds a capitalised reader word and a capitalised word no table knows
is such a name. It is used only when the clause is not read otherwise: then the answer names the card it could
not find (and the bot looks it up), never a guess at the rest. So is a one-word name's title after its comma
("Nissa, Sage Animist"): the first word alone names several cards, or none the bot can find.
"""

from __future__ import annotations

from engine.situation.atoms import Atom, Piece
from engine.situation.tokens import Tok, Token

_JOINERS = frozenset({"of", "the", "from", "to", "in", "a", "an", "into", "on"})
# capitalised words that are never part of a card's name here: the asker, pronouns, possessives, known cards
_NOT_IN_NAME = frozenset({Tok.ME, Tok.PLAYER, Tok.POSS, Tok.OWNED, Tok.CARD, Tok.NUMBER, Tok.SEP, Tok.STOP})
_UNKNOWN = frozenset({Tok.NAME, Tok.WORD})


def _capital(token: Token) -> bool:
    return token.text[:1].isupper() and token.text.replace("'", "").replace("-", "").isalpha() \
        and token.kind not in _NOT_IN_NAME


def _runs(tokens: list[Token]) -> list[list[Token]]:
    runs: list[list[Token]] = []
    run: list[Token] = []
    for token in tokens + [Token(Tok.SEP, ".", ".")]:
        if _capital(token) or run and token.text.lower() in _JOINERS:
            run.append(token)
            continue
        while run and not _capital(run[-1]):
            run.pop()
        if run:
            runs.append(run)
        run = []
    return runs


def _title_of_card(tokens: list[Token], run: list[Token]) -> bool:
    """ "Toothy, Imaginary Friend": the run is the title after the comma of a card said right before it."""
    at = next(i for i, t in enumerate(tokens) if t is run[0])
    return at >= 2 and tokens[at - 1].text == "," and tokens[at - 2].kind is Tok.CARD


def reader_word_name(tokens: list[Token]) -> list[Token] | None:
    """The first run that names a card with the reader's words in it (see above), or None."""
    for run in _runs(tokens):
        capitals = [t for t in run if _capital(t)]
        if len(capitals) >= 2 and any(t.kind in _UNKNOWN for t in capitals) \
                and any(t.kind not in _UNKNOWN | {Tok.FILLER} for t in capitals) and not _title_of_card(tokens, run):
            return run
    return None


def comma_title(pieces: list[Piece], k: int) -> list[Token]:
    """ "Nissa, Sage Animist", "Aminatou, the Fateshifter": the comma at ``k`` after a one-word name and the title
    after it, capitalised words (with "of"/"the" between) up to the next separator or the clause's end; none when
    the words go on as anything else, or as a list ("Necropotence, Phyrexian Arena and Howling Mine")."""
    if pieces[k].text != ",":
        return []
    title: list[Token] = []
    for j, piece in enumerate(pieces[k + 1:], k + 1):
        if piece.kind is Atom.TOKEN and piece.tok is Tok.SEP:
            following = pieces[j + 1].tokens[0] if j + 1 < len(pieces) else None
            if piece.text == "," or following is not None and following.text[:1].isupper() \
                    and following.kind in (Tok.NAME, Tok.WORD, Tok.CARD):
                return []  # "Necropotence, Phyrexian Arena and Howling Mine": a list goes on
            break
        tokens = piece.tokens
        if not all(t.text[:1].isupper() and t.kind in (Tok.NAME, Tok.WORD, Tok.FILLER)
                   or t.text.lower() in ("of", "the") for t in tokens):
            return []
        title.extend(tokens)
    capitals = [t for t in title if t.text[:1].isupper()]
    return [pieces[k].tokens[0], *title] if capitals and title[-1].text[:1].isupper() else []
