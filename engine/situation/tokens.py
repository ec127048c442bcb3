"""Tokens with kinds: the words of a clause, each looked up in the reader's tables.

Why tables and not templates: a player says "my library has 2 left", "2 left in lib" or "lib: 2"; each word
("library", "2", "left") has the same kind in every order, so the reader can compose facts from parts (see
``atoms`` and ``frames``) instead of needing one template per word order. Card names are found first, and only
in runs of words that are plausibly a name: a run that starts with a reader word ("library has 2 left") is
never looked up as a card, so an unknown phrase is never sent to the card fetcher.
"""

from __future__ import annotations

import re
from functools import lru_cache
from weakref import WeakKeyDictionary

from rapidfuzz import utils

from engine.cards import CardDB
from engine.situation.entities import MAX_REMEMBERED, aliases, candidates, last_words
from engine.situation.lexemes import LEXEMES, Tok, Token
from engine.situation.lexicon import COMMON_WORDS, known_words, read_number
from engine.situation.name_runs import inside_longer_name
from engine.stand_ins import stand_in_name

_WORD = re.compile(r"(?i:x ?= ?\d+)|\[\[[^\[\]]{1,80}\]\]|-?\d+(?:\^|\*\*)\d+|-?\d+(?:,\d{3})*(?![\w])"
                   r"|[A-Za-z0-9][\w'\-]*|[,;+&:]|\S")
MAX_RUN = max(len(k.split()) for k in LEXEMES)
MAX_NAME_WORDS = 6
JOINERS = frozenset({"of", "the", "and", "a", "to", "into", "from", "in", "on"})


_EXACT: WeakKeyDictionary[CardDB, dict[str, str | None]] = WeakKeyDictionary()


class _Words:
    """A clause's words with what the name finder asks of each, worked out once per clause (not once for each
    run of words tried from each word)."""

    __slots__ = ("exact", "low", "plain", "stop", "words")

    def __init__(self, words: list[str], cards: CardDB) -> None:
        self.words = words
        self.exact = _EXACT.setdefault(cards, {})  # the card data's exact names found so far (see _exact)
        self.low = [w.lower() for w in words]
        vocabulary = reader_words()
        self.plain = [w in vocabulary and w not in JOINERS for w in self.low]  # a reader word, not a joiner
        self.stop = [w in ";:+&" for w in words]  # a symbol no name holds


def _lexeme_at(ws: _Words, i: int) -> tuple[int, Tok, str | int | None] | None:
    """The longest run of words from ``i`` that the table knows: (its length, kind, value). (A word that opens
    no entry opens no run: a word with a space in it, "x = 3", is looked up as the table's words would be.)"""
    words = ws.words
    if ws.low[i] not in _first_words() and " " not in words[i]:
        return None
    for n in range(min(MAX_RUN, len(words) - i), 0, -1):
        key = " ".join(ws.low[i:i + n])
        hit = LEXEMES.get(key)
        if hit is not None:
            return n, hit[0], hit[1]
    return None


@lru_cache(maxsize=1)
def _first_words() -> frozenset[str]:
    return frozenset(key.split(" ")[0] for key in LEXEMES)


@lru_cache(maxsize=1)
def reader_words() -> frozenset[str]:
    """Every word of the token table: a card name is never looked for from one of these."""
    return frozenset(w for key in LEXEMES for w in key.split())


