"""Paying a cost as a spell is cast or an ability activated (601.2h, 602.2b): each part that moves a card or
changes a life total is carried out, in the card's order, before the spell or ability can resolve.

Why here and not in the ops: a cost is paid while casting or activating, before anything goes on the stack,
and "can't pay" is a legality question (118.3), not an effect that does as much as it can (609.3). A part
the engine can't read refuses the whole activation with those words: an unpaid cost is a wrong ruling.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from engine.cards import Card, card_type_words
from engine.costs import MOVES_NOTHING, Cost, CostKind, CostPart
from engine.errors import ScenarioError
from engine.model import Batch
from engine.token_types import TOKEN_TYPES
from engine.trigger_events import EventKind
from engine.wording import cards, sentence

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver



def refuse_unpayable(card: Card, cost: Cost, what: str) -> None:
    """A cost with words the engine can't pay refuses the whole activation, naming them and the card's text."""
    if cost.unknown:
        line = next((ln for ln in card.oracle.split("\n") if cost.unknown[0].split()[0] in ln.lower()), card.oracle)
        raise ScenarioError(f"{card.name}: the engine can't pay the cost “{'; '.join(cost.unknown)}” of {what} yet",
                            "action.card", line[:300])


def pay(r: Resolver, card: Card, cost: Cost, payer: str, *, what: str) -> None:
    """Pay ``cost`` for ``card`` (its ability or spell ``what``): the parts that move nothing are named, the
    others carried out; with an "or" cost, the first option the player can pay (a decision)."""
    refuse_unpayable(card, cost, what)
    _refuse_wrong_zone(r, card, cost, payer)
    parts = cost.parts
    if cost.options:
        payable = [o for o in cost.options if _can_pay(r, card, o, payer)]
        if not payable:
            raise ScenarioError(f"{payer} can't pay the cost of {card.name} ({cost.text})", "action.card",
                                "a cost is paid in full or not at all (118.3)")
        labels = [", ".join(p.text for p in o) for o in payable]
        parts = payable[labels.index(r.choose(f"cost:{card.name}", labels, labels[0]))]
    elif missing := _missing(r, card, parts, payer):
        raise ScenarioError(sentence(f"{payer} can't pay the cost of {card.name} ({cost.text}): {missing}"),
                            "action.card",
                            "a cost is paid in full or not at all (118.3); give the cards it needs")
    free = [p.text for p in parts if p.kind in MOVES_NOTHING]
    moving = [p for p in parts if p.kind not in MOVES_NOTHING]
    if not moving:
        r.step(f"{payer} pays {_say(free)}: no card moves.", r.rs.cite("pay_cost"), payer, "cost", card.name)
        return
    r.step(f"{payer} pays the cost of {what} ({cost.text}).", r.rs.cite("pay_cost"), payer, "cost", card.name)
    for part in moving:
        PAYERS[part.kind](r, card, part, payer)


# 113.6m: an ability whose cost moves the card out of a zone works only from that zone
_ZONE_OF_COST = {CostKind.DISCARD_SELF: "hand", CostKind.EXILE_SELF_FROM_GRAVEYARD: "graveyard",
                 CostKind.SACRIFICE_SELF: "battlefield", CostKind.EXILE_SELF: "battlefield",
                 CostKind.RETURN_SELF: "battlefield"}


def _refuse_wrong_zone(r: Resolver, card: Card, cost: Cost, payer: str) -> None:
    """A cost that moves the card itself out of a zone can be paid only while the card is there (113.6m):
    discarding it from the hand (cycling, channel), exiling it from the graveyard, sacrificing it from the
    battlefield. The situation saying the card is elsewhere, and not there, is a contradiction to ask about,
    never a card moved from where it isn't."""
    p = r.player(payer)
    places = {"hand": card.name in p.hand.cards, "graveyard": card.name in p.graveyard.cards,
              "battlefield": card.name in p.battlefield}
    for part in (*cost.parts, *(q for option in cost.options for q in option)):
        needed = _ZONE_OF_COST.get(part.kind)
        if needed and not places[needed] and any(places.values()):
            elsewhere = next(z for z, here in places.items() if here)
            raise ScenarioError(f"{card.name}'s ability costs “{part.text}”, so it works only while the card is in "
                                f"{'the ' if needed == 'battlefield' else 'your '}{needed} (113.6m), and {card.name} "
                                f"is said to be in {payer}'s {elsewhere}", "action.ability",
                                f"say where {card.name} is (for example, in your {needed})")


def _say(words: list[str]) -> str:
    return ", ".join(words) if words else "nothing"


def _can_pay(r: Resolver, card: Card, parts: tuple[CostPart, ...], payer: str) -> bool:
    return not _missing(r, card, parts, payer)


