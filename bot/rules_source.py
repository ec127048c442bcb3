"""Refreshing the rules cache from the publisher (or a given URL or file).

Why so careful: the bot is trusted only while its rules are right, so a failed or garbage download (a 500,
a timeout, a truncated file, an HTML error page served with status 200) must never replace a good edition.
Everything is parsed and validated in memory first; the store then saves a whole edition in one
transaction, or nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlparse

import aiohttp

from bot.loaders.cr_text import CRParseError, parse_cr
from bot.loaders.ga_markdown import parse_rulebook, read_folder
from bot.loaders.shipped import shipped_editions
from bot.store import Edition, Store

MIN_RULES = 2000
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


async def update_from_file(store: Store, path: str | Path) -> UpdateResult:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise RulesUpdateError(f"cannot read {p}: {exc.strerror or exc}") from exc
    return await ingest_cr_bytes(store, raw, str(p.resolve()))


def find_txt_link(page_html: str, page_url: str) -> str:
    """The one ``.txt`` link of the rules page, made absolute."""
    links = [html.unescape(m) for m in _TXT_LINK_RX.findall(page_html)]
    rules_links = [link for link in links if "comprules" in link.lower().replace("%20", "").replace("_", "")]
    chosen = (rules_links or links)
    if not chosen:
        raise RulesUpdateError(f"{page_url}: no link to a .txt rules file was found on the page")
    return urljoin(page_url, chosen[0])


async def _get(session: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> aiohttp.ClientResponse:
    try:
        resp = await session.get(url, headers=headers, allow_redirects=True)
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        raise RulesUpdateError(f"{url}: could not be downloaded ({type(exc).__name__}: {exc or 'timed out'}). "
                               "The cache was not changed.") from exc
    return resp


async def update_from_url(
    store: Store, url: str, *, timeout: float = 30.0, session: aiohttp.ClientSession | None = None,
    conditional: bool = True,
) -> UpdateResult:
    """Download a CR file, with a conditional request against the last one downloaded."""
    owns = session is None
    session = session or aiohttp.ClientSession(
        timeout=aiohttp.ClientTimeout(total=timeout), headers={"User-Agent": USER_AGENT})
    try:
        headers = {"Accept": "text/plain, */*"}
        if conditional:
            etag, last_modified, _sha = await store.edition_validators()
            if etag:
                headers["If-None-Match"] = etag
            if last_modified:
                headers["If-Modified-Since"] = last_modified
        resp = await _get(session, url, headers)
        async with resp:
            if resp.status == 304:
                current = await store.edition()
                return UpdateResult("not-modified", current, f"The publisher's file is unchanged since the last "
                                    f"download; {current.label} stays current.")
            if resp.status != 200:
                raise RulesUpdateError(f"{url}: the server answered HTTP {resp.status}. The cache was not changed.")
            try:
                raw = await resp.read()
            except (aiohttp.ClientError, TimeoutError) as exc:
                raise RulesUpdateError(f"{url}: the download broke off ({type(exc).__name__}). "
                                       "The cache was not changed.") from exc
            etag_new = resp.headers.get("ETag")
            lm_new = resp.headers.get("Last-Modified")
        if raw.lstrip()[:15].lower().startswith((b"<!doctype", b"<html")):
            raise RulesUpdateError(f"{url}: the server sent an HTML page, not the rules text file. "
                                   "The cache was not changed.")
        return await ingest_cr_bytes(store, raw, url, etag=etag_new, last_modified=lm_new)
    finally:
        if owns:
            await session.close()


async def update_from_publisher(store: Store, page_url: str, *, timeout: float = 30.0) -> UpdateResult:
    """Find the ``.txt`` link on the rules page, then download it if it changed."""
    async with aiohttp.ClientSession(
        timeout=aiohttp.ClientTimeout(total=timeout), headers={"User-Agent": USER_AGENT}
    ) as session:
        resp = await _get(session, page_url, {"Accept": "text/html"})
        async with resp:
            if resp.status != 200:
                raise RulesUpdateError(f"{page_url}: the rules page answered HTTP {resp.status}. "
                                       "The cache was not changed.")
            try:
                page = await resp.text(errors="replace")
            except (aiohttp.ClientError, TimeoutError) as exc:
                raise RulesUpdateError(f"{page_url}: the rules page broke off ({type(exc).__name__}).") from exc
        link = find_txt_link(page, page_url)
        return await update_from_url(store, link, session=session)


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
    """The rules site's pages, each fetched as Markdown (GitBook serves ``<page>.md``)."""
    base = base_url.rstrip("/")
    host = urlparse(base).netloc
    async with aiohttp.ClientSession(
        timeout=aiohttp.ClientTimeout(total=timeout), headers={"User-Agent": USER_AGENT}
    ) as session:
        resp = await _get(session, base + "/", {"Accept": "text/html"})
        async with resp:
            if resp.status != 200:
                raise RulesUpdateError(f"{base}: the rules site answered HTTP {resp.status}. "
                                       "The cache was not changed.")
            index = await resp.text(errors="replace")
        paths: list[str] = []
        for href in _HREF_RX.findall(index):
            url = urlparse(urljoin(base + "/", href))
            if url.netloc == host and url.path.strip("/") and not url.path.endswith((".png", ".jpg", ".css", ".js")):
                paths.append(url.path.strip("/").removesuffix(".md"))
        pages: dict[str, str] = {}
        for path in ["README", *dict.fromkeys(paths)]:
            resp = await _get(session, f"{base}/{path}.md", {"Accept": "text/markdown, text/plain"})
            async with resp:
                if resp.status != 200:
                    continue
                text = await resp.text(errors="replace")
            if not text.lstrip().startswith(("<!", "<html")):
                pages[f"{path}.md"] = text
    return await ingest_ga_pages(store, pages, base)
