"""The answer leads with the question asked (engine.answer_lead): Yes/No, a number, or both lines of the
player's own choice; then the one reason with its deciding rule, then the trap."""

from __future__ import annotations

from typing import Any

import pytest

from engine.answer_lead import AnswerKind, lead_from_json, lead_of
from engine.cards import default_cards
from engine.model import Resolution
from engine.question import Asked, AskedKind
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.engine.helpers import made_cards

CARDS = default_cards()


def _resolved(players: list[dict[str, Any]], action: dict[str, Any], asked: dict[str, Any] | None) -> Resolution:
    doc: dict[str, Any] = {"players": players, "active": "You", "action": action}
    if asked is not None:
        doc["asked"] = asked
    return resolve(scenario_from_json(doc, CARDS), CARDS)


DRAW_ONE = {"type": "draw", "player": "You", "count": 1}


def test_do_i_lose_starts_with_yes_and_the_state_based_action() -> None:
    res = _resolved([{"name": "You", "library": 0}, {"name": "Opponent"}], DRAW_ONE, {"kind": "lose"})
    assert res.answer["kind"] == "yes"
    assert res.answer["text"] == "Yes — you lose the game, so Opponent wins."
    assert res.answer["rule"] == "704.5b" and "empty library" in res.answer["reason"]
    assert res.to_json()["answer"] == res.answer  # the JSON front end says the same


def test_do_i_lose_when_nothing_threatens_is_no() -> None:
    res = _resolved([{"name": "You", "library": 5}, {"name": "Opponent"}],
                    {"type": "draw", "player": "You", "count": 3}, {"kind": "lose"})
    assert res.answer["kind"] == "no" and res.answer["text"] == "No — you don't lose."


def test_do_i_win_with_spirit_says_no_and_no_loss_either() -> None:
    res = _resolved([{"name": "You", "library": 0, "battlefield": ["Laboratory Maniac"], "drawn_this_turn": 1},
                     {"name": "Opponent", "battlefield": ["Spirit of the Labyrinth"]}], DRAW_ONE, {"kind": "win"})
    assert res.answer["text"] == "No — and you don't lose either."
    assert res.answer["rule"] == "121.2b" and "Spirit of the Labyrinth" in res.answer["reason"]


def test_how_many_is_a_number_with_the_deciding_rule() -> None:
    res = _resolved([{"name": "You", "library": 1},
                     {"name": "Opponent", "battlefield": ["Notion Thief", "Spirit of the Labyrinth"]}],
                    {"type": "cast", "player": "You", "card": "Opportunity", "targets": ["You"]},
                    {"kind": "count", "player": "Opponent"})
    assert res.answer["kind"] == "count" and res.answer["text"] == "Opponent draws 1."
    assert res.answer["rule"] == "614.1a"
    plain = _resolved([{"name": "You"}, {"name": "Opponent"}], {"type": "draw", "player": "You", "count": 8},
                      {"kind": "count"})
    assert plain.answer["text"] == "You draw 8 (121.1)." and plain.answer["reason"] == ""


def test_a_count_gives_its_own_reason_when_another_player_loses() -> None:
    """Notion Thief takes every draw the Sphinx gives until the Thief's controller decks: "how many do I draw?"
    said "You draw no card. Why: attempted to draw from an empty library" (the other player's loss)."""
    res = _resolved([{"name": "You", "battlefield": ["Consecrated Sphinx"]},
                     {"name": "Opponent", "battlefield": ["Notion Thief"], "library": 6}],
                    {"type": "draw", "player": "Opponent", "count": 1}, {"kind": "count", "player": "You"})
    assert "Opponent" in res.losers
    assert res.answer["text"] == "You draw no card." and "Notion Thief replaces your" in res.answer["reason"]
    assert res.answer["rule"] == "614.1a"


def test_how_many_with_no_player_said_is_the_one_player_who_draws() -> None:
    """ "player 2's draw step, Howling Mine out. how many?" answered "You draw no card"."""
    step = {"type": "draw_step"}
    res = resolve(scenario_from_json({"players": [{"name": "You"}, {"name": "Opponent", "battlefield": [
        "Howling Mine"]}], "active": "Opponent", "action": step, "asked": {"kind": "count"}}, CARDS), CARDS)
    assert res.answer["text"].startswith("Opponent draws 2")
    mine = resolve(scenario_from_json({"players": [{"name": "You"}, {"name": "Opponent"}], "active": "Opponent",
                                       "action": step, "asked": {"kind": "count", "player": "You"}}, CARDS), CARDS)
    assert mine.answer["text"].startswith("You draw no card")  # asked of the asker: the asker's count


