"""Discord's own habits, through the real CommandTree on the loopback stand-ins of Discord and Scryfall:
``[[Card Name]]`` in every text option, /card with the card's image and mana cost, nickname autocomplete in
/card and /ruling, and the message context-menu command "Ask drawjudge" (private to the one who asked)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.commands import card_named, from_chat
from bot.discord.app import ASK_FROM_MESSAGE, DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from bot.terminal.console import answer
from tests.bot.test_rulings import service
from tests.conftest import CARDS_DIR
from tests.fakes.discord_fake import APP_ID, CHANNEL_ID, USER, FakeDiscord, autocomplete, dispatch, interaction, slash
from tests.fakes.scryfall import FakeScryfall

EPHEMERAL = 64


@pytest.fixture
async def with_scryfall(store: Store, monkeypatch: pytest.MonkeyPatch
                        ) -> AsyncIterator[tuple[DrawJudgeBot, FakeDiscord, Judge]]:
    async with FakeScryfall(CARDS_DIR) as scryfall:
        fake = FakeDiscord()
        fake.install(monkeypatch)
        svc = service(store, scryfall)
        judge = Judge(store, card_lookup=svc.oracle_text, card_face=svc.face)
        client = DrawJudgeBot(judge, rulings=svc.reply, card_choices=svc.names, application_id=APP_ID)
        await client.login("test-token")
        try:
            yield client, fake, judge
        finally:
            await client.close()
            await svc.close()


def _embed(sent: list[Any]) -> dict[str, Any]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    return data["embeds"][0]


def test_chat_card_brackets_are_the_cards_name() -> None:
    assert from_chat("Opponent controls [[Notion Thief]]. I draw [[!Opportunity]]") == \
        "Opponent controls Notion Thief. I draw Opportunity"
    assert from_chat("[[Laboratory Maniac|M12]]") == "Laboratory Maniac"
    assert from_chat("no brackets [here]") == "no brackets [here]"
    assert card_named("lab man") == "Laboratory Maniac" and card_named("Notion Thief") == "Notion Thief"


async def test_brackets_in_every_text_option(with_scryfall: tuple[DrawJudgeBot, FakeDiscord, Judge]) -> None:
    client, fake, judge = with_scryfall
    drawn = await dispatch(client, fake, slash("draw", situation="Opponent controls [[Notion Thief]]. I draw 2."))
    assert _embed(drawn)["title"].startswith("Opponent draws 2 cards and you draw none")
    card = await dispatch(client, fake, slash("card", card="[[Spirit of the Labyrinth]]"))
    assert _embed(card)["title"] == "Spirit of the Labyrinth"
    ruling = await dispatch(client, fake, slash("ruling", card="[[Notion Thief]]"))
    assert _embed(ruling)["title"] == "Rulings: Notion Thief"
    console = await answer(judge, "/card [[Spirit of the Labyrinth]]")
    assert console.pages[0].title == "Spirit of the Labyrinth"


async def test_card_shows_its_image_and_mana_cost(with_scryfall: tuple[DrawJudgeBot, FakeDiscord, Judge]) -> None:
    client, fake, judge = with_scryfall
    sent = await dispatch(client, fake, slash("card", card="Notion Thief"))
    e = _embed(sent)
    assert e["description"].replace("\\", "").startswith("{2}{U}{B} — ")
    assert e["image"]["url"].startswith("https://cards.scryfall.io/normal/front/")
    plain = (await answer(judge, "/card Notion Thief")).as_plain()
    assert "{2}{U}{B}" in plain and "Image: https://cards.scryfall.io/" in plain


async def test_nickname_autocomplete_in_card_and_ruling(
        with_scryfall: tuple[DrawJudgeBot, FakeDiscord, Judge]) -> None:
    client, fake, _judge = with_scryfall
    for command in ("card", "ruling"):
        sent = await dispatch(client, fake, autocomplete(command, "card", "lab man"))
        assert sent[0]["data"]["choices"][0]["value"] == "Laboratory Maniac", command
    sotl = await dispatch(client, fake, autocomplete("card", "card", "[[sotl"))
    assert sotl[0]["data"]["choices"][0]["value"] == "Spirit of the Labyrinth"
    typed = await dispatch(client, fake, slash("card", card="lab man"))  # sent without picking
    assert _embed(typed)["title"] == "Laboratory Maniac"


def _message_command(content: str, user_id: str) -> dict[str, Any]:
    message = {"id": "880000000000000001", "channel_id": str(CHANNEL_ID), "type": 0, "content": content,
               "author": {**USER, "id": "660000000000000001", "username": "friend", "bot": False},
               "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
               "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
               "edited_timestamp": None, "flags": 0, "components": []}
    return interaction(2, {"id": "770000000000000001", "name": ASK_FROM_MESSAGE, "type": 3,
                           "target_id": message["id"], "resolved": {"messages": {message["id"]: message}}},
                       user_id=user_id)


async def test_ask_drawjudge_on_a_message_answers_privately(
        with_scryfall: tuple[DrawJudgeBot, FakeDiscord, Judge]) -> None:
    client, fake, _judge = with_scryfall
    await client.sync_commands()
    menu = next(c for c in fake.commands if c["name"] == ASK_FROM_MESSAGE)
    assert menu["type"] == 3 and "options" not in menu or not menu.get("options")
    sent = await dispatch(client, fake, _message_command(
        "my opp has [[Notion Thief]] out and I draw 2?", "5150"))
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    assert data["flags"] & EPHEMERAL  # only the one who asked sees it
    assert _embed(sent)["title"].startswith("Opponent draws 2 cards and you draw none")
    empty = await dispatch(client, fake, _message_command("", "5151"))
    assert "no text" in _embed(empty)["description"]
