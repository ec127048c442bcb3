"""A known card's words inside a longer name: "Oracle" of "Etched Oracle" is not Thassa's Oracle.

Why: the card finder accepts a nickname ("sylvan", "notion"), the start of a name ("Laboratory", "Consecrate",
"Sphinx's") or a typo, and each of those is also a word of other cards' names ("Sylvan Advocate", "Laboratory
Drudge", "Oracle of Dust", "Notion Rain", "Sphinx's Disciple"). When the words around such a match go on as a
name, the player named another card: reading the known one would be a confident wrong answer about a card nobody
described. So the match is dropped and the whole run is what the reader reports (and the bot looks up) as a card
the data lacks. A name goes on when:

- a capitalised word the reader doesn't know stands right before or after the match, or after "of"/"the"
  ("Etched Oracle", "Notion Rain", "Oracle of Dust", "Scour the Laboratory", "Ugin, the Spirit Dragon");
- in lower case, a nickname is followed (directly or after "of") by a word that is no word of the reader's, no
  verb form and no verb before its object ("sylvan advocate", "notion rain"; not "sylvan triggers", "bowmasters
  pinged me", "does narset stop me"), or preceded by such a word after an article or a possessive ("a stormsurge
  kraken", "my etched oracle"; not "how many bowmasters", "abt sotl", "the opposing kraken").

A full name matched exactly is what the player wrote and stands ("Notion Thief Not Working"); so does a typo of
a whole name, which is matched on the longer run before any of its words.
"""

from __future__ import annotations

from collections.abc import Iterable

JOINED_BY = ("of", "the")  # small words inside a name ("Oracle of Dust", "Scour the Laboratory")
MAX_JOINERS = 2
_VERB_ENDINGS = ("s", "ed", "ing")
MIN_WORD = 3
# words players put after a card's name that are no word of it: a bug report's or a question's title ("Sheoldred
# Bug"), and table talk about what the card does ("sheo dmg", "Crawler Ping", "rhystic tax", "kraken token")
TITLE_WORDS = frozenset({"bug", "bugged", "bugs", "issue", "issues", "problem", "interaction", "ruling", "rulings",
                         "question", "help", "combo", "loop", "not", "doesn't", "isn't", "won't", "fails", "error",
                         "dmg", "damage", "ping", "tax", "taxes", "token", "tokens", "lock", "value", "deck", "pile",
                         "engine", "effect", "count", "copy", "copies", "stack", "ability", "abilities", "cost",
                         "payment", "mana", "counter", "counters", "drain", "burn", "trigger", "triggers", "etb",
                         "ltb", "activation", "opponent", "opp", "player", "players"})


def _name_word(word: str, vocabulary: Iterable[str]) -> bool:
    """A capitalised word that may be a word of a card name: letters only, no reader word, no possessive of a
    player ("Alice's Sheoldred")."""
    letters = word.replace("-", "").replace("'", "")
    return (word[:1].isupper() and letters.isalpha() and word.lower() not in vocabulary
            and word.lower() not in TITLE_WORDS and not word.lower().endswith("'s"))


def _plain_word(word: str, vocabulary: Iterable[str], verbs: bool = True) -> bool:
    """A lower-case word that may be a word of a card name: no reader word, no number, and after the match no
    verb form ("sylvan triggers"); before it, a participle may be a name's ("a stormsurge kraken", "an etched
    oracle")."""
    return (word.replace("-", "").isalpha() and word.islower() and len(word) >= MIN_WORD and word not in vocabulary
            and word not in TITLE_WORDS and not (verbs and word.endswith(_VERB_ENDINGS)))


# a word between one of these and a nickname is a word of the name ("a stormsurge kraken", "my etched oracle"),
# unless it says how the permanent is ("the opposing kraken", "my summoning sick crawler")
DETERMINERS = frozenset({"a", "an", "the", "my", "his", "her", "their", "your", "our", "opp's", "opponent's"})
ADJECTIVES = frozenset({"lethal", "new", "old", "opposing", "enchanted", "summoning", "sick", "other", "big", "little",
                        "first", "second", "last", "only", "same", "whole", "entire", "single", "lone", "poor"})


# words after a verb, never after a name: "does narset stop me", "bowmasters ping him"
OBJECTS = frozenset({"me", "him", "her", "them", "you", "us", "it", "opp", "my", "his", "their", "your", "our"})


def _past_joiners(words: list[str], at: int, step: int) -> int:
    """The position of the first word from ``at`` (going by ``step``) that is not a joiner, at most
    ``MAX_JOINERS`` of them; -1 when there is none."""
    for _ in range(MAX_JOINERS + 1):
        if not 0 <= at < len(words):
            return -1
        if words[at].lower() not in JOINED_BY:
            return at
        at += step
    return -1


def inside_longer_name(words: list[str], start: int, end: int, vocabulary: frozenset[str]) -> bool:
    """Whether the match ``words[start:end]`` (a nickname, a name's start or a typo: never a whole name) is part
    of a longer name the words go on with."""
    matched = words[start:end]
    if all(w[:1].isupper() for w in matched if w.lower() not in JOINED_BY):
        before, after = _past_joiners(words, start - 1, -1), _past_joiners(words, end, 1)
        return any(at >= 0 and _name_word(words[at], vocabulary) for at in (before, after))
    if len(matched) == 1 and matched[0].islower():
        after = _past_joiners(words, end, 1)
        return (after >= 0 and _plain_word(words[after], vocabulary) and (after == end or words[end] == "of")
                and not (after + 1 < len(words) and words[after + 1].lower() in OBJECTS)
                or start > 1 and words[start - 2].lower() in DETERMINERS
                and _plain_word(words[start - 1], vocabulary, verbs=False) and words[start - 1] not in ADJECTIVES)
    return False
