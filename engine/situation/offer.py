"""A text the reader can't read whole, answered with a question the player answers with one click.

Why: players write bug reports, reviews and stories ("Chromatic Star does not draw a card if sacrificed using
its mana ability") more often than clean situations. When the words can't be read but the text names cards the
engine knows, or tells actions it can read one at a time, a guess would be a judge answering a situation nobody
told; an error leaves the player with nothing to do. So the reader offers situations instead: each option is a
whole situation text, built from the facts it did read (life, library counts, who controls what), and either an
action the text told or a named card used the way its own abilities are used (an instant or sorcery cast, an
activated ability activated or cycled, an enters ability entering, a draw watcher on the battlefield while its
controller or an opponent draws; two cards named: one on the battlefield while the other is used). Every option
is read back before it is offered: an option the reader can't read is never shown.

The pipeline: the text's clauses sorted (``_sorted``: facts, actions, words not read) → the situations offered
(``_offers``: the actions told, then the named cards' uses) → each read back (``_readable``) → a ``Clarification``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rapidfuzz import utils

from engine.cards import Card, CardDB
from engine.effects import (
    CantLose,
    DrawProhibition,
    DrawReplacement,
    DrawStepTrigger,
    DrawTrigger,
    EventTrigger,
    MultiDrawReplacement,
    SkipDrawStep,
    SpellText,
)
from engine.errors import Clarification, Option, SituationError
from engine.situation.clauses import _clauses
from engine.situation.entities import aliases
from engine.situation.facts import is_spell
from engine.situation.lexicon import COMMON_WORDS, NOTHING_HAPPENS
from engine.situation.normalize import clean, normalize_text
from engine.situation.offer_people import Person, people, said_by
from engine.situation.question import question_sentences
from engine.situation.tokens import Tok, tokenize
from engine.situation.typos import reader_vocabulary

MAX_OFFERS = 5
QUOTED = 70  # characters of the words not read shown in the question
WHY = 160  # characters of the reader's error kept as the question's first sentence
FACTS_QUOTED = 140  # characters of the facts read (kept in every option) shown in the question
MAX_CARDS = 3  # named cards whose uses are offered (the first named)
MAX_TEXT = 1000  # a text longer than this, or of more clauses, is not read clause by clause for options
MAX_CLAUSES = 12

Read = Callable[[str], dict[str, Any]]


class Use(Enum):
    """How a card is used in the situation offered for it (as ``tests/engine/natural.py`` builds one)."""

    CAST = "cast"
    ACTIVATE = "activate"
    CYCLE = "cycle"
    ENTERS = "enters"
    WATCH = "watch"
    DRAW_STEP = "draw step"
    REPLACE = "replace"  # an optional replacement of a draw ("you may instead"), used


# each use: the card's place (left out when the facts the text told already place it), then what happens; a
# watcher twice: its controller draws, then another player. Templates over the text's two people
# (engine/situation/offer_people.py): {a} uses the card, {b} is the other player
USE_SENTENCES: dict[Use, tuple[tuple[str, str], ...]] = {
    Use.CAST: (("", "{a} cast{a_s} {card}."),),
    Use.ACTIVATE: (("{a} control{a_s} {card}.", "{a} activate{a_s} {card}."),),
    Use.CYCLE: (("", "{a} cycle{a_s} {card}."),),
    Use.ENTERS: (("", "{card} enters under {a_poss} control."),),
    Use.WATCH: (("{a} control{a_s} {card}.", "{a} draw{a_s} {draws}."),
                ("{a} control{a_s} {card}.", "{b} draw{b_s} {draws}.")),
    Use.REPLACE: (("{a} control{a_s} {card}.", "{a} use{a_s} {card}. {a} draw{a_s} {draws}."),),
    Use.DRAW_STEP: (("{a} control{a_s} {card}.", "It's {a_poss} draw step."),
                    ("{a} control{a_s} {card}.", "It's {b_poss} draw step.")),
}
# the other card of two named, on the battlefield while one is used: under the user's control, then the other's
BESIDE = ("{a} control{a_s} {card}.", "{b} control{b_s} {card}.")


def card_use(card: Card) -> Use | None:
    """The use a player most likely asks about, from the card's reading; None for a card with nothing to use."""
    spells = card.of(SpellText)
    if is_spell(card):
        return Use.CAST
    activated = [s for s in spells if s.activated]
    if activated:
        return Use.CYCLE if all(s.cost.startswith("cycling") for s in activated) else Use.ACTIVATE
    if any(isinstance(e, EventTrigger) and "enters" in e.event for e in card.effects):
        return Use.ENTERS
    return _watching(card) or (Use.CAST if spells else None)


