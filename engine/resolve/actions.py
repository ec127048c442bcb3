"""The actions a scenario starts with: draw, the draw step, cast, a mechanic, a move that is not a draw."""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.costs import read_cost, written_costs
from engine.effects import (
    LOYALTY_LINE,
    AdditionalCost,
    NotModelled,
    Op,
    SpellText,
)
from engine.errors import ScenarioError
from engine.inert import inert
from engine.model import Batch, Resolution
from engine.resolve import zone_changes
from engine.resolve.announce import announce, mode_chooser
from engine.resolve.cast_triggers import cast_triggers
from engine.resolve.casting_time import check_cast_timing
from engine.resolve.combat import action_combat
from engine.resolve.draw_step import action_draw_step, draw_each
from engine.resolve.events import GameOver
from engine.resolve.graveyard_casting import pay_graveyard_keyword
from engine.resolve.paying import all_tapped, pay
from engine.resolve.phyrexian import pay_phyrexian_life
from engine.resolve.player_target import (
    noted_target_player,
    one_player_target,
    said_target_legal,
    unsaid_target,
)
from engine.resolve.spell_moves import spell_leaves_hand, spell_resolved, stand_in_stops
from engine.resolve.split_spells import half_asked
from engine.resolve.step_triggers import action_beginning_of_step
from engine.resolve.targeting import targeted_triggers, ward_counters
from engine.resolve.unread_abilities import unread_options
from engine.resolve.zone_changes import enters_text_resolves
from engine.trigger_events import EventKind
from engine.wording import cards

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


class ActionType(StrEnum):
    DRAW = "draw"
    DRAW_STEP = "draw_step"
    CAST = "cast"
    MOVE_TO_HAND = "move_to_hand"
    MECHANIC = "mechanic"
    BEGINNING_OF_STEP = "beginning_of_step"  # the scenario's step (upkeep, combat, end) begins: what triggers then
    COMBAT = "combat"  # creatures attack and/or deal combat damage to a player: what triggers on it (508.3a, 510.2)



def run(r: Resolver) -> Resolution:
    try:
        _validate(r)
        _legend_rule(r)
        try:
            kind = ActionType(r.s.action.type)
        except ValueError:
            raise ScenarioError(f"unknown action type {r.s.action.type!r}", "action.type",
                                f"use one of: {', '.join(ActionType)}") from None
        ACTIONS[kind](r)
        r.settle()
    except GameOver:
        pass
    r.refuse_unevaluated_triggers()
    return r.result()


def _legend_rule(r: Resolver) -> None:
    """704.5j: a player never controls two legendary permanents with the same name; a board said to have two
    already had the legend rule applied, so one stays and the rest are in the graveyard before anything
    happens (no trigger of theirs is waiting now: that happened when the second one entered)."""
    for p in r.s.players:
        for name in dict.fromkeys(p.battlefield):
            card = r.cards.find(name)
            n = p.battlefield.count(name)
            if n < 2 or card is None or "legendary" not in card.type_line.lower().split("—")[0]:
                continue
            for _ in range(n - 1):
                p.battlefield.remove(name)
            p.graveyard.add(Batch([name] * (n - 1)))
            r.step(f"{p.name} can't control {n} {name}: the legend rule keeps one, and the other"
                   f"{'s go' if n > 2 else ' goes'} to the graveyard.", r.rs.cite("legend_rule"), p.name, "legend_rule",
                   source=name)


