"""Seating players and filling defaults: the builder's facts become the contract's scenario JSON.

Why its own stage: who is in the game (the asker only when the story includes them), the seat order, teams of
Two-Headed Giant and whose turn it is are decided once, after every clause has been read.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card
from engine.cast_timing import sorcery_speed_rule
from engine.defaults import Default, drew_for_turn_said, first_turn_said, step_draw_first_said, turn_said
from engine.effects import SpellText
from engine.errors import SituationError
from engine.situation.attach import Builder
from engine.wording import possessive


def merge_unowned(b: Builder) -> list[str]:
    """Permanents said to be in play without a controller. A card someone is also said to control is the
    same permanent mentioned twice ("Sheoldred is in play. My opponent controls Sheoldred.")."""
    controlled = [c for p in b.players.values() for c in p.battlefield]
    left: list[str] = []
    for card, _clause in b.unowned:
        if card in controlled:
            controlled.remove(card)
        else:
            left.append(card)
    return left


def _two_headed_giant(b: Builder) -> list[str]:
    """Two teams of two. Teams said in the text stand; the asker and "my teammate" are team A, "opponent"s
    team B; other players fill team A, then team B; missing seats get a teammate and opponents."""
    roles = {"You": "A", "Teammate": "A", "Opponent": "B", "Opponent 2": "B"}
    b.top.pop("seat_order", None)  # the seats alternate teams (805.1)
    if "You" not in b.players and len(b.players) < 4:
        b.player("You")  # the asker takes a seat nobody described; four players named fill the game
    for name in b.order:
        p = b.players[name]
        if p.team is None and name in roles:
            p.team = roles[name]
    for name in b.order:
        p = b.players[name]
        if p.team is None:
            p.team = "A" if sum(1 for q in b.players.values() if q.team == "A") < 2 else "B"
    fillers = {"A": ["Teammate"] + [f"Player A{i}" for i in range(2, 9)],
               "B": ["Opponent", "Opponent 2"] + [f"Player B{i}" for i in range(3, 9)]}
    for team in ("A", "B"):
        while sum(1 for q in b.players.values() if q.team == team) < 2:
            b.player(next(n for n in fillers[team] if n not in b.players)).team = team
    team_a = sorted((x for x in b.order if b.players[x].team == "A"), key=lambda x: x != "You")
    others = [x for x in b.order if b.players[x].team != "A"]
    # Seat order alternates teams (A, B, A, B) so turn order passes between teams.
    order: list[str] = []
    for i in range(max(len(team_a), len(others))):
        order += team_a[i : i + 1] + others[i : i + 1]
    return order


# A seat said of a player is one a game of two has no use for: "the player to my left" sits in a game of three or
# more, "the player across" in one of four or more (a two-player game would have been said "my opponent")
_SEAT_PLAYERS = {"Player to your left": 3, "Player to your right": 3, "Player across": 4}


def _seats(b: Builder) -> list[str]:
    """The players of the game: exactly those the story names (the asker only when they are in it), filled
    up to the number of players said, or to two; the fillers are said in the answer."""
    n = b.top.get("player_count")
    if not b.players:
        b.player("You")
    names = (["You"] if "You" in b.players else []) + [x for x in b.order if x != "You"]
    seats = [x for x in b.top.pop("seat_order", []) if x in names]
    if len(seats) >= 3:  # "Alice, me and Bob are playing": the seats said are the turn order (103.1)
        names = seats + [x for x in names if x not in seats]
        shown = " → ".join("you" if x == "You" else x for x in seats)
        b.assume(f"turn order {shown}: the order the players were named in (103.1)")
    if n is not None and len(names) > n:
        raise SituationError(
            f"the text names {len(names)} players but says {n} players",
            b.sources.get(("*", "player_count"), ""),
            "the same number of players",
        )
    want = n or max(2, len(names), *(_SEAT_PLAYERS.get(x, 2) for x in names))
    added: list[str] = []
    if len(names) < want and "You" not in names:
        # The asker is a player of the game they ask about: they take the first seat nobody described.
        b.player("You")
        names.insert(0, "You")
        added.append("You")
    while len(names) < want:
        name = "Opponent" if "Opponent" not in b.players and want == 2 else f"Player {len(names) + 1}"
        seat = 2
        while name in b.players:  # "Player 3 ..." told: the unnamed seats take the numbers nobody has
            name, seat = f"Player {seat}", seat + 1
        b.player(name)
        names.append(name)
        added.append(name)
    if added:
        parts = ["you (the asker) are " + ("the other player" if len(names) == 2 else "one of the players")
                 ] if "You" in added else []
        others = [x for x in added if x != "You"]
        if others:
            parts.append(f"{', '.join(others)} not described")
        b.assume(f"a game of {len(names)} players ({', '.join(names)}): {'; '.join(parts)}")
    return names


def _sorcery_caster(b: Builder) -> tuple[str, str] | None:
    """Who casts a noninstant spell without flash, or activates a loyalty ability, when that is the action, and
    the rule that puts it in its caster's own main phase (307.1 for a sorcery, 302.1 for a creature, 606.3)."""
    action = b.action or {}
    if action.get("type") != "cast" or action.get("ability") not in (None, "spell", "activate"):
        return None
    card = b.cards.find(str(action.get("card", "")))
    if action.get("ability") == "activate":
        # a planeswalker's loyalty ability: only in its controller's main phase (606.3); it was "your turn"
        rule = "606.3" if card is not None and card.has_type("planeswalker") else _sorcery_ability(card)
    else:
        rule = sorcery_speed_rule(card) if card is not None else None
    return (str(action.get("player")), rule) if rule else None


