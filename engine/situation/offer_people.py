"""Who acts in the situations offered for a text not read: the text's own players, never a first person it
didn't use.

Why: a report says "Alice has Notion Thief, Bob casts Brainstorm"; options about "I" would answer a story with a
player nobody told (the asker) and drop the two who were. So each option's sentences are templates over two
people, the text's: the asker ("I", when the text says I/me/my or a seat such as "the player to my left", or
names nobody) and another player (a name or seat the text gives, else "my opponent"); a text that names one
player and no "I" offers only that player's uses. Each template is conjugated for its person ("I cast", "Alice
casts"), so every option reads back as the reader reads any situation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import CardDB
from engine.errors import SituationError
from engine.situation.tokens import Tok, Token, tokenize

# a capitalised word is a player when what follows it is what players do ("Alice has", "Bob casts", "Andrew draws")
_PREDICATES = frozenset({Tok.HAVE, Tok.CAST, Tok.DRAW, Tok.DREW, Tok.MECH, Tok.DREDGE, Tok.ALREADY, Tok.MAY})
_ASKER = frozenset({"my", "mine", "i", "me", "myself", "i'm", "i've"})


@dataclass(frozen=True)
class Person:
    """A player as an option's sentence names them: subject, possessive, and the verb's ending."""

    subject: str
    possessive: str
    ending: str  # "" for I ("I cast"), "s" for any other ("Alice casts")


ME = Person("I", "my", "")
MY_OPPONENT = Person("my opponent", "my opponent's", "s")


def _named(name: str) -> Person:
    return Person(name, f"{name}'s", "s")


def players_told(clauses: Iterable[str], cards: CardDB) -> tuple[bool, list[str]]:
    """Whether the text speaks as the asker (I, me, my), and the players it names, first named first."""
    asker, names = False, []
    for clause in clauses:
        try:
            tokens = tokenize(clause, cards)
        except SituationError:
            continue
        asker = asker or any(t.kind is Tok.ME or t.kind is Tok.POSS and t.text.lower() in _ASKER or _seat(t)
                             for t in tokens)
        for token, then in zip(tokens, tokens[1:], strict=False):
            if (token.kind is Tok.NAME or _seat(token)) and then.kind in _PREDICATES and token.text not in names:
                names.append(token.text)
    return asker, names


def _seat(token: Token) -> bool:
    """ "the player to my left": a seat, named from the asker's place (so the asker plays too)."""
    return token.kind is Tok.PLAYER and str(token.value).startswith("Player ")


def people(clauses: Iterable[str], cards: CardDB) -> tuple[Person, Person | None]:
    """The two people an option names: the one who uses a card, and the other (None when the text names only
    one player and no "I": no option invents a second)."""
    asker, names = players_told(clauses, cards)
    if asker or not names:
        return ME, _named(names[0]) if names else MY_OPPONENT
    return _named(names[0]), _named(names[1]) if len(names) > 1 else None


def said_by(template: str, first: Person, other: Person | None, card: str) -> str | None:
    """The template's sentence for these people ("{a} cast{a_s} {card}." → "Bob casts Brainstorm."); None when it
    needs the other person and there is none."""
    if "{b" in template and other is None:
        return None
    second = other or first
    sentence = template.format(card=card, a=first.subject, a_s=first.ending, a_poss=first.possessive,
                               b=second.subject, b_s=second.ending, b_poss=second.possessive)
    return sentence[:1].upper() + sentence[1:]