def _validate(r: Resolver) -> None:
    names = set(r.turn_order)
    if r.s.game == "grand-archive":
        if any(p.battlefield for p in r.s.players):
            raise ScenarioError("Grand Archive card effects are not modelled yet", "players[].battlefield",
                                "describe the draws themselves: 'I have 1 card in my deck and draw 2'")
        if r.s.format == "two-headed-giant":
            raise ScenarioError("Two-Headed Giant is a Magic format", "format", "two-player or multiplayer")
        if r.s.action.type in ("cast", "mechanic"):
            raise ScenarioError("Grand Archive cards are not in the card data yet", "action.type",
                                "use draw, draw_step or move_to_hand")
    if r.s.action.into == "memory" and r.s.game != "grand-archive":
        raise ScenarioError("drawing into memory is a Grand Archive rule", "action.into",
                            "say 'Grand Archive:' first, or draw into hand")
    if r.active not in names:
        raise ScenarioError(f"the active player {r.active!r} is not one of the players", "active",
                            f"use one of: {', '.join(r.turn_order)}")
    a = r.s.action
    if a.player and a.player != "each" and a.player not in names:
        raise ScenarioError(f"the action's player {a.player!r} is not one of the players", "action.player",
                            f"use one of: {', '.join(r.turn_order)} or 'each'")
    _tapped_states_read(r)
    for t in a.card_targets:
        p = r.player(t.player)
        if t.card not in (p.graveyard.cards if t.zone == "graveyard" else p.battlefield):
            where = "graveyard" if t.zone == "graveyard" else "battlefield"
            raise ScenarioError(f"the target {t.card} is not on {t.player}'s {where}", "action.targets",
                                f"say it is there first, e.g. “{t.player} controls {t.card}”")


# what the engine does with a tapped permanent: its "if ~ is (un)tapped" checked (603.4), {T} unpayable (107.5)
_OWN_STATE = re.compile(r"\b(?:is|isn't|remains|becomes|become|stays|untap|tap)\b[^.]{0,12}\b(?:un)?tapped\b|"
                        r"\b(?:un)?tapped\b", re.I)
_READ_STATE = re.compile(r"if (?:[^,.]{1,60}) is (?:un)?tapped, |\{T\}|enters (?:the battlefield )?tapped|"
                         r"untapped (?:[\w-]+ )?(?:creatures?|artifacts?|lands?|permanents?) you control|"
                         r"put [^.]{1,60} onto the battlefield tapped|create [^.]{1,60} tapped", re.I)


def _tapped_states_read(r: Resolver) -> None:
    """A permanent told to be tapped whose text speaks of being tapped in a way the engine doesn't carry out ("as
    long as ~ is tapped", "whenever ~ becomes tapped") is refused with those words: its state would be left out."""
    for p in r.s.players:
        for name in dict.fromkeys(p.tapped):
            card = r.cards.find(name)
            rest = _READ_STATE.sub("", card.oracle) if card is not None else ""
            if card is not None and _OWN_STATE.search(rest):
                raise ScenarioError(f"{name} is tapped, and the engine can't yet take into account what its text "
                                    "says about being tapped", f"players.{p.name}.tapped",
                                    "the situation with it untapped, or ask a judge")


def action_draw(r: Resolver) -> None:
    a = r.s.action
    count = a.count
    if count < 0:
        raise ScenarioError("a player cannot draw a negative number of cards", "action.count",
                            "use 0 or more")
    who = a.player or r.active
    source = a.source or "an effect"
    if a.while_casting:
        r.step("The draw happens while a spell is being cast: the drawn cards stay face down until "
               "the spell becomes cast.", r.rs.cite("face_down"), kind="face_down")
    if who == "each":
        draw_each(r, count, source, a.players or None)
    else:
        if a.optional:
            if not r.may_draw(who, count, source):
                return
        r.draw_instruction(who, count, source, additional=a.then)
    if a.while_casting:
        for p in r.s.players:
            p.face_down_drawn = p.drawn_this_turn


def action_move_to_hand(r: Resolver) -> None:
    a = r.s.action
    who = a.player or r.active
    p = r.player(who)
    moved = p.library.take_top(a.count)
    p.hand.add(moved)
    r.step(f"{who} puts {cards(len(moved))} from library into hand. This is not a draw: nothing that "
           "triggers on or replaces draws applies, and an empty library causes no loss.",
           r.rs.cite("not_a_draw"), who, "move")


def action_mechanic(r: Resolver) -> None:
    from engine.vocabulary import MECHANICS

    a = r.s.action
    m = next((m for m in MECHANICS if m.name == a.mechanic), None)
    if m is None:
        raise ScenarioError(f"unknown mechanic {a.mechanic!r}", "action.name",
                            ", ".join(x.name for x in MECHANICS))
    times = max(1, a.count)
    kind = "draws" if m.draws else "does not draw: it moves cards without the word “draw”"
    ops = tuple(Op(op.do, op.amount * times if isinstance(op.amount, int) and op.do != "discard_hand"
                   else op.amount, op.who, op.name, op.optional, op.text) for op in m.ops)
    if a.player == "each" and not all(op.who == "each_player" for op in m.ops):
        players = [n for n in r.apnap(a.players or None) if not r.player(n).lost]
    else:
        players = [r.active if a.player in (None, "each") else a.player]
    for who in players:
        r.step(f"{who}: {m.name} ({m.meaning}); it {kind}.", m.rules, who, "mechanic")
        r.run_ops(ops, you=who, that_player=who, source=m.name)


