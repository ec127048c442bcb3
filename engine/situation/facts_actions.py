"""The phrases' handlers for what happens: a draw, a spell cast or an ability activated ("I tap X", "I sacrifice
X" for the ability its cost sacrifices it to), a permanent entering or dying, a card moved, a mechanic.

Why apart from the facts of the state (``facts``): a story has one action and many facts; the action's handlers
judge which ability a player means (a loyalty cost said is that ability, never another) and what the action
implies of the board (a permanent that dies was on the battlefield), while the state's only record what is said.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.cards import Card
from engine.costs import CostKind, read_cost, written_costs
from engine.effects import LOYALTY_LINE, SpellText
from engine.entering import entering_text
from engine.errors import RuleRefusal, SituationError
from engine.situation.activations import next_draw_shield, record
from engine.situation.attach import CARD_PRONOUNS, GROUPS, Ctx
from engine.situation.board_needs import itself_can_pay
from engine.situation.facts import _draw_step, _each_target, is_spell
from engine.situation.lexicon import count, read_number
from engine.situation.loyalty import LOYALTY_SAID
from engine.situation.spell_pronoun import cast_pronoun
from engine.stand_ins import many_spells, stand_in, stand_in_name, with_stand_ins
from engine.vocabulary import aliases as mechanic_aliases
from engine.vocabulary import mechanic


def _draw(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    n = count(g.get("n") or "1", ctx.clause)
    if g.get("empty"):
        for target in _each_target(ctx, who):
            ctx.b.set(target, "library", 0, ctx.clause)
    action: dict[str, Any] = {"type": "draw", "count": n}
    if g.get("may"):
        action["optional"] = True
    if g.get("mem") == "memory":
        action["into"] = "memory"
    action["player"] = who  # a player, or a group ("each", "each-opponent", "we") seated later
    ctx.b.set_action(action, ctx.clause)


def _draw_several(ctx: Ctx, g: dict[str, str]) -> None:
    names = [ctx.who(part) for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["players"]) if part.strip()]
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "draw", "count": n, "player": "each", "players": names}, ctx.clause)


def _draw_with(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I draw with Brainstorm": casting a spell that draws (a permanent "with" is something one has)."""
    card = ctx.b.cards.find(ctx.card(g["card"]))
    if card is None or not is_spell(card):
        raise SituationError(f"“{g['card']}” is not a spell I know", ctx.clause, "'I cast Brainstorm'")
    if g.get("n") and re.search(r"\bdraws? X\b", card.oracle) and read_number(g["n"]) is not None:
        g = {**g, "x": g["n"]}  # "I draw 3 off Sphinx's Revelation": the number drawn is its X (was asked)
    ctx.b.assume(f"“{ctx.clause}” read as casting {card.name}" + (f" with X={g['x']}" if g.get("x") else ""))
    _cast(ctx, g)


def _draw_for_turn(ctx: Ctx, g: dict[str, str]) -> None:
    """ "I draw a card during my draw step" is the turn's draw (504.1), said as an assumption."""
    _draw_step(ctx, g)
    ctx.b.assume(f"“{ctx.clause}” read as the draw of the draw step (504.1), not an extra draw")


# "Jace's +1", "Jace, Wielder of Mysteries's -8", "Teferi's 0", "his ultimate": a loyalty ability, never the card
_LOYALTY_COST = re.compile(r"(?<![\w{/=])[+\-−](?:\d+|x)\b(?!\s*/)|\b(?:ultimate|ulti|ult)\b", re.I)


