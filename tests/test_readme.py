"""The README's examples work as printed: every console line and every command-line example of "Using it" is
run (offline: the current rules loaded from the shared file, the cards from Scryfall's bulk files, Scryfall
itself unreachable) and must give an answer, not an error."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from bot.terminal.cli import main
from bot.terminal.console import answer
from tests.conftest import CARDS_DIR, CR_2022, CR_2026

ROOT = Path(__file__).resolve().parents[1]
USING_IT = ROOT.joinpath("README.md").read_text(encoding="utf-8").split("## Using it")[1].split("\n## ")[0]
CONSOLE = [line[2:] for line in USING_IT.split("\n") if line.startswith("> /")]
COMMAND_LINE = [line for line in USING_IT.split("\n") if line.startswith(".venv/bin/drawjudge ")]


@pytest.fixture
def offline_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    db = tmp_path / "readme.sqlite3"
    monkeypatch.setenv("DRAWJUDGE_DB", str(db))
    monkeypatch.setenv("DRAWJUDGE_SCRYFALL_API", "http://127.0.0.1:9")
    monkeypatch.setenv("DRAWJUDGE_HTTP_TIMEOUT", "0.5")
    monkeypatch.chdir(ROOT)
    assert main(["rules", "update", "--file", str(CR_2022)]) == 0  # /rulediff compares two CR editions
    assert main(["rules", "update", "--file", str(CR_2026)]) == 0
    assert main(["cards", "load", str(CARDS_DIR / "oracle-cards.json"), str(CARDS_DIR / "rulings.json")]) == 0
    capsys.readouterr()
    return db


def test_the_readme_has_the_examples_this_test_runs() -> None:
    assert len(CONSOLE) >= 7 and len(COMMAND_LINE) >= 10
    assert any(line.startswith("/card") for line in CONSOLE) and any(" resolve --json " in c for c in COMMAND_LINE)


def test_every_command_line_example_works_as_printed(offline_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for line in COMMAND_LINE:
        command = re.sub(r"\s+#.*$", "", line)
        code = main(shlex.split(command)[1:])
        out = capsys.readouterr()
        assert code == 0, (line, out.out[-500:], out.err[-500:])
        assert out.out.strip() and "Can't answer that" not in out.out, line


async def test_every_console_example_works_as_printed(offline_cache: Path) -> None:
    from bot.application import Application
    from bot.config import Config

    app = await Application.open(Config.from_env(), one_shot=True)
    try:
        for line in CONSOLE:
            reply = await answer(app.judge, line, app.rulings.reply)
            assert not reply.error, (line, reply.as_plain()[:500])
        drawn = await answer(app.judge, CONSOLE[0], app.rulings.reply)
        shown = USING_IT.split("```text\n")[2].split("\n...")[0]
        assert drawn.as_plain().startswith(shown), "the README's sample answer is the answer printed today"
    finally:
        await app.close()