def _enters(r: Resolver, card: Card, caster: str, target: str) -> None:
    r.enters(card, caster, target, r.s.action.from_zone if r.s.action.from_zone != "library" else None)
    enters_text_resolves(r, card, caster, target)


def _dies(r: Resolver, card: Card, caster: str, target: str) -> None:
    zone_changes.dies(r, card, caster)


def _to_graveyard(r: Resolver, card: Card, caster: str, target: str) -> None:
    zone_changes.to_graveyard(r, card, caster, r.s.action.from_zone)


# the "abilities" of a cast action that are a zone change of the card itself (603.6a, 700.4, 603.6c)
ZONE_CHANGES: dict[str, Callable[[Resolver, Card, str, str], None]] = {
    "enters": _enters, "dies": _dies, "graveyard": _to_graveyard,
}


def action_cast(r: Resolver) -> None:
    """A card's ability is used: cast as a spell, an activated or loyalty ability, cycling from the hand,
    or the card entering the battlefield (its own "when this enters" abilities trigger, 603.6a)."""
    a = r.s.action
    card = r.cards.find(a.card or "")
    if card is None:
        raise ScenarioError(f"unknown card {a.card!r}", "action.card",
                            f"did you mean: {', '.join(r.cards.suggest(a.card or ''))}")
    caster = a.player or r.active
    # "its controller" / "that player": the player targeted, else the controller of the card targeted
    target = a.targets[0] if a.targets else a.card_targets[0].player if a.card_targets else caster
    said_target_legal(r, card, caster)
    if target not in r.turn_order:
        raise ScenarioError(f"the target {target!r} is not a player", "action.targets",
                            f"use one of: {', '.join(r.turn_order)}")
    zone_change = ZONE_CHANGES.get(a.ability)
    if zone_change is not None:  # the card enters, dies or is put into a graveyard: its triggers, no spell
        zone_change(r, card, caster, target)
        return
    if _permanent_spell(r, card, a.ability):
        check_cast_timing(r, card, caster)
        _cast_permanent(r, card, caster, target)
        return
    chosen = _ability_used(r, card, a.ability)
    _on_its_battlefield(r, card, chosen, caster)
    if not chosen.activated and a.from_zone != "graveyard":
        check_cast_timing(r, card, caster)
    one_player_target(card, chosen, list(a.targets))
    target = unsaid_target(r, card, caster, chosen) or noted_target_player(r, card, chosen, caster) or target
    verb = announce(r, card, chosen, caster, target)
    from_hand = not chosen.activated and spell_leaves_hand(r, card, caster, a.from_zone)
    targeted_triggers(r, caster, list(a.targets) if chosen.targets_player else [], not chosen.activated)
    if not chosen.activated:
        r.happened.add(EventKind.CAST)
    if chosen.activated:
        from engine.resolve.restrictions import check_restrictions

        check_restrictions(r, chosen.ops, caster, card.name)
    _pay_costs(r, card, chosen, caster)
    if not chosen.activated:
        cast_triggers(r, caster, card, chosen.mode)
    elif verb == "cycles":
        r.cycle_triggers(caster, card)
    # Before the spell or ability resolves its caster receives priority: state-based actions first (117.5,
    # 704.3; a player who paid their last life for it loses before it resolves), then the abilities that
    # triggered on casting, which resolve before it (603.3, 405.5).
    r.settle()
    if ward_counters(r, caster, card.name if not chosen.activated else f"{card.name}'s ability"):
        if from_hand and _spell_face(card):  # 701.6a: a countered spell goes to its owner's graveyard
            r.player(caster).stack.remove_named(card.name)
            r.player(caster).graveyard.add(Batch([card.name]))
        return
    if stand_in_stops(r, card, caster):
        return
    resolving_from = len(r.steps)
    r.run_ops(chosen.ops, you=caster, that_player=target, source=card.name, x=a.x)
    if from_hand and _spell_face(card):
        ended_turn = any(s.kind == "end_turn" for s in r.steps[resolving_from:])
        spell_resolved(r, card, caster, ended_turn=ended_turn, from_graveyard=a.from_zone == "graveyard")


