"""Situations offered for a text not read keep the text's players, offer a told action as told (never also as
a card use), and never show the player's prediction as a fact read (issue 24, ``engine.situation.offer``).

Phrasings written for these tests (other names, other cards than the corpus's)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.cards import default_cards
from engine.errors import Clarification, SituationError
from engine.situation import situation_to_json

CARDS = default_cards()


def _asked(text: str) -> Clarification:
    """The question asked; for a text whose words may name a card the data lacks ("Howling Mine and Dan"), the
    one asked once the look-up found none (the bot's path: ``bot.cards.lookup.with_learned_cards``)."""
    with pytest.raises(SituationError) as asked:
        situation_to_json(text, CARDS)
    offered = asked.value if isinstance(asked.value, Clarification) else asked.value.offer
    assert offered is not None, asked.value.message
    return offered


def _controller(doc: dict[str, Any], card: str) -> str | None:
    return next((p["name"] for p in doc["players"] if card in p.get("battlefield", [])), None)


def _reader_name(words: str) -> str:
    return {"i": "You", "my opponent": "Opponent", "opp": "Opponent"}.get(words.lower(), words)


_CONTROLS = re.compile(r"^(?P<who>.+?) controls? (?P<card>.+)$")
_CASTS = re.compile(r"^(?P<who>.+?) (?:casts?|activates?|cycles?) (?P<card>.+)$")
_DRAWS = re.compile(r"^(?P<who>.+?) draws? (?:a card|(?P<count>\d+) cards)$")
_STEP = re.compile(r"^It's (?P<who>.+?)(?:'s| my) draw step$")


def _reads_back(option: Any) -> None:
    """Each sentence of the option's label is what the reader reads from its text: whose permanent, who acts."""
    doc = situation_to_json(option.text, CARDS)
    action = doc["action"]
    for sentence in option.label.split(". "):
        sentence = sentence.rstrip(".")
        if m := _CONTROLS.match(sentence):
            assert _controller(doc, m["card"]) == _reader_name(m["who"]), option
        elif m := _CASTS.match(sentence):
            assert (action["card"], action["player"]) == (m["card"], _reader_name(m["who"])), option
        elif m := _DRAWS.match(sentence):
            count = int(m["count"] or 1)
            assert action == {"type": "draw", "count": count, "player": _reader_name(m["who"])}, option
        elif m := _STEP.match(sentence):
            assert action["type"] == "draw_step", option


@pytest.mark.parametrize("text", [
    "Carol controls Howling Mine and Dan has Consecrated Sphinx, the card is bugged",
    "Carol has consecrated sphinx, the card is bugged",
    "Dan controls Psychosis Crawler, the card is bugged",
])
def test_options_keep_the_texts_players_and_read_back(text: str) -> None:
    """A text that names its players and never says "I" is offered about those players, never about the asker."""
    asked = _asked(text)
    for option in asked.options:
        assert not re.search(r"\b(?:I|my|me)\b", option.label, re.I), option.label
        _reads_back(option)


def test_a_second_named_player_is_the_other_of_a_draw_watchers_options() -> None:
    labels = [o.label for o in _asked("Carol controls Howling Mine and Dan has Consecrated Sphinx, the card is "
                                      "bugged").options]
    assert "It's Carol's draw step" in labels and "Dan draws a card" in labels


def test_one_named_player_and_no_i_invents_no_second_player() -> None:
    labels = [o.label for o in _asked("Carol has consecrated sphinx, the card is bugged").options]
    assert labels == ["Carol draws a card"]


@pytest.mark.parametrize(("text", "told"), [
    ("Mystic Remora doesn't trigger when opp casts Windfall", "opp casts Windfall"),
    ("Carol has Rhystic Study and Dan casts Windfall, the trigger never showed up", "Dan casts Windfall"),
])
def test_a_told_action_is_offered_as_told_not_also_as_a_card_use(text: str, told: str) -> None:
    labels = [o.label for o in _asked(text).options]
    assert any(label.endswith(told) for label in labels), labels
    assert not any("I cast Windfall" in label for label in labels), labels


def test_the_players_prediction_is_not_shown_as_a_fact_read() -> None:
    asked = _asked("I have Sheoldred, opp casts Windfall, it should trigger 7 times but did nothing")
    read = asked.question.split("With what I read", 1)[1].split(")", 1)[0]
    assert "should" not in read and "I have Sheoldred" in read


def test_a_permanent_the_facts_place_is_never_placed_again_under_another_player() -> None:
    """ "I have Sheoldred" (a nickname): no option puts Sheoldred under the opponent too."""
    for option in _asked("I have Sheoldred, opp casts Windfall, it should trigger 7 times but did nothing").options:
        assert "controls Sheoldred" not in option.label, option.label
        assert _controller(situation_to_json(option.text, CARDS), "Sheoldred, the Apocalypse") == "You"


def test_facts_that_leave_a_permanents_controller_open_are_answered_by_the_options() -> None:
    """ "cards like Sheoldred" names the card and nobody's: the options say whose (as before)."""
    labels = [o.label for o in _asked("the app mishandles it with cards like Sheoldred, the Apocalypse").options]
    assert any(label.startswith("I control Sheoldred") for label in labels), labels


def test_what_the_player_saw_not_happen_is_no_fact_and_the_option_answers_right() -> None:
    """ "do not draw a card" is the report of what the player saw, not a fact (read as one, it made every option
    a "can I draw?" question); without it, the Blood Scrivener option resolves as the rules do."""
    asked = _asked("Blood Scrivener - When my hand is empty, i lose a life and do not draw a card, instead of "
                   "drawing two.")
    read = asked.question.split("With what I read", 1)[1].split(")", 1)[0]
    assert "do not draw" not in read and "my hand is empty" in read
    option = next(o for o in asked.options if o.label == "I control Blood Scrivener. I draw a card")
    doc = situation_to_json(option.text, CARDS)
    assert doc.get("asked") is None


def test_an_unknown_card_is_named_whole_for_the_look_up() -> None:
    """The name the bot looks up: with its title after the comma ("Kenrith, the Returned King", never "Kenrith",
    which Scryfall can't tell from other Kenriths), without the words that say whose it is."""
    for text, name in (("I control Kenrith, the Returned King. I draw a card", "Kenrith, the Returned King"),
                       ("my opponent controls Baleful Strix. I draw a card", "Baleful Strix")):
        with pytest.raises(SituationError) as error:
            situation_to_json(text, CARDS)
        assert error.value.unknown_card == name


def test_a_watcher_of_the_nth_draw_is_offered_a_draw_that_reaches_it_beside_its_other_use() -> None:
    """A card with an activated ability and a draw watcher ("whenever an opponent draws their second card each
    turn") is offered both ways; the watched draw counts enough cards to reach the watched one."""
    from engine.oracle import read_oracle

    text = ("Flying\nWhenever an opponent draws their second card each turn, you draw a card.\n"
            "{3}{U}: Each player draws a card.")
    reading = read_oracle("Test Mastermind", text, "Creature — Faerie")
    assert reading.understood
    cards = CARDS.with_extra([reading.card(text, "Creature — Faerie")])
    with pytest.raises(Clarification) as asked:
        situation_to_json("Test Mastermind was working fine, since the update the card is bugged", cards)
    labels = [o.label for o in asked.value.options]
    assert "I control Test Mastermind. I activate Test Mastermind" in labels
    assert "I control Test Mastermind. My opponent draws 2 cards" in labels


def test_an_optional_replacement_is_offered_used() -> None:
    """Abundance's "you may instead" is not used unless said; a report about it is about using it: an option says
    so, and reads back as the replacement applied (no card drawn)."""
    from engine.judging import judge_text

    asked = _asked("I control Abundance and opp has Psychosis Crawler, the app does it wrong")
    option = next(o for o in asked.options if "I use Abundance" in o.label)
    assert option.label.endswith("I use Abundance. I draw a card")
    assert [s for s in judge_text(option.text, CARDS).steps if s.kind == "draw"] == []


def test_a_seat_is_the_other_player_of_the_options_and_the_asker_plays() -> None:
    """ "the player to my left" is named from the asker's seat: the options are the asker's and that seat's."""
    asked = _asked("the player to my left controls Howling Mine, the card is bugged")
    assert [o.label for o in asked.options] == ["It's my draw step", "It's the player to my left's draw step"]
    for option in asked.options:
        doc = situation_to_json(option.text, CARDS)
        assert _controller(doc, "Howling Mine") == "Player to your left"
        assert doc["action"]["type"] == "draw_step"


@pytest.mark.parametrize("text", [
    "I have Sheoldred. I think opp loses 2 life. The app is bugged",
    "opp has Psychosis Crawler. I'm pretty sure I lose 1 life. weird bug",
])
def test_what_the_player_expects_is_neither_a_fact_nor_a_count_left_unread(text: str) -> None:
    """ "I think opp loses 2 life" is the outcome the player expects (the ruling works it out): it neither shows
    as a fact read nor, being a life count, stops the options (they would not drop a fact the player told)."""
    asked = _asked(text)
    read = asked.question.split("With what I read", 1)[1].split(")", 1)[0]
    assert "think" not in read and "sure" not in read
    assert asked.options
