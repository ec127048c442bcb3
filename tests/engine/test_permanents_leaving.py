"""A permanent leaving the battlefield, said the way players say it, and every ability that sees it.

Made-up cards (read from Oracle text as the bot reads a card it looks up), so each test checks a pattern:
- "I sacrifice X" / "I sac X" for a permanent whose own ability has "Sacrifice this artifact" in its cost is
  the activation of that ability (an egg, a sphere, a Clue): it draws; it used to be read as the permanent
  dying with nothing else ("No card is drawn"). The reading is said, with the other way it could have died.
- "When this enters or leaves the battlefield", "when this enters or dies", "whenever this or another creature
  you control dies": one ability for either event, so its own death triggers it (603.6c, 603.10a); it used to
  be left out silently.
"""

from __future__ import annotations

from typing import Any

from engine.cards import CardDB
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

EGG = ("Artifact", "{2}, {T}, Sacrifice this artifact: Add {R}{G}. Draw a card.")
STONE = ("Artifact", "{1}, {T}, Sacrifice this artifact: You gain 2 life.")
RELIC = ("Artifact", "When this artifact enters or leaves the battlefield, draw a card.\n"
                     "{1}{U}, Sacrifice this artifact: Put a stun counter on up to one target tapped creature.")
IMP = ("Creature — Imp", "When this creature enters or dies, draw a card.")
PACK = ("Creature — Wolf", "Whenever this creature or another Wolf you control dies, draw a card.")


def _db() -> CardDB:
    return made_cards({"Gilded Egg": EGG, "Life Stone": STONE, "Glimmer Relic": RELIC, "Pit Imp": IMP,
                       "Pack Elder": PACK})


def _drawn(res: Any, who: str = "You") -> int:
    return drawn_by(res)[who]


def test_sacrificing_a_permanent_whose_ability_sacrifices_it_is_activating_it() -> None:
    for text in ("I sacrifice Gilded Egg. how many do I draw?", "i sac gilded egg", "I sacced Gilded Egg."):
        res = judge_text(text, _db())
        assert _drawn(res) == 1, text
        assert any("activating Gilded Egg's ability" in a for a in res.assumed), text


def test_the_activation_reading_loses_to_an_empty_library() -> None:
    res = judge_text("I sac Gilded Egg with 0 cards in library. do I lose?", _db())
    assert "You" in res.losers


def test_a_permanent_sacrificed_without_such_an_ability_just_dies() -> None:
    res = judge_text("I sacrifice Pit Imp. how many cards do I draw?", _db())
    assert _drawn(res) == 1  # its own "enters or dies" ability
    assert not any("activating" in a for a in res.assumed)


def test_an_ability_for_entering_or_leaving_triggers_on_leaving() -> None:
    res = judge_text("I sacrificed Glimmer Relic. how many cards do I draw?", _db())
    assert _drawn(res) == 1
    res = judge_text("My Glimmer Relic dies.", _db())
    assert _drawn(res) == 1


def test_this_or_another_creature_dying_includes_its_own_death() -> None:
    assert _drawn(judge_text("My Pack Elder dies.", _db())) == 1
