"""The language reference: generated from the reader's own tables, so the README and /help cannot drift.

Why generated: the phrase table (one-fact templates), the token table (the words the reader knows, by kind),
the atom table (the pieces facts are built from, in any order) and the question forms are what the reader
reads; the reference lists them as they are (``python -m engine.situation --reference``).
"""

from __future__ import annotations

from collections import defaultdict

from engine.situation.atoms import ATOM_RULES
from engine.situation.phrases import PHRASES
from engine.situation.question import QUESTION_FORMS
from engine.situation.tokens import LEXEMES, Tok

WORDS_SHOWN = 10
# The token kinds worth showing a player (the rest are grammar: separators, fillers, "in", "is").
SHOWN = (Tok.ME, Tok.PLAYER, Tok.POSS, Tok.NUMBER, Tok.EMPTY, Tok.LEFT, Tok.ZONE, Tok.PLACE, Tok.OWNED, Tok.LIFE,
         Tok.STEP, Tok.SIDE, Tok.FOR_TURN, Tok.FORMAT, Tok.HAVE, Tok.DRAW, Tok.DREW, Tok.CAST, Tok.TARGET, Tok.MECH,
         Tok.EXTRA, Tok.STOP)


def _phrases() -> list[str]:
    lines = ["| what | example | also |", "|---|---|---|"]
    for p in PHRASES:
        also = ", ".join(f"`{x}`" for x in p.more)
        lines.append(f"| {p.topic} | `{p.example}` | {also} |")
    return lines


def _tokens() -> list[str]:
    by_kind: dict[Tok, list[str]] = defaultdict(list)
    for words, (kind, _value) in LEXEMES.items():
        by_kind[kind].append(words)
    lines = ["", "Words the reader knows, by kind (a few of each; a card's name, `[[Card]]` or nickname is a card,",
             "and a capitalised word that is no card may be a player's name):", "",
             "| kind | words |", "|---|---|"]
    for kind in SHOWN:
        shown = ", ".join(f"`{w}`" for w in sorted(by_kind[kind], key=len)[:WORDS_SHOWN])
        label = "not read past (refused)" if kind is Tok.STOP else kind.value
        lines.append(f"| {label} | {shown} |")
    return lines


def _atoms() -> list[str]:
    lines = ["", "Pieces of a fact, read in any order within a clause (`?` optional; a frame joins the pieces into",
             "facts, and a word that could change the ruling and fits no piece is refused, never skipped):", "",
             "| piece | made of |", "|---|---|"]
    lines += [f"| {kind.value} | `{pattern.replace('|', chr(92) + '|')}` |" for kind, pattern in ATOM_RULES]
    return lines


def _questions() -> list[str]:
    lines = ["", "Questions the answer leads with:", "", "| question | example |", "|---|---|"]
    seen: set[str] = set()
    for form in QUESTION_FORMS:
        if form.example not in seen:
            seen.add(form.example)
            lines.append(f"| {form.kind.value} | `{form.example}` |")
    return lines


def reference_markdown() -> str:
    """The README's reference of the language, from the reader's tables (a test keeps the README in step)."""
    return "\n".join(_phrases() + _tokens() + _atoms() + _questions())
