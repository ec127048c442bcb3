"""Players' reports read for their situation (issue #24, tests/situation_corpus/real.jsonl): the words around the
facts of a post (what a card "will" do, what the poster saw, a spell named with "with") are set apart or read
for what they are, never guessed; each case below is a general form, written here in words of its own."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import default_cards
from tests.situation_corpus.measure import Verdict, measure_entry

CARDS = default_cards()


# not answered: refused, or asked with options (engine.situation.offer), never a ruling nobody told
NOT_ANSWERED = (Verdict.NOT_UNDERSTOOD, Verdict.ASKED, Verdict.ASKED_NO_RIGHT)


def _options(text: str) -> list[str]:
    """The situations offered for ``text`` (none when it is refused)."""
    from engine.errors import Clarification, SituationError
    from engine.situation import situation_to_json

    try:
        situation_to_json(text, CARDS)
    except Clarification as asked:
        return [o.text for o in asked.options]
    except SituationError:
        return []
    return []


def _measured(text: str, expect: dict[str, Any]) -> Any:
    measured = measure_entry({"id": "t", "text": text, "expect": {"asked": None, **expect}}, CARDS)
    assert measured.verdict is not Verdict.MISREAD, measured
    return measured


@pytest.mark.parametrize(("text", "expect"), [
    # a spell named with "with" and no zone can only be cast
    ("Spirit of the Labyrinth is out. Like with a big Sphinx's Revelation for X=4 on my opponent's turn.",
     {"drawn": {"You": 1}}),
    # what a card will do, told with a modal in a sentence of its own, is the poster's expectation
    ("My opponent has Spirit of the Labyrinth. I cast Sphinx's Revelation for 3 on his turn. The Spirit will stop "
     "the second draw.", {"drawn": {"You": 1}}),
    ("I cast Brainstorm. It will draw me 3.", {"drawn": {"You": 3}}),
    # "they don't draw anything with <spell>": the spell is cast, the outcome is the poster's to be worked out
    ("My opponent has Spirit of the Labyrinth. I don't draw anything with Brainstorm, since I drew once in my draw "
     "step.", {"drawn": {"You": 0}}),
    ("Spirit of the Labyrinth is out. My opponent doesn't even draw off Sphinx's Revelation for 4 on his turn, he "
     "drew once already.", {"drawn": {"Opponent": 0}}),
])
def test_report_read_right(text: str, expect: dict[str, Any]) -> None:
    measured = _measured(text, expect)
    assert measured.verdict is Verdict.RIGHT, measured


@pytest.mark.parametrize(("text", "words"), [
    # a prediction naming a card the story doesn't tell is not dropped: the card would be lost
    ("I cast Brainstorm. Notion Thief will replace the draws.", "Notion Thief"),
    ("I cast Brainstorm with 2 cards in library. Spirit of the Labyrinth will stop the draws.",
     "Spirit of the Labyrinth"),
])
def test_prediction_never_takes_a_card_out_of_the_story(text: str, words: str) -> None:
    measured = _measured(text, {"drawn": {"You": 3}})
    assert measured.verdict in NOT_ANSWERED and words in measured.first_line, measured
    assert all(words in option for option in _options(text)), "an option left the card out"


@pytest.mark.parametrize(("text", "expect"), [
    # a name said alone before a clause with its own subject is the person talked to, not a player
    ("Alice, I draw 2 with 1 card in library.", {"losers": ["You"], "drawn": {"You": 1}}),
    ("Hey Tom, I cast Brainstorm.", {"drawn": {"You": 3}}),
    # a list of players stays a list
    ("Alice, me and Bob each draw 2.", {"drawn": {"You": 2, "Alice": 2, "Bob": 2}}),
])
def test_a_name_before_the_clause_is_who_is_talked_to(text: str, expect: dict[str, Any]) -> None:
    measured = _measured(text, expect)
    assert measured.verdict is Verdict.RIGHT, measured


@pytest.mark.parametrize(("text", "expect"), [
    ("The opponent on my left has Howling Mine. It's his draw step.", {"drawn": {"Player to your left": 2}}),
    ("My right-hand opponent casts Brainstorm.", {"drawn": {"Player to your right": 3}}),
])
def test_seats_said_of_an_opponent(text: str, expect: dict[str, Any]) -> None:
    measured = _measured(text, expect)
    assert measured.verdict is Verdict.RIGHT, measured


@pytest.mark.parametrize(("text", "expect"), [
    ("I control Jace, Wielder of Mysteries with 3 cards in library. jace -8", {"winners": ["You"]}),
    ("I control Jace, Wielder of Mysteries and have 20 cards in library. I use the ultimate.",
     {"drawn": {"You": 7}, "winners": []}),
])
def test_a_loyalty_ability_said_by_its_cost(text: str, expect: dict[str, Any]) -> None:
    measured = _measured(text, expect)
    assert measured.verdict is Verdict.RIGHT, measured


def test_a_loyalty_ability_the_engine_lacks_is_named_never_swapped() -> None:
    """Narset's -2 (look at four cards) is not an ability the card data holds: the answer names the -2's words,
    never another ability in its place. Jace's +1 (mill two, draw one), now in the card data, is read."""
    measured = _measured("I control Narset, Parter of Veils with 3 cards in library. I use her -2.",
                         {"drawn": {"You": 0}})
    assert measured.verdict is Verdict.NOT_UNDERSTOOD and "-2" in measured.first_line \
        and "top four cards" in measured.first_line, measured
    measured = _measured("I control Jace, Wielder of Mysteries with 3 cards in library. I use his +1.",
                         {"drawn": {"You": 1}})
    assert measured.verdict is Verdict.RIGHT, measured


