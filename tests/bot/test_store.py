"""The rules store: every rule, example and glossary entry of both files is retrievable; look-ups, search,
definitions and diffs behave for any user text."""

from __future__ import annotations

import re

import pytest

from bot.rules.index import Indexes
from bot.sources.loaders.cr_text import decode_cr_bytes
from bot.store import Store, StoreError

RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]*)\.?\s+(.*)$")


def _walk(raw: bytes) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """An independent reading of the file: numbered lines, example lines, glossary headings."""
    lines = decode_cr_bytes(raw).split("\n")
    glossary_start = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    credits_start = max(i for i, line in enumerate(lines) if line.strip() == "Credits")
    numbered, examples = [], []
    for line in lines[:glossary_start]:
        m = RULE_LINE.match(line.strip())
        if m:
            numbered.append((m.group(1), m.group(2).strip()))
        elif line.startswith("Example:"):
            examples.append(line.strip())
    headings = []
    block_start = True
    for line in lines[glossary_start + 1 : credits_start]:
        if not line.strip():
            block_start = True
        elif block_start:
            headings.append(line.strip())
            block_start = False
    return numbered, examples, headings


@pytest.mark.parametrize("edition_name,fixture", [("2026-01-16", "cr_2026_bytes"), ("2022-06-10", "cr_2022_bytes")])
async def test_every_rule_example_and_glossary_entry_is_retrievable(
    store: Store, edition_name: str, fixture: str, request: pytest.FixtureRequest
) -> None:
    raw: bytes = request.getfixturevalue(fixture)
    numbered, examples, headings = _walk(raw)
    edition = await store.edition(edition_name)
    found_examples: list[str] = []
    for number, text in numbered:
        result = await store.rule(number + ".", edition)
        assert result.found, number
        assert result.rules[0].text.startswith(text), number
        found_examples.extend(result.rules[0].examples)
    assert sorted(found_examples) == sorted(examples)
    for heading in headings:
        definition = await store.define(heading.removesuffix("(Obsolete)").strip(), edition)
        assert definition.entry is not None and definition.exact, heading
    assert len(numbered) == {"2026-01-16": 3114, "2022-06-10": 2668}[edition_name]


async def test_rule_with_subrules_and_alone(store: Store) -> None:
    current = await store.edition()
    assert current.name == "2026-01-16"
    with_children = await store.rule("121.2", current)
    assert [r.number for r in with_children.rules] == ["121.2", "121.2a", "121.2b", "121.2c", "121.2d"]
    alone = await store.rule("121.2.", current)
    assert [r.number for r in alone.rules] == ["121.2"]
    section = await store.rule("121", current)
    assert section.rules[0].text == "Drawing a Card" and section.rules[-1].number == "121.9"
    upper = await store.rule(" 121.2B ", current)
    assert [r.number for r in upper.rules] == ["121.2b"]


async def test_unknown_number_suggests_nearest(store: Store) -> None:
    current = await store.edition()
    missing = await store.rule("121.2z", current)
    assert not missing.found
    assert missing.suggestions[0] == "121.2"
    far = await store.rule("999.9", current)
    assert not far.found and far.suggestions


async def test_editions_side_by_side(store: Store) -> None:
    names = {e.name for e in await store.editions("mtg")}
    assert {"2026-01-16", "2022-06-10", "2008", "1999"} <= names
    old = await store.rule("121.8.", await store.edition("2022-06-10"))
    new = await store.rule("121.8.", await store.edition("current"))
    assert "rule 727" in old.rules[0].text and "rule 732" in new.rules[0].text
    r2008 = await store.rule("423.2b", await store.edition("2008"))
    assert "primary player" in r2008.rules[0].text
    z = await store.rule("Z.6.8", await store.edition("1999"))
    assert "state-based effects" in z.rules[0].text
    with pytest.raises(StoreError, match="unknown edition"):
        await store.edition("1987")


async def test_rule_diff(store: Store) -> None:
    diff = await store.rule_diff("121.8", await store.edition("2022-06-10"), await store.edition())
    assert diff.status == "changed"
    assert any("727" in c and "732" in c for c in diff.changes)
    same = await store.rule_diff("121.2b", await store.edition("2022-06-10"), await store.edition())
    assert same.status == "same"
    added = await store.rule_diff("121.10", await store.edition("2022-06-10"), await store.edition())
    assert added.status in ("missing", "added")


