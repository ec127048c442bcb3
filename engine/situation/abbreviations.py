"""Abbreviations players type ("lib", "gy", "bf", "etb", "t1", "2hg", "edh", "abt", "wat", "X + Y = ?"): rows of
the rewrite table (``rewrites``), spliced into it in place (the order of its rows matters), kept apart so the
table of phrasings stays readable and each file small.
"""

from __future__ import annotations

ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    (r"\blibs\b", "libraries"),
    (r"\blib\b", "library"),
    (r"\bgy\b", "graveyard"),
    (r"\byard\b", "graveyard"),
    (r"\bbf\b", "battlefield"),
    (r"\betbs?\b", "enters the battlefield"),
    # "Thassa's Oracle enters, ...": entering said without where, as "etb" is
    (r"\benters\b(?! the battlefield)(?=\s*(?:[,.;!?]|$|with\b|and\b))", "enters the battlefield"),
    (r"\bt(\d{1,2})\b", r"turn \1"),
    (r"\bturn(\d{1,2})\b", r"turn \1"),
    (r"\b2 ?hg\b", "two-headed giant"),
    (r"\bedh\b", "commander"),
    (r"\bffa\b", "free-for-all"),
    (r"\bcmdr\b", "commander"),
    # chat shorthand: "question abt sotl", "wat happens", "notion thief (opp) + brainstorm (me) = ?"
    (r"\babt\b", "about"),
    (r"\b(?:wat|wut|wht)\b", "what"),
    (r"\s*=\s*\?+\s*$", ". what happens?"),
    (r"\b(?:1|one) ?v(?:s)? ?(?:1|one)\b", "1v1"),
)