def _sorcery_ability(card: Card | None) -> str | None:
    """602.5d when every ability of the card the engine carries out says "Activate only as a sorcery": its
    activation puts the story in its controller's main phase (it was "your turn", and refused as untimely)."""
    abilities = [s for s in card.of(SpellText) if s.activated and not s.cost.startswith("cycling")] if card else []
    sorcery = [s for s in abilities if any(op.do == "note" and op.text.startswith("activate only as a sorcery")
                                           for op in s.ops)]
    return "602.5d" if abilities and len(sorcery) == len(abilities) else None


def _active(b: Builder, names: list[str]) -> str:
    active = b.top.get("active")
    if "active_team" in b.top:
        active = next((x for x in names if b.players[x].team == b.top["active_team"]), names[0])
    caster = _sorcery_caster(b)
    if active is None and caster is not None and caster[0] in names:
        active = caster[0]
        card = b.action.get("card") if b.action else "the spell"
        what = f"{possessive(str(card))} {'loyalty ' if caster[1] == '606.3' else ''}ability is activated in its " \
            "controller's" if caster[1] in ("606.3", "602.5d") else f"{card} is cast in its caster's"
        b.assume(f"it is {possessive(active)} turn: {what} own main phase ({caster[1]})")
    attacker = (b.action or {}).get("player") if (b.action or {}).get("type") == "combat" else None
    if active is None and attacker in names:
        active = str(attacker)  # 506.2, 508.1: only the active player attacks
        b.assume(f"it is {possessive(active)} turn: only the active player attacks (506.2, 508.1)")
    if active is None:
        active = "You" if "You" in names else names[0]
        if b.action and b.action.get("type") != "draw_step":
            b.assume(turn_said(active))
    if active not in names:
        raise SituationError(
            f"{active} is not a player of this game", b.sources.get(("*", "active"), ""), f"one of: {', '.join(names)}"
        )
    return active


def _turn(b: Builder, active: str, names: list[str]) -> None:
    """ "On the play"/"on the draw" say who started; with them, "turn N" on the player's own turn is their
    Nth turn, which is the game's turn 2N-1 or 2N in a two-player game (103.1, 500.1)."""
    starting = b.top.pop("starting", None)
    if starting is None:
        return
    on_play = not starting.startswith("not:")
    player = starting if on_play else starting[4:]
    teams = b.top.get("format") == "two-headed-giant"  # two teams take turns as two players do (805.1)
    if teams and player in b.players and active in b.players and b.players[active].team == b.players[player].team:
        active = player
    two_sides = len(names) == 2 or teams
    if "turn" in b.top and two_sides and active != player and active in b.players:
        # "turn 1, opp is on the play, it's my draw step": the other side started, so the active player is on the
        # other side of it (103.1): their own turn 1 is the game's turn 2
        player, on_play = active, not on_play
    if "turn" in b.top and two_sides and active == player:
        own = b.top["turn"]
        b.top["turn"] = 2 * own - 1 if on_play else 2 * own
        if b.top["turn"] != own:
            side = "on the play" if on_play else "on the draw"
            b.assume(f"turn {own} read as {possessive(player)} turn {own} {side}: the game's turn {b.top['turn']}")
    elif "turn" not in b.top and active == player and on_play and b.top.get("step") in (None, "upkeep", "draw"):
        b.assume("“on the play” with no turn number read as the game's first turn")
        b.top["turn"] = 1


