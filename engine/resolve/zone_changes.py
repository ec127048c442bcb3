"""Zone changes a player asks about: a permanent entering the battlefield (603.6a), dying (700.4), a card put
into a graveyard from the library or hand, and a card cycled (702.29c-d). Each triggers the card's own
abilities for it and, judged by the card's type line, other permanents' abilities that watch for it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.effects import EventTrigger, NotModelled
from engine.entering import entering_text
from engine.errors import ScenarioError
from engine.inert import inert
from engine.model import Batch
from engine.resolve.events import EffectSource
from engine.trigger_events import EventKind, event_kinds, self_only

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver

# "When this creature enters", "Whenever Kiora enters or attacks": a card's own abilities on entering
_SELF_ENTERS = re.compile(r"^when(?:ever)? ~ (?:[\w-]+ )*?enters\b")
# "Whenever a land you control enters", "whenever another nontoken creature enters", "whenever one or more
# enchantments you control enter"
_OTHERS_ENTER = re.compile(r"^whenever (?:a|an|another|one or more)(?: other)? (?P<types>[\w ,/-]+?)s?"
                           r"(?P<whose> you control| an opponent controls| your opponents control)? enters?\b")
# "when ~ enters or leaves the battlefield", "when ~ enters or dies": one ability for either event
# "whenever ~ or another creature you control dies": its own death too (603.10a); "when you cycle ~ and when ~ dies"
_SELF_DIES = re.compile(r"^(?:when you cycle ~ and )?when(?:ever)? ~ (?:[\w ]+? or )?(?:dies|leaves the battlefield|"
                        r"is put into (?:a|your) graveyard(?: from the battlefield| from anywhere)?|"
                        r"or another [\w ,/-]+? you control (?:dies|leaves the battlefield))\b")
_OTHERS_DIE = re.compile(r"^whenever (?:~ or )?(?:a|an|another|one or more)(?: other)? (?P<types>[\w ,/-]+?)s?"
                         r"(?P<whose> you control| an opponent controls| your opponents control)? dies?\b")
# dying is leaving the battlefield (603.6c): "whenever one or more other creatures you control leave the battlefield"
_OTHERS_LEAVE = re.compile(r"^whenever (?:a|an|another|one or more)(?: other)? (?P<types>[\w ,/-]+?)s?"
                           r"(?P<whose> you control| an opponent controls| your opponents control)? leaves? the "
                           r"battlefield\b")


def _watched_event(effect: object) -> str:
    """The event an ability on the battlefield waits for: an EventTrigger's, or a triggered ability kept as
    words because it draws nothing ("Whenever you discard a card, you may exile that card") when its effect
    changes something the engine counts; "" otherwise."""
    if isinstance(effect, EventTrigger):
        return effect.event
    if isinstance(effect, NotModelled):
        m = _WORDS_TRIGGER.match(effect.text.lower().replace("’", "'"))
        if m and not all(inert(s) for s in re.split(r"\.\s*", m.group(2)) if s.strip()):
            return m.group(1)
        # a Saga's chapter I kept as words triggers as the Saga enters (714.3a)
        m = _CHAPTER_WORDS.match(effect.text)
        if m and "I" in m.group(1).split(", ") and not all(
                inert(s) for s in re.split(r"\.\s*", m.group(2).lower()) if s.strip()):
            return "chapter I"
    return ""


_THIS = re.compile(r"\bthis (?:creature|permanent|artifact|enchantment|land|equipment|vehicle|aura|saga)\b")
_WORDS_TRIGGER = re.compile(r"^((?:when|whenever) [^,]+), (.+)$", re.S)
_CHAPTER_WORDS = re.compile(r"^([IVX]+(?:, [IVX]+)*) — (.+)$", re.S)



def enters(r: Resolver, card: Card, controller: str, target: str | None = None, origin: str | None = None) -> None:
    """603.6a: the card's own "when this enters" abilities, and other permanents' abilities that trigger
    on a permanent of its type entering (landfall, constellation, "whenever a creature you control
    enters"), each judged by the entering card's type line. ``origin``: the zone it entered from ("stack"
    for a resolving permanent spell), None when the situation didn't say."""
    # what happened before it arrived is nothing its abilities could see (its own casting included)
    r.entered_at[(card.name, controller, len(r.player(controller).battlefield))] = dict(r.happened.counts)
    r.happened.add(EventKind.ENTERS)
    if _GETS_COUNTERS.search(card.oracle) or card.has_type("creature") and any(
            _EVOLVE.search(c.oracle) for name in r.player(controller).battlefield if (c := r.cards.find(name))):
        r.happened.add(EventKind.COUNTER)  # 122.6: entering with counters, or evolving another, puts counters
    r.step(f"{card.name} enters the battlefield; {controller} controls it.", r.rs.cite("etb"),
           controller, "enters")
    own = [e for e in card.of(EventTrigger) if _SELF_ENTERS.search(e.event) and "~" in e.event
           and _from_origin(r, card, controller, e.event, origin)]
    if "saga" in card.type_line.lower():  # 714.3a: it enters with a lore counter, so chapter I triggers
        own += [e for e in card.of(EventTrigger) if e.event.startswith("chapter ")
                and "I" in e.event.removeprefix("chapter ").split(", ")]
    watchers = [src for src in r.in_play() if isinstance(src.effect, EventTrigger)
                and _sees_entering(r, src.effect.event, card, controller, src.controller)]
    watchers += _sees_itself(r, card, controller)
    r.player(controller).battlefield.append(card.name)
    _trigger_on(r, card, controller, own, watchers, "entering", ("603.6a", "603.2"), target)


