"""Answers as text: a /draw answer for the terminal (``draw_text``) and the parts both renderers share (the
lead, rendered through one table keyed by the kind of answer; the reading; the steps), rule look-ups and
diffs, the list of editions.

Why one module: the console and Discord render the same data; the wording of an answer lives here once and
each medium only adds its marks (bold, links, escapes).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.draw.answer import DrawAnswer
from bot.render.marks import TERMINAL, Marks
from bot.store import Edition, RuleDiff, RuleLookup
from engine.answer_lead import AnswerKind, Lead
from engine.wording import sentence

YAWGATOG = "https://yawgatog.com/resources/magic-rules/#R"


def links_to_today(edition: Edition | None) -> bool:
    """Whether rule numbers of ``edition`` may link to the public hyperlinked rules: only today's Magic CR,
    where a link shows the same text (an older edition's 727 is not today's 727)."""
    return edition is None or (edition.game == "mtg" and edition.kind == "cr" and edition.current)


def rule_link(number: str, edition: Edition | None = None) -> str | None:
    """Deep link to the public hyperlinked rules (current Magic rules only)."""
    if not links_to_today(edition):
        return None
    if not number[:1].isdigit():
        return None
    return YAWGATOG + number.replace(".", "")


def rule_lookup_text(result: RuleLookup) -> str:
    if not result.found:
        hint = f" Nearest: {', '.join(result.suggestions)}." if result.suggestions else ""
        return f"No rule {result.query!r} in {result.edition.label}.{hint}"
    lines = [f"{result.edition.label}"]
    shown_title = ""
    for rule in result.rules:
        head = rule.number + ("." if rule.number[-1].isdigit() else "")
        if rule.title and rule.title != shown_title:
            lines.append(f"[{rule.title}]")
            shown_title = rule.title
            if rule.kind == "section":
                continue
        lines.append(f"{head} {rule.text}")
        lines.extend(f"    {ex}" for ex in rule.examples)
    return "\n".join(lines)


def diff_text(diff: RuleDiff) -> str:
    head = f"Rule {diff.number}: {diff.old.label} → {diff.new.label}"
    if diff.status == "missing":
        return f"{head}: the rule is in neither edition."
    if diff.status == "added":
        return f"{head}: new in {diff.new.label}.\n{diff.new_text}"
    if diff.status == "removed":
        return f"{head}: not in {diff.new.label}.\nWas: {diff.old_text}"
    if diff.status == "same":
        return f"{head}: unchanged.\n{diff.new_text}"
    return "\n".join([f"{head}: changed.", *diff.changes, f"Now: {diff.new_text}"])


def editions_text(editions: list[Edition]) -> str:
    if not editions:
        return "The cache holds no editions yet. Run `drawjudge rules update`."
    lines = []
    for e in editions:
        lines.append(f"- {e.label} ({e.kind}), effective {e.effective_date or '?'}, fetched {e.fetched_at}, "
                     f"sha256 {e.sha256[:12]}…, source {e.source}")
    return "\n".join(lines)


SAID = 600  # characters of one piece of an answer's words before it is clipped


def _why_and_trap(lead: Lead, m: Marks) -> list[str]:
    lines = [f"{m.bold('Why:')} {m.said(lead.why(), SAID)}"] if lead.why() else []
    return lines + ([f"{m.bold('Watch out:')} {m.said(lead.watch_out(), SAID)}"] if lead.trap else [])


def _choice_lines(lead: Lead, m: Marks) -> list[str]:
    return [f"• {m.said(line.said, SAID)} → {m.said(line.outcome, SAID)}" for line in lead.lines] + _why_and_trap(
        lead, m)


# What follows the first words, by the kind of answer: one table every front end renders through.
LEAD_BODY: dict[AnswerKind, Callable[[Lead, Marks], list[str]]] = {
    AnswerKind.YES: _why_and_trap,
    AnswerKind.NO: _why_and_trap,
    AnswerKind.COUNT: _why_and_trap,
    AnswerKind.WHO: _why_and_trap,
    AnswerKind.CHOICE: _choice_lines,
    AnswerKind.RULING: lambda lead, m: [],
}


def lead_title(answer: DrawAnswer) -> str:
    """The first words: the answer to the question asked, or the ruling line."""
    lead = answer.lead
    return answer.ruling if lead.kind is AnswerKind.RULING else lead.text.rstrip(":")


def lead_lines(answer: DrawAnswer, m: Marks = TERMINAL) -> list[str]:
    return LEAD_BODY[answer.lead.kind](answer.lead, m)


def understood_line(answer: DrawAnswer, m: Marks, *, words: bool) -> list[str]:
    if not answer.understood:
        return []
    facts = "; ".join(m.said(fact, SAID) + (f" (“{m.said(said, SAID)}”)" if said and words else "")
                      for fact, said in answer.understood)
    return [f"{m.bold('I understood:')} {facts}"]


def deciding_lines(answer: DrawAnswer, m: Marks = TERMINAL) -> list[str]:
    """The assumptions that decide the answer, each with the other outcome."""
    return [f"{m.bold(m.said(other.label, SAID) + ':')} {m.said(other.ruling, SAID)}" for other in answer.otherwise]


def assumed_line(assumed: tuple[str, ...] | list[str], m: Marks) -> list[str]:
    return [f"{m.bold('Assumed:')} " + "; ".join(m.said(a, SAID) for a in assumed)] if assumed else []


def changes_lines(answer: DrawAnswer, m: Marks = TERMINAL, *, only_changed: bool = False) -> list[str]:
    """Each player's counts before → after (``only_changed``: the players something happened to)."""
    return [f"• {m.said(c.player, SAID)}: {c.said()}" for c in answer.changes if c.changed or not only_changed]


