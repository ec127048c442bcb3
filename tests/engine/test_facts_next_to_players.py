"""Facts a player says right next to another player, and counts the story never gave.

- "I cast Sign in Blood targeting opp at 2 life": the life right after the target is the target's (it was the
  caster's, silently, and "does he lose?" answered No); the same for "with 1 card in hand".
- "It's my end step, I control X. Do I draw?" asks what X's end-step ability does, not whether the turn's draw
  happens (a draw step read beside the end step was a contradiction).
- "Draw a card for each creature you control" with no permanent of the caster told: refused with how to say
  them, never counted as none ("You draw no card").
"""

from __future__ import annotations

import pytest

from engine.errors import SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Blood Pact": ("Sorcery", "Target player draws two cards and loses 2 life."),
    "Sharp Lesson": ("Instant", "Target player draws a card. Then that player discards two cards."),
    "Dusk Ritual": ("Enchantment", "At the beginning of your end step, if you have fewer than three cards in hand, "
                                   "draw a card."),
    "Herd Wisdom": ("Sorcery", "Draw a card for each creature you control."),
}


@pytest.mark.parametrize("text", ["I cast Blood Pact targeting opp at 2 life. does he lose?",
                                  "i cast blood pact on my opponent at 2 life. does he lose?",
                                  "I cast Blood Pact targeting Bob at 2 life. does bob lose?"])
def test_the_life_right_after_the_target_is_the_targets(text: str) -> None:
    res = judge_text(text, made_cards(CARDS))
    assert res.losers and res.losers != ["You"]


def test_the_hand_right_after_the_target_is_the_targets() -> None:
    res = judge_text("I cast Sharp Lesson targeting opp with 1 card in hand. how many cards in his hand after?",
                     made_cards(CARDS))
    assert res.players["Opponent"]["hand"] == 0 and res.players["You"]["hand"] == 6


@pytest.mark.parametrize(("hand", "drawn"), [(2, 1), (5, 0)])
def test_do_i_draw_in_the_end_step_asks_what_triggers_then(hand: int, drawn: int) -> None:
    res = judge_text(f"I control Dusk Ritual. It's my end step and I have {hand} cards in hand. do I draw?",
                     made_cards(CARDS))
    assert drawn_by(res)["You"] == drawn


def test_a_count_of_permanents_the_story_never_gave_is_asked_for() -> None:
    with pytest.raises(SituationError) as refused:
        judge_text("I cast Herd Wisdom. how many cards do I draw?", made_cards(CARDS))
    assert "creatures" in str(refused.value) and "I control" in refused.value.hint


@pytest.mark.parametrize("text", [
    "I control Sheoldred, the Apocalypse. My opponent, who is at 2 life, casts Brainstorm. does he die?",
    "I control Sheoldred, the Apocalypse. opp, who is sitting at 2 life, casts Brainstorm. does he die?",
    "I control Sheoldred, the Apocalypse. Bob, who's at 2 life, casts Brainstorm. does bob die?",
])
def test_a_relative_clause_is_a_fact_of_its_player_never_dropped(text: str) -> None:
    """ "who is at 2 life" after a player was read as a question and dropped without a word (20 life kept: "No")."""
    res = judge_text(text, made_cards(CARDS))
    assert res.losers and "You" not in res.losers


def test_a_card_said_to_be_tapped_in_a_relative_clause_is_never_taken_untapped() -> None:
    """ "I have Howling Mine, which is tapped" was cut as a trailing question and drew the Mine's extra card; it
    is now that Mine, tapped (its "if Howling Mine is untapped" doesn't trigger, 603.4)."""
    from engine.cards import default_cards

    text = "I have Howling Mine, which is {}. it is my draw step. how many do I draw?"
    assert drawn_by(judge_text(text.format("tapped"), default_cards()))["You"] == 1
    assert drawn_by(judge_text(text.format("untapped"), default_cards()))["You"] == 2


@pytest.mark.parametrize(("text", "loser"), [
    ("I have 1 card in library and opp makes me draw 2. do I lose?", "You"),
    ("I have 1 card in library and my opponent forces me to draw 2. do I lose?", "You"),
    ("opp has 1 card in library and I make him draw 2. does he lose?", "Opponent"),
])
def test_a_player_made_to_draw_is_the_one_who_draws(text: str, loser: str) -> None:
    """ "opp makes me draw 2" was not read at all ("makes" unknown), or its words looked up as a card."""
    from engine.cards import default_cards

    assert judge_text(text, default_cards()).losers == [loser]


def test_an_answer_resting_on_an_assumed_condition_says_it_with_the_other_answer() -> None:
    """ "if you control a red permanent" (colours are not tracked) decided "Yes — you lose" with nothing in the
    first line saying the answer rests on it."""
    from engine.answer_lead import lead_of

    parasite = ("Artifact Creature — Phyrexian", "Whenever an opponent draws a card, if you control a red permanent, "
                                                  "you may have this creature deal 1 damage to that player.")
    res = judge_text("opp controls Rust Tick and I draw a card at 1 life. do I die?",
                     made_cards({"Rust Tick": parasite}))
    text = lead_of(res).text
    assert text.startswith("Yes") and "red permanent" in text and "otherwise: No" in text
