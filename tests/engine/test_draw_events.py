"""The single-draw event and the choices around it, each from an official ruling or a rule's text:
can't before replacements (614.17c), a replaced or stopped draw triggers nothing (603.2g), the affected
player's one 616.1 choice with optional replacements among the options, the draw order of several players
(121.2c), and the one "may draw" gate (121.2b, 121.3)."""

from __future__ import annotations

from engine.model import Resolution
from tests.engine.helpers import cited, run, two


def _why_not(res: Resolution) -> list[str]:
    return [s.text for s in res.steps if s.kind == "why_not"]


def test_a_draw_that_cant_happen_cant_be_replaced_and_the_answer_says_so() -> None:
    """Spirit of the Labyrinth ruling: "If a replacement effect would try to replace a card that you can't
    draw, that effect can't apply." (614.17c). The opponent's Notion Thief takes nothing."""
    res = run(two({"library": 10, "hand": 0, "drawn_this_turn": 1},
                  {"battlefield": ["Spirit of the Labyrinth", "Notion Thief"]},
                  {"type": "draw", "player": "You", "count": 2}, active="Opponent"))
    assert res.players["You"]["hand"] == 0 and res.players["Opponent"]["hand"] == 7
    assert any("Notion Thief can't replace it" in t for t in _why_not(res))
    assert "614.17c" in cited(res)


def test_leovold_stops_dredge_too() -> None:
    """Leovold ruling: "Replacement effects (such as that of dredge ...) can't be used to replace draws that
    Leovold disallows." A stated dredge does not happen, and the answer names it."""
    res = run(two({"library": 10, "hand": 0, "drawn_this_turn": 1, "graveyard": ["Golgari Thug"]},
                  {"battlefield": ["Leovold, Emissary of Trest"]}, choices={"apply:Golgari Thug:You": True}))
    assert res.players["You"]["graveyard"] == 1 and res.players["You"]["library"] == 10
    assert any("Golgari Thug can't replace it" in t for t in _why_not(res))


def test_a_replaced_draw_triggers_nothing() -> None:
    """603.2g: "An event that's prevented or replaced won't trigger anything." Notion Thief replaces the
    draw, so the opponent's Sheoldred, the Apocalypse (whenever an opponent draws) doesn't trigger."""
    res = run(two({"library": 10, "hand": 0}, {"battlefield": ["Notion Thief", "Sheoldred, the Apocalypse"]}))
    assert res.players["You"]["life"] == 20 and res.players["Opponent"]["hand"] == 8
    assert any("Sheoldred, the Apocalypse doesn't trigger" in t for t in _why_not(res))
    assert {"603.2g", "614.6"} <= cited(res)


def test_a_dredge_with_too_few_cards_is_not_possible_and_said() -> None:
    """702.52b: with fewer cards in library than the dredge number, the player can't dredge; they draw."""
    res = run(two({"library": 3, "hand": 0, "graveyard": ["Golgari Grave-Troll"]}, {},
                  choices={"apply:Golgari Grave-Troll:You": True}))
    assert res.players["You"]["hand"] == 1 and res.players["You"]["library"] == 2
    assert any("dredge 6 needs 6 cards" in t and t.endswith("have 3.") for t in _why_not(res)) and "702.52b" in cited(res)


def test_a_stated_dredge_is_honoured_while_notion_thief_also_applies() -> None:
    """616.1: the affected player chooses which replacement applies (Sages of the Anima ruling: "the player
    who's drawing the card chooses what order to apply them"). Dredging replaces the draw, so Notion Thief
    then has no draw to replace."""
    base = two({"library": 10, "hand": 0, "graveyard": ["Golgari Thug"]}, {"battlefield": ["Notion Thief"]})
    stated = run({**base, "choices": {"apply:Golgari Thug:You": True}})
    assert stated.players["You"]["hand_cards"] == ["Golgari Thug"] and stated.players["Opponent"]["hand"] == 7
    default = run(base)
    assert default.players["Opponent"]["hand"] == 8
    # the dredge line is offered as an alternative of the same decision
    assert any(b["choice"] == "order:You = Golgari Thug" for b in default.branches)


def test_declining_an_optional_replacement_is_a_listed_choice() -> None:
    """Dredge is "you may": with nothing else applying, drawing normally is one of the options."""
    res = run(two({"library": 10, "hand": 0, "graveyard": ["Golgari Thug"]}, {}))
    assert res.players["You"]["hand"] == 1
    assert any(b["choice"] == "order:You = Golgari Thug" for b in res.branches)


def test_several_players_drawing_draw_active_player_first() -> None:
    """121.2c with Alms Collector: when the active player would draw two, instead the Collector's controller
    and that player each draw a card, the active player first. With both libraries empty and a Laboratory
    Maniac on each side, the active player's draw comes first and wins the game."""
    maniac = {"library": 0, "battlefield": ["Laboratory Maniac"]}
    opp = {"library": 0, "battlefield": ["Laboratory Maniac", "Alms Collector"]}
    res = run(two(maniac, opp, {"type": "draw", "player": "You", "count": 2}, active="You"))
    assert res.winners == ["You"]
    order = [s for s in res.steps if s.kind == "order"]
    assert order and order[0].text.endswith("You, then Opponent.") and "121.2c" in order[0].rules