def steps_lines(answer: DrawAnswer, m: Marks = TERMINAL) -> list[str]:
    """What happens step by step, then the other choices, the differences from today's rules and the notes."""
    lines = [m.bold("Steps")]
    for i, step in enumerate(answer.steps, 1):
        times = f" ×{step.times:,}" if step.times > 1 else ""
        lines.append(f"{i}. {m.said(step.text, SAID)}{times}" + (f" — {' · '.join(step.rules)}" if step.rules else ""))
    if answer.alternatives:
        lines += ["", m.bold("If the choices go otherwise")]
        lines += [f"• {m.said(sentence('If ' + alt.label), SAID)}: {m.said(alt.ruling, SAID)}"
                  for alt in answer.alternatives]
    if answer.differences:
        lines += ["", m.bold("Where today's rules differ")]
        lines += [f"• {m.said(d, SAID)}" for d in answer.differences]
    return lines


def notes_lines(answer: DrawAnswer, m: Marks = TERMINAL) -> list[str]:
    return [f"Note: {m.said(n, SAID)}" for n in answer.notes]


def draw_lines(answer: DrawAnswer, m: Marks = TERMINAL) -> list[str]:
    """A /draw answer's body for the terminal, in the order of the Discord answer: the answer's reason and
    trap, what was understood, the assumptions that decide it with their other outcome, what changes, every
    assumption; then what the Discord answer keeps behind buttons: the steps and the other lines."""
    lines = lead_lines(answer, m)
    lines += understood_line(answer, m, words=True)
    lines += deciding_lines(answer, m)
    lines += changes_lines(answer, m)
    lines += assumed_line(answer.assumed, m)
    lines += ["", *steps_lines(answer, m)]
    if answer.notes:
        lines += ["", *notes_lines(answer, m)]
    return lines


def draw_text(answer: DrawAnswer, rule_texts: dict[str, str] | None = None) -> str:
    """A /draw answer for a terminal: the ruling first, then the body, then the rules cited (with their texts
    when the cache has them)."""
    first = f"Ruling: {answer.ruling}" if answer.lead.kind is AnswerKind.RULING else lead_title(answer) + (
        ":" if answer.lead.kind is AnswerKind.CHOICE else "")
    lines = [first, *draw_lines(answer), ""]
    if rule_texts:
        lines.append(f"Rules cited ({answer.edition_label}):")
        lines += [f"{n} {rule_texts[n]}" if n in rule_texts else f"{n} (text not in the cache)"
                  for n in answer.citations]
    else:
        lines.append(f"Rules cited ({answer.edition_label}): " + ", ".join(answer.citations))
        lines.append("/rule NUMBER shows a rule's text.")
    return "\n".join(lines)
