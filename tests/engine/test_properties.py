"""Property-based tests over random scenarios: conservation, bounds, determinism, and the compressed path
agreeing with the one-card-at-a-time path."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import Card, default_cards
from engine.cast_timing import sorcery_speed_rule
from engine.effects import DrawTrigger, Op
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json

PERMANENTS = [
    "Notion Thief", "Thought Reflection", "Alhammarret's Archive", "Laboratory Maniac", "Abundance",
    "Chains of Mephistopheles", "Blood Scrivener", "Underrealm Lich", "Spirit of the Labyrinth",
    "Narset, Parter of Veils", "Omen Machine", "Consecrated Sphinx", "Nekusar, the Mindrazer", "Sylvan Library",
    "Howling Mine", "Alms Collector", "Psychosis Crawler", "Sheoldred, the Apocalypse", "Orcish Bowmasters",
    "Hullbreacher", "Platinum Angel", "Teferi's Ageless Insight", "Xyris, the Writhing Storm",
    "Underworld Dreams", "Spiteful Visions", "Anvil of Bogardan", "Smothering Tithe", "Psychic Corrosion",
    "Font of Mythos", "Kami of the Crescent Moon", "Teferi's Puzzle Box", "Jace, Wielder of Mysteries",
]
SPELLS = ["Opportunity", "Brainstorm", "Timetwister", "Wheel of Fortune", "Windfall", "Words of Wisdom",
          "Peer into the Abyss", "Frantic Search", "Thought Scour", "Gitaxian Probe", "Day's Undoing"]


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(2, 4))
    players = []
    for i in range(n):
        players.append({
            "name": f"P{i}",
            "library": draw(st.integers(0, 25)),
            "hand": draw(st.integers(0, 8)),
            "graveyard": draw(st.one_of(st.integers(0, 5), st.just(["Golgari Thug"]))),
            "life": draw(st.integers(1, 25)),
            "battlefield": draw(st.lists(st.sampled_from(PERMANENTS), max_size=3)),
            "drawn_this_turn": draw(st.integers(0, 2)),
        })
    names = [p["name"] for p in players]
    kind = draw(st.sampled_from(["draw", "each", "draw_step", "cast", "move"]))
    if kind == "draw":
        action = {"type": "draw", "player": draw(st.sampled_from(names)), "count": draw(st.integers(0, 40))}
    elif kind == "each":
        action = {"type": "draw", "player": "each", "count": draw(st.integers(0, 12))}
    elif kind == "draw_step":
        action = {"type": "draw_step"}
    elif kind == "cast":
        action = {"type": "cast", "card": draw(st.sampled_from(SPELLS)), "player": names[0],
                  "targets": [draw(st.sampled_from(names))]}
    else:
        action = {"type": "move_to_hand", "player": draw(st.sampled_from(names)), "count": draw(st.integers(0, 5))}
    active = draw(st.sampled_from(names))
    if kind == "cast" and sorcery_speed_rule(default_cards().cards[action["card"]]):
        active = names[0]  # a sorcery is cast on its caster's own turn (307.1): another turn is refused
    return {"players": players, "action": action, "turn": draw(st.integers(1, 4)),
            "active": active, "step": "draw" if kind == "draw_step" else "main1"}


def _cards(doc: dict[str, Any]) -> int:
    total = 0
    for p in doc["players"]:
        for zone in ("library", "hand", "graveyard"):
            v = p.get(zone, 0)
            total += len(v) if isinstance(v, list) else v
    return total


def _cards_after(res: Any) -> int:
    """The cards in the counted zones afterwards, less the permanents that were put into a graveyard (the legend
    rule, 704.5j, is the only way these scenarios move a permanent) and a spell cast from a hand said to be empty
    (the hand said is the one after casting: the spell was in it before)."""
    moved = sum(int(s.text.split(" can't control ")[1].split()[0]) - 1 for s in res.steps if s.kind == "legend_rule")
    moved += sum("hand was said to be empty" in s.text for s in res.steps)
    return sum(p["library"] + p["hand"] + p["graveyard"] + p.get("exile", 0) + p.get("stack", 0)
               for p in res.players.values()) - moved


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scenarios())
def test_cards_conserved_and_never_negative(doc: dict[str, Any]) -> None:
    res = resolve(scenario_from_json(doc), branches=False)
    assert _cards_after(res) == _cards(doc)
    for p in res.players.values():
        assert min(p["library"], p["hand"], p["graveyard"]) >= 0
    assert all(step.rules for step in res.steps)


@SETTINGS
@given(scenarios())
def test_step_counts_match_the_cards_drawn(doc: dict[str, Any]) -> None:
    """Each player's "draws a card" steps, counted with their repeats, are exactly the cards they drew, even
    when replacement draws nest (two Thought Reflections: 4 draws, not "draw x3")."""
    res = resolve(scenario_from_json(doc), branches=False)
    for p in doc["players"]:
        drawn = res.players[p["name"]]["drawn_this_turn"] - p["drawn_this_turn"]
        steps = sum(s.repeat for s in res.steps if s.kind == "draw" and s.player == p["name"])
        assert steps == drawn, p["name"]


def _same_game(res: Any) -> dict[str, Any]:
    """What the two paths must agree on: the final state, who won or lost, every trigger counted, the rules
    cited, and how many cards were drawn (the one-at-a-time path writes one step per trigger resolution,
    the compressed one a step with a count, so the step texts themselves differ)."""
    doc = res.to_json()
    return {"players": doc["players"], "winners": doc["winners"], "losers": doc["losers"],
            "draw_game": doc.get("draw_game"), "triggers": doc["triggers"], "rules": sorted(set(res.rules)),
            "draws": sum(s.repeat for s in res.steps if s.kind == "draw")}


@SETTINGS
@given(scenarios())
def test_compressed_and_one_at_a_time_agree(doc: dict[str, Any]) -> None:
    fast = resolve(scenario_from_json(doc), compress=True)
    slow = resolve(scenario_from_json(doc), compress=False)
    assert _same_game(fast) == _same_game(slow)


# A test-only card that gives poison counters on draws, so the property covers 704.5c as it does life.
TOXIC = Card("Test Toxic Watcher", "Whenever an opponent draws a card, that player gets a poison counter.",
             (DrawTrigger("opponents", (Op("poison", 1, "that_player"),)),))
LIFE_CARDS = ["Sheoldred, the Apocalypse", "Underworld Dreams", "Psychosis Crawler", "Spiteful Visions",
              "Nekusar, the Mindrazer", "Platinum Angel", TOXIC.name]


@st.composite
def life_races(draw: st.DrawFn) -> dict[str, Any]:
    """Low life, poison counters and several life-, damage- and poison-changing triggers per draw: the
    situations where identical triggers batched past a state-based action give a wrong answer."""
    n = draw(st.integers(2, 4))
    fmt = "two-headed-giant" if n == 4 and draw(st.booleans()) else None
    players = []
    for i in range(n):
        players.append({
            "name": f"P{i}", "library": draw(st.integers(0, 12)), "hand": draw(st.integers(0, 3)),
            "life": draw(st.integers(1, 9)), "poison": draw(st.integers(0, 9)),
            "battlefield": draw(st.lists(st.sampled_from(LIFE_CARDS), max_size=3)),
            **({"team": "AB"[i % 2]} if fmt else {}),
        })
    if fmt:
        for p in players:
            p.pop("life")
    names = [p["name"] for p in players]
    who = draw(st.sampled_from([*names, "each"]))
    doc: dict[str, Any] = {"players": players, "active": draw(st.sampled_from(names)), "step": "main1",
                           "action": {"type": "draw", "player": who, "count": draw(st.integers(1, 12))}}
    if fmt:
        doc["format"] = fmt
        doc["team_life"] = {"A": draw(st.integers(1, 12)), "B": draw(st.integers(1, 12))}
    return doc


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(life_races())
def test_compression_never_batches_triggers_past_a_state_based_action(doc: dict[str, Any]) -> None:
    """704.3: state-based actions are checked after each trigger resolves; the compressed path may batch
    identical triggers only up to the resolution that ends a player's game (life 0, 10 poison; 2HG 15)."""
    cards = default_cards().with_extra([TOXIC])
    fast = resolve(scenario_from_json(doc, cards), cards, compress=True, branches=False)
    slow = resolve(scenario_from_json(doc, cards), cards, compress=False, branches=False)
    assert _same_game(fast) == _same_game(slow)


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_resolution_is_deterministic(doc: dict[str, Any]) -> None:
    assert resolve(scenario_from_json(doc)).to_json() == resolve(scenario_from_json(doc)).to_json()


