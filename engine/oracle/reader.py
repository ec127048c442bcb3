"""Reading a card: split into abilities, then read each by its kind (a table), keeping every sentence it
could not read with the ability it belongs to.

A card is fully read when every ability that speaks of drawing became an effect the engine uses; abilities
that don't touch drawing (flying, a mana ability, "destroy target creature") are kept as words (NotModelled)
and reported, which is not a gap. The templates module holds the exact forms of the static and replacement
abilities of the hand-made card data (checked by reproducing it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engine.cards import Card
from engine.effects import (
    AdditionalCost,
    CantLose,
    DrawCondition,
    DrawProhibition,
    DrawReplacement,
    DrawStepTrigger,
    DrawTrigger,
    Effect,
    EventTrigger,
    GraveyardAbilitiesLost,
    LifeGainProhibition,
    LifeGainReplacement,
    Miracle,
    MultiDrawReplacement,
    NotModelled,
    Op,
    SkipDrawStep,
    SpellText,
)
from engine.oracle.abilities import Ability, AbilityKind, split_abilities, them_said
from engine.oracle.clauses import EffectReading, read_effect, self_named, speaks_of_drawing
from engine.oracle.delayed import delays, spell_delayed
from engine.oracle.granted import read_granted, read_granted_activated
from engine.oracle.levels import gated_words, with_levels
from engine.oracle.modes import mode_choice
from engine.oracle.split_cards import split_halves
from engine.oracle.taxes import taxed
from engine.oracle.templates import AFFECTED, modelled, read_line


@dataclass
class Reading:
    """What the reader made of a card: effects for the abilities it understood, and the text it did not."""

    name: str
    effects: list[Effect] = field(default_factory=list)
    not_understood: list[str] = field(default_factory=list)
    dredge: int = 0
    draw_abilities: int = 0  # abilities whose text speaks of drawing
    misplaced: list[str] = field(default_factory=list)  # an ability's text read as spell text (a bug if any)
    forced: int = 0  # abilities about drawing that gave no draw effect: reported as not understood
    all_spell: bool = False  # every face an instant or sorcery: each line of text is part of the spell
    type_line: str = ""  # who the card is, for abilities it grants to a kind it is itself ("Sliver creatures")

    @property
    def understood(self) -> bool:
        """Every ability that speaks of drawing was read (a card without draw text is a plain object)."""
        return not self.not_understood

    @property
    def status(self) -> str:
        if not self.not_understood:
            return "full"
        return "partly" if len(self.not_understood) < self.draw_abilities else "none"

    def card(self, oracle: str, type_line: str = "", mana_cost: str = "") -> Card:
        from engine.cards import parse_cards

        effects = tuple(self.effects) or (NotModelled("no ability that touches drawing"),)
        if self.dredge:
            # Build the dredge replacement exactly as the card loader does.
            built = parse_cards({"card": [{"name": self.name, "oracle": oracle, "dredge": self.dredge,
                                           "effects": [{"type": "not_modelled", "text": "-"}]}]})[self.name]
            effects = tuple(self.effects) + built.effects[1:]
        return Card(self.name, oracle, effects, self.dredge, type_line, mana_cost)


_SPACES = re.compile(r"[^\S\n]+")  # a run of whitespace other than a line break (tabs, no-break spaces...)
_LINE_BREAKS = re.compile(r" ?\n[\s]*")  # a line break with the blank space and blank lines around it


def collapse_whitespace(text: str) -> str:
    """Every run of spaces (tabs, no-break spaces...) as one space and every run of line breaks as one, in a
    single linear pass. Why at the entry point: the readers' patterns cost time quadratic in a run of spaces,
    so a card text from upstream with 100,000 spaces (100 KB, inside the download cap) froze the bot for
    30 s; no card's meaning depends on how many spaces separate its words."""
    return _LINE_BREAKS.sub("\n", _SPACES.sub(" ", text)).strip()


