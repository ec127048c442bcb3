"""Which lines of a split card's text belong to which half (709.1).

Why a module of its own: Scryfall gives each half's text apart (``card_faces``, joined here with
``FACE_SEPARATOR``), but a card's text can also come flattened, every line of both halves one after the other
(card files, a cache filled from another source). The reader must then tell the halves apart from the words, and
must not guess: a line given to the wrong half makes "I cast Consume" draw the card Consecrate draws. What the
words can say, by the way Oracle text is written:
  - a Fuse line ends each half (702.102) and an Aftermath line begins the second (702.127);
  - a line that names a half ("Fire deals 2 damage ...") is that half's;
  - a lone "Draw a card." line after a line that doesn't draw is the last paragraph of that line's spell (a
    cantrip), never the start of a half;
  - one line per half.
The halves are told when exactly one way of cutting the lines fits all of that; otherwise the text is reported as
not understood, its lines named.
"""

from __future__ import annotations

import itertools
import re

from engine.cards import FACE_SEPARATOR

# "Draw a card." / "Draw two cards.": the cantrip paragraph that ends a spell's text
_CANTRIP = re.compile(r"draw (?:a|an|one|two|three|four|\d+) cards?\.", re.I)
MAX_LINES = 12  # more lines than any split card has: the cuts are not searched


def split_halves(name: str, oracle: str, type_line: str) -> list[tuple[str, str, str]] | None:
    """A split card's halves (709.1), each (name, text, type line); None when the text doesn't say which lines
    belong to which half."""
    names = [n.strip() for n in name.split("//")]
    types = [t.strip() for t in type_line.split("//")]
    if len(names) != len(types):
        names = [f"half {i + 1}" for i in range(len(types))]
    if FACE_SEPARATOR in oracle:
        texts: list[str] | None = oracle.split(FACE_SEPARATOR)
    else:
        texts = _by_markers(oracle.split("\n"), len(types)) or _by_words(oracle.split("\n"), names)
    if texts is None or len(texts) != len(types):
        return None
    return list(zip(names, texts, types, strict=True))


def _by_markers(lines: list[str], halves: int) -> list[str] | None:
    """Fuse lines ending each half, an Aftermath line beginning the second, or one line per half."""
    after = [i for i, line in enumerate(lines) if line.lower().startswith("aftermath")]
    fuse = [i for i, line in enumerate(lines) if line.lower().startswith("fuse")]
    if len(fuse) == halves and fuse[-1] == len(lines) - 1:  # each half ends with its Fuse line
        return ["\n".join(lines[a + 1:b + 1]) for a, b in zip([-1, *fuse[:-1]], fuse, strict=True)]
    if halves == 2 and len(after) == 1 and after[0] > 0:
        return ["\n".join(lines[:after[0]]), "\n".join(lines[after[0]:])]
    if len(lines) == halves:
        return lines
    return None


def _by_words(lines: list[str], names: list[str]) -> list[str] | None:
    """The one way of cutting the lines into the halves, in order, that fits what the lines say: a line naming a
    half is in it, a lone cantrip line is not the first of a half. None when no cut or several fit."""
    if len(lines) > MAX_LINES or len(lines) < len(names):
        return None
    owner = [_named_half(line, names) for line in lines]
    ends = {i for i in range(1, len(lines)) if _cantrip_after(lines, i)}  # the last line of the spell before
    fitting = []
    for cuts in itertools.combinations(range(1, len(lines)), len(names) - 1):
        bounds = [0, *cuts, len(lines)]
        if ends & set(cuts) or any(i + 1 not in bounds for i in ends):
            continue
        half_of = [h for h in range(len(names)) for _ in range(bounds[h], bounds[h + 1])]
        if all(o is None or o == h for o, h in zip(owner, half_of, strict=True)):
            fitting.append(["\n".join(lines[bounds[h]:bounds[h + 1]]) for h in range(len(names))])
    return fitting[0] if len(fitting) == 1 else None


def _cantrip_after(lines: list[str], i: int) -> bool:
    """A lone "Draw a card." after a line that doesn't draw: the cantrip that ends the spell of that line (two
    lone draw lines in a row may each be a half of their own, so neither tells)."""
    return bool(_CANTRIP.fullmatch(lines[i].strip())) and not re.search(r"\bdraws?\b", lines[i - 1], re.I)


def _named_half(line: str, names: list[str]) -> int | None:
    """The half a line names by its name ("Fire deals 2 damage"), when it names exactly one."""
    named = [i for i, n in enumerate(names) if len(n) >= 2 and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", line)]
    return named[0] if len(named) == 1 else None
