"""How the reader says what it understood: each fact and action in the player's terms ("Opponent: 3 cards in
library", "You cast Brainstorm"), the lines of the answer's "I understood". Why a module of its own: the builder
records facts; saying them is another job, with its own tables."""

from __future__ import annotations

from typing import Any

from engine.wording import possessive

_FACTS = {
    "library": "{who}: {v} {cards} in library",
    "hand": "{who}: {v} {cards} in hand",
    "graveyard": "{who}: {v} {cards} in graveyard",
    "memory": "{who}: {v} {cards} in memory",
    "life": "{who}: {v} life",
    "poison": "{who}: {v} poison counters",
    "drawn_this_turn": "{who} {has} drawn {v} {cards} this turn",
    "player_count": "{v} players",
    "format": "format: {v}",
    "active": "it is {vs} turn",
    "turn": "turn {v}",
    "step": "step: {v}",
    "game": "game: {v}",
    "edition": "rules edition: {v}",
    "active_team": "it is team {v}'s turn",
    "starting": "{v} started the game",
}


def _name(who: str) -> str:
    return {"each": "each player", "each-opponent": "each opponent", "we": "we"}.get(who, who)


def agree(who: str, verb: str) -> str:
    """The verb agreeing with its subject: "You draw", "Opponent draws"."""
    if who == "You":
        return verb
    if verb in ("have", "do"):
        return {"have": "has", "do": "does"}[verb]
    return verb[:-1] + "ies" if verb.endswith("y") and verb[-2:-1] not in "aeiou" else verb + "s"


def describe_fact(who: str, key: str, value: Any) -> str:
    if key == "starting" and str(value).startswith("not:"):  # "I'm on the draw" ("not:You started the game")
        other = str(value)[4:]
        return f"{other} {'are' if other == 'You' else 'is'} on the draw: another player started the game"
    vs = possessive(str(value)) if key == "active" else ""
    return _FACTS.get(key, "{who}: {key} {v}").format(who=_name(who), key=key, v=value, vs=vs,
                                                        has=agree(who, "have"), cards="card" if value == 1 else "cards")


# how a card is used, as the understood facts say it ("I activate Jace's Archivist" was "You cast Jace's Archivist")
_ACTS = {"activate": "activate", "cycle": "cycle", "spell": "cast", "": "cast"}
_CARD_EVENTS = {"enters": "enters the battlefield", "dies": "dies", "graveyard": "is put into a graveyard"}


def describe_action(action: dict[str, Any]) -> str:
    who = _name(str(action.get("player", "")))
    if action.get("players"):
        who = ", ".join(action["players"])
    kind = action["type"]
    if kind == "draw":
        verb = "may draw" if action.get("optional") else agree(who, "draw")
        return f"{who} {verb} {action['count']:,}"
    if kind == "draw_step":
        return "the active player's draw step"
    if kind == "cast":
        x = f" with X={action['x']}" if "x" in action else ""
        targets = f" targeting {', '.join(action['targets'])}" if action.get("targets") else ""
        ability = str(action.get("ability", ""))
        if ability in _CARD_EVENTS:  # "Golgari Thug dies": the card's event, not a player's act
            return f"{action['card']} {_CARD_EVENTS[ability]}"
        verb = agree(who, _ACTS.get(ability, "cast"))
        return f"{who} {verb} {action['card']}{targets}{x}"
    if kind == "move_to_hand":
        return f"{who} {agree(who, 'put')} the top {action['count']} of their library into their hand"
    if kind == "combat":
        return _combat_said(who, action)
    return f"{who}: {action.get('name', kind)} ×{action.get('count', 1)}"


def _combat_said(who: str, action: dict[str, Any]) -> str:
    """ "You attack with Ophidian; it deals combat damage" (a combat action, engine/resolve/combat.py)."""
    named = list(action.get("attackers", []))
    unnamed = int(action.get("count", len(named) or 1)) - len(named)
    creatures = named + ([f"{unnamed} creature{'s' if unnamed > 1 else ''}"] if unnamed > 0 else [])
    what = " and ".join(creatures)
    stage = str(action.get("ability", "attack_damage"))
    blocked = f"; {', '.join(action['blocked'])} blocked" if action.get("blocked") else ""
    damage = f" ({action['x']} damage)" if "x" in action else ""
    if stage == "damage":
        one = len(named) + unnamed == 1
        return f"{possessive(who)} {what} {'deals' if one else 'deal'} combat damage{damage}"
    hits = "" if stage == "attack" else f"; combat damage is dealt{damage}"
    return f"{who} {agree(who, 'attack')} with {what}{blocked}{hits}"
