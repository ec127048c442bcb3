"""The reader's closed vocabulary: numbers, steps, the words that name players, and the limits of a text.

Why one module: the normaliser's typo correction, the entity finder and the phrase table must agree on which
words the reader knows; a word listed here is never taken for a player's name.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.errors import SituationError
from engine.number_words import NUMBER_WORDS
from engine.scenario_json import MAX_COUNT

MAX_TEXT = 4000
MAX_CLAUSE = 300
NOTHING_HAPPENS = "nothing happens in this situation"  # the reader's error for a story without an action

STEP_WORDS = {
    "draw step": "draw",
    "upkeep step": "upkeep",
    "untap": "untap",
    "upkeep": "upkeep",
    "draw": "draw",
    "main": "main1",
    "main phase": "main1",
    "first main phase": "main1",
    "precombat main phase": "main1",
    "combat": "combat",
    "second main phase": "main2",
    "postcombat main phase": "main2",
    "end": "end",
    "end step": "end",
    "end of turn": "end",
    "cleanup": "cleanup",
}
ME_WORDS = {"i", "me", "my", "myself", "mine", "you", "your", "yourself", "yours", "asker"}
OPPONENT_WORDS = {"opponent", "my opponent", "the opponent", "your opponent", "the opp"}
# Pronouns mean the last player mentioned (or the reader asks); a reflexive means the clause's own subject.
PRONOUNS = {"he", "she", "they", "him", "her", "them", "his", "their", "hers", "theirs", "this player",
            "that player", "the player"}
REFLEXIVES = {"himself", "herself", "themself", "themselves", "itself"}
EACH_WORDS = {
    "each player",
    "everyone",
    "everybody",
    "all players",
    "players",
    "each of us",
    "we",
    "we all",
    "both players",
    "both of us",
    "us",
    "all of us",
    "we both",
    "every player",
    "both",
}
# "we/us/our": every player of a game of two or more, but in Two-Headed Giant the asker's team
FIRST_PLURAL = {"we", "us", "our", "ours", "we both", "we all", "both of us", "each of us", "all of us", "our team",
                "my team"}
# "everyone else": each player but the asker; "someone" (not the asker): read as the opponent, and said
OTHERS_WORDS = {"everyone else", "everybody else", "all other players", "every other player", "each other player",
                "the other players", "all the other players"}
SOMEONE_WORDS = {"someone", "somebody", "someone else", "somebody else", "another player"}
TEAMMATE_WORDS = {"my teammate", "teammate", "my partner", "partner", "my team mate", "my ally", "ally"}
# Words that are never a player's name, whatever their case: function words, game words, numbers in words.
COMMON_WORDS = set("""
a about above after again against all also am an and another any are as at be because been before being
below between both but by can can't cannot could did do does doing don't down during each either else even
ever every few for from further had has have having here how if in into is isn't it it's its just least less
let like may maybe me might more most much must my neither never no nor not now of off on once one only or
other our ours ourselves out over own per please same should so some such than that the their then there
these they this those though through to too under until up upon us very was we were what when where which
while who whom whose why will with without would yes yet
our ours we us
turn library hand graveyard deck rules game nobody someone somebody anyone anybody player team step grand
archive two-headed card cards life draw draws drew drawn cast casts spell ability trigger triggers effect
top bottom first second third last next current main upkeep end cleanup combat untap phase battlefield play
opponent opponents teammate partner owner controller target targets targeting active nonactive
yes no okay ok hey hi hello judge question thanks
""".split()) | {"it", "it's", "its", "this", "that", "there", "each", "all"}
RESERVED = (OTHERS_WORDS | SOMEONE_WORDS | ME_WORDS | OPPONENT_WORDS | EACH_WORDS | FIRST_PLURAL | TEAMMATE_WORDS
            | PRONOUNS | REFLEXIVES | COMMON_WORDS)


def known_words() -> set[str]:
    """The lexicon's own words, for the normaliser's typo correction."""
    words: set[str] = set()
    for group in (ME_WORDS, OPPONENT_WORDS, PRONOUNS, REFLEXIVES, EACH_WORDS, TEAMMATE_WORDS, COMMON_WORDS,
                  set(NUMBER_WORDS), set(STEP_WORDS)):
        for phrase in group:
            words.update(re.findall(r"[a-z]{2,}", phrase))
    return words


@lru_cache(maxsize=4096)
def read_number(text: str) -> int | None:
    """A count in digits or words, or None (remembered per word: each is asked of every word of a clause)."""
    t = " ".join(text.lower().replace(",", "").split())
    if t in NUMBER_WORDS:
        return NUMBER_WORDS[t]
    if re.fullmatch(r"-?\d{1,40}", t):
        return int(t)
    if re.fullmatch(r"\d{41,}", t):
        return 10**60  # a number of any length is a number: too large, never "not a number"
    m = re.fullmatch(r"(\d{1,6})e(\d{1,6})", t)  # "1e9": scientific notation
    if m:
        return int(m.group(1)) * 10 ** int(m.group(2)) if int(m.group(2)) < 60 else 10**60
    m = re.fullmatch(r"(\d{1,3})\^(\d{1,4})", t) or re.fullmatch(r"(\d{1,3})\*\*(\d{1,4})", t)
    if m:
        base, exp = int(m.group(1)), int(m.group(2))
        return base**exp if exp * max(1, len(str(base))) < 60 else 10**60
    m = re.fullmatch(r"(\d{1,3}|a|one|two|three|ten) (thousand|million|billion)", t)
    if m:
        head = NUMBER_WORDS.get(m.group(1)) if not m.group(1).isdigit() else int(m.group(1))
        return (head or 1) * {"thousand": 10**3, "million": 10**6, "billion": 10**9}[m.group(2)]
    return None


def count(text: str, clause: str) -> int:
    n = read_number(text)
    if n is None:
        raise SituationError(f"“{text}” is not a number", clause, "a number in digits or words (3, three, a)")
    if n < 0:
        raise SituationError(f"{n} is negative", clause, "0 or more")
    if n > MAX_COUNT:
        raise SituationError(f"{text.strip()} is too large", clause, f"a number up to {MAX_COUNT:,}")
    return n

