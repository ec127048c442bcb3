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
    shards: int | None = None
    http_timeout: float = 30.0
    max_in_flight: int = 300
    engine_workers: int | None = None  # worker processes for the engine (None: one per core)
    engine_budget: float = 1.5  # seconds of engine time per question
    cache_ttl: timedelta = timedelta(days=7)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        shards_raw = env.get("DRAWJUDGE_SHARDS", "").strip()
        shards: int | None = None
        if shards_raw:
            if not shards_raw.isdigit() or int(shards_raw) < 1:
                raise ValueError(f"DRAWJUDGE_SHARDS must be a positive whole number, not {shards_raw!r}")
            shards = int(shards_raw)
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
            cache_ttl=ttl,
            db_path=Path(env.get("DRAWJUDGE_DB") or default_db_path()),
            rules_page=env.get("DRAWJUDGE_RULES_PAGE") or DEFAULT_RULES_PAGE,
            ga_rules_site=env.get("DRAWJUDGE_GA_RULES") or DEFAULT_GA_RULES_SITE,
            rules_hosts=tuple(h.strip() for h in env.get("DRAWJUDGE_RULES_HOSTS", "").split(",") if h.strip())
            or DEFAULT_RULES_HOSTS,
            scryfall_api=(env.get("DRAWJUDGE_SCRYFALL_API") or DEFAULT_SCRYFALL_API).rstrip("/"),
            token=env.get("DISCORD_TOKEN") or None,
            shards=shards,
            http_timeout=timeout,
        )
