"""A spell that counts the caster's permanents ("draw a card for each creature you control") when the story
never said what that player controls: asked for, never counted as none.

Why: the scenario a story makes holds the permanents the story told; one that tells none leaves that player's
battlefield empty, and an amount counted from it is 0: "I cast Collective Unconscious. How many do I draw?"
answered "You draw no card". A player who asks that has creatures, so the reader says what is missing and how
to say it (naming the permanents, which the bot can look up), rather than answer from a blank.
"""

from __future__ import annotations

import re
from typing import Any

from engine.cards import Card, CardDB
from engine.effects import SpellText
from engine.errors import SituationError
from engine.situation.board_needs import require_board_for_needs

_COUNTS_YOURS = re.compile(r"\b(?:(?:the number of|one for each) )?(?P<kinds>[a-z ,/-]+?) you control\b")


def require_counted_board(doc: dict[str, Any], cards: CardDB, clause: str, uncounted: list[str] | None = None) -> None:
    """Refuse a cast whose amount counts the caster's permanents of a kind when the story told none of theirs,
    or said some only by their kind ("I control Myojin of Seeing Winds and 3 lands": the lands are not on the
    board the engine counts, and "for each permanent you control" counted 1)."""
    action = doc.get("action") or {}
    if action.get("type") != "cast":
        return
    card = cards.find(str(action.get("card", "")))
    caster = next((p for p in doc.get("players", []) if p.get("name") == action.get("player")), None)
    if card is None or caster is None:
        return
    told = [n for n in caster.get("battlefield") or [] if n != card.name]
    if uncounted or not (told or caster.get("tokens")):  # the activated card alone is no board told
        _require_restriction_board(card, action, clause, uncounted)
        require_board_for_needs(card, action, clause, uncounted)
    if not uncounted and (caster.get("battlefield") or caster.get("tokens")):
        return
    for spell in card.of(SpellText):
        for op in spell.ops:
            m = _COUNTS_YOURS.search(op.note.lower()) if op.amount == "X" else None
            if m is not None and op.do in ("draw", "discard", "mill", "token", "lose_life", "gain_life", "damage"):
                kinds = m.group("kinds").strip()
                kinds = kinds if kinds.endswith("s") else f"{kinds}s"
                said = f" (“{', '.join(uncounted)}” is said without names)" if uncounted else ""
                raise SituationError(
                    f"{card.name} counts the {kinds} its caster controls, and the situation doesn't say which they "
                    f"control{said}", clause, "name them ('I control Llanowar Elves and Grizzly Bears')")


_RESTRICTED_BY_BOARD = re.compile(r"activate (?:this ability )?only if you control .+")


def _require_restriction_board(card: Card, action: dict[str, Any], clause: str, uncounted: list[str] | None) -> None:
    """ "I activate Cryptic Caves" ("Activate only if you control five or more lands", 602.5b) when the story
    told none of the activator's permanents: the restriction is about a board the story didn't show, so it is
    asked for, never answered "the condition isn't met" from the one card the activation put there."""
    if action.get("ability") != "activate":
        return
    abilities = [s for s in card.of(SpellText) if s.activated and not s.cost.startswith("cycling")]
    restricted = [next((op.text for op in s.ops if op.do == "note" and _RESTRICTED_BY_BOARD.fullmatch(op.text)), "")
                  for s in abilities]
    if abilities and all(restricted):
        said = f" (“{', '.join(uncounted)}” is said without names)" if uncounted else ""
        raise SituationError(
            f"{card.name}: “{restricted[0]}” (602.5b), and the situation doesn't say which permanents its "
            f"controller has{said}", clause, "name them ('I control Cryptic Caves and Llanowar Elves')")
