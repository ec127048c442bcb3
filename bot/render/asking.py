"""What a command says when it can't answer yet: an error in a player's words, the reader's question with its
options, and a question too large to resolve in time (with what was certain)."""

from __future__ import annotations

from bot.answers import Failure, Question, TooLarge
from bot.render.marks import Marks
from bot.render.pages import Page, paged

FAILURE_TITLE = "Can't answer that"
QUESTION_TITLE = "A question before the ruling"


def failure_pages(answer: Failure, m: Marks) -> list[Page]:
    lines = [m.words(answer.message)]
    if answer.quoted:
        lines.append(m.quote(m.words(answer.quoted)))
    if answer.hint:
        lines.append(f"{m.bold('Try:')} {m.words(answer.hint)}")
    return paged(FAILURE_TITLE, "\n".join(lines))


def question_pages(answer: Question, m: Marks) -> list[Page]:
    """The question, the words it is about, the options numbered (buttons in Discord), and how to answer
    without them."""
    lines = [m.said(answer.text, 300)]
    if answer.words:
        lines.append(m.quote(m.said(answer.words, 300)))
    lines.append("")
    lines += [f"{i}. {m.said(label, 120)}" for i, (label, _) in enumerate(answer.options, 1)]
    lines += ["", m.words(answer.retry or "Pick an answer, or ask again saying it in the situation.")]
    return paged(QUESTION_TITLE, "\n".join(lines))


def too_large_pages(answer: TooLarge, m: Marks) -> list[Page]:
    """What is certain so far, and that the rest was not resolved."""
    lines = [m.bold(f"This situation is too large to resolve within {answer.budget:g} s") + ", or many questions "
             "are being resolved at once. Nothing below is a guess: it is what was certain when the engine stopped."]
    if answer.understood or answer.assumed:
        lines.append("")
    if answer.understood:
        lines.append(m.bold("I understood:"))
        lines += [f"- {m.said(fact['fact'], 300)}" + (f" (“{m.said(fact['words'], 300)}”)" if fact.get("words") else "")
                  for fact in answer.understood]
    if answer.assumed:
        lines.append(m.bold("Assumed:") + " " + "; ".join(m.said(a, 300) for a in answer.assumed))
    if answer.steps:
        lines += ["", m.bold(f"The first {len(answer.steps)} of {answer.step_count:,} steps taken")
                  if answer.step_count > len(answer.steps) else m.bold("The steps taken")]
        lines += [f"{i}. {text}" + (f" — {' · '.join(rules)}" if rules else "")
                  for i, (text, rules) in enumerate(answer.steps, 1)]
    lines += ["", "Ask about a smaller part (fewer copies, fewer cards drawn), or ask again in a moment."]
    return paged("Too large to resolve in time", "\n".join(lines))
