"""The question asked is read as a question (``asked``), not as a second action: the answer leads with it."""

from __future__ import annotations

import pytest

from engine.question import AskedKind
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation import parse_situation, situation_to_json


@pytest.mark.parametrize(("text", "kind", "player", "card"), [
    ("I have 0 cards in library. I draw a card. Do I lose?", AskedKind.LOSE, "You", None),
    ("My opponent has 1 card in library and draws 2. Does he lose?", AskedKind.LOSE, "Opponent", None),
    ("Laboratory Maniac is in play under my control. My library is empty. I draw a card. Do I win?",
     AskedKind.WIN, "You", None),
    ("I control Thought Reflection. I draw 2. How many do I draw?", AskedKind.COUNT, "You", None),
    ("Golgari Thug is in my graveyard. I have 3 cards in library. Can I dredge it?", AskedKind.CAN, "You", None),
    ("My opponent controls Orcish Bowmasters. I cast Brainstorm. Does Bowmasters trigger?",
     AskedKind.TRIGGER, None, "Orcish Bowmasters"),
    ("I draw 2. What happens?", AskedKind.WHAT, None, None),
    ("I draw 2. Who wins?", AskedKind.WIN, None, None),
    ("My opponent casts Timetwister and I control Sheoldred, the Apocalypse. How much life does he lose?",
     AskedKind.LIFE, "Opponent", None),  # the life lost, not whether he loses the game
])
def test_questions_are_read_as_questions(text: str, kind: AskedKind, player: str | None, card: str | None) -> None:
    asked = parse_situation(text).asked
    assert asked is not None
    assert (asked.kind, asked.player, asked.card) == (kind, player, card)
    assert asked.words and asked.words.endswith("?")


def test_a_statement_asks_nothing() -> None:
    assert parse_situation("I have 2 cards in library. I draw 3.").asked is None


def test_a_question_restating_the_action_is_not_a_second_action() -> None:
    doc = situation_to_json("2HG, turn 1, we're on the play and it's our draw step. do we draw?")
    assert doc["action"] == {"type": "draw_step"}
    assert doc["asked"]["kind"] == "can"


def test_a_question_that_says_what_happens_is_still_the_action() -> None:
    doc = situation_to_json("Golgari Thug is in my graveyard. Can I dredge it?")
    assert doc["asked"]["kind"] == "can"
    assert doc["choices"] == {"apply:Golgari Thug:You": True}


def test_a_second_different_action_in_a_question_is_still_refused() -> None:
    from engine.situation import SituationError
    with pytest.raises(SituationError, match="two actions"):
        situation_to_json("I draw 2. Does my opponent draw 3?")


def test_a_draw_asked_after_a_cast_asks_what_the_cast_makes_happen() -> None:
    """ "opp has Rhystic Study, I cast Brainstorm. does he draw?" was refused as two actions: the question asks
    what the cast makes the other player do."""
    doc = situation_to_json("I cast Brainstorm. Does my opponent draw 3?")
    assert doc["action"] == {"type": "cast", "card": "Brainstorm", "player": "You"}
    res = resolve(scenario_from_json(doc))
    assert res.answer["text"] == "No — Opponent draws no card."


@pytest.mark.parametrize(("text", "kind"), [
    ("I have 2 cards in library and I draw 3 do I lose", AskedKind.LOSE),
    ("I have 50 cards in my library and I draw 51 would I lose or could I still cast Laboratory Maniac",
     AskedKind.LOSE),
])
def test_a_question_run_on_after_the_facts_is_a_question(text: str, kind: AskedKind) -> None:
    asked = parse_situation(text).asked
    assert asked is not None and asked.kind is kind


def test_a_how_many_question_is_not_cut_at_its_own_auxiliary() -> None:
    from engine.situation.normalize import normalize_text
    assert normalize_text("how many cards do I draw if opp has notion thief?").sentences == [
        "how many cards do I draw if opponent has notion thief?"]


def test_a_question_about_a_draw_told_in_the_past_reads_that_draw_as_what_happens() -> None:
    doc = situation_to_json("My opponent drew 2 cards with my Consecrated Sphinx out. Does it trigger twice?")
    assert doc["action"] == {"type": "draw", "count": 2, "player": "Opponent"}
    assert any("read as what happens" in a for a in doc["assumed"])


@pytest.mark.parametrize("text", ["I already drew for turn. Do I lose?",
                                  "My opponent drew 2 cards on his turn and I have Orcish Bowmasters. How many?",
                                  "My opponent drew 2 cards with my Consecrated Sphinx out."])
def test_the_state_of_the_turn_or_a_story_without_a_question_is_no_event(text: str) -> None:
    from engine.situation import SituationError
    with pytest.raises(SituationError, match="nothing happens"):
        situation_to_json(text)



def test_does_the_starting_player_draw_is_the_first_turns_draw_and_asks_the_player_count() -> None:
    """"Does player 1 draw a card in commander?": the player who goes first, asked about the turn's draw
    (103.8a: only in a two-player game is it skipped), so with no player count the reader asks; "in a 2 player
    game" is a fact of the game, not a draw of one card by an effect."""
    from engine.cards import default_cards
    from engine.errors import Clarification
    from engine.judging import judge_text

    cards = default_cards()
    with pytest.raises(Clarification):
        judge_text("Does player 1 draw a card in commander?", cards)
    for text in ("Does player 1 draw a card in a 2 player game?", "If I go first, do I draw in a 2 player game?"):
        res = judge_text(text, cards)
        assert res.answer["kind"] == "no" and res.players["You"]["drawn_this_turn"] == 0, text
    res = judge_text("Does player 1 draw a card in a 4 player commander game?", cards)
    assert res.answer["kind"] == "yes" and res.players["You"]["drawn_this_turn"] == 1


@pytest.mark.parametrize(("text", "act", "number", "measure"), [
    ("Golgari Thug is in my graveyard. I have 3 cards in library. Can I dredge it?", "dredge", None, None),
    ("My opponent controls Narset, Parter of Veils. I cast Brainstorm. Does Narset stop me?", "stop", None, None),
    ("I control Howling Mine. It's my draw step. Do I draw two?", None, 2, None),
    ("I have 2 cards in hand and cast Brainstorm. How many cards do I end up with?", None, None, "hand"),
    ("I control Rhystic Study. My opponent casts Brainstorm. How many times does Rhystic Study trigger?",
     None, None, "times"),
    ("I cast Brainstorm. How many cards do I draw?", None, None, "drawn"),
    ("I control Psychic Corrosion and cast Brainstorm. How many cards does my opponent mill?", None, None, "milled"),
    ("My opponent has Hullbreacher and I cast Windfall. How many cards does he discard?", None, None, "other"),
])
def test_the_question_says_its_act_number_and_measure(text: str, act: str | None, number: int | None,
                                                      measure: str | None) -> None:
    """What the question's words say beyond its kind is written into ``asked`` by the reader: the answer
    leads from these fields, never from the player's words."""
    asked = situation_to_json(text)["asked"]
    assert (asked.get("act"), asked.get("number"), asked.get("measure")) == (act, number, measure)


def test_a_question_about_players_it_cant_pin_down_is_answered_by_the_whole_ruling() -> None:
    """ "How many do they draw?" with two opponents: the ruling (every player's count), never the asker's count
    given in their place."""
    asked = situation_to_json("two opps both control consecrated sphinx, I draw a card. how many cards do they "
                              "draw?")["asked"]
    assert asked["kind"] == "what" and "player" not in asked
