"""A reply: one typed answer and how it is sent (privately or not, the rules it cites, its edition).

Why apart from the answer: the answer is what is said, the same in every front end; the reply adds what only
sending needs. Its pages (Discord) and its plain text (a terminal) both come from the one renderer table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from bot.answers import Answer, Failure, Question
from bot.draw.answer import DrawAnswer
from bot.render.marks import Words, clip
from bot.render.pages import Page, as_text
from bot.render.table import pages_of, text_of


@dataclass
class Reply:
    answer: Answer
    ephemeral: bool = False
    rule_numbers: list[str] = field(default_factory=list)  # for the "show rule texts" button
    edition: str | None = None
    game: str = "mtg"
    notice: str = ""  # said before the answer (what a recovery of the cache kept or rebuilt)

    @property
    def error(self) -> bool:
        return isinstance(self.answer, Failure)

    @property
    def question(self) -> Question | None:
        """A /draw the reader could not read without asking."""
        return self.answer if isinstance(self.answer, Question) else None

    @property
    def draw(self) -> DrawAnswer | None:
        return self.answer if isinstance(self.answer, DrawAnswer) else None

    @property
    def operator(self) -> str:
        """What the bot's operator can do about it (a command to run): the log and the terminal only, never a
        player's Discord reply (a player can't run it)."""
        return self.answer.operator if isinstance(self.answer, Failure) else ""

    @cached_property
    def pages(self) -> list[Page]:
        """The reply as Discord pages."""
        pages = pages_of(self.answer)
        if not self.notice:
            return pages
        first = pages[0]
        return [Page(first.title, clip(f"⚠ {self.notice}\n\n{first.description}", 3900), first.fields, first.url,
                     first.footer, first.image), *pages[1:]]

    def as_text(self) -> str:
        """The Discord pages one after another (what a player reads, Markdown and all)."""
        return as_text(self.pages)

    def as_plain(self) -> str:
        """The same reply for a terminal (console, ``drawjudge ask``): rendered with no marks, never Markdown
        taken back out."""
        text = text_of(self.answer)
        if self.notice:
            text = f"⚠ {self.notice}\n\n{text}"
        return text + (f"\nFor the operator: {self.operator}" if self.operator else "")


def error_reply(message: str | Words, hint: str | Words = "", operator: str = "", quoted: str | Words = "") -> Reply:
    """A private error in a player's words; ``operator`` (a command to run) goes to the log and the terminal."""
    return Reply(Failure(message, hint, operator, quoted), ephemeral=True)