def _cast(ctx: Ctx, g: dict[str, str]) -> None:
    if LOYALTY_SAID.search(g["card"]):
        # the loyalty phrase reads it, or says why not; never another of the card's abilities in its place
        raise SituationError(f"“{g['card']}” names a loyalty ability", ctx.clause, "'I use Jace's -8'")
    who = ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("a spell is cast by one player", ctx.clause, "'I cast Brainstorm'")
    verb = (g.get("verb") or "cast").lower()
    action: dict[str, Any] = {"type": "cast", "card": _spell_said(ctx, g["card"], verb), "player": who}
    card = ctx.b.cards.find(action["card"])
    if g.get("from") or verb.startswith("flash"):  # "I cast X from my graveyard", "I flashback X" (702.34a)
        if card is not None and not _GRAVEYARD_KEYWORD.search(card.oracle):
            raise SituationError(f"{card.name} has no keyword that lets it be cast from a graveyard (601.3)",
                                 ctx.clause, "name the card that lets it be cast from there, or ask a judge")
        action["from"] = "graveyard"
    if card is not None and LOYALTY_LINE.search(card.oracle) and _LOYALTY_COST.search(ctx.clause):
        raise SituationError(f"{card.name}'s loyalty ability said in “{ctx.clause}” is not one the engine can carry "
                             "out yet", ctx.clause, "ask a judge, or describe what it does ('I draw 7')")
    spell_text = card is not None and any(isinstance(e, SpellText) and not e.activated for e in card.effects)
    if verb.startswith("tap"):
        _tapped(ctx, card, action)
    elif verb.startswith("activate") and card is not None and next_draw_shield(ctx, card.name):
        record(ctx, who, card.name, 1)  # "she activates Words of Waste, then casts Brainstorm": a fact, one draw
        return
    elif verb.startswith("activate"):
        action["ability"] = "activate"
    elif verb.startswith("cycle"):
        action["ability"] = "cycle"
    elif verb.startswith("play") and card is not None and not spell_text:
        action["ability"] = "enters"  # playing a permanent: it enters the battlefield (its own triggers)
    elif verb.startswith("cast") and card is not None and card.has_type("land") and not spell_text:
        # "I cast Polluted Mire" was read as cycling it: a land is played, never cast (305.1)
        raise RuleRefusal(f"{card.name} is a land: it is played, not cast (305.1)", ctx.clause,
                             f"'I play {card.name}', or 'I cycle {card.name}'")
    elif verb.startswith("cast") and card is not None and not spell_text and _permanent_card(card):
        # "I cast Izzet Locket": the artifact spell (601.2), not its activated ability ("{T}, Sacrifice: Draw two
        # cards" was carried out as if the player had activated it)
        action["ability"] = "spell"
    if g.get("target") and card is not None and not _may_target_player(card) and \
            (named := ctx.b.cards.find(g["target"].strip())) is not None:
        # "targeting Baleful Strix": a permanent, read as the action's card target (engine.situation.card_targets)
        ctx.b.assume(f"the target “{g['target']}” read as the permanent {named.name}, not a player")
    elif g.get("target") and card is not None and not _may_target_player(card):
        # "I cast Brainstorm targeting my opponent": the spell has no target, so none is chosen (601.2c); said
        ctx.b.assume(f"the target “{g['target']}” not used: {card.name} targets no player (its text has no "
                     "“target player” or “target opponent”)")
    elif g.get("target"):
        action["targets"] = [ctx.who(g["target"])]
    if g.get("x") or g.get("x2"):
        _no_x_unless_written(ctx, card, g.get("x") or g["x2"])
        action["x"] = count(g.get("x") or g["x2"], ctx.clause)
    ctx.b.set_action(action, ctx.clause)


def _no_x_unless_written(ctx: Ctx, card: Card | None, said: str) -> None:
    """ "I cracked a Windfall for 6": a number said for a spell with no X in its text is no X (it was kept as one
    and dropped, and the answer drew 7 for a Windfall the player said was for 6). Asked, in the player's words."""
    if card is None or re.search(r"\bX\b", card.oracle):
        return
    raise RuleRefusal(f"{card.name} has no X: I can't tell what “{said}” counts in “{ctx.clause}”", ctx.clause,
                         "the cards in each hand or library ('I have 6 cards in hand'), or what is drawn")


# a spell's own permission to be cast from a graveyard (702.34a, 702.133a, 702.81a, 702.138a, 702.127a)
_GRAVEYARD_KEYWORD = re.compile(r"^(?:flashback|jump-start|retrace|escape|aftermath)\b", re.I | re.M)


