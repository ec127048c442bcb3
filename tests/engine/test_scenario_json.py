"""The question asked travels with the scenario (the contract's optional "asked")."""

import pytest


def test_the_question_asked_travels_from_scenario_to_resolution():
    from engine.resolve import resolve
    from engine.scenario_json import scenario_from_json

    doc = {"players": [{"name": "Alice", "library": 0}, {"name": "Bob"}],
           "action": {"type": "draw", "player": "Alice", "count": 1},
           "asked": {"kind": "lose", "player": "Alice", "words": "do I lose?"}}
    out = resolve(scenario_from_json(doc)).to_json()
    assert out["asked"] == {"kind": "lose", "player": "Alice", "words": "do I lose?"}
    assert out["losers"] == ["Alice"]


@pytest.mark.parametrize("asked", [{"kind": "maybe"}, {"kind": "lose", "player": "Carol"}, "lose"])
def test_a_malformed_question_is_an_error_that_says_where(asked):
    from engine.errors import ScenarioError
    from engine.scenario_json import scenario_from_json

    doc = {"players": [{"name": "Alice"}, {"name": "Bob"}], "action": {"type": "draw"}, "asked": asked}
    with pytest.raises(ScenarioError) as err:
        scenario_from_json(doc)
    assert err.value.where.startswith("asked")
