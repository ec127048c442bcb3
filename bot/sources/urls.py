"""URL checks shared by the fetchers and the replies: which addresses a download may reach, and how a URL
may be shown. Pure functions, no network.

Why: a rules page or a card record is text from outside. A link in it must not send the bot to another host
(a cloud metadata address, a service on the bot's own machine), and a URL shown to users must not carry
credentials or a ``javascript:`` scheme.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

SCHEMES = ("http", "https")


def origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) URL, or None for anything else (no host, another scheme)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme.lower() not in SCHEMES or not parts.hostname:
        return None
    scheme = parts.scheme.lower()
    return scheme, parts.hostname.lower(), port or (443 if scheme == "https" else 80)


def host_allowed(url: str, allowed: set[tuple[str, int]] | frozenset[tuple[str, int]]) -> bool:
    """Whether an http(s) URL points at one of the allowed (host, port) pairs."""
    o = origin(url)
    return o is not None and (o[1], o[2]) in allowed


def host_port(url: str) -> tuple[str, int] | None:
    o = origin(url)
    return (o[1], o[2]) if o else None


def hosts_of(*specs: str) -> frozenset[tuple[str, int]]:
    """Allowed hosts from URLs or bare host names (``media.wizards.com``: ports 80 and 443)."""
    out: set[tuple[str, int]] = set()
    for spec in specs:
        spec = spec.strip()
        if not spec:
            continue
        if "://" in spec:
            hp = host_port(spec)
            if hp:
                out.add(hp)
        else:
            out.update({(spec.lower(), 80), (spec.lower(), 443)})
    return frozenset(out)


def public_url(url: str | None) -> str | None:
    """A URL fit to show or to link: http(s) only, without credentials, query or fragment; else None."""
    if not url or origin(url) is None:
        return None
    parts = urlsplit(url.strip())
    host = parts.hostname or ""
    if ":" in host:  # IPv6
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme.lower(), netloc, parts.path, "", ""))
