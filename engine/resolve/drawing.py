"""One instruction to draw, then each single draw as its own event (121.2): prohibitions, replacements in
the affected player's order, the draw itself, and the abilities it triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import (
    DrawFacts,
    DrawProhibition,
    DrawReplacement,
    DrawTrigger,
    Miracle,
    MultiDrawReplacement,
    Op,
    affects_player,
)
from engine.model import Batch
from engine.resolve.events import DrawEvent, EffectSource

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver



def draw_instruction(r: Resolver, who: str, count: int, source: str, applied: frozenset[str] = frozenset(),
                     *, announce: bool = True, additional: str = "") -> None:
    """An instruction to draw ``count`` cards: whole-instruction replacements, then single draws."""
    p = r.player(who)
    if p.lost or count <= 0:
        return
    if count >= 2:
        candidates = [src for src in r.in_play()
                      if isinstance(src.effect, MultiDrawReplacement) and src.key not in applied
                      and count >= src.effect.min_count
                      and r.affects(src.effect.affects, src.controller, who)]
        if candidates:
            src = candidates[0]
            if len(candidates) > 1:
                names = [c.key for c in candidates]
                pick = r.choose(f"multi_replacement:{who}", names, names[0])
                src = next(c for c in candidates if c.key == pick)
            r.step(f"{who} would draw {count} cards. {src.card.name} replaces the whole instruction "
                   "before any single draw.", (*r.rs.cite("multi_replacement"), "614.1a"), who,
                   "replaced_instruction", source=src.card.name)
            r.run_ops(src.effect.instead, you=src.controller, that_player=who, source=src.card.name,
                      applied=applied | {src.key})
            return
    if count > 1 and announce:
        r.step(f"{who} is instructed to draw {count} cards: {count} individual draws.",
               r.rs.cite("one_at_a_time"), who, "instruction")
    draw_cards(r, who, count, source, applied, additional)


def draw_cards(r: Resolver, who: str, count: int, source: str, applied: frozenset[str], additional: str = "") -> None:
    """``count`` single draws, compressed when a run of them repeats exactly."""
    r.draw_run(who, count, source, applied, additional)


def draw_event(r: Resolver, who: str, source: str, applied: frozenset[str], additional: str = "") -> DrawEvent:
    return DrawEvent(who, source, applied, additional, r.in_own_draw_step(who))


def single_draw(r: Resolver, event: DrawEvent) -> None:
    """One card draw as one event, in the rules' order: "can't" effects first (614.17), then the
    replacements in the affected player's order (616.1), then the draw itself (121.1) and what it triggers
    (603.2). A draw that is stopped or replaced never happens, so it triggers nothing (603.2g, 614.6)."""
    blocker = _prohibition(r, event)
    if blocker is not None:
        _explain_prohibited(r, event, blocker)
        return
    chosen = r.choose_replacement(event)
    if chosen is None:
        drew = perform_draw(r, event)
        if event.additional and drew:
            r.step(f"{event.who} {event.additional} (an additional action on the card drawn).",
                   r.rs.cite("additional_action"), event.who, "additional_action")
        return
    r.apply_replacement(event, chosen)


def _prohibition(r: Resolver, event: DrawEvent) -> tuple[EffectSource, str] | None:
    """The "can't" effect that stops this draw, with the step that says so, or None."""
    who = event.who
    facts = r.draw_facts(event)
    for src in r.prohibitions(who):
        eff: DrawProhibition = src.effect
        if not eff.stops(facts, r.relation(src.controller, who)):
            continue
        if eff.max_per_turn == 0:
            return src, f"{who} can't draw cards ({src.card.name}): the draw doesn't happen."
        if eff.max_per_turn == 1:
            text = f"{who} already drew a card this turn; {src.card.name} stops this draw"
            if not r.rs.has_max_one_rule:
                text += " (these rules have no general rule for this: the card's own text decides)"
            return src, text + "."
    return None


def _explain_prohibited(r: Resolver, event: DrawEvent, blocker: tuple[EffectSource, str]) -> None:
    """Say that the draw doesn't happen, and why the effects that would have acted on it don't."""
    src, text = blocker
    who = event.who
    eff: DrawProhibition = src.effect
    rules = r.rs.cite("cant_draw") if eff.max_per_turn == 0 else (
        r.rs.cite("max_one_each_turn") if r.rs.has_max_one_rule else ())
    r.step(text, rules, who, "prohibited", src.card.name)
    would_replace = sorted({c.card.name for c in r.replacement_candidates(event)})
    if would_replace:
        names = " and ".join(would_replace)
        r.step(f"{names} can't replace it: a draw that can't happen can't be replaced.",
               r.rs.cite("cant_beats_replacement"), who, "why_not", names)
    r.explain_no_triggers(event, "no card was drawn")


def perform_draw(r: Resolver, event: DrawEvent) -> bool:
    """The draw itself (121.1): the top card into hand, or an attempt on an empty library (121.4)."""
    who, source = event.who, event.source
    p = r.player(who)
    in_draw_step = event.in_draw_step
    if p.library.size == 0:
        p.attempted_empty_draw = True
        r.step(f"{who} attempts to draw from an empty library.",
               (*r.rs.cite("empty_library_attempt"), *r.rs.cite("sba_draw")), who, "empty_draw")
        return False
    facts = r.draw_facts(event)
    first_this_turn = p.drawn_this_turn == 0
    card = p.library.take_top(1).first()
    into_memory = r.s.action.into == "memory" and source != "the draw step"
    (p.memory if into_memory else p.hand).add(Batch([card] if card else [], 0 if card else 1))
    p.drawn_this_turn += 1
    if in_draw_step:
        p.drawn_this_draw_step += 1
    shown = f" ({card})" if card else ""
    if into_memory:
        r.step(f"{who} draws a card{shown} into their memory.", r.rs.cite("memory"), who, "draw")
    else:
        r.step(f"{who} draws a card{shown}.", r.rs.cite("draw"), who, "draw")
    if card:
        known = r.cards.find(card)
        if known and known.of(Miracle) and first_this_turn:
            cost = known.of(Miracle)[0].cost
            r.step(f"{card} is the first card {who} drew this turn: {who} may reveal it and cast it for "
                   f"its miracle cost {cost}; they may look at it before choosing to reveal it.",
                   (*r.rs.cite("miracle"), *r.rs.cite("reveal_as_drawn")), who, "miracle")
            r.add_trigger(f"{card} (miracle)", who, who, (Op("note", text="cast for miracle cost"),),
                          True, ("702.94a", "603.2"))
    for src in r.in_play():
        eff = src.effect
        if isinstance(eff, DrawTrigger) and eff.triggers_on(facts, r.relation(src.controller, who)):
            r.add_trigger(src.card.name, src.controller, who, eff.ops, eff.optional, eff.rules)
    if facts.first_in_draw_step:
        _explain_first_draw_excepted(r, event, facts)
    return True


def _explain_first_draw_excepted(r: Resolver, event: DrawEvent, facts: DrawFacts) -> None:
    """ "Except the first one they draw in each of their draw steps" (Notion Thief, Orcish Bowmasters): the
    turn's own draw (504.1) is the one draw such an effect leaves alone; said, so "does Notion Thief replace it?"
    answers No with the reason instead of a bare ruling."""
    who = event.who
    excepted = sorted({src.card.name for src in r.in_play()
                       if isinstance(src.effect, (DrawReplacement, DrawTrigger))
                       and src.effect.condition.except_first_in_draw_step
                       and getattr(src.effect, "zone", "battlefield") == "battlefield"
                       and affects_player(src.effect.affects, r.relation(src.controller, who))})
    whose = "your" if who == "You" else f"{who}'s"
    for name in excepted:  # its own kind: a reason a card did nothing, never what decided a count
        r.step(f"{name} doesn't apply to this draw: it is the first card {who} draws in {whose} draw step, the "
               "one its words except.", r.rs.cite("draw_step"), who, "excepted", name)


