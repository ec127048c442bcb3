"""Look-ups rendered: a rule, a search, a glossary entry, a rule's changes, the texts of cited rules, a card,
its rulings, and the bot's own pages (about, help). Each is written once against the medium's ``Marks``."""

from __future__ import annotations

import re
from urllib.parse import quote

from bot.answers import About, CardShown, GlossaryFound, Help, RuleDiffs, RuleFound, RuleTexts, Rulings, SearchFound
from bot.render.marks import Marks, clip
from bot.render.pages import Page, paged
from bot.render.text import diff_text, rule_link, rule_lookup_text
from bot.sources.urls import public_url
from bot.store import Edition

SEARCH_PAGE = 5  # hits a page: one phone screen
SEARCH_LINE = 90  # characters of a hit's text: about one line of a phone, after its rule number


def linked(number: str, edition: Edition | None, m: Marks) -> str:
    """A rule number linked to the public hyperlinked rules, where one exists."""
    return m.link(number, rule_link(number, edition))


def _head_linked(line: str, ed: Edition, m: Marks) -> str:
    """The rule number at the start of a line of rule text, bold and linked."""
    head, sep, rest = line.partition(" ")
    number = head.rstrip(".")
    if sep and number[:1].isdigit():
        return f"{m.bold(linked(number, ed, m))} {rest}"
    return line


def rule_pages(answer: RuleFound, m: Marks) -> list[Page]:
    ed, first = answer.edition, answer.lookup.rules[0]
    title = f"{first.number} — {ed.label}" if first.kind == "rule" else f"{first.number}. {m.outside(first.text, 200)}"
    whole = rule_lookup_text(answer.lookup)
    text = m.outside(whole.split("\n", 1)[1], None) if "\n" in whole else ""  # the rules file's text, made inert
    text = "\n".join(_head_linked(line, ed, m) for line in text.split("\n"))
    return paged(title, text, url=rule_link(first.number, ed), footer=f"{ed.label} · /rule for any number")


