"""A spell said by its kind, not its name ("opp casts a noncreature spell"), and a trigger on casting told alone
("mystic remora trigger, opp doesn't pay"): the spell is a stand-in whose casting is judged (601.2, 603.2) and
whose own effect is said not to be; a kind the words leave open is asked, each option reading whole.

Made-up cards carry the patterns: a "may draw unless that player pays" tax on noncreature spells and on any
spell, and "whenever you cast an instant or sorcery spell, draw a card".
"""

from __future__ import annotations

import pytest

from engine.cards import CardDB
from engine.errors import Clarification, ScenarioError, SituationError
from engine.judging import judge_text
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.stand_ins import fits, kind_options, stand_in, stand_in_name
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Tithe Eel": ("Creature — Fish", "Whenever an opponent casts a noncreature spell, you may draw a card unless "
                                     "that player pays {4}."),
    "Scholar's Toll": ("Enchantment", "Whenever an opponent casts a spell, you may draw a card unless that player "
                                      "pays {1}."),
    "Spellwise Owl": ("Creature — Bird Wizard", "Flying\nWhenever you cast an instant or sorcery spell, draw a card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


@pytest.mark.parametrize(("said", "name"), [
    ("a spell", "an unnamed spell"), ("a noncreature spell", "an unnamed noncreature spell"),
    ("a non-creature spell", "an unnamed noncreature spell"), ("an instant", "an unnamed instant spell"),
    ("an instant or sorcery", "an unnamed instant or sorcery spell"), ("another spell", "an unnamed spell"),
    ("a creature", "an unnamed creature spell"), ("Brainstorm", None), ("a card", None), ("an or spell", None),
])
def test_words_that_say_a_spell_by_its_kind(said: str, name: str | None) -> None:
    assert stand_in_name(said) == name


def test_a_kind_fits_a_trigger_only_when_every_spell_of_it_would() -> None:
    any_spell, noncreature = stand_in("an unnamed spell"), stand_in("an unnamed noncreature spell")
    artifact = stand_in("an unnamed artifact spell")
    assert any_spell is not None and noncreature is not None and artifact is not None
    assert fits(noncreature, [], ["creature"]) is True
    assert fits(stand_in("an unnamed creature spell"), [], ["creature"]) is False  # type: ignore[arg-type]
    assert fits(any_spell, [], ["creature"]) is None
    assert fits(artifact, [], ["creature"]) is None  # an artifact creature spell is one
    assert kind_options(artifact, [], ["creature"]) == ["a noncreature artifact spell", "an artifact creature spell"]
    assert kind_options(any_spell, ["instant", "sorcery"], []) == ["an instant or sorcery spell", "a creature spell"]


def test_a_noncreature_spell_triggers_the_tax_and_its_own_effect_is_said_not_judged() -> None:
    res = judge_text("opp casts a noncreature spell with my Tithe Eel out, doesn't pay. i have 0 cards in "
                     "library. do i lose?", _db())
    assert res.losers == []  # the "may" declined by default, the other line given
    lines = [alt for alt in res.branches if "Tithe Eel" in str(alt)]
    assert lines, res.branches
    assert any(s.kind == "assumption" and "not judged" in s.text and "601.2" in s.rules for s in res.steps)
    assert res.players["Opponent"]["hand"] == 6  # the spell left its caster's hand (601.2a)


def test_a_creature_spell_doesnt_trigger_a_noncreature_tax_and_says_why() -> None:
    res = judge_text("I have Tithe Eel, opp casts a creature spell", _db())
    assert drawn_by(res) == {}
    assert any(s.kind == "why_not" and "603.2" in s.rules and "Tithe Eel" in s.text for s in res.steps)


def test_a_spell_the_trigger_cant_judge_is_asked_and_each_option_reads() -> None:
    text = "I have Tithe Eel, opp casts a spell and doesn't pay"
    with pytest.raises(Clarification) as asked:
        judge_text(text, _db())
    options = asked.value.options
    assert [o.label for o in options] == ["a noncreature spell", "a creature spell"]
    assert "603.2" in asked.value.question and asked.value.words == "a spell"
    yes, no = (judge_text(o.text, _db()) for o in options)
    assert any(s.source == "Tithe Eel" or "Tithe Eel" in s.text for s in yes.steps if s.kind != "why_not")
    assert any(s.kind == "why_not" for s in no.steps)


def test_any_spell_triggers_a_tax_on_every_spell_without_asking() -> None:
    res = judge_text("I have Scholar's Toll, opp casts a spell and doesn't pay", _db())
    lines = str(res.branches) + str(res.ruling)
    assert "Scholar's Toll" in lines


def test_a_cast_trigger_of_the_casters_own_spells_by_kind() -> None:
    db = _db()
    assert drawn_by(judge_text("I control Spellwise Owl and I cast an instant", db)) == {"You": 1}
    assert drawn_by(judge_text("I control Spellwise Owl and I cast a creature spell", db)) == {}
    with pytest.raises(Clarification) as asked:
        judge_text("I control Spellwise Owl and I cast a spell", db)
    assert [o.label for o in asked.value.options] == ["an instant or sorcery spell", "a creature spell"]


def test_a_sorcery_said_by_its_kind_keeps_its_timing() -> None:
    with pytest.raises(ScenarioError, match="307.1"):
        judge_text("I have Tithe Eel. it's my turn and opp casts a sorcery", _db())


def test_a_trigger_on_casting_told_alone_is_the_spell_cast_by_the_player_it_names() -> None:
    res = judge_text("tithe eel trigger, opp doesn't pay, i have an empty library. do i have to draw?", _db())
    assert res.answer["text"].startswith("No — your choice")
    assert any("Tithe Eel read as yours" in a for a in res.assumed)
    assert res.players["Opponent"]["hand"] == 6  # the opponent cast the spell that triggered it
    theirs = judge_text("opp's tithe eel triggers, i don't pay. how many cards does he draw?", _db())
    assert theirs.players["You"]["hand"] == 6


def test_a_trigger_told_of_a_card_that_doesnt_trigger_on_casting_is_not_a_cast() -> None:
    db = made_cards({"Quiet Owl": ("Creature — Bird", "Flying\nWhenever an opponent draws a card, you gain 1 life.")})
    with pytest.raises(SituationError) as refused:
        judge_text("opp has Quiet Owl, quiet owl triggers, i draw 2", db)
    assert "unnamed" not in str(refused.value)


def test_must_i_draw_is_no_only_when_the_draw_is_the_players_choice() -> None:
    db = _db()
    forced = judge_text("opp casts Brainstorm with my Scholar's Toll out. must he draw?", db)
    assert forced.answer["text"].startswith("Yes")
    chosen = judge_text("opp casts Brainstorm with my Scholar's Toll out and doesn't pay. do I have to draw?", db)
    assert chosen.answer["text"].startswith("No — your choice")


def test_a_json_scenario_may_name_a_stand_in() -> None:
    db = _db()
    doc = {"players": [{"name": "Alice", "battlefield": ["Scholar's Toll"]}, {"name": "Bob"}],
           "action": {"type": "cast", "player": "Bob", "card": "an unnamed noncreature spell"},
           "choices": {"tax:Scholar's Toll:Bob": False}}
    res = resolve(scenario_from_json(doc, db), db)
    assert any(s.kind == "assumption" and "not judged" in s.text for s in res.steps)


def test_a_tax_paid_is_the_reason_nothing_is_drawn() -> None:
    res = judge_text("i have Scholar's Toll, opp cast a spell, he paid. do i draw?", _db())
    assert res.answer["text"].startswith("No")
    assert "Opponent paid {1}" in res.ruling["text"] and "608.2c" in res.ruling["rules"]
    assert "Scholar's Toll triggers" not in res.ruling["text"]


def test_does_he_draw_of_his_own_may_gives_both_lines() -> None:
    res = judge_text("opp has Tithe Eel. I cast a sorcery and don't pay the 4. does he draw?", _db())
    assert res.answer["text"].startswith("Opponent's choice")


@pytest.mark.parametrize(("text", "caster", "card"), [
    ("Scholar's Toll triggered off my opponent's spell and he didn't pay", "Opponent", "an unnamed spell"),
    ("my tithe eel triggers off opp's Brainstorm, he doesnt pay", "Opponent", "Brainstorm"),
    ("opp's Scholar's Toll triggered on my creature spell, i paid", "You", "an unnamed creature spell"),
])
def test_a_trigger_told_with_the_spell_it_triggered_off(text: str, caster: str, card: str) -> None:
    res = judge_text(text, _db())
    cast = next(s for s in res.steps if s.kind == "cast")
    assert cast.player == caster and card in cast.text


@pytest.mark.parametrize(("said", "treasures"), [("pay for 1 of them", 2), ("pay twice", 1),
                                                   ("pay for all of them", 0), ("pay 3 times", 0)])
def test_a_tax_paid_some_of_the_times_counts_each_trigger(said: str, treasures: int) -> None:
    db = made_cards({"Coin Warden": ("Enchantment", "Whenever an opponent draws a card, that player may pay {2}. If "
                                                    "the player doesn't, you create a Treasure token.")})
    res = judge_text(f"opp has Coin Warden, i cast Brainstorm and {said}. how many treasures does he get?", db)
    made = sum(s.repeat for s in res.steps if s.kind == "token" and s.player == "Opponent")
    assert made == treasures
    if 0 < treasures < 3:
        assert f"{3 - treasures} of them did nothing" in res.ruling["text"]


def test_a_tax_paid_for_one_card_only_is_that_cards() -> None:
    db = _db()
    res = judge_text("opp casts a noncreature spell. I have Scholar's Toll and Tithe Eel. he pays for tithe eel but "
                     "not for scholar's toll. how many do I draw?", db)
    drawn = {line.get("outcome", "") for line in res.answer.get("lines", [])} | {res.answer["text"]}
    assert any("1 card" in said for said in drawn) and not any("2 cards" in said for said in drawn)
    facts = " ".join(f["fact"] if "fact" in f else str(f) for f in res.understood)
    assert "pays the tax for Tithe Eel" in facts and "pay the tax for Scholar's Toll" in facts


@pytest.mark.parametrize("text", [
    "opp casts a creature during my turn, i have Tithe Eel",  # read by the parts reader (a time word in the clause)
    "opp casts a creature with flash, i have Tithe Eel",
])
def test_a_creature_spell_said_with_more_words_is_read(text: str) -> None:
    res = judge_text(text, _db())
    assert any(s.kind == "why_not" and "Tithe Eel" in s.text for s in res.steps)


def test_several_spells_are_refused_one_cast_at_a_time() -> None:
    with pytest.raises(SituationError, match="one cast at a time"):
        judge_text("opp casts two spells with my Scholar's Toll out and doesn't pay", _db())


def test_a_story_that_names_a_draw_card_is_never_another_topics_question() -> None:
    with pytest.raises(SituationError) as refused:
        judge_text("in response to opp's spell I cast Brainstorm. he has Scholar's Toll and I don't pay", _db())
    assert not getattr(refused.value, "out_of_scope", False)


def test_a_json_scenario_whose_stand_in_kind_is_open_gets_an_error_naming_the_kinds() -> None:
    db = _db()
    doc = {"players": [{"name": "Alice", "battlefield": ["Tithe Eel"]}, {"name": "Bob"}],
           "action": {"type": "cast", "player": "Bob", "card": "an unnamed spell"}}
    with pytest.raises(ScenarioError) as refused:
        resolve(scenario_from_json(doc, db), db)
    assert "an unnamed noncreature spell" in refused.value.hint and "603.2" not in refused.value.hint


def test_a_trigger_on_any_players_spell_told_alone_asks_whose_spell_and_each_option_reads() -> None:
    db = made_cards({"Rune Owl": ("Creature — Bird", "Whenever a player casts an instant spell, that player draws a "
                                                     "card.")})
    with pytest.raises(Clarification) as asked:
        judge_text("rune owl triggers. who draws?", db)
    drawn = [drawn_by(judge_text(o.text, db)) for o in asked.value.options]
    assert drawn == [{"You": 1}, {"Opponent": 1}]


@pytest.mark.parametrize("said", ["he says no pay", "he refuses to pay", "doesnt pay scholar's toll", "no payment",
                                  "he chose not to pay", "he decided not to pay"])
def test_a_tax_not_paid_said_the_ways_players_say_it(said: str) -> None:
    res = judge_text(f"I have Scholar's Toll, opp casts a spell, {said}. do i draw?", _db())
    assert res.answer["text"].startswith("Your choice")  # the tax unpaid: whether to draw is the asker's "may"


def test_a_may_declined_alone_is_not_read_as_a_tax() -> None:
    with pytest.raises(SituationError):
        judge_text("I have Scholar's Toll, opp casts a spell, he declines. do i draw?", _db())


def test_a_tax_not_paid_for_one_card_but_paid_for_the_other() -> None:
    res = judge_text("opp casts a noncreature spell. I have Scholar's Toll and Tithe Eel. he doesn't pay for scholar's "
                     "toll but pays for tithe eel. how many do I draw?", _db())
    facts = " ".join(str(f) for f in res.understood)
    assert "pays the tax for Tithe Eel" in facts and "pay the tax for Scholar's Toll" in facts


@pytest.mark.parametrize("said", ["opp cast a non creature spell, no pay", "opp casts smth and doesnt pay",
                                  "opp casts something and doesn't pay"])
def test_a_spell_said_loosely_is_a_stand_in(said: str) -> None:
    res = judge_text(f"i have Scholar's Toll and {said}", _db())
    assert any(s.kind == "cast" and "unnamed" in s.text for s in res.steps)
    assert res.answer["text"].startswith("Your choice")


def test_a_card_named_in_the_plural_with_ies_is_counted() -> None:
    db = made_cards({"Scholar's Study": ("Enchantment", "Whenever an opponent casts a spell, you may draw a card "
                                                        "unless that player pays {1}.")})
    res = judge_text("2 scholar's studies on my side, opp casts a spell and doesn't pay. how many can i draw?", db)
    assert "2 cards" in res.answer["text"] + str(res.answer.get("lines"))


def test_a_question_about_a_card_with_no_situation_points_to_its_rulings() -> None:
    with pytest.raises(SituationError) as refused:
        judge_text("does Scholar's Toll trigger off a copy?", _db())
    assert "no situation" in refused.value.message and "/ruling Scholar's Toll" in refused.value.hint


def test_a_tax_said_of_a_trigger_with_a_mana_value_casts_a_spell_of_that_value() -> None:
    # the spell a tax tells of was named apart from the one "<card> triggers" tells of, and asserted on this kind
    db = made_cards({"Big Tithe": ("Enchantment", "Whenever an opponent casts a spell with mana value 5 or greater, "
                                                  "you may draw a card unless that player pays {1}.")})
    res = judge_text("if opp doesn't pay for my big tithe, do i have to draw?", db)
    assert res.answer["text"].startswith("No — your choice")
    assert any(s.kind == "cast" and "mana value 5 or greater" in s.text for s in res.steps)
