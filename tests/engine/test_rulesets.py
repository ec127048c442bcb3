"""The same situation under each rule set: one test per documented difference."""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError
from tests.engine.helpers import cited, run, two

TWO_HG = {"format": "two-headed-giant",
          "players": [{"name": "A1", "team": "A"}, {"name": "B1", "team": "B"}, {"name": "A2", "team": "A"},
                      {"name": "B2", "team": "B"}],
          "action": {"type": "draw", "player": "each", "count": 1}, "choices": {"team_order": ["A2", "A1"]}}


def test_two_headed_giant_order_team_chooses_today_primary_first_in_2008() -> None:
    today = run(TWO_HG)
    assert today.steps[0].text.endswith("A2, then A1, then B1, then B2.") and "121.2d" in cited(today)
    old = run({**TWO_HG, "edition": "2008"})
    assert old.steps[0].text.endswith("A1, then A2, then B1, then B2.") and "423.2b" in cited(old)
    assert any("another order" in d and "121.2d" in d for d in old.differences)


def test_empty_library_loss_state_based_action_vs_effect_vs_automatic_loss() -> None:
    doc = two({"library": 0})
    today = run(doc)
    assert {"704.5b", "121.4"} <= cited(today) and today.losers == ["You"]
    old = run({**doc, "edition": "1999"})
    assert "Z.6.8" in cited(old) and "704.5b" not in cited(old) and old.losers == ["You"]
    assert any("state-based action" in d and "Z.6.8" in d for d in old.differences)
    ga = run({**doc, "game": "grand-archive"})
    assert {"Drawing Cards 6", "Ending the Game 2"} <= cited(ga) and ga.losers == ["You"]
    assert not any(r[:1].isdigit() for r in cited(ga))  # Grand Archive cites only its own rules


def test_max_one_card_each_turn_rule_exists_only_today() -> None:
    doc = two({"library": 10, "hand": 0}, {"battlefield": ["Spirit of the Labyrinth"]},
              {"type": "draw", "player": "You", "count": 3})
    today = run(doc)
    assert "121.2b" in cited(today) and today.players["You"]["hand"] == 1
    old = run({**doc, "edition": "2008"})
    assert old.players["You"]["hand"] == 1 and "121.2b" not in cited(old)
    assert any("121.2b" in d for d in old.differences)


def test_may_draw_from_empty_library_cited_per_edition() -> None:
    doc = two({"library": 0}, action={"type": "draw", "player": "You", "count": 1, "optional": True},
              choices={"may_draw:You": True})
    assert "121.3" in cited(run(doc))
    assert "423.3" in cited(run({**doc, "edition": "2008"}))


def test_grand_archive_draw_n_is_one_action_of_discrete_draws() -> None:
    ga = run(two({"library": 5, "hand": 0}, action={"type": "draw", "player": "You", "count": 3}, game="grand-archive"))
    assert ga.players["You"]["hand"] == 3 and {"Drawing Cards 2", "Drawing Cards 2.1"} <= cited(ga)


def test_grand_archive_first_turn_draw_phase() -> None:
    two_player = run(two({"library": 5, "hand": 0}, action={"type": "draw_step"}, turn=1, game="grand-archive"))
    assert two_player.players["You"]["hand"] == 0
    assert "Starting the Game, Standard Games - Turn One 2" in cited(two_player)
    multi = run({"game": "grand-archive", "turn": 1, "action": {"type": "draw_step"},
                 "players": [{"name": "A", "hand": 0}, {"name": "B"}, {"name": "C"}]})
    assert multi.players["A"]["hand"] == 1 and "Draw Phase 1" in cited(multi)
    later = run(two({"library": 5, "hand": 0}, action={"type": "draw_step"}, turn=2, game="grand-archive"))
    assert later.players["You"]["hand"] == 1 and "Draw Phase 1" in cited(later)


def test_grand_archive_draws_into_memory() -> None:
    ga = run(two({"library": 5, "hand": 0}, action={"type": "draw", "player": "You", "count": 2, "into": "memory"},
                 game="grand-archive"))
    assert ga.players["You"]["memory"] == 2 and ga.players["You"]["hand"] == 0 and "Memory 2" in cited(ga)
    with pytest.raises(ScenarioError, match="Grand Archive rule"):
        run(two(action={"type": "draw", "player": "You", "count": 1, "into": "memory"}))


def test_grand_archive_rejects_magic_cards() -> None:
    with pytest.raises(ScenarioError, match="not modelled"):
        run(two(opp={"battlefield": ["Notion Thief"]}, game="grand-archive"))


def test_1999_library_rules_are_cited() -> None:
    brainstorm = run(two({"library": 10}, action={"type": "cast", "card": "Brainstorm", "player": "You"},
                         edition="1999"))
    assert {"Z.6.5", "Z.6.6"} <= cited(brainstorm)
    tutor = run(two({"library": 10}, action={"type": "mechanic", "name": "tutoring", "player": "You"},
                    edition="1999"))
    assert "Z.6.9" in cited(tutor)
    mill = run(two({"library": 10}, {"library": 1}, {"type": "cast", "card": "Thought Scour", "player": "You",
                                                      "targets": ["Opponent"]}, edition="1999"))
    assert "Z.6.7" in cited(mill) and mill.players["Opponent"]["library"] == 0


def test_grand_archive_says_deck_where_magic_says_library() -> None:
    ga = run(two({"library": 0}, action={"type": "draw", "player": "You", "count": 1}, game="grand-archive"))
    mtg = run(two({"library": 0}, action={"type": "draw", "player": "You", "count": 1}))
    assert "empty deck" in ga.answer["said"] and "empty library" not in ga.answer["said"]
    assert "empty library" in mtg.answer["said"]
