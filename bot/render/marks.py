"""How each medium marks text, and how text from players and from outside is made safe to show.

Why: an answer is words and data; Discord adds its Markdown (bold, links, escapes), a terminal adds none. The
renderers write each answer once against a ``Marks`` value, so no front end writes Markdown for another to
parse back out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\*_~`|>[]()#"})
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                    "\u2066\u2067\u2068\u2069\ufeff"))


_UNPRINTABLE = {**_INVISIBLE, **dict.fromkeys(c for c in [*range(32), 127] if c != ord("\n"))}


def _printable(text: str) -> str:
    """Control, zero-width and direction characters dropped; line breaks kept (one table, in C: a character
    at a time in Python cost 2.4 s of the event loop over a burst of 3,000 answers)."""
    return text.translate(_UNPRINTABLE)


def valid_text(text: str) -> str:
    """User text made valid Unicode: a lone surrogate (an invalid byte on the command line, a broken character
    from a client) becomes U+FFFD, so it is answered as a typo instead of failing deep in the store."""
    return text.encode("utf-8", "replace").decode("utf-8")


def plain(text: str, limit: int = 300) -> str:
    """User text shown back in a reply: control, zero-width and direction characters dropped, Markdown
    escaped, mentions broken (``@\u200beveryone``), and clipped. Bot-wide AllowedMentions.none() is the
    second guard: even an unbroken mention would ping no one."""
    text = _printable(text)
    text = clip(" ".join(text.split()), limit)
    return text.translate(_MARKDOWN).replace("@", "@\u200b").replace("<#", "<\u200b#")


_OUTSIDE_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\*_~`|[]"})
_LINE_START_MARKUP = ("#", ">", "-#")


def outside(text: str, limit: int | None = None) -> str:
    """Text from outside (a rules file, Scryfall) made inert before it reaches Discord, keeping its lines:
    control and invisible characters dropped; emphasis, spoilers, code fences and masked links (``[x](url)``)
    escaped; headings and quotes at a line's start escaped; mention, channel, role and emoji markup
    (``<@1>``, ``<#1>``, ``@everyone``) broken with a zero-width space so it shows as text and pings no one."""
    text = _printable(text)
    if limit is not None:
        text = clip(text, limit)
    text = text.translate(_OUTSIDE_MARKDOWN).replace("@", "@\u200b").replace("<", "<\u200b")
    lines = text.split("\n")
    return "\n".join("\\" + line if line.lstrip().startswith(_LINE_START_MARKUP) else line for line in lines)


def said_plainly(text: str, limit: int = 300) -> str:
    """A player's words for a terminal: printable, on one line, clipped; nothing to escape."""
    return clip(" ".join(_printable(text).split()), limit)


def outside_plainly(text: str, limit: int | None = None) -> str:
    """Text from outside for a terminal: printable, its lines kept, clipped."""
    text = _printable(text)
    return clip(text, limit) if limit is not None else text


@dataclass(frozen=True)
class Said:
    """A player's words inside an answer's sentence, kept as typed: each medium shows them safely."""

    text: str
    limit: int = 300


@dataclass(frozen=True)
class Outside:
    """Text from outside (a rules file, Scryfall) inside an answer, kept as fetched."""

    text: str
    limit: int | None = None


Words = tuple[str | Said | Outside, ...]


def words(*parts: str | Said | Outside) -> Words:
    return tuple(parts)


@dataclass(frozen=True)
class Marks:
    """What one medium does to words: bold, italics, a quoted line, a link, inline code, a player's words and
    outside text made safe."""

    bold: Callable[[str], str]
    italic: Callable[[str], str]
    quote: Callable[[str], str]
    link: Callable[[str, str | None], str]
    code: Callable[[str], str]
    said: Callable[[str, int], str]
    outside: Callable[[str, int | None], str]

    def words(self, parts: Words | str) -> str:
        """A sentence of our words with a player's words and outside text in it, each shown for this medium."""
        if isinstance(parts, str):
            return parts
        return "".join(p if isinstance(p, str) else self.said(p.text, p.limit) if isinstance(p, Said)
                       else self.outside(p.text, p.limit) for p in parts)


DISCORD = Marks(
    bold=lambda t: f"**{t}**", italic=lambda t: f"_{t}_", quote=lambda t: f"> {t}",
    link=lambda label, url: f"[{label}]({url})" if url else label, code=lambda t: f"`{t}`",
    said=plain, outside=outside)

TERMINAL = Marks(
    bold=lambda t: t, italic=lambda t: t, quote=lambda t: f"> {t}", link=lambda label, url: label,
    code=lambda t: f"“{t}”", said=said_plainly, outside=outside_plainly)
