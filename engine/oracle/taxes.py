""" "That player may pay {2}. If the player doesn't, you create a Treasure token": a tax on another player, read
as the condition the rest of the ability waits on.

Why: the clause reader read the first sentence as the other player's "may" with nothing to do and the second as
an unknown condition ("if the player doesn't"), so the resolver assumed it and never read what the situation said
("I pay each time", "I pay for 1 of them"): Smothering Tithe's pattern printed on a looked-up card answered as if
nobody paid. The same words written as "unless that player pays {1}" (Rhystic Study) already read as the condition
"that player doesn't pay {1}", which the situation's "pays:<player>" answers; this puts both on that one path.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.effects import Op

_MAY_PAY = re.compile(r"(?:that player|they|the player|he or she|that opponent) may pay ((?:\{\w+\})+)")
_UNPAID = ("if_you_dont", "if:the player doesn't", "if:that player doesn't", "if:they don't")


def taxed(ops: tuple[Op, ...]) -> tuple[Op, ...]:
    """The ops with another player's "may pay {N}" turned into the condition of the ops after it; unchanged when
    the words are not that pattern."""
    for i, op in enumerate(ops):
        m = _MAY_PAY.fullmatch(op.text.strip().rstrip(".").lower()) if op.do == "note" and op.optional else None
        if m is None or op.who not in ("that_player", "target", "each_opponent"):
            continue
        rest = ops[i + 1:]
        # only a tax: what happens when the other player doesn't pay ("you create a Treasure"); "If the player
        # does, they draw a card" (Unifying Theory) is that player's own optional cost, left as it is read
        if not rest or not all(o.condition in _UNPAID and o.who != "that_player" for o in rest):
            return ops
        cost = m.group(1)
        return (*ops[:i], *(replace(o, condition=f"if:that player doesn't pay {cost}") for o in rest))
    return ops
