"""Card text quoted by the player: "I cast Wheel of Fortune (Each player discards his/her hand and draws seven
cards)" names the card and then reminds the reader what it does (in brackets, in double quotes, or introduced as
such: "with the ability: ...", "which says: ...").

Why a stage of its own, before normalising: the quoted words are the card's, not the situation's. Read as
facts they would be a second action ("draws seven cards") or words the reader cannot take into account; the
engine already acts from the card's own text. A passage in brackets is skipped only when the card it follows is
named in the same sentence and most of its words are that card's own rules text (a player's paraphrase keeps
most of them): "(3 cards left)" after a card is a fact and is read as one. What was skipped is said in the
answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cards import CardDB

_BRACKETED = re.compile(r"\s*\((?P<words>[^()]{12,400})\)")
# "Psychosis Crawler in play with the ability: Whenever you draw a card, ...", "Divination, which says: Draw two
# cards.", 'Howling Mine ("At the beginning of ...")': a card's text introduced as such, up to the sentence's end
_INTRODUCED = re.compile(r"(?:, ?)?\b(?:with the ability|with the text|which says|that says|which reads|that reads|"
                         r"whose text is|whose text says|which has the ability|that has the ability)\s*[:,]?\s*"
                         r"(?P<words>[^.!?\n]{8,400})", re.I)
_DOUBLE_QUOTED = re.compile(r' ?"(?P<words>[^"\n]{12,400})"')  # no run of spaces before: read before they collapse
# each form of quoting, the marks one of which it needs in the text (lower case), and how few words a passage may
# have to be compared (an introducer says it is card text)
_QUOTINGS: tuple[tuple[re.Pattern[str], tuple[str, ...], int], ...] = (
    (_BRACKETED, ("(",), 4), (_INTRODUCED, ("says", "reads", "ability", "text"), 2), (_DOUBLE_QUOTED, ('"',), 4))
_WORD = re.compile(r"[a-z]+")
_SENTENCE_START = re.compile(r"[.!?\n][^.!?\n]*$")
MIN_SHARED = 0.6  # share of the passage's words found in the card's rules text
MIN_WORDS = 4  # a shorter aside ("(my opponent)") carries too little to compare


@dataclass(frozen=True)
class Quoted:
    """A bracketed passage read as a card's own text: the card, and the words skipped."""

    card: str
    words: str

    def said(self) -> str:
        return f"“({self.words})” read as {self.card}'s own text, quoted: not part of the situation"


def _shared(words: list[str], oracle: str) -> float:
    own = set(_WORD.findall(oracle.lower()))
    return sum(1 for w in words if w in own) / len(words)


def _quoted_card(before: str, passage: str, cards: CardDB, min_words: int = MIN_WORDS) -> str | None:
    """The card named in ``before`` (the sentence up to the bracket) whose rules text the passage quotes."""
    start = _SENTENCE_START.search(before)
    sentence = before[start.start() + 1:] if start else before
    words = _WORD.findall(passage.lower())
    if len(words) < min_words:
        return None
    lowered = sentence.lower()
    named = [c for c in cards.names() if c.lower() in lowered]
    for name in sorted(named, key=lambda n: -lowered.rfind(n.lower())):  # the nearest card first
        card = cards.find(name)
        if card is not None and card.oracle and _shared(words, card.oracle) >= MIN_SHARED:
            return name
    return None


# "Stratus Walk (When this enters the battlefield, draw a card)": a passage in brackets after a name that opens the
# way rules text does, with no word of the player's own ("I", "my") and no question: the card's text, quoted, even
# of a card the data lacks (it is looked up by its name, and its own text read)
_RULES_TEXT = re.compile(r"^(?:when|whenever|at the beginning|each player|each opponent|target player|target opponent|"
                         r"draw|you may|as long as|if you would|players can't|\{)\b", re.I)
_OWN_WORDS = re.compile(r"\b(?:i|me|my|mine|i'm)\b|\?", re.I)
_CARD_WORDS = re.compile(r"\b(?:draws? (?:a|an|one|two|three|four|five|six|seven|x|that many|\d+) "
                         r"(?:additional )?cards?|enters|each turn|instead|you control|target|"
                         r"this (?:creature|card|enchantment|artifact|spell))\b", re.I)
_NAMED_BEFORE = re.compile(r"\b[A-Z][\w',-]*(?: (?:of|the|to|[A-Z][\w',-]*))*$")


def _rules_text_of(before: str, passage: str) -> str | None:
    """The name a bracketed passage of rules text follows, or None."""
    words = passage.split()
    if len(words) < MIN_WORDS or not _RULES_TEXT.match(passage.strip()) or _OWN_WORDS.search(passage) \
            or not _CARD_WORDS.search(passage):
        return None
    named = _NAMED_BEFORE.search(before.rstrip())
    return named.group(0) if named else None


def drop_quoted_text(text: str, cards: CardDB) -> tuple[str, list[Quoted]]:
    """``text`` without the passages (in brackets, introduced as a card's text, or in double quotes) that quote
    a card named before them, and those passages."""
    quoted: list[Quoted] = []
    low = text.lower()
    for pattern, marks, min_words in _QUOTINGS:
        if any(mark in low for mark in marks):
            text = _drop(pattern, min_words, text, cards, quoted)
            low = text.lower()
    return text, quoted


def _drop(pattern: re.Pattern[str], min_words: int, text: str, cards: CardDB, quoted: list[Quoted]) -> str:
    kept: list[str] = []
    last = 0
    for m in pattern.finditer(text):
        card = _quoted_card(text[:m.start()], m["words"], cards, min_words)
        if card is None and pattern is _BRACKETED:
            card = _rules_text_of(text[:m.start()], m["words"])
        if card is None:
            continue
        kept.append(text[last:m.start()])
        quoted.append(Quoted(card, m["words"].strip()))
        last = m.end()
    kept.append(text[last:])
    return "".join(kept)
