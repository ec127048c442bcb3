"""Reading what can still be read from a damaged cache file, part by part (the store copies it back).

Why apart from the queries: it opens the damaged file on a connection of its own, in a thread, and must never
take half of anything: an edition is kept only if every one of its rows reads back.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from bot.sources.loaders.cr_text import GlossaryEntry, RuleEntry
from bot.store.cachefile import read_only_uri

Salvaged = tuple[list[tuple[dict[str, Any], list[RuleEntry], list[GlossaryEntry], dict[str, str]]],
                 list[tuple[Any, ...]], list[tuple[Any, ...]]]


def read_salvage(path: Path) -> Salvaged:
    """Read a damaged file, part by part (in a thread): an edition is taken only if all its rows read back.
    Tables are read without their indexes (NOT INDEXED): a damaged index loses nothing, the copy rebuilds it."""
    editions: list[tuple[dict[str, Any], list[RuleEntry], list[GlossaryEntry], dict[str, str]]] = []
    cards: list[tuple[Any, ...]] = []
    rulings: list[tuple[Any, ...]] = []
    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True)
    except sqlite3.Error:
        return editions, cards, rulings
    conn.row_factory = sqlite3.Row
    with contextlib.closing(conn):
        try:
            rows = [dict(r) for r in conn.execute("SELECT * FROM editions")]
        except sqlite3.Error:
            rows = []
        for ed in rows:
            try:
                rule_rows = conn.execute("SELECT * FROM rules NOT INDEXED WHERE edition_id = ? "
                                         "ORDER BY sort_order", (ed["id"],)).fetchall()
                glossary_rows = conn.execute("SELECT * FROM glossary NOT INDEXED WHERE edition_id = ? "
                                             "ORDER BY sort_order", (ed["id"],)).fetchall()
                rules = [RuleEntry(r["number"], r["text"], r["kind"], r["parent"], r["section"], r["sort_order"],
                                   json.loads(r["examples"])) for r in rule_rows]
                glossary = [GlossaryEntry(g["heading"], json.loads(g["terms"]), json.loads(g["senses"]),
                                          bool(g["obsolete"]), g["sort_order"]) for g in glossary_rows]
                titles = {r["number"]: r["title"] for r in rule_rows if r["title"]}
            except (sqlite3.Error, ValueError, TypeError):
                continue
            if rules:
                editions.append((ed, rules, glossary, titles))
        for table, target in (("cards", cards), ("rulings", rulings)):
            try:
                target.extend(tuple(r) for r in conn.execute(f"SELECT * FROM {table}"))
            except sqlite3.Error:
                target.clear()
    return editions, cards, rulings
