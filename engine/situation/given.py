"""What a player gave beside the situation's words: the /draw options (which game, which edition of the rules).

Why data: the options used to be rewritten into words ("Grand Archive: ...", "rules 2008: ...") for the reader
to read back, so a player's own words and the bot's were mixed in one text (a question's options and a
"What if" carried the bot's words, and a contradiction between an option and the text named words the player
never typed). The reader takes a ``Situation`` and sets each given option as a fact said to come from its
option.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

DEFAULT_GAME = "mtg"
DEFAULT_EDITION = "current"


@dataclass(frozen=True)
class Situation:
    """A /draw question: the player's words, and the options given beside them (None: not given)."""

    text: str
    game: str | None = None  # "mtg" | "grand-archive"
    edition: str | None = None  # "current" | "2008" | "1999" | a CR's date

    @classmethod
    def of(cls, value: Situation | str) -> Situation:
        return value if isinstance(value, Situation) else cls(value)

    def with_text(self, text: str) -> Situation:
        """The same options with other words (an answer to the reader's question, a value said)."""
        return replace(self, text=text)

    def given(self) -> list[tuple[str, str, str]]:
        """The facts the options state, as (key, value, where it came from); a default option states nothing
        (the text may still say it, as a player would)."""
        out = []
        if self.game and self.game != DEFAULT_GAME:
            out.append(("game", self.game, "the game option"))
        if self.edition and self.edition != DEFAULT_EDITION:
            out.append(("edition", self.edition, "the edition option"))
        return out
