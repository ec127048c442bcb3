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

from engine.effects import EventTrigger
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


__all__ = ["read_granted"]