def test_an_effect_that_excepts_the_first_draw_of_the_draw_step_says_so() -> None:
    """ "Does Notion Thief replace it?" of the turn's own draw answered a bare ruling; the exception in the
    card's words is the reason (504.1), said as a step of its own, never as what decided a count."""
    step = {"type": "draw_step"}
    thief = _resolved([{"name": "You"}, {"name": "Opponent", "battlefield": ["Notion Thief"]}], step,
                      {"kind": "can", "card": "Notion Thief", "act": "replace"})
    assert thief.answer["kind"] == "no" and "first card you draw in your draw step" in thief.answer["reason"]
    assert thief.answer["rule"] == "504.1"
    bow = _resolved([{"name": "You"}, {"name": "Opponent", "battlefield": ["Orcish Bowmasters"]}], step,
                    {"kind": "trigger", "card": "Orcish Bowmasters"})
    assert bow.answer["kind"] == "no" and "its words except" in bow.answer["reason"]
    mine = _resolved([{"name": "You", "battlefield": ["Howling Mine"]},
                      {"name": "Opponent", "battlefield": ["Notion Thief"]}], step, {"kind": "count"})
    assert mine.answer["text"].startswith("You draw 1") and mine.answer["rule"] == "614.1a"


def test_who_draws_what_gives_both_lines_of_another_players_choice() -> None:
    """ "Who draws what?" when the opponent orders their Thought Reflection and the asker's Notion Thief (616.1):
    the line the engine took was stated as the ruling, the other hidden under "if the choices go otherwise"."""
    res = _resolved([{"name": "You", "battlefield": ["Notion Thief"]},
                     {"name": "Opponent", "battlefield": ["Thought Reflection"]}],
                    {"type": "draw", "player": "Opponent", "count": 1}, {"kind": "what"})
    lead = lead_from_json(res.answer)
    assert lead.kind is AnswerKind.CHOICE and lead.text == "Opponent's choice:"
    outcomes = sorted(line.outcome for line in lead.lines)
    assert outcomes[0].startswith("you draw 1 card") and outcomes[1].startswith("you draw 2 cards")


def test_a_choice_the_player_makes_gives_both_lines_not_one_as_a_fact() -> None:
    res = _resolved([{"name": "You", "battlefield": ["Thought Reflection"]},
                     {"name": "Opponent", "battlefield": ["Notion Thief"]}], DRAW_ONE,
                    {"kind": "count", "player": "Opponent"})
    lead = lead_from_json(res.answer)
    assert lead.kind is AnswerKind.CHOICE and lead.text == "Your choice:"
    said = {line.said: line.outcome for line in lead.lines}
    assert said["You apply Thought Reflection first"].startswith("Opponent draws 2 cards")
    assert said["You apply Notion Thief first"].startswith("Opponent draws 1 card")
    assert lead.rule == "616.1"


def test_can_i_dredge_is_yes_with_the_lines_of_the_choice() -> None:
    res = _resolved([{"name": "You", "graveyard": ["Golgari Thug"]}, {"name": "Opponent"}], DRAW_ONE,
                    {"kind": "can", "card": "Golgari Thug"})
    lead = lead_from_json(res.answer)
    assert lead.text == "Yes — your choice:" and len(lead.lines) == 2
    assert any("Golgari Thug" in line.said for line in lead.lines)


def test_the_deciding_rule_of_alms_collector_is_the_replacement_not_the_draw() -> None:
    res = _resolved([{"name": "You"}, {"name": "Opponent", "battlefield": ["Alms Collector"]}],
                    {"type": "draw", "player": "You", "count": 2}, {"kind": "count"})
    assert res.answer["text"] == "You draw 1." and res.answer["rule"] == "614.1a"
    assert "Alms Collector" in res.answer["reason"]
    assert "(614.1a)" in res.ruling["text"] and "(121.1)" not in res.ruling["text"]


def test_the_trap_a_judge_names_the_rest_of_the_spell_still_happens() -> None:
    res = _resolved([{"name": "You"}, {"name": "Opponent", "battlefield": ["Notion Thief"]}],
                    {"type": "cast", "player": "You", "card": "Brainstorm"}, {"kind": "count"})
    assert res.answer["text"] == "You draw no card."
    assert "still" in res.answer["trap"] and "put 2 cards" in res.answer["trap"]
    lost = _resolved([{"name": "You", "library": 2}, {"name": "Opponent"}],
                     {"type": "cast", "player": "You", "card": "Brainstorm"}, {"kind": "lose"})
    assert lost.answer["kind"] == "yes" and "state-based actions" in lost.answer["trap"]


