"""Bad input through the whole path: always a clear error or a resolution, never a traceback, never a ping."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.render.marks import plain
from bot.render.pages import EMBED_TOTAL_MAX
from bot.render.reply import Reply
from bot.service import Judge
from bot.store import Store
from bot.terminal.cli import main


def within_limits(reply: Reply) -> None:
    for page in reply.pages:
        assert len(page.title) <= 256 and len(page.description) <= 4096 and len(page.fields) <= 25
        assert all(len(n) <= 256 and len(v) <= 1024 for n, v in page.fields)
        assert page.total() <= EMBED_TOTAL_MAX


async def test_a_2000_character_situation(store: Store) -> None:
    judge = Judge(store)
    text = ("I have 30 cards in library. My opponent controls Notion Thief. " * 40)[:1990] + " I draw 2"
    reply = await judge.draw(text)
    within_limits(reply)
    junk = await judge.draw("x" * 2000)
    assert junk.error and "too long" in junk.as_text()
    within_limits(junk)


@pytest.mark.parametrize("text", ["I\u200b draw\u0000 2", "\u202eI draw 2\u202c", "I\u2066 draw\u2069 two",
                                  "I draw\t2\r\n", "\ufeffI draw 2", "Ｉ ｄｒａｗ ２"])
async def test_control_zero_width_and_direction_characters(store: Store, text: str) -> None:
    reply = await Judge(store).draw(text)
    assert not reply.error, reply.as_text()
    assert "hand 7 → 9" in reply.as_text()


async def test_markdown_and_mention_injection_is_neutralised(store: Store) -> None:
    judge = Judge(store)
    reply = await judge.draw("@everyone controls [Notion Thief](https://evil.example) **now** <@&123456>. I draw")
    text = reply.as_text()
    assert reply.error or reply.question  # not read whole: refused, or asked with the situations it can mean
    assert "@everyone" not in text and "@\u200beveryone" in text
    assert "](https://evil" not in text and "\\[" in text or "evil" not in text
    assert "<@&123456>" not in text
    search = await judge.search("@here [x](y) ~~z~~")
    assert "@here" not in search.as_text()


@pytest.mark.parametrize("text,fragment", [("I draw 10^100 cards", "too large"), ("I draw -1", "negative"),
                                           ("I have -5 cards in library. I draw", "negative"),
                                           ("I am at 10^100 life. I draw", "out of range")])
async def test_absurd_numbers(store: Store, text: str, fragment: str) -> None:
    reply = await Judge(store).draw(text)
    assert reply.error and fragment in reply.as_text()


@pytest.mark.parametrize("query", ['"', "NEAR(a b, 3)", "draw*", "-draw", "((", "col:text", "a AND OR NOT b", "^"])
async def test_fts5_syntax_in_search(store: Store, query: str) -> None:
    reply = await Judge(store).search(query)
    within_limits(reply)


@pytest.mark.parametrize(
    "doc,where",
    [
        ({}, "players"),
        ({"players": [{"name": "A"}]}, "action"),
        ({"players": [{"name": 3}], "action": {"type": "draw"}}, "players[0].name"),
        ({"players": [{"name": "A", "life": "twenty"}], "action": {"type": "draw"}}, "players[0].life"),
        ({"players": [{"name": "A", "hand": True}], "action": {"type": "draw"}}, "players[0].hand"),
        ({"players": [{"name": "A", "library": [1, 2]}], "action": {"type": "draw"}}, "players[0].library"),
        ({"players": [{"name": "A"}], "action": {"type": "draw", "count": 1.5}}, "action.count"),
        ({"players": [{"name": "A"}], "action": {"type": "fly"}}, "action.type"),
        ({"players": [{"name": "A"}], "action": {"type": "draw"}, "step": "lunch"}, "step"),
        ({"players": [{"name": "A"}, {"name": "A"}], "action": {"type": "draw"}}, "players[1].name"),
        ({"players": [{"name": "A"}], "action": {"type": "cast", "card": "Opportunty"}}, "action.card"),
        ([1, 2], ""),
    ],
)
def test_scenario_json_with_wrong_types_or_missing_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          doc: Any, where: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    assert main(["resolve", "--json", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["error"]["where"] == where and out["error"]["message"]


def test_plain_text_helper() -> None:
    assert plain("**x** @everyone\u202e [a](b)\x00") == "\\*\\*x\\*\\* @\u200beveryone \\[a\\]\\(b\\)"
    assert len(plain("y" * 1000, 50)) == 50


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=400))
async def test_any_text_gives_a_reply_within_limits(store: Store, text: str) -> None:
    judge = Judge(store)
    for reply in (await judge.draw(text or "?"), await judge.search(text or "?"), await judge.rule(text or "1"),
                  await judge.define(text or "?")):
        within_limits(reply)
        assert "@everyone" not in reply.as_text() and "@here" not in reply.as_text()
