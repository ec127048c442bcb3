"""Refreshing the rules cache from the publisher (or a given URL or file).

Why so careful: the bot is trusted only while its rules are right, so a failed or garbage download (a 500,
a timeout, a truncated file, an HTML error page served with status 200) must never replace a good edition.
Everything is parsed and validated in memory first; the store then saves a whole edition in one
transaction, or nothing.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlparse

from bot.config import DEFAULT_RULES_HOSTS
from bot.sources import fetch
from bot.sources.fetch import Fetched, FetchError
from bot.sources.loaders.cr_text import CRParseError, parse_cr
from bot.sources.loaders.ga_markdown import parse_rulebook, read_folder
from bot.sources.loaders.shipped import shipped_editions
from bot.sources.urls import host_allowed, hosts_of, public_url
from bot.store import Edition, Store, StoreError

if TYPE_CHECKING:  # aiohttp is imported where something is downloaded (about 120 ms a start)
    import aiohttp

MIN_RULES = 2000
MAX_CR_BYTES = 16 * 1024 * 1024  # today's CR is under 1 MB: room to grow, far below memory
MAX_PAGE_BYTES = 4 * 1024 * 1024  # an HTML page or one Markdown page
MAX_GA_PAGES = 400  # the Grand Archive rulebook has about 110 pages
# An edition is implausible when its rule count strays this far from the current one's...
RULE_COUNT_RANGE = (0.7, 1.5)
# ...or when it takes effect further ahead than the publisher ever announces (weeks, not years).
MAX_DAYS_AHEAD = 180
USER_AGENT = "drawjudge/0.1 (+https://github.com/drawjudge/drawjudge; Discord judge bot)"
_TXT_LINK_RX = re.compile(r"""href\s*=\s*["']([^"']+?\.txt)["']""", re.IGNORECASE)


class RulesUpdateError(RuntimeError):
    """A refresh that did not happen; the message says why, and the cache is unchanged."""


@dataclass(frozen=True, slots=True)
class UpdateResult:
    status: str  # "added" | "unchanged" | "not-modified"
    edition: Edition | None
    message: str


async def ensure_shipped_editions(store: Store) -> list[Edition]:
    """Load the editions the project ships (2008, 1999, Grand Archive) unless already current."""
    loaded: list[Edition] = []
    for shipped in shipped_editions():
        existing = await store.has_sha256(shipped.sha256)
        if existing is not None and existing.name == shipped.name:
            loaded.append(existing)
            continue
        loaded.append(await store.save_edition(
            game=shipped.game, name=shipped.name, effective_date=shipped.effective_date,
            source=shipped.source, sha256=shipped.sha256, kind="historical" if shipped.game == "mtg" else "ga",
            rules=shipped.rules, titles=shipped.titles,
        ))
    return loaded


async def ingest_cr_bytes(
    store: Store, raw: bytes, source: str, *, etag: str | None = None, last_modified: str | None = None
) -> UpdateResult:
    """Validate a downloaded or local CR file and store it as an edition if it is new."""
    sha = hashlib.sha256(raw).hexdigest()
    existing = await store.has_sha256(sha)
    if existing is not None:
        return UpdateResult("unchanged", existing, f"{existing.label} is already in the cache (same file).")
    try:
        parsed = await asyncio.to_thread(parse_cr, raw)
    except CRParseError as exc:
        raise RulesUpdateError(f"{source}: {exc}. The cache was not changed.") from exc
    if parsed.effective_date is None:
        raise RulesUpdateError(
            f"{source}: the file carries no 'These rules are effective as of ...' date. The cache was not changed.")
    if parsed.rule_count < MIN_RULES:
        raise RulesUpdateError(
            f"{source}: only {parsed.rule_count} numbered rules parsed (at least {MIN_RULES} expected); the "
            "file looks truncated. The cache was not changed.")
    await _check_plausible(store, source, parsed.effective_date, parsed.rule_count, len(raw))
    name = parsed.effective_date.isoformat()
    edition = await store.save_edition(
        game="mtg", name=name, effective_date=name, source=source, sha256=sha, kind="cr",
        rules=parsed.rules, glossary=parsed.glossary, etag=etag, last_modified=last_modified,
    )
    return UpdateResult(
        "added", edition,
        f"Stored Magic CR {name}: {parsed.rule_count} rules, {len(parsed.glossary)} glossary entries, "
        f"{parsed.example_count} examples.",
    )


async def _check_plausible(store: Store, source: str, effective: dt.date, rule_count: int, size: int) -> None:
    """Refuse an edition that can't be a real CR: too big, dated far ahead, or a rule count far from the
    current edition's (a real year adds a few percent)."""
    if size > MAX_CR_BYTES:
        raise RulesUpdateError(f"{source}: the file is {size:,} bytes, more than the {MAX_CR_BYTES:,} a rules "
                               "file can be. The cache was not changed.")
    if effective > dt.date.today() + dt.timedelta(days=MAX_DAYS_AHEAD) or effective.year < 1993:
        raise RulesUpdateError(f"{source}: the file says it takes effect on {effective.isoformat()}, which is not "
                               "a plausible date for the rules. The cache was not changed.")
    try:
        current = await store.edition()
    except StoreError:
        return
    if current.kind != "cr":
        return
    known = await store.rule_count(current)
    low, high = RULE_COUNT_RANGE
    if known and not low * known <= rule_count <= high * known:
        raise RulesUpdateError(
            f"{source}: {rule_count:,} numbered rules, against {known:,} in the current {current.label}; an "
            "edition that far off is not plausible. The cache was not changed.")


