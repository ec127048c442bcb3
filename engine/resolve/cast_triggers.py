"""Abilities that trigger on a spell being cast (603.2): the card data's "whenever an opponent casts a spell",
those read from Oracle text ("whenever you cast an instant or sorcery spell", "... during an opponent's turn"),
and a spell's own "when you cast this spell". Split from actions.py, which casts the spell."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.cards import Card, type_words
from engine.effects import CastTrigger, EventTrigger
from engine.mana_value import ManaValueCondition, condition_of, spell_mana_value
from engine.stand_ins import SpellKindNeeded, fits, is_stand_in, kind_options, mana_value_fits, mana_value_options

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def cast_triggers(r: Resolver, caster: str, card: Card, half: str = "") -> None:
    """Abilities that trigger on a spell being cast (603.2): the card data's, those read from Oracle text
    ("whenever you cast an instant or sorcery spell", judged by the spell's type line), and the spell's
    own "when you cast this spell"."""
    for src in r.in_play():
        eff = src.effect
        if isinstance(eff, CastTrigger) and r.affects(eff.affects, src.controller, caster):
            if _spell_fits("noncreature" if eff.noncreature else "", card, src.card.name):
                r.add_trigger(src.card.name, src.controller, caster, eff.ops, eff.optional, eff.rules)
            else:  # Mystic Remora and a creature spell: the answer says why nothing triggers
                r.step(f"{src.card.name} doesn't trigger: {card.name} is a creature spell, and it triggers only on "
                       "a noncreature spell.", ("603.2",), src.controller, "why_not", source=src.card.name)
        elif isinstance(eff, EventTrigger):
            m = _CAST_EVENT.fullmatch(_ENTERS_AND.sub("", eff.event))
            value = condition_of(m.group("mv")) if m is not None and m.group("mv") else None
            if m is None or (m.group("mv") and value is None):  # "less than ~'s power": left as words
                continue
            r.evaluated_events.add(eff.event)
            if _caster_fits(m.group("who"), caster, src.controller, r.opponents(src.controller)) and \
                    _spell_fits(m.group("types"), card, src.card.name) and \
                    _turn_fits(r, m.group("when"), src.controller) and \
                    _value_fits(r, value, card, half, src.card.name, m.group("types")) and \
                    _first_this_turn(r, m, src.card.name, caster):
                r.add_trigger(src.card.name, src.controller, caster, eff.ops, False, ("603.2",),
                              condition=eff.intervening)
    for own in card.of(EventTrigger):
        if re.fullmatch(r"when(?:ever)? you cast (?:~|this spell)", own.event):
            r.evaluated_events.add(own.event)
            r.add_trigger(card.name, caster, caster, own.ops, False, ("603.2",), condition=own.intervening)


def _first_this_turn(r: Resolver, m: re.Match[str], source: str, caster: str) -> bool:
    """"Whenever you cast your first enchantment spell each turn": the scenario records no spells cast
    earlier this turn, so the answer assumes this is the first, says so, and lists the other case; "your second
    spell each turn" likewise doesn't trigger unless an earlier spell is said (``second_spell:<card>``)."""
    if not m.group("first"):
        return True
    kind = (m.group("types") or "").strip()
    told = _told_nth(r.s.choices.get(f"nth_spell:{caster}"), m.group("ord"), kind)
    if told is None:  # "my second spell this turn": the number of spells cast before it (spell_count)
        told = _told_number(r, m, source, caster, kind)
    if told is not None:  # "he casts his first noncreature spell this turn": said, not assumed
        return told
    if m.group("ord") == "second":  # no earlier spell said: this is the first, so not yet the second
        key = f"second_spell:{source}"
        second = bool(r.choose(key, [False, True], False))
        if key not in r.s.choices:
            r.step(f"{source}: the answer assumes no other {kind + ' ' if kind else ''}spell was cast by {caster} "
                   "earlier this turn, so this isn't the second (the other case is listed).", r.rs.cite("trigger"),
                   caster, "assumption")
        return second
    key = f"first_spell:{source}"
    first = bool(r.choose(key, [True, False], True))
    if key not in r.s.choices:
        r.step(f"{source}: the answer assumes this is the first {kind + ' ' if kind else ''}spell {caster} "
               "cast this turn (no earlier one was said).", r.rs.cite("trigger"), caster, "assumption")
    return first


def _told_nth(said: object, wanted: str, kind: str) -> bool | None:
    """Whether the spell said to be the caster's "first:noncreature" (``said``) is the ``wanted`` one ("first",
    "second") of the trigger's kind; None when the words leave it open (a second spell of another kind)."""
    if not isinstance(said, str) or ":" not in said:
        return None
    order, said_kind = said.split(":", 1)
    if said_kind not in ("", kind) or (said_kind == "" and kind and order != "first"):
        return None  # "my second spell" for a "first noncreature spell" trigger: the first may be a creature
    return order == wanted


def _told_number(r: Resolver, m: re.Match[str], source: str, caster: str, kind: str) -> bool | None:
    """The spells ``caster`` was told to have cast earlier this turn (``spells_cast:<player>``): "your second spell
    each turn" triggers on the second exactly, "your first spell" on none before; None when not told, or when
    the trigger counts a kind of spell and earlier spells were cast (their kinds weren't said)."""
    before = r.s.choices.get(f"spells_cast:{caster}")
    if not isinstance(before, int) or isinstance(before, bool) or (kind and before):
        return None
    number = before + 1
    wanted = 2 if m.group("ord") == "second" else 1
    if number != wanted:
        r.step(f"{source} doesn't trigger: this is {caster}'s spell number {number} this turn, and it triggers only "
               f"on the {m.group('ord')}.", ("603.2",), caster, "why_not", source=source)
    return number == wanted


# "when ~ enters and whenever you cast a spell with mana value 5 or greater": its casting half judged here
_ENTERS_AND = re.compile(r"^when ~ enters(?: the battlefield)? and (?=whenever )")
_CAST_EVENT = re.compile(
    # "whenever you play a land or cast a spell": playing a land is no cast; the cast part is judged here
    r"whenever (?P<who>you|an opponent|a player|another player|each opponent) "
    r"(?:plays? an? (?:legendary |basic |nonbasic )?land or )?casts?(?: or cop(?:y|ies))? "
    r"(?:a|an|(?P<first>(?:your|their) (?P<ord>first|second))) "
    r"(?P<types>(?:(?:non)?(?:creature|artifact|enchantment|instant|sorcery|land|planeswalker|legendary|kindred)"
    r"(?: or |, or |, | and/or )?)*?) ?spell(?: with (?P<mv>mana value (?:\d+, )*[^,]+?))?"
    r"(?P<when> during (?:an|each) opponent's turn| during your turn)?(?(first)(?(when)| each turn)|)"
    r"(?:, if .+)?")  # an intervening "if": 603.4


def cast_trigger_said(card: Card) -> tuple[str, str] | None:
    """Who casts and what kind of spell makes ``card``'s ability trigger on a cast: ("an opponent",
    "noncreature") for Mystic Remora, ("you", "instant or sorcery") for a magecraft card; None when it has
    none. What "Mystic Remora triggers" tells of the spell that was cast."""
    for eff in card.effects:
        if isinstance(eff, CastTrigger):
            return ({"you": "you", "each": "a player"}.get(eff.affects, "an opponent"),
                    "noncreature" if eff.noncreature else "")
        if isinstance(eff, EventTrigger) and (m := _CAST_EVENT.fullmatch(eff.event)) and not m.group("first"):
            kind = (m.group("types") or "").strip()
            if m.group("mv"):  # told to have triggered: a spell whose mana value fits
                return m.group("who"), f"{kind + ' ' if kind else ''}spell with {m.group('mv')}"
            return m.group("who"), kind
    return None


def _turn_fits(r: Resolver, when: str | None, controller: str) -> bool:
    """"during an opponent's turn" / "during your turn": whose turn it is, as the situation says (500.1)."""
    if not when:
        return True
    return (r.active == controller) == when.endswith("your turn")


def _caster_fits(who: str, caster: str, controller: str, opponents: list[str]) -> bool:
    return {"you": caster == controller, "a player": True}.get(who, caster in opponents)


def _spell_fits(types: str, card: Card, source: str) -> bool:
    """"instant or sorcery", "noncreature", "" (any spell): judged by the spell's card types (all faces); a spell
    said by its kind alone fits when every spell of that kind would, and is asked about when the words leave it
    open ("a spell" and Mystic Remora's "noncreature spell")."""
    words = [w for w in re.split(r",? or |, | and/or ", types.strip()) if w]
    line = type_words(card.type_line)
    wanted = [w for w in words if not w.startswith("non")]
    banned = [w[3:] for w in words if w.startswith("non")]
    if is_stand_in(card):
        said = fits(card, wanted, banned)
        if said is None:
            raise SpellKindNeeded(card.name, source, f"{types.strip()} spell", kind_options(card, wanted, banned))
        return said
    return not any(b in line for b in banned) and (not wanted or any(w in line for w in wanted))


def _value_fits(r: Resolver, wanted: ManaValueCondition | None, card: Card, half: str, source: str,
                types: str | None) -> bool:
    """ "with mana value 3 or greater" (202.3): judged by the spell's mana cost (a split card's half cast, X as
    said); a spell said by its kind fits when its value said does, and is asked about when the words leave it
    open; a card whose cost isn't known is assumed to fit, said, and the other case listed."""
    if wanted is None:
        return True
    said = mana_value_fits(card, wanted) if is_stand_in(card) else None
    if is_stand_in(card) and said is None:
        kind = (types or "").strip()
        raise SpellKindNeeded(card.name, source, f"{kind + ' ' if kind else ''}spell with {wanted.words()}",
                              mana_value_options(card, wanted))
    value = spell_mana_value(card.mana_cost, card.name.split(" // "), half or None, r.s.action.x)
    if said is not None or value is not None:
        fits = said if said is not None else value is not None and wanted.holds(value)
        if not fits:
            has = f"has mana value {value}" if value is not None else "was said so"
            r.step(f"{source} doesn't trigger: {card.name} {has}, and it triggers only on a spell with "
                   f"{wanted.words()}.", ("202.3", "603.2"), r.s.action.player or r.active, "why_not", source=source)
        return fits
    key = f"mana_value_fits:{source}"
    fits = bool(r.choose(key, [True, False], True))
    if key not in r.s.choices:
        r.step(f"{source}: the answer assumes {card.name} has {wanted.words()} (its mana cost isn't known here: "
               "the other case is listed).", ("202.3", "603.2"), r.s.action.player or r.active, "assumption")
    return fits
