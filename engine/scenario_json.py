"""Scenario JSON (the contract in shared/docs/engine-contract.md) to and from the engine model.

Why strict: a scenario with a wrong type or an unknown card must come back as an error that says where and
what to do, never as a traceback or a silently wrong answer.
"""

from __future__ import annotations

from typing import Any

from engine.cards import CardDB, default_cards
from engine.defaults import DRAWN_SAID, Default, default_keys, turn_said
from engine.errors import ScenarioError
from engine.game_words import in_game_words
from engine.model import FORMATS, STEPS, Action, CardTarget, PlayerState, Scenario, Zone
from engine.question import asked_from_json
from engine.stand_ins import with_stand_ins

MAX_COUNT = 10**12
ACTION_TYPES = ("draw", "draw_step", "cast", "move_to_hand", "mechanic", "beginning_of_step", "combat")
# which of a cast action's card abilities is used
ABILITIES = ("", "spell", "activate", "cycle", "enters", "dies", "graveyard", "attack", "damage", "attack_damage")


def _int(value: Any, where: str, *, low: int = 0, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{where} must be a whole number, not {type(value).__name__} {value!r}", where,
                            f"use a number from {low} to {high}")
    if value > high:
        raise ScenarioError(f"{where} is too large", where, f"use a number from {low} to {high:,}")
    if value < low:
        raise ScenarioError(f"{where} is {value}, out of range", where, f"use a number from {low} to {high:,}")
    return value


def _zone(value: Any, where: str, default: int, unnamed: Any = None) -> Zone:
    """A zone as a count, or as card names (top first) with ``<zone>_unnamed`` more cards below them."""
    if value is None:
        return Zone([], default)
    if isinstance(value, list):
        if len(value) > 10_000:
            raise ScenarioError(f"{where} lists {len(value)} cards", where, "give a count for large zones")
        if not all(isinstance(v, str) and v.strip() for v in value):
            raise ScenarioError(f"{where} must list card names (text)", where, 'e.g. ["Golgari Thug"]')
        extra = _int(unnamed, f"{where}_unnamed") if unnamed is not None else 0
        return Zone([v.strip()[:100] for v in value], extra)
    return Zone([], _int(value, where))


def _tokens(value: Any, where: str) -> dict[str, int]:
    """Tokens a player controls, {"Clue": 2}: a cost may sacrifice them ("Sacrifice an artifact")."""
    if not isinstance(value, dict) or any(not isinstance(k, str) or not k.strip() for k in value):
        raise ScenarioError("tokens must name each kind of token with how many", where, '{"Clue": 2}')
    return {k.strip()[:60]: n for k, v in value.items() if (n := _int(v, f"{where}.{k}"))}


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(f"{where} must be non-empty text", where, "")
    return value.strip()


def scenario_from_json(doc: Any, cards: CardDB | None = None) -> Scenario:
    """A scenario of the engine contract (a JSON object), checked field by field: an error names the field
    and says what it takes."""
    cards = cards or default_cards()
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario must be a JSON object", "", 'start with {"players": [...], "action": {...}}')
    said = doc.get("action")
    named = said.get("card") if isinstance(said, dict) else None
    cards = with_stand_ins(cards, [named] if isinstance(named, str) else [])  # "an unnamed spell"
    game = doc.get("game", "mtg")
    if game not in ("mtg", "grand-archive"):
        raise ScenarioError(f"unknown game {game!r}", "game", "use mtg or grand-archive")
    edition = str(doc.get("edition", "current"))
    players = _players(doc.get("players"), cards)
    names = [p.name for p in players]
    fmt = _format(doc, players)
    active = doc.get("active", names[0])
    if active not in names:
        raise ScenarioError(f"the active player {active!r} is not one of the players", "active",
                            f"use one of: {', '.join(names)}")
    step = doc.get("step", "main1")
    if step not in STEPS:
        raise ScenarioError(f"unknown step {step!r}", "step", f"use one of: {', '.join(STEPS)}")
    turn = _int(doc.get("turn", 3), "turn", low=1)
    choices = doc.get("choices", {})
    if not isinstance(choices, dict):
        raise ScenarioError("choices must be an object", "choices", '{"order:Alice": "Notion Thief"}')
    action = _action(doc.get("action"), names, cards)
    understood, assumed = _reading(doc)
    assumed += defaults_used(doc, names)
    scenario = Scenario(players, action, game, edition, fmt, active, turn, step, dict(choices), understood, assumed)
    scenario.defaulted = default_keys(doc, names)
    scenario.asked = asked_from_json(doc.get("asked"), names)
    scenario.draw_step_first = doc.get("draw_step_first") is True
    scenario.draw_step_after = doc.get("draw_step_after") is True and step in ("untap", "upkeep")
    if scenario.draw_step_first:
        scenario.defaulted.append(Default.DRAW_STEP_FIRST.value)
    return scenario


