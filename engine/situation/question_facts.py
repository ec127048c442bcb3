"""The facts a question carries after its question words: "do I lose *with 2 cards in library*?", "how much
damage *in 2HG*?", "how many does each opponent mill *in a 4 player game*?".

Why: the normaliser drops a question that states no fact of its own ("do I lose?" asks, it tells nothing). A
question that goes on to state a fact lost that fact silently, and the answer was given without it ("I cast
Brainstorm. do I lose with 2 cards in library?" was answered "No"). The words from the first preposition that
opens a fact are kept as a clause of their own, for the reader to read like any other (or to say it can't); a
tail that carries nothing a fact is made of ("in total", "at the end", "with it") is left with the question.
"""

from __future__ import annotations

import re

# where a fact starts after the question's words
_OPENING = re.compile(r"\b(?:with|while|in|at|on|during|holding|having|given|considering|since|because|now that|"
                      r"assuming)\b", re.I)
# a conjunction that opens the fact is not part of it: "given that opp has Narset" tells "opp has Narset"
_CONJUNCTION = re.compile(r"^(?:given(?: that)?|considering(?: that)?|since|because|now that|assuming(?: that)?)\s+",
                          re.I)

_NUMBER = (r"\d|\b(?:no|none|zero|empty|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
           r"a dozen)\b")
_FORMAT = r"\b(?:2hg|two-headed giant|two headed giant|commander|edh|multiplayer|multi-player|pod)\b"
_STEP = r"\b(?:upkeep|draw step|main phase|end step|combat|cleanup)\b"
_TURN = r"\b(?:my|his|her|their|your|our|opponent's|opp's|[A-Z][a-z]+'s) (?:own )?turn\b"
# "with Narset on opp's side", "while he has Spirit out": a permanent said to be somewhere, or someone's
_PLACED = (r"^(?:with|while|having|given|considering|since|because|now that|assuming)\b.*\b(?:out|in play|"
           r"battlefield|board|side|has|have|had|controls?|is|are)\b")
_SIGNAL = re.compile("|".join((_NUMBER, _FORMAT, _STEP, _TURN, _PLACED)), re.I)


def fact_tail(question: str) -> str:
    """The words of ``question`` that state a fact after its question words, as a clause ('' when none):
    "do I lose with 2 cards in library?" → "with 2 cards in library"."""
    words = question.strip().rstrip("?!. ")
    for m in _OPENING.finditer(words):
        tail = words[m.start():].strip(" ,")
        if _SIGNAL.search(tail):
            return _CONJUNCTION.sub("", tail)
    return ""


# a clause that tells a fact by its verb: "opp has Narset", "he controls Notion Thief", "I am at 3"
_TELLS = re.compile(r"\b(?:has|have|had|controls?|controlled|is at|am at|are at|is on|am on)\b", re.I)


def fact_after(words: str) -> str:
    """The fact said after a question and a comma ("how many do I draw, considering opp has Narset?", "how many
    do I draw, opp has Narset?"): the words as a clause, without the conjunction; '' when they tell nothing."""
    rest = _CONJUNCTION.sub("", words.strip().rstrip("?!. ").strip(" ,"))
    if _OPENING.match(rest) or _SIGNAL.search(rest) or _TELLS.search(rest):
        return rest
    return ""