def read_oracle(name: str, oracle: str, type_line: str = "") -> Reading:
    """Read a card's Oracle text (all faces). ``type_line`` tells an instant or sorcery's spell text from a
    permanent's static abilities; without it, a line that reads as an effect is taken as spell text."""
    name, oracle, type_line = (collapse_whitespace(t) for t in (name, oracle, type_line))
    reading = Reading(name, type_line=type_line)
    # an instant or sorcery face (an adventure, a split or modal double-faced card) has spell text
    faces = [face.split("—")[0].lower() for face in type_line.split("//")]
    spell = not type_line or any("instant" in f or "sorcery" in f for f in faces)
    reading.all_spell = bool(type_line) and all("instant" in f or "sorcery" in f for f in faces)
    if reading.all_spell and len(faces) > 1:
        _read_split_card(reading, oracle, type_line)
        return reading
    for ability, level in with_levels(split_abilities(oracle, spell, name)):
        if level:  # 711.2a, 716.2a: an ability only that level grants
            reading.effects.append(NotModelled(gated_words(ability, level)))
            continue
        about_draws = bool(speaks_of_drawing(f"{ability.head} {ability.effect} {ability.reminder}"))
        reading.draw_abilities += about_draws
        before, effects_before = len(reading.not_understood), len(reading.effects)
        dredge_before = reading.dredge
        READERS[ability.kind](ability, name, reading, spell)
        touched = any(_draw_effect(e) for e in reading.effects[effects_before:]) or reading.dredge != dredge_before
        if about_draws and len(reading.not_understood) == before and not touched:
            reading.not_understood.append(ability.line)  # never silently without its draw
            reading.forced += 1
        if type_line and not spell and any(isinstance(e, SpellText) and not e.activated
                                           for e in reading.effects[effects_before:]):
            reading.misplaced.append(ability.line)
    _merge_spell_text(reading)
    return reading


def _read_split_card(reading: Reading, oracle: str, type_line: str) -> None:
    """709.3: a split card is cast as one of its halves, so each half is its own spell text (named by the
    half), never the two carried out together; a text whose halves can't be told apart is not read."""
    halves = split_halves(reading.name, oracle, type_line)
    if halves is None:
        reading.not_understood.append(f"which lines belong to which half of {reading.name}: "
                                      + oracle.replace("\n", " / "))
        return
    spells: list[SpellText] = []
    for half, text, face_type in halves:
        part = read_oracle(reading.name, text, face_type)
        aftermath = text.lower().startswith("aftermath")
        for effect in part.effects:
            if isinstance(effect, SpellText) and not effect.activated:
                effect = replace(effect, mode=half, zone="graveyard" if aftermath else "")
                spells.append(effect)
            reading.effects.append(effect)
        reading.not_understood += part.not_understood
        reading.draw_abilities += part.draw_abilities
        reading.forced += part.forced
        reading.misplaced += part.misplaced
    if re.search(r"^fuse\b", oracle, re.I | re.M) and len(spells) == len(halves):
        # 702.102a: from the hand, both halves may be cast together, their instructions in order (702.102d)
        reading.effects.append(SpellText(tuple(op for s in spells for op in s.ops),
                                         any(s.targets_player for s in spells), mode="both halves (fused)",
                                         zone="hand"))


def _draw_effect(effect: Effect) -> bool:
    """Whether an effect draws, forbids, replaces, skips or watches a draw (or makes a token that draws)."""
    if isinstance(effect, DrawReplacement | MultiDrawReplacement | DrawProhibition | DrawTrigger | DrawStepTrigger
                  | SkipDrawStep | CantLose | Miracle):
        return True
    ops = getattr(effect, "ops", ())
    return any(op.do in ("draw", "delayed_draw", "skip") or op.do.startswith("draw_")
               or op.do == "later_ability" and speaks_of_drawing(op.text)
               or op.do == "token" and op.name in DRAWING_TOKENS for op in ops)


def _merge_spell_text(reading: Reading) -> None:
    """A spell's sentences on several lines are one spell text (modes stay apart)."""
    plain = [e for e in reading.effects if isinstance(e, SpellText) and not e.activated and not e.mode]
    if len(plain) <= 1:
        return
    ops = tuple(op for e in plain for op in e.ops)
    rest = [e for e in reading.effects if e not in plain]
    reading.effects = [*rest, SpellText(ops, targets_player=any(e.targets_player for e in plain))]


def _unread(reading: Reading, ability: Ability, effect: EffectReading) -> bool:
    if effect.unread:
        reading.not_understood.append(ability.line)
        return True
    return False


