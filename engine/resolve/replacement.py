"""Replacement effects on one draw (614, 616): which apply, the affected player's one choice among them, the
effect applied, and what the replaced draw no longer does.

Why one decision: 616.1 has the affected player choose one applicable effect at a time, optional ones
("you may ... instead": dredge, Abundance) among them; choosing none is possible only when every
applicable effect is optional. One decision per event, under one key (``order:<player>``), means a stated
choice ("I dredge Golgari Thug") is honoured wherever it arises, and the alternatives list every line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import DrawReplacement, DrawTrigger, GraveyardAbilitiesLost
from engine.resolve.events import DrawEvent, EffectSource
from engine.wording import owned_by

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

NO_REPLACEMENT = "draw normally"


def replacement_candidates(r: Resolver, event: DrawEvent) -> list[EffectSource]:
    """The replacements that could apply to this draw, each asked itself (614.1a), from the draw's facts."""
    facts = r.draw_facts(event)
    return [src for src in r.in_play_of(DrawReplacement)
            if src.key not in event.applied and src.key not in r.consumed and not _activations_spent(r, src)
            and src.effect.applies_to(facts, r.relation(src.controller, event.who))]


def activations(r: Resolver, src: EffectSource) -> int | None:
    """How many times the controller activated a "the next time you would draw" ability (the choice
    "activations:<card>:<player>"), None when not said."""
    said = r.s.choices.get(f"activations:{src.card.name}:{src.controller}")
    return said if isinstance(said, int) and not isinstance(said, bool) else None


def _activations_spent(r: Resolver, src: EffectSource) -> bool:
    """Each activation of a "the next time you would draw" ability replaces one draw, then is gone (614.1a, the
    cards' rulings): with the activations said, once that many draws were replaced the card replaces no more."""
    limit = activations(r, src) if src.effect.per_activation else None
    return limit is not None and sum(1 for k in r.consumed if k.startswith(f"{src.key}@")) >= limit


def choose_replacement(r: Resolver, event: DrawEvent) -> EffectSource | None:
    """The replacement the affected player applies first, or None when the card is drawn (616.1)."""
    who = event.who
    _explain_impossible_dredge(r, event)
    candidates = [c for c in replacement_candidates(r, event)
                  if r.s.choices.get(f"apply:{c.card.name}:{who}") is not False]
    if not candidates:
        return None
    by_name: dict[str, EffectSource] = {}
    for c in candidates:
        by_name.setdefault(_label(c, candidates), c)
    options: list[str] = list(by_name)
    if all(c.effect.optional and not (c.effect.per_activation and activations(r, c)) for c in candidates):
        options.append(NO_REPLACEMENT)  # an activated "next time you would draw" is no longer a "may"
    pick = r.choose(f"order:{who}", options, _default_replacement(r, event, candidates))
    if pick == NO_REPLACEMENT:
        names = " and ".join(options[:-1])
        r.step(f"{who} could apply {names} instead of drawing; the answer assumes {who} draws the card.",
               (*r.rs.cite("choose_replacement"), *r.rs.cite("optional_replacement")), who, "choice")
        return None
    chosen = by_name[pick]
    if len(options) > 1:
        others = [o for o in options if o not in (pick, NO_REPLACEMENT)]
        rest = (f"; {' and '.join(others)} may still apply to what it leads to" if others else
                " instead of drawing")
        r.step(f"{who} chooses to apply {pick} first{rest}.",
               (*r.rs.cite("choose_replacement"), *r.rs.cite("repeat_replacements"),
                *r.rs.cite("once_per_event")), who, "choice")
    return chosen


