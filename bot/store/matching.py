"""The near-miss rules shared by the store's look-ups and the in-memory index (bot/rules/index.py): which
rule numbers are nearest to an unknown one, and which glossary term a misspelt term stands for. Pure
functions, so both give the same answer to the same question."""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

_WORD_RX = re.compile(r"\w+", re.UNICODE)


def term_key(term: str) -> str:
    """Glossary terms compared without case or punctuation ("State-Based Actions" = "state based actions")."""
    return " ".join(_WORD_RX.findall(term.lower().replace("’", "'")))


def nearest_numbers(key: str, pool: list[str], limit: int = 5) -> list[str]:
    """The numbers of ``pool`` nearest to ``key``; a number that extends an existing one (121.2z) points at
    its parent first."""
    if not pool or not key:
        return []
    prefixes = [n for n in pool if key.startswith(n) and n != key]
    scored = process.extract(key, pool, scorer=fuzz.ratio, limit=limit)
    ordered = sorted(prefixes, key=len, reverse=True)[:1]
    ordered += [name for name, _score, _i in scored if name not in ordered]
    return ordered[:limit]


def closest_term(key: str, headings: list[str]) -> tuple[str | None, tuple[str, ...]]:
    """For a term matching no heading: the heading it is a near miss of ("mana valeu"), if any, and the
    headings to suggest besides it (a partial overlap only suggests)."""
    bare = [h.removesuffix("(Obsolete)").strip() for h in headings]
    best = process.extractOne(key, bare, scorer=fuzz.ratio, processor=term_key)
    loose = process.extract(key, bare, scorer=fuzz.WRatio, limit=5, processor=term_key)
    suggestions = tuple(headings[i] for _name, score, i in loose if score >= 60)
    if best is not None and best[1] >= 80:
        return best[0], tuple(s for s in suggestions if s != headings[best[2]])
    return None, suggestions
