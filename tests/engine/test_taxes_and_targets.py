"""Shipped cards that must act as their Oracle text says, and the taxes their opponents decide.

Why: Leovold's "whenever you ... become the target of a spell or ability an opponent controls, you may draw a
card" was shipped as "not modelled" although the engine carries that trigger out for any card it reads: an
opponent's Gitaxian Probe at its controller drew nothing, silently. Smothering Tithe's "that player may pay
{2}" was a note, so the Treasure came every time; the tax is the drawing player's decision, answered with both
lines, as Rhystic Study's is."""

from __future__ import annotations

from engine.cards import default_cards
from engine.judging import judge_text
from engine.model import Resolution

CARDS = default_cards()


def _judged(text: str) -> Resolution:
    return judge_text(text, CARDS)


def test_leovold_draws_when_its_controller_is_targeted_by_an_opponent() -> None:
    res = _judged("I control Leovold. my opponent casts Gitaxian Probe targeting me.")
    assert res.players["You"]["hand"] == 8
    assert any(s.text.startswith("Leovold") and "603.2e" in s.rules for s in res.steps)


def test_leovold_does_not_draw_for_its_controllers_own_spell() -> None:
    res = _judged("I control Leovold. I cast Gitaxian Probe targeting my opponent.")
    assert res.players["You"]["hand"] == 7  # the Probe left the hand, its own draw came back: no trigger
    assert not any("603.2e" in s.rules for s in res.steps)


def test_the_tithe_is_the_drawing_players_choice_with_both_lines() -> None:
    res = _judged("opp has Smothering Tithe, I cast Brainstorm. how many treasures does he get?")
    assert res.answer["kind"] == "choice"
    outcomes = {line["outcome"] for line in res.answer["lines"]}
    assert outcomes == {"Opponent gets 3 Treasures", "Opponent gets no Treasures"}


def test_a_tithe_said_unpaid_is_counted() -> None:
    res = _judged("opp has Smothering Tithe, I cast Brainstorm and don't pay. how many treasures does he get?")
    assert res.answer["text"] == "Opponent gets 3 Treasures."


def test_treasures_from_a_replacement_are_counted_not_triggers() -> None:
    # Hullbreacher replaces the draw (614.1a): nothing triggers, "how many treasures?" is still a count
    res = _judged("opp has Hullbreacher. it's my draw step, opp's Howling Mine is out. how many treasures does "
                  "opp make?")
    assert res.answer["text"] == "Opponent gets 1 Treasure."


def test_whether_the_opponent_draws_off_rhystic_study_is_the_askers_tax_first() -> None:
    res = _judged("opp has Rhystic Study, I cast Brainstorm. does he draw?")
    assert res.answer["kind"] == "choice"
    said = {line["said"] for line in res.answer["lines"]}
    assert said == {"You do not pay the tax", "You pay the tax"}


def test_a_tax_said_paid_in_one_word_is_read() -> None:
    # "I cast Brainstorm and pay" was "I can't take “pay” into account"
    res = _judged("opp has Rhystic Study and I cast Brainstorm and pay. how many does he draw?")
    assert res.answer["text"].startswith("Opponent draws no card")
    paid = _judged("opp has smothering tithe, i cast brainstorm and pay each time. treasures?")
    assert paid.answer["text"] == "No Treasure is created."
