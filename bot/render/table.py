"""The one table every front end renders an answer through, keyed by the answer's type.

Why a table: a new kind of answer is one row here, and Discord and the terminal cannot drift apart: each row
writes its answer once against the medium's marks (``DISCORD`` for embeds, ``TERMINAL`` for text). A /draw
answer is the one kind laid out differently per medium (one phone screen with buttons, or everything in
order in a terminal), so its row names both layouts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from bot.answers import (
    About,
    Answer,
    CardShown,
    DrawReading,
    DrawSteps,
    Failure,
    GlossaryFound,
    Help,
    Question,
    RuleDiffs,
    RuleFound,
    RuleTexts,
    Rulings,
    SearchFound,
    TooLarge,
)
from bot.draw.answer import DrawAnswer
from bot.render.asking import failure_pages, question_pages, too_large_pages
from bot.render.layouts import draw_pages, reading_pages, steps_pages
from bot.render.lookups import (
    about_pages,
    card_pages,
    diff_pages,
    glossary_pages,
    help_pages,
    rule_pages,
    rule_texts_pages,
    rulings_pages,
    search_pages,
)
from bot.render.marks import DISCORD, TERMINAL, Marks
from bot.render.pages import Page, as_text
from bot.render.text import draw_text


class Renderer(NamedTuple):
    pages: Callable[[Any, Marks], list[Page]]  # the answer as pages, marked for the medium
    text: Callable[[Any], str] | None = None  # a terminal's own layout, where it differs from the pages


RENDERERS: dict[type, Renderer] = {
    DrawAnswer: Renderer(lambda a, m: draw_pages(a), draw_text),
    DrawSteps: Renderer(lambda a, m: steps_pages(a.draw)),
    DrawReading: Renderer(lambda a, m: reading_pages(a.draw)),
    Failure: Renderer(failure_pages),
    Question: Renderer(question_pages),
    TooLarge: Renderer(too_large_pages),
    RuleFound: Renderer(rule_pages),
    SearchFound: Renderer(search_pages),
    GlossaryFound: Renderer(glossary_pages),
    RuleDiffs: Renderer(diff_pages),
    RuleTexts: Renderer(rule_texts_pages),
    CardShown: Renderer(card_pages),
    Rulings: Renderer(rulings_pages),
    About: Renderer(about_pages),
    Help: Renderer(help_pages),
}


def pages_of(answer: Answer) -> list[Page]:
    """An answer as Discord pages."""
    return RENDERERS[type(answer)].pages(answer, DISCORD)


def text_of(answer: Answer) -> str:
    """An answer as a terminal's text: its own layout, or its pages made with no marks."""
    renderer = RENDERERS[type(answer)]
    return renderer.text(answer) if renderer.text is not None else as_text(renderer.pages(answer, TERMINAL))
