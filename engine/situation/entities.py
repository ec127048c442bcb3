"""Finding card names in what players type: exact names, typos, nicknames, counted copies.

Why strict: a spurious card hit puts a permanent in the story that nobody described; when unsure the finder
says None and the clause is reported, never guessed.
"""

from __future__ import annotations

import re

from rapidfuzz import utils

from engine.cards import CardDB
from engine.errors import SituationError


def _prefix_match(cards: CardDB, key: str) -> str | None:
    """Nicknames: every word typed is the start of a word of the name, in order ("lab man", "jace wielder")."""
    words = key.split()
    if not words:
        return None
    found = []
    for name in cards.names():
        name_words = utils.default_process(name).split()
        i = 0
        for w in words:
            while i < len(name_words) and not name_words[i].startswith(w):
                i += 1
            if i == len(name_words):
                break
            i += 1
        else:
            found.append(name)
    return found[0] if len(found) == 1 else None


def find_card(cards: CardDB, text: str) -> str | None:
    """A card name from what a player typed: exact, a typo or two, or a nickname; None when unsure."""
    name = re.sub(r"^(?:an?|one|the)\s+(?!apocalypse)", "", text.strip(), flags=re.I).strip(" .,'\"")
    if not name:
        return None
    card = cards.fuzzy(name, cutoff=82)
    if card is not None:
        return card.name
    key = utils.default_process(name)
    singular = re.sub(r"s$", "", key)
    for candidate in (singular,):
        exact = cards.find(candidate)
        if exact is not None:
            return exact.name
    return _prefix_match(cards, key) or (_prefix_match(cards, singular) if singular != key else None)


def match_card(cards: CardDB, text: str, clause: str) -> str:
    found = find_card(cards, text)
    if found is None:
        name = text.strip(" .,'\"")
        error = SituationError(
            f"“{name}” is not a card I know", clause, "a card name from the card data", cards.suggest(name)
        )
        error.unknown_card = name
        raise error
    return found

