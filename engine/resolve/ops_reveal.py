"""Operations that reveal cards and sort them by card type (Sages of the Anima, Enduring Renewal), and the
counter operations (amass, +1/+1 counters).

Why types decide here: a revealed card goes to hand or graveyard by its card type. A named card knows its
type line (the card data); an unnamed card's type is not known, so the engine does not pick one silently:
it is a decision of its own (``creatures_revealed:<player>``, ``top_is_<type>:<player>``), its default is
said in a step, and the other cases come back as alternatives with their outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.effects import Op, OpKind
from engine.errors import ScenarioError
from engine.model import Batch
from engine.resolve.events import OpContext
from engine.wording import cards, counted

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def _matching(r: Resolver, who: str, revealed: Batch, card_type: str) -> tuple[list[str], list[str], int]:
    """The named revealed cards with and without the type, and how many unnamed ones have it (a decision)."""
    named_yes: list[str] = []
    named_no: list[str] = []
    for name in revealed.named:
        card = r.cards.find(name)
        (named_yes if card is not None and card.has_type(card_type) else named_no).append(name)
    unknown_yes = 0
    if revealed.unknown:
        options = list(range(revealed.unknown + 1))
        unknown_yes = int(r.choose(f"{card_type}s_revealed:{who}", options, 0))
        unknown_yes = max(0, min(unknown_yes, revealed.unknown))
        r.step(f"{revealed.unknown} of the revealed cards are not named: the answer assumes {unknown_yes} of them "
               f"{'is a' if unknown_yes == 1 else 'are'} {card_type} card{'' if unknown_yes == 1 else 's'} (the "
               "other cases are listed as alternatives).", r.rs.cite("reveal"), who, "assumption")
    return named_yes, named_no, unknown_yes


def _reveal_sort(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    card_type = op.name or "creature"
    for name in targets:
        p = r.player(name)
        revealed = p.library.take_top(n)
        yes, no, unknown_yes = _matching(r, name, revealed, card_type)
        to_hand = Batch(yes, unknown_yes)
        rest = Batch(no, revealed.unknown - unknown_yes)
        p.hand.add(to_hand)
        p.library.add_bottom(rest)
        fewer = f" (only {len(revealed)} in the library)" if len(revealed) < n else ""
        r.step(f"{name} reveals the top {cards(len(revealed))}{fewer}: {len(to_hand)} {cards(card_type)} go to hand "
               f"(not drawn) and {len(rest)} to the bottom of the library.",
               (*r.rs.cite("reveal"), *r.rs.cite("not_a_draw"), *r.rs.cite("library_position")), name, "move")


def _reveal_top_or_draw(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    card_type = op.name or "creature"
    for name in targets:
        p = r.player(name)
        if p.library.size == 0:
            r.step(f"{name} has no card to reveal: the draw that follows is from an empty library.",
                   r.rs.cite("reveal"), name, "move")
            r.draw_instruction(name, 1, ctx.source, ctx.applied, announce=False)
            continue
        top = p.library.cards[0] if p.library.cards else None
        card = r.cards.find(top) if top else None
        said = r.s.choices.get(f"top_is_{card_type}:{name}")
        if card is not None and card.has_type(card_type) is not None:
            matches = bool(card.has_type(card_type))
        elif isinstance(said, bool):  # the situation says what the unnamed top card is: a fact, not a branch
            matches = said
        else:
            matches = bool(r.choose(f"top_is_{card_type}:{name}", [False, True], False))
            r.step(f"The top card of {name}'s library is not known: the answer assumes it is "
                   f"{'a' if matches else 'not a'} {card_type} card (the other case is listed as an alternative).",
                   r.rs.cite("reveal"), name, "assumption")
        shown = f" ({top})" if top else ""
        if matches:
            p.graveyard.add(p.library.take_top(1))
            r.step(f"{name} reveals the top card{shown}: a {card_type} card, put into the graveyard. No card is drawn.",
                   (*r.rs.cite("reveal"), *r.rs.cite("not_a_draw")), name, "move")
        else:
            r.step(f"{name} reveals the top card{shown}: not a {card_type} card, so {name} draws it.",
                   r.rs.cite("reveal"), name, "reveal")
            r.draw_instruction(name, 1, ctx.source, ctx.applied, announce=False)


def _amass(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    army = op.name or "Army"
    for name in targets:
        p = r.player(name)
        created = ""
        if not p.tokens.get(army):
            p.tokens[army] = 1
            created = f"creates a 0/0 {army} token, then "
        p.counters[army] = p.counters.get(army, 0) + n * ctx.times
        r.step(f"{name} amasses {n * ctx.times}: {created}puts {counted(n * ctx.times, '+1/+1 counter')} on the {army} "
               f"({p.counters[army]} in all).", r.rs.cite("amass"), name, "amass")


def _counter(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """+1/+1 counters on a permanent ("put a +1/+1 counter on Chasm Skulker"), counted per player and name."""
    for name in targets:
        p = r.player(name)
        what = op.name or ctx.source
        p.counters[what] = p.counters.get(what, 0) + n * ctx.times
        r.step(f"{name} puts {counted(n * ctx.times, '+1/+1 counter')} on {what} ({p.counters[what]} in all).",
               r.rs.cite("counter"), name, "counter")


def _reveal_top(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    for name in targets:
        shown = min(n, r.player(name).library.size)
        ctx.revealed[name] = shown
        r.step(f"{name} reveals the top {cards(shown)} of their library; they stay there for now.",
               r.rs.cite("reveal"), name, "reveal")


def _revealed_to(zone: str) -> Callable[[Resolver, Op, OpContext, list[str], int], None]:
    def move(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
        for name in targets:
            if name not in ctx.revealed:
                raise ScenarioError(f"{ctx.source}: “those cards” are cards it didn't reveal", "action.card",
                                    op.text or zone)
            p = r.player(name)
            moved = p.library.take_top(ctx.revealed.pop(name))
            (p.hand if zone == "hand" else p.graveyard).add(moved)
            ctx.moved(name, len(moved))
            r.step(f"{name} puts the {cards(len(moved))} revealed into their {zone}"
                   + ("; this is not a draw." if zone == "hand" else "."),
                   (*r.rs.cite("reveal"), *(r.rs.cite("not_a_draw") if zone == "hand" else ())), name, "move")
    return move


HANDLERS = {
    OpKind.REVEAL_TOP: _reveal_top,
    OpKind.REVEALED_TO_HAND: _revealed_to("hand"),
    OpKind.REVEALED_TO_GRAVEYARD: _revealed_to("graveyard"),
    OpKind.REVEAL_SORT: _reveal_sort,
    OpKind.REVEAL_TOP_OR_DRAW: _reveal_top_or_draw,
    OpKind.AMASS: _amass,
    OpKind.COUNTER: _counter,
}
