"""Who "you" is in a player's text: the judge asked ("can you tell me what happens if..."), or, in a rules
question that never says "I", the asker themself ("Do you draw if you go first?").

Why a stage of its own, in the normaliser: the reader's player words are first-person (I/me/my for the asker);
a text told of a generic "you" is read as the same text told in the first person, and that reading is said in
the answer ("“you” read as “I”"). A text that says "I" as well keeps its "you" (then someone else is meant).
"""

from __future__ import annotations

import re

# "Do you draw if you go first?", "if your opponent casts X and you control Y": a rules question told of a
# generic "you" is the asker's own situation, when the text never says "I": then "you" is read as "I" (said).
# ("mine" only in lower case: "Howling Mine" is a card)
_FIRST_PERSON = re.compile(r"\b(?:[iI]|[mM]e|[mM]y|[mM]yself|mine|I'\w+)\b")
_GENERIC_YOU_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), to)
    for rx, to in (
        (r"\byou are\b", "I am"),
        (r"\byou were\b", "I was"),
        (r"\byourself\b", "myself"),
        (r"\byours\b", "mine"),
        (r"\byour\b", "my"),
    )
)
# "you" as a subject: at the start of a sentence or a clause, or after a conjunction or an auxiliary
_SUBJECT_YOU = re.compile(r"(^|[,.;:!?(\n]\s*|\b(?:and|or|but|if|when|whenever|then|so|do|does|did|can|could|will|"
                          r"would|should|must|may|that|as|while|before|after|until|unless|once|since|because|whether|"
                          r"assume|assuming|suppose|supposing|imagine|say|think|believe|guess|where) )"
                          r"you\b", re.I)


# "can you tell me what happens if...", "do you know...": the "you" is the judge asked, not a player
_ADDRESSED = re.compile(r"\b(?:(?:can|could|would|will) (?:you|anyone|someone) (?:please )?(?:tell|explain|say|"
                        r"help)(?: me| us)?(?: with)?|(?:do|does) (?:you|anyone|someone) know)\s+(?=what|how|who|if|"
                        r"whether|why|which)", re.I)


def unaddressed(text: str) -> str:
    """``text`` without "can you tell me" before its question: first, so the question keeps its own form."""
    return _ADDRESSED.sub("", text)


def generic_you(text: str, corrections: list[tuple[str, str]]) -> str:
    """``text`` with a generic "you" read as the asker, when it never says "I" (and does not thank "you"; a
    "you" asked to tell is gone already: ``unaddressed``)."""
    if _FIRST_PERSON.search(text) or not re.search(r"\byou", text, re.I):
        return text
    thanked = re.sub(r"\bthank you\b", "thanks", text, flags=re.I)
    read = thanked
    for rx, to in _GENERIC_YOU_WORDS:
        read = rx.sub(to, read)
    read = _SUBJECT_YOU.sub(lambda m: m.group(1) + "I", read)
    read = re.sub(r"\byou\b", "me", read, flags=re.I)
    if read != thanked:
        corrections.append(("you", "I"))
    return read


# "Alice, I draw 2": a name said alone before the clause, followed by its own subject ("I", "we"), is the person the
# player talks to, not a player of the story ("Alice, me and Bob draw 2" is a list; "Alice, my opponent, casts X"
# names who Alice is: neither is read so)
_VOCATIVE = re.compile(r"^(?:(?i:hey|hi|hello|ok|okay|so) )?(?P<name>[A-Z][a-z]{1,23}),\s+(?=(?:I|I'm|I've|I'd|we|"
                       r"we're|we've)\s+(?!and\b|or\b|,)[a-z])")


def vocative(text: str, card_words: frozenset[str], reader_words: frozenset[str], asides: list[str]) -> str:
    """``text`` without the name of the person it addresses (said in ``asides``); a card's word or one of the
    reader's own words ("Opponent, ...", "Brainstorm, ...") is never taken for one."""
    m = _VOCATIVE.match(text)
    if m is None or m.group("name").lower() in card_words | reader_words:
        return text
    asides.append(f"“{m.group('name')},” read as the person you talk to, not a player of the situation")
    return text[m.end():]
