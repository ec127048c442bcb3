"""Patterns found by reading development cards resolved in their natural situation as a judge would (#26):
each a made-up card from the same Oracle template, so the pattern is tested, never one card's name."""

from __future__ import annotations

from typing import Any

from engine.model import Resolution
from tests.engine.helpers import cast, made_cards

TEST_CARDS = {
    "Short Hand Golem": ("Artifact Creature — Golem", "When this creature enters, if you have fewer than three "
                                                      "cards in hand, draw two cards."),
    "Big X Beast": ("Creature — Beast", "Ravenous (This creature enters with X +1/+1 counters on it. If X is 5 or "
                                        "more, draw a card when it enters.)"),
    "Kicked Sage": ("Creature — Human Wizard", "Kicker {1}{U} (You may pay an additional {1}{U} as you cast this "
                                               "spell.)\nWhen this creature enters, if it was kicked, draw two cards."),
    "Calm Spell": ("Instant", "Draw a card."),
    "Your Turn Watcher": ("Enchantment", "Whenever you cast an instant or sorcery spell, if it's not your turn, draw "
                                         "a card."),
}


def run(alice: dict[str, Any], action: dict[str, Any], **top: Any) -> Resolution:
    return cast(made_cards(TEST_CARDS), alice, action, **top)


def hand(res: Resolution, who: str = "Alice") -> int:
    return int(res.players[who]["hand"])


def test_an_intervening_if_the_state_decides_is_checked_before_the_ability_triggers() -> None:
    # 603.4: "when ~ enters, if you have fewer than three cards in hand" with seven cards doesn't trigger
    full = run({}, {"card": "Short Hand Golem", "ability": "enters"})
    assert hand(full) == 7 and "603.4" in full.rules
    assert any("doesn't trigger" in s.text for s in full.steps)
    low = run({"hand": 2}, {"card": "Short Hand Golem", "ability": "enters"})
    assert hand(low) == 4
    # "if X is 5 or more" is decided by the X given
    assert hand(run({}, {"card": "Big X Beast", "ability": "enters", "x": 2})) == 7
    assert hand(run({}, {"card": "Big X Beast", "ability": "enters", "x": 5})) == 8
    # a watcher's condition too: it's Alice's own turn, so her instant doesn't make her draw for it
    mine = run({"battlefield": ["Your Turn Watcher"], "hand": ["Calm Spell"], "hand_unnamed": 6},
               {"card": "Calm Spell", "ability": "spell"}, active="Alice")
    assert hand(mine) == 7


def test_an_intervening_if_the_engine_cant_check_is_assumed_and_said_with_the_other_case() -> None:
    res = run({}, {"card": "Kicked Sage", "ability": "enters"})
    assert hand(res) == 9
    assert any(s.kind == "assumption" and "it was kicked" in s.text for s in res.steps)
    assert any(b["choices"] == {"condition:it was kicked": False} for b in res.branches)
