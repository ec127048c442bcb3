"""A stand-in for the publisher's rules page and file, served on loopback with aiohttp."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from aiohttp import web

from tests.fakes.server import serve


@dataclass
class RulesSite:
    """Serves ``/en/rules`` (an HTML page with one .txt link) and the file; ``mode`` picks a failure."""

    body: bytes
    mode: str = "ok"  # ok | 500 | slow | truncated | html | page500 | nolink
    etag: str = '"v1"'
    requests: list[dict[str, str]] = field(default_factory=list)
    runner: web.AppRunner | None = None
    port: int = 0

    @property
    def page_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/en/rules"

    @property
    def file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/2026/downloads/MagicCompRules%2020260116.txt"

    async def _page(self, request: web.Request) -> web.Response:
        if self.mode == "page500":
            return web.Response(status=500, text="Internal Server Error")
        link = "" if self.mode == "nolink" else (
            '<a href="/2026/downloads/MagicCompRules%2020260116.txt">TXT</a>')
        html = f"<html><body><a href='/rules.pdf'>PDF</a> {link} <a href='/rules.docx'>DOCX</a></body></html>"
        return web.Response(text=html, content_type="text/html")

    async def _file(self, request: web.Request) -> web.StreamResponse:
        self.requests.append(dict(request.headers))
        if self.mode == "500":
            return web.Response(status=500, text="oops")
        if self.mode == "slow":
            await asyncio.sleep(3)
        if self.mode == "html":
            return web.Response(text="<!DOCTYPE html><html><body>Sorry, try later</body></html>",
                                content_type="text/plain")
        if request.headers.get("If-None-Match") == self.etag:
            return web.Response(status=304)
        body = self.body[: len(self.body) // 3] if self.mode == "truncated" else self.body
        return web.Response(body=body, headers={"ETag": self.etag, "Content-Type": "text/plain"})

    async def __aenter__(self) -> RulesSite:
        app = web.Application()
        app.router.add_get("/en/rules", self._page)
        app.router.add_get("/2026/downloads/{name}", self._file)
        self.runner, self.port = await serve(app)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
