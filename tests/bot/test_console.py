"""The local console and the one-shot `drawjudge ask`: the same commands and answers as the bot, as text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.service import Judge
from bot.store import Store
from bot.terminal.cli import main
from bot.terminal.console import answer, run_console, split_command
from tests.conftest import CR_2026


def test_split_command() -> None:
    assert split_command("/rule 121.2b edition:2008") == ("rule", "121.2b", {"edition": "2008"})
    assert split_command("I draw 2") == ("draw", "I draw 2", {})
    assert split_command("/draw Opponent draws 3 public:true") == ("draw", "Opponent draws 3", {"public": "true"})


async def test_console_answers_every_command(store: Store) -> None:
    judge = Judge(store)
    assert "can’t draw more than one card" in (await answer(judge, "/rule 121.2b")).as_text()
    assert (await answer(judge, "/cr 121.2b")).as_text() == (await answer(judge, "/rule 121.2b")).as_text()
    assert "primary player" in (await answer(judge, "/rule 423.2b edition:2008")).as_text()
    assert "121.4" in (await answer(judge, "/search draw from empty library")).as_text()
    assert "2. The result" in (await answer(judge, "/define draw")).as_text()
    assert "732" in (await answer(judge, "/rulediff 121.8")).as_text()
    assert "/draw" in (await answer(judge, "/help")).as_text()
    assert "2026-01-16" in (await answer(judge, "/about")).as_text()
    ruling = (await answer(judge, "/draw Alice: library 0, controls Laboratory Maniac. Alice draws a card.")).as_text()
    assert "Alice wins the game" in ruling and "104.2b" in ruling
    assert "121.6a" in (await answer(judge, "/draw Alice: library 0, controls Laboratory Maniac. Alice draws a card."
                                     )).as_plain()  # the steps' rules, in the console's full answer
    bad = await answer(judge, "/teleport now")
    assert bad.error and "Unknown command" in bad.as_text()
    empty = await answer(judge, "/draw")
    assert empty.error


async def test_interactive_console_reads_lines_until_eof(store: Store) -> None:
    out = io.StringIO()
    await run_console(Judge(store), io.StringIO("/rule 121.1\n\nI draw 2\n/quit\n/rule 121.2\n"), out)
    text = out.getvalue()
    assert "121.1" in text and "draw" in text and "121.2a" not in text


def test_ask_one_shot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "ask.sqlite3"))
    monkeypatch.setenv("DRAWJUDGE_RULES_PAGE", "http://127.0.0.1:9/unreachable")
    monkeypatch.setenv("DRAWJUDGE_HTTP_TIMEOUT", "1")
    assert main(["rules", "update", "--file", str(CR_2026)]) == 0
    capsys.readouterr()
    assert main(["ask", "/rule 121.2b"]) == 0
    assert "121.2b" in capsys.readouterr().out
    assert main(["ask", "/rule 121.2z"]) == 1
    assert "No rule" in capsys.readouterr().out


def test_resolve_cli_json_and_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    import json

    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "r.sqlite3"))
    assert main(["rules", "update", "--file", str(CR_2026)]) == 0
    capsys.readouterr()
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"players": [{"name": "A", "library": 0}, {"name": "B"}],
                                    "action": {"type": "draw", "player": "A", "count": 1}}))
    assert main(["resolve", "--json", str(scenario)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["losers"] == ["A"] and out["edition"] == "2026-01-16" and "704.5b" in out["rules"]
    scenario.write_text('{"players": [{"name": "A", "library": "lots"}], "action": {"type": "draw"}}')
    assert main(["resolve", "--json", str(scenario)]) == 2
    err = json.loads(capsys.readouterr().out)
    assert err["ok"] is False and err["error"]["where"] == "players[0].library"
    scenario.write_text("{not json")
    assert main(["resolve", "--json", str(scenario)]) == 2
    assert "not valid JSON" in capsys.readouterr().out
    assert main(["resolve", "I have 2 cards in library. I draw 3."]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Ruling: You lose the game, so Opponent wins: ") and "704.5b" in text
    assert "• You: hand 7 → 9, library 2 → 0 — loses the game" in text
    assert main(["resolve", "--json-out", "I draw 1"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    assert main(["resolve", "I juggle"]) == 2
    assert "didn't understand" in capsys.readouterr().err


@pytest.mark.parametrize("line,expect", [
    ("/ruling Notion Thief contains:draw step", ("ruling", "Notion Thief", {"contains": "draw step"})),
    ('/ruling Notion Thief contains:"draw step" public:true',
     ("ruling", "Notion Thief", {"contains": "draw step", "public": "true"})),
    ("/rule 121.2b edition:2008", ("rule", "121.2b", {"edition": "2008"})),
])
def test_console_options_keep_a_multiword_contains(line: str, expect: tuple[object, ...]) -> None:
    """The README's `/ruling Notion Thief contains:draw step` used to look up the card "Notion Thief step"."""
    from bot.terminal.console import split_command

    assert split_command(line) == expect


async def test_about_shows_no_internals_and_help_lists_every_command(store: Store) -> None:
    """/about used to show internal file names with an unbalanced bracket, "effective ?" and a placeholder
    repository URL; /help left out /ruling."""
    about = (await answer(Judge(store), "/about")).as_text()
    assert "effective ?" not in about and "shared/seeds" not in about and ".txt)" not in about
    assert "github.com/drawjudge" not in about and about.count("(") == about.count(")")
    help_text = (await answer(Judge(store), "/help")).as_text()
    assert all(f"/{name}" in help_text for name in ("draw", "rule", "search", "define", "rulediff", "ruling",
                                                      "about"))


