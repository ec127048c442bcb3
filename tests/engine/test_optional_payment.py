"""'You may pay {1}. If you do, draw a card': a payment of mana is the payer's decision, carried out.

It was words the engine couldn't carry out: the main line declined it ("You draw no card") and said the other
line was listed when the search for it had failed. Paying mana changes nothing the engine counts, so both lines
resolve, and the asker's own decision leads the answer with both of them (made-up card).
"""

from __future__ import annotations

from engine.answer_lead import lead_of
from engine.judging import judge_text
from tests.engine.helpers import made_cards

EYE = ("Artifact", "Whenever an opponent draws a card, you may pay {1}. If you do, draw a card.")


def test_both_lines_of_the_askers_payment_lead() -> None:
    res = judge_text("I control Seeing Stone. opp draws a card. how many do I draw?", made_cards({"Seeing Stone": EYE}))
    lead = lead_of(res)
    outcomes = {line.outcome for line in lead.lines}
    assert any("you draw 1 card" in o for o in outcomes) and any("you draw" not in o for o in outcomes)