def _watching(card: Card) -> Use | None:
    return next((use for kind, use in WATCHERS.items() if card.of(kind)), None)


def card_uses(card: Card) -> list[Use]:
    """The uses offered for a card: the most likely, then its draw watching when it has both ("{3}{U}: each player
    draws" and "whenever an opponent draws their second card": a report may be about either), then an optional
    replacement of a draw used (Abundance's "instead": the default is not to use it, a report is about using it)."""
    first, watching = card_use(card), _watching(card)
    replacing = Use.REPLACE if any(r.optional and r.zone == "battlefield" for r in card.of(DrawReplacement)) else None
    return [u for u in (first, watching if watching is not first else None, replacing) if u is not None]


def draws_watched(card: Card) -> str:
    """The draw an option shows for a watcher: enough cards to trigger it ("2 cards" for "their second card each
    turn"), else "a card"."""
    nth = max((t.condition.nth_each_turn for t in card.of(DrawTrigger)), default=0)
    return f"{nth} cards" if nth > 1 else "a card"


# a permanent that watches draws, by what it watches: a draw, or the draw step
WATCHERS: dict[type, Use] = {DrawTrigger: Use.WATCH, DrawReplacement: Use.WATCH, MultiDrawReplacement: Use.WATCH,
                             DrawProhibition: Use.WATCH, CantLose: Use.WATCH, DrawStepTrigger: Use.DRAW_STEP,
                             SkipDrawStep: Use.DRAW_STEP}


@dataclass
class Sorted:
    """The text's clauses: the facts read (in order, read together), the actions read (each alone after the
    facts), and the first words not read."""

    facts: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)

    def facts_text(self) -> str:
        return " ".join(_sentence(f) for f in self.facts)


def _sentence(words: str) -> str:
    words = words.strip(" ,")
    return words if words.endswith((".", "?", "!")) else words + "."


# where a clause not read whole is cut: commas and "and/then", and the words that open a told event ("... doesn't
# seem to trigger when opp casts Brainstorm": the cast is the action told, the complaint the words not read)
_PARTS = re.compile(r",\s*(?:and\s+|then\s+|and then\s+)?|\s+(?:and then|then|and|when|whenever|after|once)\s+",
                    re.I)


# a clause that says what the player expects or believes, never what is
_PREDICTION = re.compile(r"\b(?:i|we)(?:'m| am)? (?:think|thought|believe|guess|expect(?:ed)?|assume|"
                         r"(?:pretty |quite |fairly )?sure)\b|\b(?:should(?:n't)?|supposed to|expected to)\b", re.I)


def _sorted(text: str, read: Read, cards: CardDB) -> Sorted:
    """Each clause read after the facts before it: a fact (nothing happens), an action, or words not read. A
    clause not read whole is read by its parts ("I cast Brainstorm and then I cast Ponder")."""
    out = Sorted()
    for clause in _clauses(clean(text)):
        if question_sentences([clause]):
            # the question is asked again after the option; the facts or the action it tells are kept
            if _kind(" ".join([out.facts_text(), _sentence(clause)]), read) == "action":
                _add_action(clause, out, read)
            continue
        if _sort(clause, out, read, cards):
            continue
        # the parts read are kept; what the player expects ("I think opp loses 2 life") is no fact and no words
        # left unread: the ruling works it out
        parts = [p for p in _PARTS.split(clause) if p.strip() and not _PREDICTION.search(p)]
        out.unread += [part for part in parts if len(parts) == 1 and part == clause or not _sort(part, out, read,
                                                                                                  cards)]
    return out


