"""Splitting a card's Oracle text into its abilities, the way the rules define them, before any sentence is
read: keyword abilities with their reminder text (702), activated abilities "cost: effect" (602), loyalty
abilities (606), triggered abilities "when/whenever/at ..., effect" (603), chapter abilities (714), the text
of an instant or sorcery (spell text), modes ("Choose one —" and its bullets), and static abilities (604).

Why first: a sentence means different things in different abilities ("Draw a card." is a spell's effect on an
instant, an activated ability's effect after a cost, a trigger's effect after its event). Reading line by line
once put an ability's cost or trigger sentence into the card's spell text; splitting first makes that
impossible, and each ability keeps its own unreadable sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class AbilityKind(StrEnum):
    KEYWORD = "keyword"
    ACTIVATED = "activated"
    LOYALTY = "loyalty"
    TRIGGERED = "triggered"
    CHAPTER = "chapter"
    SPELL = "spell"
    STATIC = "static"


@dataclass(frozen=True)
class Ability:
    """One ability: its kind, the part before the effect (cost, trigger event, loyalty cost, chapter number or
    keyword), the effect text (reminder text removed, kept apart), and the line it came from."""

    kind: AbilityKind
    head: str
    effect: str
    reminder: str
    line: str


_COST_START = re.compile(
    r"^(?:\{|[+−-]?\d+:|x:|sacrifice|discard|pay|exile|tap|untap|remove|return|put|collect|forage|reveal|"
    r"mill|blight|waterbend|earthbend|expend|behold)", re.I)
_TRIGGER = re.compile(r"^(when|whenever|at)\b", re.I)
_ABILITY_WORD = re.compile(r"^([A-Z][\w'’ ,!-]{1,40}?) — (?=\S)")
_LOYALTY = re.compile(r"^([+−-]?(?:\d+|X)): (.+)$")
_CHAPTER = re.compile(r"^((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (.+)$")
_DIE_ROW = re.compile(r"^\d+(?:[—–-]\d+)? \| \S")
_REMINDER = re.compile(r"\s*\(([^()]*)\)")
_KEYWORD_LINE = re.compile(
    r"^(?:[A-Z][a-z’']+(?: [a-z’']+){0,2})(?: (?:\{[^}]+\})+| \d+| [A-Z][\w ]*)?(?:, |$)")


def split_abilities(oracle: str, spell: bool, name: str = "") -> list[Ability]:
    """The abilities of one card's text (all faces). ``spell``: the card is an instant or a sorcery, so lines
    that are neither keywords, activated nor triggered abilities are its spell text. The card's own name is
    "~" in the heads and effects (a name with a comma, "Sophina, Spearsage Deserter", is no clause boundary)."""
    out: list[Ability] = []
    lines = [x.strip() for x in oracle.replace("\r", "").split("\n") if x.strip()]
    for line in lines:
        if out and _DIE_ROW.match(line) and re.search(r"\broll a d\d+\b", out[-1].line, re.I):
            # a result of the die the ability before rolls ("1—9 | Draw a card."): part of that ability
            prev = out[-1]
            out[-1] = Ability(prev.kind, prev.head, f"{prev.effect}\n{line}", prev.reminder, f"{prev.line}\n{line}")
            continue
        if line.startswith("•") and out:
            prev = out[-1]
            # a mode belongs to the ability that says "choose one —"
            out[-1] = Ability(prev.kind, prev.head, f"{prev.effect}\n{line}", prev.reminder, f"{prev.line}\n{line}")
            continue
        out.append(_ability(line, spell, name))
    return out


def _ability(line: str, spell: bool, name: str) -> Ability:
    reminder = " ".join(m.group(1) for m in _REMINDER.finditer(line))
    text = _REMINDER.sub("", line).strip()
    if "," in name:
        text = text.replace(name, "~")
    body = _ABILITY_WORD.sub("", text) if _ABILITY_WORD.match(text) and not _CHAPTER.match(text) else text
    m = _CHAPTER.match(body)
    if m:  # "I, II, III — Pain — You draw a card": the chapter's own ability word goes too
        return Ability(AbilityKind.CHAPTER, m.group(1), _ABILITY_WORD.sub("", m.group(2)), reminder, line)
    m = _LOYALTY.match(body)
    if m:
        return Ability(AbilityKind.LOYALTY, m.group(1), m.group(2), reminder, line)
    if _TRIGGER.match(body):
        head, effect = _split_trigger(body)
        if effect:
            return Ability(AbilityKind.TRIGGERED, head, effect, reminder, line)
    cost, effect = _split_cost(body)
    if effect:
        return Ability(AbilityKind.ACTIVATED, cost, effect, reminder, line)
    if _is_keyword_line(body, reminder):
        return Ability(AbilityKind.KEYWORD, body, "", reminder, line)
    return Ability(AbilityKind.SPELL if spell else AbilityKind.STATIC, "", body, reminder, line)


def _split_trigger(text: str) -> tuple[str, str]:
    """"Whenever you draw your second card each turn, draw..." → (event, effect): the first comma that is
    not inside the event's own list ("Whenever a creature or planeswalker you control dies, ...")."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == '"':
            depth ^= 1
        elif ch == "," and not depth:
            if text[i - 1:i].isdigit() and re.match(r" (?:or |and )?\d+\b", text[i + 1:]):
                continue  # a list of numbers ("with mana value 4, 5, or 6") belongs to the event
            head, rest = text[:i], text[i + 1:].strip()
            # ", if <condition>," belongs to the trigger (603.4, intervening "if")
            m = re.match(r"if ([^,]+), (.+)$", rest, re.S)
            if m:
                return f"{head}, if {m.group(1)}", m.group(2)
            return head, rest
    return text, ""


def _split_cost(text: str) -> tuple[str, str]:
    if ":" not in text or not _COST_START.match(text):
        return "", ""
    depth = 0
    for i, ch in enumerate(text):
        if ch == '"':
            depth ^= 1
        elif ch == ":" and not depth:
            cost, effect = text[:i], text[i + 1:].strip()
            if "." in cost:  # a sentence before the colon: not a cost
                return "", ""
            return cost, effect
    return "", ""


def _is_keyword_line(text: str, reminder: str) -> bool:
    """"Flying, vigilance", "Cycling {2}", "Dredge 3", "Miracle {1}{U}", "Ward—Pay 2 life"."""
    if not text or text.endswith("."):
        return False
    if "." in text.rstrip("."):
        return False
    return bool(_KEYWORD_LINE.match(text)) and len(text.split()) <= 8


_PLAYER_EVENT = re.compile(r"when(?:ever)? (?:an opponent|a player|each opponent|another player) \w+")


def them_said(event: str, effect: str) -> str:
    """ "Whenever an opponent draws a card, this creature deals 1 damage to them": "them" is the player the
    trigger's event names, "that player" (the newer Oracle wording); only after such an event, where no other
    antecedent is. Unread, the card was refused whole."""
    return re.sub(r"\bdamage to them\b", "damage to that player", effect) if _PLAYER_EVENT.match(event) else effect
