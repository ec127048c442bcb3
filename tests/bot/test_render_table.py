"""Typed answers rendered through one table (#25 point 8): every kind of answer has its row, and a terminal's
text is written without marks rather than Markdown written for Discord and parsed back out."""

from __future__ import annotations

from typing import get_args

import pytest

from bot.answers import Answer, Failure, GlossaryFound, SearchFound
from bot.render.marks import DISCORD, TERMINAL, Said, words
from bot.render.reply import Reply, error_reply
from bot.render.table import RENDERERS, pages_of, text_of
from bot.service import Judge
from bot.store import Store
from bot.terminal.console import answer

MARKDOWN = ("**", "](", "\\", "`")


def test_every_kind_of_answer_has_a_row_in_the_table() -> None:
    assert set(get_args(Answer)) == set(RENDERERS)


@pytest.mark.parametrize("line", ["/rule 121.2b", "/rule 999.9", "/search draw from an empty library", "/define drwa",
                                  "/rulediff 121.2", "/help", "/about", "/card Notion Thief", "/card notoin thief",
                                  "/draw blocking with deathtouch", "/draw I cast Prosperity",
                                  "/draw Opponent controls Notion Thief. I draw 2.", "/rule 423.2 edition:2008"])
async def test_the_terminal_shows_every_answer_without_markdown(store: Store, line: str) -> None:
    reply = await answer(Judge(store), line)
    text = reply.as_plain()
    assert text.strip() and not [m for m in MARKDOWN if m in text], text


async def test_a_players_words_reach_the_terminal_as_typed_and_discord_escaped(store: Store) -> None:
    """Markdown parsed back out of a Discord reply lost a player's own marks ("**draw**" became "draw") and
    kept Discord's escapes; each medium now shows the words it was given."""
    reply = await answer(Judge(store), "/search **draw** _from_ library")
    assert isinstance(reply.answer, SearchFound) and reply.answer.query == "**draw** _from_ library"
    assert "Search: **draw** _from_ library" in reply.as_plain()
    assert "Search: \\*\\*draw\\*\\* \\_from\\_ library" in reply.as_text()
    typo = await answer(Judge(store), "/define drwa")
    assert isinstance(typo.answer, GlossaryFound) and not typo.answer.exact
    assert "(the closest term to “drwa”)" in typo.as_plain() and "_(the closest term" in typo.as_text()


def test_a_failure_keeps_the_operators_command_out_of_the_players_reply() -> None:
    reply = error_reply(words("No rule “", Said("<@1> **9**", 60), "”."), "nearest: 121.2",
                        "run `drawjudge rules update`")
    assert isinstance(reply.answer, Failure) and reply.error and reply.ephemeral
    discord_text = reply.as_text()
    assert "drawjudge rules update" not in discord_text and "<@1>" not in discord_text
    assert "\\*\\*9\\*\\*" in discord_text and "**Try:** nearest: 121.2" in discord_text
    assert reply.as_plain().endswith("For the operator: run `drawjudge rules update`")
    assert "No rule “<@1> **9**”." in reply.as_plain()


def test_a_notice_leads_both_media() -> None:
    reply = Reply(Failure("The rules cache could not be read."), notice="The cache was rebuilt.")
    assert reply.pages[0].description.startswith("⚠ The cache was rebuilt.")
    assert reply.as_plain().startswith("⚠ The cache was rebuilt.")
    assert pages_of(reply.answer)[0].description == "The rules cache could not be read."
    assert text_of(reply.answer).startswith("Can't answer that")


def test_marks_are_the_only_difference_between_media() -> None:
    assert DISCORD.bold("x") == "**x**" and TERMINAL.bold("x") == "x"
    assert DISCORD.link("121.1", "https://example.com/#R1211") == "[121.1](https://example.com/#R1211)"
    assert TERMINAL.link("121.1", "https://example.com/#R1211") == "121.1"
    assert DISCORD.words(words("a ", Said("*b*"))) == "a \\*b\\*" and TERMINAL.words(words("a ", Said("*b*"))) == "a *b*"
