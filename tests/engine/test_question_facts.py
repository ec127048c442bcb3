"""A fact told inside the question ("do I lose with 2 cards in library?", "how much damage in 2HG?") is read, not
dropped with the question; and a count question answers what it counts (the library, every player whose life
changed, the loss it ends in).

Why: the normaliser dropped a question that asks an outcome, with whatever it went on to say: "I cast
Brainstorm. do I lose with 2 cards in library?" was answered "No — you don't lose" from a 40-card library, and
"how many does each opp mill in 4 player?" was resolved for two players, both without a word."""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.errors import Clarification
from engine.judging import judge_text
from engine.model import Resolution
from engine.situation import parse_situation
from engine.situation.question_facts import fact_tail

CARDS = default_cards()


def _judged(text: str) -> Resolution:
    return judge_text(text, CARDS)


@pytest.mark.parametrize(("question", "tail"), [
    ("do I lose with 2 cards in library?", "with 2 cards in library"),
    ("how much damage in 2HG?", "in 2HG"),
    ("how many does each opp mill in a 4 player game?", "in a 4 player game"),
    ("how many do I draw with Narset on opp's side?", "with Narset on opp's side"),
    ("how many do I draw during my upkeep?", "during my upkeep"),
    ("what happens on his turn?", "on his turn"),
    ("how many do I draw in total?", ""),
    ("what happens at the end?", ""),
    ("how many cards are left in my library?", ""),
    ("do I lose with it?", ""),
    ("how many do I draw given that opp has Narset?", "opp has Narset"),
    ("what happens as it is?", ""),
])
def test_the_fact_a_question_goes_on_to_tell(question: str, tail: str) -> None:
    assert fact_tail(question) == tail


@pytest.mark.parametrize("text", [
    "I cast Brainstorm. do I lose with 2 cards in library?",
    "i cast brainstorm, do i lose with only 2 left",
    "so i brainstorm... am i dead with 2 cards left in my library?",
])
def test_a_library_count_in_the_loss_question_decides_it(text: str) -> None:
    res = _judged(text)
    assert res.answer["text"].startswith("Yes — you lose"), res.answer
    assert any("2 cards in library" in u["fact"] for u in res.understood)


def test_a_permanent_told_in_a_count_question_acts() -> None:
    res = _judged("I cast Brainstorm on my turn. how many do I draw with Narset on my opponent's side?")
    assert res.answer["text"].startswith("You draw no card")


def test_a_player_count_told_in_the_question_seats_the_game() -> None:
    res = _judged("with psychic corrosion, I draw 3. how many cards does each opp mill in a 4 player game?")
    assert len(res.players) == 4
    assert all(res.players[p]["graveyard"] == 6 for p in res.players if p != "You")


def test_a_question_that_tells_nothing_more_still_answers_as_before() -> None:
    assert _judged("I cast brainstorm. how many do I draw in total?").answer["text"].startswith("You draw 3")


def test_damage_to_a_two_headed_giant_team_is_the_teams_not_the_askers() -> None:
    # "Your life total doesn't change (30)" answered the asker; the opponents' shared life went 30 → 28 (810.9a)
    res = _judged("I have underworld dreams, my opponent draws 2. how much damage in two headed giant?")
    assert res.answer["text"] == "Opponent and Opponent 2 lose 2 life (30 → 28)."


def test_damage_to_two_opponents_alike_names_both() -> None:
    res = _judged("3 player game, I have Nekusar, each player draws a card. how much damage?")
    assert res.answer["text"] == "Player 2 and Player 3 lose 1 life (20 → 19)."


@pytest.mark.parametrize(("text", "lead"), [
    ("I cast Brainstorm. how many cards are left in my library?", "You end up with 39 cards in your library"),
    ("my opponent casts Windfall. how many cards does he have left in his library?",
     "Opponent ends up with 33 cards in their library"),
    ("I cast brainstorm. how many cards do I have left?", "You end up with 7 cards in hand"),
])
def test_a_count_of_the_library_is_not_the_hand(text: str, lead: str) -> None:
    assert _judged(text).answer["text"].startswith(lead)


def test_a_count_that_ends_in_a_loss_says_the_loss() -> None:
    res = _judged("I cast Brainstorm with 2 cards in library. how many do I draw?")
    assert res.answer["text"] == "You draw 2, then lose the game."


@pytest.mark.parametrize("text", [
    "I cast brainstorm, how many cards do i draw given that opp has narset",
    "I cast brainstorm. how many do I draw, considering my opponent has Narset out?",
    "I cast brainstorm on my turn, how many cards do I draw now that opp controls narset",
])
def test_a_fact_given_as_the_reason_of_the_question_acts(text: str) -> None:
    # "given that opp has narset" was dropped with the question: "You draw 3" under Narset
    assert _judged(text).answer["text"].startswith("You draw no card")