def _missing(r: Resolver, card: Card, parts: tuple[CostPart, ...], payer: str) -> str:
    """What the player lacks to pay every part (118.3), in words; empty when they can pay."""
    p = r.player(payer)
    for part in parts:
        if part.kind is CostKind.DISCARD and p.hand.size < part.amount:
            return f"{payer} has {cards(p.hand.size)} in hand"
        if part.kind is CostKind.PAY_LIFE and p.life < part.amount:
            return f"{payer} has {p.life} life (119.4)"
        if part.kind is CostKind.EXILE_FROM_GRAVEYARD and p.graveyard.size < part.amount:
            return f"{payer} has {cards(p.graveyard.size)} in their graveyard"
        if part.kind is CostKind.SACRIFICE and len(_candidates(r, card, part, payer)) < part.amount:
            have = ", ".join(p.battlefield) or "no permanent"
            return f"it needs {part.text.removeprefix('sacrifice ')} that {payer} controls ({payer} controls {have})"
        if part.kind in (CostKind.TAP, CostKind.COUNTERS) and (lacking := _lacking_permanents(r, card, part, payer)):
            return lacking
        if part.kind is CostKind.TAP and part.text in ("{t}", "tap ~") and all_tapped(r, card.name, payer):
            return f"{card.name} is tapped, and a tapped permanent can't be tapped again to pay {{T}} (107.5)"
    return ""


def all_tapped(r: Resolver, name: str, controller: str) -> bool:
    """Whether every copy of ``name`` the player controls is tapped (and they control one): none can pay {T}."""
    p = r.player(controller)
    return 0 < p.battlefield.count(name) <= p.tapped.count(name)


# a cost that taps or puts counters on permanents the payer controls: "tap three untapped Merfolk you control",
# "put a -1/-1 counter on a creature you control" (tapped or not, and counters, are not tracked: only the count)
_ON_PERMANENTS = re.compile(r"^(?:tap (?P<n>\w+) untapped (?P<other>(?:an)?other )?(?P<kind>.+?)|put (?:a|an|one) "
                            r"\S+ counters? on (?P<one>a|an) (?P<kind2>.+?)) you control$")


def _lacking_permanents(r: Resolver, card: Card, part: CostPart, payer: str) -> str:
    """The permanents a tap or counter cost needs that the payer doesn't control at all (118.3), by the board."""
    from engine.oracle.clauses import number
    from engine.resolve.amounts import controlled_count

    m = _ON_PERMANENTS.match(part.text)
    if m is None:
        return ""
    kind = m.group("kind") or m.group("kind2")
    n = 1 if m.group("one") or m.group("n") in ("a", "an") else number(m.group("n"))
    have = controlled_count(r, payer, kind)
    if m.group("other") and have and card.name in r.player(payer).battlefield and \
            card.has_type(kind.split()[-1].rstrip("s")):
        have -= 1  # "another untapped Merfolk": not the source itself
    if not isinstance(n, int) or have is None or have >= n:
        return ""
    return f"it needs {n} {kind} that {payer} controls, and {payer} controls {have}"


