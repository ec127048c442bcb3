"""Reading clauses: each sentence split into facts, tried whole first, then split with its subject carried.

Why: players chain facts ("I have 1 card and draw 2", "opponent has 3 cards in hand and 2 in library"); the
subject and the verb of one part carry to the next part that names none.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rapidfuzz import fuzz, process

from engine.errors import SituationError
from engine.situation.attach import Builder, Ctx, resolve_player
from engine.situation.lexicon import count
from engine.situation.phrases import _COMPILED, _EXAMPLES, MULTI, POS, _format, _step, _turn_of


def _clauses(text: str) -> list[str]:
    parts = re.split(r"[.;!?\n]+(?:\s+|$)|[.;!?\n]+", text)
    return [" ".join(p.split()) for p in parts if p and p.strip(" ,")]


def _try(b: Builder, clause: str, subject: str) -> bool:
    body = clause.strip(" ,:").rstrip(".")
    for phrase, rx in _COMPILED:
        m = rx.fullmatch(body)
        if not m:
            continue
        try:
            phrase.apply(Ctx(b, clause, subject), {k: v for k, v in m.groupdict().items() if v})
        except SituationError as exc:
            if "not a card I know" in exc.message or "not a player I know" in exc.message:
                b.last_error = exc
                continue
            raise
        return True
    return False




def _subject_of(clause: str) -> str | None:
    """The player a part speaks of, carried to following parts that name none ("I have 1 card and draw 2")."""
    low = clause.lower().replace("'", "'")
    for phrase in sorted(MULTI.split("|"), key=len, reverse=True):
        if "\\" not in phrase and "[" not in phrase and low.startswith(phrase + " "):
            return phrase
    words = low.split()
    if not words:
        return None
    if words[0] in ("i", "my", "me"):
        return "i"
    if words[0] == "opponent":
        return "opponent"
    return None


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
        re.compile(r"\s+while (?:casting|i(?:'m| am) casting|they(?:'re| are) casting) (?:a |another )?spell$", re.I),
        lambda b, m, c: b.top.__setitem__("while_casting", True),
    ),
)
_SEPARATORS = (re.compile(r",\s*(?:and\s+|then\s+)?|\s+then\s+", re.I), re.compile(r"\s+and\s+(?:then\s+)?", re.I))


_LEADING: tuple[tuple[re.Pattern[str], Callable[[Builder, re.Match[str], str], None]], ...] = (
    (
        re.compile(r"^(?:under|with|using) (?:the )?(?P<ed>2008|1999|current) (?:rules|edition),? ", re.I),
        lambda b, m, c: b.set("*", "edition", m.group("ed"), c),
    ),
    (
        re.compile(rf"^(?:during|in|on) {POS} (?P<step>upkeep|draw step|end step|main phase|turn),? ", re.I),
        lambda b, m, c: (
            _step(Ctx(b, c, b.subject), {"player": m.group("player"), "step": m.group("step")})
            if m.group("step") != "turn"
            else _turn_of(Ctx(b, c, b.subject), {"player": m.group("player")})
        ),
    ),
)


def _strip_modifiers(b: Builder, clause: str) -> str:
    """Phrases that qualify the whole clause ("under the 2008 rules ...", "... in Two-Headed Giant")."""
    for rx, apply in _LEADING:
        m = rx.search(clause)
        if m and not _whole_phrase(b, clause):
            apply(b, m, clause)
            clause = clause[m.end() :]
    changed = True
    while changed:
        changed = False
        for rx, apply in _MODIFIERS:
            m = rx.search(clause)
            if m and m.start() > 0 and not _whole_phrase(b, clause):
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
    # "Alice: library 0, controls X" — a name before a colon is the subject of the rest.
    subject = b.subject
    m = re.match(r"^([\w'\- ]{1,40}):\s*(.*)$", clause)
    if m:
        head, rest = m.group(1), m.group(2)
        if _try(b, head, subject):
            clause = rest
        else:
            try:
                subject = resolve_player(b, head, subject, clause)
                b.player(subject)
                clause = rest
            except SituationError:
                pass
    if not clause.strip():
        return
    _parse_parts(b, _strip_modifiers(b, clause), subject, 0)


_VERBS = ("has", "have", "controls", "control", "is", "am", "are", "draws", "draw", "casts", "cast")


def _parse_parts(b: Builder, text: str, subject: str, level: int, verb: str = "") -> tuple[str, str]:
    """Read ``text`` whole, or split it (commas first, then "and") carrying the subject, and the verb when a
    part has none ("opponent has 3 cards in hand and 2 in library"); returns (subject, verb) for the next part."""
    said = "I" if subject == "You" else subject
    attempts = [text, f"{said} {text}"] + ([f"{said} {verb} {text}"] if verb else [])
    for attempt in attempts:
        if _try(b, attempt, subject):
            new = _subject_of(attempt)
            words = attempt.split()
            next_verb = next((w for w in words[1:4] if w.lower() in _VERBS), verb)
            return (resolve_player(b, new, subject, attempt) if new else subject), next_verb
    for lvl in range(level, len(_SEPARATORS)):
        parts = [p for p in _SEPARATORS[lvl].split(text) if p.strip()]
        if len(parts) > 1:
            current = subject
            for part in parts:
                current, verb = _parse_parts(b, part.strip(), current, lvl + 1, verb)
            return current, verb
    _fail(b, text)
    return subject, verb


def _fail(b: Builder, clause: str) -> None:
    if b.last_error is not None:
        raise b.last_error
    close = process.extract(clause, _EXAMPLES, scorer=fuzz.token_set_ratio, limit=3)
    raise SituationError(
        f"I didn't understand “{clause}”",
        clause,
        "a fact such as a zone size, a permanent someone controls, a life total, whose turn or "
        "step it is, or what happens now",
        [c[0] for c in close],
    )