def test_a_permanent_cast_before_the_action_is_on_the_battlefield() -> None:
    """ "I cast Notion Thief, then my opponent casts Brainstorm": the Thief resolved first (608.3), said."""
    measured = _measured("I cast Notion Thief, then my opponent casts Brainstorm.",
                         {"drawn": {"You": 3, "Opponent": 0}})
    assert measured.verdict is Verdict.RIGHT, measured


def test_a_permanent_whose_entering_acts_is_not_made_a_fact() -> None:
    """Thassa's Oracle does something as it enters: casting it is an action of its own, never dropped."""
    measured = _measured("I cast Thassa's Oracle, then I cast Brainstorm.", {"drawn": {"You": 3}})
    assert measured.verdict in NOT_ANSWERED and "two actions" in measured.first_line, measured
    assert all("Thassa's Oracle" in option for option in _options("I cast Thassa's Oracle, then I cast Brainstorm."))


def test_a_permanent_whose_entering_the_board_sees_stays_an_action() -> None:
    """Rhystic Study sees the Thief cast: the cast is an event of its own, not only a fact of the board."""
    measured = _measured("My opponent controls Rhystic Study. I cast Notion Thief, then my opponent casts "
                         "Brainstorm.", {"drawn": {"You": 3}})
    assert measured.verdict in NOT_ANSWERED and "two actions" in measured.first_line, measured


def test_an_enters_ability_the_engine_holds_as_spell_text_resolves_when_it_enters_otherwise() -> None:
    """Thassa's Oracle entering without being cast: its enters ability triggers all the same (603.6a), so it
    resolves (a win), never a wrong "no card is drawn" (it was refused before the engine carried it out)."""
    measured = _measured("My library has 0 cards. Thassa's Oracle enters the battlefield under my control.",
                         {"winners": ["You"]})
    assert measured.verdict is Verdict.RIGHT, measured


def test_rules_text_in_brackets_after_a_card_the_data_lacks_is_its_text() -> None:
    """ "Stratus Walk (When this enters the battlefield, draw a card)": the bracket is the card's text; the answer
    names the card to look up, not "When" as words it can't take into account."""
    measured = _measured("I control Stratus Walk (When this enters the battlefield, draw a card). I draw 2.",
                         {"drawn": {"You": 2}})
    assert measured.first_line == "error: “Stratus Walk” is not a card I know", measured


@pytest.mark.parametrize("text", [
    "Opponent has Notion Thief (each player draws, it's his). I draw 2.",  # no card's words: a fact, kept
    "I cast Brainstorm (when I have 1 card in my library?)",  # the player's own words and a question
])
def test_a_players_own_words_in_brackets_are_never_skipped_as_card_text(text: str) -> None:
    measured = _measured(text, {"drawn": {"You": 3}})
    assert measured.verdict is Verdict.NOT_UNDERSTOOD, measured