_GETS_COUNTERS = re.compile(r"\benters with (?:an?|one|two|three|four|five|x|\d+|a number of)\b[^.]*\bcounters?\b",
                            re.I)
_EVOLVE = re.compile(r"^evolve\b", re.I | re.M)
_FROM_ZONE = re.compile(r"\benters?(?: the battlefield)? from (?:your |a |an opponent's )?(?P<zone>graveyard|exile|"
                        r"library|hand)\b")


def _from_origin(r: Resolver, card: Card, controller: str, event: str, origin: str | None) -> bool:
    """"When this creature enters from your graveyard" (603.6a, 603.2): only a permanent that came from that
    zone triggers it. A permanent spell came from the stack; an unsaid origin is the zone the ability names,
    an assumption said in a step with the other case an alternative."""
    m = _FROM_ZONE.search(event)
    if m is None:
        return True
    zone = m.group("zone")
    words = event.replace("~", card.name)
    if origin is None:
        said = f"origin:{card.name}" in r.s.choices
        origin = r.choose(f"origin:{card.name}", [zone, "elsewhere"], zone)
        if not said:
            r.step(f"{card.name} entered from {controller}'s {zone}, the answer assumes (“{words}”); had it come "
                   "from elsewhere, that ability wouldn't trigger (listed as an alternative).",
                   r.rs.cite("etb"), controller, "assumption")
    if origin == zone:
        return True
    r.evaluated_events.add(event)
    r.step(f"{card.name}'s “{words}” doesn't trigger: it entered from the {'stack' if origin == 'stack' else origin}, "
           f"not from a {zone}.", (*r.rs.cite("etb"), "603.2"), controller, "why_not")
    return False


def dies(r: Resolver, card: Card, controller: str) -> None:
    """700.4: the permanent is put into its owner's graveyard from the battlefield; its own "when this
    dies" abilities and others' "whenever a creature you control dies" trigger (603.6c, 603.10a)."""
    p = r.player(controller)
    dying_at = p.battlefield.index(card.name) if card.name in p.battlefield else -1
    watchers = [src for src in r.in_play() if isinstance(src.effect, EventTrigger)
                and any(_sees(r, rx, src.effect.event, card, controller, src.controller)
                        for rx in (_OTHERS_DIE, _OTHERS_LEAVE))
                # "another creature" / "other creatures": the dying permanent doesn't see itself (a second copy
                # of it does)
                and not (src.controller == controller and src.position == dying_at
                         and re.search(r"\b(?:an)?other\b", src.effect.event))]
    _refuse_unseen_own(r, card)
    watchers += _auras_on(r, card, controller)
    if card.name in p.battlefield:
        p.battlefield.remove(card.name)
    r.happened.update((EventKind.DIES, EventKind.LEAVES))
    p.graveyard.add(Batch([card.name]))
    r.step(f"{card.name} dies: it is put into {controller}'s graveyard from the battlefield.",
           r.rs.cite("dies"), controller, "dies")
    own = [e for e in card.of(EventTrigger) if _SELF_DIES.search(e.event)]
    _trigger_on(r, card, controller, own, watchers, "dying", ("603.10a", "603.2"))


_ENCHANTED_DIES = re.compile(r"^when(?:ever)? enchanted (?:creature|permanent) (?:dies|is put into a graveyard)\b")