@settings(max_examples=60, deadline=None)
@given(scenarios(), st.integers(10**3, 10**9))
def test_huge_counts_match_the_exact_arithmetic(doc: dict[str, Any], big: int) -> None:
    """A draw of ``big`` cards with Sheoldred in play: the compressed path gives the exact closed form."""
    doc["players"][0]["library"] = big + 5
    doc["players"][0]["hand"] = 0
    doc["players"][0]["battlefield"] = ["Sheoldred, the Apocalypse"]
    for p in doc["players"][1:]:
        p["battlefield"] = []
    doc["players"][0]["drawn_this_turn"] = 0
    doc["action"] = {"type": "draw", "player": doc["players"][0]["name"], "count": big}
    doc["step"] = "main1"
    res = resolve(scenario_from_json(doc))
    me = res.players[doc["players"][0]["name"]]
    assert me["hand"] == big and me["library"] == 5
    assert me["life"] == doc["players"][0]["life"] + 2 * big
    assert sum(s.repeat for s in res.steps if s.kind == "draw") == big


@st.composite
def fan_outs(draw: st.DrawFn) -> dict[str, Any]:
    """Replacement fan-out: several Thought Reflections (and Alhammarret's Archive) doubling draws, nested,
    with an opponent's Notion Thief, Alms Collector or Sheoldred, near an empty library or 0 life."""
    mine = ["Thought Reflection"] * draw(st.integers(0, 5)) + draw(st.lists(
        st.sampled_from(["Alhammarret's Archive", "Laboratory Maniac", "Chasm Skulker", "Psychosis Crawler"]),
        max_size=2))
    theirs = draw(st.lists(st.sampled_from(["Notion Thief", "Alms Collector", "Sheoldred, the Apocalypse",
                                            "Thought Reflection", "Spirit of the Labyrinth"]), max_size=2))
    return {"players": [{"name": "You", "library": draw(st.one_of(st.integers(0, 40), st.integers(10**3, 10**6))),
                         "hand": draw(st.integers(0, 3)), "life": draw(st.integers(1, 30)), "battlefield": mine},
                        {"name": "Opponent", "library": draw(st.integers(0, 60)), "life": draw(st.integers(1, 30)),
                         "battlefield": theirs}],
            "action": {"type": "draw", "player": "You", "count": draw(st.integers(1, 12))},
            "active": draw(st.sampled_from(["You", "Opponent"])), "step": "main1"}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fan_outs())
def test_replacement_fan_out_is_counted_like_one_at_a_time(doc: dict[str, Any]) -> None:
    """Nested replacement draws are compressed at every level (16 Thought Reflections resolve at once): the
    result is the one-at-a-time path's, at sizes where that path can run."""
    fast = resolve(scenario_from_json(doc), branches=False)
    slow = resolve(scenario_from_json(doc), compress=False, branches=False)
    assert _same_game(fast) == _same_game(slow)
