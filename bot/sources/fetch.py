"""Bounded downloads: every fetcher's one way to GET a URL.

Why: an upstream can be hostile or broken. Without bounds an endless body filled 7.5 GB of memory, and a page
linking or redirecting elsewhere sent the bot to any host. Here every request has a size cap (counted while
streaming, so memory never exceeds it), the session's time bound, http(s) only, and redirects followed by hand
and only to allowed hosts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urljoin

from multidict import CIMultiDict

from bot.sources.urls import host_allowed, public_url

if TYPE_CHECKING:  # aiohttp is imported where something is downloaded (about 120 ms a start)
    import aiohttp

MAX_REDIRECTS = 5
CHUNK = 64 * 1024


class FetchError(RuntimeError):
    """A download that did not happen or was refused; the message names the public URL and why."""

    refused: bool = False  # the host refused the connection: nothing listens there, retrying soon won't help


class Refused(FetchError):
    refused = True


@dataclass(frozen=True)
class Fetched:
    url: str
    status: int
    body: bytes
    headers: Mapping[str, str]  # case-insensitive, as HTTP headers are


def session(timeout: float, user_agent: str, accept: str = "*/*") -> aiohttp.ClientSession:
    """A session with a total time bound and a short connect bound (an unreachable host fails fast)."""
    import aiohttp

    # A host that accepts the connection and then never answers is given up after 5 s of silence.
    bound = aiohttp.ClientTimeout(total=timeout, connect=min(timeout, 5.0), sock_connect=min(timeout, 5.0),
                                  sock_read=min(timeout, 5.0))
    return aiohttp.ClientSession(timeout=bound, headers={"User-Agent": user_agent, "Accept": accept})


async def get(http: aiohttp.ClientSession, url: str, *, allowed: frozenset[tuple[str, int]], max_bytes: int,
              headers: dict[str, str] | None = None) -> Fetched:
    """GET ``url`` (and redirects within ``allowed``), reading at most ``max_bytes`` of body."""
    import aiohttp

    shown = public_url(url) or "that address"
    for _hop in range(MAX_REDIRECTS + 1):
        if not host_allowed(url, allowed):
            raise FetchError(f"{public_url(url) or 'a non-http(s) address'} is not an allowed source "
                             f"(allowed: {', '.join(sorted({h for h, _p in allowed}))})")
        try:
            async with http.get(url, headers=headers or {}, allow_redirects=False) as resp:
                if resp.status in (301, 302, 303, 307, 308):
                    location = resp.headers.get("Location", "")
                    if not location:
                        raise FetchError(f"{shown}: a redirect without a Location")
                    url = urljoin(url, location)
                    continue
                body = await _read_bounded(resp, max_bytes, shown)
                return Fetched(url, resp.status, body, CIMultiDict(resp.headers))
        except FetchError:
            raise
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            what = "timed out" if isinstance(exc, TimeoutError) else type(exc).__name__
            refused = isinstance(exc, ConnectionRefusedError | aiohttp.ClientConnectorError) and isinstance(
                getattr(exc, "os_error", exc), ConnectionRefusedError)
            raise (Refused if refused else FetchError)(f"{shown}: could not be downloaded ({what})") from exc
    raise FetchError(f"{shown}: more than {MAX_REDIRECTS} redirects")


async def _read_bounded(resp: aiohttp.ClientResponse, max_bytes: int, shown: str) -> bytes:
    declared = resp.content_length
    if declared is not None and declared > max_bytes:
        raise FetchError(f"{shown}: the file is {declared:,} bytes, more than the {max_bytes:,} allowed")
    parts: list[bytes] = []
    total = 0
    async for chunk in resp.content.iter_chunked(CHUNK):
        total += len(chunk)
        if total > max_bytes:
            raise FetchError(f"{shown}: the download passed {max_bytes:,} bytes and was stopped")
        parts.append(chunk)
    return b"".join(parts)
