"""A /draw answer fits one phone screen: rendered through the real CommandTree (loopback), its embed counted
in lines of a 400 px wide phone (about 40 characters a line), with the What if buttons right under it and the
steps, the rule texts and the rest of the reading behind buttons."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from bot.discord.app import DrawJudgeBot
from tests.fakes.discord_fake import FakeDiscord, button, dispatch, slash

README_SITUATION = ("It's my upkeep. I have 1 card in my library, my opponent controls Notion Thief and Spirit of "
                    "the Labyrinth, I cast Opportunity")
PHONE_CHARS_PER_LINE = 40  # a 400 px wide phone, Discord's embed font
ONE_SCREEN = 25  # lines of an embed that fit one phone screen with the buttons under it

_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
_ESCAPE = re.compile(r"\\(.)")


def shown(text: str) -> str:
    """What a reader sees of embed Markdown: links as their label, no bold marks or escapes."""
    return _ESCAPE.sub(r"\1", _LINK.sub(r"\1", text)).replace("**", "")


def phone_lines(embed: dict[str, Any]) -> int:
    """The embed's height on a phone, in lines of ``PHONE_CHARS_PER_LINE`` characters (an empty line is one)."""
    parts = [embed.get("title") or "", embed.get("description") or ""]
    for f in embed.get("fields") or []:
        parts += [f["name"], f["value"]]
    parts.append((embed.get("footer") or {}).get("text") or "")
    return sum(max(1, math.ceil(len(shown(line)) / PHONE_CHARS_PER_LINE))
               for part in parts if part for line in part.split("\n"))


def rows(sent: list[Any]) -> list[list[str]]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    return [[c["label"] for c in row["components"]] for row in data.get("components") or []]


def custom_ids(sent: list[Any]) -> dict[str, str]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    return {c["label"]: c["custom_id"] for row in data.get("components") or [] for c in row["components"]}


def test_the_line_count_measures_what_a_phone_shows() -> None:
    assert phone_lines({"title": "x" * 40, "description": "**a**\n\n" + "b" * 41}) == 1 + 1 + 1 + 2
    assert phone_lines({"description": "[121.2b](https://example.org/#R1212b) \\(x\\)"}) == 1


@pytest.mark.parametrize("situation", [
    README_SITUATION,
    "Opponent has 5 cards in library. Opponent controls Notion Thief. I cast Windfall",
    "I control Thought Reflection. Opponent controls Notion Thief. I draw a card.",
    "I have Golgari Thug in my graveyard. I draw a card.",
    "4 players. Spirit of the Labyrinth is in play. Each player draws 2. Bob already drew a card this turn.",
])
async def test_a_draw_answer_fits_one_phone_screen(harness: tuple[DrawJudgeBot, FakeDiscord],
                                                    situation: str) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="4040", situation=situation))
    embed = sent[-1]["data"]["embeds"][0]
    assert phone_lines(embed) <= ONE_SCREEN, (phone_lines(embed), embed)
    labels = rows(sent)
    assert "Steps" in labels[-1] and "Rule texts" in labels[-1]  # the steps and rule texts behind buttons
    assert "Steps" not in (embed.get("description") or "")
    if any(label.startswith("What if") for row in labels for label in row):
        assert all(label.startswith("What if") for label in labels[0])  # right under the answer


async def test_the_readme_answer_on_a_phone(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="4041", situation=README_SITUATION))
    embed = sent[-1]["data"]["embeds"][0]
    text = shown(embed["description"])
    assert embed["title"].startswith("Opponent draws 1 card and you draw none")
    assert "If you already drew a card this turn:" in text  # the assumption that decides it, with its outcome
    assert "Assumed:" in text and "(Assumed button)" in text  # the others, one line
    assert "20 life" not in text
    assert rows(sent)[0] == ["What if you already drew a card this turn"]
    ids = custom_ids(sent)
    steps = await dispatch(client, fake, button(ids["Steps"], user_id="4041"))
    page = steps[-1]["data"]["embeds"][0]
    assert steps[-1]["data"]["flags"] & 64 and "Notion Thief replaces it. ×4" in shown(page["description"])
    assert "Opportunity moves from your hand to the stack" in shown(page["description"])
    assert any(f["name"] == "Rules cited" and "614.1a" in f["value"] for f in page["fields"])
    reading = await dispatch(client, fake, button(ids["Assumed"], user_id="4041"))
    body = shown(reading[-1]["data"]["embeds"][0]["description"])
    assert "20 life for every player" in body and "(“I cast Opportunity”)" in body


async def test_search_pages_five_hits_one_line_each_with_the_rule_number(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("search", user_id="4042", query="draw from empty library"))
    embed = sent[-1]["data"]["embeds"][0]
    lines = [line for line in embed["description"].split("\n") if line]
    assert len(lines) == 5
    assert all(re.match(r"\*\*(\[\d{3}(\.\d+[a-z]?)?\]\(|Glossary)", line) for line in lines), lines
    assert all(len(shown(line)) <= 110 for line in lines)  # about two lines of a phone, at most
    assert any("121.4" in line for line in lines)
    assert phone_lines(embed) <= ONE_SCREEN
    assert "page 1/" in embed["footer"]["text"] and "Next" in custom_ids(sent)
    following = await dispatch(client, fake, button(custom_ids(sent)["Next"], user_id="4042"))
    assert following[0]["type"] == 7
    assert following[0]["data"]["embeds"][0]["description"] != embed["description"]


async def test_the_steps_button_says_the_steps_in_plain_english_in_order(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="4043", situation=(
        "Opponent has 5 cards in library. Opponent controls Notion Thief. I cast Windfall")))
    steps = await dispatch(client, fake, button(custom_ids(sent)["Steps"], user_id="4043"))
    text = shown(steps[-1]["data"]["embeds"][0]["description"])
    assert "You discard your hand (6 cards)." in text and "card(s)" not in text
    assert text.index("Opponent is instructed to draw 7 cards") < \
        text.index("Opponent attempts to draw from an empty library. ×7")
