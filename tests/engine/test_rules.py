"""One test (at least) per rule the engine implements: final state and cited rules."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import ScenarioError
from engine.resolve import resolve
from tests.engine.helpers import cited, kinds, run, two


def test_121_1_a_draw_moves_the_top_card_to_hand() -> None:
    res = run(two({"library": ["Island", "Forest"], "hand": 0}))
    assert res.players["You"]["hand"] == 1 and res.players["You"]["library"] == 1
    assert res.players["You"]["hand_cards"] == ["Island"]
    assert res.players["You"]["library_top"] == ["Forest"]
    assert "121.1" in cited(res)


def test_121_2_draw_n_is_n_individual_draws() -> None:
    res = run(two({"library": 5, "hand": 0}, action={"type": "draw", "player": "You", "count": 3}))
    assert res.players["You"]["hand"] == 3 and res.players["You"]["drawn_this_turn"] == 3
    assert {"121.2", "121.1"} <= cited(res)
    draw_steps = [s for s in res.steps if s.kind == "draw"]
    assert sum(s.repeat for s in draw_steps) == 3


def test_121_2a_616_1g_alms_collector_before_single_draws() -> None:
    res = run(two({"library": 10, "hand": 0, "graveyard": ["Golgari Thug"]},
                  {"battlefield": ["Alms Collector"], "hand": 0},
                  action={"type": "draw", "player": "You", "count": 4}))
    assert res.players["You"]["hand"] == 1 and res.players["Opponent"]["hand"] == 1
    assert {"121.2a", "616.1g"} <= cited(res)


def test_121_2b_max_one_card_each_turn_partially_carries_out() -> None:
    res = run(two({"library": 10, "hand": 0}, {"battlefield": ["Spirit of the Labyrinth"]},
                  action={"type": "draw", "player": "You", "count": 3}))
    assert res.players["You"]["hand"] == 1 and res.players["You"]["library"] == 9
    assert {"121.2b", "614.17"} <= cited(res)


def test_121_2b_cannot_choose_to_draw_several() -> None:
    res = run(two({"library": 10, "hand": 0}, {"battlefield": ["Narset, Parter of Veils"]},
                  action={"type": "draw", "player": "You", "count": 2, "optional": True}))
    assert res.players["You"]["hand"] == 0
    assert "121.2b" in cited(res)


def test_121_2c_active_player_draws_first() -> None:
    res = run({"players": [{"name": "A", "library": 1}, {"name": "B", "library": 1}, {"name": "C", "library": 0}],
               "active": "B", "action": {"type": "draw", "player": "each", "count": 2}})
    order_step = res.steps[0]
    assert order_step.text.endswith("B, then C, then A.") and "121.2c" in order_step.rules
    assert sorted(res.losers) == ["A", "B", "C"] and res.draw_game


def test_121_2d_two_headed_giant_team_chooses_order() -> None:
    doc = {"format": "two-headed-giant",
           "players": [{"name": "A1", "team": "A"}, {"name": "B1", "team": "B"}, {"name": "A2", "team": "A"},
                       {"name": "B2", "team": "B"}],
           "active": "A1", "action": {"type": "draw", "player": "each", "count": 1},
           "choices": {"team_order": ["A2", "A1"]}}
    res = run(doc)
    assert res.steps[0].text.endswith("A2, then A1, then B1, then B2.")
    assert "121.2d" in cited(res)


def test_121_3_may_draw_from_empty_library_and_lose() -> None:
    res = run(two({"library": 0}, action={"type": "draw", "player": "You", "count": 1, "optional": True}),
              branches=True)
    # Default keeps the player in the game; the other choice is a branch in which they lose.
    assert res.losers == []
    assert any(b["losers"] == ["You"] for b in res.branches)
    forced = run(two({"library": 0}, action={"type": "draw", "player": "You", "count": 1, "optional": True},
                     choices={"may_draw:You": True}))
    assert forced.losers == ["You"] and "121.3" in cited(forced)


def test_121_3_cant_draw_beats_may_draw() -> None:
    res = run(two({"library": 5, "hand": 0}, {"battlefield": ["Omen Machine"]},
                  action={"type": "draw", "player": "You", "count": 1, "optional": True},
                  choices={"may_draw:You": True}))
    assert res.players["You"]["hand"] == 0 and {"121.3", "614.17", "101.2"} <= cited(res)


def test_121_3a_another_player_chooses() -> None:
    res = run(two({"library": 0}, {"battlefield": []},
                  action={"type": "draw", "player": "You", "count": 1, "optional": True, "chooser": "Opponent"},
                  choices={"may_draw:You": True}))
    assert res.losers == ["You"] and "121.3a" in cited(res)
    blocked = run(two({"library": 0}, {"battlefield": ["Maralen of the Mornsong"]},
                      action={"type": "draw", "player": "You", "count": 1, "optional": True,
                              "chooser": "Opponent"}, choices={"may_draw:You": True}))
    assert blocked.losers == [] and "121.3a" in cited(blocked)


def test_121_4_704_5b_empty_library_draw_loses_at_next_check() -> None:
    res = run(two({"library": 0}))
    assert res.losers == ["You"] and res.winners == ["Opponent"] and res.game_over
    assert {"121.4", "704.5b"} <= cited(res)
    assert kinds(res).index("empty_draw") < kinds(res).index("loss")


def test_104_3c_drawing_more_than_library_draws_the_rest_then_loses() -> None:
    res = run(two({"library": 2, "hand": 0}, action={"type": "draw", "player": "You", "count": 5}))
    assert res.players["You"]["hand"] == 2 and res.players["You"]["library"] == 0
    assert res.losers == ["You"] and "104.3c" in cited(res)


def test_104_4a_all_players_lose_at_once_is_a_draw() -> None:
    res = run(two({"library": 0}, {"library": 0}, action={"type": "draw", "player": "each", "count": 1}))
    assert res.draw_game and sorted(res.losers) == ["Opponent", "You"] and res.winners == []
    assert "104.4a" in cited(res)


def test_121_5_putting_into_hand_is_not_drawing() -> None:
    res = run(two({"library": 0, "hand": 0}, {"battlefield": ["Sheoldred, the Apocalypse", "Notion Thief"]},
                  action={"type": "move_to_hand", "player": "You", "count": 1}))
    assert res.losers == [] and res.triggers == []
    assert "121.5" in cited(res)
    moved = run(two({"library": 3, "hand": 0}, {"battlefield": ["Sheoldred, the Apocalypse"]},
                    action={"type": "move_to_hand", "player": "You", "count": 2}))
    assert moved.players["You"]["hand"] == 2 and moved.players["You"]["life"] == 20


def test_121_6a_614_11_replacement_applies_with_empty_library() -> None:
    res = run(two({"library": 0, "battlefield": ["Laboratory Maniac"]}))
    assert res.winners == ["You"] and res.losers == ["Opponent"]
    assert {"121.6a", "614.11"} <= cited(res)


def test_121_6b_614_11a_replacement_completes_before_the_sequence_resumes() -> None:
    res = run(two({"library": 10, "hand": 0, "battlefield": ["Thought Reflection"]},
                  action={"type": "draw", "player": "You", "count": 2}))
    assert res.players["You"]["hand"] == 4
    assert {"121.6b", "614.11a"} <= cited(res)
    texts = [s.text for s in res.steps]
    first_replaced = next(i for i, t in enumerate(texts) if "replaces it" in t)
    assert "draw a card" in texts[first_replaced + 2]  # the two new draws come before the second original draw


def test_121_6c_additional_action_not_on_replacement_draws() -> None:
    plain = run(two({"library": 5}, action={"type": "draw", "player": "You", "count": 1, "then": "reveals it"}))
    assert any(s.kind == "additional_action" and "reveal it" in s.text for s in plain.steps)
    replaced = run(two({"library": 5, "battlefield": ["Thought Reflection"]},
                       action={"type": "draw", "player": "You", "count": 1, "then": "reveals it"}))
    extra = [s for s in replaced.steps if s.kind == "additional_action"]
    assert len(extra) == 1 and "not performed" in extra[0].text and "121.6c" in extra[0].rules


def test_121_7_other_parts_first_then_the_draws() -> None:
    res = run(two({"library": 10, "hand": 0, "life": 5, "battlefield": ["Blood Scrivener"]}))
    texts = [s.kind for s in res.steps]
    assert texts.index("lose_life") < texts.index("draw")
    assert res.players["You"]["hand"] == 2 and res.players["You"]["life"] == 4 and "121.7" in cited(res)


def test_121_8_drawing_while_casting_is_face_down() -> None:
    res = run(two({"library": 5}, action={"type": "draw", "player": "You", "count": 1, "while_casting": True}))
    assert res.players["You"]["hand"] == 8 and "121.8" in cited(res)


def test_121_9_miracle_may_look_before_revealing() -> None:
    res = run(two({"library": ["Terminus", "Island"], "drawn_this_turn": 0}))
    assert {"121.9", "702.94a"} <= cited(res)
    second = run(two({"library": ["Terminus", "Island"], "drawn_this_turn": 1}))
    assert "702.94a" not in cited(second)


def test_103_8a_two_player_first_turn_skips_the_draw() -> None:
    res = run(two({"library": 5, "hand": 7}, action={"type": "draw_step"}, turn=1))
    assert res.players["You"]["hand"] == 7 and "103.8a" in cited(res)
    later = run(two({"library": 5, "hand": 7}, action={"type": "draw_step"}, turn=2))
    assert later.players["You"]["hand"] == 8 and "504.1" in cited(later)


def test_103_8b_two_headed_giant_first_team_skips() -> None:
    doc = {"format": "two-headed-giant", "turn": 1, "action": {"type": "draw_step"},
           "players": [{"name": "A1", "team": "A"}, {"name": "B1", "team": "B"}, {"name": "A2", "team": "A"},
                       {"name": "B2", "team": "B"}]}
    res = run(doc)
    assert res.players["A1"]["hand"] == 7 and res.players["A2"]["hand"] == 7 and "103.8b" in cited(res)
    doc["turn"] = 2
    later = run(doc)
    assert later.players["A1"]["hand"] == 8 and later.players["A2"]["hand"] == 8


def test_103_8c_multiplayer_first_turn_draws() -> None:
    res = run({"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "turn": 1, "action": {"type": "draw_step"}})
    assert res.players["A"]["hand"] == 8 and "103.8c" in cited(res)


def test_504_1_draw_step_then_triggers() -> None:
    res = run(two({"library": 10, "hand": 0}, {"battlefield": ["Howling Mine"]}, action={"type": "draw_step"}))
    assert res.players["You"]["hand"] == 2
    assert {"504.1", "603.3b"} <= cited(res)
    assert kinds(res).index("draw_step") < kinds(res).index("stack")


def test_614_5_a_replacement_applies_once_per_event() -> None:
    one = run(two({"library": 20, "hand": 0, "battlefield": ["Thought Reflection"]}))
    assert one.players["You"]["hand"] == 2
    two_tr = run(two({"library": 20, "hand": 0, "battlefield": ["Thought Reflection", "Thought Reflection"]}))
    assert two_tr.players["You"]["hand"] == 4 and "614.5" in cited(two_tr)


def test_nested_replacement_draws_are_counted_right() -> None:
    """Two Thought Reflections double a draw twice (614.5, 616.1f): four cards, and four draw steps."""
    res = run(two({"library": 20, "hand": 0, "battlefield": ["Thought Reflection", "Thought Reflection"]}))
    assert res.players["You"]["hand"] == 4
    assert sum(s.repeat for s in res.steps if s.kind == "draw") == 4


def test_614_15_self_replacement_before_other_replacements() -> None:
    from engine.cards import Card, default_cards
    from engine.effects import Op, SpellText
    from engine.resolve import resolve
    from engine.scenario_json import scenario_from_json

    card = Card("Test Insight", "Draw two cards. If it's your turn, draw three cards instead.",
                (SpellText((Op("draw", 2, "you", instead_amount=3, condition="your_turn"),)),))
    db = default_cards().with_extra([card])
    doc = two({"library": 10, "hand": 0}, {"battlefield": ["Alms Collector"]},
              action={"type": "cast", "card": "Test Insight", "player": "You"})
    res = resolve(scenario_from_json(doc, db), db)
    assert "614.15" in cited(res) and "616.1g" in cited(res)
    assert res.players["You"]["hand"] == 1 and res.players["Opponent"]["hand"] == 8


def test_616_1_affected_player_orders_replacements() -> None:
    base = two({"library": 0, "battlefield": ["Laboratory Maniac"]}, {"battlefield": ["Notion Thief"]},
               active="Opponent")
    default = run(base)
    assert default.winners == ["You"]  # the default keeps the drawing player in the game
    assert {"616.1", "616.1e"} <= cited(default)
    thief_first = run({**base, "choices": {"order:You": "Notion Thief"}})
    assert thief_first.winners == [] and thief_first.players["Opponent"]["hand"] == 8
    assert any("order:You" in b["choice"] for b in default.branches)


def test_603_3b_triggers_go_on_the_stack_and_resolve() -> None:
    res = run(two({"library": 10, "hand": 0, "battlefield": ["Sheoldred, the Apocalypse"]},
                  {"battlefield": ["Underworld Dreams"]}, action={"type": "draw", "player": "You", "count": 3}))
    assert res.players["You"]["life"] == 20 + 6 - 3
    assert [(t.source, t.count) for t in res.triggers] == [("Sheoldred, the Apocalypse", 3),
                                                          ("Underworld Dreams", 3)]
    resolved = [s.text for s in res.steps if s.kind == "trigger"]
    assert resolved[0].startswith("Underworld Dreams")  # the nonactive player's ability is on top
    opp = run(two({"battlefield": ["Sheoldred, the Apocalypse"]}, {"library": 10, "hand": 0, "life": 5},
                  action={"type": "draw", "player": "Opponent", "count": 3}))
    assert opp.players["Opponent"]["life"] == -1 and opp.losers == ["Opponent"]
    assert {"603.2", "603.3b", "704.5a"} <= cited(opp)


def test_platinum_angel_stops_empty_library_loss() -> None:
    res = run(two({"library": 0, "battlefield": ["Platinum Angel"]}))
    assert res.losers == [] and not res.game_over


def test_bad_scenarios_are_rejected_with_where_and_hint() -> None:
    with pytest.raises(ScenarioError) as err:
        run(two({"library": -1}))
    assert err.value.where == "players[0].library"
    with pytest.raises(ScenarioError) as err:
        run(two(opp={"battlefield": ["Notion Theif"]}))
    assert "Notion Thief" in err.value.hint
    with pytest.raises(ScenarioError) as err:
        run(two(action={"type": "draw", "player": "Zed"}))
    assert err.value.where == "action.player"
    with pytest.raises(ScenarioError):
        run({"players": "x", "action": {}})


def test_state_based_actions_are_checked_between_identical_life_loss_triggers() -> None:
    """704.3 and 704.5a: a player at 2 life whose opponent controls Sheoldred, the Apocalypse and who draws 4
    loses at 0 life after the first trigger resolves; the game is over before the others resolve."""
    from engine.situation import parse_situation

    res = resolve(parse_situation("My opponent controls Sheoldred, the Apocalypse. I am at 2 life. I draw 4."))
    assert res.players["You"]["life"] == 0 and res.losers == ["You"] and res.winners == ["Opponent"]
    assert any("704.5a" in s.rules for s in res.steps)


def test_in_multiplayer_a_player_who_lost_is_not_affected_by_the_triggers_left() -> None:
    """800.4a: at 1 life drawing 3 with an opponent's Sheoldred, the player loses at -1 and leaves the game;
    the two triggers left do nothing to them, and the game goes on for the three others."""
    from engine.situation import parse_situation

    res = resolve(parse_situation("4 players. Player 2 controls Sheoldred, the Apocalypse. I am at 1 life. "
                                  "I draw 3."))
    assert res.players["You"]["life"] == -1 and res.losers == ["You"] and res.winners == []
    assert sum(1 for s in res.steps if s.kind == "left_game") >= 1


def test_a_player_who_cant_lose_takes_every_trigger() -> None:
    from engine.situation import parse_situation

    res = resolve(parse_situation("Opponent controls Sheoldred, the Apocalypse. I control Platinum Angel. "
                                  "I am at 2 life. I draw 4."))
    assert res.players["You"]["life"] == -6 and res.losers == []


def test_a_player_who_lost_leaves_and_their_triggers_cease_to_exist() -> None:
    """800.4a: a player who loses leaves the game; objects they control on the stack cease to exist, so an
    eliminated player's Psychosis Crawler trigger knocks nobody out, and the game goes on for the others."""
    from engine.situation import parse_situation

    res = resolve(parse_situation("3 players. I control Psychosis Crawler and I am at 1 life. Player 2 controls "
                                  "Sheoldred, the Apocalypse. Player 3 is at 1 life. I draw 1."))
    assert res.losers == ["You"] and res.winners == []
    assert res.players["Player 3"]["life"] == 1 and not res.players["Player 3"]["lost"]
    ceased = [s for s in res.steps if s.kind == "left_game"]
    assert ceased and "Psychosis Crawler" in ceased[0].text and ceased[0].rules == ("800.4a",)


