"""One card look-up for every front end (#14): a card outside the card data, found through the Scryfall
stand-in and read from its Oracle text, resolves the same through the Judge (Discord and console), the
console, and ``drawjudge resolve`` with situation text or a JSON scenario."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.config import Config
from bot.service import Judge
from bot.store import Store, StoreUnavailable
from bot.terminal.console import run_console
from bot.terminal.resolve_cli import resolve_command
from tests.bot.test_rulings import service
from tests.conftest import CARDS_DIR
from tests.fakes.scryfall import FakeScryfall

TEXT = "I have 10 cards in library and 3 in hand. I cast Deep Study."


@pytest.fixture
async def scryfall() -> AsyncIterator[FakeScryfall]:
    async with FakeScryfall(CARDS_DIR) as fake:
        fake.extra_cards["Deep Study"] = "Draw two cards, then discard a card."
        fake.extra_types["Deep Study"] = "Sorcery"
        fake.extra_cards["Muddled Text"] = "Flying\nWhenever this creature attacks, draw cards unless the moon is full."
        fake.extra_types["Muddled Text"] = "Creature — Bird"
        fake.extra_cards["Grizzly Bears"] = ""
        fake.extra_types["Grizzly Bears"] = "Creature — Bear"
        yield fake


def _config(tmp_path: Path, fake: FakeScryfall) -> Config:
    return Config.from_env({"DRAWJUDGE_DB": str(tmp_path / "cli.sqlite3"), "DRAWJUDGE_SCRYFALL_API": fake.base,
                            "DRAWJUDGE_HTTP_TIMEOUT": "5"})


async def test_a_card_outside_the_data_resolves_the_same_on_every_front_end(
        store: Store, scryfall: FakeScryfall, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svc = service(store, scryfall)
    judge = Judge(store, card_lookup=svc.oracle_text)
    reply = (await judge.draw(TEXT)).as_text()
    # Deep Study leaves the hand as it is cast: 3 - 1 + 2 - 1
    assert "hand 3 → 3" not in reply and "hand 3" in reply and "library 10 → 8" in reply
    out = io.StringIO()
    await run_console(judge, io.StringIO(TEXT + "\n/quit\n"), out)
    assert "hand 3" in out.getvalue()
    await svc.close()

    config = _config(tmp_path, scryfall)
    args = argparse.Namespace(json_file=None, situation=TEXT, json_out=True)
    assert await resolve_command(args, config) == 0
    from_text = json.loads(capsys.readouterr().out)
    assert from_text["players"]["You"]["hand"] == 3 and from_text["players"]["You"]["graveyard"] == 2
    scenario = tmp_path / "s.json"
    # the text front end fills in the turn's own draw (504.1): in the main phase the asker has drawn a card
    scenario.write_text(json.dumps({"players": [{"name": "You", "library": 10, "hand": 3, "drawn_this_turn": 1},
                                                {"name": "Opponent"}],
                                    "action": {"type": "cast", "card": "Deep Study", "player": "You"}}))
    args = argparse.Namespace(json_file=str(scenario), situation=None, json_out=False)
    assert await resolve_command(args, config) == 0
    from_json = json.loads(capsys.readouterr().out)
    assert from_json["players"] == from_text["players"]


async def test_a_card_whose_draw_text_is_not_understood_is_refused_with_that_text(
        scryfall: FakeScryfall, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(json_file=None, situation="I control Muddled Text. I draw 1.", json_out=True)
    assert await resolve_command(args, _config(tmp_path, scryfall)) == 2
    err = json.loads(capsys.readouterr().out)["error"]
    assert "Muddled Text" in err["message"] and "moon is full" in err["hint"]


async def test_a_card_with_no_draw_text_is_a_plain_object_not_a_refusal(
        scryfall: FakeScryfall, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A vanilla creature in the story no longer blocks the question: it is on the battlefield with its types."""
    args = argparse.Namespace(json_file=None, situation="I control Grizzly Bears. I have 5 cards in library. I draw 1.",
                              json_out=True)
    assert await resolve_command(args, _config(tmp_path, scryfall)) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"]["You"]["library"] == 4


async def test_the_bot_synced_to_discord_has_every_command_the_running_bot_has(store: Store, tmp_path: Path,
                                                                              scryfall: FakeScryfall) -> None:
    """`drawjudge sync` used to build the bot without the rulings service, so /ruling was never registered."""
    from bot.application import Application
    from bot.commands import BY_NAME
    from bot.runner import bot_for

    app = await Application.open(_config(tmp_path, scryfall))
    bot = bot_for(app)
    names = {c.name for c in bot.tree.get_commands(type=discord.AppCommandType.chat_input)}
    assert names == set(BY_NAME) == {"draw", "rule", "cr", "search", "define", "rulediff", "ruling", "card", "help",
                                     "about"}
    await bot.close()  # the bot owns the application: closing it closes the cache
    with pytest.raises(StoreUnavailable):
        app.store.db  # noqa: B018 - the connection is gone
    await app.close()  # a second close waits for the first and does nothing more


async def test_card_shows_the_oracle_text_and_the_draw_abilities_read_on_every_front_end(
        store: Store, scryfall: FakeScryfall) -> None:
    from bot.terminal.console import answer

    svc = service(store, scryfall)
    judge = Judge(store, card_lookup=svc.oracle_text)
    try:
        known = (await answer(judge, "/card Spirit of the Labyrinth")).as_plain()
        assert "Each player can’t draw more than one card each turn." in known or "can't draw more" in known
        assert "• A player can't draw more than 1 card each turn — 614.17 · 101.2" in known
        assert "https://scryfall.com/search?q=%21%22Spirit%20of%20the%20Labyrinth%22" in known
        learned = (await answer(judge, "/card Deep Study")).as_plain()  # not in the card data: from Scryfall
        assert "Draw two cards, then discard a card." in learned and "Sorcery" in learned
        assert "• Spell: draw 2 cards, then discard 1 card — 608.2" in learned
        unread = (await answer(judge, "/card Muddled Text")).as_plain()
        assert "Not understood" in unread and "moon is full" in unread
        assert (await answer(judge, "/card Grizzly Bears")).as_plain().count("• none") == 1
        typo = await answer(judge, "/card Notion Theif")
        assert typo.pages[0].title == "Notion Thief" and "closest card" in typo.as_plain()
        missing = await judge.card("Zzzz Qqqq Nothing")
        assert missing.error
    finally:
        await svc.close()