def _auras_on(r: Resolver, card: Card, controller: str) -> list[EffectSource]:
    """The Auras whose "when enchanted creature dies" sees this death (603.10a): each enchants one creature (303.4),
    the dying one unless the situation says another (a decision, the others as alternatives); an Aura on it goes
    to the graveyard too (704.5m)."""
    out = []
    for src in r.in_play():
        if not isinstance(src.effect, EventTrigger) or not _ENCHANTED_DIES.match(src.effect.event):
            continue
        r.evaluated_events.add(src.effect.event)
        creatures = [f"{p.name}'s {name}" for p in r.s.players for name in p.battlefield
                     if name != src.card.name and _creature(r, name)]
        dying = f"{controller}'s {card.name}"
        if dying not in creatures:
            continue
        if r.choose(f"enchanted:{src.card.name}", creatures, dying) != dying:
            continue
        r.step(f"{src.card.name} enchants {dying}" + ("" if f"enchanted:{src.card.name}" in r.s.choices or
                                                       len(creatures) == 1 else
                                                       " (assumed; the other creatures are listed as alternatives)")
               + ".", r.rs.cite("enchanted"), src.controller, "target")
        r.unattached.append(src.card.name)
        out.append(src)
    return out


def _creature(r: Resolver, name: str) -> bool:
    found = r.cards.find(name)
    return found is None or bool(found.has_type("creature"))


def _refuse_unseen_own(r: Resolver, card: Card) -> None:
    """The dying permanent's own "whenever a creature you control with toughness 4 or greater dies" looks back
    at its own death (603.10a); a quality of it the engine can't judge is refused now, with its words, since
    the permanent won't be on the battlefield when the answer's unevaluated triggers are checked."""
    for eff in card.of(EventTrigger):
        if re.search(r"\b(?:an)?other\b", eff.event) or eff.event in r.evaluated_events:
            continue  # "another creature" never sees its own death
        if _OTHERS_DIE.match(eff.event) or _OTHERS_LEAVE.match(eff.event):
            line = next((ln for ln in card.oracle.split("\n") if ln.lower().startswith("whenever")), card.oracle)
            raise ScenarioError(f"{card.name}: “{eff.event}” may trigger on its own death, and the engine can't "
                                "judge that yet", "battlefield", line[:400])


def to_graveyard(r: Resolver, card: Card, owner: str, zone: str) -> None:
    """A card put into its owner's graveyard from the library or hand (milled, discarded): its own
    abilities that trigger on that ("when this is put into your graveyard from your library", "from
    anywhere", "when you discard this card") trigger (603.6c, 603.10a)."""
    p = r.player(owner)
    r.happened.add(EventKind.MILL if zone == "library" else EventKind.DISCARD)
    source = p.library if zone == "library" else p.hand
    source.remove_card(card.name)
    p.graveyard.add(Batch([card.name]))
    where = "library" if zone == "library" else "hand"
    r.step(f"{card.name} is put into {owner}'s graveyard from their {where}.", r.rs.cite("to_graveyard"),
           owner, "to_graveyard")
    own = [e for e in card.of(EventTrigger) if re.match(
        rf"^when(?:ever)? (?:~ is put into (?:a|your) graveyard from (?:your {where}|anywhere)"
        rf"{'|you discard ~' if where == 'hand' else ''})\b", e.event)]
    if not own:
        r.notes.append(f"{card.name} going to the graveyard from the {where} triggers nothing the engine "
                       "reads.")
    for trigger in own:
        r.add_trigger(card.name, owner, owner, trigger.ops, False, ("603.10a", "603.2"),
                      condition=trigger.intervening)


_COLORS = re.compile(r"\b(?:non)?(?:white|blue|black|red|green|colorless|multicolored|monocolored)\b")


def _sees_itself(r: Resolver, card: Card, controller: str) -> list[EffectSource]:
    """The entering permanent's own "whenever a creature you control enters" sees itself enter (603.6a; its
    abilities look at the event as it happens); "another" / "other" never does."""
    position = len(r.player(controller).battlefield)
    out = []
    for i, eff in enumerate(card.effects):
        if not isinstance(eff, EventTrigger):
            continue
        sees = _sees_entering(r, eff.event, card, controller, controller)  # evaluated either way
        if sees and not re.search(r"\b(?:another|other)\b", eff.event):
            out.append(EffectSource(card, controller, i, eff, position))
    return out


def _sees_entering(r: Resolver, event: str, card: Card, controller: str, watcher: str) -> bool:
    return _sees(r, _OTHERS_ENTER, event, card, controller, watcher)


