"""Abilities that trigger when a player or a permanent becomes the target of a spell or ability (603.2e:
"becomes" triggers only at the time the event happens, 115.1: a target is chosen as the spell is cast).

Why its own stage: the targets are known as the action is taken, so these abilities trigger then, with the
spell's cast triggers, and resolve before it (603.3, 405.5). Each targeted object is its own event: Rayne,
Academy Chancellor triggers once for its controller and once more for a permanent of theirs the same spell
targets. An ability of this kind the words don't fit is left to the resolver's check of events it didn't
evaluate, which refuses rather than answer without it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.costs import read_cost
from engine.effects import EventTrigger
from engine.resolve.paying import pay
from engine.trigger_events import EventKind

if TYPE_CHECKING:
    from engine.resolve.events import EffectSource
    from engine.resolve.resolver import Resolver

_TARGETED = re.compile(
    r"when(?:ever)? (?P<subject>~|this (?:creature|permanent|enchantment|artifact|land)|you|you or a permanent "
    r"you control|a permanent you control|an? (?:creature|artifact|enchantment|land|planeswalker) you control) "
    r"becomes the target of (?P<by>a spell or ability|a spell|an ability)(?P<whose> you control| an opponent "
    r"controls)?")


@dataclass(frozen=True)
class Targeted:
    """One object that became a target: a player (card is None) or a permanent on the battlefield."""

    controller: str
    card: str | None = None


def _fits(r: Resolver, subject: str, src: EffectSource, obj: Targeted) -> bool:
    """Whether the ability's subject ("you or a permanent you control", "~") names this targeted object."""
    if obj.card is None:
        return subject.startswith("you") and obj.controller == src.controller
    if subject == "~" or subject.startswith("this "):
        return obj.card == src.card.name
    if obj.controller != src.controller or subject == "you":
        return False
    if "permanent" in subject:
        return True
    card = r.cards.find(obj.card)
    return bool(card is not None and card.has_type(subject.split()[1]))


def _by_fits(m: re.Match[str], caster: str, controller: str, r: Resolver, by_spell: bool) -> bool:
    by, whose = m.group("by"), m.group("whose") or ""
    if by == "a spell" and not by_spell or by == "an ability" and by_spell:
        return False
    if "you control" in whose:
        return caster == controller
    return "opponent" not in whose or caster in r.opponents(controller)


def targeted_triggers(r: Resolver, caster: str, players: list[str], by_spell: bool) -> None:
    """The abilities of permanents on the battlefield that trigger on the players and permanents the action
    targets (603.2e), each put on the stack by its controller (603.3)."""
    objects = [Targeted(p) for p in players]
    objects += [Targeted(t.player, t.card) for t in r.s.action.card_targets if t.zone == "battlefield"]
    if not objects:
        return
    r.happened.add(EventKind.TARGET)
    for src in list(r.in_play()):
        eff = src.effect
        if not isinstance(eff, EventTrigger) or src.card.name not in r.player(src.controller).battlefield:
            continue
        m = _TARGETED.fullmatch(eff.event)
        if m is None:
            continue
        r.evaluated_events.add(eff.event)
        for obj in objects:
            if _fits(r, m.group("subject"), src, obj) and _by_fits(m, caster, src.controller, r, by_spell):
                r.add_trigger(src.card.name, src.controller, src.controller, eff.ops, False, ("603.2e", "603.2"),
                              condition=eff.intervening)


_WARD = re.compile(r"\bward(?: (?P<mana>(?:\{[^}]+\})+)|\s*[—-]\s*(?P<other>[^(\n]+?))\s*(?:\(|$)", re.I | re.M)


def ward_counters(r: Resolver, caster: str, what: str) -> bool:
    """702.21a: a targeted permanent with ward, controlled by an opponent of the caster, counters the spell or
    ability unless the caster pays the ward cost. Whether they pay is a decision (default: they pay), said, the
    other line an alternative; a cost that moves something (life, a discard) is paid. True when countered."""
    for t in r.s.action.card_targets:
        card = r.cards.find(t.card)
        m = _WARD.search(card.oracle) if card is not None and t.zone == "battlefield" else None
        if card is None or m is None or caster not in r.opponents(t.player):
            continue
        cost = (m.group("mana") or m.group("other") or "").strip().rstrip(".")
        paying = cost if m.group("mana") else cost[0].lower() + cost[1:]
        paying = paying[4:] if paying.startswith("pay ") else f"the ward cost ({paying})"
        key = f"ward:{t.card}"
        paid = bool(r.choose(key, [True, False], True))
        said = "" if key in r.s.choices else " (assumed; the other choice is listed as an alternative)"
        if not paid:
            r.step(f"{t.card}'s ward triggers and {caster} doesn't pay {paying}{said}: {what} is countered, and "
                   "none of its effects happen.", (*r.rs.cite("ward"), *r.rs.cite("countered")), caster, "countered")
            return True
        r.step(f"{t.card}'s ward triggers: {caster} pays {paying}{said}, so {what} isn't countered.",
               r.rs.cite("ward"), caster, "assumption" if said else "choice")
        if not m.group("mana"):
            pay(r, card, read_cost(cost.lower(), card.name), caster, what="its ward")
    return False
