"""A loopback stand-in for Scryfall's API, answering from shared/data/cards/ in Scryfall's shapes."""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web
from rapidfuzz import fuzz, process, utils

from tests.fakes.server import serve


def card_id(name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "card:" + name))


def oracle_id(name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "oracle:" + name))


# Scryfall's card objects carry a mana cost and image links; the shared card data has only the Oracle text, so
# the stand-in gives the real costs of a few cards and an image link in Scryfall's shape for every card.
MANA_COSTS = {"Notion Thief": "{2}{U}{B}", "Spirit of the Labyrinth": "{1}{W}", "Laboratory Maniac": "{2}{U}",
              "Opportunity": "{2}{U}{U}"}


@dataclass
class FakeScryfall:
    cards_dir: Path
    mode: str = "ok"  # ok | 500 | slow | malformed | down-after-first
    fail_first: int = 0  # answer 429 to this many requests first
    extra_cards: dict[str, str] = field(default_factory=dict)  # name -> oracle text
    extra_types: dict[str, str] = field(default_factory=dict)  # name -> type line
    mana: dict[str, str] = field(default_factory=lambda: dict(MANA_COSTS))  # name -> mana cost
    raw_rulings: dict[str, bytes] = field(default_factory=dict)  # name -> a rulings answer sent as it is
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    runner: web.AppRunner | None = None
    port: int = 0

    def __post_init__(self) -> None:
        data = json.loads((self.cards_dir / "oracle-cards.json").read_text())["data"]
        self.cards = {c["name"]: c["oracle_text"] for c in data}
        self.rulings = json.loads((self.cards_dir / "rulings.json").read_text())

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def card(self, name: str) -> dict[str, Any]:
        cid = card_id(name)
        return {"object": "card", "id": cid, "oracle_id": oracle_id(name), "name": name,
                "oracle_text": {**self.cards, **self.extra_cards}[name],
                **({"type_line": self.extra_types[name]} if name in self.extra_types else {}),
                "mana_cost": self.mana.get(name, ""),
                "image_uris": {"small": f"https://cards.scryfall.io/small/front/{cid}.jpg?1",
                               "normal": f"https://cards.scryfall.io/normal/front/{cid}.jpg?1"},
                "rulings_uri": f"https://api.scryfall.com/cards/{cid}/rulings",
                "scryfall_uri": f"https://scryfall.com/card/test/1/{cid}"}

    async def _gate(self, request: web.Request) -> web.Response | None:
        self.requests.append((request.path, dict(request.headers)))
        self.times.append(asyncio.get_running_loop().time())
        if self.fail_first > 0:
            self.fail_first -= 1
            return web.json_response({"object": "error", "code": "rate_limited", "status": 429}, status=429,
                                     headers={"Retry-After": "0.05"})
        if self.mode == "500" or (self.mode == "down-after-first" and len(self.requests) > 2):
            return web.json_response({"object": "error", "status": 500}, status=500)
        if self.mode == "slow":
            await asyncio.sleep(3)
        if self.mode == "malformed":
            return web.Response(text="{not json", content_type="application/json")
        return None

    async def _named(self, request: web.Request) -> web.Response:
        gate = await self._gate(request)
        if gate is not None:
            return gate
        names = list({**self.cards, **self.extra_cards})
        exact = request.query.get("exact")
        if exact is not None:
            match = next((n for n in names if n.lower() == exact.lower()), None)
        else:
            best = process.extractOne(request.query.get("fuzzy", ""), names, scorer=fuzz.WRatio,
                                      processor=utils.default_process)
            match = best[0] if best and best[1] >= 80 else None
        if match is None:
            return web.json_response({"object": "error", "code": "not_found", "status": 404,
                                      "details": "No cards found matching that name"}, status=404)
        return web.json_response(self.card(match))

    async def _autocomplete(self, request: web.Request) -> web.Response:
        gate = await self._gate(request)
        if gate is not None:
            return gate
        q = request.query.get("q", "").lower()
        names = [n for n in {**self.cards, **self.extra_cards} if q in n.lower()]
        return web.json_response({"object": "catalog", "total_values": len(names), "data": names[:20]})

    async def _rulings(self, request: web.Request) -> web.Response:
        gate = await self._gate(request)
        if gate is not None:
            return gate
        cid = request.match_info["id"]
        name = next((n for n in {**self.cards, **self.extra_cards} if card_id(n) == cid), None)
        if name is None:
            return web.json_response({"object": "error", "status": 404}, status=404)
        if name in self.raw_rulings:
            return web.Response(body=self.raw_rulings[name], content_type="application/json")
        data = self.rulings.get(name, {"object": "list", "data": []})
        items = [dict(r, oracle_id=oracle_id(name)) for r in data.get("data", [])]
        return web.json_response({"object": "list", "has_more": False, "data": items})

    async def __aenter__(self) -> FakeScryfall:
        app = web.Application()
        app.router.add_get("/cards/named", self._named)
        app.router.add_get("/cards/autocomplete", self._autocomplete)
        app.router.add_get("/cards/{id}/rulings", self._rulings)
        self.runner, self.port = await serve(app)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
