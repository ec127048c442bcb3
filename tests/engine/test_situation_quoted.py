"""Card text the player quotes in brackets is the card's, not the situation's (engine.situation.quoted), and a
question that opens the text with "what happens if" asks for the ruling of the whole situation."""

from __future__ import annotations

from engine.cards import default_cards
from engine.judging import judge_text
from engine.question import AskedKind
from engine.situation import parse_situation, situation_to_json
from engine.situation.quoted import drop_quoted_text

WHEEL = ("Both players have 3 cards in their library and I cast Wheel of Fortune "
         "(Each player discards his/her hand and draws seven cards).")


def test_a_quoted_card_text_is_skipped_and_said() -> None:
    doc = situation_to_json(WHEEL)
    assert doc["action"]["card"] == "Wheel of Fortune"
    assert any("Wheel of Fortune's own text" in a for a in doc["assumed"])


def test_the_quoted_card_text_is_not_a_fact_but_the_card_still_acts() -> None:
    res = judge_text(WHEEL, default_cards())  # seven draws from three cards: both lose (704.5b)
    assert (sorted(res.losers), res.winners) == (["Opponent", "You"], [])


def test_a_bracketed_fact_after_a_card_is_kept() -> None:
    text = "I cast Brainstorm (my library has 2 cards left)"
    kept, quoted = drop_quoted_text(text, default_cards())
    assert (kept, quoted) == (text, [])


def test_a_quote_of_another_text_than_the_card_named_is_kept() -> None:
    text = "I cast Wheel of Fortune (Put the top card of your library into your graveyard)."
    assert drop_quoted_text(text, default_cards())[1] == []


def test_a_card_text_without_the_card_named_before_it_is_kept() -> None:
    text = "(Each player discards his/her hand and draws seven cards) I cast Brainstorm."
    assert drop_quoted_text(text, default_cards())[1] == []


def test_what_happens_if_opening_the_text_asks_for_the_ruling() -> None:
    asked = parse_situation("What happens if both players have 3 cards in library and I cast Wheel of Fortune?").asked
    assert asked is not None and asked.kind is AskedKind.WHAT


def test_what_if_after_a_story_is_still_a_line() -> None:
    asked = parse_situation("its my draw step, 1 card in library, i have sylvan library. what if i take the 2 extra?"
                            ).asked
    assert asked is not None and asked.kind is AskedKind.WHAT_IF


def test_a_card_text_introduced_as_such_is_skipped_and_said() -> None:
    """ "with the ability: ...", "which says: ...": the card's text, said so, not facts of the situation."""
    text = ("My opponent is at one life. I have a Psychosis Crawler in play with the ability: Whenever you draw a "
            "card, each opponent loses 1 life. I have 1 card left in my library and cast Brainstorm, which says: "
            "Draw three cards, then put two cards from your hand on top of your library in any order.")
    kept, quoted = drop_quoted_text(text, default_cards())
    assert [q.card for q in quoted] == ["Psychosis Crawler", "Brainstorm"]
    assert "Whenever" not in kept and "which says" not in kept
    # the second draw finds no card: I lose at the next check, before Crawler's triggers resolve (704.5b, 117.5)
    res = judge_text(text, default_cards())
    assert res.losers == ["You"]


def test_a_double_quoted_card_text_is_skipped_but_a_fact_in_quotes_is_kept() -> None:
    text = 'I cast Brainstorm ("Draw three cards, then put two cards from your hand on top")'
    assert [q.card for q in drop_quoted_text(text, default_cards())[1]] == ["Brainstorm"]
    text = 'I cast Brainstorm, "my library has 2 cards left in it"'
    assert drop_quoted_text(text, default_cards())[1] == []