def _members(b: Builder, group: str, names: list[str]) -> list[str]:
    """The players a group word stands for: "we" is every player, except in Two-Headed Giant, where it is
    the asker's team (810: teammates share a turn and a life total)."""
    if group == "we" and b.top.get("format") == "two-headed-giant":
        team = b.players["You"].team if "You" in b.players else "A"
        return [x for x in names if b.players[x].team == team]
    if group in ("each", "we"):
        return names
    if group == "each-opponent":
        return [x for x in names if x != "You"]
    return [x for x in names if b.players[x].team == group[5:]]


def _group_facts(b: Builder, names: list[str]) -> None:
    """Facts said of a group go to each of its players who has no value of their own; Commander's 40 life
    (903.7) is the default of every player whose life was not said."""
    for (group, key), value in b.group_facts.items():
        for x in _members(b, group, names):
            b.players[x].facts.setdefault(key, value)
    for group, card in b.group_permanents:
        for x in _members(b, group, names):
            b.players[x].battlefield.append(card)
    if b.top.pop("commander", False):
        unsaid = [x for x in names if "life" not in b.players[x].facts]
        for x in unsaid:
            b.players[x].facts["life"] = 40
        if unsaid:
            b.assume(f"Commander: {', '.join(unsaid)} at 40 life, the format's starting life total (903.7)")


def _spell_counted_in_hand(b: Builder) -> None:
    """A hand said without the spell being cast ("besides Timetwister I have 2") holds it until it is cast
    (601.2a moves it to the stack): one more card, said. Said of another card than the one cast, the words
    can't be carried out: refused."""
    action = b.action or {}
    for who, card, words in b.besides:
        if not card:  # "N other cards in hand": beside the spell its player casts
            words, card = "other cards in hand", str(action.get("card", "")) if action.get("player") == who else ""
        if action.get("type") != "cast" or action.get("card") != card or action.get("player") != who:
            why = f"{card} is not the spell cast" if card else "no spell is cast from that hand"
            raise SituationError(f"I can't take “{words}” into account: {why}", b.action_clause,
                                 "the hand's size with every card in it")
        hand = b.players[who].facts.get("hand") if who in b.players else None
        if hand is None:
            continue
        b.players[who].facts["hand"] = hand + 1
        b.assume(f"“{words}”: {card} is in {possessive(who).lower()} hand until it is cast, so the hand holds "
                 f"{hand + 1} {'card' if hand == 0 else 'cards'} before it")


def _life_paid(b: Builder, action: dict[str, Any]) -> None:
    """ "he casts Gitaxian Probe paying 2 life": the life paid for the spell's Phyrexian mana is part of the cast
    said (the engine checks that the card has such mana); said of no cast by that player, it is refused."""
    paid = b.top.get("life_paid")
    if paid is None:
        return
    who, n, card, clause = paid
    if action.get("type") != "cast" or action.get("player") != who or card not in ("it", action.get("card")):
        raise SituationError(f"“{clause}”: the life is paid for a spell that isn't cast in this situation", clause,
                             "'he casts Gitaxian Probe paying 2 life'")
    action["life_paid"] = n


