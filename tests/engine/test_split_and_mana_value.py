"""Split cards (709), mana value (202.3) and "your first/second spell each turn" (603.2), on made-up cards.

A split card's halves are told apart from a flattened text by what its lines say (a line naming a half is its, a
lone cantrip ends the spell before it) and never guessed; a half said by its name is the half cast; the whole name
asks which half when more than one half draws. A trigger on a spell "with mana value 3 or greater" is judged from
the spell's mana cost (a half's, X as said), assumed (said, the other case listed) when the cost isn't known, and
asked when a spell said by its kind leaves the value open. The spells a player cast earlier this turn decide
"your second spell each turn".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cards import CardDB, default_cards, half_said, scryfall_mana_cost
from engine.errors import Clarification, HalfNeeded, ScenarioError
from engine.judging import judge_text
from engine.mana_value import condition_of, mana_value, spell_mana_value
from engine.model import Resolution
from engine.oracle import read_oracle
from engine.oracle.split_cards import split_halves
from engine.stand_ins import said_at, stand_in, stand_in_name
from tests.engine.helpers import cast
from tests.situation_corpus.measure import drawn_by

# (type line, Oracle text, mana cost)
CARDS = {
    "Gleam // Gloom": ("Instant // Sorcery", "Exile target card from a graveyard.\nDraw a card.\nTarget player "
                       "sacrifices a creature. You gain 2 life.", "{W} // {2}{B}"),
    "Glean // Gather": ("Instant // Sorcery", "Draw a card.\n//\nTarget player draws two cards.", "{U} // {3}{U}"),
    "Surge Adept": ("Creature — Human Wizard", "Whenever you cast an instant or sorcery spell with mana value 3 or "
                    "greater, draw a card.", "{1}{U}{R}"),
    "Toll of Small Things": ("Enchantment", "Whenever an opponent casts a spell with mana value 2 or less, you may "
                             "draw a card.", "{1}{U}"),
    "Measured Owl": ("Creature — Bird", "Whenever an opponent casts a spell with mana value less than this "
                     "creature's power, draw a card.", "{2}{U}"),
    "Second Wind Sage": ("Creature — Human Monk", "Whenever you cast your second spell each turn, draw a card.",
                         "{2}{W}"),
    "Quick Study": ("Instant", "Draw a card.", "{2}{U}"),
    "Tiny Insight": ("Sorcery", "Draw a card.", "{U}"),
    "Growing Thought": ("Sorcery", "Draw X cards.", "{X}{U}"),
    "Costless Idea": ("Instant", "Draw a card.", ""),
}


def _db() -> CardDB:
    made = [replace(read_oracle(n, o, t).card(o, t), mana_cost=c) for n, (t, o, c) in CARDS.items()]
    return default_cards().with_extra(made)


def _judged(text: str) -> Resolution:
    return judge_text(text, _db())


def _texts(res: Resolution) -> str:
    return " ".join(s.text for s in res.steps)


# ------------------------------------------------------------------------------------------------ split cards
@pytest.mark.parametrize(("text", "halves"), [
    # a lone cantrip after a line that doesn't draw ends that line's half
    ("Exile target card from a graveyard.\nDraw a card.\nTarget player loses 2 life.",
     ["Exile target card from a graveyard.\nDraw a card.", "Target player loses 2 life."]),
    # a line naming a half is that half's
    ("Sift deals 2 damage to any target.\nTap target permanent.\nDraw a card.",
     ["Sift deals 2 damage to any target.", "Tap target permanent.\nDraw a card."]),
    # two lone draws in a row: either may be a half of its own, so the halves are not told
    ("Draw a card.\nDraw a card.\nEach opponent loses 2 life.", None),
    # nothing tells where the second half begins
    ("Exile target card.\nYou gain 3 life.\nTarget player draws a card.", None),
])
def test_the_halves_of_a_flattened_split_card_are_told_only_when_one_cut_fits(text: str,
                                                                               halves: list[str] | None) -> None:
    name = "Sift // Sort" if text.startswith("Sift") else "Gleam // Gloom"
    found = split_halves(name, text, "Instant // Sorcery")
    assert (None if found is None else [t for _, t, _ in found]) == halves


def test_a_split_card_read_from_flattened_text_has_one_spell_per_half() -> None:
    t, o, _ = CARDS["Gleam // Gloom"]
    reading = read_oracle("Gleam // Gloom", o, t)
    assert reading.understood and [getattr(e, "mode", "") for e in reading.effects] == ["Gleam", "Gloom"]


def test_a_half_said_by_its_name_is_the_half_cast() -> None:
    db = _db()
    card = db.find("Gloom")
    assert card is not None and card.name == "Gleam // Gloom" and half_said(card, "gloom") == "Gloom"
    res = judge_text("I cast Gather targeting myself", db)
    assert drawn_by(res)["You"] == 2 and "its half “Gather”" in _texts(res)
    res = judge_text("I cast Glean", db)
    assert drawn_by(res)["You"] == 1


def test_the_whole_name_asks_which_half_when_both_halves_draw() -> None:
    with pytest.raises(Clarification) as asked:
        _judged("I cast Glean // Gather targeting me")
    assert [o.text for o in asked.value.options] == ["I cast Glean targeting me", "I cast Gather targeting me"]


def test_a_scenario_that_cant_ask_refuses_with_the_halves() -> None:
    with pytest.raises(HalfNeeded) as refused:
        cast(_db(), {}, {"card": "Glean // Gather"})
    assert "Glean or Gather" in refused.value.hint


def test_the_whole_name_takes_the_one_half_that_draws_and_lists_the_other() -> None:
    res = cast(_db(), {}, {"card": "Gleam // Gloom", "targets": ["Bob"]}, choices={"ability:Gleam // Gloom": "Gloom"})
    assert res.players["Alice"]["hand"] == 6  # Gloom draws nothing: the half said is the half cast


# ------------------------------------------------------------------------------------------------ mana value
@pytest.mark.parametrize(("cost", "x", "value"), [
    ("{2}{U}", None, 3), ("{X}{R}", None, 1), ("{X}{R}", 4, 5), ("{2/W}{G/P}", None, 3), ("{7}", None, 7),
    ("", None, None), ("{1}{W} // {2}{B}", None, None),
])
def test_mana_value_is_the_cost_summed(cost: str, x: int | None, value: int | None) -> None:
    assert mana_value(cost, x) == value


def test_a_split_spell_has_the_mana_value_of_the_half_cast_or_both_fused() -> None:
    assert spell_mana_value("{1}{W} // {2}{B}", ["A", "B"], "B") == 3
    assert spell_mana_value("{1}{W} // {2}{B}", ["A", "B"], "both halves (fused)") == 5
    assert spell_mana_value("{1}{W} // {2}{B}", ["A", "B"], None) is None


def test_scryfall_gives_a_split_cards_cost_per_face() -> None:
    assert scryfall_mana_cost({"card_faces": [{"mana_cost": "{W}"}, {"mana_cost": "{2}{B}"}]}) == "{W} // {2}{B}"
    assert scryfall_mana_cost({"mana_cost": "{2}{U}"}) == "{2}{U}"


@pytest.mark.parametrize(("spell", "drawn"), [("Quick Study", 2), ("Tiny Insight", 1), ("Growing Thought for 3", 4)])
def test_a_trigger_on_mana_value_is_judged_by_the_spells_cost(spell: str, drawn: int) -> None:
    res = _judged(f"I control Surge Adept. I cast {spell}")
    assert drawn_by(res)["You"] == drawn
    if drawn == 1:
        assert "has mana value 1" in _texts(res)


def test_a_half_cast_has_its_own_mana_value() -> None:
    res = _judged("I control Surge Adept. I cast Gloom targeting opp")  # {2}{B}: 3
    assert drawn_by(res)["You"] == 1


def test_a_spell_whose_cost_isnt_known_is_assumed_to_fit_and_said() -> None:
    res = _judged("I control Surge Adept. I cast Costless Idea")
    assert "assumes Costless Idea has mana value 3 or greater" in _texts(res)
    assert any("mana_value_fits:Surge Adept" in b["choice"] for b in res.branches)


def test_a_condition_the_engine_cant_count_is_not_judged() -> None:
    assert condition_of("mana value less than ~'s power") is None
    with pytest.raises(ScenarioError) as refused:  # refused with its words, never judged by the types alone
        _judged("opp casts Tiny Insight, I control Measured Owl")
    assert "less than ~'s power" in str(refused.value)


@pytest.mark.parametrize(("said", "name"), [
    ("a 3-drop", "an unnamed spell with mana value 3"), ("a three drop creature", "an unnamed creature spell with "
                                                                                   "mana value 3"),
    ("a 1-mana spell", "an unnamed spell with mana value 1"), ("a 2 cmc instant", "an unnamed instant spell with "
                                                                                   "mana value 2"),
    ("an instant with mana value 4", "an unnamed instant spell with mana value 4"),
    ("a spell with a mana value of at least 5", "an unnamed spell with mana value 5 or greater"),
    ("a 5+ mana spell", "an unnamed spell with mana value 5 or greater"),
    ("a card", None),
])
def test_words_that_say_a_spells_mana_value(said: str, name: str | None) -> None:
    assert stand_in_name(said) == name
    if name is not None:
        assert stand_in(name) is not None


def test_the_words_of_a_spell_with_a_value_are_found_to_be_replaced() -> None:
    text = "opp casts a 3-drop with my toll out. do i draw?"
    at = said_at(text, "an unnamed spell with mana value 3")
    assert at is not None and text[at[0]:at[1]] == "a 3-drop"


@pytest.mark.parametrize(("text", "drawn"), [
    ("I control Surge Adept. I cast a 3-drop instant", 1), ("I control Surge Adept. I cast a 2 mana sorcery", 0),
    ("I control Surge Adept. I cast an instant with mana value 4", 1), ("opp casts a 1-drop, I have Toll of Small "
                                                                          "Things", 1),
    ("opp casts a 3 mana spell, I have Toll of Small Things", 0),
])
def test_a_spell_said_with_its_mana_value_is_judged(text: str, drawn: int) -> None:
    assert drawn_by(_judged(text)).get("You", 0) == drawn


def test_a_value_left_open_is_asked_with_values_to_click() -> None:
    with pytest.raises(Clarification) as asked:
        _judged("I control Surge Adept. I cast an instant")
    assert "mana value" in asked.value.question
    options = [o.text for o in asked.value.options]
    assert options == ["I control Surge Adept. I cast an instant with mana value 3",
                       "I control Surge Adept. I cast an instant with mana value 2"]
    assert [drawn_by(_judged(o))["You"] for o in options] == [1, 0]


def test_a_trigger_told_alone_casts_a_spell_that_fits_its_value() -> None:
    res = _judged("surge adept triggers")
    assert drawn_by(res)["You"] == 1


# ------------------------------------------------------------------------------------------------ spells this turn
@pytest.mark.parametrize(("text", "drawn"), [
    ("I control Second Wind Sage. I cast my second spell this turn", 1),
    ("I control Second Wind Sage. I cast Quick Study, my second spell this turn", 2),
    ("I control Second Wind Sage. I already cast a spell this turn. I cast Quick Study", 2),
    ("I control Second Wind Sage. I cast my third spell this turn", 0),
    ("I control Second Wind Sage. I cast my first spell this turn", 0),
    ("I control Second Wind Sage. Opp already cast a spell this turn. I cast Quick Study", 1),
])
def test_the_spells_cast_earlier_this_turn_decide_the_second_spell(text: str, drawn: int) -> None:
    assert drawn_by(_judged(text)).get("You", 0) == drawn


@pytest.mark.parametrize(("value", "drawn"), [(4, 0), (5, 1), (6, 1), (7, 1), (8, 0)])
def test_a_list_of_values_in_a_row_is_judged_whole(value: int, drawn: int) -> None:
    db = _db().with_extra([read_oracle("Span Seer", o, "Creature — Elf").card(o, "Creature — Elf") for o in [
        "Whenever you cast a creature spell with mana value 5, 6, or 7, draw a card.\nWhenever you cast a creature "
        "spell with mana value 7 or greater, you gain 1 life."]])
    res = judge_text(f"I control Span Seer. I cast a creature spell with mana value {value}", db)
    assert drawn_by(res).get("You", 0) == drawn


def test_a_compound_enters_and_cast_trigger_is_judged_on_a_cast() -> None:
    o = "When this enchantment enters and whenever you cast a spell with mana value 5 or greater, draw a card."
    db = _db().with_extra([read_oracle("Beanstalk Echo", o, "Enchantment").card(o, "Enchantment")])
    assert drawn_by(judge_text("I control Beanstalk Echo. I cast a sorcery with mana value 6", db))["You"] == 1
    assert drawn_by(judge_text("I control Beanstalk Echo. I cast Tiny Insight", db))["You"] == 1  # its own draw only
