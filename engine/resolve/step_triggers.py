"""The beginning of a step that has no draw of its own (the upkeep, the beginning of combat, the end step): what
happens is what triggers "at the beginning of" it (503.1a, 507.2, 513.1, 603.2).

Why a stage of its own: a player asks "it's my upkeep and I control Bloodgift Demon: what happens?". The step
has no turn-based action, so the answer is the abilities that trigger as it begins, each judged by whose turn it
is ("your upkeep" only on its controller's turn, "each opponent's upkeep" only on another player's, "each
upkeep" on every turn), put on the stack and resolved with the state-based actions between them. An ability of
that step the engine holds only as words, or a keyword that triggers then (cumulative upkeep, echo, fading,
vanishing), is refused with its words: leaving it out would be a partial answer given as whole.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.effects import EventTrigger, NotModelled
from engine.errors import ScenarioError
from engine.resolve.events import EffectSource
from engine.trigger_events import AT_BEGINNING, STEP_WORDS, UPKEEP_KEYWORDS
from engine.wording import possessive

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

def _fits(r: Resolver, m: re.Match[str], controller: str) -> bool:
    """Whether the turn is one the ability's words name, for its controller (in Two-Headed Giant the team's turn
    is each of its players' turn, 805.4)."""
    active = r.player(r.active)
    own_turn = controller == active.name or bool(active.team) and r.player(controller).team == active.team
    whose = ((m.group("whose") or "") + (m.group("on") or "")).lower()
    if "opponent" in whose:
        return not own_turn
    if "your" in whose:
        return own_turn
    return True  # "each", "the", "each player's": every turn


def _words(src: EffectSource) -> str:
    line = next((ln for ln in src.card.oracle.split("\n") if ln.lower().startswith("at the beginning")),
                src.card.oracle)
    return line[:400]


def _refuse_unread(r: Resolver, src: EffectSource, step: str, words: str) -> None:
    """An ability of this step held only as words, or a keyword that triggers at the upkeep: refused."""
    text = src.effect.text.lower().replace("’", "'") if isinstance(src.effect, NotModelled) else ""
    m = AT_BEGINNING.match(text)
    if m is not None and m.group("step") == words and not m.group("next") and _fits(r, m, src.controller):
        raise ScenarioError(f"{src.card.name}: “{src.effect.text[:200]}” triggers at the beginning of the {words}, and "
                            "the engine can't carry it out yet", "battlefield", _words(src))
    keyword = next((k for k in UPKEEP_KEYWORDS if text.startswith(k)), None)
    if step == "upkeep" and keyword and src.controller == r.active:
        raise ScenarioError(f"{src.card.name}: its {keyword} triggers at the beginning of "
                            f"{possessive(src.controller)} upkeep ({UPKEEP_KEYWORDS[keyword]}), and the engine can't "
                            "carry it out yet", "battlefield", src.card.oracle[:400])


def action_beginning_of_step(r: Resolver) -> None:
    """The step begins: each ability that triggers at its beginning, on this turn, triggers (603.2); they go on
    the stack the active player's first (603.3b) and resolve when the resolver settles."""
    step = r.s.step
    if step not in STEP_WORDS:
        raise ScenarioError(f"the beginning of the {step} step is not one the engine resolves", "step",
                            "upkeep, combat or end (the draw step is the draw_step action)")
    words, rules = STEP_WORDS[step]
    whose = possessive(r.active)
    r.step(f"{whose[:1].upper()}{whose[1:]} {words} begins: the abilities that trigger at its beginning trigger.",
           rules, r.active, "step")
    triggered = 0
    for src in r.in_play():
        effect = src.effect
        m = AT_BEGINNING.match(effect.event) if isinstance(effect, EventTrigger) else None
        if m is None:
            _refuse_unread(r, src, step, words)
            continue
        r.evaluated_events.add(effect.event)
        if m.group("step") != words or m.group("next"):
            continue
        if not _fits(r, m, src.controller):
            whose_turn = "its controller's own turn" if src.controller == r.active else \
                f"{possessive(r.active)} turn, not {possessive(src.controller)}"
            r.step(f"{src.card.name}'s “{effect.event}” doesn't trigger: it is {whose_turn}.", ("603.2",),
                   src.controller, "why_not", source=src.card.name)
            continue
        r.add_trigger(src.card.name, src.controller, r.active, effect.ops, False, rules,
                      condition=effect.intervening)
        triggered += 1
    if not triggered:
        r.step(f"Nothing on the battlefield triggers at the beginning of {possessive(r.active)} {words}.", rules,
               r.active, "why_not")
