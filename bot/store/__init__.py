"""The store: SQLite cache of rules texts, glossary, cards and rulings (the only code that speaks SQL)."""

from bot.store.db import Store
from bot.store.errors import (
    NoCurrentRules,
    StoreDamaged,
    StoreError,
    StoreInputError,
    StoreLocked,
    StoreReadOnly,
    StoreSchemaError,
    StoreUnavailable,
)
from bot.store.models import (
    Definition,
    Edition,
    GlossaryTerm,
    Rule,
    RuleDiff,
    RuleLookup,
    SearchHit,
    SearchResult,
)

__all__ = [
    "NoCurrentRules",
    "Definition",
    "Edition",
    "GlossaryTerm",
    "Rule",
    "RuleDiff",
    "RuleLookup",
    "SearchHit",
    "SearchResult",
    "Store",
    "StoreDamaged",
    "StoreError",
    "StoreInputError",
    "StoreLocked",
    "StoreReadOnly",
    "StoreSchemaError",
    "StoreUnavailable",
]
