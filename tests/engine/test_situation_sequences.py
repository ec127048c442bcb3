"""Sequences told before the thing asked about, and named triggers (issue #24, corpus fresh-339, 341, 343, 344,
358, 369 and fresh-386..400), each pattern held with phrasings of its own (not the corpus text).

Why these tests: judges tell what already happened ("In her draw step she draws for the turn, then draws two more
with Sylvan Library"; "she activates Words of Waste once, then casts Brainstorm"; "She has not drawn any other card
this turn"), name a trigger as what made a draw ("from Kami of the Crescent Moon's trigger") and ask about miracle
and dredge in their own words ("cast it for its miracle cost", "applies dredge to the draw"). The reader asked
about or refused each; and two readings were confidently wrong: "uses" of a "the next time you would draw" ability
replaced every draw however many times it was activated, and a Sylvan Library read from "draws two with Sylvan
Library" and told as controlled afterwards was two Sylvan Libraries (two triggers, 8 more life paid).
"""

from __future__ import annotations

import pytest

from engine.cards import default_cards
from engine.errors import Clarification, SituationError
from engine.judging import judge_text
from engine.model import Resolution
from engine.situation.step_trigger_told import step_trigger_told
from engine.situation.told_draws import told_draws
from tests.situation_corpus.measure import drawn_by

CARDS = default_cards()


def _judged(text: str) -> Resolution:
    return judge_text(text, CARDS)


def _life(res: Resolution, who: str) -> int:
    return int(res.players[who]["life"])


def _hand(res: Resolution, who: str) -> int:
    return int(res.players[who]["hand"])


def _lead(res: Resolution) -> str:
    return str(res.answer.get("text", ""))


# ------------------------------------------------------------------ the draw step told draw by draw (504.1, 504.2)

@pytest.mark.parametrize("text", [
    "Greg controls Font of Mythos. During his draw step Greg drew for the turn, then drew 2 more cards off Font of "
    "Mythos. How many cards did Greg draw?",
    "Font of Mythos is mine. In my draw step i draw for the turn and then i draw two more from font of mythos's "
    "triggered ability. how many cards do i draw",
])
def test_the_turns_draw_then_a_triggers_draws_is_the_draw_step(text: str) -> None:
    res = _judged(text)
    assert sum(drawn_by(res).values()) == 3, drawn_by(res)
    assert any(s.text.endswith("draw step: the turn-based draw.") for s in res.steps)


@pytest.mark.parametrize("text", [
    "i control howling mine and opp controls notion thief. its my draw step, i draw for the turn then draw another "
    "one from howling mine. how many does opp draw?",
    "opp has notion thief. in my draw step i draw for the turn and then 1 more off howling mine which i control. "
    "how many does opp draw",
])
def test_the_trigger_draw_told_without_its_verb_or_with_one(text: str) -> None:
    """Notion Thief: the first card of the draw step is its player's, the trigger's card is the thief's."""
    drawn = drawn_by(_judged(text))
    assert drawn["You"] == 1 and drawn["Opponent"] == 1, drawn


def test_the_trigger_as_the_subject_that_makes_a_player_draw() -> None:
    """Spirit of the Labyrinth stops the second draw of the turn (121.2b): the trigger's draw is not one."""
    res = _judged("Nadia controls Howling Mine; Adam controls Spirit of the Labyrinth. During Nadia's draw step she "
                  "drew for the turn, then Howling Mine's trigger made her draw a card. How many cards does Nadia "
                  "draw?")
    assert drawn_by(res)["Nadia"] == 1


def test_sylvan_library_told_after_the_turns_draw_keeps_the_cards_said() -> None:
    """Sylvan Library: 4 life for each card drawn this turn kept (its rulings); "keeping one of them" after
    "took two extra" is one card paid for."""
    res = _judged("Lily controls Sylvan Library and is at 12 life. In her draw step she draws for the turn, then "
                  "takes two more with Sylvan Library and keeps all of them. How much life does Lily have?")
    assert _life(res, "Lily") == 4 and drawn_by(res)["Lily"] == 3
    res = _judged("Lily controls Sylvan Library and is at 12 life. In her draw step she drew for the turn and then "
                  "took the two extra with Sylvan Library, putting them back. How much life does Lily have?")
    assert _life(res, "Lily") == 12


