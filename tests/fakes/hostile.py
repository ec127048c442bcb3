"""A loopback server whose routes a test writes on the spot: endless bodies, redirects to other hosts,
bytes that are not UTF-8. Every request is recorded, so a test can show that a host was never asked."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

from tests.fakes.server import serve

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class HostileServer:
    routes: dict[str, Handler] = field(default_factory=dict)
    requests: list[str] = field(default_factory=list)
    runner: web.AppRunner | None = None
    port: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _any(self, request: web.Request) -> web.StreamResponse:
        self.requests.append(request.path_qs)
        handler = self.routes.get(request.path)
        if handler is None:
            return web.Response(status=404, text="no such page")
        return await handler(request)

    async def __aenter__(self) -> HostileServer:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._any)
        self.runner, self.port = await serve(app)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


def text(body: str | bytes, content_type: str = "text/plain", status: int = 200) -> Handler:
    async def handler(request: web.Request) -> web.Response:
        data = body.encode() if isinstance(body, str) else body
        return web.Response(body=data, status=status, content_type=content_type)
    return handler


def redirect(location: str) -> Handler:
    async def handler(request: web.Request) -> web.Response:
        return web.Response(status=302, headers={"Location": location})
    return handler


def endless(chunk: bytes = b"100.1. filler line\n" * 4096) -> Handler:
    """A body that never ends (no Content-Length): only the reader's own bound stops it."""
    async def handler(request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/plain"})
        await resp.prepare(request)
        try:
            while True:
                await resp.write(b"Magic: The Gathering Comprehensive Rules\n" if resp.body_length == 0 else chunk)
        except (ConnectionResetError, RuntimeError):
            pass
        return resp
    return handler