def _spell_said(ctx: Ctx, text: str, verb: str) -> str:
    """The card a cast names; "it" is never a permanent out already (spell_pronoun); a spell said by its kind
    ("a noncreature spell") is a stand-in whose casting alone is judged (engine.stand_ins)."""
    if verb.startswith("cast") and many_spells(text):
        raise RuleRefusal(f"“{text}” are several spells: I judge one cast at a time", ctx.clause,
                             "one spell, then ask again for the next ('my opponent casts a noncreature spell')")
    if verb.startswith("cast") and (kind := stand_in_name(text) or (text if stand_in(text) else None)):
        ctx.b.cards = with_stand_ins(ctx.b.cards, [kind])
        ctx.b.last_cards.append(kind)
        return kind
    if text.strip().lower() not in CARD_PRONOUNS or not verb.startswith("cast") or not ctx.b.last_cards:
        return ctx.card(text)
    return cast_pronoun(ctx.b, text, ctx.clause)


def _tapped(ctx: Ctx, card: Card | None, action: dict[str, Any]) -> None:
    """ "I tap Niv-Mizzet", "I tap The One Ring": activating the ability that has {T} in its cost (602.1a), said;
    a permanent with no such ability read by the engine is not read as doing anything."""
    if card is None or not _activated_costing(card, lambda cost: "{t}" in cost.lower()):
        name = card.name if card is not None else action["card"]
        raise SituationError(f"{name} has no ability with {{T}} in its cost that the engine reads", ctx.clause,
                             f"'I activate {name}', or say what tapping it does")
    action["ability"] = "activate"
    ctx.b.assume(f"“{ctx.clause}” read as activating {card.name}'s ability with {{T}} in its cost (602.2)")


def _permanent_card(card: Card) -> bool:
    """A card whose every face is a permanent (an artifact, creature, enchantment, planeswalker or battle; a land is
    played, never cast, 305.1) and which has an activated ability the engine reads."""
    permanent = card.is_permanent() and not card.has_type("land")
    spell = any(card.has_type(t) for t in ("instant", "sorcery"))
    return permanent and not spell and any(isinstance(e, SpellText) and e.activated for e in card.effects)


def _may_target_player(card: Card) -> bool:
    """Whether a player given as the target of ``card`` can be one: an instant or sorcery whose every spell text
    targets no player can't (a permanent's own abilities, or a card whose types are unknown, keep the target)."""
    if not (card.has_type("instant") or card.has_type("sorcery")):
        return True
    return any(isinstance(e, SpellText) and e.targets_player for e in card.effects) or not card.of(SpellText)


def _pays_life(ctx: Ctx, g: dict[str, str]) -> None:
    """ "he casts Gitaxian Probe and pays 2 life for it": the life paid for the spell's Phyrexian mana, joined to
    the cast when the story is seated (seating._life_paid)."""
    who = ctx.who(g.get("player"))
    n = count(g["n"], ctx.clause)
    card = "it" if g["card"].lower() in ("it", "that", "the spell") else ctx.card(g["card"])
    ctx.b.top["life_paid"] = (who, n, card, ctx.clause)
    spell = "the spell" if card == "it" else card
    ctx.b.note(f"{who} {'pay' if who == 'You' else 'pays'} {n} life for {spell}'s Phyrexian mana", ctx.clause)


