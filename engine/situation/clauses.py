"""Reading clauses: each sentence split into facts, tried whole first, then split with its subject carried.

Why: players chain facts ("I have 1 card and draw 2", "opponent has 3 cards in hand and 2 in library"); the
subject and the verb of one part carry to the next part that names none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from rapidfuzz import fuzz, process

from engine.errors import Ambiguity, NotThisPhrase, RuleRefusal, SituationError
from engine.situation.attach import GROUPS, Builder, Ctx, resolve_player
from engine.situation.facts import _format, _step, _turn_of
from engine.situation.lexicon import count
from engine.situation.loyalty import counters_said
from engine.situation.needles import NeedleIndex
from engine.situation.phrase_parts import POS, Phrase
from engine.situation.phrases import _COMPILED, _EXAMPLES
from engine.situation.question import is_bare_question, trailing_bare_question
from engine.situation.sources import tells_draw_source
from engine.situation.story import lists_cards_in_a_zone, read_parts, states_nothing
from engine.situation.tokens import JOINERS, Tok, reader_words, tokenize


def _clauses(text: str) -> list[str]:
    parts = re.split(r"[.;!?\n]+(?:\s+|$)|[.;!?\n]+", text)
    return [" ".join(p.split()) for p in parts if p and p.strip(" ,")]


@lru_cache(maxsize=4096)
def _matches(body: str) -> tuple[tuple[Phrase, tuple[tuple[str, str], ...]], ...]:
    """Every phrase whose template reads ``body`` whole, in table order, with its words: the same words are
    matched once per process (players repeat their phrasings; the phrase table is a hundred templates)."""
    out = []
    may = _INDEX.mask(body)  # the templates whose needles the body holds (engine/situation/needles.py)
    while may:  # in table order: the lowest bit first
        i = (may & -may).bit_length() - 1
        may &= may - 1
        phrase, rx = _COMPILED[i]
        m = rx.fullmatch(body)
        if m:
            out.append((phrase, tuple((k, v) for k, v in m.groupdict().items() if v)))
    return tuple(out)


_INDEX = NeedleIndex([rx for _phrase, rx in _COMPILED])


def _try(b: Builder, clause: str, subject: str, words: str = "") -> str | None:
    """Apply the first phrase that reads ``clause`` whole; returns the player the clause spoke of (carried
    to the next part), or None. A phrase that fails half-way leaves the builder as it was. ``words`` are the
    player's own words when ``clause`` had the carried subject or verb put in front ("I have" + "2 in
    library"): facts and errors quote what the player wrote."""
    body = clause.strip(" ,:").rstrip(".")
    matches = _matches(body)
    state = b.snapshot() if matches else {}  # one for all the phrases tried: a restore leaves it usable
    for phrase, groups in matches:
        ctx = Ctx(b, words or clause, subject)
        try:
            phrase.apply(ctx, dict(groups))
        except Ambiguity as exc:
            b.restore(state)
            b.last_error = exc
            continue
        except NotThisPhrase:
            b.restore(state)
            continue
        except SituationError as exc:
            b.restore(state)
            if "not a card I know" in exc.message or "not a player I know" in exc.message:
                if not isinstance(b.last_error, Ambiguity) and not _part_of_said(b.last_error, exc):
                    b.last_error = exc
                continue
            raise
        return ctx.actor or subject
    return None


def _part_of_said(said: SituationError | None, part: SituationError) -> bool:
    """Whether the unknown card ``part`` names is the start of one already said ("Aminatou" of "Aminatou, the
    Fateshifter", read again split at its comma): the whole name is the one to look up."""
    whole, piece = getattr(said, "unknown_card", None), part.unknown_card
    return bool(whole and piece and whole != piece and whole.startswith(piece + ","))


def _tail_ctx(b: Builder, clause: str) -> Ctx:
    """The context of a clause's trailing "during his upkeep": "his" may be the subject of the part it ends when
    that part opens with a player's name ("Adel casts Brainstorm during his upkeep", "Alice has Notion Thief and
    Bob casts Brainstorm during his upkeep"; see ``attach._third_person_subject``)."""
    last_part = re.split(r",\s*|\s+(?:and|then|but|while)\s+", clause)[-1]  # the part the modifier ends
    m = re.match(r"([A-Z][a-z]{1,23})\s+(?!')", last_part)
    return Ctx(b, clause, b.subject, named_subject=m.group(1) if m else None)


