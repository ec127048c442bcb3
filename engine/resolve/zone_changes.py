"""Zone changes a player asks about: a permanent entering the battlefield (603.6a), dying (700.4), a card put
into a graveyard from the library or hand, and a card cycled (702.29c-d). Each triggers the card's own
abilities for it and, judged by the card's type line, other permanents' abilities that watch for it."""

from __future__ import annotations

import re

from engine.cards import Card
from engine.effects import EventTrigger
from engine.model import Batch
from engine.resolve.core import ResolverCore
from engine.resolve.events import EffectSource

# "When this creature enters", "Whenever Kiora enters or attacks": a card's own abilities on entering
_SELF_ENTERS = re.compile(r"^when(?:ever)? ~ (?:\w+ )*?enters\b")
# "Whenever a land you control enters", "whenever another nontoken creature enters", "whenever one or more
# enchantments you control enter"
_OTHERS_ENTER = re.compile(r"^whenever (?:a|an|another|one or more)(?: other)? (?P<types>[\w ,/-]+?)s?"
                           r"(?P<whose> you control| an opponent controls| your opponents control)? enters?\b")
_SELF_DIES = re.compile(r"^when(?:ever)? ~ (?:dies|is put into (?:a|your) graveyard(?: from the battlefield| from "
                        r"anywhere)?)\b")
_OTHERS_DIE = re.compile(r"^whenever (?:a|an|another|one or more)(?: other)? (?P<types>[\w ,/-]+?)s?"
                         r"(?P<whose> you control| an opponent controls| your opponents control)? dies?\b")


class ZoneChangeMixin(ResolverCore):
    """Zone changes and the abilities they trigger."""

    def _enters(self, card: Card, controller: str) -> None:
        """603.6a: the card's own "when this enters" abilities, and other permanents' abilities that trigger
        on a permanent of its type entering (landfall, constellation, "whenever a creature you control
        enters"), each judged by the entering card's type line."""
        own = [e for e in card.of(EventTrigger) if _SELF_ENTERS.search(e.event) and "~" in e.event]
        self.step(f"{card.name} enters the battlefield; {controller} controls it.", self.rs.cite("etb"),
                  controller, "enters")
        watchers = [src for src in self.in_play() if isinstance(src.effect, EventTrigger)
                    and self._sees_entering(src.effect.event, card, controller, src.controller)]
        self.player(controller).battlefield.append(card.name)
        self._trigger_on(card, controller, own, watchers, "entering", ("603.6a", "603.2"))

    def _dies(self, card: Card, controller: str) -> None:
        """700.4: the permanent is put into its owner's graveyard from the battlefield; its own "when this
        dies" abilities and others' "whenever a creature you control dies" trigger (603.6c, 603.10a)."""
        p = self.player(controller)
        if card.name in p.battlefield:
            p.battlefield.remove(card.name)
        watchers = [src for src in self.in_play() if isinstance(src.effect, EventTrigger)
                    and self._sees(_OTHERS_DIE, src.effect.event, card, controller, src.controller)]
        p.graveyard.add(Batch([card.name]))
        self.step(f"{card.name} dies: it is put into {controller}'s graveyard from the battlefield.",
                  self.rs.cite("dies"), controller, "dies")
        own = [e for e in card.of(EventTrigger) if _SELF_DIES.search(e.event)]
        self._trigger_on(card, controller, own, watchers, "dying", ("603.10a", "603.2"))

    def _to_graveyard(self, card: Card, owner: str, zone: str) -> None:
        """A card put into its owner's graveyard from the library or hand (milled, discarded): its own
        abilities that trigger on that ("when this is put into your graveyard from your library", "from
        anywhere", "when you discard this card") trigger (603.6c, 603.10a)."""
        p = self.player(owner)
        source = p.library if zone == "library" else p.hand
        if not source.remove_named(card.name) and source.unknown:
            source.unknown -= 1
        p.graveyard.add(Batch([card.name]))
        where = "library" if zone == "library" else "hand"
        self.step(f"{card.name} is put into {owner}'s graveyard from their {where}.", self.rs.cite("to_graveyard"),
                  owner, "to_graveyard")
        own = [e for e in card.of(EventTrigger) if re.match(
            rf"^when(?:ever)? (?:~ is put into (?:a|your) graveyard from (?:your {where}|anywhere)"
            rf"{'|you discard ~' if where == 'hand' else ''})\b", e.event)]
        if not own:
            self.notes.append(f"{card.name} going to the graveyard from the {where} triggers nothing the engine "
                              "reads.")
        for trigger in own:
            self.add_trigger(card.name, owner, owner, trigger.ops, False, ("603.10a", "603.2"))

    def _sees_entering(self, event: str, card: Card, controller: str, watcher: str) -> bool:
        return self._sees(_OTHERS_ENTER, event, card, controller, watcher)

    def _sees(self, pattern: re.Pattern[str], event: str, card: Card, controller: str, watcher: str) -> bool:
        m = pattern.match(event)
        if not m or "~" in event:
            return False
        whose = m.group("whose") or ""
        if "you control" in whose and controller != watcher or "opponent" in whose and controller == watcher:
            return False
        kinds = [k for k in re.split(r" or | and/or |, ", m.group("types") or "") if k]
        if not kinds:
            return True
        line = card.type_line.lower()
        if not line:
            return False  # the entering card's types are not known: the trigger is not assumed
        return any(all(w in line.split() or w.startswith("non") and w[3:] not in line.split()
                       for w in kind.replace("-", "").split() if w not in ("another", "other"))
                   for kind in kinds)

    def sacrifice_triggers(self, payer: str, card: Card | None) -> None:
        """"Whenever you sacrifice a creature / a permanent / another artifact" (603.2), judged by the
        sacrificed permanent's type line."""
        for src in self.in_play():
            eff = src.effect
            if not isinstance(eff, EventTrigger) or src.controller != payer:
                continue
            m = re.match(r"whenever you sacrifice (?:a|an|another|one or more) (?P<types>[\w ]+?)s?(?:,|$)", eff.event)
            if m and card is not None and (m.group("types") == "permanent" or any(
                    card.has_type(t) or t in card.type_line.lower().split() for t in m.group("types").split(" or "))):
                self.add_trigger(src.card.name, src.controller, payer, eff.ops, False, ("603.2",))

    def cycle_triggers(self, cycler: str, card: Card) -> None:
        """702.29c-d: "when you cycle this card" (the card's own) and "whenever you cycle a card"."""
        for trigger in card.of(EventTrigger):
            if re.match(r"when you cycle ~", trigger.event):
                self.add_trigger(card.name, cycler, cycler, trigger.ops, False, ("702.29c", "603.2"))
        for src in self.in_play():
            if isinstance(src.effect, EventTrigger) and src.controller == cycler and re.match(
                    r"whenever you cycle (?:or discard )?(?:a|another) card", src.effect.event):
                self.add_trigger(src.card.name, cycler, cycler, src.effect.ops, False, ("702.29d", "603.2"))

    def _trigger_on(self, card: Card, controller: str, own: list[EventTrigger], watchers: list[EffectSource],
                    what: str, rules: tuple[str, ...]) -> None:
        """The card's own abilities and the watching permanents' abilities that the zone change triggers."""
        if not own and not watchers:
            self.notes.append(f"{card.name} {what} triggers nothing the engine reads.")
        for trigger in own:
            self.add_trigger(card.name, controller, controller, trigger.ops, False, rules)
        for src in watchers:
            self.add_trigger(src.card.name, src.controller, controller, src.effect.ops, False, rules)
