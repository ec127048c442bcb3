"""A /draw answer as Discord pages (Markdown within the embed limits), without importing discord.

Why apart from ``bot.discord.views``: the service builds the pages of an answer in any process (the console and
``ask`` never import discord); ``bot.discord.views`` turns pages into embeds and buttons.

The answer itself fits one phone screen: the answer to the question (or the ruling) as the title, its reason
and trap, what was understood, the assumptions that decide it with their other outcome, what changes, and one
line for the other assumptions. The steps, the rules' texts and the full reading are behind buttons
(``steps_pages``, ``reading_pages``).
"""

from __future__ import annotations

from bot.draw.answer import DrawAnswer
from bot.render.marks import DISCORD, clip
from bot.render.pages import FIELD_VALUE_MAX, TITLE_MAX, Page, paged
from bot.render.text import (
    SAID,
    assumed_line,
    changes_lines,
    deciding_lines,
    lead_lines,
    lead_title,
    notes_lines,
    rule_link,
    steps_lines,
    understood_line,
)

BUTTONS_HINT = "Steps and Rule texts: buttons below"
MAX_WHAT_IF_BUTTONS = 4  # "What if" buttons under an answer (one row); the rest are said in its text


def _shown(text: str) -> str:
    return DISCORD.said(text, SAID)


def _assumed_line(answer: DrawAnswer) -> list[str]:
    """The assumptions, as one line: the one a What if asked for, then how many others (the Assumed button
    lists them all)."""
    asked = [a for a in answer.assumed if a.lower().startswith("asked:")]
    n = len(answer.assumed) - len(asked)
    said = [_shown(a) for a in asked] + ([f"{n} {'fact' if n == 1 else 'facts'} of a game in progress "
                                          "(Assumed button)"] if n else [])
    return [f"{DISCORD.bold('Assumed:')} " + "; ".join(said)] if said else []


def draw_pages(answer: DrawAnswer) -> list[Page]:
    """The answer on one phone screen: the lead as the title (in full on the first line too when it is longer
    than a title), then what decides it, what changes, and a line for the rest."""
    title_text = lead_title(answer)
    title = clip(title_text, TITLE_MAX)
    lines = [DISCORD.bold(_shown(title_text))] if title != title_text else []
    lines += lead_lines(answer, DISCORD)
    lines += understood_line(answer, DISCORD, words=False)
    # each assumption that decides the answer, with the other outcome (and its reasons when it is the only one;
    # with several, each outcome alone: its What if button gives the rest)
    full = len(answer.otherwise) == 1
    lines += [f"{DISCORD.bold(_shown(w.label) + ':')} {_shown(w.ruling if full or not w.short else w.short)}"
              for w in answer.otherwise]
    lines += changes_lines(answer, DISCORD, only_changed=True)
    more = answer.alternatives[max(0, MAX_WHAT_IF_BUTTONS - len(answer.otherwise)):]
    lines += [f"{DISCORD.bold(_shown(w.label) + ':')} {_shown(w.short or w.ruling)}" for w in more]
    lines += _assumed_line(answer)
    lines += notes_lines(answer, DISCORD)
    return paged(title, "\n".join(lines), footer=f"{answer.edition_label} · {BUTTONS_HINT}")


def cited(answer: DrawAnswer) -> str:
    """Each rule cited once, linked where the link shows the same text (today's edition)."""
    def cite(number: str) -> str:
        url = rule_link(number) if answer.links else None
        return DISCORD.link(number, url)

    out = ""
    for i, number in enumerate(answer.citations):
        more = (" · " if out else "") + cite(number)
        if len(out) + len(more) > FIELD_VALUE_MAX - 30:
            return out + f" · and {len(answer.citations) - i} more"
        out += more
    return out


def steps_pages(answer: DrawAnswer) -> list[Page]:
    """The Steps button: what happens step by step (repeats folded), the other lines, and the rules cited."""
    lines = [DISCORD.bold("What changes"), *changes_lines(answer, DISCORD), "", *steps_lines(answer, DISCORD)]
    return paged(clip(f"Steps — {lead_title(answer)}", TITLE_MAX), "\n".join(lines),
                 fields=(("Rules cited", cited(answer)),), footer=answer.edition_label)


def reading_pages(answer: DrawAnswer) -> list[Page]:
    """The Assumed button: every fact with the words it was read from, and every assumption."""
    lines = understood_line(answer, DISCORD, words=True)
    lines += assumed_line(answer.assumed, DISCORD)
    lines += deciding_lines(answer, DISCORD)
    return paged("How the question was read", "\n".join(lines) or "Nothing was assumed.",
                 footer="Say a fact in the situation to change it")