def test_an_eliminated_players_permanents_no_longer_apply() -> None:
    """800.4a: the permanents of a player who left the game are gone with them: their Notion Thief no longer
    applies to anyone's draws."""
    from engine.resolve import Resolver
    from engine.situation import parse_situation

    r = Resolver(parse_situation("3 players. I control Notion Thief. Player 2 draws 1."))
    r.player("You").lost = True
    assert not any(src.controller == "You" for src in r.in_play())


def _two_headed(team_a: dict[str, object], action: dict[str, object], **extra: object) -> dict[str, object]:
    return {"format": "two-headed-giant", **extra, "action": action,
            "players": [{"name": "You", "team": "A", **team_a}, {"name": "Opp", "team": "B",
                                                                  "battlefield": ["Sheoldred, the Apocalypse"]},
                        {"name": "Mate", "team": "A"}, {"name": "Opp2", "team": "B"}]}


def test_two_headed_giant_life_loss_lands_on_the_shared_team_total() -> None:
    """810.4 and 810.9: a team shares one life total; each player's loss is applied to it. A team at 4 life
    whose two players each lose 2 is at 0 and loses (810.8c), both players with it."""
    from engine.scenario_json import scenario_from_json

    both_draw = {"type": "draw", "player": "each", "players": ["You", "Mate"], "count": 1}
    res = resolve(scenario_from_json(_two_headed({}, both_draw, team_life={"A": 4})))
    assert res.players["You"]["life"] == res.players["Mate"]["life"] == 0
    assert res.losers == ["You", "Mate"] and res.winners == ["Opp", "Opp2"]
    assert any("810.8c" in s.rules for s in res.steps) and any("810.9" in s.rules for s in res.steps)


