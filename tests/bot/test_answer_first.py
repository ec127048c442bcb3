"""The answer to the question asked comes first, on Discord (through the real CommandTree) and in the console
alike, with the question read by the real situation reader (a stand-in reader here once hid a question read
without its player: "do I lose?" then answered for the opponent in the other outcome)."""

from __future__ import annotations

from typing import Any

from bot.discord.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from bot.terminal.console import answer
from tests.fakes.discord_fake import FakeDiscord, dispatch, slash


def _embed(sent: list[Any]) -> dict[str, Any]:
    return sent[-1]["data"]["embeds"][0]


async def test_do_i_lose_is_answered_yes_first_with_the_deciding_rule_and_the_trap(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", situation="I have 2 cards in library. I cast Brainstorm. "
                                                                "do I lose?"))
    e = _embed(sent)
    assert e["title"] == "Yes — you lose the game, so Opponent wins."
    text = e["description"].replace("\\", "")
    assert text.startswith("**Why:** attempted to draw from an empty library (704.5b).")
    assert "**Watch out:**" in text and "you put 2 cards from hand on top of your library" in text


async def test_a_count_is_a_number_and_a_choice_gives_both_lines(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", situation="I have 10 cards in library. I draw 8. "
                                                                "how many do I draw?"))
    assert _embed(sent)["title"] == "You draw 8 (121.1)."
    sent = await dispatch(client, fake, slash("draw", situation=(
        "I control Thought Reflection. Opponent controls Notion Thief. I draw a card. how many does opponent draw?")))
    e = _embed(sent)
    assert e["title"] == "Your choice"
    text = e["description"]
    assert "• You apply Thought Reflection first → Opponent draws 2 cards" in text
    assert "• You apply Notion Thief first → Opponent draws 1 card" in text
    assert "616.1" in text


async def test_the_console_leads_the_same_way(store: Store) -> None:
    reply = await answer(Judge(store), "/draw I have 2 cards in library. I cast Brainstorm. do I lose?")
    text = reply.as_plain()
    assert text.startswith("Yes — you lose the game, so Opponent wins.\nWhy: attempted to draw from an empty "
                           "library (704.5b).\nWatch out: ")
    assert text.index("Watch out:") < text.index("I understood:") < text.index("Steps")


async def test_the_other_outcome_of_an_assumption_answers_the_question_too(store: Store) -> None:
    reply = await Judge(store).draw("Opponent controls Spirit of the Labyrinth. I control Laboratory Maniac and have "
                                    "0 cards in library. I draw a card. do I lose?")
    assert reply.draw is not None
    # in your own main phase you drew for the turn (504.1): Spirit of the Labyrinth stops the draw
    assert reply.draw.lead.text == "No — you don't lose."
    other = reply.draw.otherwise[0]
    assert other.label.lower() == "if you hadn't drawn yet this turn"
    assert other.ruling.startswith("No — you win the game.")
