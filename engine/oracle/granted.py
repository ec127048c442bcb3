"""Triggered abilities a permanent grants in quotes: "Equipped creature gets +1/+1 and has "Whenever this
creature deals combat damage to a player, draw a card."", "All Slivers have "When this permanent enters, draw
a card."", "As long as you control another Wizard, this creature has "When this creature dies, draw a card.""

Why a form of its own: the granted ability belongs to the object that has it (113.1a, 613.1f), not to the card
that grants it, so reading it as the card's own trigger would fire it for the wrong permanent (the Aura dying,
the Equipment entering). So:
- granted to the card itself ("this creature has ..."), the ability is the card's own trigger, carried out by
  the resolver like any other; an "as long as" condition becomes the condition its effect is carried out under
  (the condition is decided when the ability would trigger, said as an assumption when the engine can't check it);
- granted to other objects (the equipped or enchanted creature, "creatures you control", "all Slivers"), the
  event is kept with the object it belongs to ("granted to equipped creature: whenever it deals combat damage
  to a player"): no stage of the resolver matches it, so it never fires for the granting card, and when the
  resolution carries out an event of its kind (a creature dying, entering, a spell cast, damage to a player)
  the resolution is refused with its words (engine.trigger_events, refuse_unevaluated_triggers) — never an
  answer that silently left it out.
The words around the quotes must change nothing the engine counts (power and toughness, keywords, a creature
type): anything else leaves the ability not understood.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.effects import EventTrigger, SpellText
from engine.oracle.abilities import _split_trigger
from engine.oracle.clauses import read_effect, self_named

_QUOTE = re.compile(r"\"([^\"]+)\"")
# Who has the granted ability: the card itself, or objects the engine does not follow.
_HOLDER = (r"(?P<holder>~|equipped creature|enchanted creature|enchanted permanent|enchanted land|"
           r"(?:other )?(?:[a-z]+ )?creatures you control|all slivers|sliver creatures you control|"
           r"commander creatures you own|each of those creatures)")
_KEYWORDS = r"(?:[a-z][a-z -]*?, )*(?:[a-z][a-z -]*?,? and )?"
_GRANT = re.compile(
    rf"^(?:(?P<cond>(?:as long as|for as long as) [^,\"]+), )?{_HOLDER}"
    rf"(?: gets? [+-][\dx]+/[+-][\dx]+(?:,| and))?"
    rf" (?:has|have) {_KEYWORDS}(?P<quotes>Q(?:,? and Q)*)"
    rf"(?:,? and (?:is|are) an? [a-z ]+ in addition to (?:its|their) other (?:creature )?types)?$")


def read_granted(effect_text: str, name: str) -> list[EventTrigger] | None:
    """The triggered abilities a static ability grants in quotes; None if it is not that form, if the words
    around the quotes could change something counted, or if a granted ability's effect is not understood."""
    text = effect_text.replace("“", "\"").replace("”", "\"").replace("’", "'").rstrip(".").strip()
    quotes = _QUOTE.findall(text)
    if not quotes:
        return None
    outside = self_named(_QUOTE.sub("\x00", text).lower(), name).replace("\x00", "Q")
    m = _GRANT.match(outside)
    if m is None:
        return None
    holder, condition = m.group("holder"), m.group("cond") or ""
    out: list[EventTrigger] = []
    for quoted in quotes:
        trigger = _granted_trigger(quoted, name, holder, condition)
        if trigger is None:
            return None
        out.append(trigger)
    return out


def _granted_trigger(quoted: str, name: str, holder: str, condition: str) -> EventTrigger | None:
    inner = quoted.strip().rstrip(".,")
    if not re.match(r"(?:when|whenever|at)\b", inner, re.I):
        return None  # an activated or static ability granted: not read here
    head, effect_text = _split_trigger(inner)
    if not effect_text:
        return None
    if re.search(r"\bcounters?\b", head, re.I):
        return None  # counters put on a permanent are an event the engine carries out but can't watch for
    effect = read_effect(effect_text, name)
    if effect.unread or not effect.ops:
        return None
    event = re.sub(r"\bthis (?:creature|permanent|artifact|land)\b", "~", head.lower())
    if holder == "~":
        if not condition:
            return EventTrigger(event, tuple(effect.ops), rules=("603.2", "113.1a"))
        if any(op.condition for op in effect.ops):
            return None  # two conditions on one operation: not read as one
        words = re.sub(r"^(?:for )?as long as ", "", condition)
        ops = tuple(replace(op, condition=f"if:{words}") for op in effect.ops)
        return EventTrigger(event, ops, rules=("603.2", "113.1a", "611.3a"))
    where = f" ({condition})" if condition else ""
    return EventTrigger(f"granted to {holder}{where}: {event.replace('~', 'it')}", tuple(effect.ops),
                        rules=("603.2", "113.1a"))


def _holds_itself(holder: str, type_line: str) -> bool:
    """Whether the card is among the objects it grants to (113.10: "Sliver creatures you control" includes a
    Sliver creature that says it): by its own type line, never for the equipped or enchanted creature."""
    words = set(re.findall(r"[a-z]+", type_line.lower()))
    if holder == "~":
        return True
    if holder.startswith("other ") or "creature" not in words:
        return False
    m = re.fullmatch(r"(?:all (?P<all>[a-z]+?)s|(?:(?P<kind>[a-z]+) )?creatures you control)", holder)
    if m is None:
        return False
    kind = m.group("all") or m.group("kind")
    return kind is None or kind in words


def read_granted_activated(effect_text: str, name: str, type_line: str) -> list[SpellText] | None:
    """An activated ability granted in quotes to a kind the card itself is ("Sliver creatures you control have
    "{T}, Discard a card: Draw a card.""): the card's own activated ability (113.10, 602.1), its cost paid like
    any other. Granted only to other objects, or with a condition, it is not read here (None)."""
    text = effect_text.replace("“", "\"").replace("”", "\"").replace("’", "'").rstrip(".").strip()
    quotes = _QUOTE.findall(text)
    outside = self_named(_QUOTE.sub("\x00", text).lower(), name).replace("\x00", "Q")
    m = _GRANT.match(outside)
    if len(quotes) != 1 or m is None or m.group("cond") or not _holds_itself(m.group("holder"), type_line):
        return None
    head, sep, effect_words = quotes[0].partition(":")
    if not sep or not re.match(r"\{|[+−-]?\d+$|sacrifice|discard|pay|exile|tap|remove", head.strip().lower()):
        return None
    effect = read_effect(effect_words.strip(), name)
    if effect.unread or not effect.ops or any(op.do == "note" and op.words for op in effect.ops):
        return None
    ops = tuple(effect.ops)
    return [SpellText(ops, any(op.who == "target" for op in ops), activated=True, cost=head.strip().lower(),
                      rules=("113.10", "602.1"))]


__all__ = ["read_granted", "read_granted_activated"]
