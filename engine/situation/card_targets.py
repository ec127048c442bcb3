"""A permanent named as the target of a spell or ability ("I cast Leave in the Dust targeting his Baleful Strix"):
the action's card target, when the story told whose battlefield it is on.

Why: the reader took the permanent's words as a fact of the board ("Opponent controls Baleful Strix") and dropped
the target, so every spell that returns, exiles or destroys a target permanent and draws ("Return target nonland
permanent to its owner's hand. Draw a card.") was refused with "which card is it, and whose?" although the story
said it. The target is kept only when the card is of the kind the words target (601.2c: a target must be legal)
and its controller fits their qualifier ("you own or control", "an opponent controls"); any other is left to the
engine's question, never carried out on an illegal target.
"""

from __future__ import annotations

import re
from typing import Any

from engine.cards import Card, CardDB, card_type_words
from engine.effects import SpellText

# the target words of an operation on a permanent ("target nonland permanent", "target creature an opponent
# controls"): the kinds, and who may control it
_TARGET = re.compile(r"^target (?P<kinds>(?:non\w+ )?(?:creature|artifact|enchantment|land|planeswalker|permanent)"
                     r"(?: or (?:non\w+ )?(?:creature|artifact|enchantment|land|planeswalker|permanent))?)"
                     r"(?P<whose> you control| you own or control| an opponent controls| you don't control)?$")
_SAID = re.compile(r"\b(?:targeting|on)\b(?P<rest>.+)$", re.I)


def read_card_target(doc: dict[str, Any], cards: CardDB, clause: str) -> None:
    """Set the action's card target from its clause ("... targeting his Baleful Strix") when the action's text has
    exactly one permanent target and the named permanent is a legal one on exactly one battlefield."""
    action = doc.get("action") or {}
    card = cards.find(str(action.get("card", "")))
    said = _SAID.search(clause)
    if action.get("type") != "cast" or card is None or said is None or any(
            isinstance(t, dict) for t in action.get("targets", [])):
        return
    wanted = _permanent_targets(card, action)
    if len(wanted) != 1:
        return
    m = _TARGET.match(wanted[0])
    if m is None:
        return
    rest = said.group("rest").lower()
    for p in doc.get("players", []):
        for name in dict.fromkeys(p.get("battlefield") or []):
            named = cards.find(name)
            if named is None or named.name == card.name or named.name.lower() not in rest:
                continue
            holders = [q["name"] for q in doc["players"] if name in (q.get("battlefield") or [])]
            if len(holders) == 1 and _legal(named, m, holders[0], str(action.get("player", ""))):
                action["targets"] = [*[t for t in action.get("targets", []) if not isinstance(t, dict)],
                                     {"card": named.name, "controller": holders[0]}]
                doc.setdefault("assumed", []).append(f"“{clause}” read as targeting {holders[0]}'s {named.name}")
                return


def _permanent_targets(card: Card, action: dict[str, Any]) -> list[str]:
    """The target words of the operations on a permanent in the spell text or activated ability the action means."""
    activated = action.get("ability") == "activate"
    if action.get("ability") not in ("", None, "spell", "activate"):
        return []
    return [op.name for s in card.of(SpellText) if s.activated == activated
            for op in s.ops if op.name.startswith("target ") and op.do.endswith("_target")]


def _legal(card: Card, m: re.Match[str], controller: str, caster: str) -> bool:
    """Whether ``card``, controlled by ``controller``, is of the kinds the words target, and fits their
    qualifier (the owner is taken to be the controller: the story said whose it is)."""
    words = card_type_words(card.type_line)
    kinds_ok = any(_is_kind(words, kind) for kind in m.group("kinds").split(" or "))
    whose = (m.group("whose") or "").strip()
    mine = controller == caster
    fits = {"": True, "you control": mine, "you own or control": mine, "an opponent controls": not mine,
            "you don't control": not mine}[whose]
    return kinds_ok and fits


def _is_kind(words: set[str], kind: str) -> bool:
    parts = kind.split()
    base = parts[-1]
    if len(parts) == 2 and parts[0].startswith("non") and parts[0][3:] in words:
        return False
    return bool(words) if base == "permanent" else base in words