def _read_keyword(ability: Ability, name: str, reading: Reading, spell: bool) -> None:
    for word in [w.strip() for w in ability.head.split(",") if w.strip()]:
        low = word.lower().replace("—", " ")
        m = re.fullmatch(r"cycling ((?:\{[^}]+\})+|\d+)", low)
        if m:
            reading.effects.append(SpellText((Op("draw", 1, "you"),), activated=True,
                                             cost=f"cycling: {m.group(1)}, discard this card"))
            continue
        if low == "ravenous":  # 702.156a: enters with X counters; if X is 5 or more, draw a card when it enters
            reading.effects.append(EventTrigger("when ~ enters, if x is 5 or more", (Op("draw", 1, "you"),),
                                                rules=("702.156a", "603.2")))
            continue
        m = re.fullmatch(r"blitz ((?:\{[^}]+\})+)", low)
        if m:  # 702.152a: cast for its blitz cost, it has "When this creature dies, draw a card."
            reading.effects.append(EventTrigger(f"when ~ dies, if it was cast for its blitz cost {m.group(1)}",
                                                (Op("draw", 1, "you"),), rules=("702.152a", "603.2")))
            continue
        m = re.fullmatch(r"dredge (\d+)", low)
        if m:
            reading.dredge = int(m.group(1))
            continue
        gift = _GIFTS.get(low.removeprefix("gift "))
        if low.startswith("gift ") and gift is None:
            reading.not_understood.append(ability.line)  # a gift the engine can't give
            continue
        if gift is not None:  # 702.174b: "if its gift cost was paid, the chosen player ...", a decision said
            if "when it enters" in ability.reminder.lower():
                reading.effects.append(EventTrigger("when ~ enters", (gift,), rules=("702.174b", "603.2")))
            else:  # 702.174j: before the spell's other effects: the first of its spell text
                reading.effects.append(SpellText((gift,)))
            continue
        m = re.fullmatch(r"miracle ((?:\{[^}]+\})+)", low)
        if m:
            reading.effects.append(Miracle(m.group(1).upper()))
            continue
        if _legacy(ability, name, reading, spell):
            continue
        if speaks_of_drawing(ability.reminder) and not re.fullmatch(r"\w*cycling .*", low):
            reading.not_understood.append(ability.line)
            return
        reading.effects.append(NotModelled(word))


def _read_activated(ability: Ability, name: str, reading: Reading, spell: bool) -> None:
    if _legacy(ability, name, reading, spell):
        return
    effect = read_effect(ability.effect, name)
    if _unread(reading, ability, effect):
        return
    if not _draw_effect(SpellText(tuple(effect.ops))) and not speaks_of_drawing(f"{ability.effect} {ability.reminder}"):
        reading.effects.append(NotModelled(ability.line))
        return
    # "Activate only ..." restricts the activation itself (602.5): checked or said before the effect
    ops = sorted(effect.ops, key=lambda op: not (op.do == "note" and op.text.startswith("activate only")))
    reading.effects.append(SpellText(tuple(ops), any(op.who == "target" for op in ops), activated=True,
                                     cost=ability.head))


def _legacy(ability: Ability, name: str, reading: Reading, spell: bool) -> bool:
    """The exact templates of the hand-made data first (replacements, "the next time you would draw")."""
    legacy = read_line(ability.line, name)
    if legacy is None or not legacy:
        return False
    if any(isinstance(e, SpellText) for e in legacy) and ability.kind is not AbilityKind.SPELL and not (
            ability.kind is AbilityKind.STATIC and spell):
        if ability.kind is not AbilityKind.ACTIVATED:
            return False
        legacy = [SpellText(e.ops, e.targets_player, activated=True, cost=ability.head) if isinstance(e, SpellText)
                  else e for e in legacy]
    for eff in legacy:
        if isinstance(eff, tuple):
            reading.dredge = eff[1]
        else:
            reading.effects.append(eff)
    return True


# Tokens whose own ability draws a card when sacrificed (111.10): creating one is what the card does.
DRAWING_TOKENS = ("Clue", "Blood")

_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def _under(ops: tuple[Op, ...], condition: str | None) -> tuple[Op, ...] | None:
    """A draw trigger's operations under its intervening "if" (603.4): each carried out only if the condition
    holds (decided from the state, or said as an assumption). None when it can't be read so: an operation with
    its own condition already, or "this ability triggers only once each turn", which the engine, triggering on
    each draw, would not respect."""
    if any(op.do == "note" and op.text.startswith("this ability triggers only") for op in ops):
        return None
    if not condition:
        return ops
    if any(op.condition for op in ops):
        return None
    return tuple(replace(op, condition=f"if:{condition}") for op in ops)


