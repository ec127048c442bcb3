"""Plain facts judges write that the reader refused or half-read: "controls no permanents" (looked up as a card),
"how many does he draw, and how many do I draw?" (one count answered), "in grand archive" (not the game)."""

from __future__ import annotations

import pytest

from engine.cards import CardDB, default_cards
from engine.errors import SituationError
from engine.judging import judge_text
from engine.question_words import AskedMeasure
from engine.situation import parse_situation


def _db() -> CardDB:
    return default_cards()


@pytest.mark.parametrize("said", ["controls no permanents", "has nothing on the battlefield", "controls nothing"])
def test_no_permanents_is_read(said: str) -> None:
    res = judge_text(f"My opponent is at 4 life and {said}. I cast Brainstorm. how many do i draw?", _db())
    assert res.players["You"]["library"] == 40 - 3 + 2  # Brainstorm puts 2 back
    assert any(u["fact"] == "Opponent controls no permanents" for u in res.understood)


def test_no_permanents_after_one_told_is_refused() -> None:
    with pytest.raises(SituationError):
        judge_text("My opponent controls Notion Thief. My opponent controls no permanents. I cast Brainstorm.", _db())


def test_two_counts_asked_are_every_players() -> None:
    s = parse_situation("Opp controls Howling Mine. It's his draw step. How many cards does he draw, and how many "
                        "do I draw?", _db())
    assert s.asked is not None and s.asked.measure is AskedMeasure.EVERY


@pytest.mark.parametrize("said", ["in grand archive", "playing grand archive", "Grand Archive:"])
def test_the_game_named(said: str) -> None:
    res = judge_text(f"{said} I have 1 card in my deck and draw 2. do i lose?", _db())
    assert res.game == "grand-archive" and res.losers == ["You"]


@pytest.mark.parametrize(("text", "thief", "caster"), [
    ("brainstorm (me) with notion thief (opp). how many do i draw?", "Opponent", "You"),
    ("brainstorm (opp) with notion thief (me). how many do i draw?", "You", "Opponent"),
    ("notion thief (opp) + brainstorm (me) = ?", "Opponent", "You"),
])
def test_a_player_in_brackets_is_the_card_before_its(text: str, thief: str, caster: str) -> None:
    """Two cards each with their own bracketed player: the Thief took the first bracket's player."""
    res = judge_text(text, _db())
    facts = {u["fact"] for u in res.understood}
    assert f"{thief} {'control' if thief == 'You' else 'controls'} Notion Thief" in facts
    assert f"{caster} {'cast' if caster == 'You' else 'casts'} Brainstorm" in facts


def test_chat_shorthand() -> None:
    res = judge_text("opp got SoTL, I'm casting Brainstorm rn after drawing for turn, wat happens", _db())
    assert res.players["You"]["library"] == 40 + 2  # no draw; 2 put back


@pytest.mark.parametrize("word", ["creatures", "treasures", "lands", "creature"])
def test_words_the_reader_knows_are_never_corrected_into_others(word: str) -> None:
    """A template word once "corrected" treasures into creatures, then creatures into treasures."""
    from engine.situation.normalize import normalize_text

    assert normalize_text(f"I control Howling Mine and two {word}. {word}?").corrections == []


def test_a_card_named_after_a_draw_is_the_card_drawn_not_a_permanent() -> None:
    """ "Alice casts Thought Scour targeting Bob and draws Temporal Mastery" put Temporal Mastery on the battlefield
    (a "drawn" Notion Thief would have replaced the draws)."""
    res = judge_text("Alice casts Thought Scour targeting Bob and draws Temporal Mastery. She has not drawn any other "
                     "card this turn. Can she cast Temporal Mastery for its miracle cost?", _db())
    facts = {u["fact"] for u in res.understood}
    assert "Alice: Temporal Mastery on top of library" in facts
    assert not any("on the battlefield" in f for f in facts)
    assert res.answer["text"].startswith("Yes")


def test_a_possessive_asked_about_is_rewritten_as_a_possessive() -> None:
    """ "Who is “his”?" offered options whose text read "on top of Pete library" (asked again on the click)."""
    from engine.errors import Clarification

    with pytest.raises(Clarification) as asked:
        judge_text("During Robin's upkeep Casey casts Brainstorm, and Temporal Mastery is the first card he draws "
                   "this turn. Can he cast it for its miracle cost?", _db())
    assert asked.value.question == "Who is “his”?"
    assert [o.label for o in asked.value.options] == ["Casey", "Robin"]
    assert all(f"on top of {o.label}'s library" in o.text for o in asked.value.options)


@pytest.mark.parametrize("name", ["Pete", "Olga", "Uma", "Bea"])
def test_more_given_names_tell_a_pronouns_player(name: str) -> None:
    from engine.situation.gender import name_gender

    assert name_gender(name) is not None


@pytest.mark.parametrize("text", [
    "yo so my buddy had notion thief out and i cracked a brainstorm, he said he draws all 3?? is that right",
    "opp had notion thief and i cast brainstorm. my opponent claims he draws 3. right?",
])
def test_what_a_player_claims_is_checked_not_read_as_a_fact(text: str) -> None:
    """ "he said he draws all 3" was a second action (asked which); "my buddy" is the player across the table."""
    res = judge_text(text, _db())
    assert res.players["Opponent"]["library"] == 40 - 3
    assert any("what a player said happens" in a for a in res.assumed)


def test_a_fact_a_player_reports_is_never_skipped_as_a_claim() -> None:
    """ "opp said he has 2 cards in library": a fact told through a player (read), not an outcome claimed."""
    res = judge_text("opp said he has 2 cards in library and casts brainstorm. does he lose?", _db())
    assert res.losers == ["Opponent"]
