"""A card's draw abilities as the engine read them, in words ("/card Notion Thief": what the engine will do
with this card), each with the rules it works by.

Why: a player checking a card wants to see that the bot read it right before trusting a ruling about it; the
reader's effects are data, so this says each kind of effect once, from a table keyed by the effect's type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import Card
from engine.effects import (
    CantLose,
    CastTrigger,
    DrawCondition,
    DrawProhibition,
    DrawReplacement,
    DrawStepTrigger,
    DrawTrigger,
    EventTrigger,
    GraveyardAbilitiesLost,
    LifeGainProhibition,
    LifeGainReplacement,
    Miracle,
    MultiDrawReplacement,
    NotModelled,
    Op,
    OpKind,
    SkipDrawStep,
    SpellText,
)

WHO = {"you": "you", "opponents": "an opponent", "opponent": "an opponent", "each": "a player",
       "any": "a player", "that_player": "that player", "controller": "its controller", "target": "target player"}


def _who(affects: str) -> str:
    return WHO.get(affects, affects.replace("_", " "))


def _draws(affects: str) -> str:
    return "you draw" if affects == "you" else f"{_who(affects)} draws"


def _possessive(affects: str) -> str:
    return "your" if affects == "you" else f"{_who(affects)}'s"


# Each operation in words ({n} is its amount); an operation the engine only notes says its card's own words.
OP_WORDS: dict[OpKind, str] = {
    OpKind.DRAW: "draw {n} card{s}", OpKind.SKIP: "skip that draw", OpKind.WIN: "win the game",
    OpKind.LOSE: "lose the game", OpKind.MILL: "mill {n}", OpKind.LOSE_LIFE: "lose {n} life",
    OpKind.GAIN_LIFE: "gain {n} life", OpKind.DAMAGE: "deal {n} damage", OpKind.POISON: "get {n} poison counter{s}",
    OpKind.TOKEN: "create a token", OpKind.DISCARD: "discard {n} card{s}", OpKind.DISCARD_HAND: "discard the hand",
    OpKind.TO_HAND_FROM_LIBRARY: "put {n} card{s} from the library into the hand (not a draw)",
    OpKind.LOOK_KEEP: "look at the top {n} cards and put one into the hand (not a draw)",
    OpKind.RETURN_SELF: "return this card to the hand", OpKind.CHAINS: "discard a card (if you can't, mill a card)",
    OpKind.PUT_BACK: "put {n} card{s} from the hand back on top", OpKind.END_TURN: "end the turn",
    OpKind.SHUFFLE_HAND_GRAVEYARD: "shuffle the hand and graveyard into the library",
    OpKind.HAND_TO_BOTTOM_DRAW_THAT_MANY: "put the hand on the bottom of the library, then draw that many",
    OpKind.DRAW_EQUAL_DISCARDED: "draw as many cards as were discarded", OpKind.DRAW_HALF_LIBRARY:
    "draw half the library, rounded up", OpKind.LOSE_HALF_LIFE: "lose half the life, rounded up",
    OpKind.SYLVAN: "put {n} of the cards drawn this turn back, or pay 4 life for each kept",
    OpKind.EXILE_TOP: "exile the top card of the library",
    OpKind.EXILE_FROM_GRAVEYARD: "exile {n} card{s} from the graveyard",
    OpKind.SEARCH_TO_HAND: "search the library for a card "
    "and put it into the hand (not a draw)", OpKind.REVEAL_TO_HAND: "reveal cards until one is found and put it "
    "into the hand (not a draw)", OpKind.WIN_IF_LIBRARY_EMPTY: "win the game if the library is empty",
    OpKind.WIN_IF_LIBRARY_AT_MOST: "win the game if the library has at most {n} cards",
    OpKind.REVEAL_SORT: "reveal the top {n} cards and sort them", OpKind.REVEAL_TOP_OR_DRAW:
    "reveal the top card: a creature card goes to the hand, else draw", OpKind.AMASS: "amass {n}",
    OpKind.COUNTER: "put a counter on it", OpKind.DELAYED_DRAW: "draw {n} card{s} later (a delayed trigger)",
    OpKind.LATER_ABILITY: "create an ability for later: {text}", OpKind.NOTE: "{text}",
}


def _op(op: Op) -> str:
    try:
        words = OP_WORDS[OpKind(op.do)]
    except ValueError:
        words = op.do.replace("_", " ")
    words = words.format(n=op.amount, s="" if op.amount == 1 else "s", text=op.text or "an effect the engine notes")
    if op.text and op.do != OpKind.NOTE:
        words += f" ({op.text})"
    said = f"{'may ' if op.optional else ''}{words}"
    who = "" if op.who in ("that_player", "you", "target") else f" ({_who(op.who)})"
    extra = f" — {op.note}" if op.note else (f" if {op.condition.replace('_', ' ')}" if op.condition else "")
    return said + who + extra


def _ops(ops: tuple[Op, ...]) -> str:
    return ", then ".join(_op(op) for op in ops) or "nothing the engine tracks"


def _condition(c: DrawCondition) -> str:
    parts = []
    if c.except_first_in_draw_step:
        parts.append("except the first card in their draw step")
    if c.library_empty is not None:
        parts.append("while the library is " + ("empty" if c.library_empty else "not empty"))
    if c.hand_empty is not None:
        parts.append("while the hand is " + ("empty" if c.hand_empty else "not empty"))
    if c.min_library:
        parts.append(f"only with at least {c.min_library} cards in the library")
    if c.source:
        parts.append(f"only draws from {c.source}")
    if c.nth_each_turn:
        parts.append(f"only the card number {c.nth_each_turn} each turn")
    if c.in_draw_step is not None:
        parts.append("only during their draw step" if c.in_draw_step else "only outside their draw step")
    return f" ({'; '.join(parts)})" if parts else ""


def _spell(e: SpellText) -> str:
    head = (f"Activated ability ({e.cost})" if e.activated and e.cost else "Activated ability" if e.activated
            else f"Mode “{e.mode}”" if e.mode else "Spell")
    return f"{head}: {'target player: ' if e.targets_player else ''}{_ops(e.ops)}"


DESCRIBE: dict[type, Callable[[Any], str]] = {
    DrawReplacement: lambda e: (f"Replacement: if {_who(e.affects)} would draw a card{_condition(e.condition)}, "
                                f"{'may ' if e.optional else ''}{_ops(e.instead)} instead"
                                + (f" (from the {e.zone})" if e.zone != "battlefield" else "")),
    MultiDrawReplacement: lambda e: (f"Replacement: if {_who(e.affects)} would draw {e.min_count} or more cards, "
                                     f"{_ops(e.instead)} instead"),
    DrawProhibition: lambda e: (f"{_who(e.affects).capitalize()} can't draw cards" if e.max_per_turn == 0 else
                                f"{_who(e.affects).capitalize()} can't draw more than {e.max_per_turn} card"
                                f"{'' if e.max_per_turn == 1 else 's'} each turn"),
    LifeGainProhibition: lambda e: f"{_who(e.affects).capitalize()} can't gain life",
    LifeGainReplacement: lambda e: f"If {_who(e.affects)} would gain life, {e.factor} times that much instead",
    DrawTrigger: lambda e: (f"Trigger: whenever {_draws(e.affects)} a card{_condition(e.condition)}, "
                            f"{'may ' if e.optional else ''}{_ops(e.ops)}"),
    DrawStepTrigger: lambda e: f"Trigger: at the beginning of {_possessive(e.affects)} draw step, {_ops(e.ops)}",
    CastTrigger: lambda e: (f"Trigger: whenever {_who(e.affects)} casts a {'noncreature ' if e.noncreature else ''}"
                            f"spell, {_ops(e.ops)}"),
    CantLose: lambda e: "You can't lose the game" + (", and your opponents can't win" if e.opponents_cant_win
                                                       else ""),
    SpellText: _spell,
    EventTrigger: lambda e: f"Trigger ({e.event.replace('_', ' ')}): {_ops(e.ops)}",
    SkipDrawStep: lambda e: ("You skip your draw step" if e.affects == "you"
                             else f"{_who(e.affects).capitalize()} skips their draw step"),
    GraveyardAbilitiesLost: lambda e: "Cards in graveyards lose their abilities (dredge can't be used)",
    Miracle: lambda e: f"Miracle {e.cost}: may be cast for that cost when drawn as the first card of a turn",
}


def draw_abilities(card: Card) -> list[tuple[str, tuple[str, ...]]]:
    """Each effect of ``card`` the engine works with, in words, with its rules (effects it doesn't model are
    left out: the card's Oracle text shows them)."""
    out = []
    for effect in card.effects:
        if isinstance(effect, NotModelled):
            continue
        describe = DESCRIBE.get(type(effect))
        text = describe(effect) if describe else type(effect).__name__
        out.append((text, tuple(getattr(effect, "rules", ()))))
    return list(dict.fromkeys(out))
