"""An offline card catalogue for the corpus measure: what the bot on Discord would fetch from Scryfall.

Why: a player names the cards of their game, most of them outside the engine's 69 shipped cards. On Discord the
bot fetches such a card from Scryfall and reads its Oracle text; the measure has no network, so without this it
could only say "X is not a card I know" where the bot would have read the card. The catalogue holds the Scryfall
card objects of ``../shared/data/cards/draw-cards-dev.json`` (cards whose text draws, the development half) and
``oracle-cards.json`` (the 69), and answers a look-up the way the bot's Scryfall look-up does (an exact name,
then a forgiving one). Everything after the look-up is the bot's own code path (``bot.cards.lookup``:
``with_learned_cards`` → ``new_card`` → ``engine.cards.scryfall_card_text`` and ``engine.oracle.read_oracle``), so a
card the Oracle reader can't read is refused here as it is on Discord. A card outside both files stays "not a card
I know", which is what the bot says offline.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from rapidfuzz import process, utils
from rapidfuzz.distance import OSA

from engine.cards import scryfall_card_text, scryfall_mana_cost

SHARED_CARDS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cards"
CATALOGUE_FILES = ("draw-cards-dev.json", "oracle-cards.json")
# One typo ("Hatefull Eidolon", "Phyerxian Tyranny": one letter more, less, changed or swapped), in a name long
# enough that one edit can't make another card's: the catalogue holds only some cards, so a wider match would
# turn a real card it lacks into its neighbour ("Future Sight" into "Future Flight"), where Scryfall, which has
# them all, finds the card itself
FUZZY_EDITS = 1
FUZZY_MIN_LENGTH = 8


def _card_objects(path: Path) -> list[dict[str, Any]]:
    """The card objects of a file: Scryfall's list shape (``{"object": "list", "data": [...]}``) or the dev
    file's (``{"meta": ..., "cards": [...]}``)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    items = (raw.get("data") or raw.get("cards") or []) if isinstance(raw, dict) else raw
    return [c for c in items if isinstance(c, dict) and c.get("name")]


class Catalogue:
    """Scryfall card objects by name, looked up as the bot's Scryfall look-up does (exact, then fuzzy)."""

    def __init__(self, cards: list[dict[str, Any]]) -> None:
        self._by_key = {utils.default_process(str(c["name"])): c for c in cards}
        self._keys = list(self._by_key)
        # "Rielle" for "Rielle, the Everwise", "Ur-Dragon" for "The Ur-Dragon": a short name players use, kept
        # only when one card has it (Scryfall's fuzzy look-up answers no card when a name is ambiguous)
        short: dict[str, list[str]] = {}
        for key, card in self._by_key.items():
            front = str(card["name"]).split(" // ")[0]  # a double-faced card by its front face, as Scryfall finds it
            for name in {front, front.split(",")[0], front.removeprefix("The ")}:
                short.setdefault(utils.default_process(name), []).append(key)
        self._short = {name: keys[0] for name, keys in short.items() if len(set(keys)) == 1}

    def __len__(self) -> int:
        return len(self._by_key)

    def card(self, name: str) -> dict[str, Any] | None:
        key = utils.default_process(name)
        if not key:
            return None
        found = self._by_key.get(key) or self._by_key.get(self._short.get(key, ""))
        if found is not None:
            return found
        if len(key) < FUZZY_MIN_LENGTH:
            return None
        near = process.extract(key, self._keys, scorer=OSA.distance, processor=None, score_cutoff=FUZZY_EDITS,
                               limit=2)
        return self._by_key[near[0][0]] if len(near) == 1 else None

    async def lookup(self, name: str) -> tuple[str, str, str, str] | None:
        """(real name, Oracle text, type line, mana cost): the bot's ``CardLookup`` answer for a card it fetched."""
        card = self.card(name)
        return (*scryfall_card_text(card), scryfall_mana_cost(card)) if card is not None else None


@lru_cache(maxsize=1)
def offline_catalogue() -> Catalogue | None:
    """The catalogue of the shared card files, or None when they are not beside the repository."""
    paths = [SHARED_CARDS / f for f in CATALOGUE_FILES]
    if not all(p.is_file() for p in paths):
        return None
    return Catalogue([c for p in paths for c in _card_objects(p)])
