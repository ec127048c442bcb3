"""Set phrases players use, each rewritten into the reader's words ("took natural draw", "vial in", "{Card}", "i +1
jace", "minus 8") and compound numbers in words ("twenty-two"). Why a module of its own: unlike the general
rewrites, each set phrase names the words a text must hold for it to apply (a text without them skips it), and they
apply after the general ones ("opp" is "opponent", "on board" is "on the battlefield" by then).
"""

from __future__ import annotations

import re

# Set phrases, each with the words that must be in the text for it to apply (lower case, any one of them): a text
# without them skips the pattern, so a long text pays only for the phrases it may hold. Applied after _REWRITES
# ("opp" is "opponent", "on board" is "on the battlefield" by then).
_PHRASES: tuple[tuple[tuple[str, ...], re.Pattern[str], str], ...] = tuple(
    (needles, re.compile(rx, re.I), to)
    for needles, rx, to in (
        # "activated his Aether Vial vialing in Spirit of the Labyrinth": put onto the battlefield at instant
        # speed, as "flash in" (the Vial's own ability draws nothing)
        (("vial",), r"\b(?:activate[sd]?|activating|use[sd]?|using|tap(?:s|ped)?) (?:my|his|her|their|an?|the) "
         r"(?:aether )?vial,? (?:to put in|to put|putting in|putting|vialing in|vialing|and put in|and puts in|"
         r"and put|for)\b", "flashes in"),
        (("vial",), r"\b(?:vial(?:s|ed|ing)?) (?:in )?(?=[A-Z]|a |an |the |my |his |her |their )", "flashes in "),
        # "took natural draw", "drew the card of the turn": the turn's draw, in the draw step (504.1)
        (("natural", "normal", "regular"), r"\b(?:took|take|takes|taking|made|make|did|do|had) (?:my |his |her |"
         r"their |the |a |our )?(?:natural|normal|regular) draw(?: for (?:the |my |his |her |their )?turn)?\b",
         "drew for the turn"),
        (("of the turn", "for the turn"), r"\b(draw|draws|drew|drawing) (?:the|my|his|her|their|our) (?:card|draw) "
         r"(?:of|for) the turn\b", r"\1 for the turn"),
        # "my last opponent", "my only remaining opponent": the one opponent left in the game
        (("opponent",), r"\b(?:my|the) (?:last|only|sole|one|last remaining|only remaining|remaining) opponent\b(?!s)",
         "my opponent"),
        # "{Laboratory Maniac}": braces around a card's name, as [[Card]] (a mana symbol, "{U}", "{2}{U/P}", has
        # no lower-case letter and stays as it is)
        (("{",), r"\{([A-Z0-9][^{}\n]{0,78}[a-z][^{}\n]{0,78})\}", r"[[\1]]"),
        # "When Sheoldred on board, ...", "while Notion Thief in play, ...": a state said as the time of the story
        (("when", "while", "whilst"), r"(?:^|(?<=[.!?\n] ))(?:when|while|whilst) ([^,.;!?\n]{1,80}? "
         r"(?:on the battlefield|in play|is out|are out|out)),", r"\1,"),
        # "No card draw if you go first in commander - which you should": whether the turn's draw happens, asked
        (("draw",), r"(?:^|(?<=[.!?] ))(?:so )?(?:no|there(?:'s| is) no|you get no|(?:you|i) don't get (?:a|the)) "
         r"(?:card |turn )?draw(?: step)? (?P<when>(?:if|when) [^.?!,;]+?)(?:,? which (?:you|i|he|she|they) "
         r"(?:should|shouldn't|do|don't|would|wouldn't))?(?=[.?!]|$)", r"do you draw \g<when>?"),
        # "i +1 jace wielder targeting myself": a loyalty cost used as a verb
        (("+", "-", "−"), r"\b(I|they) ([+\-−]\d{1,2}) (?!cards?\b|life\b)([^.,;!?]{3,40}?)"
         r"(?= targeting| on | at |[.,;!?]|$| and )", r"\1 use \3's \2"),
        (("+", "-", "−"), r"\b(he|she|opponent|my opponent) ([+\-−]\d{1,2}) (?!cards?\b|life\b)([^.,;!?]{3,40}?)"
         r"(?= targeting| on | at |[.,;!?]|$| and )", r"\1 uses \3's \2"),
        # "jace wielder's minus 8", "his plus 1": a loyalty cost said in words ("-8", "+1")
        (("minus",), r"(?<=(?:'s|s'|he|ts|ir|my) )minus ?(?=\d{1,2}\b)", "-"),
        (("plus",), r"(?<=(?:'s|s'|he|ts|ir|my) )plus ?(?=\d{1,2}\b)", "+"),
        # "you use some form of card draw": a draw of one card, the least any draw effect does
        (("form of", "kind of", "sort of", "type of", "source of"), r"\b(?:use|uses|using|cast|casts|casting|play|"
         r"plays|playing) (?:some|any|a|an) (?:form|kind|sort|type|source) of (?:card )?draw(?:ing)?\b",
         "draw a card"),
    )
)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_COMPOUND = re.compile(rf"\b({'|'.join(_TENS)})[- ]({'|'.join(_UNITS)})\b", re.I)


def set_phrases(text: str) -> str:
    """The text with each set phrase it holds rewritten, then compound numbers in words made digits."""
    low = text.lower()
    for needles, rx, to in _PHRASES:
        if any(n in low for n in needles):
            text = rx.sub(to, text)
            low = text.lower()
    return _COMPOUND.sub(lambda m: str(_TENS[m.group(1).lower()] + _UNITS[m.group(2).lower()]), text)
