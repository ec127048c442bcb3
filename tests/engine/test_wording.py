"""Step texts in plain English: the asker's own possessives, verbs agreeing with "You", counts without
"card(s)"; and folded steps in the order things happen."""

from __future__ import annotations

from bot.draw.answer import draw_answer
from engine.cards import default_cards
from engine.resolve import resolve
from engine.situation import parse_situation
from engine.wording import cards, sentence

CARDS = default_cards()


def test_the_asker_discards_their_own_hand_as_your_hand() -> None:
    assert sentence("You discards their hand (6 cards).") == "You discard your hand (6 cards)."
    assert sentence("Opponent discards their hand (7 cards).") == "Opponent discards their hand (7 cards)."
    assert sentence("Opponent draws. You puts 2 cards on top of their library.") == \
        "Opponent draws. You put 2 cards on top of your library."
    assert sentence("You chooses to apply Notion Thief first; Opponent draws.") == \
        "You choose to apply Notion Thief first; Opponent draws."


def test_counts_are_singular_or_plural() -> None:
    assert (cards(1), cards(2), cards(1000)) == ("1 card", "2 cards", "1,000 cards")


def _steps(text: str) -> list[str]:
    res = resolve(parse_situation(text, CARDS), CARDS)
    return [s.text for s in res.steps]


def test_no_step_says_card_s_or_you_with_their() -> None:
    texts = _steps("Opponent has 5 cards in library. Opponent controls Notion Thief. I cast Windfall")
    texts += _steps("I cast Brainstorm")
    assert not [t for t in texts if "card(s)" in t]
    assert "You discard your hand (6 cards)." in texts
    assert any(t.startswith("You put 2 cards from hand on top of your library") for t in texts)


def test_folded_steps_keep_the_order_things_happen() -> None:
    text = "Opponent has 5 cards in library. Opponent controls Notion Thief. I cast Windfall"
    res = resolve(parse_situation(text, CARDS), CARDS)
    lines = [f"{s.text} ×{s.times}" for s in draw_answer(res, text).steps]
    told = next(i for i, t in enumerate(lines) if t.startswith("Opponent is instructed to draw 7"))
    empty = [i for i, t in enumerate(lines) if t.startswith("Opponent attempts to draw from an empty library")]
    assert lines[empty[-1]].endswith("×7") and empty[-1] > told  # the 7 after the instruction, after it
    assert lines[empty[0]].endswith("×2") and empty[0] < told  # the 2 of the replaced draws, before it
    assert sum(int(t.rsplit("×", 1)[1]) for t in lines if t.startswith("Opponent draws a card.")) == 5


def test_every_choice_is_said_as_a_sentence_with_its_subject() -> None:
    from engine.resolve.branches import describe_choice

    assert describe_choice("order:You", "Golgari Thug") == "You apply Golgari Thug first"
    assert describe_choice("may_draw:You", False) == "You choose not to draw"
    assert describe_choice("may:Dakra Mystic:put_revealed", True) == "Dakra Mystic's “may” (put revealed) is taken"
    assert describe_choice("sylvan_pay:You", 1) == "You pay 4 life for 1 card"
    assert describe_choice("sylvan_pay:Alice", 2) == "Alice pays 4 life for each of 2 cards"