# an activated ability's cost that uses the card from the hand or a graveyard: not activated on the battlefield
# ("(?!\w)" ends it: "~" is no word character, so "\b" after "discard ~" never matched)
_ELSEWHERE = re.compile(r"\b(?:discard (?:this card|~)|reveal (?:this card|~)|exile (?:this card|~) from your "
                        r"(?:hand|graveyard)|from your (?:hand|graveyard)|cycling|channel|ninjutsu|forecast|"
                        r"unearth|scavenge|embalm|eternalize|encore)(?!\w)", re.I)


def _on_its_battlefield(r: Resolver, card: Card, chosen: SpellText, caster: str) -> None:
    """An ability of a permanent is activated where the permanent is (602.2, 606.3): on its controller's
    battlefield. A story that says only "I activate Jace's +1" puts it there, said, so that its other abilities
    apply while the ability resolves (Jace's "if you would draw from an empty library, you win instead"; it was
    left off the battlefield, and the answer said the player lost)."""
    if not chosen.activated or _ELSEWHERE.search(chosen.cost) or r.s.action.from_zone == "graveyard":
        return
    if not card.is_permanent() or card.name in r.player(caster).battlefield:
        return
    r.player(caster).battlefield.append(card.name)
    r.step(f"{card.name} is on {caster}'s battlefield: its ability is activated there (602.2), so its other "
           "abilities apply meanwhile.", ("602.2",), caster, "assumption")


def _said_ability_read(r: Resolver, card: Card, labels: list[str]) -> None:
    """An ability the situation names ("its {3}{B} ability") that isn't among those the engine reads is refused
    with its words, never swapped silently for another one."""
    said = r.s.choices.get(f"ability:{card.name}")
    if not isinstance(said, str):
        return
    said = re.sub(r"^[\w ,'-]+ — ", "", said)  # an ability word before the cost ("Threshold — {U}, {T}")
    if any(said.strip().lower() == label.strip().lower() for label in labels):
        return
    line = next((ln for ln in card.oracle.split("\n") if ln.lower().startswith(said.strip().lower())
                 and _ACTIVATED_LINE.match(ln)), None)
    if line is None:  # not an activated ability's cost: a mode or another label, left to the choice
        return
    raise ScenarioError(f"{card.name}: the engine can't carry out “{line.strip()}” yet", "choices", line.strip())


def _permanent_spell(r: Resolver, card: Card, ability: str) -> bool:
    """Whether the action casts a permanent card as a spell: "spell" said of a card with no instant or
    sorcery face, or no ability named for a card that has only permanent abilities (305.1: a land is
    played, never cast)."""
    if _spell_face(card) or not card.type_line or any(not s.activated for s in card.of(SpellText)):
        return False
    if ability != "spell" and (ability or card.of(SpellText)):
        return False
    if card.has_type("land"):
        raise ScenarioError(f"{card.name} is a land: it is played, not cast (305.1)", "action.ability",
                            "put it on the battlefield instead")
    return True


def _cast_permanent(r: Resolver, card: Card, caster: str, target: str) -> None:
    """A permanent spell (601.2): it moves to the stack and its costs are paid, abilities that trigger on
    casting it resolve first (603.3, 405.5), then it resolves by entering the battlefield under its
    caster's control (608.3a), where its own "when this enters" abilities trigger (603.6a)."""
    r.step(f"{caster} casts {card.name}.", r.rs.cite("cast"), caster, "cast")
    from_hand = spell_leaves_hand(r, card, caster, r.s.action.from_zone)
    targeted_triggers(r, caster, [], False)  # the targets of its "when this enters" ability
    r.happened.add(EventKind.CAST)
    _pay_additional_costs(r, card, caster)
    cast_triggers(r, caster, card)
    if r.pending:
        r.settle()
    if from_hand:
        r.player(caster).stack.remove_named(card.name)
    r.step(f"{card.name} resolves: a permanent spell enters the battlefield.",
           r.rs.cite("permanent_resolves"), caster, "resolve")
    r.enters(card, caster, target, "stack")


