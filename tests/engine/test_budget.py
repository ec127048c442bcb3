"""Bounds on the engine's work: a time budget that stops with what is certain so far, and a search of
alternatives that never resolves one line twice and stops, saying so, at a bound on its work."""

from __future__ import annotations

import pickle
import time

import pytest

from engine.cards import default_cards
from engine.errors import Clarification, Option, OutOfTime, ScenarioError, SituationError
from engine.resolve import resolve
from engine.resolve.branches import AlternativeSearch
from engine.resolve.resolver import Resolver
from engine.resolve.work import MAX_OTHER_LINES_WORK, WorkBudget
from engine.scenario_json import scenario_from_json
from engine.situation import parse_situation
from tests.engine.helpers import permanents_text as _permanents
from tests.engine.helpers import two

CARDS = default_cards()


def _search(text: str) -> tuple[AlternativeSearch, list[dict[str, object]]]:
    scenario = parse_situation(text, CARDS)
    main = Resolver(scenario, CARDS)
    resolution = main.run()
    search = AlternativeSearch(scenario, CARDS, True, None)
    return search, search.run(resolution, main)


def test_a_line_already_resolved_is_not_resolved_again() -> None:
    # Choosing to apply Notion Thief's replacement differently makes later decisions moot: the choices that
    # differ only in a decision the run never reads are the same line, resolved once.
    text = ("I have 60 cards in my library. I control Notion Thief. I control Sylvan Library. My opponent "
            "controls Alms Collector. My opponent controls Consecrated Sphinx. I draw 3 cards.")
    search, found = _search(text)
    reads = [frozenset((k, repr(v)) for k, v in r.items()) for r in search._reads]
    assert len(reads) == len(set(reads)), "a line was resolved twice"
    assert found and search.runs == len(reads) - 1


def test_memoisation_saves_runs() -> None:
    text = ("I have 60 cards in my library. I control Notion Thief. I control Sylvan Library. My opponent "
            "controls Alms Collector. My opponent controls Consecrated Sphinx. I draw 3 cards.")
    memo, found = _search(text)
    scenario = parse_situation(text, CARDS)
    main = Resolver(scenario, CARDS)
    resolution = main.run()
    plain = AlternativeSearch(scenario, CARDS, True, None)
    plain._known = lambda choices: False  # type: ignore[method-assign]
    assert plain.run(resolution, main) == found  # the same alternatives ...
    assert memo.runs < plain.runs  # ... for less work


def test_the_search_of_alternatives_stops_at_its_work_bound_and_says_so() -> None:
    res = resolve(parse_situation(_permanents(30), CARDS), CARDS)
    assert res.branches
    assert any("more choices than the alternative lines explored" in n for n in res.notes)
    # the bound is predicted from the largest run: a run is started only when it fits, so it is never passed
    scenario = parse_situation(_permanents(30), CARDS)
    main = Resolver(scenario, CARDS)
    resolution = main.run()
    budget = WorkBudget()
    budget.seen(main.work)
    search = AlternativeSearch(scenario, CARDS, True, None, budget)
    search.run(resolution, main)
    assert search.stopped and 0 < budget.spent <= MAX_OTHER_LINES_WORK
    assert budget.spent + budget.largest > MAX_OTHER_LINES_WORK


def test_a_board_too_large_for_its_other_lines_is_answered_and_says_so() -> None:
    # fifty permanents that each replace or watch every draw: one line is already close to the bound, so the
    # main line is answered alone (quickly) and the answer says the other lines are too large to list
    scenario = parse_situation(_permanents(50), CARDS)
    alone = resolve(scenario, CARDS, branches=False)
    res = resolve(scenario, CARDS)
    assert (res.players, res.losers, [s.text for s in res.steps]) == (alone.players, alone.losers,
                                                                      [s.text for s in alone.steps])
    assert res.branches == []
    assert any("too large to resolve every other choice" in n for n in res.notes)
    assert any("too large to also resolve it under the other values of the facts" in n for n in res.notes)


def test_a_budget_affords_a_run_only_when_it_fits() -> None:
    budget = WorkBudget(limit=100)
    budget.seen(40)
    assert budget.affords_another_run()
    budget.spend(30)
    assert budget.affords_another_run()  # 30 spent + 40 expected <= 100
    budget.spend(45)
    assert (budget.largest, budget.spent) == (45, 75) and not budget.affords_another_run()


def test_small_boards_are_searched_completely() -> None:
    res = resolve(parse_situation(_permanents(10), CARDS), CARDS)
    assert not any("not all explored" in n or "more choices" in n for n in res.notes)


def test_past_the_deadline_the_resolution_stops_with_the_steps_so_far() -> None:
    doc = two({"library": 5000, "battlefield": ["Sheoldred, the Apocalypse"]}, {},
              {"type": "draw", "player": "You", "count": 4000})
    scenario = scenario_from_json(doc)
    whole = resolve(scenario, compress=False, branches=False)
    with pytest.raises(OutOfTime) as info:
        resolve(scenario, compress=False, branches=False, deadline=time.monotonic() + 0.02, budget=0.02)
    partial = info.value.steps
    assert 0 < len(partial) < len(whole.steps)
    assert [s.text for s in partial] == [s.text for s in whole.steps[:len(partial)]]  # certain: a prefix
    assert "0.02 s" in str(info.value)


def test_an_expired_deadline_during_alternatives_keeps_the_main_answer() -> None:
    scenario = parse_situation(_permanents(50), CARDS)
    resolver = Resolver(scenario, CARDS)
    main = resolver.run()
    assert resolver.choice_points
    search = AlternativeSearch(scenario, CARDS, True, time.monotonic() - 1)
    assert search.run(main, resolver) == []
    assert "not all explored in the time available" in search.stopped


def test_engine_errors_cross_a_process_boundary_whole() -> None:
    clar = Clarification("Whose turn is it?", [Option("Yours", "It's my turn. I draw.")], "draw", "I draw.")
    back = pickle.loads(pickle.dumps(clar))
    assert isinstance(back, Clarification)
    assert (back.question, back.options, back.words, back.hint) == (clar.question, clar.options, clar.words,
                                                                   clar.hint)
    unknown = SituationError("not a card I know", "Foo", "a card", ["Food"])
    unknown.unknown_card = "Foo"
    back2 = pickle.loads(pickle.dumps(unknown))
    assert (back2.unknown_card, back2.suggestions, str(back2)) == ("Foo", ["Food"], "not a card I know")
    plain = pickle.loads(pickle.dumps(ScenarioError("bad", "where", "hint")))
    assert (plain.message, plain.where, plain.hint) == ("bad", "where", "hint")
    late = pickle.loads(pickle.dumps(OutOfTime([], 2.5)))
    assert late.budget == 2.5 and late.steps == []
