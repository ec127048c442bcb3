"""Rules questions as players post them: a generic "you" is the asker, "do I draw if I go first?" asks about the
turn's draw, and a Commander game whose number of players decides the answer is asked about, never guessed."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.errors import Clarification
from engine.judging import judge_text
from engine.situation import situation_to_json
from engine.situation.normalize import normalize_text


def _drawn(text: str, player: str = "You") -> int:
    """Cards the player actually drew in the resolution (its draw steps)."""
    res = judge_text(text, default_cards())
    return sum(step.repeat for step in res.steps if step.kind == "draw" and step.player == player)


def test_a_generic_you_is_the_asker_and_said() -> None:
    doc = situation_to_json("If your opponent casts Brainstorm and you control Notion Thief, what happens?")
    assert doc["action"]["card"] == "Brainstorm"
    assert any("“you” read as “I”" in a for a in doc["assumed"])


def test_you_stays_you_when_the_text_says_i() -> None:
    norm = normalize_text("I cast Brainstorm and then you draw 2")
    assert norm.corrections == [] and "you" in norm.text


def test_a_card_named_mine_is_no_first_person() -> None:
    norm = normalize_text("Your opponent has Howling Mine. Do you draw 2?")
    assert ("you", "I") in norm.corrections


@pytest.mark.parametrize("text", ["do i draw if i go first?", "if i go first, do i draw?",
                                  "Do you draw if you go first?", "do i draw if i'm on the play?"])
def test_do_i_draw_with_the_turn_said_asks_about_the_turns_draw(text: str) -> None:
    doc = situation_to_json(text)
    assert doc["action"] == {"type": "draw_step"}
    assert _drawn(text) == 0  # two players: the player on the play skips it (103.8a)


def test_do_i_draw_if_i_cast_a_spell_is_still_the_spell() -> None:
    assert situation_to_json("do i draw if i cast brainstorm?")["action"]["card"] == "Brainstorm"


def test_commander_without_a_number_of_players_asks_when_it_decides() -> None:
    with pytest.raises(Clarification) as asked:
        situation_to_json("Do you draw if you go first in Commander?")
    options = asked.value.options
    assert [o.label for o in options] == ["2 players", "4 players"]
    drawn = [_drawn(o.text) for o in options]
    assert drawn == [0, 1]  # 103.8a: two players, the starting player skips; 103.8c: nobody else does


def test_commander_without_a_number_of_players_is_not_asked_when_it_changes_nothing() -> None:
    doc = situation_to_json("EDH, opp has notion thief, i cast brainstorm")
    assert doc["format"] == "multiplayer"


@pytest.mark.parametrize("text", ["I had 2 cards in library and I cast Brainstorm",
                                  "My library had 2 cards. I cast Brainstorm."])
def test_a_story_told_in_the_past_tense_states_the_same_facts(text: str) -> None:
    res = judge_text(text, default_cards())
    assert res.losers == ["You"]  # the third draw meets an empty library (704.5b)


def test_a_controlled_permanent_told_in_the_past_tense_acts() -> None:
    res = judge_text("I controlled Spirit of the Labyrinth. I had already drawn a card. I cast Brainstorm.",
                     default_cards())
    assert _drawn("I controlled Spirit of the Labyrinth. I had already drawn a card. I cast Brainstorm.") == 0
    assert res.losers == []


def test_the_first_of_the_cards_drawn_being_a_card_is_the_top_of_the_library() -> None:
    text = ("You have drawn no cards during your opponent's turn and you cast Brainstorm, with the first of the "
            "three cards drawn being a Terminus.")
    res = judge_text(text, default_cards())
    assert _drawn(text) == 3
    assert [t.source for t in res.triggers] == ["Terminus (miracle)"]  # the turn's first card drawn: miracle (702.94a)


@pytest.mark.parametrize("text", ["can you tell me what happens if I cast brainstorm with 2 cards in library?",
                                  "Do you know what happens if I cast Brainstorm with 2 cards in my library?"])
def test_you_asked_to_tell_is_the_judge_and_the_question_keeps_its_form(text: str) -> None:
    doc = situation_to_json(text)
    assert doc["asked"]["kind"] == "what"
    assert judge_text(text, default_cards()).losers == ["You"]


@pytest.mark.parametrize(("typed", "read"), [
    ("assuming you have 3 cards in your graveyard", "assuming I have 3 cards in my graveyard"),
    ("whether you control a dragon", "whether I control a dragon"),
    ("Howling Mine draws you a card", "Howling Mine draws me a card"),
])
def test_you_as_subject_or_object(typed: str, read: str) -> None:
    from engine.situation.person import generic_you
    assert generic_you(typed, []) == read