def _name_at(cards: CardDB, ws: _Words, i: int) -> tuple[int, str] | None:
    """A card name starting at word ``i``: the longest run that names exactly one card. A run starts only at a
    word that is no reader word (or a capitalised one: "Sylvan Library", "Library of Leng"), never ends on a
    joiner, and a single lower-case word must be a whole name or a nickname ("brainstorm", "sotl")."""
    words = ws.words
    first = words[i]
    if first.startswith("[["):
        found = candidates(cards, first[2:-2])
        return (1, found[0]) if len(found) == 1 else None
    if ws.low[i] in JOINERS or not first[:1].isalpha():
        return None
    exact_only = ws.low[i] in reader_words()  # "Library of Leng" yes; "I brainstorm", "Library: 5" no
    if exact_only and not _may_open_a_name(cards, ws.low[i]):
        return None  # "cards", "has", "life": no name or nickname starts with it (every run would be looked up)
    for n in range(min(MAX_NAME_WORDS, len(words) - i), 0, -1):
        end = i + n
        if ws.low[end - 1] in JOINERS or any(ws.stop[i:end]) or not words[end - 1][:1].isalnum():
            continue
        run = words[i:end]
        text = " ".join(run).replace(" ,", ",")
        if exact_only or "," in run or any(ws.plain[i:end]):
            # a run with a reader word or a comma in it is a name only exactly ("Sheoldred, the Apocalypse")
            exact = _exact(cards, text, ws.exact)
            if exact is not None and (n > 1 or not exact_only):
                return _unless_longer(words, i, n, exact)
            continue
        if n == 1 and first.islower() and not _whole_name(cards, text):
            continue
        exact = _exact(cards, text, ws.exact) if n > 1 else None  # a nickname's plural ("puzzle boxes")
        if exact is not None:
            return _unless_longer(words, i, n, exact)
        found = candidates(cards, text)
        if len(found) == 1:
            return _unless_longer(words, i, n, found[0])
    return None


def _may_open_a_name(cards: CardDB, word: str) -> bool:
    """Whether a name or nickname of ``cards`` may start with ``word`` (as the matcher keys it; its singular
    too: "boxes"). A reader word that opens none opens no exact name: the runs from it need no look-up."""
    firsts = _FIRSTS.get(cards)
    if firsts is None or firsts[0] != len(cards):
        keys = [utils.default_process(n) for n in cards.names()] + list(aliases())
        opening = {k.split()[1] if k.startswith("the ") and len(k.split()) > 1 else "" for k in keys}
        firsts = (len(cards), frozenset(k.split()[0] for k in keys if k.split()) | opening)
        _FIRSTS[cards] = firsts
    key = utils.default_process(word).split()
    if not key:
        return True
    first = key[0]
    return any(f in firsts[1] for f in (first, first[:-1], first[:-2]) if f)


_FIRSTS: WeakKeyDictionary[CardDB, tuple[int, frozenset[str]]] = WeakKeyDictionary()


def _unless_longer(words: list[str], i: int, n: int, card: str) -> tuple[int, str] | None:
    """The match, unless its words are a nickname, a name's start or a typo inside a longer name the words go
    on with ("Oracle" of "Etched Oracle", "sylvan" of "sylvan advocate"): then no card starts here, and the
    run is reported as a card the data lacks (engine/situation/name_runs.py)."""
    whole = utils.default_process(card)  # the name itself, or its plural or verb ("brainstorms"), stands
    if any(utils.default_process(form) == whole for form in _singulars(" ".join(words[i:i + n]))) \
            or not inside_longer_name(words, i, i + n, _plain_vocabulary()):
        return n, card
    return None


@lru_cache(maxsize=1)
def _plain_vocabulary() -> frozenset[str]:
    """The words the reader knows (its tables, the lexicon, common English): never a word of a card's name."""
    return reader_words() | frozenset(COMMON_WORDS) | frozenset(known_words())


def _exact(cards: CardDB, text: str, known: dict[str, str | None]) -> str | None:
    """The card ``text`` names exactly, or by a whole nickname: no typo, no prefix; a plural ("2 puzzle
    boxes", "Thought Reflections") names the card of its singular. Remembered per card data (``known``): the
    same runs ("cards in library") are tried in clause after clause."""
    if text not in known:
        if len(known) > MAX_REMEMBERED:
            known.clear()
        known[text] = _exact_name(cards, text)
    return known[text]


def _exact_name(cards: CardDB, text: str) -> str | None:
    for form in _singulars(text):
        card = cards.find(form)
        if card is not None:
            return card.name
        alias = aliases().get(" ".join(form.lower().replace(",", " ").split()))
        if alias is not None:
            return alias
    return None


