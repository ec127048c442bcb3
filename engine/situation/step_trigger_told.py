""" "He draws for the turn, then Howling Mine triggers": a draw-step trigger told after the turn's draw is the
step the reader already resolves, not an action of its own.

Why: judges write the draw step as a sequence ("In her draw step she draws for the turn, then the Howling Mine
trigger resolves"); the reader, which resolves a draw step with each of its triggers (504.1, 504.2), read
"trigger" as a word it could not take into account and "resolves" as Howling Mine cast outside a main phase.
The narration is dropped when the card it names is told elsewhere in the text (on the battlefield): the step
brings its trigger anyway. A card told nowhere else stays, so the reader still says what it could not read
rather than leave the card out of the story.

"She draws for the turn, then draws two more with Sylvan Library": the second draw, told with what made it, is
the step's trigger drawing (504.2, after the turn's draw of 504.1): the sequence is the draw step told by its
trigger's draw alone ("draws two extra with Sylvan Library"), which the reader resolves whole, the turn's draw
first, the choices told after it (the cards kept) kept. A draw that names the card drawn ("makes her draw
Terminus") is left as told: which card came first matters then (miracle, 702.94a), and the reader can't place it.

"A card from Kami of the Crescent Moon's trigger", "with the Howling Mine trigger": a draw's source said as the
card's triggered ability is the card itself as the source (603.2: the ability is the card's).
"""

from __future__ import annotations

import re

from engine.situation.aside import names_told

_WHO = r"(?:(?:he|she|they|I|[A-Z][a-z]{1,23}) )?"
_TOLD = re.compile(
    r"(?P<turn>\b(?:draws?|drew) for the turn)"
    rf"(?P<obs>,? (?:and )?then {_WHO}(?:"
    r"(?:resolves? |puts? )?the (?P<a>[A-Z][^.,;!?]{2,50}?) trigger(?: resolves| goes on the stack)?"
    r"|(?P<b>[A-Z][^.,;!?]{2,50}?) triggers"
    r"))(?=\s*(?:[.;!?]|$))")

_SOURCE_WORDS = r"(?:with|from|off|off of|using|because of|thanks to|through|via)"
# "a card from Kami of the Crescent Moon's trigger", "with the Howling Mine trigger": the card as the source
_TRIGGER_SOURCE = re.compile(
    rf"\b(?P<prep>{_SOURCE_WORDS}) (?:the )?(?!(?:its|his|her|their|my|your|that|this|the|a|an) )"
    r"(?P<card>[^.,;!?]{2,50}?)(?:(?:'s?|s')? (?:triggered ability|trigger)|(?:'s|s') ability)\b", re.I)
_THE_TRIGGER = re.compile(
    rf"\b(?P<prep>{_SOURCE_WORDS}) the (?!(?:its|his|her|their) )(?P<card>[^.,;!?]{{2,50}}?) trigger\b", re.I)

# "draws for the turn, then draws two more with Sylvan Library": the turn's draw, then a trigger's draw said by
# its source; "then the Howling Mine trigger makes her draw a card": the same, the trigger as the subject
_AMOUNT = r"(?P<n>(?:the )?(?:a|an|one|two|three|\d+)|another|the)"
_MORE = r"(?: (?:more|extra|additional|other))?(?: (?:cards?|draws?|ones?))?"
_SUBJECT = r"(?:(?P<subj>he|she|they|I|[A-Z][a-z]{1,23}) )?"
_STEP = r"(?P<step> (?:in|during) (?:his|her|their|my|[A-Z][a-z]{1,23}'s) draw step)?"
_THEN_DRAWS = re.compile(
    rf"\b{_SUBJECT}(?P<xverb>draws?|drew) for the turn{_STEP},? (?:and )?then "
    r"(?:(?!(?:draws?|drew|takes?|took|another|the|two|three)\b)(?P<who>he|she|they|I|[A-Z][a-z]{1,23}) )?"
    rf"(?:(?P<verb>draws?|drew|takes?|took) )?{_AMOUNT}{_MORE} (?P<src>{_SOURCE_WORDS} [^.,;!?]{{2,60}}?)"
    r"(?=\s*(?:[.,;!?]|\band\b|$))", re.I)
_THEN_MAKES = re.compile(
    rf"\b{_SUBJECT}(?:draws?|drew) for the turn{_STEP},? (?:and )?then (?:the )?(?P<card>[^.,;!?]{{2,50}}?)"
    r"(?:'s?|s')? "
    r"(?:trigger|triggered ability|ability)(?: resolves and)? (?:makes|made|has) (?P<who>him|her|them|me) draw "
    rf"{_AMOUNT}{_MORE}(?=\s*(?:[.,;!?]|\band\b|$))", re.I)
_PRONOUN = {"him": "he", "her": "she", "them": "they", "me": "I"}
# "took two extra with Sylvan Library": the trigger's cards taken are drawn
# (said in the present: "drew" after a story in the past would read as a fact of the turn, not what happens)
_DRAW_VERB = {"take": "draw", "takes": "draws", "took": "draws", "drew": "draws"}
_EXTRA = {"a": "an extra card", "an": "an extra card", "one": "an extra card", "another": "an extra card"}


def step_trigger_told(text: str) -> str:
    """The text without a draw-step trigger told after the turn's draw, when its card is told elsewhere; a
    trigger's draw told after the turn's draw as the draw step told by that draw; a draw's source said as a
    card's trigger as the card."""
    text = _THEN_MAKES.sub(_made_draw, _THEN_DRAWS.sub(_then_draws, text))
    text = _THE_TRIGGER.sub(r"\g<prep> \g<card>", _TRIGGER_SOURCE.sub(r"\g<prep> \g<card>", text))
    if "trigger" not in text:
        return text

    def drop(m: re.Match[str]) -> str:
        card = m.group("a") or m.group("b")
        if not names_told(card, text[: m.start()] + text[m.end():]):
            return m.group(0)
        return m.group("turn")

    return _TOLD.sub(drop, text)


def _amount(n: str) -> str:
    """ "two more" -> "two cards", "another" -> "an extra card": the trigger's own draws."""
    low = n.lower().removeprefix("the ")
    n = n[len(n) - len(low):]
    return _EXTRA.get(low) or ("the extra" if low == "the" else f"{n} cards")


_PRONOUNS = frozenset({"he", "she", "they", "i"})


def _then_draws(m: re.Match[str]) -> str:
    """The trigger's draw alone, said by the turn's drawer; another player named for it is left as told (the
    step's trigger draws for its own player: the reader says what it can't read)."""
    subj, who = (m.group("subj") or "").lower(), (m.group("who") or "").lower()
    if who and who not in _PRONOUNS and who != subj or subj and who in _PRONOUNS and who != subj \
            and subj in _PRONOUNS:
        return m.group(0)
    said = f"{m.group('subj')} " if m.group("subj") else ""
    said_verb = m.group("verb") or m.group("xverb")  # "i draw for the turn and then 2 more off X": the same verb
    verb = _DRAW_VERB.get(said_verb.lower(), said_verb)
    return f"{said}{verb} {_amount(m.group('n'))} {m.group('src')}{m.group('step') or ''}"


def _made_draw(m: re.Match[str]) -> str:
    """ "then the Howling Mine trigger makes her draw a card": she draws it with Howling Mine (the turn's drawer
    already said before "draws for the turn" is kept as the subject)."""
    who = f"{m.group('subj')} " if m.group("subj") else f"{_PRONOUN[m.group('who').lower()]} "
    return f"{who}draws {_amount(m.group('n'))} with {m.group('card')}{m.group('step') or ''}"