def _default_replacement(r: Resolver, event: DrawEvent, candidates: list[EffectSource]) -> str:
    """Without a stated choice: the effect the player said they use, else one that wins the game, else a
    mandatory one in the order listed, else (all optional) an optional one only when the library is
    empty, since that keeps the player in the game; otherwise the card is drawn."""
    who = event.who
    stated = [c for c in candidates if r.s.choices.get(f"apply:{c.card.name}:{who}") is True
              or c.effect.per_activation and (activations(r, c) or 0) > 0]
    wins = [c for c in candidates if any(op.do == "win" for op in c.effect.instead)]
    mandatory = [c for c in candidates if not c.effect.optional]
    for group in (stated, wins, mandatory):
        if group:
            return _label(group[0], candidates)
    return _label(candidates[0], candidates) if r.player(who).library.size == 0 else NO_REPLACEMENT


def _label(c: EffectSource, candidates: list[EffectSource]) -> str:
    """The effect's name as the player chooses it: the card's name, with its controller's when permanents of
    that name under different controllers apply (two players' Notion Thieves send the draw to different
    players: the affected player chooses which, the card's ruling); copies under one controller are one."""
    owners = {o.controller for o in candidates if o.card.name == c.card.name}
    return c.card.name if len(owners) == 1 else f"{c.card.name} ({owned_by(c.controller)})"


def apply_replacement(r: Resolver, event: DrawEvent, chosen: EffectSource) -> None:
    who = event.who
    eff: DrawReplacement = chosen.effect
    rules = list(r.rs.cite("replace_draw")) if eff.zone == "battlefield" else list(eff.rules)
    if r.player(who).library.size == 0:
        rules += r.rs.cite("replace_empty")
    r.step(f"{who} would draw a card. {chosen.card.name} replaces it.", rules, who, "replaced_draw",
           chosen.card.name)
    if event.additional:
        r.step(f"The draw was replaced, so the additional action ({event.additional}) is not performed "
               "on any card drawn because of the replacement.", r.rs.cite("additional_action"), who,
               "additional_action")
    explain_no_triggers(r, event, f"the draw was replaced by {chosen.card.name}")
    if eff.per_activation:
        r.consumed.add(f"{chosen.key}@{len(r.consumed)}")  # one activation used up
    r.run_ops(eff.instead, you=chosen.controller, that_player=who, source=chosen.card.name,
              applied=event.applied | {chosen.key}, replacing=True)


def explain_no_triggers(r: Resolver, event: DrawEvent, why: str) -> None:
    """603.2g: a draw that is stopped or replaced never happens, so "whenever ... draws" doesn't trigger."""
    who = event.who
    facts = r.draw_facts(event)
    names = sorted({src.card.name for src in r.in_play_of(DrawTrigger)
                    if src.effect.triggers_on(facts, r.relation(src.controller, who))})
    if names:
        r.step(f"{' and '.join(names)} doesn't trigger for it: {why}, so that draw never happened.",
               r.rs.cite("replaced_never_happens"), who, "why_not")


def _explain_impossible_dredge(r: Resolver, event: DrawEvent) -> None:
    """702.52b: a dredge N card can't be used with fewer than N cards in the library; say so when the
    player has such a card in their graveyard, since players expect to be able to use it."""
    p = r.player(event.who)
    silencer = next((src.card.name for src in r.in_play_of(GraveyardAbilitiesLost)), None)
    if silencer:
        for name in dict.fromkeys(p.graveyard.cards):
            card = r.cards.find(name)
            if card is not None and card.dredge:
                r.step(f"{name} has no abilities in the graveyard ({silencer}): it can't dredge.",
                       r.rs.cite("graveyard_abilities_lost"), event.who, "why_not")
    for src in r.in_play_of(DrawReplacement):
        eff = src.effect
        if (eff.zone == "graveyard" and src.controller == event.who
            and src.key not in event.applied and p.library.size < eff.condition.min_library):
            r.step(f"{src.card.name} can't be used to replace this draw: dredge "
                   f"{eff.condition.min_library} needs {eff.condition.min_library} cards in the library, and "
                   f"{event.who} has {p.library.size}.", r.rs.cite("dredge_too_few"), event.who, "why_not",
               source=src.card.name)



