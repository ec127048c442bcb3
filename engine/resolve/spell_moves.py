"""Where a spell card goes as it is cast and as it resolves: from the hand (or a graveyard) to the stack (601.2a),
then to its owner's graveyard (608.2n), or to exile when an Adventure, flashback, jump-start, rebound, its own
"Exile <this>" or the turn's end says so, or into the library for an Omen.

Why its own module: the choice of zone is the spell's bookkeeping, separate from carrying out its text; a card
counted in the wrong zone is a wrong answer however well the text was carried out.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.model import Batch
from engine.stand_ins import is_stand_in

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def spell_resolved(r: Resolver, card: Card, caster: str, *, ended_turn: bool, from_graveyard: bool = False) -> None:
    """An instant or sorcery goes to its owner's graveyard as the last step of its resolution (608.2n),
    unless it ended the turn: ending the turn exiles everything on the stack, the spell included (723.1b);
    an Adventure is exiled (715.3d), an Omen shuffled into its owner's library (720.3d); cast from a
    graveyard with flashback, aftermath or jump-start, it is exiled instead (702.34a); cast from the hand with
    rebound, it is exiled too (702.88a)."""
    owner = r.player(caster)
    owner.stack.remove_named(card.name)
    if ended_turn:
        owner.exile.add(Batch([card.name]))
        r.step(f"{card.name} was still on the stack as the turn ended: it is exiled.",
               r.rs.cite("end_turn_exile"), caster, "move")
        return
    if card.name in r.exiled_itself:
        owner.exile.add(Batch([card.name]))
        r.step(f"{card.name} exiles itself as its text says: it is exiled, not put into a graveyard.",
               r.rs.cite("exiles_itself"), caster, "move")
        return
    if "adventure" in card.type_line.lower():
        owner.exile.add(Batch([card.name]))
        r.step(f"{card.name} was cast as an Adventure: it is exiled instead of going to the graveyard, and "
               "may be cast later from exile as its other face.", r.rs.cite("adventure_exile"), caster,
               "move")
        return
    if re.search(r"\bomen\b", card.type_line.lower()):
        owner.library.shuffle_in(Batch([card.name]))
        r.step(f"{card.name} was cast as an Omen: its owner shuffles it into their library instead of putting it "
               "into the graveyard.", r.rs.cite("omen_shuffle"), caster, "move")
        return
    if from_graveyard and re.search(r"^(?:flashback|aftermath|jump-start)\b", card.oracle, re.I | re.M):
        owner.exile.add(Batch([card.name]))
        r.step(f"{card.name} was cast from a graveyard with a permission that exiles it: it is exiled "
               "instead of going to the graveyard.", r.rs.cite("flashback_exile"), caster, "move")
        return
    if not from_graveyard and r.s.action.from_zone in ("hand", "library") and \
            re.search(r"^rebound\b", card.oracle, re.I | re.M):
        owner.exile.add(Batch([card.name]))  # "library": the action's default zone, the spell cast from the hand
        r.step(f"{card.name} has rebound and was cast from the hand: it is exiled as it resolves instead of going to "
               "the graveyard (it may be cast from exile at the next upkeep).", r.rs.cite("rebound"), caster, "move")
        return
    owner.graveyard.add(Batch([card.name]))
    r.step(f"{card.name} is put into {caster}'s graveyard as the last step of its resolution.",
           r.rs.cite("spell_to_graveyard"), caster, "move")


def spell_leaves_hand(r: Resolver, card: Card, caster: str, zone: str = "hand") -> bool:
    """A spell is cast from its owner's hand: it moves to the stack (601.2a), so the hand the draws go
    into is one card smaller than the hand it was cast from. Cast from a graveyard (flashback,
    aftermath), it leaves the graveyard instead."""
    if zone == "graveyard":
        grave = r.player(caster).graveyard
        grave.remove_card(card.name)
        r.player(caster).stack.add(Batch([card.name]))
        r.step(f"{card.name} moves from {caster}'s graveyard to the stack.", r.rs.cite("cast_from_graveyard"),
               caster, "move")
        return True
    hand = r.player(caster).hand
    if hand.size == 0:
        # the spell is on the stack all the same, and goes to the graveyard as it resolves (608.2n)
        r.player(caster).stack.add(Batch([card.name]))
        r.step(f"{caster}'s hand was said to be empty: it is counted as the hand after casting "
               f"{card.name}.", r.rs.cite("cast_from_hand"), caster, "info")
        return True
    if not hand.remove_named(card.name):
        hand.remove_any(1)
    r.player(caster).stack.add(Batch([card.name]))
    r.step(f"{card.name} moves from {caster}'s hand to the stack (hand {hand.size + 1} → {hand.size}).",
           r.rs.cite("cast_from_hand"), caster, "move")
    return True


def stand_in_stops(r: Resolver, card: Card, caster: str) -> bool:
    """ "Opp casts a noncreature spell": a spell said by its kind is judged as far as its casting goes (what
    triggered, what was paid); what it does is unknown, so it stops there, said."""
    if not is_stand_in(card):
        return False
    r.step(f"What {card.name} does is not judged: it was said by its kind, not by its name, so the answer "
           "covers what its casting causes (601.2, 603.2).", ("601.2", "603.2"), caster, "assumption")
    return True


__all__ = ["spell_leaves_hand", "spell_resolved", "stand_in_stops"]
