"""Combat a player asks about: creatures attacking (508.1, 508.3a) and the combat damage they deal to the defending
player (510.2, 510.3a), and the abilities that trigger on them ("whenever ~ attacks", "whenever ~ deals combat
damage to a player", "whenever a creature you control deals combat damage to a player", "whenever one or more
creatures you control deal combat damage to a player", an Aura's or Equipment's "enchanted/equipped creature").

Why a module of its own: the most common draw triggers among creatures wait for combat, and an answer that left
them out was a refusal at best. Each ability is matched by the shape of its words (a table of patterns, each with
how many times it triggers: once per creature, or once per damaged player for "one or more", 603.2c), so a card
never seen reads the same. What the engine can't carry out is refused with its words, never guessed: a blocked
creature with trample (how much tramples over depends on the blockers), double strike (two combat damage steps,
510.4), a kind of creature or a quality (power, flying, counters) it can't judge for an unnamed attacker.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.effects import EventTrigger, Op
from engine.errors import ScenarioError
from engine.resolve.events import EffectSource
from engine.trigger_events import EventKind

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


class Stage(StrEnum):
    ATTACK = "attack"  # attackers are declared (508.1); nothing said about damage
    DAMAGE = "damage"  # combat damage is dealt (510.2); their attack's own triggers are not part of the story
    BOTH = "attack_damage"  # they attack and deal combat damage to the defending player


class Count(StrEnum):
    SELF = "self"  # the card itself: once for each copy of it among the creatures
    ATTACHED = "attached"  # the creature an Aura or Equipment is on
    EACH_YOURS = "each_yours"  # each creature of a kind its controller controls
    EACH_ANY = "each_any"  # each creature of a kind, anyone's, dealing damage to one of its controller's opponents
    ONCE = "once"  # "one or more" / "whenever you attack": once for each damaged or attacked player (603.2c)


@dataclass(frozen=True)
class Fighter:
    """One attacking creature: its card name ("" when the story doesn't name it) and whether it was blocked."""

    name: str
    blocked: bool


_TO_PLAYER = r"(?:a player|an opponent|one of your opponents|that player|a player or (?:planeswalker|battle)|" \
             r"one or more (?:players|opponents)|a player or battle)"
_KINDS = r"(?P<types>[\w ,/+-]+?)s?"
_ATTACK: tuple[tuple[re.Pattern[str], Count], ...] = (
    (re.compile(r"^whenever ~ (?:enters or )?attacks(?: or blocks)?$"), Count.SELF),
    (re.compile(r"^whenever (?:equipped|enchanted) creature attacks$"), Count.ATTACHED),
    (re.compile(r"^granted to (?:equipped|enchanted) creature: whenever it attacks$"), Count.ATTACHED),
    (re.compile(r"^whenever you attack(?: with one or more " + _KINDS + r")?$"), Count.ONCE),
    (re.compile(r"^whenever (?:a|another) " + _KINDS + r" you control attacks$"), Count.EACH_YOURS),
    (re.compile(r"^whenever one or more " + _KINDS + r" you control attack$"), Count.ONCE),
)
_DAMAGE: tuple[tuple[re.Pattern[str], Count], ...] = (
    (re.compile(rf"^whenever ~ deals (?:combat )?damage to {_TO_PLAYER}$"), Count.SELF),
    (re.compile(rf"^whenever (?:equipped|enchanted) creature deals (?:combat )?damage to {_TO_PLAYER}$"),
     Count.ATTACHED),
    # an Equipment's or Aura's "equipped creature has 'whenever this creature deals combat damage to a player, ...'"
    (re.compile(rf"^granted to (?:equipped|enchanted) creature: whenever it deals (?:combat )?damage to "
                rf"{_TO_PLAYER}$"), Count.ATTACHED),
    (re.compile(rf"^whenever (?:a|another) {_KINDS} you control deals combat damage to {_TO_PLAYER}$"),
     Count.EACH_YOURS),
    (re.compile(rf"^whenever one or more {_KINDS} you control deal combat damage to {_TO_PLAYER}$"), Count.ONCE),
    (re.compile(rf"^whenever an? {_KINDS} deals combat damage to {_TO_PLAYER}$"), Count.EACH_ANY),
)
# words of a kind that are no type-line words (a color, a state, counters): not judged, so the answer is refused
_QUALITY = re.compile(r"\b(?:with|without|that|whose|tapped|untapped|attacking|blocking|token|nontoken|modified|"
                      r"equipped|enchanted|(?:non-?)?(?:white|blue|black|red|green|colorless|multicolored|"
                      r"monocolored))\b")
_ITS_CONTROLLER = re.compile(r"\bits controller\b")


def action_combat(r: Resolver) -> None:
    """The creatures attack and/or deal combat damage to the defending player; what triggers resolves (603.3b)."""
    a = r.s.action
    attacker = a.player if a.player and a.player != "each" else r.active
    if attacker != r.active:
        raise ScenarioError(f"{attacker} attacks only on their own turn: the active player attacks (506.2, 508.1)",
                            "action.player", f"say it is {attacker}'s turn")
    defender = _defender(r, attacker)
    fighters = _fighters(r, attacker)
    stage = Stage(a.ability or Stage.BOTH)
    if stage is not Stage.DAMAGE:
        r.happened.add(EventKind.ATTACK)
        r.step(f"{attacker} attacks {defender} with {_said(fighters)}; abilities that trigger on attacking "
               "trigger now.", ("508.1", "508.3a", "603.2"), attacker, "attack")
        _trigger(r, _ATTACK, fighters, attacker, defender, ("508.3a", "603.2"))
        r.settle()
    if stage is not Stage.ATTACK:
        _damage(r, fighters, attacker, defender)


def waits_for_damage(event: str) -> bool:
    """Whether a trigger condition is one of the combat damage events this module carries out."""
    return any(rx.match(event) for rx, _ in _DAMAGE)


def _damage(r: Resolver, fighters: list[Fighter], attacker: str, defender: str) -> None:
    _refuse_unjudged(r, fighters)
    hitting = [f for f in fighters if not f.blocked]
    for f in fighters:
        if f.blocked:
            r.step(f"{f.name} was blocked: it deals its combat damage to the creatures blocking it, none to "
                   f"{defender}, so what triggers on damage to a player doesn't trigger for it.", ("509.1h", "510.1c"),
                   attacker, "why_not")
    if not hitting:
        return
    r.happened.update((EventKind.COMBAT_DAMAGE, EventKind.LOSE_LIFE))
    if r.s.action.x is not None:  # "Xyris hits opp for 3": the damage said, dealt (120.3a: the player loses that life)
        if len(hitting) != 1:
            raise ScenarioError("a damage amount is told for one creature at a time", "action.x",
                                "'Xyris deals 3 combat damage to my opponent'")
    r.step(f"{_said(hitting)} deal{'s' if len(hitting) == 1 else ''} combat damage to {defender}, all at "
           "once; each ability that triggers on it triggers now, and they go on the stack in APNAP order"
           + (" (how much damage, and the life it costs, is not judged)." if r.s.action.x is None else "."),
           ("510.2", "603.2", "603.2c", "603.3b"), attacker, "combat_damage")
    if r.s.action.x is not None:
        r.run_ops((Op("damage", r.s.action.x, "that_player"),), you=attacker, that_player=defender,
                  source=hitting[0].name or "the attacking creature")
    _trigger(r, _DAMAGE, hitting, attacker, defender, ("510.2", "603.2", "603.2c", "603.3b"))


def _refuse_unjudged(r: Resolver, fighters: list[Fighter]) -> None:
    for f in fighters:
        card = r.cards.find(f.name) if f.name else None
        oracle = card.oracle.lower() if card else ""
        if re.search(r"^(?:[\w ,]+, )?double strike\b", oracle, re.M):
            raise ScenarioError(f"{f.name} has double strike: it deals combat damage in two steps (510.4), and the "
                                "engine can't carry out both yet", "action.attackers", f.name)
        if f.blocked and re.search(r"^(?:[\w ,]+, )?trample\b", oracle, re.M):
            raise ScenarioError(f"{f.name} has trample and was blocked: the damage it deals to the player depends "
                                "on its blockers (702.19b), which the engine can't judge", "action.blocked", f.name)


_DRAWING_LINE = re.compile(r"^(?:[^—\n]+ — )?whenever [^,]*(?:\battacks?\b|\bdeals? (?:combat )?damage to (?:a player|"
                           r"an opponent|one of your opponents))[^\n]*\bdraws?\b")


def _refuse_unread_lines(r: Resolver) -> None:
    """A permanent whose combat trigger that draws was not read as one (its words kept, or left out): refused
    with its words, never answered as if it didn't trigger."""
    for p in r.s.players:
        for name in dict.fromkeys(p.battlefield):
            card = r.cards.find(name)
            if card is None or any(rx.match(_own_name(_without_if(e.event), name)) for e in card.of(EventTrigger)
                                   for rx, _ in (*_ATTACK, *_DAMAGE)):
                continue
            line = next((ln for ln in card.oracle.split("\n") if _DRAWING_LINE.match(ln.lower())), None)
            if line is not None:
                raise ScenarioError(f"{card.name}: its combat trigger may draw here, and the engine can't carry it "
                                    "out yet", "battlefield", line[:400])


def _trigger(r: Resolver, table: tuple[tuple[re.Pattern[str], Count], ...], fighters: list[Fighter],
             attacker: str, defender: str, rules: tuple[str, ...]) -> None:
    _refuse_unread_lines(r)
    copies: Counter[tuple[str, str, int]] = Counter()
    for src in list(r.in_play()):
        eff = src.effect
        if not isinstance(eff, EventTrigger):
            continue
        event = _own_name(_without_if(eff.event), src.card.name)
        found = next(((m, how) for rx, how in table if (m := rx.match(event))), None)
        if found is None:
            _unread_own(src, fighters, attacker)
            continue
        m, how = found
        if " opponent" in event.rsplit(" to ", 1)[-1] and defender not in r.opponents(src.controller):
            r.evaluated_events.add(eff.event)
            continue  # "deals damage to an opponent": the damaged player isn't one of its controller's opponents
        rank = copies[(src.card.name, src.controller, src.index)]
        if how is Count.SELF:
            copies[(src.card.name, src.controller, src.index)] += 1
        times = _COUNTS[how](r, src, m, fighters, attacker, defender, rank)
        if times is None:
            if "~" in eff.event:  # its own ability, which no later check looks at: refused now
                raise ScenarioError(f"{src.card.name}: “{eff.event}” may trigger here, and the engine can't tell "
                                    "whether it does: name the attacking creatures", "action.attackers", _line(src))
            continue  # not judged: the answer is refused with the ability's words (refuse_unevaluated_triggers)
        r.evaluated_events.add(eff.event)
        aim = attacker if _ITS_CONTROLLER.search(_line(src)) else defender
        # a granted ability is the creature's own: it is controlled by the creature's controller (603.3a)
        owner = attacker if event.startswith("granted to ") else src.controller
        if how is Count.ONCE and table is _ATTACK and _counts(src):  # "one or more Dragons attack, draw that many"
            x = _fitting(r, m.groupdict().get("types") or "creature", fighters)
        else:
            x = _that_many(r, src) if table is _DAMAGE else None
        for _ in range(times):
            r.add_trigger(src.card.name, owner, aim, eff.ops, False, rules, x, condition=eff.intervening)


_COMBAT_WORDS = re.compile(r"\battacks?\b|\bdeals? (?:combat )?damage\b|\bblocks?\b")


def _unread_own(src: EffectSource, fighters: list[Fighter], attacker: str) -> None:
    """A creature's own combat ability of a shape the table doesn't read ("whenever ~ attacks alone", "deals
    combat damage to a creature") is refused with its words when that creature may be among them."""
    event = _without_if(src.effect.event)
    if "~" not in event or src.controller != attacker or not _COMBAT_WORDS.search(event) or any(
            rx.match(event) for rx, _ in (*_ATTACK, *_DAMAGE)):
        return
    if any(f.name in (src.card.name, "") for f in fighters):
        raise ScenarioError(f"{src.card.name}: “{event}” may trigger here, and the engine can't carry out that "
                            "trigger yet", "battlefield", _line(src))


def _counts(src: EffectSource) -> bool:
    return any(op.amount == "X" and "that many" in op.note for op in src.effect.ops)


def _that_many(r: Resolver, src: EffectSource) -> int | None:
    """ "Draw that many cards": the combat damage dealt, as the story tells it ("hits for 3"); untold, asked for."""
    if not _counts(src):
        return None
    if r.s.action.x is None:
        raise ScenarioError(f"{src.card.name}'s ability counts the combat damage dealt: say how much",
                            "action.x", f"'{src.card.name} deals 3 combat damage to my opponent'")
    return r.s.action.x


def _own_name(event: str, name: str) -> str:
    """ "whenever braulios attacks": a legendary card's short name is the card itself, as "~" (201.5)."""
    short = name.split(",")[0].split(" of ")[0].lower()
    if not short or "~" in event:
        return event
    return re.sub(rf"^whenever {re.escape(short)}\b(?: [\w' ,-]+?)?(?= (?:attacks|deals|enters))", "whenever ~", event)


def _without_if(event: str) -> str:
    """The event without its intervening "if" (603.4), which add_trigger checks."""
    return re.sub(r", if .+$", "", event)


def _line(src: EffectSource) -> str:
    head = src.effect.event.split("~")[-1][:25]
    return next((ln.lower() for ln in src.card.oracle.split("\n") if head in ln.lower()), "")


def _self(r: Resolver, src: EffectSource, m: re.Match[str], fighters: list[Fighter], attacker: str, defender: str,
          rank: int) -> int | None:
    """Its own ability: this copy triggers if at least ``rank + 1`` creatures of its name are among them."""
    if src.controller != attacker:
        return 0
    named = sum(f.name == src.card.name for f in fighters)
    if not named and any(not f.name for f in fighters):
        return None  # it may be one of the unnamed creatures: not guessed
    return 1 if rank < named else 0


def _attached(r: Resolver, src: EffectSource, m: re.Match[str], fighters: list[Fighter], attacker: str,
              defender: str, rank: int) -> int | None:
    """An Aura or Equipment: on one creature (301.5, 303.4); on one of these unless the situation says otherwise
    (assumed, said, the other case an alternative)."""
    key = f"attached:{src.card.name}"
    options = [f.name or "an unnamed attacking creature" for f in fighters] + ["a creature not among them"]
    options = list(dict.fromkeys(options))
    said = key in r.s.choices
    on = r.choose(key, options, options[0])
    if not said:
        r.step(f"{src.card.name} is on {on}, the answer assumes (the other creatures it could be on are "
               "listed as alternatives).", ("301.5", "303.4", "603.2"), src.controller, "assumption")
    return 0 if on == "a creature not among them" else 1


def _each_yours(r: Resolver, src: EffectSource, m: re.Match[str], fighters: list[Fighter], attacker: str,
                defender: str, rank: int) -> int | None:
    if src.controller != attacker:
        return 0
    return _fitting(r, m.group("types"), fighters)


def _each_any(r: Resolver, src: EffectSource, m: re.Match[str], fighters: list[Fighter], attacker: str,
              defender: str, rank: int) -> int | None:
    if "opponent" in m.group(0).split(" deals ")[-1] and defender not in r.opponents(src.controller):
        return 0
    return _fitting(r, m.group("types"), fighters)


def _once(r: Resolver, src: EffectSource, m: re.Match[str], fighters: list[Fighter], attacker: str,
          defender: str, rank: int) -> int | None:
    if src.controller != attacker:
        return 0
    types = m.groupdict().get("types") or "creature"
    n = _fitting(r, types, fighters)
    return None if n is None else min(n, 1)


def _fitting(r: Resolver, types: str, fighters: list[Fighter]) -> int | None:
    """How many of the creatures are of the kind the ability names ("creature", "Sliver", "Dinosaur or Ninja");
    None when that can't be judged (a quality, or an unnamed creature of a kind other than "creature")."""
    kind = types.strip().lower()
    if _QUALITY.search(kind):
        return None
    words = [k.strip() for k in re.split(r" or | and/or |, ", kind) if k.strip()]
    if all(w in ("creature", "creatures") for w in words):
        return len(fighters)
    n = 0
    for f in fighters:
        card = r.cards.find(f.name) if f.name else None
        if card is None:
            return None
        line = card.type_line.lower().replace("—", " ").split()
        n += any(all(_has(line, w) for w in alternative.split()) for alternative in words)
    return n


def _has(line: list[str], word: str) -> bool:
    """Whether a type line has a word of a kind ("Dinosaur", "creatures"), or lacks a "non-Human"'s."""
    if word.startswith("non"):
        return not _has(line, word[3:].lstrip("-"))
    singular = re.sub(r"ies?$", "y", word) if word.endswith(("ies", "ie")) else word.rstrip("s")  # Allies, Dragons
    return word in line or singular in line or word in ("creature", "creatures") and "creature" in line


_COUNTS: dict[Count, Callable[..., int | None]] = {
    Count.SELF: _self, Count.ATTACHED: _attached, Count.EACH_YOURS: _each_yours, Count.EACH_ANY: _each_any,
    Count.ONCE: _once,
}


def _defender(r: Resolver, attacker: str) -> str:
    a = r.s.action
    if a.targets:
        return a.targets[0]
    others = r.opponents(attacker)
    if len(others) != 1:
        raise ScenarioError("say which player is attacked", "action.targets", f"one of: {', '.join(others)}")
    return others[0]


def _fighters(r: Resolver, attacker: str) -> list[Fighter]:
    """The attacking creatures, named ones on the attacker's battlefield (put there when the story doesn't)."""
    a = r.s.action
    if a.count < len(a.attackers) or a.count < 1:
        raise ScenarioError(f"{a.count} attacking creatures can't include the {len(a.attackers)} named",
                            "action.count", str(len(a.attackers)))
    field = r.player(attacker).battlefield
    for name, n in Counter(a.attackers).items():
        field.extend([name] * max(0, n - field.count(name)))
    blocked = Counter(a.blocked)
    out = []
    for name in a.attackers:
        out.append(Fighter(name, blocked[name] > 0))
        blocked[name] -= 1
    if unnamed := a.count - len(a.attackers):
        r.step(f"{unnamed} attacking creature{'s' if unnamed > 1 else ''} not named: assumed to have no first "
               "strike or double strike.", ("510.4", "603.2"),
               attacker, "assumption")
    return out + [Fighter("", False)] * unnamed


def _said(fighters: list[Fighter]) -> str:
    named = [f.name for f in fighters if f.name]
    unnamed = len(fighters) - len(named)
    parts = named + ([f"{unnamed} other creature{'s' if unnamed > 1 else ''}" if named else
                      f"{unnamed} creature{'s' if unnamed > 1 else ''}"] if unnamed else [])
    return " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]
