"""What a cast or an activation needs from its player's board when the story never showed that board: a cost
that sacrifices another permanent ("As an additional cost to cast this spell, sacrifice a creature", "{1},
{T}, Sacrifice another creature: ..."), or a condition about the permanents they control ("Draw a card. If you
control eight or more lands, draw two cards instead"): asked for, never decided from a blank board.

Why: the scenario a story makes holds the permanents the story told; one that tells none of the player's
leaves only the card acted on, so "I cast Corrupted Conviction" was answered "You can't pay the cost ... You
controls no permanent" (118.3) and "I activate Zimone" drew one card because "you control eight or more lands"
was false of an empty board (608.2c). A player who casts a spell with a sacrifice cost has something to
sacrifice; the lands said by their kind ("and 9 lands") are not on the board the engine counts. The reader says
what is missing and how to say it (naming the permanents, which the bot can look up).
"""

from __future__ import annotations

import re
from typing import Any

from engine.cards import Card, card_type_words
from engine.costs import CostKind, CostPart, read_cost
from engine.effects import AdditionalCost, EventTrigger, Op, SpellText
from engine.errors import SituationError

# a condition about the permanents the player controls ("you control eight or more lands", "you don't control
# an artifact", "you control no creatures"): what the board decides (engine.resolve.known_conditions)
_BOARD_CONDITION = re.compile(r"(?:if|unless):you (?:control|don't control)\b.*")
# a quality the engine doesn't track ("a creature with a +1/+1 counter on it", "a red permanent"): such a condition
# stays an assumption, said with its other line, so it is left to the answer
_QUALITY = re.compile(r"\b(?:with|without|that|named|untapped|tapped|white|blue|black|red|green|colorless|"
                      r"multicolored|power|toughness|modified|attacking|blocking)\b")


def require_board_for_needs(card: Card, action: dict[str, Any], clause: str, uncounted: list[str] | None) -> None:
    """Refuse a cast or an activation whose cost sacrifices a permanent other than the card, or whose effect (or
    the card's own "when this enters" ability, for a permanent cast or entering) has a condition about the
    player's permanents, when the story told none of that player's permanents (or said some only by their
    kind): which ones they control is asked for."""
    needs = _meant(card, action)
    if not needs:
        return
    said = f" (“{', '.join(uncounted)}” is said without names)" if uncounted else ""
    sacrifices = [_other_sacrifice(card, costs, activated=activated) for _, costs, activated in needs]
    if all(sacrifices):
        raise SituationError(
            f"{card.name} costs “{sacrifices[0]}” (118.3), and the situation doesn't say which permanents its "
            f"controller has{said}", clause, f"name them ('I control Grizzly Bears. I {_verb(action)} {card.name}')")
    conditions = [next((c for c in conds if _BOARD_CONDITION.fullmatch(c) and not _QUALITY.search(c)), "")
                  for conds, _, _ in needs]
    if all(conditions):
        raise SituationError(
            f"{card.name}: “{conditions[0].split(':', 1)[1]}” depends on the permanents its controller has, and "
            f"the situation doesn't say which they are{said}", clause,
            f"name them ('I control Forest and Island. I {_verb(action)} {card.name}')")


def _verb(action: dict[str, Any]) -> str:
    return {"activate": "activate", "enters": "play"}.get(str(action.get("ability")), "cast")


_Need = tuple[list[str], list[str], bool]  # the conditions ("if you control ..."), the costs, activated or not


def _meant(card: Card, action: dict[str, Any]) -> list[_Need]:
    """What the action may mean, each with its conditions and the costs paid for it: a spell's text with its
    additional costs, each activated ability (not cycling) with its own cost, or a permanent's own "when this
    enters" abilities as it is cast or enters."""
    spells = card.of(SpellText)
    ability = action.get("ability")
    if ability == "activate":
        return [(_conditions(s.ops), [s.cost], True) for s in spells
                if s.activated and s.cost and not s.cost.startswith("cycling")]
    if ability in ("", None, "spell", "enters") and not action.get("from_zone") and not card.has_type("land"):
        extra = [c.cost for c in card.of(AdditionalCost)] if ability != "enters" else []
        own = [s for s in spells if not s.activated]
        entering = [t for t in card.of(EventTrigger) if _OWN_ENTERS.match(t.event)]
        return [(_conditions(s.ops), extra, False) for s in own] + \
            [([*_conditions(t.ops), *([f"if:{t.intervening}"] if t.intervening else [])], extra, False)
             for t in entering]
    return []


_OWN_ENTERS = re.compile(r"^when (?:~|this \w+) enters\b")


def _conditions(ops: tuple[Op, ...]) -> list[str]:
    return [op.condition for op in ops if op.condition]


def _other_sacrifice(card: Card, costs: list[str], *, activated: bool) -> str:
    """The words of a cost part that sacrifices a permanent the card itself can't be ("sacrifice another
    creature", "sacrifice a Room" on a Spirit; any sacrifice to cast a spell, which is on the stack): "" when
    there is none."""
    for cost in costs:
        parsed = read_cost(cost, card.name)
        if parsed.options:
            continue  # "sacrifice an artifact or discard a card": the other way may be paid
        for part in parsed.parts:
            if part.kind is CostKind.SACRIFICE and not itself_can_pay(card, part, on_battlefield=activated):
                return part.text
    return ""


def itself_can_pay(card: Card, part: CostPart, *, on_battlefield: bool) -> bool:
    """Whether the card, on the battlefield as its ability is activated, is one of the kinds the part sacrifices."""
    if not on_battlefield or part.another or part.amount != 1:
        return False
    words = card_type_words(card.type_line)
    return any(k == "permanent" and words or k.removeprefix("nontoken-") in words for k in part.what)