async def test_an_older_editions_rules_get_no_link_to_todays_rules(store: Store) -> None:
    """The public hyperlinked rules show today's text: 2022's 727 must not link to today's 727."""
    judge = Judge(store)
    old = (await judge.rule("727", "2022-06-10")).as_text()
    today = (await judge.rule("121.1")).as_text()
    assert "yawgatog" not in old and "yawgatog" in today


async def test_console_prints_plain_text_not_discord_markdown(store: Store) -> None:
    """The console used to print Discord Markdown (bold marks, [links](...), escapes) and a button hint."""
    out = io.StringIO()
    await run_console(Judge(store), io.StringIO("Opponent controls Notion Thief. I draw 2.\n/rule 121.2b\n"), out)
    text = out.getvalue()
    assert "hand 7 → 9" in text and "614.10" in text and "121.2b" in text
    assert "**" not in text and "](" not in text and "\\(" not in text and "button" not in text


async def test_define_and_rule_understand_abbreviations_typos_and_terms(store: Store) -> None:
    """/define SBA, /define drwa and /rule dredge used to find nothing useful."""
    judge = Judge(store)
    sba = (await judge.define("SBA")).as_text()
    assert sba.startswith("Glossary: State-Based Actions") and "704" in sba
    typo = (await judge.define("drwa")).as_text()
    assert typo.startswith("Glossary: Draw") and "closest term" in typo
    dredge = (await judge.rule("dredge")).as_text()
    assert dredge.startswith("702.52") and "702.52a" in dredge
    assert (await judge.define("zzzz")).error and (await judge.rule("juggling")).error


OLD_RULES = "rules 2008: I have 1 card in library. Opponent controls Spirit of the Labyrinth. I draw 2."


def test_every_front_end_gives_the_same_draw_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`drawjudge resolve`, `drawjudge ask` and the Discord pages are rendered from one answer: the same
    ruling, reading, changes, steps and (for a historical edition) the differences from today."""
    import asyncio

    from bot.discord.views import embed_for
    from bot.render.layouts import reading_pages, steps_pages

    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "f.sqlite3"))
    assert main(["rules", "update", "--file", str(CR_2026)]) == 0
    capsys.readouterr()
    assert main(["resolve", OLD_RULES]) == 0
    resolved = capsys.readouterr().out
    assert main(["ask", f"/draw {OLD_RULES}"]) == 0
    asked = capsys.readouterr().out
    body = resolved.split("\nRules cited")[0]
    assert "Where today's rules differ" in body and "121.2b" in body
    assert body == asked.split("\nRules cited")[0]

    async def discord_pages() -> str:
        store = Store(tmp_path / "f.sqlite3")
        await store.open()
        try:
            reply = await Judge(store).draw(OLD_RULES)
        finally:
            await store.close()
        assert reply.draw is not None  # the answer, its Steps and its Assumed buttons: the console's lines
        pages = [*reply.pages, *steps_pages(reply.draw), *reading_pages(reply.draw)]
        return "\n".join(embed_for(p).description or "" for p in pages)

    pages = asyncio.run(discord_pages()).replace("**", "").replace("\\", "")
    for line in body.split("\n")[1:]:
        assert line in pages, line


async def test_an_unknown_cards_type_is_said_with_the_assumptions_and_its_other_outcome(store: Store) -> None:
    """What the top card of a library is, nobody said: the answer gives the other case next to the other
    assumptions (with its What if), not among the players' choices."""
    reply = await answer(Judge(store), "/draw I control Enduring Renewal. I draw a card.")
    assert reply.draw is not None
    facts = [w for w in reply.draw.otherwise if w.choices]
    assert [w.label for w in facts] == ["If your top card is a creature card"]
    assert not any("top card" in w.label for w in reply.draw.alternatives)
    assert "If your top card is a creature card: " in reply.as_plain()


def test_resolve_tells_a_draw_step_with_a_spell_as_the_bot_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """"it's my draw step, I also cast Brainstorm in the draw step": the step's draw, then the spell (504.1), the
    same story from `drawjudge resolve` as from the bot's reader (engine.judging.judge_scenario)."""
    import json

    from engine.cards import default_cards
    from engine.judging import judge_text

    monkeypatch.setenv("DRAWJUDGE_DB", str(tmp_path / "f.sqlite3"))
    text = "opp has notion thief and its my draw step, i also cast brainstorm in the draw step"
    assert main(["resolve", "--json-out", text]) == 0
    out = json.loads(capsys.readouterr().out)
    judged = judge_text(text, default_cards())
    counts = {name: (p["hand"], p["library"], p["drawn_this_turn"]) for name, p in out["players"].items()}
    assert counts == {name: (p["hand"], p["library"], p["drawn_this_turn"]) for name, p in judged.players.items()}
    assert out["steps"][0]["kind"] == "draw_step" and counts["Opponent"][2] == 3


@pytest.mark.parametrize("typed", ["ga", "GA", "grand-archive", "Grand_Archive", "grand"])
async def test_a_game_typed_as_players_shorten_it_is_that_game(store: Store, typed: str) -> None:
    # "game:ga" was "unknown game 'ga'": the console takes a choice's value, its label, its start or its initials
    reply = await answer(Judge(store), f"/draw my deck has 0 cards and I draw a card. game:{typed}")
    assert "empty deck" in reply.as_text() and not reply.error


async def test_a_game_the_console_does_not_know_lists_the_choices(store: Store) -> None:
    reply = await answer(Judge(store), "/draw I draw a card. game:hearthstone")
    assert reply.error and "game:grand-archive (Grand Archive)" in reply.as_text()
    assert "can’t draw more than one card" in (await answer(Judge(store), "/rule 121.2b game:magic")).as_text()
