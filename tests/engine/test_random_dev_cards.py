"""Random development cards probed with natural situations (task 26p, seed 2626, 80 cards): the wrong answers
found, fixed by pattern and checked here with made-up cards.

- "I activate X targeting my opponent" when X's ability with a target (any target, target player) is one the
  engine can't carry out and its other ability draws: the draw was answered and the target said "changes
  nothing" (the player meant the damage; 115.1, 602.2b). The said target picks the ability that has one; when
  that ability isn't carried out, the answer refuses and names it.
- "If an opponent has three or more poison counters" (corrupted) was assumed true when the situation said the
  opponent had one poison counter: the counters said decide it (122.1f, 603.4); unsaid, it stays an assumption.
- "I control X and 3 lands. I activate X" when X draws "a card for each permanent you control": the lands were
  skipped as table talk and the board counted X alone (1, not 4). Permanents said by their kind without names
  make such a count unknown: asked for, by name, never counted from the named ones only.
- "I activate X" where X says "Activate only if you control five or more lands" and the story told none of the
  player's permanents: answered "the condition isn't met, you can't activate it" (602.5b) from the one card the
  activation put on the battlefield. The board is asked for; a board told is still checked.
- "I activate Enclave Cryptologist" (level up): its "LEVEL 1-2" loot was carried out with no level counter said,
  and a Class's level-3 draw trigger was read as if the Class always had it. An ability below a level header
  (711.2a, 716.2a) is kept as words with its level: a question that reaches it is refused, naming it.
"""

from __future__ import annotations

import pytest

from engine.errors import ScenarioError, SituationError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Sparkle Bomb": ("Artifact", "{R}, Sacrifice this artifact: It deals 2 damage to any target.\n"
                                 "{1}, Sacrifice this artifact: Draw a card."),
    "Hexing Orb": ("Artifact", "{2}, {T}: Draw a card.\n{B}, {T}: Target player draws a card and loses 2 life."),
    "Seer of Many Hands": ("Legendary Creature — Spirit", "Remove a divinity counter from this creature: Draw a "
                                                          "card for each permanent you control."),
    "Census Taker": ("Sorcery", "Draw a card for each creature you control."),
    "Quarry of Five": ("Land", "{T}: Add {C}.\n{1}, {T}, Sacrifice this land: Draw a card. Activate only if you "
                               "control five or more lands."),
    "Tiered Archivist": ("Creature — Merfolk Wizard", "Level up {1}{U} ({1}{U}: Put a level counter on this. Level "
                                                       "up only as a sorcery.)\nLEVEL 1-3\n1/2\n{T}: Draw a card, "
                                                       "then discard a card.\nLEVEL 4+\n2/3\n{T}: Draw two cards."),
    "Scholar's Course": ("Enchantment — Class", "(Gain the next level as a sorcery to add its ability.)\nWhen this "
                                                "Class enters, draw a card.\n{1}{U}: Level 2\nAt the beginning of "
                                                "your upkeep, draw a card.\n{3}{U}: Level 3\nWhenever you draw a "
                                                "card, you gain 1 life."),
    "Blight Scholar": ("Creature — Phyrexian Wizard", "Corrupted — At the beginning of your end step, if an "
                                                      "opponent has three or more poison counters, draw a card."),
}


@pytest.fixture(scope="module")
def db():  # type: ignore[no-untyped-def]
    return made_cards(CARDS)


@pytest.mark.parametrize("text", ["I activate Sparkle Bomb targeting my opponent at 2 life. Does my opponent lose?",
                                  "I activate Sparkle Bomb targeting myself at 2 life. Do I lose?"])
