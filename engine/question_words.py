"""The details a question's own words carry beyond its kind: the number it says ("do I draw 2?"), the act it
asks about ("can I dredge?", "does Narset stop me?") and what a count measures ("how many do I end up with?"
is the hand afterwards; "how many times does it trigger?" a number of triggers, not a yes/no).

Why a module of its own: the situation reader writes these details into the scenario's ``asked`` record, and a
JSON scenario that gives only the question's ``words`` has them read the same way (``engine.question``); the
answer lead then reads fields, never the player's words. Each detail is one pattern in a table.
"""

from __future__ import annotations

import re
from enum import StrEnum

from engine.number_words import NUMBER_WORDS


class AskedMeasure(StrEnum):
    """What a "how many" question counts."""

    DRAWN = "drawn"  # "how many do I draw?": the cards drawn
    HAND = "hand"  # "how many cards do I end up with?": the hand afterwards
    LIBRARY = "library"  # "how many cards are left in my library?": the library afterwards
    TOKENS = "tokens"  # "how many treasures does he make?": the tokens created
    TIMES = "times"  # "how many times does Rhystic Study trigger?", "how many pings?": the number of triggers
    MILLED = "milled"  # "how many cards does opp mill?": the cards put from a library into a graveyard
    OTHER = "other"  # "how many cards does she discard?": a count the answer can't lead with, so the ruling
    EVERY = "every"  # "how many does each of us get?", "how many do we draw?": every player's count
    # beyond a count: "do I survive?" (a lose question turned round), "who wins?"/"who draws what?" (the players,
    # not yes/no), "life?"/"what's his life?" (the life total first)
    ALIVE = "alive"
    WHO = "who"
    LIFE = "life"
    CHOOSER = "chooser"  # "who decides if he pays?", "who chooses the order?": the player who decides


# the tokens a "how many" question counts ("how many treasures?"), singular
TOKEN_NOUNS = ("treasure", "snake", "token", "clue", "food", "blood", "map")
_TOKEN_NOUNS = "|".join(TOKEN_NOUNS)
# "do I draw 2?", "does he draw two cards?": the number the question says ("draw 2 more": an extra, not the count)
# "do I get 1 card?" says it as well (only with "card": "do I get a treasure?" counts no draw)
_SAID_NUMBER = re.compile(r"\b(?:draws?|gets?(?= (?:(?:only|just|all) )?(?:\d{1,2}|[a-z]+) cards?\b)) "
                          r"(?:(?:only|just|all) )?(?P<n>\d{1,2}|[a-z]+)\b(?! (?:more|extra|additional))", re.I)
# "can I dredge?": an act other than drawing; "does Narset stop me?": whether a card stops the player
_ASKED_ACT = re.compile(r"\b(?:can|could|may|do|does|did|will|would|should|must) \S+ (?:still )?(?:get|gets|got) to "
                        # "does he still get to resolve his spell?": that act, not a draw ("get" read as cards got)
                        r"(?!draw\b)(?P<to>[a-z]+)\b|"
                        # "do I get a treasure?", "does he make tokens?": the tokens made, not a draw ("get" as cards)
                        r"\b(?:can|could|may|do|does|did|will|would|should) \S+ (?:still )?"
                        r"(?:get|gets|make|makes|create|creates)(?: (?:a|an|any|some|the|\d+))? "
                        rf"(?P<tok>{_TOKEN_NOUNS})s?\b|"
                        r"\b(?:can|could|may|do|does|did|will|would|should|must) \S+ (?:still )?(?:\w+ )?"
                        r"(?P<act>dredge|cast|use|take|apply|replace|miracle|cycle|activate|play|keep)\b|"
                        r"^(?P<bare>miracle)\b|"
                        # "can I wheel him out?": whether the act makes another player lose (its draws, its life)
                        r"\b(?:can|could|will|would|does|do) \S+ (?:\w+ ){1,5}(?:him|her|them|opp|opponent|me|us|you)"
                        r" (?P<out>out)\b", re.I)  # "miracle?" alone
_STOPS = re.compile(r"\b(?:stop|stops|prevent|prevents)\b", re.I)
STOP = "stop"
# "do I have to draw?", "am I forced to draw?", "must he draw?": whether the draw is forced (a "may" is a choice)
_MUST = re.compile(r"\b(?:(?:do|does|did|will|would) \S+ (?:have|has|need|needs) to|must \S+|(?:am|is|are) \S+ "
                   r"(?:forced|required|made) to|(?:has|have) \S+ got to) draw\b", re.I)
