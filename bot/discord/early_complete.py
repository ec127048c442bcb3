"""Autocompletes answered straight from their raw gateway payload when the bot is loaded.

Why: an autocomplete can't be deferred; it must be answered with its choices within Discord's 3 s. In a burst
each one went the whole way (a ``discord.Interaction`` built, the command tree's dispatch and namespace, the
response through discord.py's adapter): about 1 ms of the event loop each, and a quarter of a mixed burst of
10,000 were autocompletes, most of them late. Their answer needs only what the payload holds (the command's
name, the focused option's text and the other options' values), so under load (the same measure as the early
acknowledgements, bot/discord/early_ack.py) the registry's own autocomplete functions (bot/discord/app.py's
``AUTOCOMPLETES``, with their empty list on failure) are called with those values, and the choices go out on
the answer pipe; beyond the gate's bound (bot/discord/gate.py) the answer is an empty list without a look-up,
as the command tree's. Idle, an autocomplete goes through the command tree as before.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import aiohttp
from discord.http import Route

from bot.discord.answer_pipe import AnswerPipe

log = logging.getLogger("drawjudge")

AUTOCOMPLETE = 4  # the raw payload's interaction type of an autocomplete
CHOICES = 8  # the callback type that answers one
SENDERS = 20  # autocompletes being answered at once (each a look-up and one exchange)
MAX_WAITING = 5_000  # autocompletes queued at most; beyond, they take the command tree's way
JSON = {"Content-Type": "application/json"}

# (the interaction's stand-in, the focused option's text) -> choices (anything with ``name`` and ``value``)
Completer = Callable[[Any, str], Awaitable[list[Any]]]


@dataclass(frozen=True)
class Asked:
    """What an autocomplete payload asks: which completer, with what text, beside which other options."""

    interaction_id: int
    token: str
    complete: Completer
    current: str
    namespace: SimpleNamespace
    command: str


def read_payload(data: Any, completers: Mapping[tuple[str, str], Completer]) -> Asked | None:
    """The autocomplete a raw payload asks for, or None when it is anything else (or of an unknown shape:
    then the command tree reads it, and answers an unknown command with an empty list)."""
    if not isinstance(data, dict) or data.get("type") != AUTOCOMPLETE:
        return None
    inner, raw_id, token = data.get("data"), data.get("id"), data.get("token")
    if not (isinstance(inner, dict) and isinstance(raw_id, str | int) and str(raw_id).isdigit()
            and isinstance(token, str)):
        return None
    options = inner.get("options")
    if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
        return None
    focused = [o for o in options if o.get("focused")]
    if len(focused) != 1 or not isinstance(focused[0].get("value"), str):
        return None
    complete = completers.get((str(inner.get("name")), str(focused[0].get("name"))))
    if complete is None:
        return None
    values = {str(o.get("name")): o.get("value") for o in options if not o.get("focused")}
    return Asked(int(raw_id), token, complete, focused[0]["value"], SimpleNamespace(**values),
                 str(inner.get("name")))


class EarlyComplete:
    """Autocompletes taken from raw payloads under load, answered by ``SENDERS`` tasks in arrival order."""

    def __init__(self, pipe: AnswerPipe, completers: Mapping[tuple[str, str], Completer],
                 loaded: Callable[[], bool], admits: Callable[[], bool] = lambda: True) -> None:
        self._pipe = pipe
        self._completers = completers
        self._loaded = loaded
        self._admits = admits  # the gate's: beyond its bound an autocomplete gets an empty list, no look-up
        self._queue: deque[Asked] = deque()
        self._senders: set[asyncio.Task[None]] = set()
        self.count = 0  # autocompletes answered this way (the tests and the benchmark read it)

    def on_payload(self, data: Any) -> bool:
        """True when this payload was taken (it must not be built: its answer is on its way)."""
        if (self._pipe.closed or len(self._queue) >= MAX_WAITING
                or not (isinstance(data, dict) and data.get("type") == AUTOCOMPLETE) or not self._loaded()):
            return False
        asked = read_payload(data, self._completers)
        if asked is None:
            return False
        self._queue.append(asked)
        self.count += 1
        if len(self._senders) < SENDERS:
            sender = asyncio.get_running_loop().create_task(self._send(), name="early-complete")
            self._senders.add(sender)
            sender.add_done_callback(self._senders.discard)
        return True

    async def _send(self) -> None:
        while self._queue:
            await self._answer(self._queue.popleft())

    async def _answer(self, asked: Asked) -> None:
        stand_in = SimpleNamespace(namespace=asked.namespace, command=SimpleNamespace(name=asked.command))
        try:
            # the registry's own (empty on failure); beyond the gate's bound an empty list, as the tree gives
            choices = await asked.complete(stand_in, asked.current) if self._admits() else []
        except Exception as exc:  # noqa: BLE001 - a suggestion list can't carry an error
            log.warning("autocomplete of /%s failed: %s", asked.command, exc)
            choices = []
        body = json.dumps({"type": CHOICES, "data": {"choices": [
            {"name": c.name, "value": c.value} for c in choices[:25]]}}).encode()
        url = f"{Route.BASE}/interactions/{asked.interaction_id}/{quote(asked.token, safe='')}/callback"
        try:
            response = await self._pipe.exchange("POST", url, body, JSON)
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            log.info("an autocomplete's choices could not be sent: %s", exc)
            return
        if not 200 <= response.status < 300:
            log.info("an autocomplete's choices were refused (%d)", response.status)

    async def close(self) -> None:
        for sender in list(self._senders):
            sender.cancel()
        self._queue.clear()