def test_does_it_trigger_counts_the_triggers() -> None:
    res = _resolved([{"name": "You"}, {"name": "Opponent", "battlefield": ["Orcish Bowmasters"]}],
                    {"type": "draw", "player": "You", "count": 2}, {"kind": "trigger", "card": "Orcish Bowmasters"})
    assert res.answer["text"] == "Yes — Orcish Bowmasters triggers twice (603.2)."
    none = _resolved([{"name": "You"}, {"name": "Opponent", "battlefield": ["Orcish Bowmasters"]}],
                     {"type": "draw_step"}, {"kind": "trigger", "card": "Orcish Bowmasters"})
    assert none.answer["kind"] == "no"


def test_without_a_question_the_lead_is_the_ruling_line() -> None:
    res = _resolved([{"name": "You"}, {"name": "Opponent"}], DRAW_ONE, None)
    assert res.answer == lead_of(res).to_json() and res.answer["kind"] == "ruling"
    assert res.answer["text"] == res.ruling["text"]
    res.asked = Asked(AskedKind.WHAT, words="what happens?")
    assert lead_of(res).text == res.ruling["text"]


def test_a_skipped_draw_step_names_the_card_and_its_rule() -> None:
    db = made_cards({"Skipper of Draws": ("Enchantment", "Skip your draw step.")})
    doc = {"players": [{"name": "You", "battlefield": ["Skipper of Draws"]}, {"name": "Opponent"}],
           "active": "You", "step": "draw", "action": {"type": "draw_step"}, "asked": {"kind": "count"}}
    res = resolve(scenario_from_json(doc, db), db)
    assert res.ruling["text"] == "No card is drawn: Skipper of Draws skips your draw step (614.1b)."
    assert res.answer["text"] == "You draw no card." and res.answer["rule"] == "614.1b"


def test_can_i_dredge_with_too_few_cards_is_no_with_the_dredge_rule() -> None:
    res = _resolved([{"name": "You", "graveyard": ["Golgari Thug"], "library": 2}, {"name": "Opponent"}], DRAW_ONE,
                    {"kind": "can", "card": "Golgari Thug"})
    assert res.answer["text"] == "No." and res.answer["rule"] == "702.52b"
    assert "dredge 4 needs 4 cards" in res.answer["reason"]


def test_without_a_player_named_the_question_is_about_the_player_told_to_draw() -> None:
    doc = {"players": [{"name": "Alice"}, {"name": "Bob", "library": 0}], "active": "Alice",
           "action": {"type": "draw", "player": "Bob", "count": 1}, "asked": {"kind": "lose"}}
    res = resolve(scenario_from_json(doc, CARDS), CARDS)
    assert res.answer["text"] == "Yes — Bob loses the game, so Alice wins."


def test_does_someone_draw_without_a_named_player_is_about_the_player_told_to_draw() -> None:
    """"does player 1 draw a card?" when the reader named nobody: never "No." for the asker beside a reason that
    says the other player draws; the player told to draw is the one asked about."""
    res = _resolved([{"name": "You"}, {"name": "Player 1"}], {"type": "draw", "player": "Player 1", "count": 1},
                    {"kind": "can"})
    assert res.answer["kind"] == "yes" and res.answer["text"].startswith("Yes — Player 1 draws")
    res = _resolved([{"name": "You"}, {"name": "Player 1"}], {"type": "draw", "player": "Player 1", "count": 1},
                    {"kind": "can", "player": "You"})
    assert res.answer["kind"] == "no"


def test_how_much_life_is_the_life_change_with_its_reason() -> None:
    # Sheoldred: each of Opponent's 3 draws loses them 2 life
    res = _resolved([{"name": "You", "battlefield": ["Sheoldred, the Apocalypse"]}, {"name": "Opponent"}],
                    {"type": "draw", "player": "Opponent", "count": 3}, {"kind": "life", "player": "Opponent"})
    lead = lead_of(res)
    assert lead.kind is AnswerKind.COUNT
    assert lead.text.startswith("Opponent loses 6 life (20 → 14)")
    assert "Sheoldred" in lead.reason
    # unnamed: the one player whose life changed
    unnamed = _resolved([{"name": "You", "battlefield": ["Sheoldred, the Apocalypse"]}, {"name": "Opponent"}],
                        {"type": "draw", "player": "Opponent", "count": 1}, {"kind": "life"})
    assert lead_of(unnamed).text.startswith("Opponent loses 2 life")
    unchanged = _resolved([{"name": "You"}, {"name": "Opponent"}], DRAW_ONE, {"kind": "life", "player": "You"})
    assert lead_of(unchanged).text == "Your life total doesn't change (20)."