def _lead_ctx(b: Builder, clause: str, lead: re.Match[str]) -> Ctx:
    """The context of a leading "During her main phase, Alice casts ...": "her" may be the player named right
    after it, the clause's subject (as in ``_tail_ctx``)."""
    m = re.match(r"([A-Z][a-z]{1,23})\s+(?!')", clause[lead.end():])
    return Ctx(b, clause, b.subject, named_subject=m.group(1) if m else None)


_MODIFIERS: tuple[tuple[re.Pattern[str], Callable[[Builder, re.Match[str], str], None]], ...] = (
    (
        re.compile(
            r"\s+(?:in|during) (?:a |an |this )?(?P<fmt>two-headed giant|two headed giant|2hg|multiplayer|"
            r"commander|free-for-all)(?: game)?$",
            re.I,
        ),
        lambda b, m, c: _format(Ctx(b, c, b.subject), {"fmt": m.group("fmt")}),
    ),
    (
        re.compile(r"\s+(?:under|with|using) (?:the )?(?P<ed>2008|1999|current) (?:rules|edition)$", re.I),
        lambda b, m, c: b.set("*", "edition", m.group("ed"), c),
    ),
    (
        re.compile(r"\s+on (?:the )?(?P<first>first) turn(?: of the game)?$", re.I),
        lambda b, m, c: b.set("*", "turn", 1, c),
    ),
    (re.compile(r"\s+on turn (?P<n>\w+)$", re.I), lambda b, m, c: b.set("*", "turn", count(m.group("n"), c), c)),
    (
        re.compile(rf"\s+(?:on|during|in|at the (?:start|beginning) of) {POS} turn$", re.I),
        lambda b, m, c: _turn_of(_tail_ctx(b, c), {"player": m.group("player")}),
    ),
    (
        re.compile(rf"\s+(?:during|in) {POS} (?P<step>upkeep|end step|main phase|first main phase|second main phase)$",
                   re.I),
        lambda b, m, c: _step(_tail_ctx(b, c), {"player": m.group("player"), "step": m.group("step")}),
    ),
    (
        re.compile(r"\s+while (?:casting|i(?:'m| am) casting|they(?:'re| are) casting) (?:a |another )?spell$", re.I),
        lambda b, m, c: b.top.__setitem__("while_casting", True),
    ),
)
# Where a clause splits into parts: commas and "then" first, then "while", then "and"/"but"; "with" last,
# whose tail is something the part's subject has ("opp is at 3 life with Psychosis Crawler out").
_SEPARATORS = (
    re.compile(r",\s*(?:and\s+|then\s+|but\s+)?|\s+then\s+", re.I),
    re.compile(r"\s+(?:while|whilst)\s+", re.I),
    re.compile(r"\s+(?:and|but)\s+(?:then\s+|also\s+)?", re.I),
)
_WITH = re.compile(r"\s+with\s+", re.I)


_LEADING: tuple[tuple[re.Pattern[str], Callable[[Builder, re.Match[str], str], None]], ...] = (
    (
        re.compile(r"^(?:under|with|using) (?:the )?(?P<ed>2008|1999|current) (?:rules|edition),? ", re.I),
        lambda b, m, c: b.set("*", "edition", m.group("ed"), c),
    ),
    (
        re.compile(rf"^(?:during|in|on) {POS} (?P<step>upkeep|draw step|end step|main phase|turn),? ", re.I),
        lambda b, m, c: (
            _step(_lead_ctx(b, c, m), {"player": m.group("player"), "step": m.group("step")})
            if m.group("step") != "turn"
            else _turn_of(_lead_ctx(b, c, m), {"player": m.group("player")})
        ),
    ),
)


def _strip_modifiers(b: Builder, clause: str) -> str:
    """Phrases that qualify the whole clause ("under the 2008 rules ...", "... in Two-Headed Giant")."""
    for rx, apply in _LEADING:
        m = rx.search(clause)
        if m:
            apply(b, m, clause)
            clause = clause[m.end() :]
    changed = True
    while changed:
        changed = False
        for rx, apply in _MODIFIERS:
            m = rx.search(clause)
            if m and m.start() > 0:
                apply(b, m, clause)
                clause = clause[: m.start()]
                changed = True
    return clause


def _whole_phrase(b: Builder, clause: str) -> bool:
    """A clause some template reads whole keeps its ending ("it's team A's draw step on turn 1")."""
    body = clause.strip(" ,:").rstrip(".")
    return any(rx.fullmatch(body) for _p, rx in _COMPILED)