def _singulars(text: str) -> tuple[str, ...]:
    low = text.lower()
    if low.endswith("ies") and len(low) > 5:  # "Rhystic Studies", "Sylvan Libraries"
        return text, text[:-3] + "y", text[:-1]
    if low.endswith("es") and len(low) > 4:
        return text, text[:-2], text[:-1]
    if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        return text, text[:-1]
    return (text,)


def _whole_name(cards: CardDB, word: str) -> bool:
    key = word.lower().rstrip("s") if word.lower() not in aliases() else word.lower()
    return (cards.find(word) is not None or word.lower() in aliases() or key in aliases()
            or word.lower() in last_words() or cards.find(key) is not None)


def _number(word: str) -> int | None:
    """Digits as a number, kept whole: "-1" and "10^100" reach the fact's own range check (never "1", "10")."""
    return read_number(word) if re.fullmatch(r"-?[\d,]+|-?\d+(?:\^|\*\*)\d+", word) else None


def _possessive_name(word: str) -> bool:
    return word.endswith("'s") and word[:1].isupper() and len(word) > 3


_READ: WeakKeyDictionary[CardDB, dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Token, ...]]] = \
    WeakKeyDictionary()


def tokenize(clause: str, cards: CardDB, players: dict[str, str] | None = None) -> list[Token]:
    """The clause's tokens, in order: card names first (where plausible), then the longest table entry, then
    numbers, names of players (capitalised words, or any case for a player the story already named:
    ``players`` maps their lower-case names to them), and plain words. Remembered per card data (tokens are
    frozen; each caller gets a list of its own): a clause is tokenised by each check that decides how it is read
    (``clauses.PARTS_FIRST``), then by the reader itself."""
    key = (clause, tuple(sorted(players.items())) if players else ())
    read = _READ.setdefault(cards, {})
    if key not in read:
        if len(read) > MAX_REMEMBERED:
            read.clear()
        read[key] = tuple(_tokenize(clause, cards, players))
    return list(read[key])


def _tokenize(clause: str, cards: CardDB, players: dict[str, str] | None) -> list[Token]:
    words = _WORD.findall(clause)
    ws = _Words(words, cards)
    out: list[Token] = []
    i = 0
    while i < len(words):
        i = _next_token(cards, ws, i, out)
    if players:
        out = [Token(Tok.NAME, t.text, players[t.text.lower()]) if t.kind is Tok.WORD and t.text.lower() in players
               else t for t in out]
    return _counted_counters(out)


_COUNTER_WORDS = frozenset({"counter", "counters"})
_ON_IT = ("on it", "on them")


