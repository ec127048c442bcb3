"""Attaching facts to players: the builder that collects facts clause by clause, and who a word means.

Why fixed rules: every fact is recorded once with the words it came from (the answer shows them), a
contradiction is reported instead of silently keeping one value, and a player is never invented from a word
that is not a name. "I/me/my" is the asker; "he/she/they" the last player mentioned, or a question when two
players could be meant; "herself" the clause's own subject.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.cards import CardDB, half_said
from engine.errors import Ambiguity, SituationError
from engine.situation.builder_state import (
    APPEND_ONLY,
    CONTAINERS,
    NOT_SAVED,
    Length,
    PlayerRecord,
    copied,
    players_from,
)
from engine.situation.described import describe_action, describe_fact
from engine.situation.entities import aliases, card_list, match_card
from engine.situation.gender import agreeing
from engine.situation.lexicon import (
    EACH_WORDS,
    FIRST_PLURAL,
    ME_WORDS,
    OPPONENT_WORDS,
    OTHERS_WORDS,
    PRONOUNS,
    RESERVED,
    SOMEONE_WORDS,
    TEAMMATE_WORDS,
    read_number,
)
from engine.situation.lexicon import REFLEXIVES as REFLEXIVE_WORDS
from engine.situation.sequence import resolved_first, told_again

GROUPS = ("each", "each-opponent", "we")
# a possessive said of a player, as the word for that player ("his" → "he"): whose card, zone or spell it is
POSSESSIVE_WHO = {"my": "me", "his": "he", "her": "she", "their": "they"}


_STEP_ORDER = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")  # a turn's steps (500.1)


class Builder:
    """Collects facts clause by clause; reports contradictions instead of silently keeping one."""

    def __init__(self, cards: CardDB, text: str = "") -> None:
        self.cards = cards
        self.text = text  # the normalised text: clarifications rewrite words of it
        self.all_lowercase = text == text.lower()
        self.players: dict[str, PlayerRecord] = {}
        self.order: list[str] = []
        self.top: dict[str, Any] = {}
        self.sources: dict[tuple[str, str], str] = {}
        self.action: dict[str, Any] | None = None
        self.action_clause = ""
        self.choices: dict[str, Any] = {}
        self.subject: str = "You"
        # The most telling error of the clause being read ("not a card I know"), kept while other phrases
        # are tried, so that the final error names the card rather than "didn't understand".
        self.last_error: SituationError | None = None
        self.unowned: list[tuple[str, str]] = []
        # permanents put on a player's battlefield by a reading, not told ("I draw 2 off Sylvan Library": mine):
        # a later "I control Sylvan Library" tells the same one, never a second copy
        self.placed: list[tuple[str, str]] = []
        self.understood: list[tuple[str, str]] = []  # (fact, the words it came from)
        self.assumed: list[str] = []  # readings the reader chose (said in the answer)
        self.mentions: list[tuple[str, int]] = []  # (player, sentence index), in the order of the text
        self.sentence = 0
        self.asker_in_story = False
        self.group_facts: dict[tuple[str, str], Any] = {}  # ("each", "library") → 1
        self.group_permanents: list[tuple[str, str]] = []  # ("we", "Howling Mine"): one for each member
        self.last_cards: list[str] = []  # what "it"/"her" means where a card is expected
        self.pending_dredges: list[tuple[str, bool, str]] = []  # "I dredge" before the graveyard is told
        self.graveyard_unsaid: list[str] = []  # cards put in a graveyard whose owner was only a later player
        self.implied_action: tuple[dict[str, Any], str] | None = None  # "... instead of drawing"
        self.in_question = False  # the clause being read comes from a question ("do we draw?")
        self.action_from_question = False
        self.action_named_only = False  # the action is a spell only named ("Wheel of Fortune — ..."), not told
        self.action_by_tax = False  # the action is a spell by its kind a tax implies ("he doesn't pay for my rhystic")
        self.besides: list[tuple[str, str, str]] = []  # (player, spell, words): a hand said without that spell
        self.tapped: list[tuple[str, str]] = []  # (card, words): a permanent said to be tapped ("my Mine is tapped")
        self.uncounted: list[str] = []  # "3 lands": permanents said by a kind only, not carried (board_counts)
        self.loyalty: dict[str, tuple[int, str]] = {}  # planeswalker → (loyalty counters, words) said
        self.only_coloured: dict[str, tuple[str, str, str]] = {}  # player → (colour, card, words): devotion told

    # ---------------------------------------------------------------- transactions

    def snapshot(self) -> dict[str, Any]:
        """The state before a phrase is applied: a phrase that fails half-way leaves nothing behind. Lists the
        reader only ever appends to (what was understood and assumed, mentions) are kept as their length, so
        a snapshot costs the same at the end of a long story as at its start; other containers are copied one
        level down (their contents are strings, numbers and tuples), the players field by field."""
        state: dict[str, Any] = {}
        for key, value in self.__dict__.items():
            if key in NOT_SAVED:
                continue
            if key in APPEND_ONLY:
                state[key] = Length(len(value))
            elif key == "players":
                state[key] = copied(key, value)
            elif type(value) in CONTAINERS:  # inline: a call per field was a third of a cold reading's snapshots
                state[key] = value.copy()
            else:
                state[key] = value
        return state

    def restore(self, state: dict[str, Any]) -> None:
        """Back to ``state``; the snapshot stays usable (it may be restored again later)."""
        for key, value in state.items():
            if isinstance(value, Length):
                del getattr(self, key)[value.n:]
            elif key == "players":
                self.players = players_from(value)
            else:
                setattr(self, key, copied(key, value))

    # ---------------------------------------------------------------- facts

    def note(self, fact: str, clause: str) -> None:
        if (fact, clause) not in self.understood:
            self.understood.append((fact, clause))

    def assume(self, reading: str) -> None:
        if reading not in self.assumed:
            self.assumed.append(reading)

    def player(self, name: str) -> PlayerRecord:
        if name not in self.players:
            self.players[name] = PlayerRecord(name)
            self.order.append(name)
        return self.players[name]

    def mention(self, name: str) -> None:
        if name == "You":
            self.asker_in_story = True
        elif name not in GROUPS and not name.startswith("team:"):
            self.mentions.append((name, self.sentence))

    def set(self, who: str, key: str, value: Any, clause: str) -> None:
        """One fact, once. A fact about a group ("both players have one card left") is kept for the group
        and given to its players when they are seated: a group is never a player."""
        slot = (who, key)
        old = self.sources.get(slot)
        if old is not None:
            current = (self.top.get(key) if who == "*" else self.group_facts.get(slot)
                       if who in GROUPS or who.startswith("team:") else self.player(who).facts.get(key))
            if current != value and self._later_step_asked(key, current, value, old, clause):
                self.assume(f"“{clause}” asks about the {value} step that follows the {current} step told")
            elif current != value:
                what = key.replace("_", " ")
                by = (f"twice in “{clause}” (one thing happening at a time: say when it happens)" if old == clause
                      else f"by “{old}” and again by “{clause}”")
                raise SituationError(
                    f"contradiction: {what} {'of ' + who if who != '*' else ''} is set {by}".replace("  ", " "),
                    clause,
                    "each fact once",
                    [old],
                )
        self.sources[slot] = clause
        if who == "*":
            self.top[key] = value
        elif who in GROUPS or who.startswith("team:"):
            self.group_facts[(who, key)] = value
        else:
            self.player(who).facts[key] = value
        self.note(describe_fact(who, key, value), clause)

    def _later_step_asked(self, key: str, told: Any, asked: Any, old: str, clause: str) -> bool:
        """ "It's his upkeep ... does he lose on his draw step?": a question naming a step later in the same turn
        than the step the story told asks what happens then (the turn goes on to it, 500.1); never a step of the
        story itself, and never an earlier one."""
        order = _STEP_ORDER
        return key == "step" and self.in_question and old != clause and told in order and asked in order \
            and order.index(asked) > order.index(told)

    def _again(self, action: dict[str, Any]) -> bool:
        """ "I cast Brainstorm, then I cast Brainstorm": the same action in two statements is two casts, never
        one (a question restating the statement is read above, as what is asked). A draw step told twice ("It is
        my draw step. I draw for the turn.") is the one step: a turn has one draw step (504.1)."""
        return action == self.action and action.get("type") != "draw_step" and not (
            self.in_question or self.action_from_question)

    def set_action(self, action: dict[str, Any], clause: str) -> None:
        if self.action is not None and self.action != action and self._restated(action):
            self.note(f"asked about: {describe_action(action)}", clause)
            return  # the question restates what happens ("it's our draw step. Do we draw?")
        if self.action is not None and self.action_from_question and not self.in_question:
            self.action = None  # "Do I lose if I draw? I cast Brainstorm": the statement says what happens
        steps = {str((self.action or {}).get("type")), str(action.get("type"))}
        if "draw_step" in steps and steps & {"cast", "mechanic"}:
            # "it's my draw step, I cast Brainstorm": the step says when (after its draw, 504.1), the cast what
            if action.get("type") == "draw_step":
                return
            self.action = None
        if self.action_by_tax and action.get("type") == "cast" and action.get("player") == (self.action or {}).get(
                "player"):  # "opp doesn't pay for my rhystic, he cast Brainstorm": the spell the tax was for
            self.understood = [u for u in self.understood if u != (describe_action(self.action or {}),
                                                                   self.action_clause)]
            self.action = None
        if self._told_after_named(action):
            self.assume(f"“{self.action_clause}” read as naming the spell that “{clause}” tells")
            named = (describe_action(self.action or {}), self.action_clause)
            self.understood = [u for u in self.understood if u != named]
            self.action = None
        if self.action is not None and self.action != action and told_again(self, action, clause):
            return
        told = f"“{clause}”" if clause == self.action_clause else f"“{self.action_clause}” and “{clause}”"
        if self.action is not None and self._again(action):
            raise SituationError(
                f"the same action told twice: {told}; I judge one thing happening at a time: say whether it "
                "happens once or twice",
                clause,
                "one action, with what the first one leaves behind told as a fact ('I have drawn 3 cards this turn')",
                [self.action_clause],
            )
        if self.action is not None and self.action != action and not resolved_first(self, action, clause):
            raise SituationError(
                f"two actions: {told}; I judge one thing happening at a time: say which one you ask about",
                clause,
                "one action, with what the other leaves behind told as a fact ('I control X', 'I have drawn 1 "
                "card this turn')",
                [self.action_clause],
            )
        self.action = action
        self.action_clause = clause
        self.action_named_only = False
        self.action_by_tax = False
        self.action_from_question = self.in_question
        self.note(describe_action(action), clause)


    def _told_after_named(self, action: dict[str, Any]) -> bool:
        """ "Wheel of Fortune — my opponent cast it and ...": a spell named alone (read as cast, said) and then
        told cast by a player is one spell, the one told."""
        old = self.action or {}
        return (self.action_named_only and old.get("type") == action.get("type") == "cast"
                and old.get("card") == action.get("card"))

    def _restated(self, action: dict[str, Any]) -> bool:
        """A draw asked about in a question, by a player the action already concerns (or by anyone during a
        draw step, or after an action a statement told: "I cast Brainstorm. does he draw?" asks what the cast
        makes him do): the question is about that action, not a second one."""
        if not self.in_question or action.get("type") != "draw" or self.action is None:
            return False
        return self.action.get("type") == "draw_step" or action.get("player") == self.action.get("player") or (
            not self.action_from_question and self.action.get("type") == "cast")


@dataclass
class Ctx:
    b: Builder
    clause: str
    subject: str
    actor: str | None = None  # the first player the clause names: what "herself" means
    named_subject: str | None = None  # the clause's subject as said ("Adel"): what "his" means in its clause

    def who(self, text: str | None) -> str:
        name = resolve_player(self.b, text, self.actor or self.subject, self.clause, self.actor,
                              self.actor or self.named_subject)
        if name not in GROUPS and not name.startswith("team:"):
            self.b.player(name)
        self.b.mention(name)
        if self.actor is None:
            self.actor = name
        return name

    def card(self, text: str) -> str:
        if text.strip().lower() in CARD_PRONOUNS and self.b.last_cards:
            return self.b.last_cards[-1]
        name = _said_before(self.b, text) or match_card(self.b.cards, text, self.clause, self.b.text)
        self.b.last_cards.append(name)
        _half_named(self.b, name, text)
        return name

    def card_list(self, text: str) -> list[str]:
        """The cards a mention names; "it"/"her"/"them" is the card mentioned last ("...controls her")."""
        if text.strip().lower() in CARD_PRONOUNS and self.b.last_cards:
            return self.b.last_cards[-1:]
        names = card_list(self.b.cards, text, self.clause)
        self.b.last_cards.extend(names)
        return names


def _half_named(b: Builder, name: str, text: str) -> None:
    """ "I cast Consume": the half of a split card said by its name is the one cast (709.3), a choice said."""
    card = b.cards.find(name)
    half = half_said(card, re.sub(r"^(?:an?|the|my|his|her|their)\s+", "", text.strip(" .,'\"").lower())) \
        if card is not None and " // " in name else None
    if half is not None:
        b.choices.setdefault(f"ability:{name}", half)


def _said_before(b: Builder, text: str) -> str | None:
    """ "Can I dredge the imp?": "the" and words of one card the story already named stand for that card."""
    m = re.fullmatch(r"(?:the|that|this)\s+([\w' -]{2,40})", text.strip().lower())
    if not m:
        return None
    words = set(re.findall(r"[\w']+", m.group(1)))
    named = {c for c in b.last_cards if words <= set(re.findall(r"[\w']+", c.lower()))}
    return named.pop() if len(named) == 1 else None


CARD_PRONOUNS = {"it", "her", "him", "them", "this", "that", "this card", "that card", "it too"}


OBJECT_PRONOUNS = {"him", "her", "them"}


# pronouns that stand for the clause's own subject when it is a named third person ("Adel, during his turn, casts
# Brainstorm": Adel's turn); an object pronoun ("targeting her") never does (that would be "herself")
SUBJECT_PRONOUNS = frozenset({"he", "she", "his", "their", "they"})


_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their"})
# "her" before what a player has (a turn, a step, a zone, a life total, a card): a possessive, as "his" is; any
# other "her" ("targeting her", "makes her draw") is an object, never the clause's own subject
_HER_NOT_POSSESSIVE = re.compile(r"\b(?i:her)\b(?! (?i:(?:own |first |second |next |last )?(?:turn|upkeep|draw step|"
                                 r"main phase|end step|combat|library|hand|graveyard|deck|life)\b)|"
                                 r" [A-Z])")


def _her_possessive(clause: str) -> bool:
    return _HER_NOT_POSSESSIVE.search(clause) is None


def _third_person_subject(b: Builder, word: str, subject: str | None, clause: str) -> str | None:
    """The clause's subject, when ``word`` is a subject or possessive pronoun and the subject a named player
    other than the asker (never "I ... during his upkeep", never a group)."""
    said = re.sub(r"'s?$", "", " ".join((subject or "").lower().split()))
    # "Adel, during his turn, casts": a possessive of the clause's own named subject; never "Alice has X and he
    # casts", where "he" is itself the subject and may be anyone named before (asked when it could be two)
    if word not in _POSSESSIVE_PRONOUNS or said == word:
        return None
    subject_like = word in SUBJECT_PRONOUNS or word == "her" and _her_possessive(clause)
    if not subject_like or not said or said in PRONOUNS or said in ME_WORDS or said in REFLEXIVE_WORDS:
        return None
    try:
        name = resolve_player(b, subject, "", clause)
    except SituationError:
        return None
    if name in ("You", "we", "each", "each-opponent") or name in GROUPS or name.startswith("team:"):
        return None
    others = [n for n, _ in b.mentions if n != name and n not in ("You", "we", "each", "each-opponent")
              and n not in GROUPS and not n.startswith("team:")]
    if others:  # "Alice has X. Bob casts Y during her upkeep": hers or his? (asked unless the names tell)
        options = agreeing(word, [name] + [n for i, n in enumerate(others) if n not in others[:i]])
        if len(options) == 1:  # "Bob, with two cards in his library, casts" after "Alice controls X"
            return options[0]
        raise Ambiguity(f"Whose is “{word}”?", word, clause, [(c, f"{c}'s") for c in options])
    return name


# "Bob is at 5 life and casts Brainstorm in his main phase": a named player opening the clause with a verb, read
# before the clause's time ("in his main phase") is; "his" was read as an unnamed opponent's (a turn not Bob's)
_OPENER = re.compile(r"([A-Z][a-z]{1,23}),? (?:is|was|has|had|controls|controlled|casts|cast|draws|drew|activates|"
                     r"activated|plays|played|attacks|attacked|gets|got|takes|took|resolves|holds)\b")


_NOT_NAMES = frozenset({"it", "this", "that", "there", "everyone", "everybody", "nobody", "noone", "someone",
                        "each", "all", "both", "neither", "what", "who"})


def _not_a_name(word: str) -> bool:
    """A word of the reader's own ("they", "opp", "everyone") opening a clause: no player's name."""
    return word in _NOT_NAMES or word in RESERVED


def _named_opener(b: Builder, word: str, clause: str) -> str | None:
    """The player named at the clause's opening, when no card's name starts with that word and the pronoun's
    gender does not exclude the name (gender.py)."""
    m = _OPENER.match(clause.strip())
    opener = m.group(1).lower() if m else ""
    if m is None or word in OBJECT_PRONOUNS or _not_a_name(opener) or opener in _name_words(b.cards):
        return None
    name = m.group(1)
    return name if agreeing(word, [name]) == [name] else None


def _pronoun(b: Builder, word: str, clause: str, actor: str | None, subject: str | None = None) -> str:
    """The player a pronoun stands for: the clause's own subject when a named third person (see
    ``_third_person_subject``), else the one other player mentioned, or the last one mentioned in the same
    sentence; with two candidates and nothing to tell them apart, the reader asks. An object pronoun ("targeting
    her") is never the clause's own subject (that would be "herself")."""
    own = _third_person_subject(b, word, subject, clause)
    if own is not None:
        return own
    mentions = [(n, s) for n, s in b.mentions if not (word in OBJECT_PRONOUNS and n == actor)]
    candidates: list[str] = []
    for name, _ in mentions:
        if name not in candidates:
            candidates.append(name)
    opener = _named_opener(b, word, clause)
    if opener is not None and not [c for c in agreeing(word, candidates) if c != opener]:
        return opener
    if not candidates:
        b.assume(f"“{word}” read as your opponent (no other player was named before it)")
        return "Opponent"
    if len(candidates) == 1:
        return candidates[0]
    last, sentence = mentions[-1]
    in_sentence = {n for n, s in mentions if s == b.sentence}
    if sentence == b.sentence and len(in_sentence) == 1:
        return last
    agree = agreeing(word, candidates)
    if len(agree) == 1:  # "Alice controls Nekusar. Bob is at 2 life. His draw step begins": Bob's (gender.py)
        return agree[0]
    # asked among the players the pronoun agrees with (all of them when the names tell nothing): "her" is never Ben
    # a possessive ("his library") is rewritten with the name's possessive ("Pete's library", never "Pete library")
    said = (lambda c: f"{c}'s") if word.lower() in _SAID_AS_POSSESSIVE else (lambda c: c)
    raise Ambiguity(f"Who is “{word}”?", word, clause, [(c, said(c)) for c in reversed(agree or candidates)])


_SAID_AS_POSSESSIVE = frozenset({"his", "their", "hers", "theirs"})  # "her" is either: read as the name alone


def _name_words(cards: CardDB) -> frozenset[str]:
    """Words that start a card's name or nickname: in an all lower-case text "teferi's puzzle box" is a card,
    not a player called Teferi."""
    return _first_words(tuple(cards.names()))


def _others_than(b: Builder, text: str, named: str) -> str:
    """ "Bob casts Windfall with 6 cards in hand, everyone else has 4": "else" is said of the player just named,
    so the asker is among the others. Read as every player's value, which a player's own value (Bob's 6) keeps
    over (the group's facts fill only the values not said)."""
    b.assume(f"“{text}” read as every player but “{named}”, you among them")
    return "each"


@lru_cache(maxsize=8)
def _first_words(names: tuple[str, ...]) -> frozenset[str]:
    words = {re.split(r"[\s,']+", n.lower())[0] for n in names} | {k.split()[0] for k in aliases()}
    return frozenset(words)


def resolve_player(b: Builder, text: str | None, subject: str, clause: str, actor: str | None = None,
                   named_subject: str | None = None) -> str:
    if text is None:
        return subject
    t = " ".join(text.lower().replace("’", "'").split())
    t = re.sub(r"'s?$", "", t)
    if t in ME_WORDS:
        return "You"
    if t in OPPONENT_WORDS:
        return "Opponent"
    if t in TEAMMATE_WORDS:
        return "Teammate"
    if t in REFLEXIVE_WORDS:
        return subject
    if t in PRONOUNS:
        return _pronoun(b, t, clause, actor, named_subject)
    if t in FIRST_PLURAL:
        return "we"
    if t in EACH_WORDS:
        return "each"
    named = " ".join((named_subject or "").lower().split())
    if t in OTHERS_WORDS and named and named not in ME_WORDS | OTHERS_WORDS | EACH_WORDS | FIRST_PLURAL:
        return _others_than(b, text, str(named_subject))
    if t in ("each opponent", "all opponents", "every opponent", "all my opponents", "each of my opponents",
             "opponents", "my opponents", "the opponents") or t in OTHERS_WORDS:
        return "each-opponent"
    if t in SOMEONE_WORDS:
        b.assume(f"“{text}” read as your opponent (a player other than you, not named)")
        return "Opponent"
    m = re.fullmatch(r"team ([a-z0-9])", t)
    if m:
        return f"team:{m.group(1).upper()}"
    m = re.fullmatch(r"(?:player|opponent|p) ?(\d{1,2})", t)
    if m:
        return f"Player {m.group(1)}"
    raw = re.sub(r"'s?$", "", text.strip().replace("’", "'"))
    if (re.fullmatch(r"[a-z][a-z0-9\-]{0,23}", t) and t not in RESERVED and read_number(t) is None
            and (raw[:1].isupper() or (b.all_lowercase and t not in _name_words(b.cards)))):
        return raw[0].upper() + raw[1:]
    raise SituationError(
        f"“{text}” is not a player I know", clause,
        "I/me/my, opponent, each player, my teammate, he/she/they, or a player's name (capitalised)")