@pytest.mark.parametrize(("text", "name"), [
    ("I cast Mind Rot on my opponent, but they have no cards in hand. What happens?", "Mind Rot"),
    ("Angela casts Banefire with X=5, targeting Nigel.", "Banefire"),
    ("Chromatic Star Bug - I sacrifice my Chromatic Star.", "Chromatic Star"),
    ("Fable of the Mirror Breaker is mine. I draw 2.", "Fable of the Mirror Breaker"),
])
def test_an_unknown_cards_name_stops_where_the_name_does(text: str, name: str) -> None:
    """The words looked up as a card (and fetched by the bot) are the name alone, not the target or X after it."""
    measured = _measured(text, {"drawn": {"You": 0}})
    assert measured.first_line == f"error: “{name}” is not a card I know", measured


@pytest.mark.parametrize(("text", "name"), [
    ("Ares casts Thoughtseize against the tapped-out Nike.", "Thoughtseize"),
    ("My opponent has Hatefull Eidolon when an enchanted creature dies.", "Hatefull Eidolon"),
])
def test_an_unknown_cards_name_read_by_a_template_stops_where_the_name_does(text: str, name: str) -> None:
    measured = _measured(text, {"drawn": {"You": 0}})
    assert measured.first_line == f"error: “{name}” is not a card I know", measured


def test_no_draw_with_a_permanent_is_never_read_as_casting_it() -> None:
    """ "I don't draw with Consecrated Sphinx": a permanent's ability, not a spell cast; left unread, never a cast."""
    text = "I don't draw with Consecrated Sphinx when my opponent draws."
    measured = _measured(text, {"drawn": {"You": 0}})
    assert measured.verdict in NOT_ANSWERED and "cast" not in measured.first_line, measured
    assert not any("cast Consecrated Sphinx" in option for option in _options(text))


@pytest.mark.parametrize("text", [
    "My opponent controls Notion Thief. I cast Brainstorm, doesn't seem intentional.",
    "My opponent controls Notion Thief. I cast Brainstorm. No trigger fired off.",
    "My opponent controls Notion Thief. I cast Brainstorm, but I did not draw for some reason.",
])
def test_a_reports_words_about_the_program_are_skipped_and_said(text: str) -> None:
    from engine.situation import situation_to_json

    doc = situation_to_json(text, CARDS)
    assert any("skipped" in a for a in doc.get("assumed", [])), doc.get("assumed")


def test_an_assumption_in_brackets_is_a_fact() -> None:
    measured = _measured("I cast Brainstorm (assuming I have 1 card in library). Do I lose?",
                         {"asked": "lose", "losers": ["You"]})
    assert measured.verdict is Verdict.RIGHT, measured


@pytest.mark.parametrize(("text", "expect"), [
    # what a report saw trigger at a step: the step is a fact, the triggering is the ruling's to work out
    ("Orcish Bowmasters - Ping and amass triggering on opponent's draw step", {"triggers": {"Orcish Bowmasters": 0}}),
    ("My opponent controls Howling Mine. Howling Mine triggers on my draw step.", {"drawn": {"You": 2}}),
])
def test_what_was_seen_trigger_at_a_step(text: str, expect: dict[str, Any]) -> None:
    measured = _measured(text, expect)
    assert measured.verdict is Verdict.RIGHT, measured


def test_a_name_no_card_data_has_is_not_dropped_as_what_was_seen() -> None:
    measured = _measured("Sylvan Safekeeper triggered on my upkeep.", {"drawn": {"You": 0}})
    assert measured.verdict is Verdict.NOT_UNDERSTOOD, measured


@pytest.mark.parametrize(("text", "name"), [
    ("I cast Saw in Half on my Grim Haruspex, I draw 2.", "Saw in Half"),
    ("I control Sphinx of the Second Sun. I draw 2.", "Sphinx of the Second Sun"),
])
def test_a_name_holding_a_word_the_reader_stops_at_is_a_card_to_look_up(text: str, name: str) -> None:
    measured = _measured(text, {"drawn": {"You": 2}})
    assert measured.first_line == f"error: “{name}” is not a card I know", measured


