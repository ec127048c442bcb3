"""Card definitions: loaded from ``data/cards/cards.toml`` and validated at start.

Why TOML: it is human-readable and reviewable in a diff, Python reads it without a dependency, and each
entry keeps the Oracle text beside the effects built from it, so a reviewer checks one against the other.
A definition that does not fit the effect model fails loudly, naming the card.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process, utils

from engine.effects import (
    AFFECTS,
    CantLose,
    CastTrigger,
    DrawCondition,
    DrawProhibition,
    DrawReplacement,
    DrawStepTrigger,
    DrawTrigger,
    Effect,
    EventTrigger,
    LifeGainReplacement,
    Miracle,
    MultiDrawReplacement,
    NotModelled,
    Op,
    SpellText,
)

CARDS_FILE = Path(__file__).resolve().parent.parent / "data" / "cards" / "cards.toml"


PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")  # 110.4


class CardDataError(ValueError):
    """A card definition that does not fit the effect model."""


@dataclass(frozen=True)
class Card:
    name: str
    oracle: str
    effects: tuple[Effect, ...]
    dredge: int = 0
    type_line: str = ""  # "Legendary Creature — Zombie Wizard": what reveal-and-sort effects look at
    mana_cost: str = ""  # "{U}{U}": what devotion counts (700.5); "" when the card data doesn't say

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.effects if isinstance(e, kind)]

    def has_type(self, card_type: str) -> bool | None:
        """Whether the card has a card type ("creature"), from the types before the dash; None when its
        type line is not known."""
        if not self.type_line:
            return None
        types = self.type_line.split("—")[0].split("//")[0].lower().split()
        return card_type.lower() in types

    def is_permanent(self) -> bool:
        """A permanent card (110.4: artifact, creature, enchantment, land, planeswalker, battle): one table for
        every reader of it (the resolver, the situation reader's sequences, devotion, graveyard lists)."""
        return any(self.has_type(kind) for kind in PERMANENT_TYPES)


def _ops(raw: Any, where: str) -> tuple[Op, ...]:
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{where}: expected a non-empty list of ops")
    try:
        return tuple(Op.from_dict(item, where) for item in raw)
    except (ValueError, AttributeError, TypeError) as exc:
        raise CardDataError(str(exc)) from exc


def _condition(raw: dict[str, Any]) -> DrawCondition:
    return DrawCondition(
        except_first_in_draw_step=bool(raw.get("except_first_in_draw_step", False)),
        library_empty=raw.get("library_empty"),
        hand_empty=raw.get("hand_empty"),
        min_library=int(raw.get("min_library", 0)),
        source=str(raw.get("source", "")),
    )


_FIELDS = {
    "draw_replacement": {"type", "affects", "instead", "optional", "zone", "except_first_in_draw_step",
                         "library_empty", "hand_empty", "min_library", "source", "per_activation"},
    "cast_trigger": {"type", "affects", "ops", "optional", "noncreature"},
    "multi_draw_replacement": {"type", "affects", "min_count", "instead"},
    "draw_prohibition": {"type", "affects", "max_per_turn"},
    "draw_trigger": {"type", "affects", "ops", "optional", "except_first_in_draw_step"},
    "draw_step_trigger": {"type", "affects", "ops", "optional", "untapped_only"},
    "cant_lose": {"type"},
    "life_gain_replacement": {"type", "affects", "factor"},
    "spell": {"type", "ops", "targets_player", "activated", "cost"},
    "miracle": {"type", "cost"},
    "event_trigger": {"type", "event", "ops"},
    "not_modelled": {"type", "text"},
}


def build_effect(raw: dict[str, Any], where: str) -> Effect:
    """One effect from its data form; raises CardDataError naming ``where`` (the card) on any misfit."""
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: an effect must be a table")
    kind = raw.get("type")
    if kind not in _FIELDS:
        raise CardDataError(f"{where}: unknown effect type {kind!r}; expected one of {', '.join(_FIELDS)}")
    extra = set(raw) - _FIELDS[kind]
    if extra:
        raise CardDataError(f"{where}: field(s) {sorted(extra)} do not belong to a {kind}")
    affects = raw.get("affects", "you")
    if "affects" in _FIELDS[kind] and affects not in AFFECTS:
        raise CardDataError(f"{where}: affects must be one of {', '.join(AFFECTS)}, not {affects!r}")
    if kind == "draw_replacement":
        zone = raw.get("zone", "battlefield")
        if zone not in ("battlefield", "graveyard"):
            raise CardDataError(f"{where}: zone must be battlefield or graveyard")
        return DrawReplacement(affects, _ops(raw.get("instead"), where), _condition(raw),
                               bool(raw.get("optional", False)), zone,
                               per_activation=bool(raw.get("per_activation", False)))
    if kind == "multi_draw_replacement":
        return MultiDrawReplacement(affects, int(raw.get("min_count", 2)), _ops(raw.get("instead"), where))
    if kind == "draw_prohibition":
        limit = raw.get("max_per_turn")
        if limit not in (0, 1):
            raise CardDataError(f"{where}: max_per_turn must be 0 (can't draw) or 1 (not more than one)")
        return DrawProhibition(affects, int(limit))
    if kind == "draw_trigger":
        return DrawTrigger(affects, _ops(raw.get("ops"), where), _condition(raw), bool(raw.get("optional", False)))
    if kind == "draw_step_trigger":
        return DrawStepTrigger(affects, _ops(raw.get("ops"), where), bool(raw.get("optional", False)),
                               untapped_only=bool(raw.get("untapped_only", False)))
    if kind == "cast_trigger":
        return CastTrigger(affects, _ops(raw.get("ops"), where), bool(raw.get("optional", False)),
                           bool(raw.get("noncreature", False)))
    if kind == "cant_lose":
        return CantLose()
    if kind == "life_gain_replacement":
        return LifeGainReplacement(affects, int(raw.get("factor", 2)))
    if kind == "spell":
        return SpellText(_ops(raw.get("ops"), where), bool(raw.get("targets_player", False)),
                         bool(raw.get("activated", False)), cost=str(raw.get("cost", "")))
    if kind == "miracle":
        return Miracle(str(raw.get("cost", "")))
    if kind == "event_trigger":  # "whenever you become the target of ...": the event in the Oracle's words
        event = raw.get("event")
        if not isinstance(event, str) or not event.strip():
            raise CardDataError(f"{where}: an event_trigger needs its event in words")
        return EventTrigger(event.strip().lower(), _ops(raw.get("ops"), where))
    return NotModelled(str(raw.get("text", "")))


def parse_cards(doc: dict[str, Any]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for i, entry in enumerate(doc.get("card", [])):
        name = entry.get("name") if isinstance(entry, dict) else None
        if not name or not isinstance(name, str):
            raise CardDataError(f"card #{i + 1}: missing its name")
        if "oracle" not in entry:
            raise CardDataError(f"{name}: missing its Oracle text")
        extra = set(entry) - {"name", "oracle", "effects", "dredge", "type_line", "mana_cost"}
        if extra:
            raise CardDataError(f"{name}: unknown field(s) {sorted(extra)}")
        effects = tuple(build_effect(e, name) for e in entry.get("effects", []))
        dredge = int(entry.get("dredge", 0))
        if dredge:
            effects += (DrawReplacement(
                "you", (Op("mill", dredge, "you"), Op("return_self", 1, "you")),
                DrawCondition(min_library=dredge), optional=True, zone="graveyard",
                rules=("702.52a", "702.52b", "614.11")),)
        if not effects:
            raise CardDataError(f"{name}: no effects; use a not_modelled effect to say why")
        if name in cards:
            raise CardDataError(f"{name}: defined twice")
        cards[name] = Card(name, entry["oracle"], effects, dredge, str(entry.get("type_line", "")),
                           str(entry.get("mana_cost", "")))
    return cards


class CardDB:
    """The known cards, with forgiving look-up (case, apostrophes, commas, a typo or two)."""

    def __init__(self, cards: dict[str, Card]) -> None:
        self.cards = cards
        self._names = list(cards)
        self._by_key = {utils.default_process(n): n for n in cards}
        for n in cards:  # a split card's half by its own name ("Consume": Consecrate // Consume, 709.1)
            if " // " in n and is_split(cards[n].type_line):
                for half in n.split(" // "):
                    self._by_key.setdefault(utils.default_process(half), n)

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def __len__(self) -> int:
        return len(self.cards)

    def names(self) -> list[str]:
        return list(self._names)

    def find(self, name: str) -> Card | None:
        """Exact or key-equal match only (no guessing)."""
        if name in self.cards:
            return self.cards[name]
        key = utils.default_process(name)
        real = self._by_key.get(key) or self._by_key.get(f"the {key}")  # "Ur-Dragon" for "The Ur-Dragon"
        if real is None and " // " in name and len(set(name.split(" // "))) == 1:
            return self.find(name.split(" // ")[0])  # a reversible card, "A // A", is the one card A
        return self.cards[real] if real else None

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        found = process.extract(name, self._names, scorer=fuzz.WRatio, processor=utils.default_process,
                                limit=limit)
        return [n for n, score, _ in found if score >= 60]

    def fuzzy(self, name: str, cutoff: float = 85) -> Card | None:
        exact = self.find(name)
        if exact:
            return exact
        best = process.extractOne(name, self._names, scorer=fuzz.ratio, processor=utils.default_process)
        if best and best[1] >= cutoff:
            return self.cards[best[0]]
        return None

    def with_extra(self, extra: Iterable[Card]) -> CardDB:
        merged = dict(self.cards)
        merged.update({c.name: c for c in extra})
        return CardDB(merged)


def load_cards(path: Path | None = None) -> CardDB:
    path = path or CARDS_FILE
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path.name}: not valid TOML ({exc})") from exc
    return CardDB(parse_cards(doc))


@lru_cache(maxsize=1)
def default_cards() -> CardDB:
    return load_cards()


def type_words(type_line: str) -> set[str]:
    """Every word of a type line, all faces, supertypes, types and subtypes alike ("legendary creature — zombie
    wizard" → {legendary, creature, zombie, wizard}): what "a Zombie", "a creature card" and "noncreature"
    are judged against."""
    return set(re.sub(r"[—/-]", " ", type_line.lower()).split())


def card_type_words(type_line: str) -> set[str]:
    """The type words a card has outside the stack. A split card (every half an instant or sorcery, or every
    half a Room) has both halves' characteristics (709.4); any other card with two faces has only its front
    face's: a double-faced card (712.8a: "Artifact // Creature" is an artifact on the battlefield), an
    adventurer (715.4), a modal double-faced card played as its front. What a permanent or a card in a zone
    is judged against ("sacrifice a creature", "for each creature card in your graveyard")."""
    faces = [type_words(face) for face in type_line.split("//")]
    spell = {"instant", "sorcery"}
    split = len(faces) > 1 and (all(f & spell and not f & {"adventure", "omen"} for f in faces)
                                or all("room" in f for f in faces))
    return set().union(*faces) if split else faces[0]


def is_split(type_line: str) -> bool:
    """A split card's type line: two or more halves, each an instant or sorcery (709.1; an adventure or an omen
    is a permanent card with a spell beside it, 715, not a split card)."""
    faces = [type_words(face) for face in type_line.split("//")]
    return len(faces) > 1 and all(f & {"instant", "sorcery"} and not f & {"adventure", "omen"} for f in faces)


def half_said(card: Card, said: str) -> str | None:
    """The half of a split card the words name ("consume" for Consecrate // Consume), or None."""
    if not is_split(card.type_line):
        return None
    key = utils.default_process(said)
    return next((h for h in card.name.split(" // ") if utils.default_process(h) == key), None)


FACE_SEPARATOR = "\n//\n"  # between the halves of a split card's text, as Scryfall prints "//" between them


def scryfall_mana_cost(card: dict[str, Any]) -> str:
    """A card's mana cost as Scryfall gives it ("{2}{U}"; a split card's halves "{1}{W} // {2}{B}"; a
    double-faced card's front face's): what its mana value is counted from (202.3). "" when it doesn't say."""
    cost = card.get("mana_cost")
    if isinstance(cost, str) and cost:
        return cost
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, dict)]
    return " // ".join(str(f["mana_cost"]) for f in faces if isinstance(f.get("mana_cost"), str) and f["mana_cost"])