@pytest.mark.parametrize(("question", "lead"), [
    ("how many does alice draw?", "Alice draws 1, then loses the game."),
    ("does alice lose?", "Yes — Alice loses the game"),
    ("how many cards does bob draw?", "Bob draws no card"),
])
def test_a_player_named_in_lower_case_in_the_question_is_that_player(question: str, lead: str) -> None:
    # "how many does alice draw?" was answered for Bob ("Bob draws no card"): the name didn't match "Alice"
    res = _judged(f"Alice has 1 card in library. Alice controls Notion Thief. Bob casts Brainstorm. {question}")
    assert res.answer["text"].startswith(lead)


@pytest.mark.parametrize("question", ["", " what happens?", " who draws how many?", " how many does opp draw?"])
def test_the_askers_own_order_of_replacements_is_both_lines(question: str) -> None:
    # 616.1: the affected player orders the replacements; "Ruling: Opponent draws 6" stated the worse order for
    # the asker as the outcome ("who draws how many?" was even answered "You draw no card")
    res = _judged(f"I have Thought Reflection and opp has Notion Thief. I cast Brainstorm.{question}")
    lines = {line["outcome"] for line in res.answer["lines"]}
    assert res.answer["kind"] == "choice"
    assert any("Opponent draws 6 cards" in o for o in lines) and any("Opponent draws 3 cards" in o for o in lines)


@pytest.mark.parametrize(("text", "fact"), [
    ("I have Jace's Archivist. I activate Jace's Archivist.", "You activate Jace's Archivist"),
    ("my opponent has Jace's Archivist and activates it", "Opponent activates Jace's Archivist"),
    ("Golgari Thug dies", "Golgari Thug dies"),
])
def test_how_a_card_is_used_is_said_as_it_was_told(text: str, fact: str) -> None:
    # "I activate Jace's Archivist" was understood as "You cast Jace's Archivist"
    assert _judged(text).understood[-1]["fact"] == fact


@pytest.mark.parametrize(("text", "fact"), [
    ("I have Abundance. I use Abundance. I draw a card", "You choose to apply Abundance"),
    ("Bob has Abundance. Bob uses Abundance. Bob draws a card", "Bob chooses to apply Abundance"),
])
def test_a_choice_said_is_understood_in_good_english(text: str, fact: str) -> None:
    # "You chooses to apply Abundance" in the understood line
    assert fact in [u["fact"] for u in _judged(text).understood]


@pytest.mark.parametrize(("text", "lead"), [
    ("I have 0 cards in library. do I lose on turn 1 on the play?", "No — you don't lose."),
    ("my library is empty and it's turn 1, I'm on the draw. do I lose?", "Yes — you lose the game"),
])
def test_a_loss_asked_of_the_turns_structure_is_asked_of_the_turns_draw(text: str, lead: str) -> None:
    # "nothing happens in this situation": the turn's draw is what the loss question is about (504.1, 103.8a)
    res = _judged(text)
    assert res.answer["text"].startswith(lead)
    assert not any(u["fact"].startswith("not:") for u in res.understood)  # "not:You started the game"


@pytest.mark.parametrize("text", [
    "Psychosis Crawler with opp at 1 and I draw a card. does he die?",
    "Underworld Dreams with my opponent at 1 life, he draws a card. is he dead?",
])
def test_a_card_before_with_and_a_player_after_is_not_that_players(text: str) -> None:
    # "Psychosis Crawler with opp at 2" gave the Crawler to the opponent, silently: the player's life follows
    # "with"; whose the card is was not said (placed, said, the other owner's outcome given when it differs)
    res = _judged(text)
    assert not any(u["fact"].startswith("Opponent controls") for u in res.understood)
    assert res.answer["text"].startswith("Yes — Opponent loses")


@pytest.mark.parametrize("text", [
    "my opp has 2 cards left and Howling Mine is out. it's his draw step.",
    "opp has 2 cards left and Kami of the Crescent Moon is on the battlefield. it's his draw step.",
])
def test_a_permanent_with_a_verb_of_its_own_is_not_the_previous_players(text: str) -> None:
    # "Opponent controls Howling Mine (“Howling Mine is out”)": the "has" of the library count was carried on
    res = _judged(text)
    assert not any(u["fact"].startswith("Opponent controls") for u in res.understood)


def test_a_player_at_a_life_total_with_a_card_is_not_said_to_control_it() -> None:
    # "opp at 3 with Underworld Dreams" was the opponent's Dreams; whose decides the answer: asked
    with pytest.raises(Clarification):
        parse_situation("opp at 3 with Underworld Dreams and he casts Windfall. is he dead?", CARDS)
    assert _judged("opp at 1 with Psychosis Crawler, i draw. dead?").answer["text"].startswith("Yes — Opponent")
    assert _judged("opp with Underworld Dreams at 3, he casts Windfall. is he dead?").answer["text"].startswith("No")
