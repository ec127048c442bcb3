"""A draw-step trigger's intervening "if" (603.4), read from Oracle text: the reader's template for "at the beginning
of each player's draw step, if ..., that player draws an additional card" dropped the condition whatever it said,
so a hand of seven drew the extra card of "if that player has two or fewer cards in hand", and "if this artifact is
tapped" drew although the permanent was untapped. The condition is now kept: checked on the player it is about as
the step begins (before the turn-based draw, 504.1) and again as the ability resolves, or said as an assumption
with its other case; the permanent's own "is (un)tapped" is its state as the story tells it (untapped unless
said)."""

from __future__ import annotations

from engine.cards import CardDB
from engine.effects import DrawStepTrigger
from engine.judging import judge_text
from engine.oracle import read_oracle
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Gloom Spire": ("Artifact", "At the beginning of each player's draw step, if that player has two or fewer cards "
                                "in hand, that player draws an additional card."),
    "Tilted Relic": ("Artifact", "At the beginning of your draw step, if this artifact is tapped, you draw an "
                                 "additional card."),
    "Hum Engine": ("Artifact", "At the beginning of each player's draw step, if this artifact is untapped, that "
                               "player draws an additional card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def _kinds(res: object) -> list[str]:
    return [s.kind for s in res.steps]  # type: ignore[attr-defined]


def test_a_condition_about_that_player_is_checked_on_that_player_before_the_draw() -> None:
    small = judge_text("I control Gloom Spire. It's my opponent's draw step. He has 1 card in hand.", _db())
    assert drawn_by(small)["Opponent"] == 2
    big = judge_text("I control Gloom Spire. It's my opponent's draw step. He has 3 cards in hand.", _db())
    assert drawn_by(big)["Opponent"] == 1
    why = next(s for s in big.steps if s.kind == "why_not")
    assert "603.4" in why.rules and "doesn't trigger" in why.text
    assert _kinds(big).index("why_not") < _kinds(big).index("draw_step")  # checked as the step begins
    # the controller's own hand doesn't decide it: mine is empty, his is big
    mine = judge_text("I control Gloom Spire and have 0 cards in hand. It's my opponent's draw step. He has 5 cards "
                      "in hand.", _db())
    assert drawn_by(mine)["Opponent"] == 1


def test_the_condition_is_checked_again_as_the_ability_resolves() -> None:
    # two cards before the draw: it triggers; three after it: it does nothing (603.4)
    res = judge_text("I control Gloom Spire. It's my opponent's draw step. He has 2 cards in hand.", _db())
    assert drawn_by(res)["Opponent"] == 1
    assert any("no longer true as it resolves" in s.text for s in res.steps)


def test_its_own_tapped_state_is_the_one_the_story_tells() -> None:
    untold = judge_text("I control Tilted Relic. It's my draw step.", _db())
    assert drawn_by(untold)["You"] == 1  # permanents untap in the untap step (502.3): untapped unless said
    assert any(s.kind == "why_not" and "603.4" in s.rules for s in untold.steps)
    told = judge_text("I control a tapped Tilted Relic. It's my draw step.", _db())
    assert drawn_by(told)["You"] == 2


def test_its_own_untapped_state_is_what_the_engine_takes() -> None:
    reading = read_oracle("Hum Engine", CARDS["Hum Engine"][1], "Artifact")
    assert [e.intervening for e in reading.effects if isinstance(e, DrawStepTrigger)] == [""]
    res = judge_text("I control Hum Engine. It's my draw step.", _db())
    assert drawn_by(res)["You"] == 2 and not any(s.kind == "assumption" for s in res.steps)
