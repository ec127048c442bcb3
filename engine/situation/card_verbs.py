"""A spell's name used as an inflected verb: "opp peers me", "i wheeled", "he brainstormed", "bob plagiarized me",
"opp is probing me" (never "opp's probe": a possessive).

Why a stage of its own: players turn the spell they cast into a verb, inflected like any verb and shortened to
the first word of its name ("peer" for Peer into the Abyss). The reader already takes a player followed by a
spell's whole name or nickname as casting it ("I brainstorm", "i gitaxian probe him"); this stage gives it that
form: the verb's inflection taken off ("-s", "-ed", "-ing", a doubled consonant, a dropped "e"), and a stem that
is the first word of exactly one spell's name written as the name. Only right after a player (the verb's place),
only a word the reader doesn't know itself, and only a stem that names one spell or a kind of draw ("wheel"):
anything else is left as typed, for the reader's own error to name it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from rapidfuzz import utils

from engine.cards import CardDB
from engine.situation.entities import aliases, last_words
from engine.situation.lexicon import COMMON_WORDS
from engine.vocabulary import mechanic

_VERB_AT = re.compile(r"\b(?P<who>i|we|you|he|she|they|opp|opponent|my opponent|(?-i:[A-Z][a-z]+))"
                      r"(?P<gap>(?:'m|'re)?\s+(?:(?:just|then|also|already|now|is|was|am|are)\s+)?)"
                      r"(?P<verb>[a-z]{4,})\b",
                      re.I)
_INFLECTIONS = ("ing", "in'", "ed", "es", "s", "d")


def _stems(word: str) -> Iterator[str]:
    """The word itself, then each form it may be inflected from ("probing": probe; "wheeled": wheel;
    "plagiarized": plagiarize; "stopped": stop)."""
    yield word
    for suffix in _INFLECTIONS:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[:-len(suffix)]
            yield base
            yield base + "e"
            if len(base) > 3 and base[-1] == base[-2]:
                yield base[:-1]


def _spell_named(stem: str, cards: CardDB, is_spell: Callable[[str], bool]) -> str | None:
    """The one spell whose whole name, nickname or first word ``stem`` is."""
    card = cards.find(stem)
    if card is not None:
        return card.name if is_spell(card.name) else None
    alias = aliases().get(stem)
    if alias is not None:
        return alias if is_spell(alias) else None
    named = last_words().get(stem, ())
    if len(named) == 1:  # "probing": Gitaxian Probe's last word
        return named[0] if is_spell(named[0]) else None
    if stem in COMMON_WORDS:
        return None
    opening = [name for name in cards.names() if utils.default_process(name).split()[0] == stem]
    return opening[0] if len(opening) == 1 and is_spell(opening[0]) else None


def card_verbs(text: str, cards: CardDB, is_spell: Callable[[str], bool], known: frozenset[str]) -> str:
    """``text`` with each spell used as a verb after its player written as the spell's name (or the kind of
    draw's word: "i wheeled" → "i wheel"); ``known`` is the reader's own vocabulary, never rewritten."""
    def verb(m: re.Match[str]) -> str:
        word = m.group("verb")
        low = word.lower()
        if low in known or word != low:
            return m.group(0)
        for stem in _stems(low):
            if stem == low and (mechanic(stem) is not None or cards.find(stem) is not None or stem in aliases()):
                return m.group(0)  # the reader takes these as they are
            if mechanic(stem) is not None:
                return f"{m.group('who')}{_gap(m)}{stem}"
            name = _spell_named(stem, cards, is_spell)
            if name is not None and not _name_goes_on(name, text[m.end():]):
                return f"{m.group('who')}{_gap(m)}{name}"
        return m.group(0)

    return _VERB_AT.sub(verb, text)


def _name_goes_on(name: str, after: str) -> bool:
    """Whether the words after the verb go on with the name ("opp gitaxian probes me"): the reader reads it whole."""
    rest = utils.default_process(name).split()[1:]
    nxt = re.match(r"\s+([A-Za-z]+)", after)
    return bool(rest and nxt and nxt.group(1).lower()[:3] == rest[0][:3])


def _gap(m: re.Match[str]) -> str:
    """The words between the player and the verb, without "is"/"was" ("opp is probing me": opp probes me)."""
    return re.sub(r"^(?:'m|'re)|\s+(?:is|was|am|are)(?=\s)", "", m.group("gap"))