def _pay_costs(r: Resolver, card: Card, chosen: SpellText, payer: str) -> None:
    """601.2h, 602.2b: an activated ability's cost, or a spell's additional costs, paid as it is put on
    the stack; the cards a cost moves are in the outcome."""
    pay_phyrexian_life(r, card, payer)
    if chosen.activated and not chosen.cost and _taps_itself(card) and all_tapped(r, card.name, payer):
        # card data written without the cost: its one activated line of Oracle text says {T}
        raise ScenarioError(f"{payer} can't activate {card.name}: it is tapped, and a tapped permanent can't be "
                            "tapped again to pay {T} (107.5)", "action.card", "the situation with it untapped")
    if chosen.activated:
        if chosen.cost:
            what = "cycling" if chosen.cost.startswith("cycling") else "its ability"
            pay(r, card, read_cost(chosen.cost, card.name, r.s.action.x), payer, what=what)
        return
    _pay_additional_costs(r, card, payer)
    if r.s.action.from_zone == "graveyard":
        pay_graveyard_keyword(r, card, payer)


def _taps_itself(card: Card) -> bool:
    """Whether the card's one activated ability line of Oracle text has {T} in its cost."""
    lines = written_costs(card.oracle)
    return len(lines) == 1 and "{T}" in lines[0]


def _pay_additional_costs(r: Resolver, card: Card, payer: str) -> None:
    """A spell's "As an additional cost to cast this spell, ..." (601.2f, 601.2h), paid while casting it."""
    for extra in card.of(AdditionalCost):
        pay(r, card, read_cost(extra.cost, card.name, r.s.action.x), payer, what="casting it")


def _ability_used(r: Resolver, card: Card, ability: str) -> SpellText:
    """The spell text or activated ability the action means; among several, a decision (the first that
    draws by default), so the others come back as alternatives."""
    spells = card.of(SpellText)
    asked = {"spell": [s for s in spells if not s.activated],
             "activate": [s for s in spells if s.activated and not s.cost.startswith("cycling")],
             "cycle": [s for s in spells if s.cost.startswith("cycling")]}
    # an ability named and not kept is refused below, never swapped for another ("islandcycles": not the spell)
    wanted = asked[ability] if ability in asked else (
        [s for s in spells if not s.activated] or [s for s in spells if s.activated])
    # 702.127a: an aftermath half is cast only from a graveyard, the other half not from there
    from_graveyard = r.s.action.from_zone == "graveyard"
    if any(s.zone == "graveyard" for s in wanted):
        wanted = [s for s in wanted if (s.zone == "graveyard") == from_graveyard]
    if not wanted:
        unread = _unread_lines(card, ability)
        if unread:  # the card has such an ability, and the engine doesn't carry it out: its words are said
            raise ScenarioError(f"{card.name}: the engine can't carry out “{unread}” yet", "action.card", unread)
        what = {"cycle": "no cycling", "activate": "no activated ability", "spell": "no spell text"}.get(
            ability, "no spell or ability text")
        raise ScenarioError(f"{card.name} has {what} the engine can carry out", "action.card",
                            "put it on a battlefield instead, or use a draw action")
    wanted = _aimed_at_a_player(r, card, ability, wanted)
    labels = [s.mode or s.cost or f"ability {i + 1}" for i, s in enumerate(wanted)]
    _said_ability_read(r, card, labels)
    _others_unread(r, card, ability)
    touched = unread_options(r, card.name, [e.text for e in card.of(NotModelled) if _ACTIVATED_LINE.match(e.text)
                                            or LOYALTY_LINE.match(e.text)]) if ability == "activate" else []
    if len(wanted) == 1 and not touched:
        return wanted[0]
    # the first that draws, one the engine can carry out whole before one whose words it can't
    drawing = sorted((s for s in wanted if any(op.do == "draw" for op in s.ops)),
                     key=lambda s: any(op.words and not inert(op.text) for op in s.ops))
    default = labels[wanted.index(drawing[0])] if drawing else labels[0]
    half_asked(r, card, [s.mode for s in drawing])
    pick = r.choose(f"ability:{card.name}", labels + touched, default, mode_chooser(r, wanted))
    return wanted[labels.index(pick)]