def _read_triggered(ability: Ability, name: str, reading: Reading, spell: bool) -> None:
    if _legacy(ability, name, reading, spell):
        return
    event = self_named(ability.head.lower().replace("’", "'"), name)
    if reading.all_spell and delays(event):  # part of an instant's or sorcery's text: a delayed trigger (603.7a)
        delayed = spell_delayed(ability.line)
        if delayed is None:
            reading.not_understood.append(ability.line)
        else:
            reading.effects.append(SpellText((delayed,)))
        return
    effect = read_effect(them_said(event, ability.effect), name)
    if _unread(reading, ability, effect):
        return
    ops = taxed(tuple(effect.ops))  # "that player may pay {2}. If the player doesn't, ...": the tax's condition
    optional = bool(ops) and ops[0].optional
    m = re.fullmatch(r"when(?:ever)? (you|an opponent|a player|each opponent|another player) draws? "
                     r"(?:your|their|a player's|his or her) (first|second|third|fourth|fifth)(?: or (second|third|"
                     r"fourth|fifth))? card (?:each|in a) turn(?:, if (?P<cond>.+))?", event)
    if m:
        held = _under(ops, m.group("cond"))
        if held is None:
            reading.not_understood.append(ability.line)
            return
        for nth in (g for g in (m.group(2), m.group(3)) if g):  # "your first or second card": either draw
            reading.effects.append(DrawTrigger(AFFECTED[m.group(1)], held, DrawCondition(
                nth_each_turn=_ORDINAL[nth]), optional=optional))
        return
    # "one or more cards" triggers once for a whole draw of several (603.2c), which the engine's per-card draw
    # triggers don't model: not read, rather than fired once per card
    m = re.fullmatch(r"when(?:ever)? (you|an opponent|a player|each opponent|another player) draws? a "
                     r"card(?:, if (?P<cond>.+))?", event)
    if m:
        held = _under(ops, m.group("cond"))
        if held is None:
            reading.not_understood.append(ability.line)
            return
        reading.effects.append(DrawTrigger(AFFECTED[m.group(1)], held, optional=optional))
        return
    m = re.fullmatch(r"at the beginning of (your|each player's|each opponent's) draw step", event)
    if m:
        affects = {"your": "you", "each player's": "each", "each opponent's": "opponents"}[m.group(1)]
        reading.effects.append(DrawStepTrigger(affects, ops, optional=optional))
        return
    if speaks_of_drawing(event):
        reading.not_understood.append(ability.line)
        return
    known = bool(ops) and all(op.do != "note" for op in ops)  # e.g. "each opponent loses 2 life": kept, it acts
    if not known and not _draw_effect(EventTrigger(event, ops)) and \
            not speaks_of_drawing(f"{ability.effect} {ability.reminder}"):
        reading.effects.append(NotModelled(ability.line))
        return
    reading.effects.append(EventTrigger(event, ops))


def _read_chapter(ability: Ability, name: str, reading: Reading, spell: bool) -> None:
    effect = read_effect(ability.effect, name)
    if _unread(reading, ability, effect):
        return
    ops = tuple(effect.ops)
    known = bool(ops) and all(op.do != "note" for op in ops)  # "create two 1/1 tokens": kept, it acts (as a trigger)
    if known or _draw_effect(EventTrigger("", ops)):
        reading.effects.append(EventTrigger(f"chapter {ability.head}", ops, rules=("714.2c", "603.2")))
    else:
        reading.effects.append(NotModelled(ability.line))


# 702.174d-i: what each gift gives the chosen opponent, carried out only if the gift was promised (702.174k)
_GIFT_IF = "if:the gift was promised"
_GIFTS: dict[str, Op] = {
    "a card": Op("draw", 1, "opponent_of_you", condition=_GIFT_IF, note="gift: the chosen opponent draws a card"),
    "a food": Op("token", 1, "opponent_of_you", name="Food", condition=_GIFT_IF,
                 note="gift: the chosen opponent creates a Food token"),
    "a treasure": Op("token", 1, "opponent_of_you", name="Treasure", condition=_GIFT_IF,
                     note="gift: the chosen opponent creates a Treasure token"),
    "a tapped fish": Op("token", 1, "opponent_of_you", name="Fish", condition=_GIFT_IF,
                        note="gift: the chosen opponent creates a tapped 1/1 blue Fish creature token"),
    "an octopus": Op("token", 1, "opponent_of_you", name="Octopus", condition=_GIFT_IF,
                     note="gift: the chosen opponent creates an 8/8 blue Octopus creature token"),
    "an extra turn": Op("note", 1, "opponent_of_you", text="take an extra turn after this one", condition=_GIFT_IF,
                        note="gift: the chosen opponent takes an extra turn after this one"),
}