async def test_search_ranks_relevant_rules(store: Store) -> None:
    index = await Indexes(store).get(await store.edition())
    keys = [h.key for h in index.search("draw from empty library").hits]
    assert keys[:2] in (["121.4", "704.5b"], ["704.5b", "121.4"])  # "empty library": "a library with no cards"
    assert index.search("can't draw more than one card each turn").hits[0].key == "121.2b"
    assert index.search("mulligan").hits[0].key == "Mulligan"  # the term itself before its variants


async def test_search_ranking_on_twenty_player_queries(store: Store) -> None:
    """The rank of the rule a judge would point to, for twenty searches players type (bench/search_queries.py).
    Measured: FTS5 put 3 of them first, missed 2 from its first 15, median rank 2; this index: see README."""
    from bench.search_queries import QUERIES_WITH_BEST

    index = await Indexes(store).get(await store.edition())
    ranks = []
    for query, best in QUERIES_WITH_BEST:
        keys = [h.key for h in index.search(query, limit=15).hits]
        ranks.append(keys.index(best) + 1 if best in keys else 16)
    assert sum(r == 1 for r in ranks) >= 9, ranks
    assert sum(r <= 5 for r in ranks) >= 17, ranks
    assert max(ranks) <= 15, ranks


async def test_the_index_answers_like_the_store(store: Store) -> None:
    """Look-ups from memory give the store's answers (rule with subrules, alone, section, unknown; terms)."""
    for edition in (await store.edition(), await store.edition("2008"), await store.edition(None, "grand-archive")):
        index = await Indexes(store).get(edition)
        for number in ["121.2", "121.2.", "121", "704.5b", "121.2z", "999.9", "423.1", "Drawing Cards 3",
                       "drawing cards", "z.6"]:
            assert index.rule(number) == await store.rule(number, edition), number
    current = await store.edition()
    index = await Indexes(store).get(current)
    for term in ["Draw", "state-based actions", "mana valeu", "planeswalker", "nothing like this", "Mulligan"]:
        assert index.define(term) == await store.define(term, current), term


@pytest.mark.parametrize(
    "query",
    ['"', '""', "*", "NEAR(a b)", "-draw", "draw*", "((", "a) OR (b", "AND", "col:draw", "^draw", "'; DROP TABLE",
     "\x00", "🂡🂡", "   ", "draw NOT library", "+", "{}[]"],
)
async def test_search_is_safe_for_any_text(store: Store, query: str) -> None:
    current = await store.edition()
    result = (await Indexes(store).get(current)).search(query)  # never raises
    assert isinstance(result.hits, tuple)


async def test_define_by_term_alias_and_near_miss(store: Store) -> None:
    current = await store.edition()
    draw = await store.define("draw", current)
    assert draw.entry is not None and len(draw.entry.senses) == 2
    alias = await store.define("Your", current)
    assert alias.entry is not None and alias.entry.heading == "You, Your"
    near = await store.define("Mana Valeu", current)
    assert near.entry is not None and near.entry.heading == "Mana Value" and not near.exact
    nothing = await store.define("qwertyuiop zxcv", current)
    assert nothing.entry is None


async def test_autocomplete_numbers(store: Store) -> None:
    current = await store.edition()
    numbers = await store.rule_numbers(current, "121.2", limit=25)
    assert numbers[:5] == ["121.2", "121.2a", "121.2b", "121.2c", "121.2d"]
    assert await store.rule_numbers(current, "%_", limit=5) == []


async def test_damaged_file_is_reported(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="damaged"):
        async with Store(bad):
            pass


async def test_rule_autocomplete_by_bisection_is_the_file_order_scan(store: Store) -> None:
    """The rules a prefix completes to (found by bisection) are exactly the first ones in file order whose
    number starts with it, for every prefix of every rule number and for prefixes that match nothing."""
    from bot.store.db import rule_key

    index = await Indexes(store).get(await store.edition())
    keys = [rule_key(r.number) for r in index.rules]

    def scan(prefix: str, limit: int) -> list[str]:
        return [r.number for r, k in zip(index.rules, keys, strict=True) if k.startswith(prefix)][:limit]

    prefixes = {k[:n] for k in keys[::7] for n in range(1, len(k) + 1)} | {"", "9", "zz", "1000", "121.2bz", "7"}
    assert len(prefixes) > 500
    for prefix in sorted(prefixes):
        for limit in (1, 25):
            assert [r.number for r in index.rules_starting(prefix, limit)] == scan(prefix, limit), prefix
