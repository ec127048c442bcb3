"""Defaults that follow the game (#26k): a fact the situation doesn't say is filled in the way the game goes, said,
with the other outcome listed when it changes the answer. Made-up cards of each Oracle template, never one card.

- An optional additional cost (kicker 702.33, bargain 702.166, gift 702.174) is the caster's choice as the spell is
  cast (601.2b): "I cast X" is the plain cast, not kicked.
- A player target the situation doesn't name is chosen by the caster (601.2c, 603.3d): an instruction to draw aims
  at its controller, anything else at the one opponent; "target opponent" never at its controller (115.1); with
  several opponents, the player is asked. Never the caster silently.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import ScenarioError
from engine.model import Resolution
from engine.resolve import resolve
from engine.situation import parse_situation
from tests.engine.helpers import cast, made_cards

CARDS = {
    "Arcane Study": ("Sorcery", "Kicker {2}{U} (You may pay an additional {2}{U} as you cast this spell.)\nDraw a "
                                "card. If this spell was kicked, draw two cards instead."),
    "Sage of Tides": ("Creature — Human Wizard", "Kicker {1}{U}\nWhen this creature enters, if it was kicked, draw "
                                                "two cards."),
    "Bargain Tome": ("Sorcery", "Bargain (You may sacrifice an artifact, enchantment, or token as you cast this "
                                "spell.)\nDraw a card. If this spell was bargained, draw two cards instead."),
    "Cheap Bargain": ("Sorcery", "You may pay {1}{B} rather than pay this spell's mana cost.\nIf the {1}{B} cost was "
                                 "paid, an opponent draws a card.\nDraw two cards."),
    "Gifted Lore": ("Sorcery", "Gift a card (You may promise an opponent a gift as you cast this spell. If you do, "
                               "they draw a card before its other effects.)\nDraw two cards."),
}
TARGETING = {
    "Spark Lance": ("Instant", "Spark Lance deals 3 damage to any target."),
    "Bleeding Word": ("Sorcery", "Target opponent loses 3 life. Draw a card."),
    "Ember Note": ("Sorcery", "Ember Note deals 2 damage to target player or planeswalker. That player discards a "
                              "card."),
    "Ledger Gift": ("Sorcery", "Target player draws two cards."),
    "Mind Rot Note": ("Sorcery", "Target player discards two cards."),
    "Spite Warden": ("Creature — Spirit", "When this creature enters, target opponent loses 2 life."),
    "Quiet Tutor": ("Creature — Human", "Whenever you cast an instant or sorcery spell, target opponent draws a "
                                        "card."),
    "Calm Thought": ("Instant", "Draw a card."),
    "Palace Offer": ("Sorcery", "Target opponent may have you draw two cards. If that player doesn't, you gain 4 "
                                "life."),
}
DB = made_cards({**CARDS, **TARGETING})


def hand(res: Resolution, who: str = "Alice") -> int:
    return int(res.players[who]["hand"])


def said(text: str) -> Resolution:
    return resolve(parse_situation(text, DB), DB)


@pytest.mark.parametrize(("card", "plain", "paid", "who"), [
    ("Arcane Study", 7, 8, "Alice"),  # hand 6 after casting, +1 or +2
    ("Bargain Tome", 7, 8, "Alice"),
    ("Gifted Lore", 7, 8, "Bob"),  # the gift: Bob draws only if it was promised
    ("Cheap Bargain", 7, 8, "Bob"),  # an alternative cost (118.9): the mana cost unless said
])
def test_an_optional_additional_cost_unsaid_is_not_paid_said_with_the_paid_line(card: str, plain: int, paid: int,
                                                                                 who: str) -> None:
    res = cast(DB, {}, {"card": card})
    assert hand(res, who) == plain
    assumed = [s for s in res.steps if s.kind == "assumption"]
    assert assumed and "601.2b" in assumed[0].rules and "false" in assumed[0].text
    assert any(hand_of(b, who) == paid for b in res.branches)


def hand_of(branch: dict[str, Any], who: str) -> int:
    return int(branch["players"][who]["hand"])


def test_a_said_cost_is_followed_by_the_condition_or_by_the_caster_kind() -> None:
    # the contract's condition key, as the shared situations give it, and the reader's "kicked:<caster>"
    assert hand(cast(DB, {}, {"card": "Arcane Study"}, choices={"condition:this spell was kicked": True})) == 8
    assert hand(cast(DB, {}, {"card": "Arcane Study"}, choices={"kicked:Alice": True})) == 8
    res = cast(DB, {}, {"card": "Arcane Study"}, choices={"kicked:Alice": False})
    assert hand(res) == 7 and not any(s.kind == "assumption" for s in res.steps)


def test_an_intervening_if_kicked_on_a_permanent_is_not_kicked_unless_said() -> None:
    res = cast(DB, {}, {"card": "Sage of Tides", "ability": "enters"})
    assert hand(res) == 7 and any(b["players"]["Alice"]["hand"] == 9 for b in res.branches)
    assert hand(cast(DB, {}, {"card": "Sage of Tides", "ability": "enters"}, choices={"kicked:Alice": True})) == 9


@pytest.mark.parametrize(("text", "drawn"), [
    ("I cast Arcane Study.", 1),
    ("I cast Arcane Study with kicker.", 2),
    ("I cast Arcane Study and kick it.", 2),
    ("I kick Arcane Study.", 2),
    ("I cast Arcane Study, kicked.", 2),
    ("I cast Arcane Study paying the kicker.", 2),
    ("I cast Arcane Study and pay the kicker.", 2),
    ("I cast Arcane Study without kicker.", 1),
    ("I cast Arcane Study and don't kick it.", 1),
    ("Bob casts Arcane Study with kicker. How many cards does he draw?", 2),
    ("I cast Bargain Tome and bargain it.", 2),
])
def test_the_reader_hears_kicked_said_in_a_players_words(text: str, drawn: int) -> None:
    who = "Bob" if text.startswith("Bob") else "You"
    card = "Bargain Tome" if "Bargain" in text else "Arcane Study"
    plain = said(f"{who.replace('You', 'I')} {'casts' if who == 'Bob' else 'cast'} {card}.")
    res = said(text)
    assert plain.players[who]["library"] - res.players[who]["library"] == drawn - 1, text


def life(res: Resolution, who: str) -> int:
    return int(res.players[who]["life"])


@pytest.mark.parametrize("card", ["Spark Lance", "Bleeding Word", "Ember Note", "Mind Rot Note"])
def test_an_unnamed_player_target_of_a_harmful_effect_is_the_one_opponent_said(card: str) -> None:
    res = cast(DB, {}, {"card": card}, {"hand": 7})
    alice, bob = res.players["Alice"], res.players["Bob"]
    assert life(res, "Alice") == 20 and alice["graveyard"] == 1  # nothing of it reaches its caster
    assert life(res, "Bob") < 20 or bob["hand"] < 7
    assert any(s.kind == "assumption" and "601.2c" in s.rules for s in res.steps)


def test_the_caster_as_target_is_an_alternative_only_where_the_words_allow_it() -> None:
    lance = cast(DB, {}, {"card": "Spark Lance"})
    assert any(b["players"]["Alice"]["life"] == 17 for b in lance.branches)
    word = cast(DB, {}, {"card": "Bleeding Word"})
    assert not any(b["players"]["Alice"]["life"] != 20 for b in word.branches)  # "target opponent": 115.1
    with pytest.raises(ScenarioError, match="only an opponent"):
        cast(DB, {}, {"card": "Bleeding Word", "targets": ["Alice"]})


def test_an_unnamed_target_of_a_draw_is_its_controller_said_with_the_opponent_as_the_other_line() -> None:
    res = cast(DB, {}, {"card": "Ledger Gift"})
    assert hand(res) == 8 and hand(res, "Bob") == 7
    assert any(s.kind == "assumption" and "601.2c" in s.rules for s in res.steps)
    assert any(b["players"]["Bob"]["hand"] == 9 for b in res.branches)


def test_a_triggered_ability_aimed_at_a_player_is_aimed_by_its_controller_not_at_the_events_player() -> None:
    # "whenever you cast ..., target opponent draws a card": the opponent draws, never the caster (603.3d, 115.1)
    res = cast(DB, {"battlefield": ["Quiet Tutor"]}, {"card": "Calm Thought"}, {"hand": 7})
    assert hand(res) == 7 and hand(res, "Bob") == 8
    res = cast(DB, {}, {"card": "Spite Warden", "ability": "enters"}, {"life": 20})
    assert life(res, "Bob") == 18 and life(res, "Alice") == 20


def test_several_opponents_and_no_natural_target_is_a_question() -> None:
    doc_bob = {"hand": 7}
    from engine.resolve import resolve as run
    from engine.scenario_json import scenario_from_json

    doc = {"players": [{"name": "Alice", "hand": 7, "library": 40}, {"name": "Bob", **doc_bob}, {"name": "Cara"}],
           "action": {"type": "cast", "player": "Alice", "card": "Spark Lance"}}
    with pytest.raises(ScenarioError, match="which one") as asked:
        run(scenario_from_json(doc, DB), DB)
    assert "Bob" in asked.value.hint and "Cara" in asked.value.hint
    doc["action"]["targets"] = ["Cara"]  # type: ignore[index]
    said_res = run(scenario_from_json(doc, DB), DB)
    assert said_res.players["Cara"]["life"] == 17 and said_res.players["Bob"]["life"] == 20


def test_the_question_of_a_target_among_several_opponents_has_one_click_answers() -> None:
    from engine.errors import Clarification
    from engine.judging import judge_text

    text = "I cast Spark Lance. Bob has 20 life. Cara has 20 life. It is a game of 3 players."
    try:
        res = judge_text(text, DB)
    except Clarification as asked:
        labels = [o.label for o in asked.options]
        assert any("Bob" in label for label in labels) and any("Cara" in label for label in labels)
        picked = judge_text(next(o.text for o in asked.options if "Cara" in o.label), DB)
        assert picked.players["Cara"]["life"] == 17 and picked.players["Bob"]["life"] == 20
    else:  # the reader seated only two players: then the one opponent, said
        assert len(res.players) == 2


def test_a_target_opponent_who_decides_is_asked_for_among_several_and_taken_when_alone() -> None:
    from engine.resolve import resolve as run
    from engine.scenario_json import scenario_from_json

    doc = {"players": [{"name": "Alice", "hand": 7, "library": 40}, {"name": "Bob"}, {"name": "Cara"}],
           "action": {"type": "cast", "player": "Alice", "card": "Palace Offer"}}
    with pytest.raises(ScenarioError, match="which one"):
        run(scenario_from_json(doc, DB), DB)
    alone = cast(DB, {}, {"card": "Palace Offer"})
    assert any(b["players"]["Alice"]["life"] == 24 or b["players"]["Alice"]["hand"] == 8 for b in alone.branches)
