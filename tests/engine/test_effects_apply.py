"""Each effect answers "do I apply to this draw?" itself, from the draw's facts (614.1a, 614.17, 603.2)."""

from engine.effects import (
    DrawCondition,
    DrawFacts,
    DrawProhibition,
    DrawReplacement,
    DrawTrigger,
    Op,
    Relation,
)

DRAW = Op("draw", 1, "you")


def facts(**kw: object) -> DrawFacts:
    base = {"source": "Brainstorm", "in_draw_step": False, "library": 10, "hand": 3, "drawn_this_turn": 0,
            "drawn_this_draw_step": 0}
    base.update(kw)
    return DrawFacts(**base)  # type: ignore[arg-type]


def test_an_opponents_replacement_skips_the_first_draw_of_the_draw_step_only():
    thief = DrawReplacement("opponents", (DRAW,), DrawCondition(except_first_in_draw_step=True))
    assert not thief.applies_to(facts(in_draw_step=True), Relation.OPPONENT)
    assert thief.applies_to(facts(in_draw_step=True, drawn_this_turn=1, drawn_this_draw_step=1), Relation.OPPONENT)
    assert thief.applies_to(facts(), Relation.OPPONENT)
    assert not thief.applies_to(facts(), Relation.YOU)
    assert not thief.applies_to(facts(), Relation.TEAMMATE)


def test_dredge_replaces_only_its_owners_draws_with_enough_cards_left():
    dredge = DrawReplacement("you", (DRAW,), DrawCondition(min_library=4), optional=True, zone="graveyard")
    assert dredge.applies_to(facts(library=4), Relation.YOU)
    assert not dredge.applies_to(facts(library=3), Relation.YOU)
    assert not dredge.applies_to(facts(library=9), Relation.OPPONENT)


def test_an_empty_library_or_hand_condition_and_a_source_condition():
    empty = DrawReplacement("you", (DRAW,), DrawCondition(library_empty=True))
    assert empty.applies_to(facts(library=0), Relation.YOU) and not empty.applies_to(facts(), Relation.YOU)
    cycling = DrawReplacement("each", (DRAW,), DrawCondition(source="cycling"))
    assert cycling.applies_to(facts(source="cycling"), Relation.TEAMMATE)
    assert not cycling.applies_to(facts(), Relation.YOU)


def test_one_card_each_turn_stops_the_second_draw_and_cant_draw_stops_all():
    narset = DrawProhibition("opponents", 1)
    assert not narset.stops(facts(), Relation.OPPONENT)
    assert narset.stops(facts(drawn_this_turn=1), Relation.OPPONENT)
    assert not narset.stops(facts(drawn_this_turn=1), Relation.YOU)
    assert DrawProhibition("each", 0).stops(facts(), Relation.YOU)


def test_a_trigger_on_the_second_card_each_turn_fires_on_that_card_only():
    second = DrawTrigger("you", (DRAW,), DrawCondition(nth_each_turn=2))
    assert not second.triggers_on(facts(drawn_this_turn=0), Relation.YOU)
    assert second.triggers_on(facts(drawn_this_turn=1), Relation.YOU)
    assert not second.triggers_on(facts(drawn_this_turn=2), Relation.YOU)
    each = DrawTrigger("opponents", (DRAW,), DrawCondition(except_first_in_draw_step=True))
    assert not each.triggers_on(facts(in_draw_step=True), Relation.OPPONENT)
    assert each.triggers_on(facts(in_draw_step=True, drawn_this_turn=1, drawn_this_draw_step=1), Relation.OPPONENT)
