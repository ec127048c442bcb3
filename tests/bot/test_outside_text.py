"""Text from outside (a rules file, Scryfall) is made inert before it reaches Discord (issue: reliability):
no masked link, mention, spoiler or code fence survives, and only http(s) URLs become an embed's link."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.cards.rulings import RulingsService
from bot.discord.views import embed_for
from bot.render.marks import outside
from bot.render.text import YAWGATOG
from bot.rules.update import update_from_file
from bot.service import Judge
from bot.sources.scryfall import ScryfallClient
from bot.store import Store
from tests.fakes.hostile import HostileServer, text

HOSTILE = ("[free cards](https://evil.example/x) <@123456789> <@&42> <#99> @everyone @here ||spoiler|| "
           "```code fence``` **bold** javascript:alert(1)")


def assert_inert(shown: str) -> None:
    # The only masked links left are the bot's own rule links.
    for target in re.findall(r"(?<!\\)\[[^\]]*(?<!\\)\]\(([^)]*)\)", shown):
        assert target.startswith(YAWGATOG), f"a masked link to {target} survived"
    assert not re.search(r"<[@#:&]", shown), "mention markup survived"
    assert "@everyone" not in shown and "@here" not in shown
    assert not re.search(r"(?<!\\)\|(?<!\\)\|", shown), "a spoiler survived"
    assert not re.search(r"(?<!\\)`", shown), "a code mark survived"


def test_outside_keeps_lines_and_words() -> None:
    shown = outside("# heading\n> quote\n" + HOSTILE)
    assert_inert(shown)
    assert shown.count("\n") == 2 and shown.startswith("\\# heading") and "free cards" in shown


async def test_hostile_rules_file_is_shown_inert(store: Store, tmp_path: Path, cr_2026_bytes: bytes) -> None:
    body = cr_2026_bytes.replace(b"January 16, 2026", b"February 16, 2026")
    marker = b"\r121.2b Some effects"
    assert body.count(marker) == 1
    body = body.replace(marker, b"\r121.2b " + HOSTILE.encode() + b" Some effects")
    hostile = tmp_path / "hostile.txt"
    hostile.write_bytes(body)
    await update_from_file(store, hostile)
    judge = Judge(store)
    for reply in [await judge.rule("121.2"), await judge.search("free cards spoiler"),
                  await judge.rule_texts(["121.2b"]), await judge.rulediff("121.2b", "2026-01-16")]:
        shown = reply.as_text()
        assert "free cards" in shown, shown[:300]
        assert_inert(shown)
    about = (await judge.about()).as_text()
    assert str(tmp_path) not in about and "hostile.txt" in about


async def test_hostile_scryfall_answer_is_shown_inert(store: Store) -> None:
    cid = "0b5ee0f4-a7f6-4c0e-9e6b-6e1d3c0b7a11"
    card = {"object": "card", "id": cid, "oracle_id": cid, "name": "Evil **Card** <@1>",
            "oracle_text": "Draw a card.", "scryfall_uri": "javascript:alert(1)",
            "rulings_uri": f"https://api.scryfall.com/cards/{cid}/rulings"}
    rulings = {"object": "list", "data": [{"object": "ruling", "published_at": "2024-01-01", "comment": HOSTILE}]}
    async with HostileServer({"/cards/named": text(json.dumps(card), "application/json"),
                              f"/cards/{cid}/rulings": text(json.dumps(rulings), "application/json")}) as api:
        service = RulingsService(store, client=ScryfallClient(base_url=api.base, timeout=2, backoff=0.01))
        try:
            reply = await service.reply("Evil Card")
            name = (await service.oracle_text("Evil Card") or ("", "", "", ""))[0]
        finally:
            await service.close()
    assert not reply.error
    page = reply.pages[0]
    assert page.url is None and embed_for(page).url is None  # only http(s) links reach an embed
    assert_inert(page.title + page.description)
    assert "free cards" in page.description
    assert name == "Evil Card 1"  # the name the engine gets carries no markup


def test_embed_link_is_only_http() -> None:
    from bot.render.pages import Page

    assert embed_for(Page("t", "d", url="javascript:alert(1)")).url is None
    assert embed_for(Page("t", "d", url="https://user:secret@example.com/x?token=1")).url == "https://example.com/x"


async def test_about_shows_no_credentials_or_paths(store: Store, tmp_path: Path, cr_2026_bytes: bytes) -> None:
    from bot.rules.update import ingest_cr_bytes

    body = cr_2026_bytes.replace(b"January 16, 2026", b"February 16, 2026")
    await ingest_cr_bytes(store, body, "https://judge:s3cret@rules.example.com/cr/MagicCompRules.txt?key=abc")
    about = (await Judge(store).about()).as_text()
    assert "https://rules.example.com/cr/MagicCompRules.txt" in about
    assert "s3cret" not in about and "key=abc" not in about and "judge:" not in about
    assert "/tmp" not in about and str(tmp_path) not in about