def _sort(clause: str, out: Sorted, read: Read, cards: CardDB) -> bool:
    """Add ``clause`` where it belongs; False when it is not read."""
    kind = _kind(" ".join([out.facts_text(), _sentence(clause)]), read)
    if kind == "fact" and _tells_nothing(clause, cards):
        return True  # the player's prediction or what they saw ("it should trigger", "do not draw"): no fact
    if kind == "fact":
        out.facts.append(clause)
    elif kind == "action":
        _add_action(clause, out, read)
    return kind is not None


# what a fact tells: a card, a count of a zone, life, a turn or step, the game; a clause read without any of
# these ("However, the one", "do not draw a card") is the player's report of what happened, never a fact
_FACT_KINDS = frozenset({Tok.CARD, Tok.ZONE, Tok.LIFE, Tok.AT, Tok.STEP, Tok.TURN, Tok.SIDE, Tok.FORMAT, Tok.PLAYERS,
                         Tok.DREW, Tok.FOR_TURN, Tok.THIS_TURN, Tok.PLACE, Tok.EMPTY, Tok.LAST, Tok.LEFT,
                         Tok.COUNTERS, Tok.MULL, Tok.OWNED, Tok.X})


def _tells_nothing(clause: str, cards: CardDB) -> bool:
    """Whether a clause the reader reads as a fact tells none: the player's prediction, an aside (set apart
    by the normaliser), or words that carry no fact ("do not draw a card": what they saw not happen)."""
    words = normalize_text(clause).text
    try:
        return not {t.kind for t in tokenize(words, cards)} & _FACT_KINDS
    except SituationError:
        return False


def _add_action(clause: str, out: Sorted, read: Read) -> None:
    """An action after another is one story when the engine carries the two out in turn ("it's my draw step. I
    cast Brainstorm"), else an action of its own (each offered: the player says which they ask about)."""
    story = " ".join([_sentence(out.actions[-1]), _sentence(clause)]) if out.actions else ""
    if story and _kind(" ".join([out.facts_text(), story]), read) == "action":
        out.actions[-1] = story
    else:
        out.actions.append(clause)


# words a clause is joined by, not part of what it tells ("but it only draws me one card")
_JOINER = re.compile(r"^(?:(?:but|and|so|then|if|when|while|because)\b[\s,]*)+", re.I)
# an action offered says who acts or which card: a clause with neither ("the draw", "which was equal to the
# number of instants") is a fragment the reader happens to read, not an action the player told
_ACTOR = frozenset({Tok.ME, Tok.PLAYER, Tok.NAME, Tok.POSS, Tok.CARD})


def _told_action(clause: str, cards: CardDB) -> str | None:
    """The action clause as offered: its joining word left out; None for a fragment that names no actor."""
    words = _JOINER.sub("", clause).strip(" ,")
    try:
        tokens = tokenize(normalize_text(words).text, cards)
    except SituationError:
        return None
    return words if any(t.kind in _ACTOR for t in tokens) else None


def _kind(text: str, read: Read) -> str | None:
    try:
        read(text)
    except Clarification:
        return None
    except SituationError as error:
        return "fact" if error.message == NOTHING_HAPPENS else None
    return "action"


