"""Operations that move cards between zones without drawing (mill, discard, shuffle, put back, search):
none of them is a draw (121.5), so nothing that replaces or triggers on draws applies."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.effects import Op, OpKind
from engine.errors import ScenarioError
from engine.model import Batch
from engine.resolve.events import OpContext
from engine.trigger_events import EventKind
from engine.wording import cards

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def _mill(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        milled = p.library.take_top(n * ctx.times)
        p.graveyard.add(milled)
        if len(milled):
            r.happened.add(EventKind.MILL)
        r.step(f"{name} mills {cards(len(milled))}.", r.rs.cite("mill"), name, "mill", amount=len(milled))


def _discard(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        gone = p.hand.remove_any(n)
        p.graveyard.add(gone)
        if len(gone):
            r.happened.add(EventKind.DISCARD)
        ctx.moved(name, len(gone))
        r.discard_triggers(name, len(gone))
        ctx.did = bool(len(gone)) or n == 0  # "if you do" after a discard of nothing is not met
        r.step(f"{name} discards {cards(len(gone))}.", r.rs.cite("discard"), name, "discard")


def _put_bottom(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        back = p.hand.remove_any(n)
        p.library.add_bottom(back)
        ctx.moved(name, len(back))
        r.step(f"{name} puts {cards(len(back))} from their hand on the bottom of their library.",
               r.rs.cite("library_position"), name, "move")


UNNAMED_PERMANENT = "(an unnamed card)"


def _hand_to_battlefield(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """"Put a land card from your hand onto the battlefield": not played and not cast (305.4), so it counts
    against nothing; the player is taken to have such a card (said), since the hand's cards are not known."""
    for name in targets:
        p = r.player(name)
        moved = p.hand.remove_any(n)
        ctx.moved(name, len(moved))
        # a card not named stays a card: on the battlefield as one the engine knows nothing of (its abilities,
        # if any, are not read, and a count of lands or creatures that includes it is asked for, not guessed)
        p.battlefield.extend(moved.named + [UNNAMED_PERMANENT] * moved.unknown)
        r.step(f"{name} puts {cards(len(moved))} ({op.name} card) from their hand onto the battlefield; the answer "
               f"takes it that {name} has one.", r.rs.cite("put_onto_battlefield"), name, "move")


