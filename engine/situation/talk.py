"""Table talk: a sentence of a story that tells no fact a draw could depend on ("A huge grin spread across their
face, thinking they had just reset the game").

Why a stage of its own: players tell what happened the way they would at a table, with feelings and asides
between the facts. A sentence the reader cannot read is skipped (and said) only when none of its words is of a
kind that carries a fact: no card, number, zone, life, turn or step, no draw, cast or other action, no negation
or condition ("not", "if", "instead"), no name that could be a card or a player, no word that looks like a typo
of one of the reader's own words ("upkep"), and only in a sentence long enough to be narration (a short one is
more likely a fact in words the reader lacks: "I flip the table"). Anything else it can't read is still an error
the player sees: a wrong answer is worse than a question.
"""

from __future__ import annotations

import difflib
from functools import lru_cache

from engine.cards import CardDB
from engine.situation.tokens import Tok, reader_words, tokenize
from engine.situation.typos import reader_vocabulary

# The kinds of word that carry no fact of a draw situation on their own: grammar, people, filler.
TALK_KINDS = frozenset({Tok.ME, Tok.PLAYER, Tok.POSS, Tok.HAVE, Tok.BE, Tok.SEP, Tok.FILLER, Tok.WORD, Tok.IN,
                        Tok.AT})


MIN_WORDS = 8  # narration, not a short fact in words the reader lacks
TYPO_LIKENESS = 0.8  # a word this close to one of the reader's words may be that word mistyped


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[str, ...]:
    return tuple(sorted(reader_words() | reader_vocabulary()))


def _maybe_typo(word: str) -> bool:
    word = word.lower()
    vocabulary = _vocabulary()
    return word not in vocabulary and bool(difflib.get_close_matches(word, vocabulary, n=1, cutoff=TYPO_LIKENESS))


def is_table_talk(clause: str, cards: CardDB) -> bool:
    """Whether ``clause`` is narration whose every word is of a kind that carries no fact (see above)."""
    if len(clause.split()) < MIN_WORDS:
        return False
    tokens = tokenize(clause, cards)
    return all(t.kind in TALK_KINDS for t in tokens) and not any(
        t.kind is Tok.WORD and ((t.text[:1].isupper() and t is not tokens[0]) or _maybe_typo(t.text)) for t in tokens)