def _sees(r: Resolver, pattern: re.Pattern[str], event: str, card: Card, controller: str, watcher: str) -> bool:
    m = pattern.match(event)
    if not m or "~" in event:
        return False
    if _COLORS.search(m.group("types") or ""):
        return False  # a color is no part of a type line: left unevaluated, so the answer is refused by its kind
    types, whose, quality = _watched_kind(m.group("types") or "", m.group("whose") or "")
    if "you control" in whose and controller != watcher or "opponent" in whose and controller == watcher:
        r.evaluated_events.add(event)
        return False
    kinds = [k for k in re.split(r" or | and/or |, ", types) if k]
    line = card.type_line.lower()
    fits = not kinds or bool(line) and any(
        all(w in line.split() or w.startswith("non") and w[3:] not in line.split()
            for w in kind.replace("-", "").split() if w not in ("another", "other"))
        for kind in kinds)
    if fits and quality:
        # "a creature you control with toughness 4 or greater": a quality the engine doesn't track (power,
        # toughness, counters) is left unevaluated, so the answer is refused with the ability's words
        return False
    r.evaluated_events.add(event)
    return fits  # the card's types not known: the trigger is not assumed


_QUALITY = re.compile(r" (?:with|without|that|whose) .+$")
_WHOSE = re.compile(r" (?:you control|an opponent controls|your opponents control)$")


def _watched_kind(types: str, whose: str) -> tuple[str, str, str]:
    """The kind a watcher's event names, split into its type words, whose permanent it is, and a quality
    after them ("creature you control with toughness 4 or greater" → creature, you control, with ...)."""
    quality = _QUALITY.search(types)
    if quality:
        types = types[:quality.start()]
    said = _WHOSE.search(types)
    if said:
        types, whose = types[:said.start()], said.group(0)
    return types, whose, quality.group(0) if quality else ""


def sacrifice_triggers(r: Resolver, payer: str, card: Card | None) -> None:
    """"Whenever you sacrifice a creature / a permanent / another artifact" (603.2), judged by the
    sacrificed permanent's type line."""
    for src in r.in_play():
        eff = src.effect
        if not isinstance(eff, EventTrigger) or src.controller != payer:
            continue
        m = re.match(r"whenever you sacrifice (?:a|an|another|one or more) (?P<types>[\w ]+?)s?(?:,|$)", eff.event)
        if m:
            r.evaluated_events.add(eff.event)
        if m and card is not None and (m.group("types") == "permanent" or any(
                card.has_type(t) or t in card.type_line.lower().split() for t in m.group("types").split(" or "))):
            r.add_trigger(src.card.name, src.controller, payer, eff.ops, False, ("603.2",), condition=eff.intervening)


_DISCARD_WATCH = re.compile(r"^whenever (?P<who>you|an opponent|a player) discards? (?P<many>a|one or more) "
                            r"(?P<types>[\w ]+ )?cards?$")


def discard_triggers(r: Resolver, discarder: str, count: int) -> None:
    """"Whenever you discard a card" (603.2): once for each card discarded ("one or more cards": once). A
    watcher of a kind of card ("a creature card") is left unevaluated while the discarded cards' types aren't
    known, so the answer that reaches it is refused by its kind, never guessed."""
    if not count:
        return
    for src in r.in_play():
        eff = src.effect
        m = _DISCARD_WATCH.match(eff.event) if isinstance(eff, EventTrigger) else None
        if m is None or m.group("types"):
            continue
        r.evaluated_events.add(eff.event)
        who = m.group("who")
        if (who == "you" and src.controller != discarder) or (
                who == "an opponent" and discarder not in r.opponents(src.controller)):
            continue
        optional = bool(eff.ops) and eff.ops[0].optional
        for _ in range(1 if m.group("many") == "one or more" else count):
            r.add_trigger(src.card.name, src.controller, discarder, eff.ops, optional, ("603.2",),
                          condition=eff.intervening)


def cycle_triggers(r: Resolver, cycler: str, card: Card) -> None:
    """702.29c-d: "when you cycle this card" (the card's own) and "whenever you cycle a card"."""
    for trigger in card.of(EventTrigger):
        if re.match(r"when you cycle ~", trigger.event):
            r.add_trigger(card.name, cycler, cycler, trigger.ops, False, ("702.29c", "603.2"),
                          condition=trigger.intervening)
    r.happened.add(EventKind.CYCLE)
    for src in r.in_play():
        if isinstance(src.effect, EventTrigger) and re.match(
                r"whenever you cycle (?:or discard )?(?:a|another) card", src.effect.event):
            r.evaluated_events.add(src.effect.event)
            if src.controller == cycler:
                r.add_trigger(src.card.name, cycler, cycler, src.effect.ops, False, ("702.29d", "603.2"),
                              condition=src.effect.intervening)