def test_can_i_dredge_is_about_the_dredge_not_about_drawing() -> None:
    from engine.situation import parse_situation

    def lead(library: int) -> Any:
        text = (f"my graveyard has Golgari Grave-Troll and I have {library} cards in library. I draw for turn. "
                "can I dredge?")
        return resolve(parse_situation(text, CARDS), CARDS).answer

    enough, too_few = lead(10), lead(5)
    assert (enough["text"], enough["rule"]) == ("Yes.", "702.52a")  # it dredged: no card drawn, yet "Yes"
    assert (too_few["text"], too_few["rule"]) == ("No.", "702.52b")  # it drew instead: yet "No"


def test_a_number_in_a_yes_no_question_is_checked_and_a_stop_is_the_cards_act() -> None:
    from engine.situation import parse_situation

    def lead(text: str) -> str:
        return str(resolve(parse_situation(text, CARDS), CARDS).answer["text"])

    stopped = "opp has Spirit of the Labyrinth, I have Howling Mine. it's my draw step. do I draw 2?"
    assert lead(stopped) == "No — you draw only 1 card."  # not "Yes — you draw 1 card"
    assert lead("I have Howling Mine. it's my draw step. do I draw 2?") == "Yes — you draw 2 cards."
    assert lead("I have Howling Mine. it's my draw step. do I draw a card?") == "Yes — you draw 2 cards."
    assert lead("opp has Narset, Parter of Veils. I cast Brainstorm. does Narset stop me?") == "Yes."


def test_how_many_times_a_card_triggers_leads_with_its_count() -> None:
    from engine.situation import parse_situation

    def lead(text: str) -> str:
        return str(resolve(parse_situation(text, CARDS), CARDS).answer["text"])

    assert lead("opponent controls Rhystic Study. I cast Brainstorm. how many times does rhystic trigger?") == \
        "Rhystic Study triggers once (603.2)."  # not "You draw 3."
    assert lead("opponent controls Orcish Bowmasters. I cast Brainstorm. how many times does bowmasters "
                "trigger?").startswith("Orcish Bowmasters triggers 3 times")


def test_how_many_do_i_end_up_with_is_the_hand_afterwards_not_the_draws() -> None:
    from engine.situation import parse_situation

    def lead(text: str) -> str:
        return str(resolve(parse_situation(text, CARDS), CARDS).answer["text"])

    assert lead("I control Teferi's Puzzle Box and have 5 cards in hand. it's my draw step. how many cards do i "
                "have after?") == "You end up with 6 cards in hand (5 → 6)."  # not "You draw 7."
    assert lead("I cast Timetwister with Notion Thief on opp's side. how many cards do I end up with?") == \
        "You end up with 0 cards in hand (7 → 0)."
    assert lead("I control Thought Reflection. I draw 2. How many do I draw?") == "You draw 4."


def test_the_lead_reads_the_question_fields_not_its_words() -> None:
    """A JSON scenario's ``asked`` fields decide the lead; words alone are read into the same fields."""
    players = [{"name": "You", "library": 5, "hand": 2}, {"name": "Opponent"}]
    said_two = _resolved(players, DRAW_ONE, {"kind": "can", "words": "is this right?", "number": 2})
    assert said_two.answer["text"] == "No — you draw only 1 card."
    from_words = _resolved(players, DRAW_ONE, {"kind": "can", "words": "do I draw 2?"})
    assert from_words.answer["text"] == "No — you draw only 1 card."
    assert from_words.asked is not None and from_words.asked.number == 2
    hand = _resolved(players, DRAW_ONE, {"kind": "count", "measure": "hand"})
    assert hand.answer["text"] == "You end up with 3 cards in hand (2 → 3)."
    drawn = _resolved(players, DRAW_ONE, {"kind": "count", "words": "how many do I have after?", "measure": "drawn"})
    assert drawn.answer["text"].startswith("You draw 1")


