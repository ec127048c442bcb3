"""The cards a player discards to a spell that discards whole hands: "i cast windfall: i discard 3 cards and opp
discards 2", "as Windfall resolves Bob discards five cards and Alice discards four".

Why a stage of its own: "discards N" is no fact of the story on its own (a discard of N cards is an effect the
reader can't carry out), but told of a spell or ability whose effect is "each player discards their hand"
(701.9), the N cards a player discards ARE that player's hand as it resolves. Only the card data says which
effect that is (its ``discard_hand`` op and whose hand), so the words are read after the action is: each
"X discards N" is rewritten as X's hand ("X has N cards in hand"); the caster's hand is counted without the
spell, which is on the stack as it resolves (601.2a: "besides a spell"). Said of a card that discards no whole
hand (Frantic Search's "discard two cards"), or of a player whose hand it doesn't discard, the reader's own
error stands, or the words are refused by name: never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.cards import CardDB
from engine.effects import SpellText
from engine.errors import Clarification, SituationError
from engine.number_words import NUMBER_WORDS

_N = "|".join(sorted((w for w, n in NUMBER_WORDS.items() if n > 0 and w not in ("a", "an", "another")),
                     key=len, reverse=True))
# "i discard 3 cards", "opp discards 2", "Alice discards four", "he discarded 5 cards"
DISCARDS = re.compile(
    rf"\b(?P<who>i|we|he|she|they|opp|opponent|my opponent|the opponent|(?-i:[A-Z][a-z]+))\s+"
    rf"(?:discards?|discarded|discarding)\s+(?P<n>\d{{1,3}}|{_N})(?:\s+cards?)?\b(?!\s+(?:from|at random|of))",
    re.I)
_EACH = ("each_player", "each", "all")


def _hand_words(who: str, n: str, besides: bool) -> str:
    verb = "have" if who.lower() in ("i", "we", "they") else "has"
    return f"{who} {verb} {n} cards in hand" + (" besides a spell" if besides else "")


def _rewritten(text: str, said: list[re.Match[str]], besides_at: int | None) -> str:
    out, at = [], 0
    for k, m in enumerate(said):
        # "i cast windfall: i discard 3": what the spell does, told after a colon, is a fact of its own
        out.append(re.sub(r":\s*$", ", ", text[at:m.start()]))
        out.append(_hand_words(m.group("who"), m.group("n"), k == besides_at))
        at = m.end()
    out.append(text[at:])
    return "".join(out)


def _hands_discarded(cards: CardDB, action: dict[str, Any]) -> set[str]:
    """Whose hands the action's card discards whole: {"each_player"}, {"you"}, or nothing."""
    card = cards.find(str(action.get("card", "")))
    if card is None or action.get("type") != "cast":
        return set()
    return {op.who for e in card.of(SpellText) for op in e.ops if op.do == "discard_hand"}


def _attempt(read: Callable[[str], Any], text: str) -> dict[str, Any] | Clarification | None:
    """The text read (a question of its own counts as read: asked when clicked), or None when it doesn't read."""
    try:
        doc: dict[str, Any] = read(text)
    except Clarification as asked:
        return asked
    except SituationError:
        return None
    return doc


def _action(read: Callable[[str], Any], reading: dict[str, Any] | Clarification) -> dict[str, Any]:
    """The action a reading tells; of a question, the action its first option tells."""
    if isinstance(reading, Clarification):
        first = _attempt(read, reading.options[0].text) if reading.options else None
        return first.get("action") or {} if isinstance(first, dict) else {}
    return reading.get("action") or {}


def discard_reading(text: str, read: Callable[[str], Any], cards: CardDB) -> dict[str, Any] | None:
    """The text read with each "X discards N" as X's hand, when the action's card discards whole hands; None
    when the text says no such discard, or the action discards no hand (the reader's own error stands); the
    reading's own question raised."""
    said = list(DISCARDS.finditer(text))
    plain = _attempt(read, _rewritten(text, said, None)) if said else None
    if plain is None:
        return None  # no discard said, or the rest of the text doesn't read: the reader's own error stands
    action = _action(read, plain)
    whose = _hands_discarded(cards, action)
    if not whose:
        return None
    from_hand = "ability" not in action  # an activated ability's card is not in the hand
    # the caster's hand is said without the spell on the stack: the one rewriting that reads
    attempts = [a for k in range(len(said) if from_hand else 0)
                if (a := _attempt(read, _rewritten(text, said, k))) is not None]
    if len(attempts) > 1:
        return None  # the caster's words are not told apart: the reader's own error stands
    card = str(action["card"])
    if not whose & set(_EACH) and len(said) > len(attempts):  # another player's discard: not this card's
        raise SituationError(f"{card} makes only its caster discard their hand: I can't take “"
                             f"{'”, “'.join(m.group(0) for m in said)}” into account", text,
                             "the hand of each player as the spell is cast")
    doc = attempts[0] if attempts else plain
    if isinstance(doc, Clarification):
        raise doc
    _quote_typed(doc, text, cards)
    for m in said:
        doc.setdefault("assumed", []).append(
            f"“{m.group(0)}” read as that player's whole hand as {card} resolves: it discards "
            f"{'each player' if whose & set(_EACH) else 'its caster'}'s hand (701.9)")
    return doc


def _quote_typed(doc: dict[str, Any], text: str, cards: CardDB) -> None:
    """Each fact read from a rewritten clause quotes the clause the player typed (normalised) that tells the
    discards, not the rewriting: the answer shows the player's own words beside what was read from them."""
    from engine.situation.entities import card_words
    from engine.situation.normalize import normalize_text

    read = normalize_text(text, card_words(tuple(cards.names()))).text
    typed = [" ".join(c.split()) for c in re.split(r"[.;!?\n]+", read) if c.strip(" ,")]
    told = next((c for c in typed if DISCARDS.search(c)), None)
    if told is None:
        return
    for fact in doc.get("understood", []):
        words = str(fact.get("words", ""))
        if words and not any(words in c or c in words for c in typed):
            fact["words"] = told
