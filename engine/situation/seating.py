"""Seating players and filling defaults: the builder's facts become the contract's scenario JSON.

Why its own stage: who is in the game (the asker only when the story includes them), the seat order, teams of
Two-Headed Giant and whose turn it is are decided once, after every clause has been read.
"""

from __future__ import annotations

from typing import Any

from engine.errors import SituationError
from engine.situation.attach import Builder


def _assign_unowned(b: Builder) -> None:
    """A permanent "in play" with no controller named is the asker's (the contract names the asker You)."""
    for card, _clause in b.unowned:
        b.player("You").battlefield.append(card)




def _to_json(b: Builder) -> dict[str, Any]:
    fmt = b.top.get("format")
    n = b.top.get("player_count")
    names = list(b.order)
    if fmt == "two-headed-giant":
        team_a = [x for x in names if b.players[x].team in (None, "A")][:2]
        if "You" in names and b.players["You"].team in (None, "A"):
            team_a = ["You", *[x for x in team_a if x != "You"]][:2]  # the asker sits first on their team
        for x in team_a:
            b.players[x].team = b.players[x].team or "A"
        if "You" not in names and not team_a:
            names.insert(0, "You")
            b.player("You").team = "A"
        # Fill team A to two (the asker's teammate), then team B to two.
        while len([x for x in b.order if b.players[x].team == "A"]) < 2:
            name = "Teammate" if "Teammate" not in b.players else f"Player A{len(b.order)}"
            b.player(name).team = "A"
        for x in b.order:
            if b.players[x].team is None:
                b.players[x].team = "B"
        opponents = ["Opponent", "Opponent 2"]
        while len([x for x in b.order if b.players[x].team == "B"]) < 2:
            name = next(o for o in opponents + [f"Player B{i}" for i in range(3, 9)] if o not in b.players)
            b.player(name).team = "B"
        names = sorted((x for x in b.order if b.players[x].team == "A"), key=lambda x: x != "You")
        others = [x for x in b.order if b.players[x].team != "A"]
        # Seat order alternates teams (A, B, A, B) so turn order passes between teams.
        order = []
        for i in range(max(len(names), len(others))):
            order += names[i : i + 1] + others[i : i + 1]
        names = order
    else:
        if "You" not in b.players and (not names or n is None or len(names) < (n or 2)):
            b.player("You")
        names = (["You"] if "You" in b.players else []) + [x for x in b.order if x != "You"]
        want = n or max(2, len(names))
        if n is not None and len(names) > n:
            raise SituationError(
                f"the text names {len(names)} players but says {n} players",
                b.sources.get(("*", "player_count"), ""),
                "the same number of players",
            )
        i = 1
        while len(names) < want:
            name = "Opponent" if "Opponent" not in b.players and want == 2 else f"Player {len(names) + 1}"
            if name in b.players:
                name = f"Player {len(names) + i}"
                i += 1
            b.player(name)
            names.append(name)
        if "Opponent" in b.players and "Opponent" not in names:
            names.append("Opponent")
    players = []
    for name in names:
        p = b.players[name]
        doc: dict[str, Any] = {"name": name}
        for key in ("library", "hand", "graveyard", "memory", "life", "drawn_this_turn"):
            if key in p.facts:
                doc[key] = p.facts[key]
        for zone, named in (("library", p.library_top), ("graveyard", p.graveyard_cards)):
            if not named:
                continue
            total = doc.get(zone, 40 if zone == "library" else 0)
            if zone in doc and total < len(named):
                raise SituationError(
                    f"{name}'s {zone} is said to hold {total} cards but {len(named)} are named",
                    b.sources.get((name, zone), ""),
                    f"a {zone} size that counts the named cards",
                )
            doc[zone] = list(named)
            doc[f"{zone}_unnamed"] = max(0, total - len(named))
        if p.battlefield:
            doc["battlefield"] = p.battlefield
        if p.team:
            doc["team"] = p.team
        players.append(doc)
    active = b.top.get("active", "You" if "You" in names else names[0])
    if "active_team" in b.top:
        active = next((x for x in names if b.players[x].team == b.top["active_team"]), names[0])
    if active not in names:
        raise SituationError(
            f"{active} is not a player of this game", b.sources.get(("*", "active"), ""), f"one of: {', '.join(names)}"
        )
    action = dict(b.action or {})
    action = _resolve_action_players(b, action, names, active)
    if b.top.get("while_casting") and action.get("type") == "draw":
        action["while_casting"] = True
    out: dict[str, Any] = {"players": players, "active": active, "action": action}
    for key in ("game", "edition", "turn", "step"):
        if key in b.top:
            out[key] = b.top[key]
    if fmt:
        out["format"] = fmt
    if b.choices:
        out["choices"] = dict(b.choices)
    return out


def _resolve_action_players(b: Builder, action: dict[str, Any], names: list[str], active: str) -> dict[str, Any]:
    player = action.get("player")
    if player == "each-opponent":
        action["player"] = "each"
        action["players"] = [x for x in names if x != "You"]
    elif isinstance(player, str) and player.startswith("team:"):
        action["player"] = "each"
        action["players"] = [x for x in names if b.players[x].team == player[5:]]
    elif player is not None and player not in ("each",) and player not in names:
        raise SituationError(f"{player} is not a player of this game", b.action_clause, f"one of: {', '.join(names)}")
    if "players" in action:
        missing = [x for x in action["players"] if x not in names]
        if missing:
            raise SituationError(
                f"{', '.join(missing)} is not a player of this game", b.action_clause, f"one of: {', '.join(names)}"
            )
    for t in action.get("targets", []):
        if t not in names:
            raise SituationError(f"{t} is not a player of this game", b.action_clause, f"one of: {', '.join(names)}")
    return action