def test_bad_question_fields_are_refused_in_words() -> None:
    from engine.errors import ScenarioError
    for bad in ({"kind": "can", "number": "two"}, {"kind": "count", "measure": "cards"}, {"kind": "can", "act": 3}):
        try:
            _resolved([{"name": "You"}, {"name": "Opponent"}], DRAW_ONE, bad)
        except ScenarioError as err:
            assert "asked" in str(err)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_a_first_turn_skip_is_answered_with_its_rule() -> None:
    """No card's effect decides the starting player's first draw: the game's rule does, and the answer says it
    (103.8a), not the bare "No card is drawn"."""
    doc: dict[str, Any] = {"players": [{"name": "You"}, {"name": "Opponent"}], "active": "You", "turn": 1,
                           "step": "draw", "action": {"type": "draw_step"}, "asked": {"kind": "can"}}
    res = resolve(scenario_from_json(doc, CARDS), CARDS)
    assert res.answer["text"] == "No."
    assert res.answer["rule"] == "103.8a" and "first turn" in res.answer["reason"]
    assert "103.8a" in res.ruling["rules"]


def test_how_many_are_milled_counts_the_mill_not_the_draws() -> None:
    """ "How many cards does opp mill?" is answered with the cards milled (each mill step says its amount),
    never with the asker's draws; a count of another act ("how many treasures?") leads with the ruling."""
    cards = made_cards({"Mill Watcher": ("Enchantment", "Whenever you draw a card, each opponent mills two cards.")})
    doc: dict[str, Any] = {"players": [{"name": "You", "battlefield": ["Mill Watcher"]}, {"name": "Opponent"}],
                           "active": "You", "action": {"type": "draw", "player": "You", "count": 3},
                           "asked": {"kind": "count", "player": "Opponent", "words": "how many cards does he mill?"}}
    res = resolve(scenario_from_json(doc, cards), cards)
    assert res.answer["text"] == "Opponent mills 6 cards."
    assert sum(s.get("amount", 0) * s["repeat"] for s in res.to_json()["steps"] if s["kind"] == "mill") == 6
    doc["asked"] = {"kind": "count", "words": "how many cards does he discard?"}
    assert resolve(scenario_from_json(doc, cards), cards).answer["kind"] == "ruling"


@pytest.mark.parametrize("text, lead", [
    # a bare "dead?" after a story about the opponent was answered "No — you win the game" (a No that reads as
    # "he survives"); a question naming no player asks whether anyone loses
    ("Underworld Dreams on the battlefield under my control, opp draws 7 from Timetwister, he's at 5. dead?",
     "Yes — Opponent loses the game, so you win."),
    ("opp at 1, i have underworld dreams, opp draws. anyone dead?", "Yes — Opponent loses the game, so you win."),
    ("opp at 1, i have underworld dreams, opp draws. does someone die?", "Yes — Opponent loses the game, so you win."),
    ("I'm at 2, opp has sheoldred, i draw. dead?", "Yes — you lose the game, so Opponent wins."),
    ("i draw a card. is anyone dead?", "No — you don't lose."),
])
def test_a_loss_question_naming_no_player_names_who_loses(text: str, lead: str) -> None:
    from engine.situation import parse_situation

    assert resolve(parse_situation(text, CARDS), CARDS).answer["text"] == lead


@pytest.mark.parametrize("text, lead", [
    # "how many cards do I end with?" was answered with the cards drawn ("You draw no card")
    ("Chains of Mephistopheles is out. I cast Brainstorm with an empty hand. how many cards do I end with?",
     "You end up with 0 cards in hand."),
    ("i cast windfall with 3 cards in hand, opp has 5. how many cards do i finish with?",
     "You end up with 5 cards in hand (3 → 5)."),
])
def test_a_count_of_the_hand_afterwards_said_other_ways(text: str, lead: str) -> None:
    from engine.situation import parse_situation

    assert resolve(parse_situation(text, CARDS), CARDS).answer["text"] == lead


@pytest.mark.parametrize("text, lead", [
    # "do i win if X?" was rewritten to "X?" and the question lost: the answer led with the ruling
    ("i have lab man and 2 cards left. do i win if i cast brainstorm?", "Yes — you win the game."),
    ("i have lab man. do i lose if i draw?", "No — you don't lose."),
    ("Lab man out and 2 cards left, do i win if i cast brainstorm?", "Yes — you win the game."),
])
def test_a_question_that_supposes_its_facts_keeps_its_question(text: str, lead: str) -> None:
    from engine.situation import parse_situation

    assert resolve(parse_situation(text, CARDS), CARDS).answer["text"] == lead