def _discard_self(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    hand = r.player(payer).hand
    if not hand.remove_named(card.name):
        hand.remove_any(1)
    r.player(payer).graveyard.add(Batch([card.name]))
    r.happened.add(EventKind.DISCARD)
    r.step(f"{payer} discards {card.name} from their hand (hand {hand.size + 1} → {hand.size}).",
           r.rs.cite("discard"), payer, "discard", card.name)
    r.discard_triggers(payer, 1)


def _discard(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    p = r.player(payer)
    n = p.hand.size if part.kind is CostKind.DISCARD_HAND else part.amount
    p.graveyard.add(p.hand.remove_any(n))
    r.happened.add(EventKind.DISCARD)
    r.step(f"{payer} discards {n} card{'s' if n != 1 else ''} (hand {p.hand.size + n} → {p.hand.size}).",
           r.rs.cite("discard"), payer, "discard", card.name)
    r.discard_triggers(payer, n)


def _sacrifice_self(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    _sacrifice_named(r, card.name, payer, source=card.name)


def _sacrifice(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    sacrifice_for(r, card.name, part, payer)


def sacrifice_for(r: Resolver, source: str, part: CostPart, payer: str) -> int:
    """``payer`` sacrifices ``part.amount`` permanents of the part's kinds (which ones, a decision whose
    other options come back as alternatives); as many as they can when they control fewer. How many went."""
    card = r.cards.find(source) or Card(source, "", ())
    found = _candidates(r, card, part, payer)
    if not found:
        return 0
    options = list(dict.fromkeys(itertools.islice(itertools.combinations(found, min(part.amount, len(found))), 12)))
    labels = [" and ".join(o) for o in options]
    pick = r.choose(f"sacrifice:{source}", labels, labels[0])
    for name in options[labels.index(pick)]:
        _sacrifice_named(r, name, payer, source=source)
    return len(options[labels.index(pick)])


def _candidates(r: Resolver, card: Card, part: CostPart, payer: str) -> list[str]:
    """The permanents ``payer`` could sacrifice for the part, tokens first (what a player gives up first), the
    source itself last; a token is named as "Clue token"."""
    p = r.player(payer)
    tokens = [f"{name} token" for name, n in sorted(p.tokens.items()) for _ in range(n)
              if _is_a(TOKEN_TYPES.get(name.lower(), ""), part.what, token=True)]
    others: list[str] = []
    for name in p.battlefield:
        if name == card.name and part.another:
            continue
        found = r.cards.find(name)
        if found is not None and _is_a(found.type_line, part.what, token=False):
            others.append(name)
    own = [n for n in others if n == card.name]
    return tokens + [n for n in others if n != card.name] + own


def _is_a(type_line: str, kinds: tuple[str, ...], *, token: bool) -> bool:
    """Whether a permanent with this type line is one of ``kinds`` ("creature", "bird", "nontoken-artifact")."""
    words = card_type_words(type_line)
    for kind in kinds:
        if kind.startswith("nontoken-"):
            if token:
                continue
            kind = kind.removeprefix("nontoken-")
        if kind == "permanent" and words or kind in words:
            return True
    return False


def _sacrifice_named(r: Resolver, name: str, payer: str, *, source: str) -> None:
    """701.21a: the permanent goes from the battlefield to its owner's graveyard; a token ceases to exist
    there (704.5d); a creature dies (700.4), so its "when this dies" abilities trigger."""
    p = r.player(payer)
    r.happened.update((EventKind.SACRIFICE, EventKind.LEAVES))
    if name.endswith(" token"):
        kind = name.removesuffix(" token")
        p.tokens[kind] -= 1
        if not p.tokens[kind]:
            del p.tokens[kind]
        r.step(f"{payer} sacrifices a {kind} token; a token that leaves the battlefield ceases to exist.",
               (*r.rs.cite("sacrifice"), *r.rs.cite("token_leaves")), payer, "sacrifice", source)
        return
    card = r.cards.find(name)
    if card is not None and card.has_type("creature"):
        r.step(f"{payer} sacrifices {name}.", r.rs.cite("sacrifice"), payer, "sacrifice", source)
        r.dies(card, payer)
    else:
        if name in p.battlefield:
            p.battlefield.remove(name)
        p.graveyard.add(Batch([name]))
        r.step(f"{payer} sacrifices {name}: it goes from the battlefield to {payer}'s graveyard.",
               r.rs.cite("sacrifice"), payer, "sacrifice", source)
    r.sacrifice_triggers(payer, card)


def _pay_life(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    r.change_life(payer, -part.amount)
    r.step(f"{payer} pays {part.amount} life (life {r.player(payer).life}).", r.rs.cite("pay_life"), payer, "life",
           card.name)


def _exile_self_from_graveyard(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    p = r.player(payer)
    p.graveyard.remove_card(card.name)
    p.exile.add(Batch([card.name]))
    r.happened.add(EventKind.EXILE)
    r.step(f"{payer} exiles {card.name} from their graveyard.", r.rs.cite("exile"), payer, "exile", card.name)


def _exile_from_graveyard(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    p = r.player(payer)
    p.exile.add(p.graveyard.remove_any(part.amount))
    r.happened.add(EventKind.EXILE)
    r.step(f"{payer} exiles {part.amount} card{'s' if part.amount != 1 else ''} from their graveyard.",
           r.rs.cite("exile"), payer, "exile", card.name)


def _leave_battlefield(r: Resolver, card: Card, payer: str, zone: str) -> None:
    p = r.player(payer)
    if card.name in p.battlefield:
        p.battlefield.remove(card.name)
    (p.exile if zone == "exile" else p.hand).add(Batch([card.name]))
    r.happened.update((EventKind.LEAVES, *((EventKind.EXILE,) if zone == "exile" else ())))
    r.step(f"{payer} {'exiles' if zone == 'exile' else 'returns'} {card.name} "
           f"{'' if zone == 'exile' else 'to their hand '}from the battlefield.",
           r.rs.cite("exile" if zone == "exile" else "pay_cost"), payer, "move", card.name)


def _mill(r: Resolver, card: Card, part: CostPart, payer: str) -> None:
    p = r.player(payer)
    p.graveyard.add(p.library.take_top(part.amount))
    r.happened.add(EventKind.MILL)
    r.step(f"{payer} mills {part.amount} card{'s' if part.amount != 1 else ''}.", r.rs.cite("mill"), payer, "mill",
           card.name, amount=part.amount)


PAYERS = {
    CostKind.DISCARD_SELF: _discard_self,
    CostKind.DISCARD: _discard,
    CostKind.DISCARD_HAND: _discard,
    CostKind.SACRIFICE_SELF: _sacrifice_self,
    CostKind.SACRIFICE: _sacrifice,
    CostKind.PAY_LIFE: _pay_life,
    CostKind.EXILE_SELF_FROM_GRAVEYARD: _exile_self_from_graveyard,
    CostKind.EXILE_FROM_GRAVEYARD: _exile_from_graveyard,
    CostKind.EXILE_SELF: lambda r, card, part, payer: _leave_battlefield(r, card, payer, "exile"),
    CostKind.RETURN_SELF: lambda r, card, part, payer: _leave_battlefield(r, card, payer, "hand"),
    CostKind.MILL: _mill,
}