def test_two_headed_giant_team_starts_at_30_and_says_so() -> None:
    from engine.scenario_json import scenario_from_json

    res = resolve(scenario_from_json(_two_headed({}, {"type": "draw", "player": "You", "count": 2})))
    assert res.players["You"]["life"] == res.players["Mate"]["life"] == 26
    assert res.players["Opp"]["life"] == 30
    assert any("810.4" in a for a in res.assumed)


def test_two_headed_giant_a_win_is_the_whole_teams() -> None:
    """810.8a: if either player on a team wins the game, the entire team wins."""
    from engine.scenario_json import scenario_from_json

    doc = _two_headed({"library": 0, "battlefield": ["Laboratory Maniac"]}, {"type": "draw", "player": "You"})
    res = resolve(scenario_from_json(doc))
    assert sorted(res.winners) == ["Mate", "You"] and sorted(res.losers) == ["Opp", "Opp2"]


def test_two_headed_giant_members_stating_different_life_totals_is_an_error() -> None:
    from engine.scenario_json import scenario_from_json

    doc = _two_headed({"life": 5}, {"type": "draw", "player": "You"})
    doc["players"][2]["life"] = 7
    with pytest.raises(ScenarioError, match="different life totals"):
        scenario_from_json(doc)
    doc["players"][2]["life"] = 5
    assert scenario_from_json(doc).player("Mate").life == 5