_AIMS_AT_PLAYER = re.compile(r"\bany target\b|\btarget (?:[\w-]+ )?(?:player|opponent)\b|\btarget [\w, ]+ or "
                             r"(?:player|opponent)\b", re.I)


def _aimed_at_a_player(r: Resolver, card: Card, ability: str, wanted: list[SpellText]) -> list[SpellText]:
    """ "I activate Pyrite Spellbomb targeting my opponent" (115.1, 602.2b): the target said picks the ability
    that has one. When the abilities that take a player as a target are all ones the engine can't carry out,
    the untargeted one is not the one meant (its draw was answered, the damage dropped): refused, its words
    named."""
    a = r.s.action
    if ability != "activate" or not a.targets or a.card_targets:  # "targeting myself" is a target said too
        return wanted
    aimed = [s for s in wanted if s.targets_player]
    if aimed:
        return aimed
    unread = [e.text for e in card.of(NotModelled)
              if _ACTIVATED_LINE.match(e.text) and _AIMS_AT_PLAYER.search(e.text.partition(":")[2])]
    if unread:
        raise ScenarioError(f"{card.name}: the engine can't carry out “{unread[0][:160]}” yet (the ability "
                            "the target you said is for)", "action.card", unread[0])
    return wanted


def _others_unread(r: Resolver, card: Card, ability: str) -> None:
    """ "I activate Murky Seer" when the card has another activated ability the engine keeps only as words: the
    answer takes one it carries out, and says the other one is left out (a choice the player may have meant)."""
    if ability != "activate" or f"ability:{card.name}" in r.s.choices:
        return
    unread = [e.text for e in card.of(NotModelled) if _ACTIVATED_LINE.match(e.text) or LOYALTY_LINE.match(e.text)]
    for text in unread:
        r.step(f"{card.name} also has “{text[:160]}”, an ability the engine can't carry out: the answer takes the "
               "one it can; say the ability if you meant that one.", ("602.2",), r.s.action.player or r.active,
               "assumption")


_ACTIVATED_LINE = re.compile(r"^(?:[^\"(:]+ — )?[^\"(:]*(?:\{|\b(?:Sacrifice|Discard|Exile|Pay|Remove|Tap|Untap)\b)"
                             r"[^\"(:]*:")


def _unread_lines(card: Card, ability: str) -> str:
    """The card's own lines for the ability asked ("activate": its activated abilities, "cycle": its cycling)
    when the engine keeps none of them: the words a refusal names, so the player sees what isn't carried out."""
    lines = [ln.strip() for ln in card.oracle.split("\n") if ln.strip()]
    if ability == "cycle":
        found = [ln for ln in lines if re.match(r"\w*cycling\b", ln, re.I)]
    elif ability == "activate":
        found = [ln for ln in lines if _ACTIVATED_LINE.match(ln)]
    elif _spell_face(card):  # the spell's own sentences: neither an activated nor a triggered ability's line
        found = [ln for ln in lines if not _ACTIVATED_LINE.match(ln) and "." in ln
                 and not re.match(r"(?:[^—]+ — )?(?:when|whenever|at the beginning)\b", ln, re.I)]
    else:
        found = []
    return " / ".join(found)[:300]


def _spell_face(card: Card) -> bool:
    """An instant or sorcery, or a card with such a face (an Adventure, a split or modal double-faced card)."""
    faces = [f.split("—")[0].lower().split() for f in card.type_line.split("//")]
    return any("instant" in f or "sorcery" in f for f in faces)


ACTIONS: dict[ActionType, Callable[[Resolver], None]] = {
    ActionType.DRAW: action_draw,
    ActionType.DRAW_STEP: action_draw_step,
    ActionType.CAST: action_cast,
    ActionType.MOVE_TO_HAND: action_move_to_hand,
    ActionType.MECHANIC: action_mechanic,
    ActionType.BEGINNING_OF_STEP: action_beginning_of_step,
    ActionType.COMBAT: action_combat,
}
