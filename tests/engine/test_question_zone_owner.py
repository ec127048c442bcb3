"""A count question that names the zone and its owner: the player and the measure come from those words.

"how many cards in hand does opp have after?" was answered with the asker's hand (the zone between "cards" and
"does" hid the player); "how many cards in library does opp have left?" counted the hand; "how many cards in his
library?" answered for the asker.
"""

from __future__ import annotations

import pytest

from engine.judging import judge_text
from engine.question import AskedMeasure
from tests.engine.helpers import made_cards

CARDS = {"Deep Study": ("Sorcery", "Target player draws three cards.")}
STORY = "Bob has 5 cards in library and 4 in hand. I cast Deep Study targeting Bob."


@pytest.mark.parametrize(("question", "player", "measure"), [
    ("how many cards in hand does bob have after?", "Bob", AskedMeasure.HAND),
    ("how many cards in library does bob have left?", "Bob", AskedMeasure.LIBRARY),
    ("how many cards in his library?", "Bob", AskedMeasure.LIBRARY),
    ("how many cards in bob's library after?", "Bob", AskedMeasure.LIBRARY),
    ("how many cards in my hand after?", "You", AskedMeasure.HAND),
    ("how many cards does he draw?", "Bob", AskedMeasure.DRAWN),
])
def test_the_zone_and_its_owner_say_what_is_counted_for_whom(question: str, player: str,
                                                            measure: AskedMeasure) -> None:
    res = judge_text(f"{STORY} {question}", made_cards(CARDS))
    assert res.asked is not None
    assert (res.asked.player, res.asked.measure) == (player, measure)
