"""Defaults that decide the answer: when a fact nobody stated (nothing drawn yet this turn, whose turn it is)
changes the outcome if it is otherwise, the answer says so and gives the other outcome.

Why: a judge who fills in a fact says "assuming you haven't drawn yet this turn…" and, when it matters, what
happens if you have. The reader records which facts were defaulted (``Scenario.defaulted``); each kind of
default has one way to be otherwise (a table keyed by an enum), and that variant is resolved like the question
itself, under the same deadline (``engine.resolve.variants``).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from engine.model import Scenario
from engine.wording import owned_by, possessive


class Default(StrEnum):
    """The kinds of defaulted fact whose other value is worth resolving."""

    DRAWN_THIS_TURN = "drawn_this_turn"  # "drawn_this_turn:<player>": 0 by default
    ACTIVE = "active"  # whose turn: the asker's (the first player's) by default
    CONTROLLER = "controller"  # "controller:<card>": a permanent said without one, whose it is (the reader's)
    FIRST_TURN = "first_turn"  # "turn 1" with no side said: the game's first turn (its active player on the play)
    DRAW_STEP_FIRST = "draw_step_first"  # "my draw step, I cast X": the counts said are before the step's draw
    HAND = "hand"  # "hand:<player>": 7 cards by default; otherwise none (the answer says it only if it changes)


DRAWN_SAID = "no card drawn yet this turn"  # how the default is said among the assumptions


def drew_for_turn_said(name: str) -> str:
    """How the reader's turn-structure default is said: the active player, after their draw step, has drawn
    the turn's card (504.1), unless it is the first turn of the player on the play (103.8a)."""
    who = "you" if name == "You" else name
    return f"{who} already drew a card this turn, in the draw step (504.1)"


def step_draw_first_said(name: str) -> str:
    """How the reader says that a draw step told with a cast in it starts with the step's draw."""
    return f"{possessive(name)} draw step: its draw comes first (504.1), before anything is cast in it (117.3a)"


def controller_said(card: str, owner: str) -> str:
    """How the reader says whose a permanent said without a controller is taken to be."""
    return f"{card}: its controller was not said; read as {owned_by(owner)}, the only player it does anything for here"


def first_turn_said(active: str) -> str:
    """How the reader says that "turn 1", with nobody said to be on the play, is the game's first turn."""
    who = "you" if active == "You" else active
    verb = "are" if active == "You" else "is"
    return f"turn 1 read as the game's first turn: {who} {verb} on the play (103.1)"


def turn_said(active: str) -> str:
    """How the default "whose turn" is said among the assumptions (by the situation reader and by the JSON
    scenario's defaults alike)."""
    return f"it is {possessive(active)} turn"


def default_keys(doc: dict[str, Any], names: list[str]) -> list[str]:
    """The defaulted facts of a scenario document, as keys of ``Default`` (with the player where there is one)."""
    keys = [f"{Default.DRAWN_THIS_TURN}:{name}" for name, raw in zip(names, doc["players"], strict=True)
            if "drawn_this_turn" not in raw]
    # filled in by the situation reader from the turn structure (the active player drew in the draw step)
    keys += [k for k in doc.get("defaulted", []) if isinstance(k, str) and k.partition(":")[2] in names
             and k.startswith(f"{Default.DRAWN_THIS_TURN}:") and k not in keys]
    keys += [k for k in doc.get("defaulted", []) if isinstance(k, str) and (k.startswith(f"{Default.CONTROLLER}:")
                                                                          or k == Default.FIRST_TURN.value)]
    # whose turn: unstated in the document, or filled in by the situation reader (which says so)
    active_default = "active" not in doc or turn_said(doc["active"]) in doc.get("assumed", [])
    if active_default and len(names) > 1:
        keys.append(Default.ACTIVE.value)
    # a hand nobody counted (7 by default): last (the variants tried are bounded: never before whose turn it is),
    # and said only when the answer to the question changes
    keys += [f"{Default.HAND}:{name}" for name, raw in zip(names, doc["players"], strict=True)
             if "hand" not in raw and not raw.get("hand_unnamed")]
    return keys