def refuse_unevaluated_triggers(r: Resolver) -> None:
    """An ability on the battlefield waiting for a kind of event this resolution carried out, whose
    condition no stage evaluated, could have triggered: the answer would be partial, so it is refused
    with the ability's words (603.2: an ability triggers whenever its event occurs)."""
    for src in r.in_play():
        event = _watched_event(src.effect)
        if not event or event in r.evaluated_events:
            continue
        before = r.entered_at.get((src.card.name, src.controller, src.position))
        if event == "chapter I" or self_only(_THIS.sub("~", event)) and re.search(r"\benters\b", event):
            # its own "when this enters", kept as words: only if it entered during this resolution
            missed = {EventKind.ENTERS} if before is not None else set()
        else:
            missed = set(event_kinds(event) & (r.happened if before is None else r.happened.since(before)))
        if missed == {EventKind.DRAW_STEP} and not _step_may_be(event, src.controller, r.active):
            continue
        if missed:
            lines = src.card.oracle.split("\n")
            line = next((ln for ln in lines if event[:30] in ln.lower()), None) or next(
                (ln for ln in lines if ln.lower().startswith(("when", "whenever", "at"))), src.card.oracle)
            raise ScenarioError(f"{src.card.name}: “{event}” may trigger here ({', '.join(sorted(missed))}), "
                                "and the engine can't carry out that trigger yet", "battlefield", line[:400])


def _step_may_be(event: str, controller: str, active: str) -> bool:
    """Whether "at the beginning of <whose> draw step" may be this step: "your" only the controller's, "each
    other player's" / "each opponent's" only another player's; any other owner words may be any step."""
    whose = re.match(r"at the beginning of (.+?)draw step", event.lower())
    said = whose.group(1).strip() if whose else ""
    if said == "your":
        return controller == active
    if re.fullmatch(r"(?:each|an?) (?:other player's|opponent's)", said):
        return controller != active
    return True


def _trigger_on(r: Resolver, card: Card, controller: str, own: list[EventTrigger], watchers: list[EffectSource],
                what: str, rules: tuple[str, ...], target: str | None = None) -> None:
    """The card's own abilities and the watching permanents' abilities that the zone change triggers."""
    r.evaluated_events.update(t.event for t in own)
    if not own and not watchers:
        r.notes.append(f"{card.name} {what} triggers nothing the engine reads.")
    for trigger in own:
        chapter = ("714.2b", "603.2") if trigger.event.startswith("chapter ") else rules
        r.add_trigger(card.name, controller, target or controller, trigger.ops, False, chapter,
                      r.s.action.x if card.name == r.s.action.card else None, condition=trigger.intervening)
    for src in watchers:
        if any(op.do == "note" and "triggers only once each turn" in op.text for op in src.effect.ops):
            r.step(f"{src.card.name}'s ability triggers only once each turn: the answer assumes it hasn't "
                   "triggered yet this turn.", ("603.2h",), src.controller, "assumption")
        r.add_trigger(src.card.name, src.controller, _watcher_aim(r, src, controller), src.effect.ops, False, rules,
                      condition=src.effect.intervening)


def _watcher_aim(r: Resolver, src: EffectSource, mover: str) -> str:
    """Whom a watching ability's "that player" / "target player" means: the player whose permanent moved, or,
    for an ability that targets, the player its controller targets (601.2c, 603.3d) — a choice the answer
    states (a draw aimed at its controller, anything else at an opponent) with the others as alternatives,
    never the moving permanent's controller by accident."""
    whos = {op.who for op in src.effect.ops}
    if "target" not in whos:
        return mover
    if "that_player" in whos:
        raise ScenarioError(f"{src.card.name}: its ability names both a target player and “that player”, which "
                            "the engine can't tell apart yet", "battlefield", src.card.oracle[:300])
    return mover  # the target is chosen as the ability is put on the stack (add_trigger, 603.3d)


def enters_text_resolves(r: Resolver, card: Card, controller: str, target: str) -> None:
    """A permanent that entered without being cast: its "when this enters" ability, held as its spell text,
    triggers and resolves after the other abilities that triggered on its entering (603.6a, 608.2)."""
    text = entering_text(card)
    if text is None:
        return
    if r.pending:
        r.settle()
    r.step(f"{card.name}'s “when this enters” ability triggers and resolves.", ("603.6a", "608.2"), controller,
           "resolve")
    r.run_ops(text.ops, you=controller, that_player=target, source=card.name, x=r.s.action.x)
