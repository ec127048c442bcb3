"""Random development cards probed with natural situations (task 26q, seed 2727, 80 cards): the wrong answers
found, fixed by pattern and checked here with made-up cards.

- "I cast X" / "I activate X" where X's cost sacrifices another permanent ("As an additional cost to cast this
  spell, sacrifice a creature", "Sacrifice another creature", "Sacrifice a Room" on a Spirit) and the story told
  none of the player's permanents: answered "You can't pay the cost ... (You controls no permanent)" (118.3)
  from the blank board the story left. The board is asked for; a board told is still checked and paid from.
- "Draw a card. If you control eight or more lands, draw two cards instead" (and "if you control an artifact,
  draw a card") was decided false from a board the story never told, or told only by kind ("and 9 lands"):
  1 card, where the player may well draw 2 (608.2c). Asked for; a board told by name is still checked. The same
  for a permanent's own "when this enters, if you control an artifact, draw a card" as it is cast or enters; a
  condition with a quality the engine doesn't track ("with a +1/+1 counter") stays an assumption, both lines said.
- "I activate X at 5 life. What is my life?" when X's life-gain ability is one the engine keeps as words and its
  draw ability the one carried out: the lead said "Your life total doesn't change" with no word of the other
  ability. A life or loss question makes such an ability one more option of the decision, a line the engine
  can't carry out, and the lead says so.
- "Max speed — {3}, Exile this card from your graveyard: Draw a card." was carried out with no speed said: an
  ability only max speed grants (702.179f) is kept as words like a level's, and a question reaching it refused.
- "I sacrifice X" where X says "Sacrifice a Wall: Draw a card" and is a Wall: read as X dying (no card drawn);
  the one way its text sacrifices it is its own ability's cost, so it is read as activating it (602.2), said.
- "My opponent controls Dark Prophecy and Baleful Strix, at 1 life. Baleful Strix dies. Does my opponent lose?"
  answered No: the Strix, said with no owner, was read as the asker's (a second one put on their battlefield),
  so the opponent's "whenever a creature you control dies, you draw a card and you lose 1 life" never
  triggered. A permanent told on one player's battlefield only is that player's.
- "I cast Leave in the Dust targeting his Baleful Strix" (return target nonland permanent; draw a card): the
  permanent was read as a fact of the board and the target dropped, so the answer asked "which card is it, and
  whose?" of a target the story named (a refusal, now the answer). A permanent named after "targeting", of the
  kind the words target and with a controller that fits them, on one battlefield, is the action's card target.
- "I play Sun-Blessed Peak. I activate it." drew a card: the land "enters tapped" (614.1c), so its
  "{4}, {T}, Sacrifice this land: Draw a card" can't be activated that turn (107.5, 602.2b).
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import ScenarioError, SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Grim Tithe": ("Instant", "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards."),
    "Bone Broker": ("Creature — Human Rogue", "{1}, {T}, Sacrifice another creature: Draw a card."),
    "Vault Haunter": ("Creature — Spirit", "{T}, Sacrifice a Vault: Draw a card."),
    "Tithe Hound": ("Creature — Dog", ""),
    "Field Surveyor": ("Creature — Human Scout", "{4}, {T}: Draw a card. If you control six or more lands, draw "
                                                 "two cards instead."),
    "Tinker's Recall": ("Sorcery", "Draw a card. If you control an artifact, draw a card."),
    "Forest": ("Basic Land — Forest", "({T}: Add {G}.)"),
    "Spanner": ("Artifact", "{T}: Add {C}."),
    "Ember Hermit": ("Legendary Creature — Human Shaman", "{G}, Discard a card: You gain 3 life.\n{1}{R}, Discard "
                                                          "a card: Draw a card."),
    "Track Hound": ("Creature — Dog", "Start your engines! (If you have no speed, it starts at 1. It increases "
                                      "once on each of your turns when an opponent loses life. Max speed is 4.)\n"
                                      "Max speed — {3}, Exile this card from your graveyard: Draw a card."),
    "Wall of Moss": ("Creature — Plant Wall", "Defender\n{G}, Sacrifice a Wall: Draw a card."),
    "Cog Seer": ("Creature — Human Artificer", "When this creature enters, if you control an artifact, draw a card."),
    "Badge Seer": ("Creature — Human Soldier", "When this creature enters, draw a card if you control a creature "
                                               "with a +1/+1 counter on it."),
    "Brush Aside": ("Instant", "Return target nonland permanent to its owner's hand.\nDraw a card."),
    "Shoo": ("Instant", "Return target creature an opponent controls to its owner's hand. Draw a card."),
    "Grave Ledger": ("Enchantment", "Whenever a creature you control dies, you draw a card and you lose 1 life."),
    "Quarry Spire": ("Land", "This land enters tapped.\n{T}: Add {R}.\n{3}, {T}, Sacrifice this land: Draw a card."),
}


@pytest.fixture(scope="module")
def db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize("text", ["I cast Grim Tithe with 1 card in library. Do I lose?",
                                  "I activate Bone Broker. How many cards do I draw?",
                                  "I control Bone Broker and two creatures. I activate Bone Broker. How many cards "
                                  "do I draw?",
                                  "I activate Vault Haunter. How many cards do I draw?"])
def test_a_sacrifice_cost_is_not_refused_from_an_untold_board(db: CardDB, text: str) -> None:
    with pytest.raises(SituationError) as e:
        judge_text(text, db)
    assert "doesn't say which permanents" in str(e.value) and "sacrifice" in str(e.value)
    assert "can't pay" not in str(e.value)


def test_a_told_board_pays_the_sacrifice(db: CardDB) -> None:
    r = judge_text("I control Tithe Hound. I cast Grim Tithe. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 2
    r = judge_text("I control Bone Broker and Tithe Hound. I activate Bone Broker. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 1
    with pytest.raises(ScenarioError, match="can't pay"):
        judge_text("I control Bone Broker and Spanner. I activate Bone Broker. How many cards do I draw?", db)


@pytest.mark.parametrize("text", ["I activate Field Surveyor. How many cards do I draw?",
                                  "I control Field Surveyor and 7 lands. I activate Field Surveyor. How many cards "
                                  "do I draw?",
                                  "I cast Tinker's Recall. How many cards do I draw?"])
def test_a_board_condition_is_not_decided_from_an_untold_board(db: CardDB, text: str) -> None:
    with pytest.raises(SituationError) as e:
        judge_text(text, db)
    assert "you control" in str(e.value) and "doesn't say which" in str(e.value)


def test_a_board_condition_is_checked_on_a_told_board(db: CardDB) -> None:
    r = judge_text("I control Field Surveyor and Forest. I activate Field Surveyor. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 1
    r = judge_text("I control Spanner. I cast Tinker's Recall. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 2


def test_a_life_question_names_the_life_ability_it_cant_carry_out(db: CardDB) -> None:
    r = judge_text("I activate Ember Hermit at 5 life. What is my life?", db)
    assert "can't carry out" in r.answer["text"] and "gain 3 life" in r.answer["text"]
    r = judge_text("I activate Ember Hermit at 5 life. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 1 and "can't carry out" not in r.answer["text"]


def test_a_max_speed_ability_is_not_had_without_speed(db: CardDB) -> None:
    with pytest.raises(ScenarioError) as e:
        judge_text("Track Hound is in my graveyard. I activate it. How many cards do I draw?", db)
    assert "Max speed" in str(e.value)


def test_sacrificing_a_permanent_its_own_cost_can_take_activates_it(db: CardDB) -> None:
    r = judge_text("I sacrifice Wall of Moss. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 1
    assert any("activating Wall of Moss's ability" in a for a in r.assumed)


def test_a_permanent_said_without_owner_is_the_one_told_on_a_battlefield(db: CardDB) -> None:
    r = judge_text("My opponent controls Grave Ledger and Tithe Hound. My opponent is at 1 life. Tithe Hound dies. "
                   "Does my opponent lose?", db)
    assert r.players["Opponent"]["lost"] and drawn_by(r)["Opponent"] == 1
    r = judge_text("I control Grave Ledger. My opponent's Tithe Hound dies. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 0


@pytest.mark.parametrize("text", ["I play Quarry Spire. I activate it. How many cards do I draw?",
                                  "I play Quarry Spire and activate it. How many cards do I draw?"])
def test_a_land_that_enters_tapped_cant_pay_tap_the_turn_it_is_played(db: CardDB, text: str) -> None:
    with pytest.raises(ScenarioError, match="tapped"):
        judge_text(text, db)


def test_a_land_told_on_the_battlefield_is_untapped(db: CardDB) -> None:
    r = judge_text("I control Quarry Spire. I activate it. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 1


@pytest.mark.parametrize("text", ["I cast Cog Seer. How many cards do I draw?",
                                  "Cog Seer enters under my control. How many cards do I draw?"])
def test_an_entering_board_condition_is_not_decided_from_an_untold_board(db: CardDB, text: str) -> None:
    with pytest.raises(SituationError, match="you control an artifact"):
        judge_text(text, db)


def test_an_entering_board_condition_is_checked_on_a_told_board(db: CardDB) -> None:
    assert drawn_by(judge_text("I control Spanner. I cast Cog Seer. How many cards do I draw?", db))["You"] == 1
    assert drawn_by(judge_text("I control Tithe Hound. I cast Cog Seer. How many cards do I draw?", db))["You"] == 0


def test_a_condition_with_an_untracked_quality_stays_an_assumption(db: CardDB) -> None:
    r = judge_text("Badge Seer enters under my control. How many cards do I draw?", db)
    assert "as the answer assumes" in r.answer["text"]


@pytest.mark.parametrize(("text", "hands"), [
    ("I cast Brush Aside targeting my opponent's Tithe Hound. How many cards do I draw?", (7, 8)),
    ("My opponent controls Tithe Hound. I cast Brush Aside targeting Tithe Hound. How many cards do I draw?", (7, 8)),
    ("I cast Brush Aside targeting my Tithe Hound. How many cards do I draw?", (8, 7)),
])
def test_a_named_permanent_target_is_read(db: CardDB, text: str, hands: tuple[int, int]) -> None:
    r = judge_text(text, db)
    assert drawn_by(r)["You"] == 1
    assert (r.players["You"]["hand"], r.players["Opponent"]["hand"]) == hands  # the target went back to a hand


@pytest.mark.parametrize("text", ["I cast Shoo targeting my Tithe Hound. How many cards do I draw?",
                                  "I cast Brush Aside targeting my Forest. How many cards do I draw?",
                                  "I cast Brush Aside targeting Tithe Hound. How many cards do I draw?"])
def test_an_illegal_or_unplaced_target_is_asked(db: CardDB, text: str) -> None:
    with pytest.raises(ScenarioError, match="which card is it"):
        judge_text(text, db)