def _enters(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("a permanent enters under one player's control", ctx.clause,
                             "'Kiora enters under my control'")
    action = {"type": "cast", "card": ctx.card(g["card"]), "player": who, "ability": "enters"}
    card = ctx.b.cards.find(action["card"])
    if card is not None and not is_spell(card) and entering_text(card) is None and any(
            isinstance(e, SpellText) and not e.activated for e in card.effects):
        # its "when this enters" ability is held as the text its spell does on resolving: entering any other way,
        # the engine would leave it out (a silent wrong answer), so it is said instead
        raise SituationError(f"{card.name}'s “enters” ability is one the engine can carry out only when it is cast",
                             ctx.clause, f"'I cast {card.name}', if it was cast")
    ctx.b.set_action(action, ctx.clause)


def _dies(ctx: Ctx, g: dict[str, str]) -> None:
    who = _whose_permanent(ctx, g) or ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say whose permanent dies", ctx.clause, "'my Psychosis Crawler dies'")
    card = ctx.card(g["card"])
    if card not in ctx.b.player(who).battlefield:
        ctx.b.player(who).battlefield.append(card)  # it was on the battlefield to die
    known = ctx.b.cards.find(card)
    if g.get("sac") and known is not None and sacrificed_as_cost(known):
        # "I sacrifice Mossfire Egg": the one way its text sacrifices it is its own ability's cost; said
        ctx.b.set_action({"type": "cast", "card": card, "player": who, "ability": "activate"}, ctx.clause)
        ctx.b.assume(f"“{ctx.clause}” read as activating {known.name}'s ability, whose cost sacrifices it (602.2); "
                     "sacrificed to another card's effect instead, its ability wouldn't resolve")
        return
    ctx.b.set_action({"type": "cast", "card": card, "player": who, "ability": "dies"}, ctx.clause)


def _whose_permanent(ctx: Ctx, g: dict[str, str]) -> str:
    """ "My opponent controls Dark Prophecy and Baleful Strix. Baleful Strix dies": said with no owner, a permanent
    told on one player's battlefield only is that player's (it was read as the asker's, a second Strix put on
    their battlefield and the opponent's "whenever a creature you control dies" left out). "" when the words
    name the player, or the card is on no battlefield or on several."""
    if g.get("player") or g.get("sac"):
        return ""
    name = ctx.b.cards.find(g["card"].strip())
    holders = [p.name for p in ctx.b.players.values() if name is not None and name.name in p.battlefield]
    return holders[0] if len(holders) == 1 else ""


# "(?!\w)", not "\b": "~" (a legendary card's own name, as its Oracle text says it: "Sacrifice Kell's Orb") is
# no word character, so "\b" after it never matched at the cost's end and the sacrifice was read as a death
_SACRIFICE_ITSELF = re.compile(r"\bsacrifice (?:this \w+|~|it)(?!\w)", re.I)


def sacrificed_as_cost(card: Card) -> bool:
    """Whether one of the card's activated abilities has sacrificing the card itself in its cost (Chromatic
    Sphere, a Clue, Mossfire Egg), or sacrificing one permanent of a kind the card is ("Sacrifice a Wall: Draw
    a card" on a Wall): then "I sacrifice it" is how a player says they activate it."""
    return _activated_costing(card, lambda cost: bool(_SACRIFICE_ITSELF.search(cost.replace(card.name, "~")))
                              or _sacrifices_its_kind(card, cost))


def _sacrifices_its_kind(card: Card, cost: str) -> bool:
    return any(part.kind is CostKind.SACRIFICE and itself_can_pay(card, part, on_battlefield=True)
               for part in read_cost(cost, card.name).parts)


def _activated_costing(card: Card, pays: Callable[[str], bool]) -> bool:
    """Whether one of the card's activated abilities has a cost ``pays`` recognises: what "I tap X" and "I sacrifice
    X" say the player activated. Card data written without the costs (one activated ability) is matched on the
    card's one activated line of Oracle text ("opp taps Jace's Archivist")."""
    abilities = [e for e in card.effects if isinstance(e, SpellText) and e.activated]
    if any(pays(e.cost) for e in abilities if e.cost):
        return True
    lines = written_costs(card.oracle)
    return len(abilities) == 1 and not abilities[0].cost and len(lines) == 1 and pays(lines[0])


def _to_graveyard(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say whose card goes to the graveyard", ctx.clause, "'I discard Terminus'")
    zone = "hand" if g["zone"].startswith(("discard", "hand")) else "library"
    action = {"type": "cast", "card": ctx.card(g["card"]), "player": who, "ability": "graveyard", "from": zone}
    ctx.b.set_action(action, ctx.clause)


def _move(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    if who in GROUPS or who.startswith("team:"):
        raise SituationError("say which player puts the card into their hand", ctx.clause,
                             "'Bob puts the top card of his library into his hand'")
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "move_to_hand", "player": who, "count": n}, ctx.clause)


def _mechanic(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g.get("player"))
    m = mechanic(g["mech"])
    if m is None:  # the template only admits known words; kept for safety
        raise SituationError(f"“{g['mech']}” is not a mechanic I know", ctx.clause, ", ".join(mechanic_aliases()))
    n = count(g.get("n") or "1", ctx.clause)
    ctx.b.set_action({"type": "mechanic", "name": m.name, "player": who, "count": n}, ctx.clause)


