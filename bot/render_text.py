"""Store results as plain text, for the CLI and the local console.

Why separate from the Discord renderer: the console must print the same answers as the bot, but without
embeds; both renderers read the same store records, so the wording of an answer lives in one place.
"""

from __future__ import annotations

from bot.store import Definition, Edition, RuleDiff, RuleLookup, SearchResult

YAWGATOG = "https://yawgatog.com/resources/magic-rules/#R"


def rule_link(number: str, edition: Edition | None = None) -> str | None:
    """Deep link to the public hyperlinked rules (current Magic rules only)."""
    if edition is not None and (edition.game != "mtg" or edition.kind != "cr"):
        return None
    if not number[:1].isdigit():
        return None
    return YAWGATOG + number.replace(".", "")


def rule_lookup_text(result: RuleLookup) -> str:
    if not result.found:
        hint = f" Nearest: {', '.join(result.suggestions)}." if result.suggestions else ""
        return f"No rule {result.query!r} in {result.edition.label}.{hint}"
    lines = [f"{result.edition.label}"]
    for rule in result.rules:
        head = rule.number + ("." if rule.number[-1].isdigit() else "")
        if rule.title:
            lines.append(f"[{rule.title}]")
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
