"""One instruction to draw, then each single draw as its own event (121.2): prohibitions, replacements in
the affected player's order, the draw itself, and the abilities it triggers."""

from __future__ import annotations

from engine.effects import (
    DrawProhibition,
    DrawReplacement,
    DrawTrigger,
    Miracle,
    MultiDrawReplacement,
    Op,
)
from engine.model import Batch
from engine.resolve.core import ResolverCore
from engine.resolve.events import EffectSource


class DrawingMixin(ResolverCore):

    def draw_instruction(self, who: str, count: int, source: str, applied: frozenset[str] = frozenset(),
                         *, announce: bool = True, additional: str = "") -> None:
        """An instruction to draw ``count`` cards: whole-instruction replacements, then single draws."""
        p = self.player(who)
        if p.lost or count <= 0:
            return
        if count >= 2:
            candidates = [src for src in self.in_play()
                          if isinstance(src.effect, MultiDrawReplacement) and src.key not in applied
                          and count >= src.effect.min_count
                          and self.affects(src.effect.affects, src.controller, who)]
            if candidates:
                src = candidates[0]
                if len(candidates) > 1:
                    names = [c.key for c in candidates]
                    pick = self.choose(f"multi_replacement:{who}", names, names[0])
                    src = next(c for c in candidates if c.key == pick)
                self.step(f"{who} would draw {count} cards. {src.card.name} replaces the whole instruction "
                          "before any single draw.", (*self.rs.cite("multi_replacement"), "614.1a"), who,
                          "replaced_instruction")
                self.run_ops(src.effect.instead, you=src.controller, that_player=who, source=src.card.name,
                             applied=applied | {src.key})
                return
        if count > 1 and announce:
            self.step(f"{who} is instructed to draw {count} cards: {count} individual draws.",
                      self.rs.cite("one_at_a_time"), who, "instruction")
        self.draw_cards(who, count, source, applied, additional)

    def draw_cards(self, who: str, count: int, source: str, applied: frozenset[str], additional: str = "") -> None:
        """``count`` single draws, compressed when a run of them repeats exactly."""
        outer_source, self._draw_source = self._draw_source, source
        try:
            self._draw_run(who, count, source, applied, additional)
        finally:
            self._draw_source = outer_source

    def single_draw(self, who: str, source: str, applied: frozenset[str], additional: str = "") -> None:
        """One card draw (121.1, 121.2): prohibitions, then replacements in the player's order, then the draw."""
        p = self.player(who)
        # 614.17 / 101.2: "can't" effects are checked before any replacement.
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawProhibition) and self.affects(eff.affects, src.controller, who):
                if eff.max_per_turn == 0:
                    self.step(f"{who} can't draw cards ({src.card.name}): the draw doesn't happen.",
                              self.rs.cite("cant_draw"), who, "prohibited")
                    return
                if eff.max_per_turn == 1 and p.drawn_this_turn >= 1:
                    if self.rs.has_max_one_rule:
                        self.step(f"{who} already drew a card this turn; {src.card.name} stops this draw.",
                                  self.rs.cite("max_one_each_turn"), who, "prohibited")
                    else:
                        self.step(f"{who} already drew a card this turn; {src.card.name} stops this draw (these "
                                  "rules have no general rule for this: the card's own text decides).", (), who,
                                  "prohibited")
                    return
        candidates = [src for src in self.in_play()
                      if isinstance(src.effect, DrawReplacement) and src.key not in applied
                      and src.key not in self.consumed and self._replacement_applies(src, who)]
        optional = [c for c in candidates if c.effect.optional]
        mandatory = [c for c in candidates if not c.effect.optional]
        usable = list(mandatory)
        for c in optional:
            default = p.library.size == 0 or (c.effect.zone == "graveyard" and False)
            if self.choose(f"apply:{c.card.name}:{who}", [True, False], default):
                usable.append(c)
        if not usable:
            drew = self.perform_draw(who, source)
            if additional and drew:
                self.step(f"{who} {additional} (an additional action on the card drawn).",
                          self.rs.cite("additional_action"), who, "additional_action")
            return
        chosen = usable[0]
        if len(usable) > 1:
            keys = [c.card.name for c in usable]
            # Default order: an effect that wins the game first, else the order the cards are listed.
            default = next((c.card.name for c in usable if any(op.do == "win" for op in c.effect.instead)),
                           keys[0])
            pick = self.choose(f"order:{who}", keys, default)
            chosen = next(c for c in usable if c.card.name == pick)
            self.step(f"{len(usable)} replacement effects apply to {who}'s draw; {who} chooses "
                      f"{chosen.card.name} first, and the others may apply to what it leads to.",
                      (*self.rs.cite("choose_replacement"), *self.rs.cite("repeat_replacements"),
                       *self.rs.cite("once_per_event")), who, "choice")
        eff: DrawReplacement = chosen.effect
        rules = list(self.rs.cite("replace_draw")) if chosen.effect.zone == "battlefield" else list(eff.rules)
        if p.library.size == 0:
            rules += self.rs.cite("replace_empty")
        self.step(f"{who} would draw a card. {chosen.card.name} replaces it.", rules, who, "replaced_draw")
        if additional:
            self.step(f"The draw was replaced, so the additional action ({additional}) is not performed on "
                      "any card drawn because of the replacement.", self.rs.cite("additional_action"), who,
                      "additional_action")
        self.run_ops(eff.instead, you=chosen.controller, that_player=who, source=chosen.card.name,
                     applied=applied | {chosen.key}, replacing=True)

    def _replacement_applies(self, src: EffectSource, who: str) -> bool:
        eff: DrawReplacement = src.effect
        if eff.zone == "graveyard":
            if src.controller != who:
                return False
        elif not self.affects(eff.affects, src.controller, who):
            return False
        p = self.player(who)
        cond = eff.condition
        if cond.except_first_in_draw_step and self._in_own_draw_step(who) and p.drawn_this_draw_step == 0:
            return False
        if cond.source and cond.source != self._draw_source:
            return False
        if cond.library_empty is not None and (p.library.size == 0) != cond.library_empty:
            return False
        if cond.hand_empty is not None and (p.hand.size == 0) != cond.hand_empty:
            return False
        return p.library.size >= cond.min_library

    def perform_draw(self, who: str, source: str) -> bool:
        p = self.player(who)
        in_draw_step = self._in_own_draw_step(who)
        if p.library.size == 0:
            p.attempted_empty_draw = True
            self.step(f"{who} attempts to draw from an empty library.",
                      (*self.rs.cite("empty_library_attempt"), *self.rs.cite("sba_draw")), who, "empty_draw")
            return False
        first_this_turn = p.drawn_this_turn == 0
        first_in_step = p.drawn_this_draw_step == 0
        card = p.library.take_top(1).first()
        into_memory = self.s.action.into == "memory" and source != "the draw step"
        (p.memory if into_memory else p.hand).add(Batch([card] if card else [], 0 if card else 1))
        p.drawn_this_turn += 1
        if in_draw_step:
            p.drawn_this_draw_step += 1
        shown = f" ({card})" if card else ""
        if into_memory:
            self.step(f"{who} draws a card{shown} into their memory.", self.rs.cite("memory"), who, "draw")
        else:
            self.step(f"{who} draws a card{shown}.", self.rs.cite("draw"), who, "draw")
        if card:
            known = self.cards.find(card)
            if known and known.of(Miracle) and first_this_turn:
                cost = known.of(Miracle)[0].cost
                self.step(f"{card} is the first card {who} drew this turn: {who} may reveal it and cast it for "
                          f"its miracle cost {cost}; they may look at it before choosing to reveal it.",
                          (*self.rs.cite("miracle"), *self.rs.cite("reveal_as_drawn")), who, "miracle")
                self.add_trigger(f"{card} (miracle)", who, who, (Op("note", text="cast for miracle cost"),),
                                 True, ("702.94a", "603.2"))
        for src in self.in_play():
            eff = src.effect
            if isinstance(eff, DrawTrigger) and self.affects(eff.affects, src.controller, who):
                if eff.condition.except_first_in_draw_step and in_draw_step and first_in_step:
                    continue
                self.add_trigger(src.card.name, src.controller, who, eff.ops, eff.optional, eff.rules)
        return True