MUST = "must"
TOKENS = "tokens"  # "do I get a treasure?": whether the player gets tokens (a count of them, led by Yes or No)
OUT = "out"  # "can I wheel him out?": the act is asked about for the other player's loss
# what a count measures, first match wins: "how many times/often" counts triggers; "end up with", "have",
# "left", "keep", "in my hand" the hand afterwards unless the question also says "draw"
MEASURES: tuple[tuple[AskedMeasure, re.Pattern[str]], ...] = (
    # "how many cards are left in my library?" (was answered with the hand: "left" counts the hand below); not
    # "how many do I draw with 2 left in library?", which counts the cards drawn
    (AskedMeasure.LIBRARY, re.compile(r"\bhow many\b(?:(?!\bdraws?\b)[^?])*?\b(?:left|remain|remaining|still) in "
                                      r"(?:(?:my|his|her|their|your|the|opp's|opponent's) )?(?:library|lib|deck)\b|"
                                      r"\b(?:library|deck) (?:size|count)\b|"
                                      # "how many cards in library does opp have left?" (it counted the hand)
                                      r"\bhow many (?:cards? )?(?:are )?(?:left )?in (?:(?:my|his|her|their|your|the|"
                                      r"\w+'s) )?(?:library|lib|deck)\b(?![^?]*\bdraws?\b)", re.I)),
    # "how many treasures does he make?": the tokens created, whichever ability made them (a replacement such as
    # Hullbreacher's makes them without triggering: "how many times" was no answer)
    (AskedMeasure.TOKENS, re.compile(rf"\bhow many (?:\w+ )?(?:{_TOKEN_NOUNS})s?\b(?! triggers?\b)|"
                                     r"^\W*(?:treasures?|tokens?)\W*$", re.I)),
    (AskedMeasure.TIMES, re.compile(r"\bhow (?:many times|often)\b|"
                                    r"\bhow many (?:\w+ )?(?:pings?|counters?|triggers?)\b|"
                                    r"^\W*(?:pings?|counters?|triggers?)\W*$",  # "triggers?" alone
                                    re.I)),
    (AskedMeasure.MILLED, re.compile(r"\b(?:mill|mills|milled|milling)\b", re.I)),
    # another act counted ("discard", "make", "create", "exile", "sacrifice", "lose"): not the cards drawn
    (AskedMeasure.OTHER, re.compile(r"\bhow many \w+(?: \w+)? (?:do|does|did|will|would) \S+(?: \w+)? (?:discard|"
                                    r"discards|make|makes|create|creates|exile|exiles|sacrifice|sacrifices|"
                                    r"reveal|reveals|put|puts|lose|loses|take|takes|get back)\b", re.I)),
    (AskedMeasure.EVERY, re.compile(r"\b(?:each of us|both of us|all of us|we each|we both|do we|does everyone|"
                                    r"does each|everyone|everybody|each player|who)\b|"
                                    # "how many does he draw, and how many do I draw?": two players' counts
                                    r"\bhow many\b[^?]*\band how many\b", re.I)),
    # "after his draw step" counts no draw; "how many cards will I have drawn?" counts the cards drawn, not the
    # hand "have" would say
    (AskedMeasure.DRAWN, re.compile(r"\b(?:draws?|drawn)\b(?! steps?\b)", re.I)),
    (AskedMeasure.HAND, re.compile(r"\b(?:end(?:s)? up with|end(?:s)? up having|ends? with|finish(?:es)? with|have|"
                                   r"has|left|keep|keeps|"
                                   r"in (?:(?:my|his|her|their|your) )?hand|hand (?:size|count)|"
                                   r"(?:my|his|her|their|your|opponents|opponent's) hand)\b", re.I)),
)
# "who decides if he pays?", "who gets to choose the order?", "who pays?": the player who makes a decision
CHOOSER_WORDS = (r"\bwho (?:gets to |has to |must |should |will |would |is (?:the one )?(?:to|who) )?"
                 r"(?:decides?|chooses?|picks?|choose|decide|pick|orders?|makes? the (?:choice|call|decision))\b|"
                 r"\bwho (?:pays|has to pay|must pay|needs to pay|can pay|may pay|gets to pay)\b|\bwho(?:'s|s| is) "
                 r"paying\b|"
                 # "in what order do the triggers resolve?", "what resolves first?": the order, and who chooses it
                 r"\b(?:in )?what order\b|\b(?:which|what)(?: (?:one|trigger|ability|of them|spell))? (?:resolves|goes|"
                 r"happens) first\b")
# what a yes/no or "what" question's words say beyond its kind, by the kind's value
OTHER_MEASURES: dict[str, tuple[tuple[AskedMeasure, re.Pattern[str]], ...]] = {
    "lose": ((AskedMeasure.ALIVE, re.compile(r"\b(?:survive|survives|live|lives|alive|ok|okay|safe|fine)\b", re.I)),
             (AskedMeasure.WHO, re.compile(r"^\s*who(?:'s|s)?\b", re.I))),
    "win": ((AskedMeasure.WHO, re.compile(r"^\s*who\b", re.I)),),
    "what": ((AskedMeasure.CHOOSER, re.compile(CHOOSER_WORDS, re.I)),
             (AskedMeasure.LIFE, re.compile(r"\blife\b", re.I)),
             (AskedMeasure.WHO, re.compile(r"\bwho (?:draws|gets)\b", re.I))),
}


def said_number(words: str) -> int | None:
    """The number a question says is drawn ("do I draw two?" → 2); None when it says none ("a card": any)."""
    said = _SAID_NUMBER.search(words)
    if said is None:
        return None
    n = said.group("n").lower()
    value = int(n) if n.isdigit() else NUMBER_WORDS.get(n)
    return value if value is not None and value >= 1 else None


def asked_act(words: str) -> str | None:
    """The act a yes/no question is about ("can I dredge it?" → "dredge", "does Narset stop me?" → "stop"; "do I
    have to draw?" → "must": whether the draw is forced or the player's choice)."""
    if _MUST.search(words):
        return MUST
    found = _ASKED_ACT.search(words)
    if found is not None:
        if found.group("tok"):
            return TOKENS
        return (found.group("to") or found.group("act") or found.group("bare") or found.group("out")).lower()
    return STOP if _STOPS.search(words) else None


def asked_measure(words: str, kind: str = "count") -> AskedMeasure | None:
    """What a "how many" question counts (``kind`` "count" or "trigger"), or what another kind's words say
    ("do I survive?"); None when its words don't say (the cards drawn; the kind as it is)."""
    table = MEASURES if kind in ("count", "trigger") else OTHER_MEASURES.get(kind, ())
    return next((measure for measure, rx in table if rx.search(words)), None)