def scryfall_card_text(card: dict[str, Any]) -> tuple[str, str, str]:
    """(name, Oracle text, type line) of a card as Scryfall gives it, faces joined: a split, adventure or
    double-faced card has each face's text. A reversible card prints the same card on both sides (its two
    faces are identical): it is one card with one set of abilities, so it is read once, under one name."""
    name = str(card.get("name", ""))
    text = card.get("oracle_text")
    type_line = card.get("type_line")
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, dict)]
    if faces and text is None:
        distinct = {(f.get("name"), f.get("oracle_text"), f.get("type_line")) for f in faces}
        if len(distinct) == 1:
            faces = faces[:1]
            name = str(faces[0].get("name") or name)
        # a split card's halves are cast one at a time (709.3): the reader must know where each begins
        split = all(re.search(r"\b(?:instant|sorcery)\b", str(f.get("type_line", "")).lower()) for f in faces)
        text = (FACE_SEPARATOR if split and len(faces) > 1 else "\n").join(
            str(f.get("oracle_text", "")) for f in faces)
        if len(faces) == 1:
            type_line = faces[0].get("type_line", type_line)
    if type_line is None and faces:
        type_line = " // ".join(str(f.get("type_line", "")) for f in faces)
    halves = name.split(" // ")
    if len(halves) == 2 and halves[0] == halves[1]:
        # the same reversible card with its faces already joined: "A // A", its text twice
        name = halves[0]
        lines = str(text or "").split("\n")
        if len(lines) % 2 == 0 and lines[: len(lines) // 2] == lines[len(lines) // 2:]:
            text = "\n".join(lines[: len(lines) // 2])
        types = str(type_line or "").split(" // ")
        type_line = types[0] if len(set(types)) == 1 else type_line
    return name, str(text or ""), str(type_line or "")
