"""/draw's options reach the reader as data (#25 point 8): the game and the edition are facts given beside the
player's words, never words written in front of them, and they stay with the question through its buttons (a
value asked for, an answer to the reader's question, a What if)."""

from __future__ import annotations

from typing import Any

from bot.discord.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from engine.situation import Situation, situation_to_json
from tests.fakes.discord_fake import FakeDiscord, button, dispatch, slash

TEXT = "I have 1 card in library. Opponent controls Spirit of the Labyrinth. I draw 2."


def _buttons(sent: list[Any]) -> dict[str, str]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    return {c["label"]: c["custom_id"] for row in data.get("components") or [] for c in row["components"]}


def test_the_reader_takes_the_options_as_facts_from_their_option() -> None:
    doc = situation_to_json(Situation("I have 1 card in my deck and draw 2.", "grand-archive", "2008"))
    assert doc["game"] == "grand-archive" and doc["edition"] == "2008"
    assert {"fact": "game: grand-archive", "words": "the game option"} in doc["understood"]
    assert {"fact": "rules edition: 2008", "words": "the edition option"} in doc["understood"]
    plain = situation_to_json(Situation("I draw 2.", "mtg", "current"))  # the defaults state nothing
    assert "game" not in plain and "edition" not in plain


def test_an_option_the_words_contradict_is_said_with_both_sources() -> None:
    try:
        situation_to_json(Situation("rules 1999: I draw 2.", edition="2008"))
    except Exception as exc:  # noqa: BLE001 - the reader's error, checked below
        assert "the edition option" in str(exc) and "rules 1999" in str(exc)
    else:
        raise AssertionError("a contradiction between an option and the words was not said")


async def test_the_answer_keeps_the_players_words_and_the_options_apart(store: Store) -> None:
    judge = Judge(store)
    reply = await judge.draw(TEXT, edition="2008")
    assert reply.draw is not None
    assert reply.draw.situation == Situation(TEXT, None, "2008")  # the words as typed, the option beside them
    assert "2008" in reply.draw.edition_label and "the edition option" in reply.as_plain()
    today = await judge.draw(TEXT)
    assert today.draw is not None and today.draw.ruling != reply.draw.ruling  # 2008 has no "can't draw more"
    # a What if re-resolves the same situation, options included
    if reply.draw.what_ifs:
        again = await judge.draw(reply.draw.situation, what_if=reply.draw.what_ifs[0].key)
        assert again.draw is not None and again.draw.edition == reply.draw.edition


async def test_a_value_asked_for_keeps_the_edition_through_its_button(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    """The X buttons used to be built from the player's words alone: pressing one answered with today's rules
    although /draw was asked with edition:2008."""
    client, fake = harness
    asked = await dispatch(client, fake, slash("draw", user_id="2526", situation="I cast Prosperity", edition="2008"))
    options = _buttons(asked)
    assert "3. X = 3" in options, options
    answered = await dispatch(client, fake, button(options["3. X = 3"], user_id="2526"))
    embed = answered[0]["data"]["embeds"][0]
    assert "2008" in embed["footer"]["text"], embed