def _parse_clause(b: Builder, clause: str) -> None:
    b.last_error = None
    trailing = trailing_bare_question(clause) if b.in_question else None
    if trailing is not None:  # "..., triggers?": the question stage reads the last word; the story is read
        clause = trailing[0]
        b.note("the question asked", trailing[1])
    # "Alice: library 0, controls X" — a name before a colon is the subject of the rest.
    subject = b.subject
    headed = False
    m = re.match(r"^([\w'\- ]{1,40}):\s*(.*)$", clause)
    if m and _try(b, clause, subject):
        return  # a phrase with a colon of its own ("Players: Ann, Ben")
    if m is None and _players_heading(b, clause):
        clause = clause.split(":", 1)[1].strip()
    if m:
        head, rest = m.group(1), m.group(2)
        if _try(b, head, subject):
            clause = rest
        else:
            try:
                subject = resolve_player(b, head, subject, clause)
                if subject not in GROUPS and not subject.startswith("team:"):
                    b.player(subject)
                b.mention(subject)
                clause = rest
                headed = True
            except SituationError:
                pass
    if not clause.strip():
        return
    # after "Opp:" a bare card is something that player has ("Opp: Notion Thief")
    _read_either_way(b, clause, subject, headed)


def _read_either_way(b: Builder, clause: str, subject: str, headed: bool) -> None:
    """The clause read by the one-fact templates, else from its parts (tokens → atoms → frames); when neither
    reads it, the more telling error. A template's question gives way to the parts reader when it reads the
    clause whole ("I have Jace, Wielder of Mysteries": split at its comma, a template asks which Jace)."""
    state = b.snapshot()
    if not headed and any(first(b, clause) for first in PARTS_FIRST):
        try:
            if read_parts(b, clause):
                return
        except (Ambiguity, RuleRefusal):
            raise
        except SituationError:
            pass
        b.restore(state)
    try:
        _read_whole(b, clause, subject, "has" if headed else "", state)
    except RuleRefusal:
        raise
    except Ambiguity as amb:
        b.restore(state)
        try:
            if not headed and read_parts(b, clause):
                return
        except RuleRefusal:
            raise
        except SituationError:
            pass
        b.restore(state)
        raise amb from None
    except SituationError as whole:
        b.restore(state)
        try:
            if read_parts(b, clause):
                return
        except RuleRefusal:
            raise
        except SituationError as parts:
            b.restore(state)
            if not _question_only(b, clause):
                raise _with_suggestions(b, _telling(whole, parts)) from None
            return
        b.restore(state)
        if not _question_only(b, clause):
            raise _with_suggestions(b, whole) from None


# Clauses read from their parts before the one-fact templates: the templates would split them into unrelated facts
PARTS_FIRST: tuple[Callable[[Builder, str], bool], ...] = (tells_draw_source, lists_cards_in_a_zone)


def _players_heading(b: Builder, clause: str) -> bool:
    """ "Alice, Bob and me: Alice has ...": a list of players before a colon names the game's players."""
    head, colon, rest = clause.partition(":")
    if not colon or not rest.strip() or len(head) > 80 or not re.search(r",|\band\b", head):
        return False
    state = b.snapshot()
    try:
        if read_parts(b, head) and any(fact.startswith("players:") for fact, _ in b.understood[-1:]):
            return True
    except SituationError:
        pass
    b.restore(state)
    return False


_LEFT_OF_A_QUESTION = frozenset({"in", "on", "at", "and", "so", "then", "but", "of", "to", "for", "by", "with"})


def _question_only(b: Builder, clause: str) -> bool:
    """A clause left of a question ("am I out?" → "I out") that states no fact: the question stage has it."""
    if b.in_question and (states_nothing(b, clause) or is_bare_question(clause)):
        if clause.strip(" ,.?").lower() not in _LEFT_OF_A_QUESTION:  # "in" of "in what order ...?": nothing to say
            b.note("the question asked", clause)
        return True
    return False


def _with_suggestions(b: Builder, error: SituationError) -> SituationError:
    """The closest card names for an unknown card, computed once the error is the one shown (a fuzzy search
    over every card name costs more than reading a clause: never for an error another reading replaces)."""
    if error.unknown_card and not error.suggestions:
        error.suggest(b.cards.suggest(error.unknown_card))
    return error


def _telling(whole: SituationError, parts: SituationError) -> SituationError:
    """The error to show when neither reader reads a clause: a question first, then an unknown card (the
    answer names it, and a front end with a card source looks it up), the whole-clause reader's only when
    its "card" is plausibly a name (no reader word in it: never "library has 2 left")."""
    if _part_of_said(whole, parts):  # "Jace" of "Jace, Memory Adept": the whole name is the one to look up
        return whole
    if isinstance(parts, Ambiguity) or parts.unknown_card:
        return parts
    if "too large" in whole.message or "engine can carry out" in whole.message:  # a phrase read the fact and
        # found its number too large, or an ability the engine can't carry out: say that
        return whole
    if whole.unknown_card and not set(whole.unknown_card.lower().split()) & (reader_words() - JOINERS):
        return whole
    return parts


