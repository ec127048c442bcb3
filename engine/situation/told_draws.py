"""How judges tell the turn's draws so far and a draw's replacement, rewritten into the reader's plain words.

Why a module of its own: quiz questions state what already happened this turn in the negative ("She has not
drawn any other card this turn"), name the card drawn as the first of the turn ("it's the first card she drew
this turn"), ask about miracle as casting ("Can she cast Temporal Mastery for its miracle cost?") and say a
dredge as the replacement it is ("applies dredge to the draw", "replaces the draw with dredge"). Each is a fact
or a choice the reader already holds (the cards drawn this turn, 702.94a; the replacement chosen, 616.1,
702.52a), said another way; one row a phrasing, applied before the text is cut into sentences.
"""

from __future__ import annotations

import re

_WHO = r"(?P<who>i|he|she|they|we|you|[A-Z][a-z]{1,23})"
_POSSESSIVE = {"i": "my", "he": "his", "she": "her", "they": "their", "we": "our", "you": "your"}
# "the draw", "her draw", "that draw", "the first draw", "the draws", "it"
_THE_DRAW = r"(?:(?:the|that|this|her|his|my|their|your|its|each|every)(?: first| next| second)? draws?|it|them)"
_DREDGE = r"(?:(?P<card>[A-Z][\w,' -]{2,40}?)(?:'s|') )?(?:the )?dredge(?: ability)?"

# "besides my draw for the turn", "other than the one from her draw step": the turn's draw (504.1) alone
_BUT_THE_TURNS = (r"(?: this turn)?,? (?:besides|except(?: for)?|other than|apart from|aside from|but) (?:my|his|her|"
                  r"their|the|your) (?:normal |regular |natural |usual )?(?:draw(?: for the turn| step draw)?|"
                  r"card for the turn|one (?:from|in|during) (?:my|his|her|their|the|your) draw step)")
# "... this turn besides ...": another exception than the turn's draw, left for the reader to say it can't read
_NOT_EXCEPT = r"(?!,? (?:besides|except|other than|apart from|aside from|but)\b)"

_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), to)
    for rx, to in (
        (rf"\b(?P<aux>has|have|had)(?:n'?t| not) drawn (?:any (?:other )?cards?|another card){_BUT_THE_TURNS}",
         r"\g<aux> drawn 1 card this turn"),
        # "she has not drawn any other card this turn", "has drawn no other cards", "hasn't drawn another card":
        # none drawn this turn before what the story tells
        (r"\b(?P<aux>has|have|had)(?:n'?t| not)? (?:not )?drawn (?:(?<=nt drawn )|(?<=n't drawn )|(?<=not drawn ))"
         rf"(?:any (?:other )?cards?|another card)(?= (?:yet )?this turn\b{_NOT_EXCEPT}|(?: yet)?\s*[.;!?,]|$)",
         r"\g<aux> drawn 0 cards"),
        (rf"\b(?P<aux>has|have|had) drawn no (?:other )?cards?(?= (?:yet )?this turn\b{_NOT_EXCEPT}|(?: yet)?\s*[.;!?,]"
         r"|$)", r"\g<aux> drawn 0 cards"),
        (rf"\b(?:didn'?t|did not) draw (?:any (?:other )?cards?|another card)(?= (?:yet )?this turn\b{_NOT_EXCEPT})",
         "has drawn 0 cards"),
    )
)

# "Terminus is the first card she draws this turn": on top of her library, none drawn before it (702.94a)
_FIRST_CARD = re.compile(
    r"(?:^|(?<=[.,;!?] )|(?<=\band ))(?P<card>(?!(?:it|that|this|which|what|who|whether)\b)[\w,' -]{2,40}?) "
    r"(?:is|was) the first card "
    rf"{_WHO} (?:draws?|drew|has drawn|'s drawn|will draw|would draw) this turn\b", re.I)
# "it's the first card she drew this turn": the card the story draws is the turn's first
_FIRST_IT = re.compile(
    rf"\b(?:it's|it is|it was|that's|that is|that was) the first card {_WHO} (?:draws|drew|has drawn|'s drawn) "
    r"this turn\b", re.I)
# "Can she cast Temporal Mastery for its miracle cost?": the miracle question
_CAST_MIRACLE = re.compile(
    rf"\b(?P<can>can|could|may) {_WHO} (?P<still>still )?cast (?P<card>[^.,;!?]{{2,50}}?) "
    r"(?:for|with|using|by paying) (?:its|the|her|his|their|a|its own) miracle(?: cost| ability)?\b", re.I)
# "applies dredge to the draw", "replaces the draw with dredge", "uses Golgari Thug's dredge instead"
_APPLIES_DREDGE = re.compile(
    rf"\b(?P<verb>appl(?:y|ies)|uses?|chooses?) {_DREDGE}"
    rf"(?: (?:to|on|for|instead of) {_THE_DRAW}| instead(?: of drawing)?)?\b", re.I)
_REPLACES_DREDGE = re.compile(rf"\b(?P<verb>replaces?) {_THE_DRAW} with {_DREDGE}\b", re.I)


def told_draws(text: str) -> str:
    """The text with the turn's draws, the miracle question and the dredge chosen said in the reader's words."""
    for rx, to in _REWRITES:
        text = rx.sub(to, text)
    text = _FIRST_CARD.sub(_first_card, text)
    text = _FIRST_IT.sub(lambda m: f"{m.group('who')} {_has(m.group('who'))} drawn 0 cards this turn", text)
    text = _CAST_MIRACLE.sub(lambda m: f"{m.group('can')} {m.group('who')} {m.group('still') or ''}miracle "
                             f"{m.group('card')}", text)
    return _REPLACES_DREDGE.sub(_dredges, _APPLIES_DREDGE.sub(_dredges, text))


def _first_card(m: re.Match[str]) -> str:
    who = m.group("who")
    whose = _POSSESSIVE.get(who.lower(), f"{who}'s")
    return f"{m.group('card')} is on top of {whose} library and {who} {_has(who)} drawn 0 cards this turn"


def _has(who: str) -> str:
    return "has" if who.lower() in ("he", "she") or who.lower() not in _POSSESSIVE else "have"


def _dredges(m: re.Match[str]) -> str:
    """ "dredges" said with the player's verb ("applies" -> "dredges", "apply" -> "dredge"), and the card."""
    verb = "dredges" if m.group("verb").lower().endswith("s") else "dredge"
    return f"{verb} {m.group('card')}" if m.group("card") else verb
