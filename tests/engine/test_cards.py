"""Every card of the card data at work in a scenario, plus loading and validation of the definitions."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.cards import CardDataError, default_cards, parse_cards
from engine.model import Resolution
from tests.conftest import CARDS_DIR
from tests.engine.helpers import run, two

D1 = {"type": "draw", "player": "You", "count": 1}


def D(n: int, who: str = "You", **kw: Any) -> dict[str, Any]:  # noqa: N802
    return {"type": "draw", "player": who, "count": n, **kw}


def cast(card: str, who: str = "You", targets: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    return {"type": "cast", "card": card, "player": who, "targets": targets or [], **kw}


Check = Callable[[Resolution], bool]


def me(res: Resolution) -> dict[str, Any]:
    return res.players["You"]


def opp(res: Resolution) -> dict[str, Any]:
    return res.players["Opponent"]


CASES: dict[str, list[tuple[dict[str, Any], Check]]] = {
    # The opponent's first draw of their draw step is untouched; later draws are stolen.
    "Notion Thief": [
        (two({"library": 10, "hand": 0}, {"battlefield": ["Notion Thief"], "hand": 0}, {"type": "draw_step"},
             step="draw"), lambda r: me(r)["hand"] == 1 and opp(r)["hand"] == 0),
        (two({"library": 10, "hand": 0}, {"battlefield": ["Notion Thief"], "hand": 0}, D(2)),
         lambda r: me(r)["hand"] == 0 and opp(r)["hand"] == 2),
    ],
    "Thought Reflection": [(two({"library": 10, "hand": 0, "battlefield": ["Thought Reflection"]}, {}, D(3)),
                           lambda r: me(r)["hand"] == 6)],
    "Alhammarret's Archive": [
        (two({"library": 10, "hand": 0, "battlefield": ["Alhammarret's Archive"]}, {}, {"type": "draw_step"}),
         lambda r: me(r)["hand"] == 1),
        (two({"library": 10, "hand": 0, "battlefield": ["Alhammarret's Archive"]}, {}, D(2)),
         lambda r: me(r)["hand"] == 4),
    ],
    "Laboratory Maniac": [(two({"library": 0, "battlefield": ["Laboratory Maniac"]}, {}, D1),
                          lambda r: r.winners == ["You"])],
    "Jace, Wielder of Mysteries": [
        (two({"library": 0, "battlefield": ["Jace, Wielder of Mysteries"]}, {}, D1), lambda r: r.winners == ["You"]),
        (two({"library": 3, "battlefield": ["Jace, Wielder of Mysteries"]}, {},
             cast("Jace, Wielder of Mysteries"), choices={"ability:Jace, Wielder of Mysteries": "−8"}),
         lambda r: r.winners == ["You"] and me(r)["hand"] == 10),
        # its +1 ("Target player mills two cards. Draw a card.") with an empty library: its own replacement wins
        (two({"library": 0, "battlefield": ["Jace, Wielder of Mysteries"]}, {},
             cast("Jace, Wielder of Mysteries"), choices={"ability:Jace, Wielder of Mysteries": "+1"}),
         lambda r: r.winners == ["You"] and r.players["Opponent"]["graveyard"] == 2),
    ],
    # Abundance saves a player drawing from an empty library (its ruling); with cards left the default draws.
    "Abundance": [
        (two({"library": 0, "battlefield": ["Abundance"]}, {}, D1), lambda r: r.losers == []),
        (two({"library": 0, "battlefield": ["Abundance"]}, {}, D1, choices={"apply:Abundance:You": False}),
         lambda r: r.losers == ["You"]),
    ],
    # Chains: with an empty hand the replaced draw mills a card instead.
    "Chains of Mephistopheles": [
        (two({"library": 10, "hand": 0}, {"battlefield": ["Chains of Mephistopheles"]}, D(2)),
         lambda r: me(r)["hand"] == 0 and me(r)["graveyard"] == 2 and me(r)["library"] == 8),
        (two({"library": 10, "hand": 3}, {"battlefield": ["Chains of Mephistopheles"]}, D1),
         lambda r: me(r)["hand"] == 3 and me(r)["graveyard"] == 1 and me(r)["library"] == 9),
        (two({"library": 10, "hand": 0}, {"battlefield": ["Chains of Mephistopheles"]}, {"type": "draw_step"},
             step="draw"), lambda r: me(r)["hand"] == 1),
    ],
    "Blood Scrivener": [(two({"library": 10, "hand": 0, "battlefield": ["Blood Scrivener"]}, {}, D1),
                         lambda r: me(r)["hand"] == 2 and me(r)["life"] == 19)],
    "Underrealm Lich": [
        (two({"library": 10, "hand": 0, "battlefield": ["Underrealm Lich"]}, {}, D1),
         lambda r: me(r)["hand"] == 1 and me(r)["graveyard"] == 2 and me(r)["library"] == 7),
        (two({"library": 0, "battlefield": ["Underrealm Lich"]}, {}, D1), lambda r: r.losers == []),
    ],
    "Spirit of the Labyrinth": [(two({"library": 10, "hand": 0}, {"battlefield": ["Spirit of the Labyrinth"]},
                                     D(3)), lambda r: me(r)["hand"] == 1)],
    "Narset, Parter of Veils": [
        (two({"library": 10, "hand": 0}, {"battlefield": ["Narset, Parter of Veils"]}, D(3)),
         lambda r: me(r)["hand"] == 1),
        (two({"library": 10, "hand": 0, "battlefield": ["Narset, Parter of Veils"]}, {}, D(3)),
         lambda r: me(r)["hand"] == 3),
    ],
    "Leovold, Emissary of Trest": [(two({"library": 10, "hand": 0, "drawn_this_turn": 1},
                                        {"battlefield": ["Leovold, Emissary of Trest"]}, D(2)),
                                    lambda r: me(r)["hand"] == 0)],
    "Omen Machine": [(two({"library": 10, "hand": 0}, {"battlefield": ["Omen Machine"]}, {"type": "draw_step"},
                          step="draw"), lambda r: me(r)["hand"] == 0 and me(r)["exile"] == 1)],
    "Maralen of the Mornsong": [(two({"library": 10, "hand": 0}, {"battlefield": ["Maralen of the Mornsong"]},
                                     {"type": "draw_step"}, step="draw"),
                                 lambda r: me(r)["hand"] == 1 and me(r)["life"] == 17 and me(r)["drawn_this_turn"] == 0)],
    "Consecrated Sphinx": [(two({"library": 10}, {"battlefield": ["Consecrated Sphinx"], "library": 20, "hand": 0},
                                D(2)), lambda r: opp(r)["hand"] == 4)],
    "Nekusar, the Mindrazer": [(two({"library": 10, "hand": 0, "life": 20},
                                    {"battlefield": ["Nekusar, the Mindrazer"]}, {"type": "draw_step"}, step="draw"),
                                lambda r: me(r)["hand"] == 2 and me(r)["life"] == 18)],
    # Sylvan Library: only cards actually drawn this turn can be chosen.
    "Sylvan Library": [
        (two({"library": 10, "hand": 0, "battlefield": ["Sylvan Library"]}, {}, {"type": "draw_step"}, step="draw"),
         lambda r: me(r)["hand"] == 1 and me(r)["library"] == 9),
        # Under Spirit of the Labyrinth its controller can't choose to draw two (121.2b), so "if you do" fails
        # and the rest does nothing: the card drawn in the draw step stays in hand.
        (two({"library": 10, "hand": 0, "battlefield": ["Sylvan Library"]}, {"battlefield": ["Spirit of the Labyrinth"]},
             {"type": "draw_step"}, step="draw"), lambda r: me(r)["hand"] == 1 and me(r)["library"] == 9
         and any(s.kind == "prohibited" and "121.2b" in s.rules for s in r.steps)),
        (two({"library": 10, "hand": 0, "battlefield": ["Sylvan Library"]}, {}, {"type": "draw_step"}, step="draw",
             choices={"sylvan_pay:You": 2}), lambda r: me(r)["hand"] == 3 and me(r)["life"] == 12),
    ],
    # Dredge: a choice; impossible with fewer cards in library than its number.
    "Golgari Thug": [
        (two({"library": 10, "hand": 0, "graveyard": ["Golgari Thug"]}, {}, D1,
             choices={"apply:Golgari Thug:You": True}),
         lambda r: me(r)["hand_cards"] == ["Golgari Thug"] and me(r)["library"] == 6 and me(r)["graveyard"] == 4),
        (two({"library": 3, "hand": 0, "graveyard": ["Golgari Thug"]}, {}, D1,
             choices={"apply:Golgari Thug:You": True}), lambda r: me(r)["hand"] == 1 and me(r)["library"] == 2),
    ],
    "Golgari Grave-Troll": [(two({"library": 5, "hand": 0, "graveyard": ["Golgari Grave-Troll"]}, {}, D1,
                                 choices={"apply:Golgari Grave-Troll:You": True}),
                             lambda r: me(r)["library"] == 4 and "hand_cards" not in me(r))],
    "Stinkweed Imp": [(two({"library": 5, "hand": 0, "graveyard": ["Stinkweed Imp"]}, {}, D1,
                           choices={"apply:Stinkweed Imp:You": True}),
                       lambda r: me(r)["hand_cards"] == ["Stinkweed Imp"] and me(r)["library"] == 0)],
    # Miracle works only on the first card drawn this turn.
    "Terminus": [
        (two({"library": ["Terminus", "Island"], "hand": 0}, {}, D1), lambda r: any(s.kind == "miracle" for s in r.steps)),
        (two({"library": ["Island", "Terminus"], "hand": 0}, {}, D(2)),
         lambda r: not any(s.kind == "miracle" for s in r.steps)),
    ],
    "Temporal Mastery": [(two({"library": ["Temporal Mastery"], "library_unnamed": 3, "drawn_this_turn": 1}, {}, D1),
                          lambda r: not any(s.kind == "miracle" for s in r.steps))],
    "Entreat the Angels": [(two({"library": ["Entreat the Angels"], "library_unnamed": 3}, {},
                                {"type": "draw", "player": "You", "count": 1}, active="Opponent"),
                            lambda r: any(s.kind == "miracle" for s in r.steps))],
    "Howling Mine": [(two({"library": 10, "hand": 0}, {"battlefield": ["Howling Mine"]}, {"type": "draw_step"},
                          step="draw"), lambda r: me(r)["hand"] == 2)],
    "Teferi's Puzzle Box": [(two({"library": 10, "hand": 3, "battlefield": ["Teferi's Puzzle Box"]}, {},
                                 {"type": "draw_step"}, step="draw"),
                             lambda r: me(r)["hand"] == 4 and me(r)["library"] == 9)],
    "Words of Wisdom": [(two({"library": 10, "hand": 0}, {"hand": 0}, cast("Words of Wisdom")),
                         lambda r: me(r)["hand"] == 2 and opp(r)["hand"] == 1)],
    "Words of Wind": [(two({"library": 0, "battlefield": ["Words of Wind"]}, {}, D1), lambda r: r.losers == [])],
    "Words of Waste": [(two({"library": 5, "hand": 0, "battlefield": ["Words of Waste"]}, {"hand": 3}, D1,
                            choices={"apply:Words of Waste:You": True}),
                        lambda r: me(r)["hand"] == 0 and opp(r)["hand"] == 2)],
    "Words of War": [(two({"library": 5, "hand": 0, "battlefield": ["Words of War"]}, {"life": 2}, D1,
                          choices={"apply:Words of War:You": True}), lambda r: r.losers == ["Opponent"])],
    "Brainstorm": [(two({"library": 10, "hand": 0}, {}, cast("Brainstorm")),
                    lambda r: me(r)["hand"] == 1 and me(r)["library"] == 9)],
    "Opportunity": [(two({"library": 10, "hand": 0}, {"hand": 0, "library": 10}, cast("Opportunity", targets=["Opponent"])),
                     lambda r: opp(r)["hand"] == 4 and me(r)["hand"] == 0)],
    # The hand includes Timetwister itself, which is on the stack while the hand is shuffled away (601.2a).
    "Timetwister": [(two({"library": 0, "hand": 4, "graveyard": 4}, {"library": 10, "hand": 7}, cast("Timetwister")),
                     lambda r: me(r)["hand"] == 7 and me(r)["library"] == 0 and r.losers == [])],
    "Wheel of Fortune": [(two({"library": 5, "hand": 2}, {"library": 20, "hand": 7}, cast("Wheel of Fortune")),
                          lambda r: r.losers == ["You"] and opp(r)["hand"] == 7)],
    "Windfall": [(two({"library": 10, "hand": 2}, {"library": 10, "hand": 5}, cast("Windfall")),
                  lambda r: me(r)["hand"] == 5 and opp(r)["hand"] == 5)],
    # Alms Collector turns "draw four" into one card each.
    "Alms Collector": [(two({"library": 10, "hand": 0}, {"battlefield": ["Alms Collector"], "hand": 0},
                            cast("Opportunity", targets=["You"])),
                        lambda r: me(r)["hand"] == 1 and opp(r)["hand"] == 1)],
    "Thassa's Oracle": [
        (two({"library": 2}, {}, cast("Thassa's Oracle", x=3)), lambda r: r.winners == ["You"]),
        (two({"library": 20}, {}, cast("Thassa's Oracle", x=3)), lambda r: r.winners == []),
    ],
    "Psychosis Crawler": [(two({"library": 10, "battlefield": ["Psychosis Crawler"]}, {"life": 3}, D(3)),
                           lambda r: r.losers == ["Opponent"])],
    # Day's Undoing leaves the hand as it is cast and is exiled with the stack as the turn ends (723.1b).
    "Day's Undoing": [(two({"library": 5, "hand": 2}, {}, cast("Day's Undoing")),
                       lambda r: me(r)["hand"] == 6 and me(r).get("exile") == 1 and me(r)["graveyard"] == 0
                       and any(s.kind == "end_turn" for s in r.steps))],
    "Sphinx's Revelation": [(two({"library": 10, "hand": 0}, {}, cast("Sphinx's Revelation", x=3)),
                             lambda r: me(r)["hand"] == 3 and me(r)["life"] == 23)],
    "Gitaxian Probe": [(two({"library": 10, "hand": 0}, {}, cast("Gitaxian Probe", targets=["Opponent"])),
                        lambda r: me(r)["hand"] == 1)],
    "Teferi, Mage of Zhalfir": [(two({"library": 10, "hand": 0, "battlefield": ["Teferi, Mage of Zhalfir"]}, {}, D(2)),
                                 lambda r: me(r)["hand"] == 2)],
    "Obeka, Brute Chronologist": [(two({"library": 10, "hand": 0, "battlefield": ["Obeka, Brute Chronologist"]}, {},
                                       D(2)), lambda r: me(r)["hand"] == 2)],
    "Sheoldred, the Apocalypse": [(two({"library": 10, "life": 3}, {"battlefield": ["Sheoldred, the Apocalypse"]},
                                       D(2)), lambda r: r.losers == ["You"] and me(r)["life"] == -1)],
    # Bowmasters ignores the first draw of the opponent's draw step.
    "Orcish Bowmasters": [
        (two({"library": 10, "life": 20}, {"battlefield": ["Orcish Bowmasters"]}, {"type": "draw_step"}, step="draw"),
         lambda r: me(r)["life"] == 20 and r.triggers == []),
        (two({"library": 10, "life": 20}, {"battlefield": ["Orcish Bowmasters"]}, D(3)),
         lambda r: me(r)["life"] == 17 and opp(r)["tokens"] == {"Orc Army": 1}
         and opp(r)["counters"] == {"Orc Army": 3}),  # amass (701.47a): one Army, three counters
    ],
    "Hullbreacher": [(two({"library": 10, "hand": 0}, {"battlefield": ["Hullbreacher", "Hullbreacher"]}, D(2)),
                      lambda r: me(r)["hand"] == 0 and opp(r)["tokens"] == {"Treasure": 2})],
    # Platinum Angel stops the empty-library loss.
    "Platinum Angel": [
        (two({"library": 0, "battlefield": ["Platinum Angel"]}, {}, D1), lambda r: r.losers == []),
        (two({"library": 0, "battlefield": ["Laboratory Maniac"]}, {"battlefield": ["Platinum Angel"]}, D1),
         lambda r: r.winners == [] and r.losers == []),
    ],
    "Teferi's Ageless Insight": [(two({"library": 10, "hand": 0, "battlefield": ["Teferi's Ageless Insight"]}, {},
                                      D(2)), lambda r: me(r)["hand"] == 4)],
    "Xyris, the Writhing Storm": [(two({"library": 10}, {"battlefield": ["Xyris, the Writhing Storm"]}, D(2)),
                                   lambda r: opp(r)["tokens"] == {"Snake": 2})],
    "Sages of the Anima": [(two({"library": 0, "battlefield": ["Sages of the Anima"]}, {}, D1),
                            lambda r: r.losers == [])],
    "Peer into the Abyss": [(two({"library": 9, "life": 7}, {}, cast("Peer into the Abyss", targets=["You"])),
                             lambda r: me(r)["library"] == 4 and me(r)["life"] == 3)],
    "Jace's Archivist": [(two({"library": 10, "hand": 3}, {"library": 10, "hand": 1}, cast("Jace's Archivist")),
                          lambda r: me(r)["hand"] == 3 and opp(r)["hand"] == 3)],
    "Plagiarize": [(two({"library": 10, "hand": 0, "battlefield": ["Plagiarize"]}, {"library": 0}, D(2, "Opponent")),
                    lambda r: me(r)["hand"] == 2 and r.losers == [])],
    "Underworld Dreams": [(two({"library": 10, "life": 20}, {"battlefield": ["Underworld Dreams"]}, D(3)),
                           lambda r: me(r)["life"] == 17)],
    "Spiteful Visions": [(two({"library": 10, "life": 20, "battlefield": ["Spiteful Visions"]}, {},
                              {"type": "draw_step"}, step="draw"), lambda r: me(r)["life"] == 18 and me(r)["hand"] == 9)],
    "Archmage Ascension": [(two({"library": 10, "hand": 0, "battlefield": ["Archmage Ascension"]}, {}, D1,
                                choices={"apply:Archmage Ascension:You": True}),
                            lambda r: me(r)["hand"] == 1 and me(r)["drawn_this_turn"] == 0)],
    "Enduring Renewal": [(two({"library": 10, "hand": 0, "battlefield": ["Enduring Renewal"]}, {}, D1),
                          lambda r: me(r)["hand"] == 1)],
    "Anvil of Bogardan": [(two({"library": 10, "hand": 2}, {"battlefield": ["Anvil of Bogardan"]}, {"type": "draw_step"},
                               step="draw"), lambda r: me(r)["hand"] == 3 and me(r)["graveyard"] == 1)],
    "Smothering Tithe": [(two({"library": 10}, {"battlefield": ["Smothering Tithe"]}, D(3)),
                          lambda r: opp(r)["tokens"] == {"Treasure": 3})],
    "Chasm Skulker": [(two({"library": 10, "battlefield": ["Chasm Skulker"]}, {}, D(2)),
                       lambda r: [(t.source, t.count) for t in r.triggers] == [("Chasm Skulker", 2)])],
    "Psychic Corrosion": [(two({"library": 10, "battlefield": ["Psychic Corrosion"]}, {"library": 3}, D(2)),
                           lambda r: opp(r)["library"] == 0 and opp(r)["graveyard"] == 3 and r.losers == [])],
    "Nadir Kraken": [(two({"library": 10, "battlefield": ["Nadir Kraken"]}, {}, D(2)),
                      lambda r: me(r)["tokens"] == {"Tentacle": 2})],
    "Prosperity": [(two({"library": 10, "hand": 0}, {"library": 1, "hand": 0}, cast("Prosperity", x=2)),
                    lambda r: me(r)["hand"] == 2 and r.losers == ["Opponent"])],
    "Font of Mythos": [(two({"library": 10, "hand": 0}, {"battlefield": ["Font of Mythos"]}, {"type": "draw_step"},
                            step="draw"), lambda r: me(r)["hand"] == 3)],
    "Kami of the Crescent Moon": [(two({"library": 10, "hand": 0}, {"battlefield": ["Kami of the Crescent Moon"]},
                                       {"type": "draw_step"}, step="draw"), lambda r: me(r)["hand"] == 2)],
    "Frantic Search": [(two({"library": 10, "hand": 2}, {}, cast("Frantic Search")),
                        lambda r: me(r)["hand"] == 1 and me(r)["graveyard"] == 3)],
    "Thought Scour": [(two({"library": 10, "hand": 0}, {"library": 10}, cast("Thought Scour", targets=["Opponent"])),
                       lambda r: opp(r)["graveyard"] == 2 and me(r)["hand"] == 1)],
    "Unpredictable Cyclone": [
        (two({"library": 10, "hand": 2, "battlefield": ["Unpredictable Cyclone"]}, {},
             {"type": "mechanic", "name": "cycling", "player": "You"}),
         lambda r: me(r)["hand"] == 1 and me(r)["exile"] == 1),
        (two({"library": 10, "hand": 0, "battlefield": ["Unpredictable Cyclone"]}, {}, D1),
         lambda r: me(r)["hand"] == 1),
    ],
    "Rhystic Study": [(two({"library": 10, "hand": 0}, {"battlefield": ["Rhystic Study"], "hand": 0},
                           cast("Brainstorm")), lambda r: opp(r)["hand"] == 1)],
    "Mystic Remora": [(two({"library": 10, "hand": 0}, {"battlefield": ["Mystic Remora"], "hand": 0},
                           cast("Opportunity", targets=["You"])), lambda r: opp(r)["hand"] == 1)],
}


def test_every_card_has_a_scenario() -> None:
    names = {c["name"] for c in json.loads((CARDS_DIR / "oracle-cards.json").read_text())["data"]}
    assert names == set(default_cards().names())
    assert names == set(CASES)


@pytest.mark.parametrize("card,doc,check", [(c, d, k) for c, cases in CASES.items() for d, k in cases],
                         ids=[f"{c}-{i}" for c, cases in CASES.items() for i in range(len(cases))])
def test_card_at_work(card: str, doc: dict[str, Any], check: Check) -> None:
    res = run(doc)
    assert check(res), (card, res.players, [s.text for s in res.steps])


def test_oracle_text_matches_the_card_data() -> None:
    oracle = {c["name"]: c["oracle_text"] for c in json.loads((CARDS_DIR / "oracle-cards.json").read_text())["data"]}
    for name, card in default_cards().cards.items():
        assert card.oracle.strip() == oracle[name].strip(), name


@pytest.mark.parametrize(
    "toml_entry,fragment",
    [
        ({"name": "Bad", "oracle": "x", "effects": [{"type": "teleport"}]}, "Bad: unknown effect type"),
        ({"name": "Bad", "oracle": "x", "effects": [{"type": "draw_prohibition", "affects": "each",
                                                      "max_per_turn": 3}]}, "Bad: max_per_turn"),
        ({"name": "Bad", "oracle": "x", "effects": [{"type": "draw_trigger", "affects": "each",
                                                      "ops": [{"do": "explode"}]}]}, "Bad: unknown op"),
        ({"name": "Bad", "oracle": "x", "effects": [{"type": "draw_trigger", "affects": "nobody",
                                                      "ops": [{"do": "draw"}]}]}, "Bad: affects"),
        ({"name": "Bad", "oracle": "x", "effects": [{"type": "cant_lose", "wings": 2}]}, "Bad: field"),
        ({"name": "Bad", "oracle": "x"}, "Bad: no effects"),
        ({"oracle": "x"}, "missing its name"),
    ],
)
def test_a_definition_that_does_not_fit_fails_loudly(toml_entry: dict[str, Any], fragment: str) -> None:
    with pytest.raises(CardDataError, match=fragment):
        parse_cards({"card": [toml_entry]})


def test_unknown_card_names_get_the_closest() -> None:
    assert default_cards().suggest("Notion Theif")[0] == "Notion Thief"
    assert default_cards().suggest("laboratory manic")[0] == "Laboratory Maniac"
