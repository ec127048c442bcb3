"""The CR text loader on the two authentic files, in every encoding and line ending the file has had."""

from __future__ import annotations

import pytest

from bot.sources.loaders.cr_text import CRParseError, decode_cr_bytes, parent_of, parse_cr

EXPECTED = {"2026": (3114, 725, 276), "2022": (2668, 625, 266)}


@pytest.mark.parametrize("which", ["2026", "2022"])
def test_authentic_files_load_completely(which: str, cr_2026_bytes: bytes, cr_2022_bytes: bytes) -> None:
    raw = cr_2026_bytes if which == "2026" else cr_2022_bytes
    parsed = parse_cr(raw)
    rules, glossary, examples = EXPECTED[which]
    assert parsed.rule_count == rules
    assert len(parsed.glossary) == glossary
    assert parsed.example_count == examples
    assert parsed.effective_date is not None and str(parsed.effective_date.year) == which


def _numbers(raw: bytes) -> list[str]:
    return [r.number for r in parse_cr(raw).rules if r.kind == "rule"]


def test_irregular_numbers_are_kept(cr_2026_bytes: bytes, cr_2022_bytes: bytes) -> None:
    new = set(_numbers(cr_2026_bytes))
    old = set(_numbers(cr_2022_bytes))
    assert {"606.5", "119.1d", "704.5a", "704.5b"} <= new
    assert {"702.124h", "702.124i", "606.5", "119.1d"} <= old


MINI = """Magic: The Gathering Comprehensive Rules

These rules are effective as of May 1, 2030.

Contents

7. Additional Rules
704. State-Based Actions
Glossary
Credits
7. Additional Rules

704. State-Based Actions

704.5. Text of the rule.

704.5z Last single-letter subrule.

704.5aa A two-letter subrule.
Example: An example of it.

704.5ab. Another, with a stray period.

Glossary

Draw
1. First sense.
2. Second sense.

Credits

Someone
"""


def test_two_letter_subrules_and_small_file() -> None:
    parsed = parse_cr(MINI.replace("\n", "\r").encode("cp1252"))
    numbers = [r.number for r in parsed.rules if r.kind == "rule"]
    assert numbers == ["704.5", "704.5z", "704.5aa", "704.5ab"]
    assert parsed.rules[-2].examples == ["Example: An example of it."]
    assert parsed.rules[-2].parent == "704.5"
    assert str(parsed.effective_date) == "2030-05-01"
    assert [g.heading for g in parsed.glossary] == ["Draw"]


def test_contents_copies_of_glossary_and_credits_are_skipped(cr_2026_bytes: bytes) -> None:
    parsed = parse_cr(cr_2026_bytes)
    assert parsed.glossary[0].heading == "Abandon"
    assert parsed.glossary[-1].heading == "Zone-Change Triggers"
    # The Contents' section list never becomes a rule: the first part header comes once.
    assert [r.number for r in parsed.rules if r.kind == "part"] == [str(i) for i in range(1, 10)]


def test_examples_attach_to_their_rule(cr_2026_bytes: bytes) -> None:
    rules = {r.number: r for r in parse_cr(cr_2026_bytes).rules}
    assert rules["509.1b"].examples and rules["509.1b"].examples[0].startswith("Example:")
    assert not rules["121.2b"].examples


def test_glossary_senses_obsolete_and_multi_term(cr_2026_bytes: bytes) -> None:
    glossary = {g.heading: g for g in parse_cr(cr_2026_bytes).glossary}
    draw = glossary["Draw"]
    assert len(draw.senses) == 2 and draw.senses[1].startswith("2. The result of a game")
    removed = glossary["Remove from the Game, Removed, Removed-from-the-Game Zone (Obsolete)"]
    assert removed.obsolete and "Removed" in removed.terms
    assert glossary["You, Your"].terms == ["You, Your", "You", "Your"]


def _ascii_fallbacks(text: str) -> str:
    return text.replace("∞", "infinity").replace("\u2212", "-")


@pytest.mark.parametrize(
    "encoding,newline",
    [
        ("utf-8", "\n"),
        ("utf-8-sig", "\r\n"),
        ("utf-16", "\r\n"),  # with BOM, native order (LE here)
        ("utf-16-le-bom", "\r"),
        ("utf-16-be-bom", "\n"),
        ("cp1252", "\r\n"),
        ("cp1252", "\r"),
    ],
)
def test_other_encodings_and_line_endings(encoding: str, newline: str, cr_2022_bytes: bytes) -> None:
    text = decode_cr_bytes(cr_2022_bytes)
    assert "\r" not in text
    if encoding == "cp1252":
        text = _ascii_fallbacks(text)
    body = text.replace("\n", newline)
    if encoding == "utf-16-le-bom":
        raw = b"\xff\xfe" + body.encode("utf-16-le")
    elif encoding == "utf-16-be-bom":
        raw = b"\xfe\xff" + body.encode("utf-16-be")
    else:
        raw = body.encode(encoding)
    parsed = parse_cr(raw)
    assert (parsed.rule_count, len(parsed.glossary), parsed.example_count) == EXPECTED["2022"]
    original = {r.number: r.text for r in parse_cr(cr_2022_bytes).rules}
    assert {r.number: r.text for r in parsed.rules}["121.2b"] == original["121.2b"]


def test_straight_quotes_edition_still_parses(cr_2022_bytes: bytes) -> None:
    text = decode_cr_bytes(cr_2022_bytes)
    for curly, straight in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"')):
        text = text.replace(curly, straight)
    assert parse_cr(text.encode("utf-8")).rule_count == EXPECTED["2022"][0]


@pytest.mark.parametrize(
    "raw,fragment",
    [
        (b"", "empty"),
        (b"<!DOCTYPE html><html><body>Error 503</body></html>", "not a Comprehensive Rules"),
        (b"Magic: The Gathering Comprehensive Rules\n\n100.1. Text", "no Glossary"),
    ],
)
def test_garbage_is_refused_with_a_reason(raw: bytes, fragment: str) -> None:
    with pytest.raises(CRParseError, match=fragment):
        parse_cr(raw)


@pytest.mark.parametrize(
    "number,parent", [("121.2b", "121.2"), ("121.2", "121"), ("121", "1"), ("704.5aa", "704.5"), ("1", None)]
)
def test_parent_of(number: str, parent: str | None) -> None:
    assert parent_of(number) == parent