def _shuffle_hand(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        k = p.hand.size
        p.library.shuffle_in(p.hand.take_top(k))
        ctx.moved(name, k)
        r.step(f"{name} shuffles the {cards(k)} of their hand into their library.", r.rs.cite("shuffle"), name,
               "shuffle")


def _sacrifice(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """An effect's "sacrifice a creature": the player chooses among the permanents of that kind they control;
    with none, nothing happens (701.21a), and "if you do" is not met."""
    from engine.costs import read_cost
    from engine.resolve.paying import sacrifice_for

    # "a creature of their choice": the player who sacrifices chooses (701.21a), the kind is "a creature"
    what = re.sub(r" of (?:their|his or her|your) choice$", "", op.name)
    cost = read_cost(f"sacrifice {what}")
    if cost.unknown or cost.options or len(cost.parts) != 1:
        raise ScenarioError(f"{ctx.source}: the engine can't carry out “sacrifice {op.name}” yet", "card",
                            f"sacrifice {op.name}")
    part = cost.parts[0]
    for name in targets:
        gone = sacrifice_for(r, ctx.source, part, name)
        ctx.moved(name, gone)
        ctx.did = gone > 0
        if not gone:
            r.step(f"{name} controls no {what.split(' ', 1)[-1]} to sacrifice: nothing happens.",
                   r.rs.cite("sacrifice"), name, "why_not")


def _discard_hand(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        gone = p.hand.take_top(p.hand.size)
        p.graveyard.add(gone)
        if len(gone):
            r.happened.add(EventKind.DISCARD)
        ctx.discarded[name] = len(gone)
        ctx.moved(name, len(gone))
        r.step(f"{name} discards their hand ({len(gone)} cards).", r.rs.cite("discard"), name, "discard")


def _shuffle_hand_graveyard(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        p.library.shuffle_in(p.hand.take_top(p.hand.size) + p.graveyard.take_top(p.graveyard.size))
        r.step(
            f"{name} shuffles hand and graveyard into their library ({p.library.size} cards).",
            r.rs.cite("shuffle"),
            name,
            "shuffle",
        )


def _hand_to_bottom_draw_that_many(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        k = p.hand.size
        p.library.add(p.hand.take_top(k))
        r.step(
            f"{name} puts {cards(k)} from hand on the bottom of their library.",
            r.rs.cite("library_position"),
            name,
            "move",
        )
        r.draw_instruction(name, k, ctx.source, ctx.applied)


def _put_back(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        back = p.hand.remove_any(n)
        p.library.add_top(back)
        ctx.moved(name, len(back))
        r.step(
            f"{name} puts {cards(len(back))} from hand on top of their library.",
            r.rs.cite("library_position"),
            name,
            "move",
        )


def _to_hand_from_library(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        got = p.library.take_top(min(n, p.library.size))
        p.hand.add(got)
        rules = r.rs.cite("not_a_draw") + (r.rs.cite("search") if op.do == "search_to_hand" else ())
        r.step(f"{name} puts {cards(len(got))} from library into hand. Not a draw.", rules, name, "move")


def _look_keep(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        seen = p.library.take_top(n)
        if len(seen):
            kept, rest = seen.split(1)
            p.hand.add(kept)
            p.graveyard.add(rest)
        r.step(
            f"{name} looks at {cards(len(seen))}, puts {min(1, len(seen))} into hand (not a "
            f"draw) and {max(0, len(seen) - 1)} into the graveyard.",
            r.rs.cite("not_a_draw"),
            name,
            "move",
        )


def _return_self(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        if p.graveyard.remove_named(ctx.source):
            p.hand.add(Batch([ctx.source]))
            r.step(f"{name} returns {ctx.source} from the graveyard to hand.", r.rs.cite("dredge"), name, "move")


def _chains(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        if p.hand.size:
            p.graveyard.add(p.hand.remove_any(1))
            r.happened.add(EventKind.DISCARD)
            r.step(f"{name} discards a card, then draws a card.", r.rs.cite("discard"), name, "discard")
            r.discard_triggers(name, 1)
            r.draw_instruction(name, 1, ctx.source, ctx.applied)
        else:
            milled = p.library.take_top(1)
            p.graveyard.add(milled)
            r.step(
                f"{name} has no card to discard and puts the top card of their library into "
                f"their graveyard ({len(milled)} card).",
                r.rs.cite("mill"),
                name,
                "mill",
                amount=len(milled),
            )


def _sylvan(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        eligible = min(n, p.drawn_this_turn, p.hand.size)
        # 119.4: life is paid only while the life total is at least the payment (4 each): at 1 life, none
        affordable = min(eligible, max(0, p.life) // 4)
        wanted = max(0, min(int(r.choose(f"sylvan_pay:{name}", list(range(eligible + 1)), 0)), eligible))
        pay = min(wanted, affordable)
        if wanted > pay:
            left = p.life - 4 * pay
            more = wanted - pay
            r.step(f"{name} can't pay 4 life for {'a card' if pay == 0 else 'another card'} at {left} life (life is "
                   f"paid only from a total at least that large), so {cards(more)} more "
                   f"{'goes' if more == 1 else 'go'} back on top.", r.rs.cite("pay_life"), name, "why_not",
                   "Sylvan Library")
        r.change_life(name, -4 * pay)
        back = p.hand.remove_any(eligible - pay)
        p.library.add_top(back)
        r.step(
            f"{name} chooses {cards(eligible)} drawn this turn; {name} pays {4 * pay} life to keep "
            f"{pay} and puts {len(back)} back on top.",
            r.rs.cite("life"),
            name,
            "sylvan",
            amount=pay,
        )


def _exile_top(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        p = r.player(name)
        p.exile.add(p.library.take_top(n))
        r.step(f"{name} exiles the top card of their library.", r.rs.cite("exile"), name, "exile")


def _exile_from_graveyard(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """"Exile that card from your graveyard": the card a trigger's event put there (a discarded card)."""
    for name in targets:
        p = r.player(name)
        gone = p.graveyard.remove_any(n * ctx.times)
        p.exile.add(gone)
        if len(gone):
            r.happened.add(EventKind.EXILE)
        r.step(f"{name} exiles {cards(len(gone))} from their graveyard.", r.rs.cite("exile"), name, "exile")


HANDLERS = {
    OpKind.EXILE_FROM_GRAVEYARD: _exile_from_graveyard,
    OpKind.MILL: _mill,
    OpKind.DISCARD: _discard,
    OpKind.DISCARD_HAND: _discard_hand,
    OpKind.SHUFFLE_HAND_GRAVEYARD: _shuffle_hand_graveyard,
    OpKind.HAND_TO_BOTTOM_DRAW_THAT_MANY: _hand_to_bottom_draw_that_many,
    OpKind.PUT_BACK: _put_back,
    OpKind.PUT_BOTTOM: _put_bottom,
    OpKind.HAND_TO_BATTLEFIELD: _hand_to_battlefield,
    OpKind.SHUFFLE_HAND: _shuffle_hand,
    OpKind.SACRIFICE: _sacrifice,
    OpKind.TO_HAND_FROM_LIBRARY: _to_hand_from_library,
    OpKind.SEARCH_TO_HAND: _to_hand_from_library,
    OpKind.REVEAL_TO_HAND: _to_hand_from_library,
    OpKind.LOOK_KEEP: _look_keep,
    OpKind.RETURN_SELF: _return_self,
    OpKind.CHAINS: _chains,
    OpKind.SYLVAN: _sylvan,
    OpKind.EXILE_TOP: _exile_top,
}
