"""The building blocks of the phrase table: a ``Phrase`` (one kind of fact, its templates, what it does) and the
pieces its templates are written with (a player, a number, a possessive, a zone...). Why a module of its own: both
halves of the table (``phrases_state``: the state of the game; ``phrases``: what happens) are written with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.situation.attach import Ctx
from engine.vocabulary import aliases as mechanic_aliases


@dataclass(frozen=True)
class Phrase:
    """One kind of fact: the templates that say it, and what it does to the scenario."""

    topic: str
    templates: tuple[str, ...]
    apply: Callable[[Ctx, dict[str, str]], None]
    example: str
    more: tuple[str, ...] = ()  # other phrasings of the same fact, shown in the reference and tested


MULTI = (
    r"my opponent|the opponent|your opponent|my teammate|my partner|each player|each opponent|all players|"
    r"every opponent|all opponents|both players|both of us|each of us|all of us|we both|we all|"
    r"team [a-z0-9]|player \d{1,2}|opponent \d{1,2}"
)
P = rf"(?P<player>{MULTI}|[\w'\-]+)"
# "on his turn", "during my upkeep": when the cast happens, never its target
_TIME_WORDS = r"[\w'’]+ (?:turn|upkeep|end step|draw step|main|main phase|combat|end)\b"
N = r"(?P<n>(?!again\b|more\b|too\b)-?[\w^*,]+(?: (?:thousand|million|billion))?)"
NAME = rf"(?:{MULTI}|[\w'\-]+)"
POS = rf"(?P<player>(?:{MULTI}|[\w\-]+)'s|my|your|his|her|their|our)"
POS2 = r"(?:my|your|his|her|their|our|[\w\-]+'s)"
ZONE = r"(?P<zone>library|deck|hand|graveyard|libraries|decks|hands|graveyards|yard|memory)"
MEM = r"(?: into (?:my |their |his |her )?(?P<mem>memory|hand))?"
EMPTY = r"(?P<empty> from (?:an |my |their |his |her |the )?empty (?:library|deck))?"
LOYALTY = (r"(?P<loyalty>[+−-]\d{1,2}|0|ultimate|ult|ulti)(?: ability)?"
           r"(?: (?:targeting|on|at) (?P<target>(?!\d)[\w'’]+(?: [\w'’]+)?))?")
NOT = (r"(?P<neg>don't |doesn't |do not |does not |won't |will not )?(?:(?:chooses?|decides?|wants?) "
       r"(?P<neg2>not )?to |will )?")
MECH = "(?P<mech>" + "|".join(re.escape(a) for a in mechanic_aliases()) + ")"