def search_pages(answer: SearchFound, m: Marks) -> list[Page]:
    """Five hits a page, one line each with its rule number."""
    ed = answer.edition
    lines = []
    for hit in answer.hits:
        head = m.bold(linked(hit.key, ed, m)) if hit.kind == "rule" else f"Glossary {m.bold(m.outside(hit.key, 60))}"
        lines.append(f"{head} {m.outside(clip(' '.join(hit.text.split()), SEARCH_LINE), None)}")
    title = f"Search: {m.said(answer.query, 100)}"
    pages_count = -(-len(lines) // SEARCH_PAGE)
    return [Page(title, "\n".join(([answer.note] if answer.note and i == 0 else []) + lines[i:i + SEARCH_PAGE]),
                 footer=f"{ed.label} · /rule NUMBER for the whole rule"
                 + (f" · page {i // SEARCH_PAGE + 1}/{pages_count}" if len(lines) > SEARCH_PAGE else ""))
            for i in range(0, len(lines), SEARCH_PAGE)]


def glossary_pages(answer: GlossaryFound, m: Marks) -> list[Page]:
    body = m.outside("\n".join(answer.senses), None)
    if not answer.exact:
        body = m.italic(f"(the closest term to “{m.said(answer.asked, 100)}”)") + "\n" + body
    return paged(f"Glossary: {m.outside(answer.heading, 200)}", body, footer=answer.edition_label)


def diff_pages(answer: RuleDiffs, m: Marks) -> list[Page]:
    diffs = answer.diffs
    if len(diffs) == 1:
        text = m.outside(diff_text(diffs[0]), None)
    else:
        changed = [d for d in diffs if d.status != "same"]
        same = len(diffs) - len(changed)
        parts = [m.outside(diff_text(d), None) for d in changed] or ["Nothing changed."]
        text = "\n\n".join(parts) + (f"\n\n{same} {'rule' if same == 1 else 'rules'} unchanged." if same else "")
    return paged(f"Rule {m.said(answer.number, 60)}: {answer.old.name} → {answer.new.name}", text)


def rule_texts_pages(answer: RuleTexts, m: Marks) -> list[Page]:
    ed = answer.edition
    lines = [f"{m.bold(linked(n, ed, m))} {m.outside(text, None) if text is not None else '(not in this edition)'}"
             for n, text in answer.texts]
    return paged(f"Rules cited — {ed.label}", "\n".join(lines), footer=ed.label)


def scryfall_link(name: str) -> str:
    return "https://scryfall.com/search?q=" + quote(f'!"{name}"', safe="")


def card_pages(answer: CardShown, m: Marks) -> list[Page]:
    """A card as the engine sees it, so a player can check the reading."""
    card = answer.card
    type_line = m.outside(card.type_line, 200) if card.type_line else ""
    first = " — ".join(x for x in (m.outside(answer.mana_cost, 100) if answer.mana_cost else "", type_line) if x)
    lines = [first, m.outside(card.oracle, 1500), "", f"Scryfall: {scryfall_link(card.name)}", "",
             m.bold("Draw abilities the engine read")]
    lines += [f"• {m.outside(text, 400)}" + (f" — {' · '.join(rules)}" if rules else "")
              for text, rules in answer.abilities]
    if not answer.abilities:
        lines.append("• none: this card does nothing the engine tracks about drawing")
    if answer.unread:
        lines += ["", m.bold("Not understood") + " (a /draw naming this card is refused with this text)"]
        lines += [f"• {m.outside(text, 300)}" for text in answer.unread]
    if answer.closest:
        lines.insert(0, m.italic(f"(the closest card to “{m.said(answer.asked, 100)}”)"))
    return paged(m.outside(card.name, 200), "\n".join(lines), image=answer.image)


def rulings_pages(answer: Rulings, m: Marks) -> list[Page]:
    title = f"Rulings: {m.outside(answer.card, 150)}"
    footer = f"Scryfall · fetched {answer.fetched[:10]}" + (f" · {answer.notes}" if answer.notes else "")
    if not answer.rulings:
        what = f" containing “{m.said(answer.contains, 100)}”" if answer.contains else ""
        return paged(title, f"No rulings{what}.", url=answer.url, footer=footer)
    lines = [f"{m.bold(m.outside(published, 20))} — {m.outside(comment, 3000)}"
             for published, comment in answer.rulings]
    return paged(title, "\n\n".join(lines), url=answer.url, footer=footer)


def source_label(source: str) -> str:
    """Where an edition came from, without internals: a URL's host and path (no credentials or query), a local
    file's name only (never the machine's folders), and no project-internal paths in parentheses."""
    url = public_url(source)
    if url:
        return url
    text = re.sub(r"\s*\([^()]*[/\\][^()]*\)", "", source).strip()
    if re.search(r"[/\\]", text) and " " not in text.split("/")[0]:
        text = text.replace("\\", "/").split("/")[-1]
    return text or "a local file"


def about_pages(answer: About, m: Marks) -> list[Page]:
    lines = [f"drawjudge {answer.version}: resolves card-draw situations and cites the rules.", "",
             m.bold("Editions in the cache")]
    for e, source in answer.editions:
        effective = f"effective {e.effective_date}, " if e.effective_date else ""
        lines.append(f"• {m.outside(e.label, 100)} ({e.kind}), {effective}fetched {e.fetched_at[:10]} — "
                     f"{m.outside(source_label(source), 200)}")
    lines += ["", f"Cards known by hand: {answer.cards_known}; any other card is read from its Oracle text."]
    if answer.degraded:  # the cache is read-only or in memory: said, so nobody expects updates to stick
        lines += ["", f"⚠ Cache: {answer.degraded}."]
    return paged("About drawjudge", "\n".join(lines))


def help_pages(answer: Help, m: Marks) -> list[Page]:
    b, c = m.bold, m.code
    lines = [
        f"{b('/draw')} {c('situation')} — describe a situation the way you'd ask a judge (questions, nicknames "
        "such as SotL or Lab Man, and abbreviations such as opp, lib, GY and T1 are fine); the answer starts with "
        "what the bot understood and assumed, and when something that changes the answer is missing or "
        "unclear, it asks you with buttons.",
        f"{b('/rule')} {c('number')} (or {b('/cr')}) — a rule with its subrules ({c('121.2')}), or alone "
        f"({c('121.2.')}).",
        f"{b('/search')} {c('query')} — rules and glossary by words.  {b('/define')} {c('term')} — a glossary entry.",
        f"{b('/rulediff')} {c('number')} — how a rule changed between editions.  {b('/about')} — editions and "
        "sources.",
        f"{b('/ruling')} {c('card')} {c('contains')} — a card's official rulings, newest first (optionally only "
        "those containing some words).",
        f"{b('/card')} {c('name')} — a card's image, mana cost and Oracle text, a Scryfall link, and the draw "
        "abilities the engine read from it.",
        f"{b('Apps → Ask drawjudge')} on any message — its text answered as a /draw situation, privately. "
        f"{c('[[Card Name]]')} works in every option.",
        "",
        f"{b('What /draw understands')} (one example a phrase):",
    ]
    lines += [f"• {topic}: {c(example)}" for topic, example in answer.phrases]
    return paged("How to ask drawjudge", "\n".join(lines))