def _poison_cards() -> Any:
    from engine.cards import Card, default_cards
    from engine.effects import DrawTrigger, Op, SpellText

    # Caress of Phyrexia's own Oracle text (the card is outside the 69 of the card data), and a test-only
    # permanent that gives poison counters on draws.
    caress = Card("Caress of Phyrexia", "Target player draws three cards, loses 3 life, and gets three poison "
                  "counters.", (SpellText((Op("draw", 3, "target"), Op("lose_life", 3, "target"),
                                            Op("poison", 3, "target")), targets_player=True),))
    toxic = Card("Test Toxic Watcher", "Whenever an opponent draws a card, that player gets a poison counter.",
                 (DrawTrigger("opponents", (Op("poison", 1, "that_player"),)),))
    return default_cards().with_extra([caress, toxic])


def test_ten_poison_counters_lose_the_game() -> None:
    """704.5c: a player with ten or more poison counters loses the game (the scenario carries "poison")."""
    from engine.scenario_json import scenario_from_json

    db = _poison_cards()
    doc = two({}, {"poison": 8}, {"type": "cast", "card": "Caress of Phyrexia", "player": "You",
                                 "targets": ["Opponent"]})
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["Opponent"]["poison"] == 11 and res.losers == ["Opponent"]
    assert "704.5c" in cited(res) and "122.1f" in cited(res)
    safe = resolve(scenario_from_json({**doc, "players": [doc["players"][0], {"name": "Opponent", "poison": 6}]},
                                      db), db)
    assert safe.losers == [] and safe.players["Opponent"]["poison"] == 9