_STATIC_FORMS: tuple[tuple[str, Callable[[re.Match[str]], Effect | tuple[Effect, ...]]], ...] = (
    (r"as an additional cost to cast this spell, (.+)", lambda m: AdditionalCost(m.group(1))),
    # an alternative cost or a cost change is chosen or applied as the spell is cast (118.9, 601.2f): mana only,
    # no part of its resolution; "if the {1}{b} cost was paid" is then a decision of its own, said
    (r"you may pay (?:\{[^}]+\})+ rather than pay this spell's mana cost", lambda m: NotModelled(m.group(0))),
    (r"this spell costs (?:\{[^}]+\})+ (?:less|more) to cast(?: for each [\w ',]+| if [\w ',]+)?",
     lambda m: NotModelled(m.group(0))),
    (r"skip your (?:next )?draw step", lambda m: SkipDrawStep("you")),
    (r"each player skips their draw step", lambda m: SkipDrawStep("each")),
    (r"(?:each opponent|your opponents) skips? their (?:next )?draw steps?", lambda m: SkipDrawStep("opponents")),
    (r"(?:creature )?cards in graveyards lose all abilities", lambda m: GraveyardAbilitiesLost()),
    (r"(each player|players|each opponent|your opponents|you) can't draw more than one card each turn",
     lambda m: DrawProhibition(AFFECTED[m.group(1)], 1)),
    (r"(each player|players|each opponent|your opponents|you) can't draw cards(?: this turn)?",
     lambda m: DrawProhibition(AFFECTED[m.group(1)], 0)),
    (r"(each player|players|each opponent|your opponents|you) can't draw cards or gain life",
     lambda m: (DrawProhibition(AFFECTED[m.group(1)], 0), LifeGainProhibition(AFFECTED[m.group(1)]))),
    (r"if you would gain life, you gain twice that much life instead", lambda m: LifeGainReplacement("you")),
    (r"you can't lose the game this turn(?: and your opponents can't win the game this turn)?",
     lambda m: CantLose(opponents_cant_win="opponents" in m.group(0))),
    (r"(?:you may )?reveal (?:the first card you draw each turn|each card you draw) as you draw it",
     lambda m: DrawTrigger("you", (Op("note", 1, "you", text="reveals the card as it is drawn (121.9)"),),
                           DrawCondition(nth_each_turn=1 if "first" in m.group(0) else 0))),
    (r"(?:the chosen player|each player|each opponent|players) reveals? each card (?:they|he or she) draws?",
     lambda m: DrawTrigger("each" if "chosen" not in m.group(0) else "opponents",
                           (Op("note", 1, "that_player", text="reveals the card drawn"),))),
    (r"you can't lose the game(?: and your opponents can't win the game)?",
     lambda m: CantLose(opponents_cant_win="opponents" in m.group(0))),
    # keywords whose cost is not mana, written with a dash (702.29a cycling, 702.152a blitz)
    (r"cycling—(sacrifice (?:a|an|another) [a-z ]+|pay \d+ life)",
     lambda m: SpellText((Op("draw", 1, "you"),), activated=True, cost=f"cycling: {m.group(1)}, discard this card")),
    (r"blitz—((?:\{[^}]+\})+(?:, pay \d+ life)?)",
     lambda m: EventTrigger(f"when ~ dies, if it was cast for its blitz cost {m.group(1)}", (Op("draw", 1, "you"),),
                            rules=("702.152a", "603.2"))),
)


_LOSS_RULE = re.compile(r"\b(?:don't|doesn't|can't) lose the game\b")