def _already_drew(scenario: Scenario, player: str) -> str | None:
    p = scenario.player(player)
    if p.drawn_this_turn:  # the reader's default (the turn's draw already made): otherwise, none drawn yet
        p.drawn_this_turn = p.drawn_this_draw_step = 0
        scenario.assumed = [a for a in scenario.assumed if a != drew_for_turn_said(player)]
        return f"If {player} hadn't drawn yet this turn"
    p.drawn_this_turn = 1
    if scenario.step == "draw" and scenario.active == player:
        p.drawn_this_draw_step = 1
    # the default as said before is no longer true of this player: say it again for the others
    scenario.assumed = [a for a in scenario.assumed if not a.startswith(DRAWN_SAID)]
    others = [k.partition(":")[2] for k in scenario.defaulted if k.startswith(f"{Default.DRAWN_THIS_TURN}:")
              and not scenario.player(k.partition(":")[2]).drawn_this_turn]
    if others:
        scenario.assumed.append(f"{DRAWN_SAID}: {', '.join(others)}")
    return f"If {player} already drew a card this turn"


def _other_turn(scenario: Scenario, _arg: str) -> str | None:
    names = [p.name for p in scenario.players]
    other = names[(names.index(scenario.active) + 1) % len(names)]
    if scenario.action.type == "draw_step":
        return None  # "it's my draw step" is whose turn it is, said
    scenario.assumed = [a for a in scenario.assumed if a != turn_said(scenario.active)]
    scenario.active = other
    return f"If it is {other}'s turn"


def _counts_after_the_draw(scenario: Scenario, _arg: str) -> str | None:
    """The counts said were the ones after the step's draw: the action alone, the turn's card drawn."""
    if not scenario.draw_step_first:
        return None
    scenario.draw_step_first = False
    active = scenario.player(scenario.active)
    scenario.assumed = [a for a in scenario.assumed if a != step_draw_first_said(active.name)]
    scenario.assumed.append(drew_for_turn_said(active.name))
    return "If the cards you counted were after your draw for the turn"


def _other_controller(scenario: Scenario, card: str) -> str | None:
    """The permanent under the next player's control instead (the reader chose the only player it acts for,
    so under any other it does nothing)."""
    names = [p.name for p in scenario.players]
    holder = next((p for p in scenario.players if card in p.battlefield), None)
    if holder is None or len(names) < 2:
        return None
    other = scenario.player(names[(names.index(holder.name) + 1) % len(names)])
    holder.battlefield.remove(card)
    other.battlefield.append(card)
    scenario.assumed = [a for a in scenario.assumed if a != controller_said(card, holder.name)]
    return f"If {other.name} controls {card}"


def _first_turn_on_the_draw(scenario: Scenario, _arg: str) -> str | None:
    """ "Turn 1" meant as the active player's own first turn, on the draw: the game's turn 2 (103.8a)."""
    if scenario.turn != 1 or scenario.format not in ("two-player", "two-headed-giant"):
        return None
    scenario.turn = 2
    scenario.assumed = [a for a in scenario.assumed if a != first_turn_said(scenario.active)]
    who = "you are" if scenario.active == "You" else f"{scenario.active} is"
    whose = "your" if scenario.active == "You" else "their"
    return f"If {who} on the draw (turn 1 meaning {whose} first turn: the game's turn 2)"


def _no_cards_in_hand(scenario: Scenario, player: str) -> str | None:
    """The hand nobody counted empty instead of seven: what a hand decides ("no cards in hand", the largest hand
    discarded) shows at its other end."""
    p = scenario.player(player)
    if not p.hand.unknown:
        return None
    p.hand.unknown = 0  # the cards named in it (a spell cast from it) stay
    who = "you" if player == "You" else player
    other = " other" if p.hand.cards else ""
    return f"If {who} had no{other} cards in hand (7 were assumed)"


# Each kind of default: how to make it otherwise in a copy of the scenario, and the words for "if it is".
OTHERWISE: dict[Default, Callable[[Scenario, str], str | None]] = {
    Default.DRAWN_THIS_TURN: _already_drew,
    Default.ACTIVE: _other_turn,
    Default.DRAW_STEP_FIRST: _counts_after_the_draw,
    Default.CONTROLLER: _other_controller,
    Default.FIRST_TURN: _first_turn_on_the_draw,
    Default.HAND: _no_cards_in_hand,
}


def assume_otherwise(scenario: Scenario, key: str) -> str | None:
    """Make one defaulted fact otherwise in ``scenario`` (a copy the caller owns); the words for it, or None
    when this default can't be otherwise here."""
    kind, _, arg = key.partition(":")
    try:
        change = OTHERWISE[Default(kind)]
    except ValueError:
        return None
    if key not in scenario.defaulted:
        return None
    scenario.defaulted = [k for k in scenario.defaulted if k != key]
    return change(scenario, arg)