def test_poison_triggers_stop_at_the_tenth_counter() -> None:
    """704.3: state-based actions between trigger resolutions; at 8 poison drawing 5, the player loses with
    the second counter's trigger: 10 counters, not 13."""
    from engine.scenario_json import scenario_from_json

    db = _poison_cards()
    doc = two({"poison": 8}, {"battlefield": ["Test Toxic Watcher"]}, {"type": "draw", "player": "You", "count": 5})
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["You"]["poison"] == 10 and res.losers == ["You"]


def test_two_headed_giant_team_loses_at_fifteen_poison_counters() -> None:
    """810.8d and 704.6b: a team with fifteen or more poison counters loses; ten on one player is not a loss
    in Two-Headed Giant (704.5c is ignored there)."""
    from engine.scenario_json import scenario_from_json

    db = _poison_cards()
    cast_on_you = {"type": "cast", "card": "Caress of Phyrexia", "player": "Opp", "targets": ["You"]}
    doc = _two_headed({"poison": 7}, cast_on_you, active="Opp")
    doc["players"][2]["poison"] = 5
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["You"]["poison"] == 10 and res.losers == ["You", "Mate"]
    assert {"704.6b", "810.8d"} <= cited(res) and "704.5c" not in cited(res)
    doc["players"][2]["poison"] = 0
    alive = resolve(scenario_from_json(doc, db), db)
    assert alive.losers == [] and alive.players["You"]["poison"] == 10


