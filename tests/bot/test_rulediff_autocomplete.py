"""/rulediff takes only rule numbers, and an autocomplete that fails answers an empty list (issue #28), through
the real command tree."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.discord.app import DrawJudgeBot
from bot.store import StoreUnavailable
from tests.fakes.discord_fake import FakeDiscord, autocomplete, dispatch, interaction, slash


def _description(sent: list[Any]) -> str:
    data = sent[0].get("data", sent[0])
    return " ".join(e.get("description") or "" for e in data.get("embeds") or [])


@pytest.mark.parametrize("number", ["%", "1", "_", "12%", "121.%", "drop table", "121.2b%"])
async def test_rulediff_refuses_what_is_not_a_rule_number(harness: tuple[DrawJudgeBot, FakeDiscord],
                                                          number: str) -> None:
    client, fake = harness
    start = time.perf_counter()
    sent = await dispatch(client, fake, slash("rulediff", number=number))
    assert "not a rule number" in _description(sent) and sent[0]["data"]["flags"] & 64
    assert time.perf_counter() - start < 1.0  # "%" diffed the whole rules document


async def test_rulediff_of_a_rule_and_a_section_still_work(harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    for number in ("121.2b", "121"):
        sent = await dispatch(client, fake, slash("rulediff", number=number))
        assert "not a rule number" not in _description(sent) and "2026-01-16" in str(sent)


async def test_an_autocomplete_that_fails_answers_an_empty_list(harness: tuple[DrawJudgeBot, FakeDiscord],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    client, fake = harness

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("the rules cache could not be used just now (disk I/O error)")

    monkeypatch.setattr(client.judge, "rule_choice_labels", broken)
    monkeypatch.setattr(client.judge.store, "editions", broken)
    for payload in (autocomplete("rule", "number", "121"), autocomplete("rule", "edition", "20", number="121.2")):
        sent = await dispatch(client, fake, payload)
        assert sent == [{"type": 8, "data": {"choices": []}}]


async def test_an_autocomplete_of_an_unknown_command_answers_an_empty_list(
        harness: tuple[DrawJudgeBot, FakeDiscord]) -> None:
    client, fake = harness
    payload = interaction(4, {"id": "1", "name": "no-such-command", "type": 1,
                              "options": [{"name": "x", "type": 3, "value": "a", "focused": True}]})
    sent = await dispatch(client, fake, payload)
    assert sent == [{"type": 8, "data": {"choices": []}}]  # a message here is rejected by Discord