def _counted_counters(tokens: list[Token]) -> list[Token]:
    """ "6 counters", "6 quest counters (on it)": counters counted on a permanent, one token (the verb "counters"
    and counters not counted stay words the reader must not read past)."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        kind_word = t.kind is Tok.WORD and i + 1 < len(tokens) and tokens[i + 1].text.lower() in _COUNTER_WORDS
        if out and out[-1].kind is Tok.NUMBER and (t.text.lower() in _COUNTER_WORDS or kind_word):
            n = 2 if kind_word else 1
            tail = " ".join(x.text for x in tokens[i + n:i + n + 2]).lower()
            n += 2 if tail in _ON_IT else 0
            words = " ".join(x.text for x in tokens[i:i + n])
            out.append(Token(Tok.COUNTERS, words, t.text.lower() if kind_word else ""))
            i += n
            continue
        out.append(t)
        i += 1
    return out


# "confidently cast", "suddenly drew": an adverb of manner tells how a player felt, never a fact; not those that
# change a number ("nearly 50 cards") or a word that only ends like one ("apply", "ally", "early")
_ADVERB = re.compile(r"[A-Za-z][a-z]{3,}ly")
_NOT_ADVERBS = frozenset({"nearly", "roughly", "approximately", "partially", "supposedly", "respectively",
                          "apply", "supply", "family", "likely", "unlikely", "early", "only", "reply", "rally",
                          "assembly", "anomaly", "butterfly", "dragonfly", "firefly", "monopoly", "ally"})


def _adverb(word: str) -> bool:
    return _ADVERB.fullmatch(word) is not None and word.lower() not in _NOT_ADVERBS


def _starts_a_name(words: list[str], i: int) -> bool:
    return (words[i][:1].isupper() and i + 2 < len(words) and words[i + 1] == "of"
            and words[i + 2][:1].isupper())


_COPIES_AFTER = re.compile(r"[x×](\d{1,2})", re.I)  # "Howling Mine x2"
_COPIES_BEFORE = re.compile(r"(\d{1,2})[x×]", re.I)  # "2x Howling Mine"


def _stand_in_at(ws: _Words, i: int, out: list[Token]) -> tuple[int, str] | None:
    """ "casts a noncreature spell", "cast an instant": a spell said by its kind right after a cast verb, as the
    stand-in card engine.stand_ins names (the longest run of words that says one)."""
    if not out or out[-1].kind is not Tok.CAST or ws.low[i] not in ("a", "an", "another", "one", "some", "any"):
        return None
    for n in range(min(7, len(ws.words) - i), 1, -1):
        name = stand_in_name(" ".join(ws.low[i:i + n]))
        if name is not None:
            return n, name
    return None


def _next_token(cards: CardDB, ws: _Words, i: int, out: list[Token]) -> int:
    words = ws.words
    said = _stand_in_at(ws, i, out)
    if said is not None:
        out.append(Token(Tok.CARD, " ".join(words[i:i + said[0]]), said[1]))
        return i + said[0]
    name = _name_at(cards, ws, i)
    if name is not None:
        n, card = name
        end = i + n
        copies = _COPIES_AFTER.fullmatch(words[end - 1])
        if copies and n > 1:  # "thought reflection x2": the typo-tolerant match took the count into the name
            out.append(Token(Tok.NUMBER, words[end - 1], int(copies.group(1))))
            n -= 1
        out.append(Token(Tok.CARD, " ".join(words[i:i + n]), card))
        return end
    lexeme = _lexeme_at(ws, i)
    if lexeme is not None and lexeme[1] is Tok.FILLER and _starts_a_name(words, i):
        lexeme = None  # "Well of Ideas": a capitalised filler word that opens a name the data lacks
    if lexeme is not None:
        n, kind, value = lexeme
        out.append(Token(kind, " ".join(words[i:i + n]), value))
        return i + n
    word = words[i]
    copies = _COPIES_AFTER.fullmatch(word) or _COPIES_BEFORE.fullmatch(word)
    if copies and (out and out[-1].kind is Tok.CARD or _COPIES_BEFORE.fullmatch(word)):
        # "Sheoldred x2" (the count after the card: put before it, as "2 Sheoldred"), "2x Sheoldred"
        out.insert(len(out) - 1 if _COPIES_AFTER.fullmatch(word) else len(out),
                   Token(Tok.NUMBER, word, int(copies.group(1))))
        return i + 1
    if re.fullmatch(r"(?i:x ?= ?\d+)", word):
        out.append(Token(Tok.X, word, int(re.sub(r"\D", "", word))))
        return i + 1
    number = _number(word)
    if number is not None:
        out.append(Token(Tok.NUMBER, word, number))
    elif _adverb(word):
        out.append(Token(Tok.FILLER, word, "filler"))
    elif not word[:1].isalnum():
        out.append(Token(Tok.STOP, word, word))  # a symbol the tables don't know: not read past
    elif _possessive_name(word):
        out.append(Token(Tok.POSS, word, word[:-2]))
    elif word[:1].isupper() and word[1:].islower() and len(word) > 1:
        out.append(Token(Tok.NAME, word, word))
    else:
        out.append(Token(Tok.WORD, word, word.lower()))
    return i + 1


reader_words()  # built once at import: the first reading of a process is as fast as the others
_first_words()
