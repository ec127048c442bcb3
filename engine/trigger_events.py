"""The kinds of game event a triggered ability waits for, read from its words, so that the resolver can tell
when an event it carried out could have triggered an ability it does not know how to trigger.

Why: a trigger condition the engine can't evaluate is not the same as a trigger that doesn't fire. If a card
is discarded while "Whenever you discard a card, ..." is on the battlefield, an answer that ignores the
ability is a wrong ruling presented as whole. The resolver records each kind of event it carries out; an
ability on the battlefield waiting for that kind of event that no stage of the resolver evaluated refuses
the resolution, naming the ability.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum


class EventKind(StrEnum):
    DISCARD = "discard"
    CAST = "cast"
    GAIN_LIFE = "gain_life"
    LOSE_LIFE = "lose_life"
    TOKEN = "token"
    LEAVES = "leaves"
    DIES = "dies"
    ENTERS = "enters"
    SACRIFICE = "sacrifice"
    CYCLE = "cycle"
    MILL = "mill"
    EXILE = "exile"
    RING = "ring"
    TARGET = "target"
    SHUFFLE = "shuffle"
    SEARCH = "search"
    GIFT = "gift"
    DIE_ROLL = "die roll"
    DRAW_STEP = "draw step"
    SURVEIL = "surveil"
    COUNTER = "counter"
    ATTACK = "attack"
    COMBAT_DAMAGE = "combat damage"


_WORDS: dict[EventKind, re.Pattern[str]] = {
    EventKind.DISCARD: re.compile(r"\bdiscards?\b"),
    EventKind.CAST: re.compile(r"\bcasts?\b|\bcop(?:y|ies)\b"),
    EventKind.GAIN_LIFE: re.compile(r"\bgains? life\b"),
    EventKind.LOSE_LIFE: re.compile(r"\blos(?:es?|t) life\b|\bis dealt damage\b|"
                                    r"\bdeals? (?:combat )?damage to (?:a|an|you|target|one or more) "
                                    r"(?:player|opponent)"),
    EventKind.TOKEN: re.compile(r"\bcreates? (?:a|one or more) tokens?\b|\btokens? (?:you control )?enters?\b"),
    EventKind.LEAVES: re.compile(r"\bleaves? the battlefield\b|\bleave the battlefield\b"),
    EventKind.DIES: re.compile(r"\bdies?\b|\bput into (?:a|your|an opponent's) graveyard from the battlefield\b"),
    EventKind.ENTERS: re.compile(r"\benters?\b"),
    EventKind.SACRIFICE: re.compile(r"\bsacrifices?\b"),
    EventKind.CYCLE: re.compile(r"\bcycles?\b"),
    EventKind.MILL: re.compile(r"\bmills?\b|\bput into (?:a|your|an opponent's) graveyard from (?:a|your|their) "
                               r"library\b"),
    EventKind.EXILE: re.compile(r"\bexiled?\b"),
    EventKind.RING: re.compile(r"\bring tempts\b"),
    EventKind.TARGET: re.compile(r"\bbecomes? the target\b"),
    EventKind.SHUFFLE: re.compile(r"\bshuffles?\b"),
    EventKind.SEARCH: re.compile(r"\bsearch(?:es)?\b"),
    EventKind.GIFT: re.compile(r"\bgives? a gift\b"),
    EventKind.DIE_ROLL: re.compile(r"\brolls? (?:one or more dice|a die|dice|a d\d+|a natural|a \d+)"),
    EventKind.SURVEIL: re.compile(r"\bsurveils?\b"),
    EventKind.COUNTER: re.compile(r"\bcounters? (?:is|are) (?:put|placed) on\b"),
    EventKind.ATTACK: re.compile(r"\battacks?\b"),
    EventKind.COMBAT_DAMAGE: re.compile(r"\bdeals? (?:combat )?damage\b|\bis dealt (?:combat )?damage\b"),
    EventKind.DRAW_STEP: re.compile(r"^at the beginning of (?:the|each|your|[a-z' ]+'s?) draw step\b"),
}

class EventLog(set[EventKind]):
    """The kinds of event a resolution carried out, each with how many times, so that a permanent that entered
    part-way through is asked only about the events after it arrived (an ability doesn't see the spell that
    put it on the battlefield being cast: it was on the stack then)."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[EventKind, int] = {}

    def add(self, kind: EventKind) -> None:
        super().add(kind)
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def update(self, *kinds: Iterable[EventKind]) -> None:
        for group in kinds:
            for kind in group:
                self.add(kind)

    def since(self, before: dict[EventKind, int]) -> frozenset[EventKind]:
        """The kinds that happened after the snapshot ``before`` (a copy of ``counts``)."""
        return frozenset(k for k, n in self.counts.items() if n > before.get(k, 0))


# "When ~ enters" waits only for the card itself: it can trigger only as that card's own zone change, which
# the resolver handles when the action is that card's; it never watches another card's event.
# "when ~ enters", never "when ~ enters and whenever you cast a spell ..." (that one watches other events too)
_SELF_ONLY = re.compile(r"^(?:when|whenever) ~ (?!or )(?!.* and whenever )")


def self_only(event: str) -> bool:
    """Whether the event is the card's own zone change ("when ~ enters"), never another card's."""
    return bool(_SELF_ONLY.match(event.lower()))


def event_kinds(event: str) -> frozenset[EventKind]:
    """The kinds of event a trigger condition ("whenever you discard a card") waits for; none for a trigger
    of the card's own zone change or a step ("at the beginning of your upkeep")."""
    low = event.lower()
    if low.startswith("at "):  # a step: only the draw step, which a draw-step action carries out (504.2)
        return frozenset({EventKind.DRAW_STEP}) if _WORDS[EventKind.DRAW_STEP].search(low) else frozenset()
    if _SELF_ONLY.match(low) or low.startswith("chapter "):
        return frozenset()
    return frozenset(kind for kind, rx in _WORDS.items() if rx.search(low))


__all__ = ["EventKind", "EventLog", "event_kinds", "self_only"]


# the scenario's step → how an ability names it, and the rules of its beginning
STEP_WORDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "upkeep": ("upkeep", ("503.1", "503.1a", "603.2")),
    "combat": ("combat", ("507.1", "507.2", "603.2")),
    "end": ("end step", ("513.1", "603.2")),
}

# "at the beginning of your upkeep", "... of each opponent's end step", "... of combat on your turn",
# "... of the end step", "... of each player's upkeep"; "next" names one step to come (a delayed trigger): not here
AT_BEGINNING = re.compile(r"^at the beginning of (?P<whose>your |each |each player's |each opponent's |an opponent's "
                          r"|each of your opponents' |the |that player's )?(?P<next>next )?(?P<step>upkeep|end step|"
                          r"combat)(?P<on> on (?:your|each player's|each opponent's) turn)?\b", re.I)
# keywords that trigger at the beginning of their controller's upkeep
UPKEEP_KEYWORDS = {"cumulative upkeep": "702.24a", "echo": "702.30a", "fading": "702.32a", "vanishing": "702.63a"}


def begins_step(effect_text: str) -> str:
    """The step ("upkeep", "combat", "end step") at whose beginning an ability's words trigger, "" for none (a
    "next" step is one to come, never the step a situation is in)."""
    m = AT_BEGINNING.match(effect_text.lower().replace("’", "'"))
    if m is not None and not m.group("next"):
        return m.group("step")
    keyword = next((k for k in UPKEEP_KEYWORDS if effect_text.lower().startswith(k)), None)
    return "upkeep" if keyword else ""