def test_a_sylvan_library_read_from_a_draw_and_told_later_is_one_permanent() -> None:
    """Was two Sylvan Libraries: the one read from "draws two with Sylvan Library", then the one told."""
    res = _judged("Emma controls Sheoldred, the Apocalypse. Adam draws for the turn in Adam's draw step, then draws "
                  "two more with Sylvan Library, keeping both. Adam controls Sylvan Library and is at 15 life. How "
                  "much life does Adam have?")
    assert _life(res, "Adam") == 15 - 8 - 6, res.answer  # 8 for Sylvan Library, 2 for each of 3 draws
    assert sum(1 for s in res.steps if s.text.startswith("Sylvan Library's triggered ability resolves")) == 1


def test_another_player_drawing_after_the_turns_draw_is_left_as_told() -> None:
    """Howling Mine draws for the player whose draw step it is, never for the one named after "then"."""
    assert "Nadia draws" in step_trigger_told("In Adam's draw step Adam draws for the turn, then Nadia draws a card "
                                              "with Howling Mine.")


def test_a_named_card_drawn_by_the_trigger_is_not_read_as_the_first_card() -> None:
    """ "then the Howling Mine trigger makes her draw Terminus": which card came first decides miracle (702.94a);
    never answered as if Terminus were the turn's first card."""
    text = ("Nadia controls Howling Mine. In her draw step she draws her card for the turn, then the Howling Mine "
            "trigger makes her draw Entreat the Angels. Can she cast Entreat the Angels for its miracle cost?")
    try:
        res = _judged(text)
    except (Clarification, SituationError):
        return
    assert not _lead(res).startswith("Yes."), res.answer


# ------------------------------------------------------------------ a trigger named as what made a draw (603.2)

@pytest.mark.parametrize("said", ["Kami of the Crescent Moon's trigger", "the Kami of the Crescent Moon trigger",
                                  "Kami of the Crescent Moon's triggered ability"])
def test_a_cards_trigger_as_a_draws_source_is_the_card(said: str) -> None:
    """Orcish Bowmasters: not the first card drawn in its player's draw step (its rulings): one trigger."""
    res = _judged(f"Nadia controls Orcish Bowmasters. In Adam's draw step he draws a card from {said}. How many "
                  "times does Orcish Bowmasters trigger?")
    assert drawn_by(res)["Adam"] == 2
    assert sum(t.count for t in res.triggers if t.source == "Orcish Bowmasters") == 1


# ------------------------------------------------------------------ an activation before the action (614.1a)

def test_each_activation_replaces_one_draw() -> None:
    """Words of Waste: each activation replaces the next draw only (its rulings)."""
    res = _judged("Alice controls Words of Waste. Bob has 6 cards in hand. Alice activates Words of Waste twice, "
                  "then casts Words of Wisdom. How many cards does Bob have in hand?")
    # Alice's two draws replaced (Bob discards 2), then Bob draws one (Words of Wisdom's "each other player")
    assert _hand(res, "Bob") == 5 and drawn_by(res).get("Alice", 0) == 0


def test_an_activation_told_first_without_a_count_is_one() -> None:
    res = _judged("i control words of waste. i activate words of waste and then i cast brainstorm. opp has 3 cards "
                  "in hand. how many cards does opp have?")
    assert _hand(res, "Opponent") == 2 and drawn_by(res)["You"] == 2


def test_more_activations_than_draws_replace_every_draw() -> None:
    res = _judged("Alice controls Words of War. Bob is at 10 life. Alice activates Words of War 3 times, then casts "
                  "Frantic Search. How much life does Bob have?")
    assert _life(res, "Bob") == 6 and drawn_by(res).get("Alice", 0) == 0


def test_uses_without_a_count_asks_how_many_activations() -> None:
    """Was: every one of Brainstorm's three draws replaced, as if it had been activated three times."""
    with pytest.raises(Clarification) as asked:
        _judged("Nadia controls Words of Waste and Adam has 4 cards in hand. Nadia uses Words of Waste and casts "
                "Brainstorm. How many cards does Adam have in hand?")
    labels = [o.label for o in asked.value.options]
    assert labels[:2] == ["once", "twice"], labels


def test_the_activating_player_controls_the_permanent() -> None:
    """602.2: was the activation kept with no Words of Waste on the battlefield, so every card drawn."""
    res = _judged("i activate words of waste, then cast brainstorm. opp has 5 cards in hand. how many cards does opp "
                  "have?")
    assert _hand(res, "Opponent") == 4 and any("602.2" in a for a in res.assumed), res.assumed
    res = _judged("i activate words of waste, then cast brainstorm. i control words of waste. opp has 5 cards in "
                  "hand. how many cards does opp have?")
    assert _hand(res, "Opponent") == 4  # one Words of Waste, activated once (two copies replaced two draws)
    with pytest.raises(SituationError):
        _judged("opp controls words of waste. i activate words of waste, then cast brainstorm.")