def _players(raw_players: Any, cards: CardDB) -> list[PlayerState]:
    if not isinstance(raw_players, list) or not raw_players:
        raise ScenarioError("a scenario needs a list of players", "players", 'e.g. [{"name": "Alice"}]')
    if len(raw_players) > 16:
        raise ScenarioError("at most 16 players", "players", "")
    players: list[PlayerState] = []
    for i, raw in enumerate(raw_players):
        player = _player(raw, f"players[{i}]", f"Player {i + 1}", cards)
        if any(p.name == player.name for p in players):
            raise ScenarioError(f"two players are named {player.name!r}", f"players[{i}].name",
                                "give each player a new name")
        players.append(player)
    return players


def _player(raw: Any, where: str, default_name: str, cards: CardDB) -> PlayerState:
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where} must be an object", where, '{"name": "Alice", "library": 5}')
    name = _str(raw.get("name", default_name), f"{where}.name")
    drawn = _int(raw.get("drawn_this_turn", 0), f"{where}.drawn_this_turn")
    in_step = _int(raw.get("drawn_this_draw_step", 0), f"{where}.drawn_this_draw_step")
    if in_step > drawn:
        raise ScenarioError("drawn_this_draw_step can't exceed drawn_this_turn", f"{where}.drawn_this_draw_step",
                            "the cards drawn in this draw step are among those drawn this turn")
    return PlayerState(
        name=name,
        library=_zone(raw.get("library"), f"{where}.library", 40, raw.get("library_unnamed")),
        hand=_zone(raw.get("hand"), f"{where}.hand", 7, raw.get("hand_unnamed")),
        graveyard=_zone(raw.get("graveyard"), f"{where}.graveyard", 0, raw.get("graveyard_unnamed")),
        exile=_zone(raw.get("exile"), f"{where}.exile", 0, raw.get("exile_unnamed")),
        memory=_zone(raw.get("memory"), f"{where}.memory", 0, raw.get("memory_unnamed")),
        life=_int(raw.get("life", 20), f"{where}.life", low=-MAX_COUNT),
        poison=_int(raw.get("poison", 0), f"{where}.poison"),
        battlefield=(battlefield := _battlefield(raw.get("battlefield", []), where, cards)),
        tapped=_tapped(raw.get("tapped", []), battlefield, where, cards),
        drawn_this_turn=drawn,
        drawn_this_draw_step=in_step,
        team=str(raw["team"]) if raw.get("team") is not None else None,
        tokens=_tokens(raw.get("tokens", {}), f"{where}.tokens"),
    )


def _battlefield(battlefield: Any, where: str, cards: CardDB) -> list[str]:
    if not isinstance(battlefield, list):
        raise ScenarioError(f"{where}.battlefield must be a list of card names", f"{where}.battlefield", "")
    bf: list[str] = []
    for j, card_name in enumerate(battlefield):
        card = cards.find(card_name) if isinstance(card_name, str) else None
        if card is None:
            hint = ", ".join(cards.suggest(str(card_name))) or "check the spelling"
            raise ScenarioError(f"unknown card {card_name!r}", f"{where}.battlefield[{j}]", f"did you mean: {hint}")
        bf.append(card.name)
    return bf