async def update_from_file(store: Store, path: str | Path) -> UpdateResult:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise RulesUpdateError(f"cannot read {p}: {exc.strerror or exc}") from exc
    return await ingest_cr_bytes(store, raw, str(p.resolve()))


def find_txt_link(page_html: str, page_url: str, allowed: frozenset[tuple[str, int]] | None = None) -> str:
    """The one ``.txt`` link of the rules page, made absolute; only a link to the page's own host or an allowed
    one counts (a link elsewhere is never followed)."""
    links = [urljoin(page_url, html.unescape(m)) for m in _TXT_LINK_RX.findall(page_html)]
    hosts = allowed if allowed is not None else hosts_of(page_url)
    usable = [link for link in links if host_allowed(link, hosts)]
    rules_links = [link for link in usable if "comprules" in link.lower().replace("%20", "").replace("_", "")]
    chosen = rules_links or usable
    if not chosen:
        if links:
            raise RulesUpdateError(f"{public_url(page_url)}: the rules page links a .txt file only on another "
                                   "host, which is not followed (DRAWJUDGE_RULES_HOSTS lists the allowed ones)")
        raise RulesUpdateError(f"{public_url(page_url)}: no link to a .txt rules file was found on the page")
    return chosen[0]


async def _get(http: aiohttp.ClientSession, url: str, headers: dict[str, str], allowed: frozenset[tuple[str, int]],
               max_bytes: int = MAX_CR_BYTES) -> Fetched:
    try:
        return await fetch.get(http, url, allowed=allowed, max_bytes=max_bytes, headers=headers)
    except FetchError as exc:
        raise RulesUpdateError(f"{exc}. The cache was not changed.") from exc


async def update_from_url(
    store: Store, url: str, *, timeout: float = 30.0, session: aiohttp.ClientSession | None = None,
    conditional: bool = True, allowed: frozenset[tuple[str, int]] | None = None,
) -> UpdateResult:
    """Download a CR file, with a conditional request against the last one downloaded. Redirects are followed
    only to ``allowed`` hosts (by default the URL's own)."""
    owns = session is None
    http = session or fetch.session(timeout, USER_AGENT)
    hosts = allowed if allowed is not None else hosts_of(url)
    try:
        headers = {"Accept": "text/plain, */*"}
        if conditional:
            etag, last_modified, _sha = await store.edition_validators()
            if etag:
                headers["If-None-Match"] = etag
            if last_modified:
                headers["If-Modified-Since"] = last_modified
        got = await _get(http, url, headers, hosts)
        shown = public_url(got.url) or "the rules file"
        if got.status == 304:
            current = await store.edition()
            return UpdateResult("not-modified", current, f"The publisher's file is unchanged since the last "
                                f"download; {current.label} stays current.")
        if got.status != 200:
            raise RulesUpdateError(f"{shown}: the server answered HTTP {got.status}. The cache was not changed.")
        raw = got.body
        if raw.lstrip()[:15].lower().startswith((b"<!doctype", b"<html")):
            raise RulesUpdateError(f"{shown}: the server sent an HTML page, not the rules text file. "
                                   "The cache was not changed.")
        return await ingest_cr_bytes(store, raw, public_url(url) or url, etag=got.headers.get("ETag"),
                                     last_modified=got.headers.get("Last-Modified"))
    finally:
        if owns:
            await http.close()


