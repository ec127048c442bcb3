"""The local console: the bot's commands typed in a terminal, answered as text, with no Discord application.

Why: anyone can try the judge (and scripts can use it: ``drawjudge ask "/rule 121.2b"``) with the same service
and the same answers as in Discord.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from typing import TextIO

from bot import commands
from bot.commands import RulingsFetcher, Services
from bot.render.reply import Reply, error_reply
from bot.service import Judge

OPTION_NAMES = tuple(dict.fromkeys(o.name for c in commands.COMMANDS for o in c.options if o is not c.text_option))
COMMANDS = tuple(commands.BY_NAME)
log = logging.getLogger("drawjudge.console")
# One word per option, except "contains", whose words run to the next option or the end
# ("/ruling Notion Thief contains:draw step" looks for "draw step" in Notion Thief's rulings).
_OPTION_RX = re.compile(r"(?:^|\s)(contains):(\"[^\"]*\"|.+?)(?=\s+(?:" + "|".join(OPTION_NAMES) + r"):|$)"
                        r"|(?:^|\s)(" + "|".join(OPTION_NAMES) + r"):(\S+)")


def split_command(line: str) -> tuple[str, str, dict[str, str]]:
    """``/rule 121.2b edition:2008`` → ("rule", "121.2b", {"edition": "2008"})."""
    line = line.strip()
    if not line.startswith("/"):
        line = "/draw " + line
    head, _, rest = line[1:].partition(" ")
    options = {(m.group(1) or m.group(3)): (m.group(2) or m.group(4)).strip('"') for m in _OPTION_RX.finditer(rest)}
    rest = _OPTION_RX.sub(" ", rest).strip()
    return head.lower(), rest, options


async def answer(judge: Judge, line: str, rulings: RulingsFetcher | None = None) -> Reply:
    """One console line answered through the command registry, as Discord would answer the same command."""
    command, arg, opts = split_command(line)
    return await commands.run(Services(judge, rulings), command, arg, opts)


async def run_console(judge: Judge, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
                      rulings: RulingsFetcher | None = None) -> int:
    if hasattr(stdin, "reconfigure"):
        # An invalid byte typed or piped in is a typo to answer, never the end of the console.
        stdin.reconfigure(errors="replace")
    interactive = stdin.isatty()
    if interactive:
        print("drawjudge console — type /help, or a situation such as: I have 1 card in library. I draw 2.",
              file=stdout)
        print("Ctrl-D or /quit to leave.", file=stdout)
    while True:
        if interactive:
            print("> ", end="", file=stdout, flush=True)
        line = await asyncio.to_thread(stdin.readline)
        if not line:
            break
        line = line.strip()
        if not line:
            continue
        if line in ("/quit", "/exit", "quit", "exit"):
            break
        try:
            reply = await answer(judge, line, rulings)
        except Exception:  # the console outlives any one question; the error is logged for us
            log.exception("console command failed: %r", line[:200])
            reply = error_reply("Something went wrong on our side; the error was logged.", "try another question")
        print(reply.as_plain(), file=stdout)
        print("", file=stdout, flush=True)
        asking: Reply | None = reply
        while asking is not None and asking.question is not None:
            asking = await _ask(judge, asking, stdin, stdout, interactive)
    return 0


async def _ask(judge: Judge, reply: Reply, stdin: TextIO, stdout: TextIO, interactive: bool) -> Reply | None:
    """The reader's question, answered in the console: a number picks an option, which is resolved and
    printed (it may ask again); anything else leaves the question unanswered (None)."""
    assert reply.question is not None
    options = reply.question.options
    if interactive:
        print(f"answer 1-{len(options)} (Enter to skip): ", end="", file=stdout, flush=True)
    line = (await asyncio.to_thread(stdin.readline)).strip()
    if not line.isdigit() or not 1 <= int(line) <= len(options):
        print("(question skipped)\n", file=stdout, flush=True)
        return None
    label, situation = options[int(line) - 1]
    answered = await judge.draw(situation)
    print(f"→ {label}", file=stdout)
    print(answered.as_plain(), file=stdout)
    print("", file=stdout, flush=True)
    return answered