def _read_whole(b: Builder, clause: str, subject: str, verb: str, state: dict[str, object]) -> None:
    """The clause read by the phrase table: whole first (an ending some phrase reads itself stays: "it's team
    A's draw step on turn 1"), then without the modifiers that qualify it ("... in Two-Headed Giant")."""
    try:
        if not _leading_with(b, clause, subject):
            _parse_parts(b, clause, subject, 0, verb)
    except SituationError:
        b.restore(state)
        stripped = _strip_modifiers(b, clause)
        if stripped == clause:
            raise
        if not _leading_with(b, stripped, subject):
            _parse_parts(b, stripped, subject, 0, verb)


def _leading_with(b: Builder, clause: str, subject: str) -> bool:
    """ "With 2 cards in library I cast Brainstorm": the rest is read first, the "with" part is then
    something its subject has."""
    m = re.match(r"^with\s+(.+)$", clause, re.I)
    if not m or _whole_phrase(b, clause):
        return False
    words = m.group(1).replace(",", " , ").split()
    for k in range(1, len(words)):
        head, rest = " ".join(words[:k]).strip(" ,"), " ".join(words[k:]).strip(" ,")
        if rest and _whole_phrase(b, rest):
            who, _ = _parse_parts(b, _commas(rest), subject, 0)
            _parse_parts(b, _commas(head), who, 0, "" if _read_alone(b, head) else "has")
            return True
    return False


def _commas(text: str) -> str:
    """Put back the commas the word split spaced out, so a fact quotes the player's own words."""
    return re.sub(r"\s+,", ",", text)


_OWN_VERB = re.compile(r"\b(?:is|are|was|were)\b", re.I)
_VERBS = ("has", "have", "controls", "control", "is", "am", "are", "draws", "draw", "casts", "cast")


def _said(subject: str) -> str:
    return {"You": "I", "each": "each player", "each-opponent": "each opponent", "we": "we"}.get(subject, subject)


def _parse_parts(b: Builder, text: str, subject: str, level: int, verb: str = "") -> tuple[str, str]:
    """Read ``text`` whole, or split it (commas first, then "while", "and", "with") carrying the subject, and
    the verb when a part has none ("opponent has 3 cards in hand and 2 in library"); returns (subject, verb)
    for the next part."""
    said = _said(subject)
    # a part that goes on with the previous part's subject and verb is read that way first ("I have 1 card in
    # my deck and Jace on the battlefield"), then alone, then with the subject only
    # ... but not a part with a verb of its own: "my opponent has 2 cards left and Howling Mine is out" gave the
    # opponent the Mine ("Opponent has Howling Mine is out")
    carried = verb and not _OWN_VERB.search(text)
    attempts = ([f"{said} {verb} {text}"] if carried else []) + [text, f"{said} {text}"]
    for attempt in attempts:
        actor = _try(b, attempt, subject, text)
        if actor is not None:
            words = attempt.split()
            next_verb = next((w for w in words[1:4] if w.lower() in _VERBS), verb)
            return actor, next_verb
    first_error: SituationError | None = None
    for lvl in range(level, len(_SEPARATORS) + 1):
        parts = [p for p in _SEPARATORS[lvl].split(text) if p.strip()] if lvl < len(_SEPARATORS) else []
        if lvl < len(_SEPARATORS) and len(parts) < 2:
            continue  # no separator of this level: nothing to try, nothing to undo
        state = b.snapshot()
        try:
            if lvl == len(_SEPARATORS):
                return _with_split(b, text, subject, verb)
            if len(parts) > 1:
                current, next_verb = subject, verb
                for part in parts:
                    current, next_verb = _parse_parts(b, part.strip(), current, lvl + 1, next_verb)
                return current, next_verb
        except RuleRefusal:
            raise
        except SituationError as exc:
            # Another split may read it ("I control Jace, Wielder of Mysteries and have no cards"): try it.
            b.restore(state)
            if first_error is None or (isinstance(exc, Ambiguity) and not isinstance(first_error, Ambiguity)):
                first_error = exc
    if first_error is not None:
        raise first_error
    _fail(b, text)
    return subject, verb


