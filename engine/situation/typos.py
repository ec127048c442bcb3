"""Typos of the reader's own words ("drwa", "controll", "i brainstrom"): each word corrected to the one reader word
(or card word) it stands for, or left alone. Why a module of its own: the normalising stage calls it once per text;
the vocabulary, the distances (rapidfuzz over the whole vocabulary at once) and the rules of what may be
corrected (never a capitalised name, a contraction, or a number word by more than swapped letters) are one job.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from engine.number_words import NUMBER_WORDS
from engine.situation.gender import is_given_name


@lru_cache(maxsize=1)
def reader_vocabulary() -> frozenset[str]:
    """Every ordinary word the reader itself uses: the phrase table's templates and the lexicon."""
    from engine.question_words import TOKEN_NOUNS
    from engine.situation.lexicon import known_words
    from engine.situation.phrases import PHRASES
    from engine.situation.tokens import reader_words
    from engine.situation.used import TABLE_TALK

    # the tokens a question counts ("treasures?") are words too: a new template word ("creatures") once
    # "corrected" them into itself
    words: set[str] = set(known_words()) | {w for w in reader_words() if w.isalpha()} | \
        {f"{n}{s}" for n in TOKEN_NOUNS for s in ("", "s")} | set(TABLE_TALK)  # "two creatures": a word it skips
    for phrase in PHRASES:
        for template in phrase.templates:
            for w in re.findall(r"[a-z]{2,}\??", re.sub(r"\(\?P<\w+>", "(", template)):
                words.update((w.rstrip("?"), w[:-2]) if w.endswith("?") else (w,))
    return frozenset(w for w in words if w not in {"p", "n", "s", "w", "d"})


@lru_cache(maxsize=8)
def _sorted_words(words: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(words))


@lru_cache(maxsize=8)
def _card_only(card_words: frozenset[str], vocabulary: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(card_words - vocabulary))


@lru_cache(maxsize=4096)
def _correction(word: str, vocabulary: frozenset[str], card_words: frozenset[str]) -> str | None:
    """The one reader word a typo stands for, or None. Short words only by swapped letters ("drwa").
    Distances are computed by rapidfuzz over the whole vocabulary at once, and each word once per process:
    a long text of unknown words stays linear and fast."""
    low = word.lower()
    if len(low) < 4 or low in vocabulary or low in card_words or not low.isalpha():
        return None
    limit = 1 if len(low) < 9 else 2
    near = {v: int(d) for v, d, _ in process.extract(low, _sorted_words(vocabulary), scorer=OSA.distance,
                                                     score_cutoff=limit, limit=None)}
    best = [v for v in near if len(low) > 5 or sorted(v) == sorted(low)]
    if not best and _extra_last_key(low, vocabulary):
        best = [low[:-1]]  # "drawe": one key too many at the end of a reader word of four letters or more
    if not best:
        return _card_word_typo(low, vocabulary, card_words, limit)
    # the fewest edits, then the most letters in common ("controll" is "control", not "controls")
    closest = min(near[v] for v in best)
    best = [v for v in best if near[v] == closest]
    score = {v: fuzz.ratio(low, v) for v in best}
    top = max(score.values())
    best = [v for v in best if score[v] == top]
    if len(best) != 1 or best[0] in NUMBER_WORDS and sorted(best[0]) != sorted(low):
        return None  # a count is a fact: a number word only by swapped letters ("eigth"), never "weight"→"eight"
    if process.extractOne(low, _card_only(card_words, vocabulary), scorer=OSA.distance, score_cutoff=limit) is not None:
        return None  # as close to a card's word: the card matcher decides
    return best[0]


def _extra_last_key(low: str, vocabulary: frozenset[str]) -> bool:
    """ "i drawe 2": a short word that is a reader word of four letters or more with one more letter typed after
    it (never an "s": a plural is read as one, "howling mines")."""
    return len(low) == 5 and low[-1] != "s" and low[:-1] in vocabulary


def _card_word_typo(low: str, vocabulary: frozenset[str], card_words: frozenset[str], limit: int) -> str | None:
    """ "i brainstrom", "naset on opp's side": a typo of one card's word, where no card matcher looks (a name used
    as a verb, or a nickname); taken only as close as the card matcher takes a name (ratio 85: never "brainstone"
    for "brainstorm") and when one word alone is that close (the answer says what it read)."""
    if len(low) < 5:
        return None
    near = process.extract(low, _card_only(card_words, vocabulary), scorer=OSA.distance, score_cutoff=limit,
                           limit=None)
    close = [v for v, _, _ in near if fuzz.ratio(low, v) >= 85]
    return close[0] if len(close) == 1 else None


def _starts_sentence(text: str, at: int) -> bool:
    """Whether the word at ``at`` opens the text or a sentence (looked back over spaces only: never a copy of
    the text before it, once per capitalised word)."""
    if at == 0:
        return True
    j = at - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j >= 0 and text[j] in ".?!;:"


def fix_typos(text: str, card_words: frozenset[str], corrections: list[tuple[str, str]]) -> str:
    vocabulary = reader_vocabulary()

    def fix(m: re.Match[str]) -> str:
        word, apostrophe, tail = m.group(0).partition("'")
        if apostrophe and tail.lower() != "s":
            return m.group(0)  # a contraction ("hadn't", "they're") is never a typo of "hand"
        if word[0].isupper() and not _starts_sentence(text, m.start()):
            return m.group(0)  # a capitalised word inside a sentence is a name: never corrected
        if word[0].isupper() and is_given_name(word):
            return m.group(0)  # "Peter casts ...": a given name opening a sentence is no typo of "peer"
        fixed = _correction(word, vocabulary, card_words)
        if fixed is None:
            return m.group(0)
        corrections.append((word, fixed))
        return fixed + apostrophe + tail

    return re.sub(r"[A-Za-z]+(?:'[A-Za-z]+)?", fix, text)