def _named(text: str, cards: CardDB, unknown: list[str]) -> list[Card]:
    """The cards the text names that the engine knows, once each, in the order named; never a card found in
    the words of a name it doesn't know ("Sylvan" of "Sylvan Safekeeper" is not Sylvan Library)."""
    found: dict[str, Card] = {}
    for clause in _clauses(clean(text)):
        try:
            tokens = tokenize(clause, cards)
        except SituationError:  # "Teferi": several cards, none named
            continue
        for token in tokens:
            card = cards.find(str(token.value)) if token.kind is Tok.CARD else None
            whole = card is not None and card.name.lower() == token.text.lower()  # never inside another name
            if card is not None and _names(token.text, card) and (whole or not any(
                    token.text.lower() in name.lower() for name in unknown)):
                found.setdefault(card.name, card)
    return list(found.values())


_ARTICLE = re.compile(r"^(?:(?:an?|one|the|his|her|their|my|your|our|its)\s+)+")


def _names(words: str, card: Card) -> bool:
    """Whether ``words`` name ``card`` for an option built on it: its name, its name before the comma, a nickname,
    or two words or more ("lab man"); never one word starting a longer name ("Spirit" of a Spirit token is not
    Spirit of the Labyrinth, "Sylvan" of Sylvan Advocate not Sylvan Library)."""
    key = _ARTICLE.sub("", utils.default_process(re.sub(r"^\[\[|\]\]$", "", words)))
    full = utils.default_process(card.name)
    return len(key.split()) > 1 or key in (full, utils.default_process(card.name.split(",")[0])) or key in aliases()


@dataclass(frozen=True)
class Cast:
    """Who the options name (the text's people: ``offer_people``) and the cards the text already places."""

    first: Person
    other: Person | None
    cards: CardDB
    placed: frozenset[str]  # the cards the facts read put on the battlefield (by any of their names)

    def named_in(self, words: str) -> set[str]:
        return {c.name for c in _named(words, self.cards, [])}

    def said(self, template: str, card: str) -> str | None:
        return said_by(template, self.first, self.other, card)


def _uses(card: Card, cast: Cast) -> list[str]:
    """The card used as its abilities are, each a situation; its place left out when the facts place it."""
    out = []
    for place, then in (sentences for use in card_uses(card) for sentences in USE_SENTENCES[use]):
        then = then.replace("{draws}", draws_watched(card))
        sentences = [cast.said(t, card.name) for t in (then,) if card.name in cast.placed or not place] or \
            [cast.said(place, card.name), cast.said(then, card.name)]
        if None not in sentences:
            out.append(" ".join(x for x in sentences if x))
    return out


def _beside(card: str, cast: Cast) -> list[str]:
    """A permanent named and not placed, on the battlefield during another's use: the user's, then the other's."""
    return [where for where in (cast.said(t, card) for t in BESIDE) if where]


def _offers(told: Sorted, named: list[Card], cast: Cast) -> Iterator[str]:
    """The situations offered, most likely first: each action the text told (with the permanents it names
    elsewhere on the battlefield: the user's, then the other's); two cards named, one on the battlefield while
    the other is used; then each card used alone. A card a told action uses is offered as told, never also
    as a card use ("opp casts Brainstorm" is not also "I cast Brainstorm")."""
    acted: set[str] = set()
    for action in told.actions:
        yield _sentence(action)
        in_action = cast.named_in(action)
        acted |= in_action
        missing = [c.name for c in named if not is_spell(c) and c.name not in cast.placed | in_action]
        for where in BESIDE if missing else ():
            places = [cast.said(where, name) for name in missing]
            if None not in places:
                yield " ".join([*(p for p in places if p), _sentence(action)])
    if len(told.actions) > 1 and not told.unread:
        return  # two actions told, each read: the player asks about one of them, not about another use
    cards = [c for c in named[:MAX_CARDS] if c.name not in acted]
    for used in cards:
        for beside in (c for c in cards if c is not used and not is_spell(c)):
            for use in _uses(used, cast):
                for where in [""] if beside.name in cast.placed else _beside(beside.name, cast):
                    yield " ".join(x for x in (where, use) if x)
    for card in cards:
        yield from _uses(card, cast)


