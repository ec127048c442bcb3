"""Random development cards probed with natural situations (task 27a, seed 2811, 80 cards): the wrong answers
found, fixed by pattern and checked here with made-up cards.

- "Choose one at random —" (a trigger or a spell): the lead was the drawing mode's count ("Alice draws 4", "Yes —
  you lose") as if it were the whole answer; no player chooses it (700.2). The lead now says the result rests on
  the random mode, with each other mode's result.
- "Choose one —" on a spell or trigger, "I cast X with 1 card in library. Do I lose?": "Yes — you lose", from the
  drawing mode the answer took, when the caster may choose the other mode (700.2a). The mode is its user's
  choice: both lines; "An opponent chooses one —" is that opponent's, both lines.
- "What is Alice's life?" / "What's Bob's life total?": no question was read (a named player's possessive), so
  the lead was the ruling's draw line. It is the life question about that player.
- "Alice activates X" where every ability of X says "Activate only as a sorcery", no turn said: the story was
  put on the asker's turn and refused "Alice can't activate it now". The activation puts it in its
  controller's main phase (602.5d), as a sorcery's casting does.
- "Activate only if you have the city's blessing" (a restriction the engine can't check): "Alice draws 1", the
  restriction left in the notes. The lead says what it rests on and that otherwise the ability can't be
  activated (602.5b).
- "Alice plays an Island" with a card named "Island Sanctuary" known: read as that card by prefix. A basic land's
  name alone names the basic land (not known: asked), never another card.
- "I activate X with 1 card in library. Do I lose?" where X is a planeswalker whose "+1: You gain 2 life." the
  engine keeps as words: "Yes", from the −2 that draws, the other ability unsaid in the lead (its line, explored
  as the other choice, was silently replaced by the drawing one). The lead says the line it can't carry out.
- "Alice casts X and promises the gift to Bob", "I cast X with the gift promised": no words said a gift was
  promised (702.174a), so the story was refused ("not a card I know"). They are the caster's choice of the
  optional cost, as "and kick it" is (a refusal turned into an answer).
- "Raid — at the beginning of your end step, if you attacked this turn, you may draw a card": "Alice's choice:
  taken → draws 1; declined → none", the condition unsaid. The lead says the assumed condition first (603.4).
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import ScenarioError, SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Dice Yak": ("Creature — Yak", "At the beginning of combat on your turn, choose one at random —\n• You gain 3 "
                                   "life.\n• Discard your hand, then draw four cards."),
    "Coin of Whims": ("Sorcery", "Choose one at random —\n• You gain 3 life.\n• Draw two cards."),
    "Fork in the Road": ("Sorcery", "Choose one —\n• You gain 3 life.\n• Draw two cards."),
    "Camp Shaman": ("Creature — Human Shaman", "At the beginning of combat on your turn, choose one —\n• You gain "
                                               "3 life.\n• Draw a card."),
    "Rope Juggler": ("Creature — Human Rogue", "When this creature enters, it deals 1 damage to you and you draw "
                                               "a card."),
    "Dusk Lantern": ("Creature — Spirit Cleric", "{1}{W}, Remove a counter from this creature: Draw a card. "
                                                 "Activate only as a sorcery."),
    "Mesa Tower": ("Land", "{T}: Add {C}.\n{5}, {T}: Draw a card. Activate only if you have the city's blessing."),
    "Island Shrine": ("Enchantment", "If you would draw a card during your draw step, instead you may skip that "
                                     "draw."),
    "Landfall Otter": ("Creature — Otter", "Whenever a land you control enters, you draw a card."),
    "Vow Keeper": ("Legendary Planeswalker — Keeper", "+1: You gain 2 life.\n−2: Draw two cards."),
    "Ribbon Bolt": ("Instant", "Gift a card (You may promise an opponent a gift as you cast this spell. If you do, "
                               "they draw a card before its other effects.)\nYou gain 3 life. If the gift was "
                               "promised, you draw a card."),
    "Tribute Toll": ("Sorcery", "An opponent chooses one —\n• You gain 5 life.\n• You draw two cards."),
    "Raid Parrot": ("Creature — Bird Pirate", "Raid — At the beginning of your end step, if you attacked this turn, "
                                              "you may draw a card."),
}


@pytest.fixture(scope="module")
def db() -> CardDB:
    return made_cards(CARDS)


def test_a_random_mode_is_said_with_each_other_result(db: CardDB) -> None:
    r = judge_text("Alice controls Dice Yak. At the beginning of combat on Alice's turn, how many cards does Alice "
                   "draw?", db)
    assert "at random" in r.answer["text"] and "draws no card" in r.answer["text"]
    r = judge_text("I cast Coin of Whims with 1 card in library. Do I lose?", db)
    assert r.answer["text"].startswith("Yes") and "at random" in r.answer["text"]
    assert "No — you don't lose" in r.answer["text"]


@pytest.mark.parametrize("text", ["I cast Fork in the Road with 1 card in library. Do I lose?",
                                  "I cast Fork in the Road. How many cards do I draw?",
                                  "Alice casts Fork in the Road. How many cards does Alice draw?",
                                  "Alice controls Camp Shaman. At the beginning of combat on Alice's turn, how many "
                                  "cards does Alice draw?"])
def test_a_mode_is_its_users_choice_both_lines(db: CardDB, text: str) -> None:
    r = judge_text(text, db)
    assert r.answer["kind"] == "choice" and len(r.answer["lines"]) == 2


@pytest.mark.parametrize(("text", "who", "life"), [
    ("Alice casts Rope Juggler with 10 life. What is Alice's life?", "Alice", 9),
    ("Bob has 10 life. Bob casts Rope Juggler. What's Bob's life total?", "Bob", 9),
    ("My opponent casts Rope Juggler at 5 life. What is my opponent's life?", "Opponent", 4),
])
def test_a_named_players_life_is_the_question(db: CardDB, text: str, who: str, life: int) -> None:
    r = judge_text(text, db)
    assert r.asked is not None and r.asked.player == who
    assert r.answer["text"].startswith(f"{who} ends at {life} life")


def test_a_sorcery_speed_ability_puts_the_story_in_its_controllers_main_phase(db: CardDB) -> None:
    r = judge_text("Alice controls Dusk Lantern. Alice activates Dusk Lantern. How many cards does Alice draw?", db)
    assert drawn_by(r)["Alice"] == 1 and any("602.5d" in a for a in r.assumed)
    with pytest.raises(ScenarioError, match="can't activate it now"):
        judge_text("Bob's turn. Alice controls Dusk Lantern. Alice activates Dusk Lantern. How many cards does Alice "
                   "draw?", db)


def test_an_unchecked_activation_condition_is_said_in_the_lead(db: CardDB) -> None:
    r = judge_text("Alice controls Mesa Tower. Alice activates Mesa Tower. How many cards does Alice draw?", db)
    assert drawn_by(r)["Alice"] == 1
    assert "city's blessing" in r.answer["text"] and "can't be activated" in r.answer["text"]


def test_a_basic_land_name_is_never_another_cards_prefix(db: CardDB) -> None:
    with pytest.raises(SituationError, match="Island"):
        judge_text("Alice controls Landfall Otter. Alice plays an Island. How many cards does Alice draw?", db)
    extra = made_cards({**CARDS, "Island": ("Basic Land — Island", "({T}: Add {U}.)")})
    r = judge_text("Alice controls Landfall Otter. Alice plays an Island. How many cards does Alice draw?", extra)
    assert drawn_by(r)["Alice"] == 1


def test_a_condition_before_a_choice_is_said_first(db: CardDB) -> None:
    r = judge_text("Alice controls Raid Parrot. At the beginning of Alice's end step, how many cards does Alice "
                   "draw?", db)
    assert r.answer["kind"] == "choice"
    assert r.answer["text"].startswith("If “you attacked this turn” is true") and "Alice's choice" in r.answer["text"]


def test_a_planeswalkers_other_loyalty_ability_is_said_in_a_loss_lead(db: CardDB) -> None:
    r = judge_text("I activate Vow Keeper with 1 card in library. Do I lose?", db)
    assert r.answer["text"].startswith("Yes") and "can't carry out" in r.answer["text"]
    assert "gain 2 life" in r.answer["text"]
    r = judge_text("I activate Vow Keeper's −2 with 1 card in library. Do I lose?", db)
    assert r.answer["text"].startswith("Yes") and "can't carry out" not in r.answer["text"]


@pytest.mark.parametrize(("text", "drawn"), [
    ("I cast Ribbon Bolt and promise the gift. How many cards does my opponent draw?", ("Opponent", 1)),
    ("I cast Ribbon Bolt with the gift promised. How many cards do I draw?", ("You", 1)),
    ("I cast Ribbon Bolt, promising the gift to my opponent. How many cards does my opponent draw?", ("Opponent", 1)),
    ("I cast Ribbon Bolt without promising the gift. How many cards does my opponent draw?", ("Opponent", 0)),
    ("I cast Ribbon Bolt and don't promise the gift. How many cards do I draw?", ("You", 0)),
])
def test_a_promised_gift_is_said(db: CardDB, text: str, drawn: tuple[str, int]) -> None:
    r = judge_text(text, db)
    assert drawn_by(r)[drawn[0]] == drawn[1]
    assert "as the answer assumes" not in r.answer["text"]


def test_an_opponents_mode_choice_is_both_lines(db: CardDB) -> None:
    r = judge_text("I cast Tribute Toll with 1 card in library. Do I lose?", db)
    assert r.answer["kind"] == "choice" and r.answer["text"].startswith("Opponent's choice")
    r = judge_text("Alice casts Tribute Toll. How many cards does Alice draw?", db)
    assert r.answer["kind"] == "choice" and r.answer["text"].startswith("Your choice")