def test_a_said_target_is_not_answered_with_the_untargeted_ability(db, text: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises((ScenarioError, SituationError)) as e:
        judge_text(text, db)
    assert "any target" in str(e.value)


def test_unaimed_activation_still_draws(db) -> None:  # type: ignore[no-untyped-def]
    r = judge_text("I activate Sparkle Bomb with 3 cards in library. How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 1


def test_a_said_target_picks_the_targeted_ability_it_can_carry_out(db) -> None:  # type: ignore[no-untyped-def]
    r = judge_text("I activate Hexing Orb targeting my opponent at 2 life. Does my opponent lose?", db)
    assert r.players["Opponent"]["life"] == 0 and r.players["Opponent"]["lost"]
    assert drawn_by(r)["You"] == 0 and drawn_by(r)["Opponent"] == 1


@pytest.mark.parametrize(("poison", "drawn"), [("1 poison counter", 0), ("three poison counters", 1),
                                               ("4 poison counters", 1)])
def test_said_poison_counters_decide_corrupted(db, poison: str, drawn: int) -> None:  # type: ignore[no-untyped-def]
    r = judge_text(f"It's my end step. I control Blight Scholar and my opponent has {poison}. "
                   "How many cards do I draw?", db)
    assert drawn_by(r)["You"] == drawn
    assert "as the answer assumes" not in r.answer["text"]


def test_unsaid_poison_stays_an_assumption(db) -> None:  # type: ignore[no-untyped-def]
    r = judge_text("It's my end step. I control Blight Scholar. How many cards do I draw?", db)
    assert "as the answer assumes" in r.answer["text"]


@pytest.mark.parametrize("text", [
    "I control Seer of Many Hands and 3 lands. I activate Seer of Many Hands. How many cards do I draw?",
    "I control Seer of Many Hands and two creatures. I cast Census Taker. How many cards do I draw?",
])
def test_permanents_said_by_kind_are_not_counted_as_none(db, text: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SituationError) as e:
        judge_text(text, db)
    assert "doesn't say which they control" in str(e.value)


def test_named_permanents_are_counted(db) -> None:  # type: ignore[no-untyped-def]
    r = judge_text("I control Seer of Many Hands and Sparkle Bomb. I activate Seer of Many Hands. "
                   "How many cards do I draw?", db)
    assert drawn_by(r)["You"] == 2


@pytest.mark.parametrize("text", ["I activate Quarry of Five. How many cards do I draw?",
                                  "I sacrifice Quarry of Five. How many cards do I draw?",
                                  "I control Quarry of Five and 4 lands. I activate Quarry of Five. How many cards "
                                  "do I draw?"])
def test_a_board_restriction_is_not_decided_from_an_untold_board(db, text: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SituationError) as e:
        judge_text(text, db)
    assert "doesn't say which permanents" in str(e.value)


def test_a_board_restriction_is_checked_on_a_told_board(db) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ScenarioError, match="can't activate"):
        judge_text("I control Quarry of Five and Sparkle Bomb. I activate Quarry of Five. How many cards do I draw?",
                   db)


def test_a_leveler_ability_is_not_had_without_its_level(db) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises((ScenarioError, SituationError)) as e:
        judge_text("I activate Tiered Archivist with 3 cards in hand. How many cards do I have in hand?", db)
    assert "Draw" in str(e.value)


def test_a_class_level_ability_is_not_had_at_level_one(db) -> None:  # type: ignore[no-untyped-def]
    r = judge_text("I cast Scholar's Course at 10 life. What is my life?", db)  # the level-3 life gain isn't had
    assert drawn_by(r)["You"] == 1 and r.players["You"]["life"] == 10
    with pytest.raises((ScenarioError, SituationError), match="level 2"):
        judge_text("It's my upkeep. I control Scholar's Course. How many cards do I draw?", db)


def test_a_yes_or_no_whose_other_choice_cant_be_carried_out_says_so() -> None:
    """ "At 1 life, X enters: do I lose?" with "you may blight 2. If you do, you draw a card and lose 1 life" led
    "No — you don't lose" alone: the line where the player takes the "may" (and loses) is one the engine can't
    carry out, only said in the notes. The lead now says which choice it follows and which it can't."""
    from engine.judging import judge_text
    from tests.engine.helpers import made_cards

    db = made_cards({"Thornwood Hexer": ("Creature — Treefolk Warlock", "Whenever this creature enters or attacks, "
                                         "you may blight 2. If you do, you draw a card and lose 1 life.")})
    res = judge_text("I am at 1 life. Thornwood Hexer enters under my control. Do I lose?", db)
    assert res.answer["kind"] == "no"
    assert "can't carry out" in res.answer["text"] and "may" in res.answer["text"]