@pytest.mark.parametrize(("text", "expect", "verdict"), [
    ("I cast Brainstorm and draw 3.", {"drawn": {"You": 3}}, Verdict.RIGHT),  # the spell's draw, told again
    # another draw: two actions, each offered (the player says which one they ask about)
    ("I cast Brainstorm and draw 2.", {"drawn": {"You": 3}}, Verdict.ASKED),
    ("I cast Brainstorm and my opponent draws 3.", {"drawn": {"You": 3}}, Verdict.ASKED),
])
def test_a_spells_own_draw_told_again_is_not_a_second_action(text: str, expect: dict[str, Any],
                                                              verdict: Verdict) -> None:
    assert _measured(text, expect).verdict is verdict


def test_a_player_made_to_draw_with_a_spell_is_its_target() -> None:
    """ "opp makes me draw with words of wisdom": the opponent casts it at me (a sentence of its own, so the facts
    before it are not said of the caster)."""
    measured = _measured("Lab man + empty lib + opp makes me draw with words of wisdom. do I win or lose?",
                         {"asked": "win", "winners": ["You"]})
    assert measured.verdict is Verdict.RIGHT, measured


def test_made_to_draw_with_a_permanent_is_not_a_cast() -> None:
    measured = _measured("My opponent makes me draw with Howling Mine.", {"drawn": {"You": 1}})
    assert measured.verdict in NOT_ANSWERED and "cast" not in measured.first_line, measured
    assert not any("cast Howling Mine" in option for option in _options("My opponent makes me draw with Howling Mine."))


def test_the_deck_played_and_on_my_draw() -> None:
    """ "playing dredge, ..." is the deck (skipped, said); "on my draw" is the draw step, not "on the draw"."""
    measured = _measured("playing dredge, grave troll in gy and 6 cards in lib, i dredge it on my draw. do i lose?",
                         {"asked": "lose", "losers": [], "drawn": {"You": 0}})
    assert measured.verdict is Verdict.RIGHT, measured


@pytest.mark.parametrize("text", [
    "opp has sotl, i didnt draw yet this turn because i skipped my draw, i brainstorm",
    "My opponent has Spirit of the Labyrinth. I skipped my draw step. I cast Brainstorm.",
])
def test_a_skipped_draw_leaves_the_turn_with_no_card_drawn(text: str) -> None:
    measured = _measured(text, {"drawn": {"You": 1}})
    assert measured.verdict is Verdict.RIGHT, measured


def test_made_to_draw_with_a_spell_keeps_the_rest_of_the_clause() -> None:
    """ "my opp makes me draw 2 with words of wisdom on his turn": the number is the poster's (said), the turn stays."""
    measured = _measured("ok so i have jace, wielder of mysteries, my library is empty and my opp makes me draw 2 with "
                         "words of wisdom on his turn", {"winners": ["You"]})
    assert measured.verdict is Verdict.RIGHT, measured


def test_it_is_the_one_card_named_before_it_in_the_clause() -> None:
    measured = _measured("windfall: i have 3 cards in hand after casting it, opp has 6. how many do i draw",
                         {"asked": "count", "drawn": {"You": 6, "Opponent": 6}})
    assert measured.verdict is Verdict.RIGHT, measured


def test_words_taken_back_are_skipped_and_said() -> None:
    measured = _measured("my alms collector, opp cracks... nah opp casts sphinx's revelation x=5, who draws what",
                         {"asked": "what", "drawn": {"You": 1, "Opponent": 1}})
    assert measured.verdict is Verdict.RIGHT, measured


def test_what_a_player_saw_not_happen_in_the_past_is_said() -> None:
    """ "... but hadn't lost due to the angel's effect": what the player saw, not a fact (the answer names Set
    Adrift, the card it could not find, instead of "hadn't")."""
    measured = _measured("My library was empty and I controlled Platinum Angel. I had already drawn from an empty "
                         "library but hadn't lost due to the angel's effect. My opponent cast Set Adrift on the Angel.",
                         {"losers": ["You"]})
    assert measured.first_line == "error: “Set Adrift” is not a card I know", measured


def test_a_spell_with_no_zone_is_cast_only_when_told_when_or_its_x() -> None:
    """ "at 3 life with Brainstorm" may be a card held: never read as a cast (it was refused, and still is)."""
    measured = _measured("I am at 3 life with Brainstorm.", {"drawn": {"You": 3}})
    assert measured.verdict is Verdict.NOT_UNDERSTOOD, measured