async def update_from_publisher(store: Store, page_url: str, *, timeout: float = 30.0,
                                extra_hosts: tuple[str, ...] = DEFAULT_RULES_HOSTS) -> UpdateResult:
    """Find the ``.txt`` link on the rules page, then download it if it changed. The file may come only from
    the page's own host or one of ``extra_hosts`` (the publisher keeps its files on media.wizards.com)."""
    allowed = hosts_of(page_url, *extra_hosts)
    async with fetch.session(timeout, USER_AGENT) as http:
        got = await _get(http, page_url, {"Accept": "text/html"}, hosts_of(page_url), MAX_PAGE_BYTES)
        if got.status != 200:
            raise RulesUpdateError(f"{public_url(page_url)}: the rules page answered HTTP {got.status}. "
                                   "The cache was not changed.")
        page = got.body.decode("utf-8", errors="replace")
        link = find_txt_link(page, got.url, allowed)
        return await update_from_url(store, link, session=http, allowed=allowed)


# ------------------------------------------------------------------------------------------ Grand Archive

MIN_GA_PAGES = 20
_HREF_RX = re.compile(r"""href\s*=\s*["']([^"'#?]+)["']""", re.IGNORECASE)


async def ingest_ga_pages(store: Store, pages: dict[str, str], source: str) -> UpdateResult:
    """Validate and store the Grand Archive rulebook (Markdown pages by path)."""
    blob = "\n".join(f"{k}\n{v}" for k, v in sorted(pages.items())).encode()
    sha = hashlib.sha256(blob).hexdigest()
    existing = await store.has_sha256(sha)
    if existing is not None:
        return UpdateResult("unchanged", existing, f"{existing.label} is already in the cache (same pages).")
    book = await asyncio.to_thread(parse_rulebook, pages)
    if book.pages < MIN_GA_PAGES or not any(r.number == "Drawing Cards 6" for r in book.rules):
        raise RulesUpdateError(f"{source}: only {book.pages} rule pages parsed (at least {MIN_GA_PAGES} and the "
                               "Drawing Cards page expected). The cache was not changed.")
    name = book.effective_date or "rules.gatcg.com"
    edition = await store.save_edition(
        game="grand-archive", name=name, effective_date=book.effective_date, source=source, sha256=sha,
        kind="ga", rules=book.rules, titles=book.titles)
    rules = sum(1 for r in book.rules if r.kind == "rule")
    return UpdateResult("added", edition, f"Stored Grand Archive rules {name}: {book.pages} pages, {rules} rules.")


async def update_ga_from_folder(store: Store, folder: str | Path) -> UpdateResult:
    path = Path(folder)
    if not path.is_dir():
        raise RulesUpdateError(f"{path} is not a folder of Grand Archive Markdown pages")
    return await ingest_ga_pages(store, read_folder(path), str(path.resolve()))


async def update_ga_from_site(store: Store, base_url: str, *, timeout: float = 30.0) -> UpdateResult:
    """The rules site's pages, each fetched as Markdown (GitBook serves ``<page>.md``); only pages of the
    site's own host, and at most ``MAX_GA_PAGES`` of them."""
    base = base_url.rstrip("/")
    allowed = hosts_of(base)
    if not allowed:
        raise RulesUpdateError(f"{base_url[:100]!r} is not an http(s) address")
    async with fetch.session(timeout, USER_AGENT) as http:
        got = await _get(http, base + "/", {"Accept": "text/html"}, allowed, MAX_PAGE_BYTES)
        if got.status != 200:
            raise RulesUpdateError(f"{public_url(base)}: the rules site answered HTTP {got.status}. "
                                   "The cache was not changed.")
        index = got.body.decode("utf-8", errors="replace")
        paths: list[str] = []
        for href in _HREF_RX.findall(index):
            url = urljoin(base + "/", href)
            path = urlparse(url).path.strip("/")
            if host_allowed(url, allowed) and path and not path.endswith((".png", ".jpg", ".css", ".js")):
                paths.append(path.removesuffix(".md"))
        wanted = ["README", *dict.fromkeys(paths)]
        if len(wanted) > MAX_GA_PAGES:
            raise RulesUpdateError(f"{public_url(base)}: the index links {len(wanted)} pages, more than the "
                                   f"{MAX_GA_PAGES} a rulebook has; nothing was fetched and the cache was not "
                                   "changed")
        pages: dict[str, str] = {}
        for path in wanted:
            page = await _get(http, f"{base}/{path}.md", {"Accept": "text/markdown, text/plain"}, allowed,
                              MAX_PAGE_BYTES)
            if page.status != 200:
                continue
            text = page.body.decode("utf-8", errors="replace")
            if not text.lstrip().startswith(("<!", "<html")):
                pages[f"{path}.md"] = text
    return await ingest_ga_pages(store, pages, public_url(base) or base)
