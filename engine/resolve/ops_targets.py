"""Operations on a card a spell or ability targets (601.2c): destroy it, exile it, return it to its owner's
hand. The scenario names each such target ({"card": ..., "controller": ...}); the operations take them in the
order the card's text names them, so "its controller" is the controller the scenario gave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import Op, OpKind
from engine.errors import ScenarioError
from engine.model import Batch, CardTarget
from engine.resolve.events import OpContext
from engine.trigger_events import EventKind

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def _take(r: Resolver, op: Op, ctx: OpContext) -> CardTarget:
    """The next card target, which from then on is what "its controller" / "that player" of the rest of the
    effect refers to (608.2h: the player who controlled it, by last known information once it has left)."""
    if op.name.startswith("enchanted ") and not r.card_targets:
        target = _enchanted(r, op, ctx)
    elif not r.card_targets:
        raise ScenarioError(f"{ctx.source} needs {op.name}: which card is it, and whose?", "action.targets",
                            'name it in the situation ("targeting Bob\'s Grizzly Bears") or as '
                            '{"card": "Grizzly Bears", "controller": "Bob"}')
    else:
        target = r.card_targets.pop(0)
    ctx.that_player = target.player
    r.now_controls[target.card] = target.player
    return target


def _enchanted(r: Resolver, op: Op, ctx: OpContext) -> CardTarget:
    """What an Aura enchants (303.4) is not a target: named in the situation, the one creature on the
    battlefield, or, among several, a stated choice with the others as alternatives."""
    kind = op.name.removeprefix("enchanted ")
    found = [CardTarget(name, p.name) for p in r.s.players if not p.lost for name in p.battlefield
             if name != ctx.source and (kind == "permanent" or _is(r, name, kind))]
    if not found:
        raise ScenarioError(f"{ctx.source} enchants a {kind}, and none is on the battlefield: which one is it?",
                            "action.targets", f'name it ("{ctx.source} enchants Bob\'s Grizzly Bears")')
    labels = [f"{t.player}'s {t.card}" for t in found]
    key = f"enchanted:{ctx.source}"
    pick = found[labels.index(str(r.choose(key, labels, labels[0])))]
    said = "the only" if len(found) == 1 else "the chosen" if key in r.s.choices else "assumed to be the"
    r.step(f"{ctx.source} enchants {pick.player}'s {pick.card} ({said} {kind} on the battlefield"
           + ("; the others are listed as alternatives" if len(found) > 1 and key not in r.s.choices else "")
           + ").", r.rs.cite("enchanted"), pick.player, "assumption" if said.startswith("assumed") else "target")
    r.unattached.append(ctx.source)
    return pick


def _is(r: Resolver, name: str, kind: str) -> bool:
    card = r.cards.find(name)
    return card is None or bool(card.has_type(kind))


def _leave(r: Resolver, t: CardTarget) -> None:
    p = r.player(t.player)
    if t.zone == "graveyard":
        p.graveyard.remove_card(t.card)
        return
    if t.card in p.battlefield:
        p.battlefield.remove(t.card)
    r.happened.add(EventKind.LEAVES)


def _destroy(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """701.8a: to its owner's graveyard; a creature dies, so its "when this dies" abilities trigger (700.4)."""
    t = _take(r, op, ctx)
    card = r.cards.find(t.card)
    if card is not None and card.has_type("creature"):
        r.step(f"{ctx.source} destroys {t.player}'s {t.card}.", r.rs.cite("destroy"), t.player, "destroy")
        r.dies(card, t.player)
        return
    _leave(r, t)
    r.player(t.player).graveyard.add(Batch([t.card]))
    r.step(f"{ctx.source} destroys {t.player}'s {t.card}: it goes to {t.player}'s graveyard.", r.rs.cite("destroy"),
           t.player, "destroy")


def _exile(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    t = _take(r, op, ctx)
    _leave(r, t)
    r.player(t.player).exile.add(Batch([t.card]))
    r.happened.add(EventKind.EXILE)
    where = "graveyard" if t.zone == "graveyard" else "battlefield"
    r.step(f"{ctx.source} exiles {t.card} from {t.player}'s {where}.", r.rs.cite("exile"), t.player, "exile")


def _bounce(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    t = _take(r, op, ctx)
    _leave(r, t)
    r.player(t.player).hand.add(Batch([t.card]))
    r.step(f"{t.card} returns to {t.player}'s hand; this is not a draw.", r.rs.cite("not_a_draw"), t.player, "move")


def _to_library(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """The target goes into its owner's library (401.4): on top, on the bottom, or second from the top; where
    the owner chooses between two places, a choice said in a step with the other as an alternative. Below an
    unnamed card its place can't be kept, so it is counted among them (never drawn first by mistake)."""
    t = _take(r, op, ctx)
    _leave(r, t)
    places = [p.strip() for p in op.text.split(" or ")] if op.text else ["on top"]
    place = places[0]
    if len(places) > 1:
        key = f"library_place:{ctx.source}"
        place = str(r.choose(key, places, places[0]))
        if key not in r.s.choices:
            r.step(f"{t.player} chooses where {t.card} goes: the answer takes “{place}” (the other place is listed "
                   "as an alternative).", r.rs.cite("library_position"), t.player, "assumption")
    library = r.player(t.player).library
    if place == "on top":
        library.add_top(Batch([t.card]))
    elif place == "on the bottom":
        library.add_bottom(Batch([t.card]))
    else:
        depth = 1 if place.startswith("second") else 2
        if len(library.cards) >= depth or not library.unknown:
            library.cards.insert(min(depth, len(library.cards)), t.card)
        else:
            library.unknown += 1
    r.step(f"{t.card} goes into {t.player}'s library {place}; this is not a draw and it is not put into a graveyard.",
           (*r.rs.cite("library_position"), *r.rs.cite("not_a_draw")), t.player, "move")


def _exchange(r: Resolver, op: Op, ctx: OpContext, targets: list[str], n: int) -> None:
    """701.12b: controlled by different players, each gains control of the other's permanent at once; by the
    same player, nothing happens. A change of control moves no card between zones (counted where it is)."""
    first, second = _take(r, op, ctx), _take(r, op, ctx)
    if first.player == second.player:
        r.step(f"{first.card} and {second.card} are both {first.player}'s: the exchange does nothing.",
               r.rs.cite("exchange_control"), first.player, "why_not")
        return
    for t, new in ((first, second.player), (second, first.player)):
        r.player(t.player).battlefield.remove(t.card)
        r.player(new).battlefield.append(t.card)
        r.now_controls[t.card] = new
    r.step(f"{first.player} and {second.player} exchange control of {first.card} and {second.card}: "
           f"{second.player} now controls {first.card} and {first.player} controls {second.card} (no card changes "
           "zone).", r.rs.cite("exchange_control"), ctx.you, "move")


HANDLERS = {
    OpKind.EXCHANGE_CONTROL: _exchange,
    OpKind.LIBRARY_TARGET: _to_library,
    OpKind.DESTROY_TARGET: _destroy,
    OpKind.EXILE_TARGET: _exile,
    OpKind.BOUNCE_TARGET: _bounce,
}
