"""Draw cards the project had never seen, probed with natural situations (task 26o): the wrong answers found,
fixed by pattern and checked here with made-up cards.

- A condition about "that player" ("if that player has no cards in hand", "if the player is your opponent and has
  four or more cards in hand") was assumed true whatever the situation said: a hand of two drew three cards, and
  the controller's own end step dealt them the damage meant for an opponent (603.4, 608.2c). It is checked for
  the player the trigger is about, each part joined by "and".
- A legendary card's sacrifice cost says its name ("Sacrifice <name>"): "I sacrifice X" was read as X dying, not
  as activating its ability (the "~" of the cost never matched "\\b"), and "how many do I draw" said none.
- "Then if it wasn't kicked, discard three cards": the negated condition was not read as the kicker's, so it was
  assumed true when the player said "with kicker" (9 cards in hand answered as 6). A said kicker is a fact, not
  a decision the answer lists as an alternative.
- "It's my upkeep, I control X. How many cards do I draw this turn?" counted the upkeep's draw alone (1, not 2),
  and "do I lose this turn?" with one card left said No: the draw step that follows (504.1) is told too when the
  question is about the whole turn.
- "My opponent casts X targeting me at 2 life": the life was the caster's (the rule for a target said right
  before a fact covered "opponent" and names, not "me", "him", "her"), and "do I lose?" answered No.
- "I activate Jace's -1 targeting my opponent": a loyalty ability said with its target was refused (only
  honest, now read: the target is the ability's).
- "Whenever an opponent draws a card, this creature deals 1 damage to them": refused whole ("them" unread); after
  an event that names a player, "them" is that player.
- "Whenever a creature dies, that creature's controller may draw a card": the "may" was the enchantment's
  controller's ("Your choice", "the answer assumes you do") when the opponent's creature died; the player the
  words name decides it.
- "I cast X from my graveyard", "I flashback X": not read at all (refused); now the cast from the graveyard,
  its keyword's cost paid (702.34a) and the hand left as it was; a card with no such keyword is refused (601.3).
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Restless Visions": ("Enchantment", "At the beginning of each player's end step, that player draws a card. If "
                                        "the player is your opponent and has four or more cards in hand, this "
                                        "enchantment deals 2 damage to that player."),
    "Brass Planetarium": ("Artifact", "Each player may play an additional land on each of their turns.\nAt the "
                                      "beginning of each player's upkeep, if that player has no cards in hand, that "
                                      "player draws three cards."),
    "Sphinx of Quiet Lies": ("Creature — Sphinx", "Kicker {1}{U} (You may pay an additional {1}{U} as you cast this "
                                                  "spell.)\nFlying\nWhen this creature enters, draw three cards. "
                                                  "Then if it wasn't kicked, discard three cards."),
    "Crawling Scribe": ("Artifact Creature — Construct", "At the beginning of each player's upkeep, that player "
                                                         "draws a card.\nWhenever an opponent draws a card, that "
                                                         "player loses 1 life."),
    "Pact of Ink": ("Instant", "Target player draws two cards and loses 2 life."),
    "Vess, Ink Scholar": ("Legendary Planeswalker — Vess", "+2: Each player draws a card.\n−1: Target player "
                                                           "draws a card.\n−10: Target player mills twenty cards."),
    "Needle Hag": ("Creature — Human Assassin", "This creature has first strike during your turn.\nWhenever an "
                                                "opponent draws a card, this creature deals 1 damage to them."),
    "Fertile Grief": ("Enchantment", "Whenever a creature dies, that creature's controller may draw a card."),
    "Reckless Rummage": ("Sorcery", "Draw two cards, then discard two cards.\nFlashback {2}{R} (You may cast this "
                                    "card from your graveyard for its flashback cost. Then exile it.)"),
    "Grim Study": ("Sorcery", "Target player draws two cards.\nFlashback—{1}{U}, Pay 3 life. (You may cast this card "
                              "from your graveyard for its flashback cost. Then exile it.)"),
    "Plain Study": ("Sorcery", "Draw two cards, then discard two cards."),
    "Orb of Quiet Kell": ("Legendary Artifact", "{T}: Add {C}.\n{2}, {T}, Sacrifice Orb of Quiet Kell: Draw two "
                                                "cards."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def test_that_players_condition_is_checked_for_that_player() -> None:
    res = judge_text("My opponent controls Brass Planetarium. It's my upkeep and I have 2 cards in hand. How many "
                     "cards do I draw?", _db())
    assert not drawn_by(res)
    res = judge_text("I control Brass Planetarium. It's my upkeep and I have no cards in hand. How many cards do I "
                     "draw?", _db())
    assert drawn_by(res)["You"] == 3
    assert "as the answer assumes" not in res.answer["text"]  # said, so not assumed


def test_the_player_is_your_opponent_and_has_cards_each_part_checked() -> None:
    res = judge_text("I control Restless Visions. It's my end step, I have 5 cards in hand and I'm at 2 life. What "
                     "happens?", _db())
    assert drawn_by(res)["You"] == 1 and not res.losers and res.players["You"]["life"] == 2
    res = judge_text("I control Restless Visions. It's my opponent's end step; he has 2 cards in hand and is at 2 "
                     "life. What happens?", _db())
    assert drawn_by(res)["Opponent"] == 1 and not res.losers  # 3 cards in hand after the draw: fewer than four
    res = judge_text("I control Restless Visions. It's my opponent's end step; he has 3 cards in hand and is at 2 "
                     "life. What happens?", _db())
    assert res.losers == ["Opponent"]  # four after the draw (checked as the ability resolves, 608.2c)


def test_sacrificing_a_legendary_card_that_names_itself_in_its_cost_activates_it() -> None:
    res = judge_text("I sacrifice Orb of Quiet Kell. How many cards do I draw?", _db())
    assert drawn_by(res)["You"] == 2
    res = judge_text("I sacrifice Orb of Quiet Kell with 1 card in library. Do I lose?", _db())
    assert res.losers == ["You"]


def test_if_it_wasnt_kicked_follows_the_kicker_said() -> None:
    res = judge_text("I cast Sphinx of Quiet Lies with kicker. How many cards are in my hand after?", _db())
    assert res.players["You"]["hand"] == 9 and "as the answer assumes" not in res.answer["text"]
    res = judge_text("I cast Sphinx of Quiet Lies and don't kick it. How many cards are in my hand after?", _db())
    assert res.players["You"]["hand"] == 6
    res = judge_text("I cast Sphinx of Quiet Lies. How many cards are in my hand after?", _db())
    assert res.players["You"]["hand"] == 6  # the plain cast (601.2b), the kicked line listed
    assert any(b["players"]["You"]["hand"] == 9 for b in res.branches)


@pytest.mark.parametrize("question", ["How many cards do I draw this turn?",
                                      "How many cards will I have drawn by the end of the turn?",
                                      "How many cards do I draw during my whole turn?"])
def test_a_question_about_the_whole_turn_goes_on_through_the_draw_step(question: str) -> None:
    res = judge_text(f"I control Crawling Scribe. It's my upkeep. {question}", _db())
    assert drawn_by(res)["You"] == 2 and res.answer["text"] == "You draw 2."  # the cards drawn, not the hand
    res = judge_text("I control Crawling Scribe. It's my upkeep. How many cards do I draw?", _db())
    assert drawn_by(res)["You"] == 1  # the upkeep alone: what was told


def test_the_draw_step_after_the_upkeep_ends_a_game_and_counts_life() -> None:
    res = judge_text("I control Crawling Scribe. It's my upkeep and I have 1 card in library. Do I lose this turn?",
                     _db())
    assert res.losers == ["You"] and "704.5b" in res.rules
    res = judge_text("It's my opponent's upkeep and I control Crawling Scribe. What's his life total this turn?",
                     _db())
    assert drawn_by(res)["Opponent"] == 2 and res.players["Opponent"]["life"] == 18


@pytest.mark.parametrize(("text", "loser"), [
    ("My opponent casts Pact of Ink targeting me at 2 life. Do I lose?", "You"),
    ("Bob casts Pact of Ink on me at 2 life. Do I lose?", "You"),
    ("My opponent casts Pact of Ink targeting me with 1 card in library. Do I lose?", "You"),
    ("My opponent controls Crawling Scribe. I cast Pact of Ink targeting him at 2 life. Does he lose?", "Opponent"),
])
def test_a_fact_right_after_a_pronoun_target_is_the_targets(text: str, loser: str) -> None:
    res = judge_text(text, _db())
    assert res.losers == [loser]


def test_a_loyalty_ability_said_with_its_target() -> None:
    res = judge_text("I activate Vess, Ink Scholar's -1 targeting my opponent. How many cards does he draw?", _db())
    assert drawn_by(res) == {"Opponent": 1}
    res = judge_text("I activate Vess's -1 targeting myself with 0 cards in library. Do I lose?", _db())
    assert res.losers == ["You"]


def test_damage_to_them_after_an_event_naming_a_player_is_that_players() -> None:
    res = judge_text("My opponent controls Needle Hag. I cast Pact of Ink targeting myself at 4 life. Do I lose?",
                     _db())
    assert res.losers == ["You"] and res.players["You"]["life"] == 0  # 2 lost, then 1 damage per card drawn
    res = judge_text("I control Needle Hag. I cast Pact of Ink targeting myself. What's my life total?", _db())
    assert res.players["You"]["life"] == 18  # my own draws: not an opponent's


def test_that_players_may_is_that_players_choice() -> None:
    res = judge_text("I control Fertile Grief. My opponent's Orb of Quiet Kell dies. How many cards does my opponent "
                     "draw?", made_cards({**CARDS, "Orb of Quiet Kell": ("Artifact Creature — Golem", "Flying")}))
    assert res.answer["text"].startswith("Opponent's choice") and drawn_by(res)["Opponent"] == 1
    assert not any(s.kind == "assumption" and "you do" in s.text for s in res.steps)


@pytest.mark.parametrize("text", ["I flashback Reckless Rummage. How many cards are in my hand after?",
                                  "I cast Reckless Rummage from my graveyard. How many cards are in my hand after?",
                                  "I cast Reckless Rummage with flashback. How many cards are in my hand after?"])
def test_a_spell_cast_from_the_graveyard_by_its_flashback(text: str) -> None:
    res = judge_text(text, _db())
    assert res.players["You"]["hand"] == 7 and drawn_by(res)["You"] == 2  # not from the hand: 7 + 2 - 2


def test_a_flashback_cost_in_life_is_paid_and_a_card_without_flashback_is_refused() -> None:
    res = judge_text("I'm at 3 life. I flashback Grim Study targeting my opponent. Do I lose?", _db())
    assert res.losers == ["You"] and not drawn_by(res)  # 3 life paid as it is cast: 0 before it resolves
    with pytest.raises(SituationError):
        judge_text("I cast Plain Study from my graveyard. How many cards do I draw?", _db())
