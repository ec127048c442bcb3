"""The step that opens a cast or an activation: who uses what, aimed at what, in which mode (700.2), and a target
named for a spell that has none (115.1). Its own module: the words of an announcement are not the action's flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.effects import SpellText
from engine.model import CHANCE
from engine.resolve.split_spells import half_words

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


def announce(r: Resolver, card: Card, chosen: SpellText, caster: str, target: str) -> str:
    """The step that says what is used, by whom, aimed at what (and a target named for a spell that has none,
    which changes nothing: 115.1); returns the verb ("casts", "activates", "cycles")."""
    a = r.s.action
    verb = "cycles" if chosen.cost.startswith("cycling") else "activates" if chosen.activated else "casts"
    aimed = [*([target] if chosen.targets_player else []),
             *(f"{t.player}'s {t.card}" + (" in their graveyard" if t.zone == "graveyard" else "")
               for t in a.card_targets)]
    r.step(f"{caster} {verb} {card.name}" + (f" targeting {' and '.join(aimed)}" if aimed else "")
           + (f" (cost: {chosen.cost})" if chosen.cost and verb == "activates" else "")
           + mode_words(r, card, chosen, caster) + ".",
           (*r.rs.cite("resolve"), *(("702.29a",) if verb == "cycles" else ())), caster, "cast")
    if a.targets and not chosen.targets_player and not a.card_targets and any(t != caster for t in a.targets):
        # "I cast Words of Wisdom targeting him": a spell with no target does what its text says, said
        r.step(f"{card.name} has no target: naming {', '.join(a.targets)} changes nothing; its text says who draws.",
               ("115.1",), caster, "why_not")
    return verb


def mode_words(r: Resolver, card: Card, chosen: SpellText, caster: str) -> str:
    """How the spell's mode was chosen (700.2): by its caster, by an opponent ("an opponent chooses one"),
    or at random; unsaid among several, an assumption said, the others being alternatives."""
    if not chosen.mode:
        return ""
    from engine.resolve.ops import an_opponent

    what = "modes" if " + " in chosen.mode else "mode"
    words = half_words(card, chosen) or {"opponent": f", {an_opponent(r, caster)} choosing the {what} “{chosen.mode}”",
             "random": f", the {what} “{chosen.mode}” chosen at random"}.get(
        chosen.chooser, f", choosing the {what} “{chosen.mode}”")
    several = sum(1 for s in card.of(SpellText) if s.mode and s.activated == chosen.activated) > 1
    if several and f"ability:{card.name}" not in r.s.choices:
        words += " (the answer assumes this choice; the others are listed as alternatives)"
    return words


def mode_chooser(r: Resolver, wanted: list[SpellText]) -> str:
    """Who picks among a card's abilities or a spell's modes (700.2a, 602.1): its user, an opponent for "an
    opponent chooses one", chance (``CHANCE``) for "choose one at random"; so the lead gives the user's lines
    of their own choice, and a random one as what it rests on, never one line as the whole answer."""
    from engine.resolve.ops import an_opponent

    user = r.s.action.player or r.active
    kinds = {s.chooser for s in wanted if s.mode}
    if kinds == {"random"}:
        return CHANCE
    return an_opponent(r, user) if kinds == {"opponent"} else user