def test_an_activation_after_the_action_is_not_read_as_before_it() -> None:
    with pytest.raises(SituationError):
        _judged("Alice controls Words of Waste. Alice casts Brainstorm, then activates Words of Waste. How many "
                "cards does Bob have?")


def test_a_count_of_activations_for_another_ability_is_refused() -> None:
    with pytest.raises((SituationError, Clarification)):
        _judged("Alice controls Howling Mine. Alice activates Howling Mine twice, then casts Brainstorm.")


# ------------------------------------------------------------------ the turn's draws so far, miracle (702.94a)

@pytest.mark.parametrize("said", ["She hasn't drawn any other cards this turn.", "She has drawn no other card "
                                  "this turn.", "She didn't draw any other card this turn."])
def test_no_other_card_drawn_this_turn(said: str) -> None:
    res = _judged(f"During Adam's end step, Nadia casts Brainstorm with Terminus on top of her library. {said} Can "
                  "Nadia cast Terminus for its miracle cost?")
    assert _lead(res) == "Yes.", res.answer
    assert res.players["Nadia"]["drawn_this_turn"] == 3


@pytest.mark.parametrize("said", ["besides my draw for the turn", "except my normal draw",
                                  "other than the one from my draw step"])
def test_no_other_card_but_the_turns_draw_is_one_card(said: str) -> None:
    res = _judged(f"i haven't drawn any other card this turn {said}. terminus is on top and i cast brainstorm. can "
                  "i cast terminus for its miracle cost?")
    assert _lead(res) == "No.", res.answer


def test_no_other_card_but_another_draw_is_not_read_as_none() -> None:
    """ "except the one from Gitaxian Probe": one card drawn, never "none drawn" (a miracle Yes)."""
    try:
        res = _judged("i haven't drawn any other card this turn except the one from gitaxian probe. terminus is on "
                      "top and i cast brainstorm on opp's turn. can i miracle it?")
    except (Clarification, SituationError):
        return
    assert _lead(res) != "Yes.", res.answer


def test_the_first_card_drawn_this_turn_is_on_top() -> None:
    res = _judged("on my opponent's turn i cast brainstorm and entreat the angels is the first card i draw this "
                  "turn. can i cast it for its miracle cost?")
    assert _lead(res) == "Yes.", res.answer
    assert "Entreat the Angels" in res.answer.get("reason", "")


def test_miracle_asked_as_casting_after_the_turns_draw_is_no() -> None:
    res = _judged("Nadia drew for the turn in her draw step. In her main phase she casts Brainstorm with Temporal "
                  "Mastery on top of her library. Can she cast Temporal Mastery using its miracle ability?")
    assert _lead(res) == "No.", res.answer


def test_a_named_card_not_said_to_be_on_top_is_no_plain_yes() -> None:
    """Brainstorm draws three: a card named in the question is the turn's first only if it is on top."""
    res = _judged("During Adam's upkeep Nadia casts Brainstorm. She has not drawn a card this turn. Can Nadia "
                  "miracle Terminus?")
    assert _lead(res).startswith("Yes, only if Terminus is the top card"), res.answer


def test_the_rewrites_of_the_turns_draws() -> None:
    assert told_draws("he hasn't drawn any other card this turn") == "he has drawn 0 cards this turn"
    assert "has drawn 0 cards" in told_draws("Bob has not drawn another card this turn")
    assert told_draws("can Bob still cast Terminus for its miracle cost?") == "can Bob still miracle Terminus?"


# ------------------------------------------------------------------ dredge as the replacement chosen (616.1)

@pytest.mark.parametrize("said", ["applies dredge to the draw", "replaces the draw with Golgari Thug's dredge",
                                  "uses dredge instead of drawing"])
def test_dredge_said_as_the_replacement_chosen(said: str) -> None:
    """Notion Thief and dredge both apply: the drawing player chooses dredge (616.1), so the thief gets nothing."""
    res = _judged("Adam has Golgari Thug in his graveyard and 9 cards in his library; Nadia controls Notion Thief. "
                  f"In his main phase after his draw for the turn, Adam casts Gitaxian Probe and {said}. How many "
                  "cards does Nadia draw?")
    drawn = drawn_by(res)
    assert drawn.get("Nadia", 0) == 0 and drawn.get("Adam", 0) == 0
    assert res.players["Adam"]["library"] == 9 - 4