def _placed(facts: str, cards: CardDB, read: Read) -> frozenset[str]:
    """The permanents the facts read put on someone's battlefield ("I have Sheoldred"): an option never places
    them again (never "My opponent controls Sheoldred" after "I have Sheoldred"). Facts that name a card and
    leave whose it is open ("cards like Sheoldred") place nothing: the options say whose."""
    named = frozenset(c.name for c in _named(facts, cards, []) if not is_spell(c))
    return named if named and _readable(f"{facts} I draw a card.", read) else frozenset()


def _readable(text: str, read: Read) -> bool:
    try:
        read(text)
    except SituationError:  # an option that asks again, or is not read, is never offered
        return False
    return True


# words not read that tell a fact the answer depends on (a count or a life total, a life payment, how a
# permanent is): an option without them would answer another situation, so the reader refuses, saying the words
_COUNTED = frozenset({Tok.ZONE, Tok.LIFE})
_COUNT = frozenset({Tok.NUMBER, Tok.EMPTY, Tok.LAST, Tok.LEFT})
_ARTICLES = frozenset({"a", "an", "one", "another"})
_STATE = re.compile(r"\b(?:is|are|was|were|being|stays?|remains?) (?:tapped|untapped|flipped|transformed|face[ -]down|"
                    r"phased out|a copy|a token)\b|\bnot (?:in play|on the (?:battlefield|board|field))\b", re.I)


# "howling mine is tapped", "a tapped Howling Mine": a state the engine doesn't track and that changes the answer;
# every option would drop it (each was read as untapped), so the refusal names it instead
_UNTRACKED_STATE = re.compile(r"\b(?:tapped|flipped|transformed|face[ -]down|phased out)\b", re.I)


def _tells_a_fact(words: str, cards: CardDB) -> bool:
    if _STATE.search(words):
        return True
    try:  # "a card", "one card" count nothing told: an article, not a count
        kinds = {t.kind for t in tokenize(normalize_text(words).text, cards) if t.text.lower() not in _ARTICLES}
    except SituationError:
        return True
    return Tok.PAY_LIFE in kinds or bool(kinds & _COUNTED and kinds & _COUNT)


# the reader's errors about words it could not read, which options can answer; an error about what the engine
# can't carry out (a loyalty ability it lacks, an enters ability without the cast) or about a card the story
# loses ("Notion Thief will replace the draws") is said as it is: an option would answer another situation
OFFERED_ERRORS = re.compile(rf"^(?:I can't take|I didn't understand|two actions|“[^”]{{1,80}}” is not a permanent|"
                            rf"{NOTHING_HAPPENS}$)")


def can_offer(text: str, error: SituationError) -> bool:
    """Whether ``error`` is one options answer, and ``text`` short enough to be read clause by clause for them
    (each clause is read after the facts before it): a long text gets the reader's error, at once."""
    return bool(OFFERED_ERRORS.match(error.message)) and len(text) <= MAX_TEXT and len(_clauses(text)) <= MAX_CLAUSES


def offer(text: str, error: SituationError, cards: CardDB, read: Read, question: str = "") -> Clarification | None:
    """The question for a text not read (``error`` says why; its ``maybe_cards`` are names the card data
    lacks): situations to choose from, each its whole text with the facts read and the player's ``question``
    kept; None when nothing can be offered."""
    if not can_offer(text, error) or _UNTRACKED_STATE.search(error.message):
        return None
    told = _sorted(text, read, cards)
    if any(_tells_a_fact(words, cards) for words in told.unread):
        return None
    told.actions = [a for a in (_told_action(c, cards) for c in told.actions) if a]
    named = _named(text, cards, error.maybe_cards)
    if not told.actions and not named:
        return None
    facts, options, seen = told.facts_text(), [], set()
    first, other = people(_clauses(clean(text)), cards)
    cast = Cast(first, other, cards, _placed(facts, cards, read))
    permanents = {c.name for c in named if not is_spell(c)}
    for situation in _offers(told, named, cast):
        whole = " ".join(x for x in (facts, situation, question) if x)
        if permanents - cast.named_in(whole):
            continue  # a permanent the player named is never taken out of the story
        if situation.lower() in seen or not _readable(whole, read):
            continue
        seen.add(situation.lower())
        options.append(Option(situation.rstrip("."), whole))
        if len(options) == MAX_OFFERS:
            break
    if not options:
        return None
    return Clarification(_asked(error, told), options, error.where, error.where)


