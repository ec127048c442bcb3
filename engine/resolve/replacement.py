"""Replacement effects on one draw (614, 616): which apply, the affected player's one choice among them, the
effect applied, and what the replaced draw no longer does.

Why one decision: 616.1 has the affected player choose one applicable effect at a time, optional ones
("you may ... instead": dredge, Abundance) among them; choosing none is possible only when every
applicable effect is optional. One decision per event, under one key (``order:<player>``), means a stated
choice ("I dredge Golgari Thug") is honoured wherever it arises, and the alternatives list every line.
"""

from __future__ import annotations

from engine.effects import DrawReplacement, DrawTrigger, GraveyardAbilitiesLost
from engine.resolve.core import ResolverCore
from engine.resolve.events import DrawEvent, EffectSource

NO_REPLACEMENT = "draw normally"


class ReplacementMixin(ResolverCore):
    """The replacement stage of the single-draw pipeline."""

    def replacement_candidates(self, event: DrawEvent) -> list[EffectSource]:
        return [src for src in self.in_play()
                if isinstance(src.effect, DrawReplacement) and src.key not in event.applied
                and src.key not in self.consumed and self._replacement_applies(src, event)]

    def choose_replacement(self, event: DrawEvent) -> EffectSource | None:
        """The replacement the affected player applies first, or None when the card is drawn (616.1)."""
        who = event.who
        self._explain_impossible_dredge(event)
        candidates = [c for c in self.replacement_candidates(event)
                      if self.s.choices.get(f"apply:{c.card.name}:{who}") is not False]
        if not candidates:
            return None
        by_name: dict[str, EffectSource] = {}
        for c in candidates:
            by_name.setdefault(c.card.name, c)
        options: list[str] = list(by_name)
        if all(c.effect.optional for c in candidates):
            options.append(NO_REPLACEMENT)
        pick = self.choose(f"order:{who}", options, self._default_replacement(event, candidates))
        if pick == NO_REPLACEMENT:
            names = " and ".join(options[:-1])
            self.step(f"{who} could apply {names} instead of drawing; the answer assumes {who} draws the card.",
                      (*self.rs.cite("choose_replacement"), *self.rs.cite("optional_replacement")), who, "choice")
            return None
        chosen = by_name[pick]
        if len(options) > 1:
            others = [o for o in options if o not in (pick, NO_REPLACEMENT)]
            rest = (f"; {' and '.join(others)} may still apply to what it leads to" if others else
                    " instead of drawing")
            self.step(f"{who} chooses to apply {pick} first{rest}.",
                      (*self.rs.cite("choose_replacement"), *self.rs.cite("repeat_replacements"),
                       *self.rs.cite("once_per_event")), who, "choice")
        return chosen

    def _default_replacement(self, event: DrawEvent, candidates: list[EffectSource]) -> str:
        """Without a stated choice: the effect the player said they use, else one that wins the game, else a
        mandatory one in the order listed, else (all optional) an optional one only when the library is
        empty, since that keeps the player in the game; otherwise the card is drawn."""
        who = event.who
        stated = [c for c in candidates if self.s.choices.get(f"apply:{c.card.name}:{who}") is True]
        wins = [c for c in candidates if any(op.do == "win" for op in c.effect.instead)]
        mandatory = [c for c in candidates if not c.effect.optional]
        for group in (stated, wins, mandatory):
            if group:
                return group[0].card.name
        return candidates[0].card.name if self.player(who).library.size == 0 else NO_REPLACEMENT

    def apply_replacement(self, event: DrawEvent, chosen: EffectSource) -> None:
        who = event.who
        eff: DrawReplacement = chosen.effect
        rules = list(self.rs.cite("replace_draw")) if eff.zone == "battlefield" else list(eff.rules)
        if self.player(who).library.size == 0:
            rules += self.rs.cite("replace_empty")
        self.step(f"{who} would draw a card. {chosen.card.name} replaces it.", rules, who, "replaced_draw",
                  chosen.card.name)
        if event.additional:
            self.step(f"The draw was replaced, so the additional action ({event.additional}) is not performed "
                      "on any card drawn because of the replacement.", self.rs.cite("additional_action"), who,
                      "additional_action")
        self.explain_no_triggers(event, f"the draw was replaced by {chosen.card.name}")
        self.run_ops(eff.instead, you=chosen.controller, that_player=who, source=chosen.card.name,
                     applied=event.applied | {chosen.key}, replacing=True)

    def explain_no_triggers(self, event: DrawEvent, why: str) -> None:
        """603.2g: a draw that is stopped or replaced never happens, so "whenever ... draws" doesn't trigger."""
        who = event.who
        names = sorted({src.card.name for src in self.in_play()
                        if isinstance(src.effect, DrawTrigger)
                        and self.affects(src.effect.affects, src.controller, who)
                        and not (src.effect.condition.except_first_in_draw_step and event.in_draw_step
                                 and self.player(who).drawn_this_draw_step == 0)})
        if names:
            self.step(f"{' and '.join(names)} doesn't trigger for it: {why}, so that draw never happened.",
                      self.rs.cite("replaced_never_happens"), who, "why_not")

    def _explain_impossible_dredge(self, event: DrawEvent) -> None:
        """702.52b: a dredge N card can't be used with fewer than N cards in the library; say so when the
        player has such a card in their graveyard, since players expect to be able to use it."""
        p = self.player(event.who)
        silencer = next((src.card.name for src in self.in_play() if isinstance(src.effect, GraveyardAbilitiesLost)),
                        None)
        if silencer:
            for name in dict.fromkeys(p.graveyard.cards):
                card = self.cards.find(name)
                if card is not None and card.dredge:
                    self.step(f"{name} has no abilities in the graveyard ({silencer}): it can't dredge.",
                              self.rs.cite("graveyard_abilities_lost"), event.who, "why_not")
        for src in self.in_play():
            eff = src.effect
            if (isinstance(eff, DrawReplacement) and eff.zone == "graveyard" and src.controller == event.who
                    and src.key not in event.applied and p.library.size < eff.condition.min_library):
                self.step(f"{src.card.name} can't be used to replace this draw: dredge "
                          f"{eff.condition.min_library} needs {eff.condition.min_library} cards in the library, and "
                          f"{event.who} has {p.library.size}.", self.rs.cite("dredge_too_few"), event.who, "why_not",
                          source=src.card.name)

    def _replacement_applies(self, src: EffectSource, event: DrawEvent) -> bool:
        eff: DrawReplacement = src.effect
        who = event.who
        if eff.zone == "graveyard":
            if src.controller != who:
                return False
        elif not self.affects(eff.affects, src.controller, who):
            return False
        p = self.player(who)
        cond = eff.condition
        if cond.except_first_in_draw_step and event.in_draw_step and p.drawn_this_draw_step == 0:
            return False
        if cond.source and cond.source != event.source:
            return False
        if cond.library_empty is not None and (p.library.size == 0) != cond.library_empty:
            return False
        if cond.hand_empty is not None and (p.hand.size == 0) != cond.hand_empty:
            return False
        return p.library.size >= cond.min_library
