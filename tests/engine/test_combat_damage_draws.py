"""Combat triggers that draw: "whenever ~ deals combat damage to a player", "whenever ~ attacks", "whenever a creature
you control deals combat damage to a player", "one or more creatures ... deal combat damage" (once, 603.2c), "its
controller may draw" (the creature's controller), an Aura's "enchanted creature deals damage to an opponent".

Made-up cards (read from Oracle text as the bot reads a card it looks up), so each test checks a pattern of words
or of telling, never one real card. The reader turns the event told ("my X deals combat damage to opp", "3 of my
creatures connect", "I attack with X and it isn't blocked") into a ``combat`` action; the resolver triggers what
waits for it, and refuses what it can't carry out (double strike, trample through a blocker, an unnamed creature
whose kind decides), never guessing.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import CardDB
from engine.errors import Clarification, ScenarioError, SituationError
from engine.judging import judge_text
from engine.model import Resolution
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Gill Snake": ("Creature — Snake", "Whenever this creature deals combat damage to a player, you may draw a card."),
    "Tide Raider": ("Creature — Merfolk", "Flying\nWhenever this creature attacks, draw a card."),
    "Raiding Charter": ("Enchantment", "Whenever a creature you control deals combat damage to a player, draw a card."),
    "Pack Banner": ("Enchantment",
                    "Whenever one or more creatures you control deal combat damage to a player, draw a card."),
    "Warlord Edra": ("Legendary Creature — Elf Noble",
                     "Whenever a creature deals combat damage to one of your opponents, its controller may draw a "
                     "card."),
    "Keen Sight": ("Enchantment — Aura",
                   "Enchant creature\nWhenever enchanted creature deals damage to an opponent, you may draw a card."),
    "Twin Blade Duelist": ("Creature — Human Warrior",
                           "Double strike\nWhenever this creature deals combat damage to a player, draw a card."),
    "Trampling Brute": ("Creature — Beast",
                        "Trample\nWhenever this creature deals combat damage to a player, draw a card."),
    "Saurian Lookout": ("Creature — Dinosaur", "Vigilance"),
    "Dino Herald": ("Enchantment", "Whenever a Dinosaur you control deals combat damage to a player, draw a card."),
    "War Chant": ("Enchantment", "Whenever you attack, draw a card."),
    "Lone Scout": ("Creature — Human Scout", "Whenever this creature attacks alone, draw a card."),
}


def _db() -> CardDB:
    return made_cards(CARDS)


def _combat(me: list[str], action: dict[str, Any], opp: list[str] | None = None,
            choices: dict[str, Any] | None = None) -> Resolution:
    doc: dict[str, Any] = {
        "players": [{"name": "You", "hand": 3, "library": 30, "battlefield": me},
                    {"name": "Opponent", "hand": 3, "library": 30, "battlefield": opp or []}],
        "action": {"type": "combat", "player": "You", **action}}
    if choices:
        doc["choices"] = choices
    db = _db()
    return resolve(scenario_from_json(doc, db), db)


def _drawn(res: Resolution, who: str = "You") -> int:
    return drawn_by(res)[who]


# --- the resolver ---------------------------------------------------------------------------------------------

def test_its_own_combat_damage_trigger_is_a_may_with_both_lines() -> None:
    res = _combat(["Gill Snake"], {"attackers": ["Gill Snake"], "ability": "damage"})
    assert _drawn(res) == 1
    assert res.answer["kind"] == "choice"
    assert {line["outcome"] for line in res.answer["lines"]} == {"you draw 1 card", "No card is drawn"}
    assert {"510.2", "603.2"} <= set(res.rules)
    declined = _combat(["Gill Snake"], {"attackers": ["Gill Snake"], "ability": "damage"},
                       choices={"may:Gill Snake:draw": False})
    assert _drawn(declined) == 0


def test_one_trigger_for_each_copy_that_attacks() -> None:
    assert _drawn(_combat(["Tide Raider", "Tide Raider"], {"attackers": ["Tide Raider"] * 2, "count": 2})) == 2
    assert _drawn(_combat(["Tide Raider", "Tide Raider"], {"attackers": ["Tide Raider"], "ability": "attack"})) == 1


def test_each_creature_you_control_dealing_damage_triggers_once() -> None:
    res = _combat(["Raiding Charter"], {"count": 3, "ability": "damage"})
    assert _drawn(res) == 3
    assert "603.3b" in res.rules


def test_one_or_more_creatures_trigger_once_per_damaged_player() -> None:
    res = _combat(["Pack Banner"], {"count": 4})
    assert _drawn(res) == 1
    assert "603.2c" in res.rules


def test_its_controller_draws_for_its_own_creatures_only_against_its_opponents() -> None:
    assert _drawn(_combat(["Warlord Edra"], {"count": 2, "ability": "damage"})) == 2
    # the creatures hit Edra's controller: not one of their opponents, nothing triggers
    assert _drawn(_combat([], {"count": 2, "ability": "damage"}, opp=["Warlord Edra"]), "Opponent") == 0


def test_an_aura_on_an_attacker_is_assumed_said_and_the_other_case_listed() -> None:
    res = _combat(["Keen Sight", "Gill Snake"], {"attackers": ["Gill Snake"], "ability": "damage"},
                  choices={"may:Gill Snake:draw": False})
    assert _drawn(res) == 1
    assert any("Keen Sight is on Gill Snake" in s.text for s in res.steps)
    off = _combat(["Keen Sight", "Gill Snake"], {"attackers": ["Gill Snake"], "ability": "damage"},
                  choices={"attached:Keen Sight": "a creature not among them", "may:Gill Snake:draw": False})
    assert _drawn(off) == 0


def test_a_blocked_creature_deals_no_damage_to_the_player() -> None:
    res = _combat(["Gill Snake", "Raiding Charter"], {"attackers": ["Gill Snake"], "blocked": ["Gill Snake"]})
    assert _drawn(res) == 0
    assert any("was blocked" in s.text for s in res.steps)


def test_whenever_you_attack_triggers_once() -> None:
    assert _drawn(_combat(["War Chant"], {"count": 3, "ability": "attack"})) == 1


@pytest.mark.parametrize("me,action,words", [
    (["Twin Blade Duelist"], {"attackers": ["Twin Blade Duelist"]}, "double strike"),
    (["Trampling Brute"], {"attackers": ["Trampling Brute"], "blocked": ["Trampling Brute"]}, "trample"),
    (["Dino Herald"], {"count": 2}, "Dinosaur"),
    (["Gill Snake"], {"count": 2}, "name the attacking creatures"),
    (["Lone Scout"], {"attackers": ["Lone Scout"], "ability": "attack"}, "attacks alone"),
])
def test_what_it_cannot_carry_out_is_refused_with_its_words(me: list[str], action: dict[str, Any],
                                                            words: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        _combat(me, action)
    assert words in str(exc.value.message) + str(exc.value.hint)


def test_a_kind_named_on_a_named_creature_is_judged_by_its_type_line() -> None:
    assert _drawn(_combat(["Dino Herald", "Saurian Lookout", "Gill Snake"],
                          {"attackers": ["Saurian Lookout", "Gill Snake"], "ability": "damage"},
                          choices={"may:Gill Snake:draw": False})) == 1


def test_only_the_active_player_attacks() -> None:
    doc = {"players": [{"name": "You"}, {"name": "Opponent"}], "active": "You",
           "action": {"type": "combat", "player": "Opponent", "count": 1}}
    with pytest.raises(ScenarioError):
        resolve(scenario_from_json(doc, _db()), _db())


# --- the reader -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,who,n", [
    ("My Gill Snake deals combat damage to my opponent. I choose to draw. How many cards do I draw?", "You", 1),
    ("I attack with Tide Raider and it isn't blocked. how many do I draw?", "You", 1),
    ("3 of my creatures connect. I control Raiding Charter. how many do I draw?", "You", 3),
    ("I swing with 3 creatures and they aren't blocked, Raiding Charter out, how many do I draw?", "You", 3),
    ("I control Raiding Charter. I attack with 3 creatures and they are blocked. how many do I draw?", "You", 0),
    ("I control Pack Banner. I attack with 3 creatures and they aren't blocked. How many cards do I draw?", "You", 1),
    ("Tide Raider attacks. how many do I draw?", "You", 1),
    ("Opponent controls Warlord Edra. Opponent's 2 creatures hit me. how many does opp draw?", "Opponent", 2),
    ("3 of his creatures connect. he controls Raiding Charter", "Opponent", 3),
    ("Gill Snake attacks and is blocked. do I draw?", "You", 0),
])
def test_combat_told_as_players_tell_it(text: str, who: str, n: int) -> None:
    assert _drawn(judge_text(text, _db()), who) == n, text


def test_an_attack_with_no_word_of_damage_is_asked_when_a_trigger_waits_for_damage() -> None:
    with pytest.raises(Clarification) as asked:
        judge_text("I swing with 3 creatures, Raiding Charter out, how many do I draw?", _db())
    drawn = sorted(_drawn(judge_text(o.text, _db())) for o in asked.value.options)
    assert drawn == [0, 3]


def test_an_attack_alone_is_not_asked_when_nothing_waits_for_damage() -> None:
    res = judge_text("I control War Chant. I attack with 2 creatures. How many cards do I draw?", _db())
    assert _drawn(res) == 1


def test_a_life_question_about_untold_combat_damage_is_refused_not_answered() -> None:
    with pytest.raises(SituationError) as exc:
        judge_text("Opponent is at 1 life. 3 of my creatures connect. Does he lose?", _db())
    assert "how much" in exc.value.message


def test_a_damage_told_is_dealt_and_counted_by_that_many() -> None:
    db = made_cards({**CARDS, "Storm Serpent": ("Creature — Serpent",
                                                "Whenever this creature deals combat damage to a player, you and "
                                                "that player each draw that many cards.")})
    res = judge_text("My Storm Serpent hits opp for 3. How many cards do I draw?", db)
    assert drawn_by(res) == {"You": 3, "Opponent": 3}
    assert res.players["Opponent"]["life"] == 17  # 120.3a: the damage told is dealt
    with pytest.raises(ScenarioError):
        judge_text("My Storm Serpent connects. How many cards do I draw?", db)


def test_one_or_more_attacking_draws_that_many_counts_the_creatures_of_its_kind() -> None:
    db = made_cards({**CARDS, "Dragon Sire": ("Legendary Creature — Dragon Avatar",
                                              "Whenever one or more Dragons you control attack, draw that many cards."),
                     "Wyrmling": ("Creature — Dragon", "Flying")})
    doc = {"players": [{"name": "You", "hand": 3, "library": 30, "battlefield": ["Dragon Sire"]}, {"name": "Opponent"}],
           "action": {"type": "combat", "player": "You", "ability": "attack",
                      "attackers": ["Dragon Sire", "Wyrmling", "Wyrmling", "Gill Snake"]}}
    assert drawn_by(resolve(scenario_from_json(doc, db), db))["You"] == 3


def test_a_spell_that_hits_a_player_is_no_combat() -> None:
    with pytest.raises(SituationError):
        judge_text("I control Raiding Charter. My opponent's Brainstorm hits me. How many cards do I draw?", _db())


def test_a_plural_kind_ending_in_ies_is_judged_by_its_singular() -> None:
    db = made_cards({**CARDS, "Ally Banner": ("Enchantment", "Whenever one or more Allies you control deal combat "
                                                             "damage to a player, draw a card."),
                     "Kor Ally": ("Creature — Kor Ally", "Vigilance")})
    doc = {"players": [{"name": "You", "battlefield": ["Ally Banner"]}, {"name": "Opponent"}],
           "action": {"type": "combat", "player": "You", "attackers": ["Kor Ally", "Kor Ally"], "ability": "damage"}}
    assert drawn_by(resolve(scenario_from_json(doc, db), db))["You"] == 1


@pytest.mark.parametrize(("said", "drawn"), [
    ("i swing with Hit Lizard, opp doesn't block", {"You": 1}),
    ("i attack with Hit Lizard and he didn't block", {"You": 1}),
    ("i attack with Hit Lizard and opp blocks it", {}),
])
def test_blocks_said_by_the_defending_player(said: str, drawn: dict[str, int]) -> None:
    db = made_cards({"Hit Lizard": ("Creature — Lizard", "Whenever Hit Lizard deals combat damage to a player, draw "
                                                         "a card.")})
    assert dict(drawn_by(judge_text(said, db))) == drawn