def _tapped(tapped: Any, battlefield: list[str], where: str, cards: CardDB) -> list[str]:
    """The tapped permanents (110.5, 701.26): each one of the player's own, no more copies than they control."""
    names = _battlefield(tapped, where, cards) if tapped else []
    for name in set(names):
        if names.count(name) > battlefield.count(name):
            raise ScenarioError(f"{name} is tapped but {where} controls {battlefield.count(name)} of it",
                                f"{where}.tapped", "list a tapped permanent in the player's battlefield too")
    return names


def _format(doc: dict[str, Any], players: list[PlayerState]) -> str:
    """The format said, else two-player or multiplayer by the count; Two-Headed Giant needs teams, and its
    teams share a life total."""
    fmt = doc.get("format") or ("two-player" if len(players) == 2 else "multiplayer")
    if fmt not in FORMATS:
        raise ScenarioError(f"unknown format {fmt!r}", "format", f"use one of: {', '.join(FORMATS)}")
    if fmt == "two-headed-giant":
        if any(p.team is None for p in players):
            raise ScenarioError("in Two-Headed Giant every player needs a team", "players[].team",
                                'add "team": "A" or "B"')
        _shared_life(doc, doc["players"], players)
    return str(fmt)


TEAM_LIFE = 30  # 810.4: each Two-Headed Giant team starts at 30 life


def _shared_life(doc: dict[str, Any], raw_players: list[Any], players: list[PlayerState]) -> None:
    """810.4, 810.9a: a Two-Headed Giant team has one life total, carried by every member's "life". It is
    given as ``"team_life": {"A": 12}``, or by a member's own "life" (an individual's life total is the
    team's); two members saying different totals is a contradiction; otherwise 30."""
    given = doc.get("team_life", {})
    if not isinstance(given, dict):
        raise ScenarioError("team_life must be an object", "team_life", '{"A": 30, "B": 30}')
    for team in sorted({p.team for p in players if p.team}):
        stated = {p.life for p, raw in zip(players, raw_players, strict=True) if p.team == team and "life" in raw}
        if team in given:
            life = _int(given[team], f"team_life.{team}", low=-MAX_COUNT)
        elif len(stated) > 1:
            raise ScenarioError(f"team {team}'s players are given different life totals", "players[].life",
                                f'in Two-Headed Giant a team shares one life total: "team_life": {{"{team}": N}}')
        else:
            life = stated.pop() if stated else TEAM_LIFE
        for p in players:
            if p.team == team:
                p.life = life


def _reading(doc: dict[str, Any]) -> tuple[list[dict[str, str]], list[str]]:
    """The optional record of how a situation text was read (written by the situation reader)."""
    understood = doc.get("understood", [])
    if not isinstance(understood, list) or not all(
            isinstance(f, dict) and isinstance(f.get("fact"), str) and isinstance(f.get("words", ""), str)
            for f in understood):
        raise ScenarioError("understood must be a list of {\"fact\": ..., \"words\": ...}", "understood", "")
    assumed = doc.get("assumed", [])
    if not isinstance(assumed, list) or not all(isinstance(a, str) for a in assumed):
        raise ScenarioError("assumed must be a list of strings", "assumed", "")
    return [{"fact": f["fact"], "words": f.get("words", "")} for f in understood], list(assumed)


_PLAYER_DEFAULTS = (
    ("life", "20 life"),
    ("hand", "7 cards in hand"),
    ("library", "40 cards in library"),
    ("drawn_this_turn", DRAWN_SAID),
)


