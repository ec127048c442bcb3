""" "Opp casts his first noncreature spell this turn", "my second spell this turn": which of the caster's spells
this turn the one cast is, for the abilities that trigger only on it (Esper Sentinel's "their first noncreature
spell each turn", Kraum's "their second spell each turn", 603.2).

Why: the engine assumed the spell was the first of its kind this turn and said so; a player who says which it is
was not read ("first noncreature spell this turn" was taken for a card's name). The rewrite table turns "casts his
first noncreature spell this turn" into this fact and the cast of a spell of that kind; the fact is the caster's,
``nth_spell:<player>`` = "first:noncreature" (the order, then the kind said, empty for any spell).
"""

from __future__ import annotations

from engine.situation.attach import Ctx
from engine.situation.described import agree


def nth_spell(ctx: Ctx, g: dict[str, str]) -> None:
    who = ctx.who(g["player"])
    kind = (g.get("kind") or "").strip().lower().replace("non-", "non")
    ctx.b.choices[f"nth_spell:{who}"] = f"{g['ord'].lower()}:{kind}"
    said = f"{kind} spell" if kind else "spell"
    ctx.b.note(f"{who} {agree(who, 'cast')} {'their' if who != 'You' else 'your'} {g['ord'].lower()} {said} this "
               "turn", ctx.clause)