def test_two_headed_giant_a_teammates_platinum_angel_protects_the_team() -> None:
    """810.8a: "If an effect says that a player can't lose the game, that player's team can't lose the game."
    The answer names the teammate's permanent and cites the team rule."""
    from engine.scenario_json import scenario_from_json

    doc = _two_headed({}, {"type": "draw", "player": "You", "count": 2}, team_life={"A": 3})
    doc["players"][2]["battlefield"] = ["Platinum Angel"]
    res = resolve(scenario_from_json(doc))
    assert res.losers == [] and res.players["You"]["life"] == -1
    safe = [s for s in res.steps if s.kind == "no_loss"]
    assert safe and "controlled by teammate Mate" in safe[0].text and "810.8a" in safe[0].rules


def test_two_headed_giant_each_player_of_the_active_team_draws_in_its_draw_step() -> None:
    """805.4b: each player on a team draws a card during that team's draw step; 810.6: the team that plays
    first skips the draw step of its first turn."""
    from engine.scenario_json import scenario_from_json

    doc = _two_headed({"library": 10, "hand": 0}, {"type": "draw_step"}, turn=3, step="draw")
    doc["players"][1]["battlefield"] = []
    res = resolve(scenario_from_json(doc))
    assert res.players["You"]["hand"] == 1 and res.players["Mate"]["hand"] == 8
    assert res.players["Opp"]["hand"] == 7 and "805.4b" in cited(res)
    first = resolve(scenario_from_json({**doc, "turn": 1}))
    assert first.players["You"]["hand"] == 0 and "810.6" in cited(first)
