"""The reader's questions on every front end: Discord buttons (only the asker answers; the answer replaces the
question), the console (a number picks an answer), and the CLI (JSON with the options, exit 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from bot.discord.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from bot.terminal.cli import main
from bot.terminal.console import run_console
from tests.fakes.discord_fake import FakeDiscord, button, dispatch, slash

EPHEMERAL = 64
WHOSE = "Sheoldred is in play. I am at 2 life. I draw 3"



def _data(sent: list[Any]) -> dict[str, Any]:
    return sent[-1]["data"] if "data" in sent[-1] else sent[-1]


def _buttons(sent: list[Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in _data(sent).get("components") or [] for c in row["components"]}


def _press(custom_id: str, user_id: str) -> dict[str, Any]:
    payload = button(custom_id)
    payload["member"]["user"]["id"] = user_id
    return payload


async def test_discord_asks_with_buttons_and_the_askers_answer_replaces_the_question(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    asked = await dispatch(client, fake, slash("draw", user_id="4242", situation=WHOSE))
    data = _data(asked)
    assert data["flags"] & EPHEMERAL
    assert "Who controls Sheoldred, the Apocalypse" in data["embeds"][0]["description"]
    options = _buttons(asked)
    assert list(options) == ["1. You control Sheoldred, the Apocalypse",
                             "2. Opponent controls Sheoldred, the Apocalypse"]
    stranger = await dispatch(client, fake, _press(options["2. Opponent controls Sheoldred, the Apocalypse"],
                                                    "777"))
    assert _data(stranger)["flags"] & EPHEMERAL
    assert "Only the player who asked" in _data(stranger)["embeds"][0]["description"]
    answered = await dispatch(client, fake, _press(options["2. Opponent controls Sheoldred, the Apocalypse"],
                                                    "4242"))
    assert answered[0]["type"] == 7  # the question's message is edited into the answer
    embed = answered[0]["data"]["embeds"][0]
    assert embed["title"].startswith("You lose the game, so Opponent wins")
    assert "Opponent controls Sheoldred, the Apocalypse" in embed["description"]  # what was understood
    assert "Rule texts" in _buttons(answered)


async def test_discord_answer_that_asks_again_shows_the_next_question(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    asked = await dispatch(client, fake, slash("draw", user_id="5151",
                                               situation="Teferi is in play. Jace is in play. I draw"))
    first = _buttons(asked)
    assert len(first) == 3
    again = await dispatch(client, fake, _press(next(v for k, v in first.items() if "Puzzle Box" in k), "5151"))
    assert "Which card is “Jace”" in again[0]["data"]["embeds"][0]["description"]
    assert any("Wielder" in label for label in _buttons(again))


async def test_console_answers_a_question_by_number(store: Store) -> None:
    out = io.StringIO()
    await run_console(Judge(store), io.StringIO(f"{WHOSE}\n2\n/rule 121.1\n"), out)
    text = out.getvalue()
    assert "1. You control Sheoldred, the Apocalypse" in text
    assert "→ Opponent controls Sheoldred, the Apocalypse" in text
    assert "Ruling: You lose the game, so Opponent wins" in text
    assert "121.1" in text  # the console goes on after the question


async def test_console_skips_a_question_that_is_not_answered(store: Store) -> None:
    out = io.StringIO()
    await run_console(Judge(store), io.StringIO(f"{WHOSE}\nno idea\n"), out)
    assert "(question skipped)" in out.getvalue()


def test_cli_json_gives_the_question_its_options_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "r.sqlite3"))
    assert main(["resolve", "--json-out", WHOSE]) == 2
    doc = json.loads(capsys.readouterr().out)
    error = doc["error"]
    assert doc["ok"] is False and error["kind"] == "clarification"
    assert error["words"] == "Sheoldred, the Apocalypse" and error["where"] == "Sheoldred is in play"
    texts = [o["text"] for o in error["options"]]
    assert main(["resolve", "--json-out", texts[1]]) == 0
    assert json.loads(capsys.readouterr().out)["losers"] == ["You"]
    assert main(["resolve", WHOSE]) == 2
    err = capsys.readouterr().err
    assert err.startswith("question: Who controls Sheoldred") and "drawjudge resolve" in err


def test_cli_resolution_json_carries_what_was_understood_and_assumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "r.sqlite3"))
    assert main(["resolve", "--json-out", "opp has Notion Thief out and I draw 2"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {"fact": "Opponent controls Notion Thief", "words": "opponent has Notion Thief out"} in doc["understood"]
    assert any("20 life" in a for a in doc["assumed"])
    assert main(["resolve", "opp has Notion Thief out and I draw 2"]) == 0
    text = capsys.readouterr().out
    assert "I understood:" in text and "Assumed:" in text


async def test_draw_reply_shows_what_was_understood_with_user_words_escaped(store: Store) -> None:
    reply = await Judge(store).draw("I control Howling Mine #2. I draw 2")
    text = reply.as_text()
    assert "I understood:" in text and "Assumed:" in text
    assert reply.draw is not None  # the words each fact came from: behind the Assumed button
    from bot.render.layouts import reading_pages

    assert "(“I control Howling Mine \\#2”)" in reading_pages(reply.draw)[0].description
    underscored = await Judge(store).draw("Al_ice_ has 0 cards in library. Al_ice_ draws")
    assert underscored.error  # a name is letters, digits and hyphens: never Markdown


async def test_a_public_question_is_answered_in_the_channel(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    asked = await dispatch(client, fake, slash("draw", user_id="6161", situation=WHOSE, public=True))
    assert _data(asked)["flags"] & EPHEMERAL  # the question is private
    options = _buttons(asked)
    answered = await dispatch(client, fake, _press(options["2. Opponent controls Sheoldred, the Apocalypse"],
                                                    "6161"))
    assert answered[0]["type"] == 7 and "Opponent controls" in answered[0]["data"]["embeds"][0]["description"]
    public = answered[-1]
    assert not (public.get("flags") or 0) & EPHEMERAL
    assert public["embeds"][0]["title"].startswith("You lose the game, so Opponent wins")


async def test_discord_asks_the_kind_of_a_spell_said_by_its_kind_and_the_answer_resolves(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    asked = await dispatch(client, fake, slash("draw", user_id="4242",
                                               situation="I have Mystic Remora, opp casts a spell and doesn't pay"))
    assert "What kind of spell is it?" in _data(asked)["embeds"][0]["description"]
    options = _buttons(asked)
    assert list(options) == ["1. a noncreature spell", "2. a creature spell"]
    answered = await dispatch(client, fake, _press(options["2. a creature spell"], "4242"))
    embed = answered[0]["data"]["embeds"][0]
    assert "Mystic Remora doesn't trigger" in embed["title"] + embed["description"]
