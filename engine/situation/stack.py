"""Two spells told on the stack: "opp casts Brainstorm, in response I cast Opportunity", "I cast Opportunity in
response to his Brainstorm", "with opp's Brainstorm on the stack I cast Opportunity".

Why a stage of its own: the reader judges one action at a time, and a text like these tells two. The rules
order them: the spell cast in response resolves first, while the other waits on the stack (405.5, 608.2), so
it is judged first, and the one it answered resolves after, from the state it leaves. Rather than refuse the
text as a question about the stack, or drop one spell silently, the reader asks which to judge, each option the
text rewritten with one spell (and every other fact and the question kept), so a click answers it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.cards import CardDB
from engine.effects import SpellText
from engine.errors import Clarification, Option, SituationError
from engine.situation.facts import is_spell
from engine.situation.lasting import lasting_response
from engine.situation.tokens import Tok, tokenize

# "in response", "in response to that/it/his spell": the spell answered is the one told before
_RESPONSE = re.compile(r"\s*\b(?:and\s+|then\s+)?in response(?:\s+to\s+(?:that|it|this|(?:his|her|their|the|that|"
                       r"my|opp's|opponent's|my opponent's)\s+spell))?\b,?\s*", re.I)
# "in response to his Brainstorm": the spell answered is named after the words
_RESPONSE_TO = re.compile(r"\s*\bin response to\s+(?P<first>[^,.;!?]+)", re.I)
# "with opp's Brainstorm (still) on the stack, ...": the spell answered, named before
_ON_STACK = re.compile(r"\bwith\s+(?P<first>[^,.;!?]+?)\s+(?:still\s+)?on the stack\b,?\s*", re.I)
# "..., opp responds with Gitaxian Probe": the response's caster said with the verb
_RESPONDS = re.compile(r"[,;]?\s*\b(?:and\s+|then\s+)?(?P<who>i|we|he|she|they|opp|opponent|my opponent|[A-Z][a-z]+)\s+"
                       r"(?:respond|responds|responded|responding)(?:\s+to\s+(?:it|that|this))?\s+with\s+", re.I)
# what may follow "X casts B in response (to my spell)" when B is the response: nothing, or B's tax ("and doesn't pay")
_TOLD_AFTER = re.compile(r"[\s.,!?]*|\s*,?\s*and\s+(?:doesn't|doesnt|don't|dont|didn't|didnt|can't|cant|pays?|paid)\b"
                         r"[^.!?]*[.!?]*\s*", re.I)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*\s*")
_PART = re.compile(r",\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+(?=(?:i|he|she|they|opp|opponent|my opponent)\b)",
                   re.I)


def _last_part(text: str) -> tuple[str, str]:
    """(what comes before the last part of ``text``, its last part): the part that tells the spell."""
    parts = _PART.split(text.strip(" ,"))
    if len(parts) < 2:
        return "", text.strip(" ,")
    last = parts[-1]
    return text[:text.rstrip(" ,").rfind(last)].rstrip(" ,"), last


def _told(sentences: list[str]) -> tuple[str, str, str, str] | None:
    """(facts before, the spell answered, the spell cast in response, what follows) of the first sentence
    that tells a response; None when none does."""
    for k, sentence in enumerate(sentences):
        before_text, after_text = "".join(sentences[:k]), "".join(sentences[k + 1:])
        to = _RESPONSE_TO.search(sentence)
        plain = _RESPONSE.search(sentence)
        stack = _ON_STACK.search(sentence)
        responds = _RESPONDS.search(sentence)
        if responds is not None:  # "A, opp responds with B": B is cast in response
            facts, first = _last_part(sentence[:responds.start()])
            who = responds.group("who")
            verb = "cast" if who.lower() in ("i", "we", "they") else "casts"
            return before_text + facts, first, f"{who} {verb} {sentence[responds.end():]}", after_text
        if stack is not None:
            tail = sentence[stack.end():]
            if not tail.strip(" .,!?"):  # "I cast Opportunity with his Brainstorm on the stack"
                facts, second = _last_part(sentence[:stack.start()])
                return before_text + facts, stack.group("first"), second, after_text
            return before_text + sentence[:stack.start()], stack.group("first"), tail, after_text
        pronoun = plain is not None and re.search(r"\bto\b", plain.group(0), re.I) is not None
        if to is not None and not pronoun:
            facts, second = _last_part(sentence[:to.start()])
            return before_text + facts, to.group("first"), second + sentence[to.end():], after_text
        tail = sentence[plain.end():] if plain is not None else ""
        if plain is not None and sentence[:plain.start()].strip(" ,") and _TOLD_AFTER.fullmatch(tail):
            # "opp casts an instant in response to my spell (and doesn't pay)", "i counter it in response": the
            # response told first, the spell it answers named after "to" or told before it
            facts, second = _last_part(sentence[:plain.start()])
            answered = re.search(r"\bto\s+(?P<spell>.+?)\s*,?\s*$", plain.group(0), re.I)
            if answered is None and facts:
                earlier, first = _last_part(facts)
                return before_text + earlier, first, f"{second} {tail}", after_text
            if answered is None:
                earlier, first = _last_part(before_text.rstrip(" .!?"))
                return earlier, first, f"{second} {tail}", after_text
            return before_text + facts, answered.group("spell"), f"{second} {tail}", after_text
        if plain is not None:
            head = sentence[:plain.start()]
            if not head.strip(" ,"):  # "In response, Noel ...": the spell answered is the story's last
                facts, first = _last_part(before_text.rstrip(" .!?"))
                return facts, first, sentence[plain.end():], after_text
            facts, first = _last_part(head)
            return before_text + facts, first, sentence[plain.end():], after_text
    return None


def _text(*parts: str) -> str:
    kept = [p.strip(" ,") for p in parts if p.strip(" ,.")]
    return ". ".join(p.rstrip(".") for p in kept[:-1]) + (". " if len(kept) > 1 else "") + (kept[-1] if kept else "")


def response_reading(text: str, read: Callable[[str], Any], cards: CardDB) -> dict[str, Any] | None:
    """A text that tells a spell cast in response to another: read at once when the spell answered is a
    permanent spell (it does nothing until it resolves, after the response: the response is judged alone,
    said); otherwise the question which to judge (``Clarification``, raised); None when it tells no response."""
    told = _told(_SENTENCE.findall(text))
    if told is None:
        return None
    facts, first, second, rest = (p.strip() for p in told)
    if not first or not second:
        return None
    if _UNNAMED.fullmatch(first):
        return _unnamed_answered(facts, first, second, rest, read)
    waiting = [t.value for t in tokenize(first, cards) if t.kind is Tok.CARD]
    card = cards.find(str(waiting[0])) if len(waiting) == 1 else None
    if card is not None and not is_spell(card) and not card.of(SpellText):
        try:
            doc: dict[str, Any] = read(_text(facts, second, rest))
        except Clarification:
            raise
        except SituationError:
            return None  # the response alone doesn't read: the reader's own error stands
        doc.setdefault("assumed", []).append(
            f"“{first}” is still on the stack as “{second.rstrip(' .,')}” resolves (405.5, 608.2): {card.name} is "
            "not on the battlefield yet")
        return doc
    lasting = lasting_response(first, second, _text, facts, rest, read, cards)
    if lasting is not None:  # "i plagiarize opp in response to his wheel": its effect, then the wheel
        return lasting
    asked = _which(facts, first, second, rest, text, read)
    if asked is not None:
        raise asked
    return None  # neither spell reads alone: the reader's own error (and what it offers) stands


# "my spell", "his spell", "that spell": a spell answered without its name
_UNNAMED = re.compile(r"(?:(?:that|it|this|his|her|their|the|my|opp's|opponent's|my opponent's)\s+)?spell", re.I)


def _unnamed_answered(facts: str, first: str, second: str, rest: str,
                      read: Callable[[str], Any]) -> dict[str, Any] | None:
    """ "opp casts an instant in response to my spell": the response is judged (it is cast now and resolves first,
    405.5, 608.2); the spell it answers, said without a name, waits on the stack and is not judged (said)."""
    try:
        doc: dict[str, Any] = read(_text(facts, second, rest))
    except Clarification:
        raise
    except SituationError:
        return None
    doc.setdefault("assumed", []).append(
        f"“{first}” waits on the stack while “{second.rstrip(' .,')}” is cast and resolves first (405.5, 608.2); "
        "what it does is not judged: its name was not said")
    return doc


def _which(facts: str, first: str, second: str, rest: str, text: str,
           read: Callable[[str], Any]) -> Clarification | None:
    """The question which spell to judge: the response first (it resolves first), or the spell it answered
    alone; each option kept only when its text reads."""
    options = []
    for label, option in ((f"“{second.rstrip(' .,')}” first: it resolves before “{first}” (405.5)",
                           _text(facts, second, rest)),
                          (f"only “{first}”, without “{second.rstrip(' .,')}”", _text(facts, first, rest))):
        try:
            read(option)
        except Clarification:
            pass  # it reads, with a question of its own: asked when clicked
        except SituationError:
            continue
        options.append(Option(label, option))
    if not options:
        return None
    return Clarification(f"“{second.rstrip(' .,')}” is cast in response to “{first}”, so it resolves first, while "
                         f"“{first}” waits on the stack (405.5, 608.2). I judge one spell at a time: which one?",
                         options, text)