def defaults_used(doc: dict[str, Any], names: list[str]) -> list[str]:
    """Every default the scenario relies on, said once per fact with the players it applies to."""
    raw = doc["players"]
    out = []
    for key, said in _PLAYER_DEFAULTS:
        if key == "life" and doc.get("format") == "two-headed-giant":
            teams = sorted({p["team"] for p in raw if p.get("team")} - set(doc.get("team_life", {}))
                           - {p["team"] for p in raw if "life" in p})
            if teams:
                out.append(f"30 life for team {', '.join(teams)} (810.4: a shared life total)")
            continue
        lacking = [n for n, p in zip(names, raw, strict=True) if key not in p]
        if len(lacking) == len(names) and len(names) > 1:
            out.append(f"{said} for every player")
        elif lacking:
            out.append(f"{said}: {', '.join(lacking)}")
    if "turn" not in doc:
        out.append("turn 3 of the game (no first-turn rule applies)")
    if "step" not in doc:
        out.append("the main phase")
    if "active" not in doc and not any("turn" in a for a in doc.get("assumed", [])):
        out.append(turn_said(names[0]))
    return [in_game_words(said, doc.get("game")) for said in out]


def _action(raw: Any, names: list[str], cards: CardDB) -> Action:
    if not isinstance(raw, dict):
        raise ScenarioError("a scenario needs an action object", "action", '{"type": "draw", "count": 1}')
    kind = raw.get("type")
    if kind not in ACTION_TYPES:
        raise ScenarioError(f"unknown action type {kind!r}", "action.type", f"use one of: {', '.join(ACTION_TYPES)}")
    player, players = _action_players(raw, kind, names)
    mech = _mechanic(raw.get("name")) if kind == "mechanic" else None
    targets, card_targets = _targets(raw.get("targets", []), names, cards)
    card_name = raw.get("card")
    if kind == "cast":
        card = cards.find(card_name) if isinstance(card_name, str) else None
        if card is None:
            hint = ", ".join(cards.suggest(str(card_name))) or "check the spelling"
            raise ScenarioError(f"unknown card {card_name!r}", "action.card", f"did you mean: {hint}")
        card_name = card.name
    chooser = raw.get("chooser")
    if chooser is not None and chooser not in names:
        raise ScenarioError(f"the chooser {chooser!r} is not one of the players", "action.chooser",
                            f"use one of: {', '.join(names)}")
    then = raw.get("then", "")
    if not isinstance(then, str):
        raise ScenarioError("action.then must be text describing the additional action", "action.then",
                            '"reveals it"')
    x = raw.get("x")
    return Action(
        type=kind,
        player=player,
        count=_int(raw.get("count", len(raw.get("attackers") or []) or 1), "action.count"),
        source=str(raw["source"]) if raw.get("source") else None,
        optional=bool(raw.get("optional", False)),
        while_casting=bool(raw.get("while_casting", False)),
        card=card_name,
        targets=targets,
        from_zone=str(raw.get("from", "library")),
        x=_int(x, "action.x") if x is not None else None,
        chooser=chooser,
        then=then.strip()[:200],
        players=players,
        mechanic=mech,
        into=_into(raw.get("into", "hand")),
        ability=_ability(raw),
        card_targets=card_targets,
        life_paid=_int(raw.get("life_paid", 0), "action.life_paid"),
        attackers=_creatures(raw, "attackers", cards),
        blocked=_creatures(raw, "blocked", cards),
    )


def _creatures(raw: dict[str, Any], key: str, cards: CardDB) -> list[str]:
    """A combat action's named creatures ("attackers", "blocked"), each a card the engine knows."""
    said = raw.get(key, [])
    if not isinstance(said, list):
        raise ScenarioError(f"action.{key} must be a list of card names", f"action.{key}", '["Ophidian"]')
    out = []
    for name in said:
        card = cards.find(str(name))
        if card is None:
            hint = ", ".join(cards.suggest(str(name))) or "check the spelling"
            raise ScenarioError(f"unknown card {name!r}", f"action.{key}", f"did you mean: {hint}")
        out.append(card.name)
    return out