_LOYALTY_TAIL = re.compile(r"^\w+ loyalty\b", re.I)
_AT_LIFE = re.compile(r"\s+(?=at -?\w+ life$)", re.I)
_WHOSE_TAIL = re.compile(r"^(?:my|his|her|their|your|our|[\w\-]+'s)\s", re.I)


def _with_split(b: Builder, text: str, subject: str, verb: str) -> tuple[str, str]:
    """The last splits: "X with Y" (Y is something X's subject has) and "X at 3 life" (the subject's life)."""
    head, tail = (_WITH.split(text, maxsplit=1) + [""])[:2]
    if head.strip() and tail.strip() and _LOYALTY_TAIL.match(tail.strip()):
        # "Jace, Wielder of Mysteries with 8 loyalty counters": the counters are the planeswalker's, not a card
        who, next_verb = _parse_parts(b, head, subject, len(_SEPARATORS), verb)
        counters_said(b, tail)
        return who, next_verb
    for rx, tail_verb in ((_WITH, "has"), (_AT_LIFE, "is")):
        head, tail = (rx.split(text, maxsplit=1) + [""])[:2]
        if tail.strip() and head.strip():
            who, head_verb = _parse_parts(b, head, subject, len(_SEPARATORS), verb)
            if rx is _AT_LIFE and who != subject and not _opens_with_player(b, head):
                _whose_life(b, text, tail, subject, who)
            said, _ = _parse_parts(b, tail, who, 0, "" if _read_alone(b, tail) else tail_verb)
            # "I cast X with opp's Sheoldred out, at 3 life": the with-part is the head's; the clause goes on
            # with the head's player (it went on with the Sheoldred's controller, who got the 3 life)
            return (who, head_verb) if rx is _WITH else (said, tail_verb)
    _fail(b, text)
    return subject, verb


_PLAYER_OPENING = re.compile(r"^(?:i|i'm|im|me|my opponent|opponent|opp|he|she|they|we|you|each|every|both|all)\b",
                             re.I)


def _opens_with_player(b: Builder, text: str) -> bool:
    first = text.strip().split(" ", 1)[0].lower().strip(",")
    return bool(_PLAYER_OPENING.match(text.strip())) or first in {n.lower() for n in b.players}


def _whose_life(b: Builder, text: str, life: str, subject: str, owner: str) -> None:
    """ "I cast Brainstorm with Sheoldred on opp's side at 3 life": the life follows a player said only as whose
    side or card it is, in a clause about another player: whose life it is is asked, never guessed (it went to
    the Sheoldred's controller, and "am I dead?" was answered No)."""
    options = [subject, owner] if subject not in GROUPS and not subject.startswith("team:") else [owner]
    if len(options) < 2:
        return
    raise Ambiguity(f"Who is {life.strip()}?", life.strip(), text,
                    [(f"{'You are' if p == 'You' else p + ' is'} {life.strip()}",
                      f", {'I am' if p == 'You' else p + ' is'} {life.strip()}") for p in options])  # said once


def _read_alone(b: Builder, part: str) -> bool:
    """ "opp casts X with my Thief out": a with-part that says whose it is is read alone, never as "Opponent
    has my Thief" (which says the opponent controls it); so is one that puts a card out without saying whose."""
    return bool(_WHOSE_TAIL.match(part)) or _says_no_owner(b, part)


_OWNERS = frozenset({Tok.ME, Tok.PLAYER, Tok.NAME, Tok.POSS, Tok.OWNED})


def _says_no_owner(b: Builder, text: str) -> bool:
    """ "With Notion Thief on board, opp casts Brainstorm", "opp casts X with Thief out": cards on the
    battlefield whose controller the words don't say are not the clause's subject's (that would be a silent
    guess); read alone, their controller is asked for when it changes the answer. A zone count or a card in
    hand ("with 2 cards in library") stays the subject's."""
    kinds = {t.kind for t in tokenize(text, b.cards)}
    return Tok.PLACE in kinds and Tok.CARD in kinds and not kinds & (_OWNERS | {Tok.ZONE})


def _fail(b: Builder, clause: str) -> None:
    error = b.last_error
    if error is not None:
        raise error  # the closest card names are added once the error is final (``_with_suggestions``)
    close = process.extract(clause, _EXAMPLES, scorer=fuzz.token_set_ratio, limit=3)
    raise SituationError(
        f"I didn't understand “{clause}”",
        clause,
        "a fact such as a zone size, a permanent someone controls, a life total, whose turn or "
        "step it is, or what happens now",
        [c[0] for c in close],
    )

