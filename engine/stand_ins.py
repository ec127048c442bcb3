""" "Opp casts a noncreature spell": a spell said by its kind, not its name, cast as a stand-in.

Why: a player asking about Rhystic Study or Mystic Remora rarely names the spell that triggered it ("opp casts
a spell, doesn't pay the 1"), and the reader refused such a story as "not a card I know". The spell's casting is
what the question is about; what the spell itself does is not. So the stand-in is a card with no text of its own:
it is cast (601.2), what triggers on its casting triggers (603.2), and the answer says that its own effect is not
judged. What it is must fit what was said: a trigger that asks for a kind of spell the words leave open ("a spell"
and Mystic Remora's "noncreature spell") is a question to the player (``SpellKindNeeded``), with the kinds to
click, never a guess.

A stand-in's name is its kind in words ("an unnamed noncreature spell"): a name no player types as a card, read
back here by ``stand_in``, so a scenario in JSON can name one too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card, CardDB
from engine.effects import SpellText
from engine.errors import ScenarioError
from engine.mana_value import ManaValueCondition, condition_of
from engine.number_words import NUMBER_WORDS

SPELL_TYPES = ("artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker", "battle", "kindred")

# the type sets a spell is judged among: one card type, or the common pairs ("artifact creature")
_POSSIBLE: tuple[frozenset[str], ...] = tuple(frozenset(s) for s in (
    {"creature"}, {"instant"}, {"sorcery"}, {"artifact"}, {"enchantment"}, {"planeswalker"}, {"battle"},
    {"artifact", "creature"}, {"enchantment", "creature"}, {"kindred", "instant"}, {"kindred", "sorcery"}))

_TYPE = r"(?:non-?)?(?:artifact|creature|enchantment|instant|sorcery|planeswalker|battle|kindred|tribal)"
# "a spell", "a noncreature spell", "an instant", "an instant or sorcery", "a non-creature artifact spell"
_SAID = re.compile(rf"(?:an?|one|another|some|any) (?:(?:random|other) )?(?P<kind>(?:{_TYPE}(?: or | ))*{_TYPE}|"
                   rf"(?:{_TYPE}(?: or | ))*) ?(?P<spell>spell)?(?: with flash)?", re.I)
_NAME = re.compile(r"an unnamed (?P<kind>[a-z -]*?) ?spell(?: with (?P<mv>mana value [a-z0-9 ]+))?")  # its own name
# "two spells", "3 noncreature spells", "multiple instants": several casts, which one story doesn't hold
_MANY = re.compile(rf"(?:two|three|four|five|\d+|several|multiple|some|a few|a couple of|both) "
                   rf"(?:(?:{_TYPE}(?: or | ))*)(?:spells|instants|sorceries|creatures)", re.I)


def many_spells(said: str) -> bool:
    """Whether words say several spells by their kind ("two spells"): each cast is asked about on its own."""
    return _MANY.fullmatch(said.strip()) is not None


@dataclass(frozen=True)
class Kind:
    """A kind of spell as said: any of ``groups``, each a set of words ("noncreature", "artifact") all true."""

    groups: tuple[tuple[str, ...], ...]

    def possible(self) -> tuple[frozenset[str], ...]:
        """The type sets a spell of this kind may have."""
        if not self.groups:
            return _POSSIBLE
        return tuple(p for p in _POSSIBLE if any(all(_word_holds(w, p) for w in g) for g in self.groups))

    def words(self) -> str:
        return " or ".join(" ".join(g) for g in self.groups)


def _word_holds(word: str, types: frozenset[str]) -> bool:
    return word[3:] not in types if word.startswith("non") else word in types


def kind_of_words(words: str) -> Kind | None:
    """ "noncreature", "instant or sorcery", "non-creature artifact", "" (any spell): None when a word is no type."""
    words = words.lower().replace("non-", "non").replace("tribal", "kindred").strip()
    if not words:
        return Kind(())
    groups = []
    for group in words.split(" or "):
        said = tuple(group.split())
        if not said or any((w[3:] if w.startswith("non") else w) not in SPELL_TYPES for w in said):
            return None
        groups.append(said)
    return Kind(tuple(groups))


def stand_in_name(said: str) -> str | None:
    """The stand-in's name for words that say a spell by its kind ("a noncreature spell" → "an unnamed
    noncreature spell", "a 3-drop" → "an unnamed spell with mana value 3"); None for words that are not only a
    kind of spell."""
    said, value = _mana_value_said(said.strip().lower())
    m = _SAID.fullmatch(said)
    if m is None or not (m.group("spell") or m.group("kind").strip() or value and value[1]):
        return None
    kind = kind_of_words(m.group("kind"))
    if kind is None or (not m.group("spell") and not kind.groups and not (value and value[1])):
        return None
    words = kind.words()
    return f"an unnamed {words + ' ' if words else ''}spell" + (f" with {value[0].words()}" if value else "")


_NUMBER = r"\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
# "a 3-drop", "a 1-mana spell", "a three mana instant", "a 4 cmc creature": the mana value before the kind
_VALUE_BEFORE = re.compile(rf"^(?P<article>an?|one|another|some|any) (?P<n>(?:{_NUMBER})\+?)(?:-| )?"
                           rf"(?P<unit>drops?|mana|cmc|mv)\b ?(?P<rest>.*)$")
# "a spell with mana value 3 or greater", "an instant with cmc 4", "a spell with a mana value of 2 or less"
_VALUE_AFTER = re.compile(rf" (?:with|of) (?:an? )?(?:mana value|mv|cmc|converted mana cost)(?: of)? "
                          rf"(?P<cond>(?:at least |at most |less than |greater than |more than )?(?:{_NUMBER})"
                          rf"(?: or (?:greater|more|less|fewer)|\+)?)$")
_CONDITION_WORDS = (("at least ", "", " or greater"), ("at most ", "", " or less"), ("more than ", "greater than ", ""),
                    ("+", "", " or greater"))


def _mana_value_said(said: str) -> tuple[str, tuple[ManaValueCondition, bool] | None]:
    """The words without the mana value they say, and that value as a condition (with whether it stands for the
    spell's noun: "a 3-drop" is a spell)."""
    after = _VALUE_AFTER.search(said)
    if after is not None:
        cond = _condition(after.group("cond"))
        return said[:after.start()], ((cond, False) if cond else None)
    before = _VALUE_BEFORE.match(said)
    if before is None:
        return said, None
    cond = _condition(before.group("n"))
    rest = before.group("rest") or ("spell" if before.group("unit").startswith("drop") else "")
    return f"{before.group('article')} {rest}".strip(), ((cond, True) if cond else None)


def _condition(words: str) -> ManaValueCondition | None:
    for prefix, replacement, suffix in _CONDITION_WORDS:
        if prefix == "+" and words.endswith("+"):
            words = words[:-1] + suffix
        elif prefix != "+" and words.startswith(prefix):
            words = replacement + words[len(prefix):] + suffix
    number = re.match(rf"(?:(?:less|greater) than )?({_NUMBER})", words)
    if number and not number.group(1).isdigit():
        words = words.replace(number.group(1), str(NUMBER_WORDS.get(number.group(1), number.group(1))), 1)
    return condition_of(f"mana value {words}")


@lru_cache(maxsize=256)
def stand_in(name: str) -> Card | None:
    """The stand-in card a name stands for, or None: no text, its type line only when one type is certain (so
    a sorcery cast on another player's turn is refused as any sorcery is, 307.1)."""
    m = _NAME.fullmatch(name.strip().lower())
    kind = kind_of_words(m.group("kind")) if m else None
    if kind is None:
        return None
    possible = kind.possible()
    if not possible:
        return None
    only = {t for t in ("instant", "sorcery") if all(t in p for p in possible)}
    value = condition_of(m.group("mv")) if m and m.group("mv") else None
    if m and m.group("mv") and value is None:
        return None
    exact = value is not None and value.span()[0] == value.span()[1]
    return Card(name, "", (SpellText(()),), type_line=only.pop().capitalize() if only else "",
                mana_cost=f"{{{value.number}}}" if value is not None and exact else "")


def with_stand_ins(cards: CardDB, names: Iterable[str]) -> CardDB:
    """The known cards and the stand-ins among ``names`` (the same database when there are none)."""
    extra = [c for c in (stand_in(n) for n in names if n and n not in cards.cards) if c is not None]
    return cards.with_extra(extra) if extra else cards


def is_stand_in(card: Card | None) -> bool:
    return card is not None and not card.oracle and stand_in(card.name) is not None


def fits(card: Card, wanted: list[str], banned: list[str]) -> bool | None:
    """Whether a stand-in is a spell of the wanted types and none of the banned ones (603.2): True or False when
    every spell of its kind answers alike, None when the words said leave it open."""
    answers = {_fits(p, wanted, banned) for p in _kind(card).possible()}
    return answers.pop() if len(answers) == 1 else None


def _fits(types: frozenset[str], wanted: list[str], banned: list[str]) -> bool:
    return not any(b in types for b in banned) and (not wanted or any(w in types for w in wanted))


def _kind(card: Card) -> Kind:
    m = _NAME.fullmatch(card.name.lower())
    return (kind_of_words(m.group("kind")) if m else None) or Kind(())


# kinds offered to the player when a trigger's words leave the kind open, the plainest first
_OFFERED = ("creature", "noncreature", "instant or sorcery", "instant", "sorcery", "artifact", "noncreature artifact",
            "artifact creature", "enchantment", "noncreature enchantment", "planeswalker", "battle")


class SpellKindNeeded(ScenarioError):
    """A trigger on casting asks for a kind of spell the situation leaves open: the kinds to choose among, each
    as words that replace those the player said ("a spell" → "a noncreature spell"). A scenario given as JSON
    gets it as its error (the stand-in's name to give instead); a text gets a question (engine.judging)."""

    def __init__(self, spell: str, source: str, trigger_words: str, options: list[str]) -> None:
        names = [n for n in (stand_in_name(o) for o in options) if n]
        super().__init__(f"{source} triggers only on {_article(trigger_words)} {trigger_words}: say which kind of "
                         f"spell {spell} is", "action.card", " or ".join(f"“{n}”" for n in names))
        self.spell = spell
        self.source = source
        self.trigger_words = trigger_words
        self.options = options


def kind_options(card: Card, wanted: list[str], banned: list[str]) -> list[str]:
    """The plainest words for a spell of the card's kind that fits, then one that doesn't ("a noncreature
    spell", "a creature spell"): each a kind whose every spell is of the card's kind and answers alike."""
    possible = set(_kind(card).possible())
    out = []
    for answer in (True, False):
        side = {p for p in possible if _fits(p, wanted, banned) == answer}
        for words in _OFFERED:
            kind = kind_of_words(words)
            mine = set(kind.possible()) if kind else set()
            if mine and mine <= side:
                out.append(f"{_article(words)} {words}{'' if words in _BARE else ' spell'}")
                break
    return out


_BARE = {"instant", "sorcery"}  # "an instant", not "an instant spell"



_ARTICLES = {"a", "an", "one", "another", "some", "any"}
MAX_WORDS = 12  # the longest a spell said by its kind runs ("a non-creature artifact spell with mana value 3 or less")


def said_at(text: str, name: str) -> tuple[int, int] | None:
    """Where ``text`` says the stand-in ``name`` ("a spell" for "an unnamed spell", "a 3-drop" for "an unnamed
    spell with mana value 3"): the words a player's answer replaces, the longest run that names it."""
    words = list(re.finditer(r"[^\s,.;:!?()]+", text))
    for i, first in enumerate(words):
        if first.group(0).lower() not in _ARTICLES:
            continue
        for last in reversed(words[i + 1:i + MAX_WORDS]):
            if stand_in_name(text[first.start():last.end()]) == name:
                return first.start(), last.end()
    return None


def mana_value_fits(card: Card, wanted: ManaValueCondition) -> bool | None:
    """Whether a stand-in's mana value fits a trigger's condition (202.3): True or False when every spell of the
    value said answers alike, None when the words leave it open (no value said, or a range across the line)."""
    m = _NAME.fullmatch(card.name.lower())
    said = condition_of(m.group("mv")) if m and m.group("mv") else None
    return wanted.fits(said) if said is not None else None


def mana_value_options(card: Card, wanted: ManaValueCondition) -> list[str]:
    """Words for a spell of the stand-in's kind whose mana value fits the condition, then one whose doesn't
    ("an instant with mana value 3", "an instant with mana value 2")."""
    words = _kind(card).words()
    noun = words if words in _BARE else f"{words} spell".strip()
    return [f"{_article(noun)} {noun} with mana value {wanted.example(fits)}" for fits in (True, False)]


def kind_question(exc: SpellKindNeeded, text: str) -> tuple[str, list[tuple[str, str]], str] | None:
    """The question a ``SpellKindNeeded`` asks, its options (label, the text rewritten) and the words asked
    about, or None when the text doesn't say the spell in words that can be replaced."""
    at = said_at(text, exc.spell)
    if at is None or not exc.options:
        return None
    what = "What is the spell's mana value (202.3)?" if "mana value" in exc.trigger_words else \
        "What kind of spell is it?"
    question = f"{what} {exc.source} triggers only on {_article(exc.trigger_words)} {exc.trigger_words} (603.2)."
    return question, [(o, f"{text[:at[0]]}{o}{text[at[1]:]}") for o in exc.options], text[at[0]:at[1]]


def _article(words: str) -> str:
    return "an" if words[:1] in tuple("aeiou") else "a"