def _read_static_or_spell(ability: Ability, name: str, reading: Reading, spell: bool) -> None:
    low = ability.effect.lower().replace("’", "'").rstrip(".")
    for pattern, build in _STATIC_FORMS:
        m = re.fullmatch(pattern, low)
        if m:
            built = build(m)
            reading.effects.extend(built if isinstance(built, tuple) else (built,))
            return
    if _legacy(ability, name, reading, spell):
        return
    if ability.kind is AbilityKind.STATIC and not reading.all_spell and _LOSS_RULE.search(low):
        # "you don't lose the game for having 0 or less life": who loses is part of every answer, so a permanent's
        # words that change it and are not carried out leave the card not understood, never kept as words (a
        # spell's such words are an operation that refuses the answer reaching it)
        reading.not_understood.append(ability.line)
        return
    if not speaks_of_drawing(f"{ability.effect} {ability.reminder}"):
        if ability.kind is AbilityKind.SPELL and reading.all_spell and "\n•" not in ability.effect:
            # an instant's or sorcery's other sentences ("Destroy target land.") are part of what it does:
            # read into operations (or words), carried out in order with its draw, never dropped
            effect = read_effect(ability.effect, name)
            if effect.ops and not effect.unread:
                reading.effects.append(SpellText(tuple(effect.ops), any(op.who == "target" for op in effect.ops)))
                return
        reading.effects.append(NotModelled(ability.line))
        return
    if ability.kind is AbilityKind.STATIC:
        granted = read_granted(ability.effect, name)
        if granted is not None:  # triggered abilities granted in quotes (engine.oracle.granted)
            reading.effects.extend(granted)
            return
        activated = read_granted_activated(ability.effect, name, reading.type_line)
        if activated is not None:  # an activated ability the card grants itself among others
            reading.effects.extend(activated)
            return
    if not spell:
        reading.not_understood.append(ability.line)
        return
    modes = [m.strip() for m in ability.effect.split("\n•")]
    head, modes = modes[0], modes[1:]
    if modes:
        choice = mode_choice(head, len(modes))
        if choice is None:  # a head whose number of modes isn't read: never carried out with the wrong number
            reading.not_understood.append(ability.line)
            return
        read: list[SpellText] = []
        for mode in modes:
            # a named mode ("Strike a Deal — You and target opponent each draw two cards."): the name is a
            # flavor word with no rules meaning (207.2c), so the effect is what follows the dash
            effect = read_effect(re.sub(r"^[A-Z][^—.:]{0,40} — ", "", mode), name)
            if _unread(reading, ability, effect):
                return
            read.append(SpellText(tuple(effect.ops), _targets_player(mode, effect.ops),
                                  mode=mode[:1].upper() + mode[1:], chooser=choice.chooser))
        # each legal set of modes is one choice, its modes carried out in printed order (700.2a)
        reading.effects.extend(read[s[0]] if len(s) == 1 else SpellText(
            tuple(op for i in s for op in read[i].ops), any(read[i].targets_player for i in s),
            mode=" + ".join(read[i].mode.rstrip(".") for i in s), chooser=choice.chooser) for s in choice.sets)
        return
    effect = read_effect(head, name)
    if _unread(reading, ability, effect):
        return
    reading.effects.append(SpellText(tuple(effect.ops), targets_player=_targets_player(head, effect.ops)))


def _targets_player(text: str, ops: list[Op] | tuple[Op, ...]) -> bool:
    """Whether the spell targets a player: an operation on "target player", or "you and target opponent each
    ..." (read as you and that player, the target)."""
    return any(op.who == "target" for op in ops) or bool(re.search(r"\btarget (?:player|opponent)\b", text, re.I))


READERS: dict[AbilityKind, Callable[[Ability, str, Reading, bool], None]] = {
    AbilityKind.KEYWORD: _read_keyword,
    AbilityKind.ACTIVATED: _read_activated,
    AbilityKind.LOYALTY: _read_activated,
    AbilityKind.TRIGGERED: _read_triggered,
    AbilityKind.CHAPTER: _read_chapter,
    AbilityKind.SPELL: _read_static_or_spell,
    AbilityKind.STATIC: _read_static_or_spell,
}



def reproduces(card: Card) -> bool:
    """Does reading the card's Oracle text give exactly its hand-made model?"""
    reading = read_oracle(card.name, card.oracle, card.type_line)
    return not reading.not_understood and modelled(reading.card(card.oracle).effects) == modelled(card.effects)


__all__ = ["Reading", "read_oracle", "reproduces"]
