"""Store results as plain text, for the CLI and the local console.

Why separate from the Discord renderer: the console must print the same answers as the bot, but without
embeds; both renderers read the same store records, so the wording of an answer lives in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.store import Definition, Edition, RuleDiff, RuleLookup, SearchResult
from engine.model import Resolution, Step

YAWGATOG = "https://yawgatog.com/resources/magic-rules/#R"


def rule_link(number: str, edition: Edition | None = None) -> str | None:
    """Deep link to the public hyperlinked rules (current Magic rules only)."""
    if edition is not None and (edition.game != "mtg" or edition.kind != "cr" or not edition.current):
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


def search_text(result: SearchResult) -> str:
    if not result.hits:
        return f"Nothing in {result.edition.label} matches {result.query!r}. Try fewer or other words."
    lines = [f"{result.edition.label}: {len(result.hits)} results for {result.query!r}"]
    if result.note:
        lines.append(result.note)
    for hit in result.hits:
        label = hit.key if hit.kind == "rule" else f"Glossary: {hit.key}"
        text = hit.text.replace("\n", " ")
        lines.append(f"- {label}: {text[:200]}{'…' if len(text) > 200 else ''}")
    return "\n".join(lines)


def definition_text(result: Definition) -> str:
    if result.entry is None:
        hint = f" Did you mean: {', '.join(result.suggestions)}?" if result.suggestions else ""
        return f"No glossary entry for {result.query!r} in {result.edition.label}.{hint}"
    entry = result.entry
    lines = []
    if not result.exact:
        lines.append(f"(closest term to {result.query!r})")
    lines.append(f"{entry.heading}")
    lines.extend(entry.senses)
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


def _subject(names: list[str], verb: str) -> str:
    """"Alice loses", "You lose", "Alice and Bob lose"."""
    plural = len(names) > 1 or names == ["You"]
    joined = " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} {verb if plural else verb + 's'}"


def outcome_line(res: Resolution) -> str:
    if res.draw_game:
        return "The game is a draw: every player lost at the same time."
    if res.winners:
        tail = f"; {_subject(res.losers, 'lose')}" if res.losers else ""
        return f"{_subject(res.winners, 'win')} the game{tail}."
    if res.losers:
        return f"{_subject(res.losers, 'lose')} the game."
    return "Nobody loses; the game goes on."


def player_line(name: str, p: dict[str, Any]) -> str:
    extra = f", tokens {', '.join(f'{k} ×{v}' for k, v in p['tokens'].items())}" if p.get("tokens") else ""
    status = " — lost" if p["lost"] else (" — won" if p["won"] else "")
    memory = f", memory {p['memory']:,}" if p.get("memory") else ""
    return (f"{name}: library {p['library']:,}, hand {p['hand']:,}{memory}, graveyard {p['graveyard']:,}, "
            f"life {p['life']:,}{extra}{status}")


def branch_line(branch: dict[str, Any]) -> str:
    """One other line of play: the choice, each player's cards and life, and who loses."""
    who = "; ".join(f"{n}: hand {p['hand']:,}, library {p['library']:,}, life {p['life']:,}"
                    for n, p in branch["players"].items())
    losers = branch["losers"]
    verdict = f" — {_subject(losers, 'lose')}" if losers else ""
    said = branch.get("said") or f"`{branch['choice']}`"
    return f"If {said}: {who}{verdict}"


def step_line(i: int, step: Step) -> str:
    times = f" (×{step.repeat:,})" if step.repeat > 1 else ""
    rules = f" [{', '.join(step.rules)}]" if step.rules else ""
    return f"{i}. {step.text}{times}{rules}"


def reading_lines(res: Resolution, shown: Callable[[str], str] = str, bold: str = "") -> list[str]:
    """How the question was read: each fact with the words it came from, then what was assumed. Shared by
    the console and Discord (``shown`` escapes user text for Discord, ``bold`` marks the headings)."""
    lines: list[str] = []
    if res.understood:
        lines.append(f"{bold}I understood:{bold}")
        for fact in res.understood:
            words = f" (“{shown(fact['words'])}”)" if fact.get("words") else ""
            lines.append(f"- {shown(fact['fact'])}{words}")
    if res.assumed:
        lines.append(f"{bold}Assumed:{bold} " + "; ".join(shown(a) for a in res.assumed))
    return lines


def resolution_text(res: Resolution, rule_texts: dict[str, str] | None = None) -> str:
    """Outcome first, how the question was read, the numbered steps with their rules, the rules' texts."""
    lines = [f"Outcome: {outcome_line(res)}"]
    reading = reading_lines(res)
    if reading:
        lines.extend([*reading, "", "After:"])
    lines.extend(f"- {player_line(n, p)}" for n, p in res.players.items())
    lines.append("")
    lines.append("Steps:")
    lines.extend(step_line(i, s) for i, s in enumerate(res.steps, 1))
    if res.branches:
        lines.append("")
        lines.append("Other choices:")
        lines.extend(f"- {branch_line(b)}" for b in res.branches)
    for note in res.notes:
        lines.append(f"Note: {note}")
    if rule_texts:
        lines.append("")
        lines.append(f"Rules cited ({res.edition}):")
        for number in res.rules:
            text = rule_texts.get(number)
            lines.append(f"{number} {text}" if text else f"{number} (text not in the cache)")
    else:
        lines.append("")
        lines.append("Rules cited: " + ", ".join(res.rules))
    return "\n".join(lines)
