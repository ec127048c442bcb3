"""A per-user rate limit in constant time: at most ``rate`` actions per ``per`` seconds for each user.

Why not discord.py's ``app_commands.checks.cooldown``: its mapping sweeps every user it knows on every command,
so a burst of 3,000 different users cost a quadratic 0.7 s of the event loop. Here each user's recent times sit
in a short queue, and users are forgotten oldest first beyond a bound (memory stays flat whatever the crowd).
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Hashable


class RateLimit:
    REMEMBERED = 20_000  # users remembered at most (the least recently active forgotten first)

    def __init__(self, rate: int, per: float) -> None:
        self.rate = rate
        self.per = per
        self._times: OrderedDict[Hashable, deque[float]] = OrderedDict()

    def retry_after(self, who: Hashable, now: float | None = None) -> float:
        """0 when the action is allowed (and counted), else the seconds until it would be."""
        now = time.monotonic() if now is None else now
        times = self._times.pop(who, None) or deque()
        while times and now - times[0] >= self.per:
            times.popleft()
        self._times[who] = times
        while len(self._times) > self.REMEMBERED:
            self._times.popitem(last=False)
        if len(times) >= self.rate:
            return self.per - (now - times[0])
        times.append(now)
        return 0.0
