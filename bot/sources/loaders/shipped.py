"""Rule editions the project ships as data files (historical Magic rules, Grand Archive drawing rules).

Why data files: the 2008 rule 423 and the 1999 Z.6 library rules exist only as old rulings summaries, not as
downloadable CR files, so the project carries them (transcribed from the source texts, each file saying where
its text comes from) and loads them into the store like any other edition; they work with no download.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

from bot.config import DATA_DIR
from bot.sources.loaders.cr_text import RuleEntry, parent_of


class ShippedRulesError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class ShippedEdition:
    game: str
    name: str
    effective_date: str | None
    source: str
    sha256: str
    rules: list[RuleEntry]
    titles: dict[str, str]


def _parent(number: str) -> str | None:
    parent = parent_of(number)
    if parent is not None or "." not in number:
        return parent
    # "Z.6.1" → "Z.6"; "Z.6.Ruling.1" → "Z.6"; "Drawing Cards 6" has its page as parent (set by the caller).
    head = number.split(".")
    return ".".join(head[:2]) if len(head) > 2 else None


def load_shipped_file(path: Path) -> ShippedEdition:
    raw = path.read_bytes()
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ShippedRulesError(f"{path.name}: not valid TOML ({exc})") from exc
    for key in ("game", "edition", "source", "rules"):
        if key not in doc:
            raise ShippedRulesError(f"{path.name}: missing the {key!r} field")
    rules: list[RuleEntry] = []
    titles: dict[str, str] = {}
    for i, item in enumerate(doc["rules"]):
        if not isinstance(item, dict) or "number" not in item or "text" not in item:
            raise ShippedRulesError(f"{path.name}: rule #{i + 1} needs a number and a text")
        number = str(item["number"]).strip()
        parent = item.get("parent") or _parent(number)
        section = item.get("section") or (number.split(".")[0] if number[:1].isdigit() else
                                          ".".join(number.split(".")[:2]))
        kind = item.get("kind") or ("section" if parent is None or number.isdigit() else "rule")
        if kind not in ("part", "section", "rule"):
            raise ShippedRulesError(f"{path.name}: rule {number!r} has an unknown kind {kind!r}")
        rules.append(RuleEntry(number, str(item["text"]).strip(), kind, parent, section, i,
                               list(item.get("examples", []))))
        if item.get("title"):
            titles[number] = str(item["title"])
    return ShippedEdition(
        game=str(doc["game"]),
        name=str(doc["edition"]),
        effective_date=str(doc.get("effective_date")) if doc.get("effective_date") else None,
        source=str(doc["source"]),
        sha256=hashlib.sha256(raw).hexdigest(),
        rules=rules,
        titles=titles,
    )


def shipped_editions(folder: Path | None = None) -> list[ShippedEdition]:
    folder = folder or DATA_DIR / "rules"
    return [load_shipped_file(p) for p in sorted(folder.glob("*.toml"))]
