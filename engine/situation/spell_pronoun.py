""""I cast it": which card "it" is when a spell is cast.

Why a module of its own: both readers (the phrase table and the parts reader) read "it" as the card named last,
and "only Gitaxian Probe in hand and Blood Scrivener out, I cast it" cast the Scrivener, which is on the
battlefield already (a spell is cast from a hand, 601.2a), so the hand-empty replacement never applied. The card
last named is "it" unless it is out; then the one other card named is, or the player is asked.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.errors import SituationError
from engine.situation.attach import Builder


def cast_pronoun(b: Builder, words: str, clause: str, also_out: Collection[str] = ()) -> str:
    """The card "it" names as the spell cast (``also_out``: cards the clause itself says are out)."""
    last = b.last_cards
    out = {c for p in b.players.values() for c in p.battlefield} | {c for c, _ in b.unowned} | set(also_out)
    if last[-1] not in out:
        return last[-1]
    others = [c for c in dict.fromkeys(reversed(last)) if c not in out]
    if len(others) != 1:
        raise SituationError(f"say which card “{words}” is: {last[-1]} is on the battlefield already", clause,
                             "the card's name: 'I cast Brainstorm'")
    b.last_cards.append(others[0])
    return others[0]
