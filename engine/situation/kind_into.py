""" "Opp casts an instant into my Rhystic Study": a spell said by its kind, cast "into" a permanent, rewritten as
"... casts an instant with my Rhystic Study out", which the phrase table reads.

Why: the token reader's "cast into" (``board._cast_into``) takes a spell by its name ("Brainstorm into a Spirit of
the Labyrinth"); a spell said by its kind (engine.stand_ins) is no card name, so the whole clause was refused
("I didn't understand “casts”"). The rewrite applies only when the words before "into" say a spell by its kind.
"""

from __future__ import annotations

import re

from engine.stand_ins import stand_in_name

_INTO = re.compile(r"\b(?P<verb>casts?) (?P<spell>(?:an?|another|one) [\w -]{1,60}?) into (?P<permanent>(?:my|his|her|"
                   r"their|your|our|[\w-]+'s) [\w' ,-]{2,60}?)(?=(?: and| but| then| who| while)\b|[.;!?,]|$)", re.I)


def kinds_cast_into(text: str) -> str:
    """The text with "casts <a kind of spell> into <a permanent>" said as "... with <the permanent> out"."""
    def said(m: re.Match[str]) -> str:
        if stand_in_name(m.group("spell")) is None:
            return m.group(0)
        return f"{m.group('verb')} {m.group('spell')} with {m.group('permanent')} out"

    return _INTO.sub(said, text)