def _action_players(raw: dict[str, Any], kind: str, names: list[str]) -> tuple[Any, list[str]]:
    """Who does the action ("player": a name or "each"), and the players it names ("players")."""
    player = raw.get("player")
    if player is not None and player != "each" and player not in names:
        raise ScenarioError(f"the action's player {player!r} is not one of the players", "action.player",
                            f"use one of: {', '.join(names)} or each")
    if player == "each" and kind in ("cast", "move_to_hand"):
        raise ScenarioError(f"a {kind} action is done by one player, not each", "action.player",
                            f"use one of: {', '.join(names)}")
    players = raw.get("players")
    if players is not None and (not isinstance(players, list) or not players
                                or any(p not in names for p in players)):
        raise ScenarioError("action.players must list players of the scenario", "action.players",
                            f"use: {', '.join(names)}")
    return player, list(players) if players else []


def _mechanic(name: Any) -> str:
    from engine.vocabulary import MECHANICS

    known = [m.name for m in MECHANICS]
    if name not in known:
        raise ScenarioError(f"unknown mechanic {name!r}", "action.name", f"use one of: {', '.join(known)}")
    return str(name)


def _targets(targets: Any, names: list[str], cards: CardDB) -> tuple[list[str], list[CardTarget]]:
    """The players an action targets, and the cards (each an object: a permanent or a card in a graveyard)."""
    if not isinstance(targets, list):
        raise ScenarioError("action.targets must be a list", "action.targets", f"use: {', '.join(names)}")
    card_targets = [_card_target(t, names, cards, i) for i, t in enumerate(targets) if isinstance(t, dict)]
    players = [t for t in targets if not isinstance(t, dict)]
    if any(t not in names for t in players):
        raise ScenarioError("action.targets must list players of the scenario, or cards as "
                            '{"card": ..., "controller": ...}', "action.targets", f"use: {', '.join(names)}")
    return players, card_targets


def _ability(raw: dict[str, Any]) -> str:
    ability = raw.get("ability", "")
    if ability not in ABILITIES:
        raise ScenarioError(f"unknown ability {ability!r}", "action.ability", f"use one of: {', '.join(ABILITIES[1:])}")
    if ability == "graveyard" and raw.get("from", "library") not in ("library", "hand"):
        raise ScenarioError(f"a card goes to the graveyard from the library or the hand, not {raw.get('from')!r}",
                            "action.from", 'use "library" or "hand" (a permanent "dies": "ability": "dies")')
    return str(ability)


def _card_target(raw: dict[str, Any], names: list[str], cards: CardDB, i: int) -> CardTarget:
    """{"card": "Grizzly Bears", "controller": "Bob"} (a permanent) or {"card": ..., "owner": ..., "zone":
    "graveyard"} (a card in a graveyard)."""
    where = f"action.targets[{i}]"
    zone = raw.get("zone", "battlefield")
    who = raw.get("owner") if zone == "graveyard" else raw.get("controller", raw.get("owner"))
    if zone not in ("battlefield", "graveyard") or who not in names or not isinstance(raw.get("card"), str):
        raise ScenarioError("a card target names the card and its controller (or its owner and zone)", where,
                            f'{{"card": "Grizzly Bears", "controller": "{names[-1]}"}}')
    card = cards.find(raw["card"])
    if card is None:
        hint = ", ".join(cards.suggest(str(raw["card"]))) or "check the spelling"
        raise ScenarioError(f"unknown card {raw['card']!r}", where, f"did you mean: {hint}")
    return CardTarget(card.name, str(who), str(zone))


def _into(value: Any) -> str:
    if value not in ("hand", "memory"):
        raise ScenarioError(f"action.into must be hand or memory, not {value!r}", "action.into", "hand or memory")
    return str(value)
