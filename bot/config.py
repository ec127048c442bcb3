"""Configuration from environment variables, read once at start-up.

Why a frozen dataclass: every front end and test gets one explicit value to pass around instead of reading
``os.environ`` from deep inside the code, and the token never ends up in a log line (its repr is masked).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

DEFAULT_RULES_PAGE = "https://magic.wizards.com/en/rules"
DEFAULT_SCRYFALL_API = "https://api.scryfall.com"
DEFAULT_GA_RULES_SITE = "https://rules.gatcg.com"
DEFAULT_RULES_HOSTS = ("media.wizards.com",)
PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = PROJECT_ROOT / "data"


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "drawjudge" / "drawjudge.sqlite3"


@dataclass(frozen=True)
class Config:
    db_path: Path
    rules_page: str = DEFAULT_RULES_PAGE
    scryfall_api: str = DEFAULT_SCRYFALL_API
    ga_rules_site: str = DEFAULT_GA_RULES_SITE
    # Hosts besides the rules page's own that may serve the CR file (the publisher keeps it on its media host).
    rules_hosts: tuple[str, ...] = DEFAULT_RULES_HOSTS
    token: str | None = field(default=None, repr=False)
    shards: int | None = None  # the total number of shards (DRAWJUDGE_SHARD_COUNT, or DRAWJUDGE_SHARDS)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (DRAWJUDGE_SHARD_IDS); None: all
    http_timeout: float = 30.0
    max_in_flight: int = 300
    rest_connections: int = 50  # sockets to Discord's REST API at once (DRAWJUDGE_REST_CONNECTIONS)
    engine_workers: int | None = None  # worker processes for the engine (None: one per core)
    engine_budget: float = 1.5  # seconds of engine time per question
    cache_ttl: timedelta = timedelta(days=7)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        shards, shard_ids = _shards(env)
        timeout_raw = env.get("DRAWJUDGE_HTTP_TIMEOUT", "30")
        try:
            timeout = float(timeout_raw)
        except ValueError as exc:
            raise ValueError(f"DRAWJUDGE_HTTP_TIMEOUT must be a number of seconds, not {timeout_raw!r}") from exc
        ttl_raw = env.get("DRAWJUDGE_CACHE_TTL_HOURS", "168")
        try:
            ttl = timedelta(hours=float(ttl_raw))
        except ValueError as exc:
            raise ValueError(f"DRAWJUDGE_CACHE_TTL_HOURS must be a number of hours, not {ttl_raw!r}") from exc
        flight_raw = env.get("DRAWJUDGE_MAX_IN_FLIGHT", "300").strip()
        if not flight_raw.isdigit() or int(flight_raw) < 1:
            raise ValueError(f"DRAWJUDGE_MAX_IN_FLIGHT must be a positive whole number, not {flight_raw!r}")
        rest_raw = env.get("DRAWJUDGE_REST_CONNECTIONS", "50").strip()
        if not rest_raw.isdigit() or not 1 <= int(rest_raw) <= 1000:
            raise ValueError(f"DRAWJUDGE_REST_CONNECTIONS must be a whole number from 1 to 1000, not {rest_raw!r}")
        workers_raw = env.get("DRAWJUDGE_ENGINE_WORKERS", "").strip()
        if workers_raw and (not workers_raw.isdigit() or int(workers_raw) < 1):
            raise ValueError(f"DRAWJUDGE_ENGINE_WORKERS must be a positive whole number, not {workers_raw!r}")
        budget_raw = env.get("DRAWJUDGE_ENGINE_BUDGET", "1.5").strip()
        try:
            budget = float(budget_raw)
        except ValueError:
            budget = -1.0
        if not 0 < budget <= 60:
            raise ValueError(f"DRAWJUDGE_ENGINE_BUDGET must be a number of seconds from 0 to 60, not {budget_raw!r}")
        return cls(
            engine_workers=int(workers_raw) if workers_raw else None,
            engine_budget=budget,
            max_in_flight=int(flight_raw),
            rest_connections=int(rest_raw),
            cache_ttl=ttl,
            db_path=Path(env.get("DRAWJUDGE_DB") or default_db_path()),
            rules_page=env.get("DRAWJUDGE_RULES_PAGE") or DEFAULT_RULES_PAGE,
            ga_rules_site=env.get("DRAWJUDGE_GA_RULES") or DEFAULT_GA_RULES_SITE,
            rules_hosts=tuple(h.strip() for h in env.get("DRAWJUDGE_RULES_HOSTS", "").split(",") if h.strip())
            or DEFAULT_RULES_HOSTS,
            scryfall_api=(env.get("DRAWJUDGE_SCRYFALL_API") or DEFAULT_SCRYFALL_API).rstrip("/"),
            token=env.get("DISCORD_TOKEN") or None,
            shards=shards,
            shard_ids=shard_ids,
            http_timeout=timeout,
        )


def _positive(name: str, raw: str) -> int:
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"{name} must be a positive whole number, not {raw!r}")
    return int(raw)


def _shards(env: dict[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """The shard count and this process's shards: ``DRAWJUDGE_SHARD_IDS`` ("0,1" or "0-3") of
    ``DRAWJUDGE_SHARD_COUNT`` (discord.py's own sharding: a big deployment runs a subset per process, on as many
    machines as it likes). ``DRAWJUDGE_SHARDS`` is the count alone, every shard in this process."""
    count_raw = (env.get("DRAWJUDGE_SHARD_COUNT") or env.get("DRAWJUDGE_SHARDS") or "").strip()
    count = _positive("DRAWJUDGE_SHARD_COUNT", count_raw) if count_raw else None
    ids_raw = env.get("DRAWJUDGE_SHARD_IDS", "").strip()
    if not ids_raw:
        return count, None
    if count is None:
        raise ValueError("DRAWJUDGE_SHARD_IDS needs DRAWJUDGE_SHARD_COUNT (the total number of shards)")
    ids: list[int] = []
    for part in ids_raw.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"DRAWJUDGE_SHARD_IDS must be shard numbers such as 0,1 or 0-3, not {ids_raw!r}")
        ids.extend(range(int(low), int(high if dash else low) + 1))
    if not ids or any(i >= count for i in ids):
        raise ValueError(f"DRAWJUDGE_SHARD_IDS {ids_raw!r} must be shards 0 to {count - 1} of DRAWJUDGE_SHARD_COUNT "
                         f"{count}")
    return count, tuple(dict.fromkeys(ids))
