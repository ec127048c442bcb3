"""Autocompletes answered straight from their raw gateway payload, ahead of everything else the bot does.

Why: an autocomplete can't be deferred; it must be answered with its choices within Discord's 3 s. In a burst
each one went the whole way (a ``discord.Interaction`` built, the command tree's dispatch and namespace, the
response through discord.py's adapter): about 1 ms of the event loop each, and a quarter of a mixed burst of
10,000 were autocompletes. Their answer needs only what the payload holds (the command's name, the focused
option's text and the other options' values), so the registry's own autocomplete functions (bot/discord/app.py's
``AUTOCOMPLETES``, with their empty list on failure) are called with those values the moment the payload comes
off the gateway, and the choices go out on the answer pipe; an answer asked again within a moment is sent as
it was encoded (bot/discord/recent_choices.py). Beyond the gate's bound (bot/discord/gate.py) the answer is an
empty list without a look-up, as the command tree's. Only when answers don't take the pipe (switched off, a
proxy) does an autocomplete go through the command tree.

Why always, not only under load: they used to be taken this way only once the bot counted itself loaded, so the
first of a burst went the slow way and the look-up of each was repeated; 815 of 819 late answers in a burst of
10,000 on two processes were autocompletes.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import aiohttp
from discord.http import Route

from bot.discord.answer_pipe import AnswerPipe
from bot.discord.first_answers import FirstAnswers
from bot.discord.recent_choices import Key, RecentChoices, key_of

log = logging.getLogger("drawjudge")

AUTOCOMPLETE = 4  # the raw payload's interaction type of an autocomplete
CHOICES = 8  # the callback type that answers one
SENDERS = 20  # autocompletes being looked up at once (and answered at once, without a shared line)
MAX_WAITING = 5_000  # autocompletes queued at most; beyond, they take the command tree's way
JSON = {"Content-Type": "application/json"}
EMPTY = json.dumps({"type": CHOICES, "data": {"choices": []}}).encode()

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
    key: Key | None  # what its answer depends on (bot/discord/recent_choices.py), None when not kept


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
    command, current = str(inner.get("name")), focused[0]["value"]
    return Asked(int(raw_id), token, complete, current, SimpleNamespace(**values), command,
                 key_of(command, str(focused[0].get("name")), current, values))


class EarlyComplete:
    """Autocompletes taken from raw payloads: an answer kept from a moment ago in the line of first answers,
    the others once looked up by ``SENDERS`` tasks of their own."""

    def __init__(self, pipe: AnswerPipe, completers: Mapping[tuple[str, str], Completer],
                 usable: Callable[[], bool], admits: Callable[[], bool] = lambda: True,
                 generation: Callable[[], int] = lambda: 0, line: FirstAnswers | None = None) -> None:
        self._pipe = pipe
        self._completers = completers
        self._usable = usable  # whether answers take the pipe (else the command tree answers)
        self._admits = admits  # the gate's: beyond its bound an autocomplete gets an empty list, no look-up
        self._generation = generation  # of the editions: a kept answer never outlives a change of them
        self.recent = RecentChoices(generation)
        # Answers known already go out in arrival order with the early deferrals (bot/discord/first_answers.py);
        # the others are looked up by ``SENDERS`` tasks of their own, so that a slow look-up (a card's name at
        # Scryfall: up to 1.5 s) never holds up the line that deferrals take.
        self._line = line if line is not None else FirstAnswers(SENDERS)
        self._looking_up = FirstAnswers(SENDERS)
        self._waiting = 0  # taken, not yet being answered
        self.count = 0  # autocompletes answered this way (the tests and the benchmark read it)

    def on_payload(self, data: Any) -> bool:
        """True when this payload was taken (it must not be built: its answer is on its way)."""
        if (self._pipe.closed or self._waiting >= MAX_WAITING
                or not (isinstance(data, dict) and data.get("type") == AUTOCOMPLETE) or not self._usable()):
            return False
        asked = read_payload(data, self._completers)
        if asked is None:
            return False
        self._waiting += 1
        self.count += 1
        known = self.recent.get(asked.key)
        if known is not None:
            self._line.add(functools.partial(self._answer, asked, known))
        else:
            self._looking_up.add(functools.partial(self._answer, asked, None))
        return True

    def backed_up(self) -> bool:
        """Whether autocompletes wait for a look-up (every one of the ``SENDERS`` is busy)."""
        return self._looking_up.backed_up()

    async def _answer(self, asked: Asked, body: bytes | None) -> None:
        self._waiting -= 1
        if body is None:
            body = await self._look_up(asked)
        url = f"{Route.BASE}/interactions/{asked.interaction_id}/{quote(asked.token, safe='')}/callback"
        try:
            response = await self._pipe.exchange("POST", url, body, JSON)
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            log.info("an autocomplete's choices could not be sent: %s", exc)
            return
        if not 200 <= response.status < 300:
            log.info("an autocomplete's choices were refused (%d)", response.status)

    async def _look_up(self, asked: Asked) -> bytes:
        """The answer's body from the registry's completer (empty on failure); beyond the gate's bound an empty
        list, as the tree gives. A non-empty answer is kept for the same question asked again."""
        if not self._admits():
            return EMPTY
        generation = self._generation()
        stand_in = SimpleNamespace(namespace=asked.namespace, command=SimpleNamespace(name=asked.command))
        try:
            choices = await asked.complete(stand_in, asked.current)
        except Exception as exc:  # noqa: BLE001 - a suggestion list can't carry an error
            log.warning("autocomplete of /%s failed: %s", asked.command, exc)
            return EMPTY
        if not choices:
            return EMPTY
        body = json.dumps({"type": CHOICES, "data": {"choices": [
            {"name": c.name, "value": c.value} for c in choices[:25]]}}).encode()
        self.recent.put(asked.key, body, generation)
        return body

    async def close(self) -> None:
        self._line.close()
        self._looking_up.close()
        self._waiting = 0