def _asked(error: SituationError, told: Sorted) -> str:
    """The question: what was not read (the reader's own words for why), the facts that were, and which."""
    if not told.unread and len(told.actions) > 1:
        return (f"{_quoted(told.actions[0])} and {_quoted(told.actions[1])} are two actions, and I judge one thing "
                "happening at a time. Which one do you ask about?")
    why = error.message if len(error.message) <= WHY else f"I couldn't read {_quoted(told.unread[0])}" \
        if told.unread else error.message[:WHY].rsplit(" ", 1)[0] + "…"
    facts = f"With what I read ({_quoted(told.facts_text(), FACTS_QUOTED)}), which" if told.facts else "Which"
    return f"{why}. {facts} of these is the situation?"


def _quoted(words: str, most: int = QUOTED) -> str:
    return f"“{words if len(words) <= most else words[:most].rsplit(' ', 1)[0] + '…'}”"


# Capitalised words in a row, with the small words names have between them ("Relic of Progenitus", "Sheoldred,
# the Apocalypse"), or a Discord card bracket: words that may name a card the card data lacks
_NAME_RUN = re.compile(r"\[\[([^\[\]]{2,80})\]\]|\b([A-Z][\w'\-]*(?:(?:,? (?:of|the|and|to|from|in|a|an|for))*,? "
                       r"[A-Z][\w'\-]*)+)")
_NOT_A_NAME_START = re.compile(r"^(?:(?:when|whenever|if|so|then|and|but|my|his|her|their|your|the|a|an|i|it|"
                               r"this|that|using|with|after|before|during|on|in|at)\b[, ]*)+", re.I)
MAX_MAYBE = 4


def _trimmed(name: str) -> str:
    """The name without the words the reader knows at its ends ("Consecrated Sphinx, Player" of "Consecrated
    Sphinx, Player 2 casts")."""
    known = reader_vocabulary() | COMMON_WORDS
    words = name.strip(" ,").split()
    while words and words[-1].strip(",").lower() in known:
        words.pop()
    while words and words[0].strip(",").lower() in known:
        words.pop(0)
    return " ".join(words).strip(" ,")


def _all_known_words(name: str) -> bool:
    """ "Do I", "My Opponent": words the reader knows are never looked up as a card."""
    known = reader_vocabulary() | COMMON_WORDS
    return all(w in known for w in re.findall(r"[\w']+", name.lower()))


def maybe_cards(text: str, cards: CardDB) -> list[str]:
    """Words of ``text`` that may name a card ``cards`` lacks, first named first: two or more capitalised words
    in a row (after the words a sentence starts with), or a card in Discord's brackets."""
    found: list[str] = []
    for m in _NAME_RUN.finditer(text):
        run = m.group(1) or _trimmed(_NOT_A_NAME_START.sub("", m.group(2)))
        # "Sheoldred, the Apocalypse and Nekusar, the Mindrazor": the run, then each name it may join
        for name in [run, *(_trimmed(part) for part in run.split(" and ") if " and " in run)]:
            if m.group(2) and len(re.findall(r"\b[A-Z]", name)) < 2 or _all_known_words(name):
                continue
            if name and cards.find(name) is None and name not in found:
                found.append(name)
    return found[:MAX_MAYBE]