def test_an_optional_draw_of_two_is_not_possible_under_a_one_card_limit() -> None:
    """121.2b with Consecrated Sphinx (ruling: "You may either draw two cards or not draw at all"): under
    Spirit of the Labyrinth its controller can't choose to draw two cards, even though one could be drawn."""
    res = run(two({"library": 10, "hand": 0}, {"library": 10, "hand": 0,
                                                  "battlefield": ["Consecrated Sphinx", "Spirit of the Labyrinth"]}))
    assert res.players["Opponent"]["hand"] == 0
    assert any(s.kind == "prohibited" and "121.2b" in s.rules and s.player == "Opponent" for s in res.steps)


def test_an_optional_draw_with_an_empty_library_may_be_chosen() -> None:
    """121.3: a player with an empty library may choose to draw; the engine lists it as an alternative (it
    loses the game), and a stated choice is followed."""
    base = two({"library": 10, "hand": 0}, {"library": 0, "battlefield": ["Consecrated Sphinx"]})
    default = run(base)
    assert default.losers == []
    chosen = run({**base, "choices": {"trigger:Consecrated Sphinx:Opponent": True}})
    assert chosen.losers == ["Opponent"]


def test_alternatives_are_explored_into_the_decisions_they_lead_to() -> None:
    """A decision that only arises in another line is explored too. I draw; the opponent's Consecrated
    Sphinx offers them two cards, which they decline by default (empty library). If they take them, their
    Laboratory Maniac and my Notion Thief both apply to each draw (616.1, their choice): Maniac first wins;
    Notion Thief first makes me draw, which triggers the Sphinx again until my library runs out."""
    res = run(two({"library": 10, "hand": 0, "battlefield": ["Notion Thief"]},
                  {"library": 0, "hand": 0, "battlefield": ["Consecrated Sphinx", "Laboratory Maniac"]}))
    assert res.winners == [] and res.players["You"]["hand"] == 1
    lines = {b["choice"]: b for b in res.branches}
    take = "trigger:Consecrated Sphinx:Opponent = True"
    assert lines[take]["winners"] == ["Opponent"] and lines[take]["players"]["You"]["hand"] == 1
    nested = lines[f"{take}; order:Opponent = Notion Thief"]
    assert nested["choices"] == {"trigger:Consecrated Sphinx:Opponent": True, "order:Opponent": "Notion Thief"}
    assert nested["players"]["You"]["hand"] == 10 and nested["losers"] == ["You"]


def test_alternatives_are_listed_once_per_distinct_outcome() -> None:
    res = run(two({"library": 10, "hand": 0, "graveyard": ["Golgari Thug", "Stinkweed Imp"]}, {}))
    outcomes = [repr((b["players"], b["losers"], b["winners"])) for b in res.branches]
    assert len(outcomes) == len(set(outcomes)) >= 2


def test_sylvan_library_if_you_do_follows_the_choice_not_the_replaced_draws() -> None:
    """Sylvan Library ruling: "If you choose to draw two cards, then replace one or more of those draws with
    some other effect, the rest of Sylvan Library's ability still happens. If you've actually drawn only one
    card that turn, you must choose that card and either pay 4 life or put it on top of your library." The
    opponent's Notion Thief takes both extra draws; the draw-step card is the one chosen."""
    res = run(two({"library": 10, "hand": 0, "battlefield": ["Sylvan Library"]}, {"battlefield": ["Notion Thief"]},
                  {"type": "draw_step"}, step="draw"))
    assert res.players["Opponent"]["hand"] == 9
    assert res.players["You"]["hand"] == 0 and res.players["You"]["library"] == 10
    paid = run(two({"library": 10, "hand": 0, "battlefield": ["Sylvan Library"]}, {"battlefield": ["Notion Thief"]},
                   {"type": "draw_step"}, step="draw", choices={"sylvan_pay:You": 1}))
    assert paid.players["You"]["hand"] == 1 and paid.players["You"]["life"] == 16


def test_orcish_bowmasters_target_is_said_not_chosen_silently() -> None:
    """Bowmasters deals 1 damage to any target: the answer says it assumed the player who drew."""
    res = run(two({"library": 10}, {"battlefield": ["Orcish Bowmasters"]}, {"type": "draw", "player": "You",
                                                                             "count": 2}))
    damage = [s for s in res.steps if s.kind == "damage"]
    assert damage and "assumes the player who drew" in damage[0].text


def test_alternatives_are_said_in_words() -> None:
    """A branch carries its decisions in words ("said") beside the keys: the answer shows no internal keys."""
    base = two({"library": 10, "hand": 0, "graveyard": ["Golgari Thug"]}, {"battlefield": ["Notion Thief"]})
    res = run(base)
    [dredge] = [b for b in res.branches if b["choices"] == {"order:You": "Golgari Thug"}]
    assert dredge["said"] == "You apply Golgari Thug first"
    sphinx = run(two({"library": 10, "hand": 0}, {"library": 0, "battlefield": ["Consecrated Sphinx"]}))
    assert any(b["said"] == "Opponent uses Consecrated Sphinx's “may” ability" for b in sphinx.branches)
