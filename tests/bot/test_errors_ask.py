"""Errors that ask, in a player's words: a missing value is a question with buttons answered in place; a huge
number is "too large"; no field names, JSON or operator commands in a player's reply (those go to the terminal
and the log); an off-topic rules question points to /search and /rule with its words filled in; and
``drawjudge ask ... | head`` ends quietly."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.discord.app import DrawJudgeBot
from bot.service import Judge
from bot.store import Store
from bot.terminal.cli import main
from tests.conftest import CR_2026
from tests.fakes.discord_fake import FakeDiscord, button, dispatch, slash

EPHEMERAL = 64
OPERATOR_WORDS = re.compile(r"drawjudge (rules|cards|sync)|--file|`|\"x\"|action\.\w+|\{")


def _data(sent: list[Any]) -> dict[str, Any]:
    return sent[-1]["data"] if "data" in sent[-1] else sent[-1]


async def _answered(client: DrawJudgeBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Any]:
    """What was sent for a command, its follow-up included when the answer was deferred (a first search
    builds the rules index, which may take longer than the 2 s before deferring)."""
    sent = await dispatch(client, fake, payload)
    iid = int(payload["id"])
    for _ in range(200):
        if fake.followups.get(iid) or _data(sent).get("embeds"):
            break
        await asyncio.sleep(0.05)
        sent = fake.responses(iid) + fake.followups.get(iid, [])
    return sent


def _everything(sent: list[Any]) -> str:
    embed = _data(sent)["embeds"][0]
    return "\n".join([embed.get("title") or "", embed.get("description") or "",
                      (embed.get("footer") or {}).get("text") or ""])


def _buttons(sent: list[Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in _data(sent).get("components") or [] for c in row["components"]}


async def test_a_missing_x_is_a_question_with_buttons_answered_in_place(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    asked = await dispatch(client, fake, slash("draw", user_id="2525", situation="I cast Prosperity"))
    text = _everything(asked)
    assert "What is X for Prosperity?" in text and not OPERATOR_WORDS.search(text)
    options = _buttons(asked)
    assert "3. X = 3" in options
    answered = await dispatch(client, fake, button(options["3. X = 3"], user_id="2525"))
    assert answered[0]["type"] == 7  # the question's message becomes the answer
    assert answered[0]["data"]["embeds"][0]["title"].startswith("You draw 3 cards and Opponent draws 3 cards")


async def test_a_huge_number_is_too_large_not_not_a_number(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    for situation in ("I have 99999999999999999999999999999999999999999999999999 cards in library. I draw 2.",
                      "Opponent has 99999999999999999999999999999999999999999999999 poison counters. I draw 2.",
                      "I draw 1e999 cards"):
        sent = await dispatch(client, fake, slash("draw", situation=situation))
        text = _everything(sent)
        assert "too large" in text and "not a number" not in text, text


async def test_no_field_names_json_or_operator_commands_in_a_players_reply(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", situation="I cast Some Card Nobody Printed"))
    assert not OPERATOR_WORDS.search(_everything(sent)), _everything(sent)


@pytest.fixture
def one_edition(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "one.sqlite3"))
    assert main(["rules", "update", "--file", str(CR_2026)]) == 0
    capsys.readouterr()
    return tmp_path / "one.sqlite3"


async def test_rulediff_with_one_edition_says_so_in_a_players_words(one_edition: Path) -> None:
    async with Store(one_edition) as store:
        reply = await Judge(store).rulediff("121.8")
    shown = "\n".join(p.description for p in reply.pages)
    assert reply.error and "nothing to compare" in shown and not OPERATOR_WORDS.search(shown)
    assert "drawjudge rules update --file PATH" in reply.as_plain()  # the terminal's user is the operator


async def test_an_off_topic_question_points_to_search_and_rule_with_its_words(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await _answered(client, fake, slash("draw", situation="can a deathtouch creature block two attackers?"))
    text = _everything(sent).replace("\\", "")
    assert "/search query:deathtouch creature block two attackers" in text
    assert re.search(r"/rule number:\d{3}\.\d+", text), text
    assert "closest:" not in text  # no unrelated phrase suggestions


def test_ask_piped_into_head_ends_without_a_traceback(tmp_path: Path) -> None:
    env = {"DRAWJUDGE_DB": str(tmp_path / "pipe.sqlite3"), "DRAWJUDGE_SCRYFALL_API": "http://127.0.0.1:9",
           "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "bot.terminal.cli", "ask", "/help"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=Path(__file__).resolve().parents[2])
    assert proc.stdout is not None
    proc.stdout.close()  # the reader leaves before anything is written, as `| head -0` would
    _out, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err and b"BrokenPipeError" not in err, err.decode()[-800:]
    assert proc.returncode in (0, 141)


async def test_a_card_scryfall_cannot_give_is_said_without_the_operators_command(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cards.lookup import CardsOffline
    from tests.fakes.discord_fake import APP_ID

    async def offline(name: str) -> tuple[str, str, str] | None:
        raise CardsOffline(name)

    fake = FakeDiscord()
    fake.install(monkeypatch)
    client = DrawJudgeBot(Judge(store, card_lookup=offline), application_id=APP_ID)
    await client.login("test-token")
    try:
        for situation in ("I control Unseen Card Of Tomorrow. I draw 2.", "I cast Another Unseen Card"):
            sent = await _answered(client, fake, slash("draw", situation=situation))
            text = _everything(sent)
            assert "Scryfall can't be reached" in text and not OPERATOR_WORDS.search(text), text
    finally:
        await client.close()
    reply = await Judge(store, card_lookup=offline).draw("I control Unseen Card Of Tomorrow. I draw 2.")
    assert "drawjudge cards load" in reply.as_plain()  # the terminal's user is the operator


async def test_the_console_asks_for_x_and_a_number_answers_it(store: Store) -> None:
    import io

    from bot.terminal.console import run_console

    out = io.StringIO()
    await run_console(Judge(store), io.StringIO("I cast Prosperity\n3\n"), out)
    text = out.getvalue()
    assert "What is X for Prosperity?" in text and "3. X = 3" in text
    assert "Ruling: You draw 3 cards and Opponent draws 3 cards" in text
    assert not re.search(r"action\.x|\"x\"", text)
