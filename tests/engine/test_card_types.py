"""Cards in zones have card types, and reveal-and-sort replacements move real cards (Sages of the Anima,
Enduring Renewal); an unnamed card's type is never chosen silently: it is stated and its other cases are
alternatives. Amass makes one Army with counters (701.47a). Each test follows the card's official rulings."""

from __future__ import annotations

from engine.cards import default_cards
from tests.engine.helpers import cited, run, two

SAGES = {"battlefield": ["Sages of the Anima"]}


def test_every_card_in_the_data_knows_its_type_line() -> None:
    db = default_cards()
    assert all(db.find(name).type_line for name in db.names())
    assert db.find("Golgari Thug").has_type("creature") and db.find("Platinum Angel").has_type("creature")
    assert not db.find("Terminus").has_type("creature")


def test_sages_of_the_anima_puts_revealed_creature_cards_into_hand() -> None:
    """Sages: creature cards among the top three go to hand (not drawn: nothing counts as a draw), the rest
    to the bottom."""
    top = ["Golgari Thug", "Terminus", "Laboratory Maniac"]
    res = run(two({**SAGES, "library": top + ["Prosperity"], "hand": 0}, {}))
    me = res.players["You"]
    assert sorted(me["hand_cards"]) == ["Golgari Thug", "Laboratory Maniac"] and me["drawn_this_turn"] == 0
    assert me["library"] == 2 and me["library_top"] == ["Prosperity", "Terminus"]
    assert {"701.20a", "121.5"} <= cited(res)


def test_sages_with_fewer_than_three_cards_reveals_all_of_them() -> None:
    """Sages ruling: "If there are fewer than three cards in your library, you'll reveal all of them." """
    res = run(two({**SAGES, "library": ["Platinum Angel"], "hand": 0}, {}))
    assert res.players["You"]["hand_cards"] == ["Platinum Angel"] and res.players["You"]["library"] == 0
    assert res.losers == []  # no draw from an empty library happened


def test_sages_with_unnamed_cards_states_its_assumption_and_lists_the_other_cases() -> None:
    """The library's cards are not named: how many creature cards are revealed decides the hand. The
    answer says what it assumed, and every other count comes back as an alternative."""
    res = run(two({**SAGES, "library": 10, "hand": 0}, {}))
    assert res.players["You"]["hand"] == 0 and res.players["You"]["library"] == 10
    assert any(s.kind == "assumption" for s in res.steps)
    hands = sorted(b["players"]["You"]["hand"] for b in res.branches if b["choice"].startswith("creatures_revealed"))
    assert hands == [1, 2, 3]


def test_enduring_renewal_puts_a_revealed_creature_into_the_graveyard() -> None:
    res = run(two({"battlefield": ["Enduring Renewal"], "library": ["Laboratory Maniac", "Terminus"], "hand": 0}, {}))
    me = res.players["You"]
    assert me["graveyard"] == 1 and me["hand"] == 0 and me["drawn_this_turn"] == 0


def test_enduring_renewal_draws_a_revealed_noncreature_card() -> None:
    """Enduring Renewal ruling: "the card you draw as a result of the second ability will be the card you
    revealed"; the draw is a draw (it counts), and Enduring Renewal doesn't replace it again (614.5)."""
    res = run(two({"battlefield": ["Enduring Renewal"], "library": ["Terminus", "Golgari Thug"], "hand": 0}, {}))
    me = res.players["You"]
    assert me["hand_cards"] == ["Terminus"] and me["drawn_this_turn"] == 1 and me["graveyard"] == 0


def test_enduring_renewal_with_an_unnamed_top_card_gives_both_cases() -> None:
    res = run(two({"battlefield": ["Enduring Renewal"], "library": 10, "hand": 0}, {}))
    assert res.players["You"]["hand"] == 1 and any(s.kind == "assumption" for s in res.steps)
    other = [b for b in res.branches if b["choice"] == "top_is_creature:You = True"]
    assert other and other[0]["players"]["You"]["graveyard"] == 1 and other[0]["players"]["You"]["hand"] == 0


def test_orcish_bowmasters_amasses_one_army_with_counters() -> None:
    """701.47a: amass creates a 0/0 Army only if there is none, then puts the counters on it: three draws
    make one Orc Army with three +1/+1 counters, not three tokens."""
    res = run(two({"library": 10}, {"battlefield": ["Orcish Bowmasters"]}, {"type": "draw", "player": "You",
                                                                             "count": 3}))
    opp = res.players["Opponent"]
    assert opp["tokens"] == {"Orc Army": 1} and opp["counters"] == {"Orc Army": 3}
    assert res.players["You"]["life"] == 17 and "701.47a" in cited(res)


def test_counter_triggers_put_counters_on_the_permanent() -> None:
    """Chasm Skulker: "Whenever you draw a card, put a +1/+1 counter on Chasm Skulker." Nadir Kraken also
    creates a Tentacle each time (its {1} payment is the optional part)."""
    draw3 = {"type": "draw", "player": "You", "count": 3}
    skulker = run(two({"library": 10, "battlefield": ["Chasm Skulker"]}, {}, draw3))
    assert skulker.players["You"]["counters"] == {"Chasm Skulker": 3} and "122.1a" in cited(skulker)
    kraken = run(two({"library": 10, "battlefield": ["Nadir Kraken"]}, {}, draw3))
    assert kraken.players["You"]["counters"] == {"Nadir Kraken": 3}
    assert kraken.players["You"]["tokens"] == {"Tentacle": 3}
