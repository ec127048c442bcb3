"""The Discord bot through discord.py's real code: raw INTERACTION_CREATE payloads dispatched to the real
CommandTree, with only the HTTP layer replaced by a recording stand-in that checks Discord's limits."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest

import bot.discord.app as app_module
from bot.discord.app import DrawJudgeBot, make_bot
from bot.service import Judge
from bot.store import Store
from tests.fakes.discord_fake import FakeDiscord, autocomplete, button, dispatch, slash

EPHEMERAL = 64



def embed(sent: list[Any]) -> dict[str, Any]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    return data["embeds"][0]


def flags(sent: list[Any]) -> int:
    data = sent[0]["data"] if "data" in sent[0] else sent[0]
    return int(data.get("flags") or 0)


def buttons(sent: list[Any]) -> dict[str, str]:
    data = sent[-1]["data"] if "data" in sent[-1] else sent[-1]
    out = {}
    for row in data.get("components") or []:
        for comp in row["components"]:
            out[comp["label"]] = comp["custom_id"]
    return out


def test_the_seams_the_tests_rely_on_still_exist() -> None:
    from discord.http import HTTPClient, Route
    from discord.webhook.async_ import AsyncWebhookAdapter

    assert discord.__version__ == "2.7.1"
    assert callable(HTTPClient.request) and callable(AsyncWebhookAdapter.request)
    assert hasattr(Route, "BASE") and hasattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY")


async def test_sync_sends_a_valid_command_schema(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    await client.sync_commands()
    names = {c["name"] for c in fake.commands if c.get("type", 1) == 1}
    from bot.commands import BY_NAME
    from bot.discord.app import ASK_FROM_MESSAGE

    assert names == set(BY_NAME)  # every command of the registry, /ruling and /card included
    assert {"draw", "rule", "cr", "search", "define", "rulediff", "ruling", "card", "help", "about"} == names
    assert [c["name"] for c in fake.commands if c.get("type") == 3] == [ASK_FROM_MESSAGE]  # a message command
    for command in [c for c in fake.commands if c.get("type", 1) == 1]:
        assert re.fullmatch(r"[a-z0-9_-]{1,32}", command["name"])
        assert 1 <= len(command["description"]) <= 100
        options = command.get("options", [])
        assert len(options) <= 25
        required = [o.get("required", False) for o in options]
        assert required == sorted(required, reverse=True), "required options come first"
        for o in options:
            assert re.fullmatch(r"[a-z0-9_-]{1,32}", o["name"]) and 1 <= len(o["description"]) <= 100
            assert len(o.get("choices", [])) <= 25
    draw = next(c for c in fake.commands if c["name"] == "draw")
    situation = next(o for o in draw["options"] if o["name"] == "situation")
    assert situation["max_length"] == 2000


async def test_rule_command(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("rule", number="121.2b"))
    assert sent[0]["type"] == 4
    e = embed(sent)
    assert "can’t draw more than one card each turn" in e["description"]
    assert "yawgatog.com/resources/magic-rules/#R1212b" in e["description"]
    assert flags(sent) & EPHEMERAL  # private unless public:true
    public = await dispatch(client, fake, slash("rule", number="121.2", public=True))
    assert not flags(public) & EPHEMERAL
    assert "121.2d" in embed(public)["description"]


async def test_rule_unknown_is_an_ephemeral_error_with_suggestions(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("rule", number="121.2z", public=True))
    assert flags(sent) & EPHEMERAL
    assert "121.2" in embed(sent)["description"] and "No rule" in embed(sent)["description"]
    old = await dispatch(client, fake, slash("rule", number="423.2b", edition="2008"))
    assert "primary player" in embed(old)["description"]


# in the upkeep no card is drawn yet this turn (after the draw step the active player has drawn one, 504.1)
README_SITUATION = ("It's my upkeep. I have 1 card in my library, my opponent controls Notion Thief and Spirit of the "
                    "Labyrinth, I cast Opportunity")


async def test_draw_answer_says_the_ruling_first_then_reading_changes_steps_and_rules_once(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="7000", situation=README_SITUATION, public=True))
    e = embed(sent)
    assert e["title"].startswith("Opponent draws 1 card and you draw none: Notion Thief replaces your 4 draws "
                                 "(614.1a); Spirit of the Labyrinth stops Opponent's 3 draws (121.2b)")
    text = e["description"].replace("\\", "")  # Markdown escapes of the parentheses
    # what was read, the default that decides the answer with the other outcome and its rule, what changes,
    # then one line for the other assumptions
    assert text.index("**I understood:**") < text.index("**If you already drew") < text.index("• You:") \
        < text.index("**Assumed:**")
    assert "**If you already drew a card this turn:** No card is drawn: Spirit of the Labyrinth stops your 4 " \
           "draws (121.2b); Notion Thief can't replace a draw that can't happen (614.17c)." in text
    assert "• You: hand 7 → 6, library 1, graveyard 0 → 1" in text  # Opportunity left the hand
    assert "• Opponent: hand 7 → 8, library 40 → 39" in text
    assert "Steps" not in text and "yawgatog" not in text  # the steps and the rules behind buttons
    steps = await dispatch(client, fake, button(buttons(sent)["Steps"], user_id="7000"))
    shown = embed(steps)["description"].replace("\\", "")
    assert "Notion Thief replaces it. ×4" in shown  # repeated steps folded
    cited = next(f["value"] for f in embed(steps)["fields"] if f["name"] == "Rules cited")
    assert cited.count("[121.2b](") == 1 and cited.count("[614.1a](") == 1  # each rule linked once
    assert len(text) < 1200 and len(sent[-1]["data"]["embeds"]) == 1
    assert not flags(sent) & EPHEMERAL
    ids = buttons(sent)
    assert "Rule texts" in ids and "What if you already drew a card this turn" in ids
    assert "Share" not in ids  # already public
    texts = await dispatch(client, fake, button(ids["Rule texts"], user_id="7000"))
    assert flags(texts) & EPHEMERAL
    assert "Some effects say that a player can’t draw more than one card each turn" in embed(texts)["description"]


async def test_what_if_buttons_re_resolve_the_other_line(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="7001", situation=README_SITUATION))
    ids = buttons(sent)
    other = await dispatch(client, fake, button(ids["What if you already drew a card this turn"], user_id="7001"))
    assert other[0]["type"] == 7  # the answer is replaced in place
    e = other[0]["data"]["embeds"][0]
    assert e["title"].startswith("No card is drawn: Spirit of the Labyrinth stops your 4 draws")
    assert "asked: if you already drew a card this turn" in e["description"]  # the first assumption said
    assert "• You: hand 7 → 6, library 1, graveyard 0 → 1" in e["description"]
    assert "• Opponent:" not in e["description"]  # nothing happened to Opponent: not said on the one screen
    # a choice the engine lists comes back as a button in words, and answers that line
    dredge = await dispatch(client, fake, slash("draw", user_id="7002", situation=(
        "Golgari Thug is in my graveyard. I have 10 cards in library. I draw a card.")))
    ids = buttons(dredge)
    assert "What if you apply Golgari Thug first" in ids
    chosen = await dispatch(client, fake, button(ids["What if you apply Golgari Thug first"], user_id="7002"))
    e = chosen[0]["data"]["embeds"][0]
    assert e["title"].startswith("No card is drawn: Golgari Thug replaces your draw (702.52a)")
    assert "What if you draw normally instead of applying an optional replacement" in buttons(chosen)


async def test_other_players_cannot_press_an_answers_buttons(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="7101", situation=README_SITUATION, public=True))
    ids = buttons(sent)
    for label in ("Rule texts", "What if you already drew a card this turn"):
        refused = await dispatch(client, fake, button(ids[label], user_id="7102"))
        assert refused[0]["type"] == 4 and refused[0]["data"]["flags"] & EPHEMERAL
        assert "Only the player who asked" in refused[0]["data"]["embeds"][0]["description"]


async def test_share_posts_a_private_answer_to_the_channel(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", user_id="7201", situation=README_SITUATION))
    assert flags(sent) & EPHEMERAL
    ids = buttons(sent)
    press = button(ids["Share"], user_id="7201")
    shared = await dispatch(client, fake, press)
    await asyncio.sleep(0.05)
    shared = fake.responses(int(press["id"])) + fake.followups.get(int(press["id"]), [])
    assert shared[0]["type"] == 7  # the private copy: Share is now "Shared", disabled
    share_button = [c for row in shared[0]["data"]["components"] for c in row["components"]
                    if c["label"] == "Shared"]
    assert share_button and share_button[0]["disabled"]
    posted = shared[-1]
    assert not (posted.get("flags") or 0) & EPHEMERAL
    assert posted["embeds"][0]["title"] == embed(sent)["title"]


async def test_buttons_are_disabled_when_they_stop_listening(harness: tuple[DrawJudgeBot, FakeDiscord],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord import views as render_discord

    client, fake = harness
    monkeypatch.setattr(render_discord, "VIEW_TIMEOUT", 0.2)
    sent = await dispatch(client, fake, slash("draw", user_id="7301", situation=README_SITUATION))
    assert buttons(sent)
    for _ in range(40):
        await asyncio.sleep(0.05)
        edits = [c for c in fake.calls if c.method == "PATCH" and "@original" in c.path]
        if edits:
            break
    assert edits, "the answer's message was not edited at the timeout"
    components = [c for row in edits[-1].payload["components"] for c in row["components"]]
    assert components and all(c["disabled"] for c in components)


async def test_draw_errors_say_what_to_fix_and_never_ping(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("draw", situation="@everyone controls notion chef. I draw <@&123>"))
    assert flags(sent) & EPHEMERAL
    body = embed(sent)["description"]
    assert "not a card I know" in body or "didn't understand" in body
    data = sent[0]["data"]
    assert data["allowed_mentions"] == {"parse": []}


async def test_long_answers_paginate(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    situation = ("16 players. " + ". ".join(f"P{i} controls Thought Reflection" for i in range(2, 12))
                 + ". I control Spirit of the Labyrinth. I control Sheoldred, the Apocalypse. each player draws 3")
    sent = await dispatch(client, fake, slash("draw", user_id="7401", situation=situation))
    ids = buttons(sent)
    assert {"Previous", "Next"} <= set(ids), ids
    first = embed(sent)
    assert "page 1/" in first["footer"]["text"]
    refused = await dispatch(client, fake, button(ids["Next"]))  # someone else
    assert refused[0]["type"] == 4 and "Only the player who asked" in refused[0]["data"]["embeds"][0]["description"]
    page2 = await dispatch(client, fake, button(ids["Next"], user_id="7401"))
    assert page2[0]["type"] == 7  # the message is edited in place
    assert "page 2/" in page2[0]["data"]["embeds"][0]["footer"]["text"]


async def test_search_define_rulediff_help_about(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    found = await dispatch(client, fake, slash("search", query='draw from empty "library" NEAR( *'))
    assert "121.4" in embed(found)["description"]
    defined = await dispatch(client, fake, slash("define", term="Draw"))
    assert "2. The result of a game" in embed(defined)["description"]
    diff = await dispatch(client, fake, slash("rulediff", number="121.8"))
    assert "727" in embed(diff)["description"] and "732" in embed(diff)["description"]
    helped = await dispatch(client, fake, slash("help"))
    assert "/draw" in embed(helped)["description"]
    about = await dispatch(client, fake, slash("about"))
    assert "2026-01-16" in embed(about)["description"] and "2008" in embed(about)["description"]


async def test_autocomplete(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, autocomplete("rule", "number", "121.2"))
    assert sent[0]["type"] == 8
    values = [c["value"] for c in sent[0]["data"]["choices"]]
    assert values[:5] == ["121.2", "121.2a", "121.2b", "121.2c", "121.2d"]
    labels = [c["name"] for c in sent[0]["data"]["choices"]]
    assert labels[0] == "121.2 — Cards may only be drawn one at a time. If a player is instructed to draw multiple cards, th…"
    assert all(len(label) <= 100 and label.startswith(value) for label, value in zip(labels, values, strict=True))
    broad = await dispatch(client, fake, autocomplete("rule", "number", "1"))
    assert len(broad[0]["data"]["choices"]) == 25
    terms = await dispatch(client, fake, autocomplete("define", "term", "dra"))
    assert "Draw" in [c["value"] for c in terms[0]["data"]["choices"]]


async def test_card_command(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    sent = await dispatch(client, fake, slash("card", card="Notion Thief"))
    e = embed(sent)
    assert e["title"] == "Notion Thief" and "Creature — Human Rogue" in e["description"]
    assert "**Draw abilities the engine read**" in e["description"] and "614.1a" in e["description"]
    assert "https://scryfall.com/search?q=" in e["description"] and flags(sent) & EPHEMERAL
    choices = await dispatch(client, fake, autocomplete("card", "card", "noti"))
    assert "Notion Thief" in [c["value"] for c in choices[0]["data"]["choices"]]


async def test_cr_is_the_rule_command_under_the_name_players_know(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    by_cr = embed(await dispatch(client, fake, slash("cr", number="121.2b")))
    by_rule = embed(await dispatch(client, fake, slash("rule", number="121.2b")))
    assert by_cr["description"] == by_rule["description"] and "121.2b" in by_cr["title"]
    sent = await dispatch(client, fake, autocomplete("cr", "number", "704.5"))
    assert [c["value"] for c in sent[0]["data"]["choices"]][:2] == ["704.5", "704.5a"]


async def test_per_user_cooldown(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    results = []
    for _ in range(app_module.COOLDOWN_RATE + 1):
        results.append(await dispatch(client, fake, slash("rule", user_id="777", number="121.1")))
    assert "121.1" in embed(results[0])["description"]
    last = embed(results[-1])
    assert "asking quickly" in last["description"] and flags(results[-1]) & EPHEMERAL
    other = await dispatch(client, fake, slash("rule", user_id="778", number="121.1"))
    assert "asking quickly" not in embed(other)["description"]


async def test_slow_answers_are_deferred(harness: tuple[DrawJudgeBot, FakeDiscord],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    client, fake = harness
    judge = client.judge
    original = judge.search

    async def slow_search(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.2)
        return await original(*args, **kwargs)

    monkeypatch.setattr(judge, "search", slow_search)
    monkeypatch.setattr(app_module, "ANSWER_WITHIN", 0.05)
    payload = slash("search", query="dredge")
    iid = int(payload["id"])
    await dispatch(client, fake, payload)
    for _ in range(100):
        if fake.followups.get(iid):
            break
        await asyncio.sleep(0.02)
    assert fake.responses(iid)[0]["type"] == 5  # deferred
    assert "702.52" in fake.followups[iid][0]["embeds"][0]["description"]


async def test_unexpected_failure_is_an_ephemeral_error(harness: tuple[DrawJudgeBot, FakeDiscord],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    client, fake = harness

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(client.judge, "define", broken)
    sent = await dispatch(client, fake, slash("define", term="draw"))
    assert flags(sent) & EPHEMERAL and "went wrong" in embed(sent)["description"]


def test_sharded_bot_when_configured(store: Store) -> None:
    sharded = make_bot(Judge(store), shards=2)
    assert isinstance(sharded, discord.AutoShardedClient) and sharded.shard_count == 2
    plain = make_bot(Judge(store))
    assert not isinstance(plain, discord.AutoShardedClient)
    assert plain.allowed_mentions is not None and plain.allowed_mentions.everyone is False
    assert not plain.intents.message_content and not plain.intents.members and not plain.intents.presences
