"""Normalising text before it is read: Unicode, quotes, invisible characters.

Why first: every later stage can assume plain ASCII punctuation and no invisible characters.
"""

from __future__ import annotations

import unicodedata

_CLEAN = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\t": " "})


def normalize(text: str) -> str:
    """NFKC, curly quotes straightened, control and zero-width characters removed."""
    text = unicodedata.normalize("NFKC", text).translate(_CLEAN)
    return "".join(ch for ch in text if ch in "\n" or unicodedata.category(ch)[0] != "C")