def _to_json(b: Builder) -> dict[str, Any]:
    fmt = b.top.get("format")
    if "You" not in b.players and {"Opponent", "Teammate"} & set(b.players):
        b.player("You")  # "my opponent" and "my teammate" are the asker's: the asker is in the game
    names = _two_headed_giant(b) if fmt == "two-headed-giant" else _seats(b)
    _group_facts(b, names)
    _spell_counted_in_hand(b)
    players = [_player_doc(b, name) for name in names]
    active = _active(b, names)
    _turn(b, active, names)
    action = dict(b.action or {})
    action = _resolve_action_players(b, action, names, active)
    if b.top.get("while_casting") and action.get("type") == "draw":
        action["while_casting"] = True
    _life_paid(b, action)
    out: dict[str, Any] = {"players": players, "active": active, "action": action}
    for key in ("game", "edition", "turn", "step", "draw_step_after"):
        if key in b.top:
            out[key] = b.top[key]
    if fmt:
        out["format"] = _format_of(b, fmt, names)
    if b.choices:
        out["choices"] = dict(b.choices)
    _drawn_for_turn(b, out, names)
    _first_turn_side(b, out, names)
    return out


def _format_of(b: Builder, fmt: str, names: list[str]) -> str:
    """A multiplayer format (Commander) said to be played by two players is a two-player game: the rules that
    differ go by the number of players (103.8a, 103.8c)."""
    if fmt == "multiplayer" and len(names) == 2 and b.top.get("player_count") == 2:
        b.assume("two players: a two-player game (103.8a)")
        return "two-player"
    return fmt


def _first_turn_side(b: Builder, out: dict[str, Any], names: list[str]) -> None:
    """ "Do I draw on turn 1?" with nobody said to be on the play: the game's first turn, whose active player
    started (103.1), said; a player may mean their own first turn, on the draw: the other outcome (103.8a)."""
    fmt = out.get("format") or ("two-player" if len(names) == 2 else "multiplayer")
    if out.get("turn") != 1 or fmt not in _SKIPS_FIRST_DRAW or out.get("game") == "grand-archive" \
            or b.sources.get(("*", "starting")) is not None:
        return
    out.setdefault("defaulted", []).append(Default.FIRST_TURN.value)
    b.assume(first_turn_said(out["active"]))


_BEFORE_THE_DRAW = ("untap", "upkeep")
_SKIPS_FIRST_DRAW = ("two-player", "two-headed-giant")  # 103.8a, 103.8b; 103.8c: nobody else skips it


def _drawn_for_turn(b: Builder, out: dict[str, Any], names: list[str]) -> None:
    """The turn's own draw, when the text doesn't say: after their draw step the active player (a Two-Headed
    Giant team: each of its players) has drawn one card (504.1), except on the first turn of the player or
    team on the play in a two-player or Two-Headed Giant game (103.8a, 103.8b); other players have drawn
    none. Each default is said and kept in ``defaulted`` so the answer can give the other outcome."""
    step, action = out.get("step", "main1"), out["action"]
    fmt = out.get("format") or ("two-player" if len(names) == 2 else "multiplayer")
    if out.get("game") == "grand-archive" or step in _BEFORE_THE_DRAW or action.get("type") == "draw_step" \
            or (out.get("turn", 3) == 1 and fmt in _SKIPS_FIRST_DRAW):
        return
    active = out["active"]
    team = b.players[active].team if fmt == "two-headed-giant" else None
    for doc in out["players"]:
        name = doc["name"]
        if (name != active and (team is None or b.players[name].team != team)) or "drawn_this_turn" in doc:
            continue
        doc["drawn_this_turn"] = 1
        if step == "draw":
            doc["drawn_this_draw_step"] = 1
        if step == "draw" and name == active and action.get("type") in ("cast", "mechanic"):
            out["draw_step_first"] = True  # the step's draw is told with the action (engine.judging)
            b.assume(step_draw_first_said(name))
            continue
        out.setdefault("defaulted", []).append(f"drawn_this_turn:{name}")
        b.assume(drew_for_turn_said(name))


def _player_doc(b: Builder, name: str) -> dict[str, Any]:
    """One player in the contract's form; named cards in a zone count towards its size."""
    p = b.players[name]
    doc: dict[str, Any] = {"name": name}
    for key in ("library", "hand", "graveyard", "memory", "life", "poison", "drawn_this_turn"):
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
    return doc


def _resolve_action_players(b: Builder, action: dict[str, Any], names: list[str], active: str) -> dict[str, Any]:
    player = action.get("player")
    if player == "we":
        action["player"] = "each"
        if b.top.get("format") == "two-headed-giant":
            action["players"] = _members(b, "we", names)
    elif player == "each-opponent":
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

