""" "She activates Words of Waste once, then casts Brainstorm": an activation of a "the next time you would draw a
card this turn, ... instead" ability, told before the action, is a fact the action meets, not an action of its own.

Why a module of its own: each activation of such an ability sets up one replacement that applies to the next draw
only (614.1a; the cards' rulings: activate it twice to replace two draws), so how many times it was activated
decides how many of the action's draws are replaced. The reader read "activates Words of Waste" as a second action
(the story then had two) and "once", "twice" as words it could not take into account. The count is a choice of
the scenario ("activations:<card>:<player>"), which the engine spends one draw at a time; a count said of any other
card's ability is refused with the words it can't carry out, never dropped.
"""

from __future__ import annotations

import re

from engine.effects import DrawReplacement
from engine.errors import Ambiguity, SituationError
from engine.number_words import NUMBER_WORDS
from engine.situation.attach import Ctx
from engine.situation.described import agree

_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_IN_RESPONSE = re.compile(r"\bin response\b|\bwith \w+ on the stack\b|\bbefore (?:it|that|the spell) resolves\b", re.I)


def next_draw_shield(ctx: Ctx, card_name: str) -> bool:
    """Whether ``card_name`` has a "the next time you would draw" ability (one draw replaced per activation)."""
    card = ctx.b.cards.find(card_name)
    return card is not None and any(isinstance(e, DrawReplacement) and e.per_activation for e in card.effects)


def activated(ctx: Ctx, g: dict[str, str]) -> None:
    """ "Alice activates Words of Waste twice": that many of Alice's next draws this turn are replaced."""
    who = ctx.who(g.get("player"))
    card = ctx.card(g["card"])
    times = _times(g.get("times") or "once")
    if not next_draw_shield(ctx, card) or times is None:
        raise SituationError(f"“{g.get('times') or 'once'}”: how many times {card}'s ability is activated is not "
                             "something the engine can carry out for this card", ctx.clause,
                             "the activation's result told as a fact, or ask a judge")
    record(ctx, who, card, times)


def how_many_activations(ctx: Ctx, g: dict[str, str], card: str) -> None:
    """ "Alice uses Words of Waste" with no count: each activation replaces one draw, so how many draws are
    replaced is how many times it was activated; asked (once, twice, three times), never all of them assumed."""
    if not next_draw_shield(ctx, card):
        return
    words = f"{g.get('verb', 'uses')} {g['card']}".strip()
    if words not in ctx.clause:
        words = g["card"]
    verb = "activate" if g.get("verb", "").lower() in ("use", "apply") else "activates"
    raise Ambiguity(f"How many times is {card} activated? Each activation replaces one draw (614.1a).", words,
                    ctx.clause, [(label, f"{verb} {card} {label}") for label in ("once", "twice", "three times")])


def record(ctx: Ctx, who: str, card: str, times: int) -> None:
    """The activations said: the card's replacement applies to that many of ``who``'s draws (said)."""
    if ctx.b.action is not None and not _IN_RESPONSE.search(ctx.clause):
        # "she casts Brainstorm, then activates Words of Waste": told after the action, it replaces a later draw
        raise SituationError(f"{card} activated after “{ctx.b.action_clause}”: it replaces the next draw after that, "
                             "which the story doesn't tell", ctx.clause,
                             "the activation before the action ('I activate X, then cast Brainstorm')")
    _controlled(ctx, who, card)
    key = f"activations:{card}:{who}"
    ctx.b.choices[key] = int(ctx.b.choices.get(key, 0) or 0) + times
    count = {1: "once", 2: "twice"}.get(times, f"{times} times")
    ctx.b.note(f"{who} {agree(who, 'activate')} {card} {count}: {_draws(times)} {who} would draw this turn "
               f"{'is' if times == 1 else 'are'} replaced (614.1a)", ctx.clause)


def _controlled(ctx: Ctx, who: str, card: str) -> None:
    """Only a permanent's controller activates its abilities (602.2): a card told nowhere else is on the
    activating player's battlefield (said), one said with no controller is theirs; one told as theirs stays one."""
    b = ctx.b
    if who in b.players and card in b.players[who].battlefield:
        return
    if any(c == card for c, _ in b.unowned):
        b.unowned = [(c, w) for c, w in b.unowned if c != card]
    elif any(c == card for _, c in b.group_permanents):
        return  # "we both control Words of Waste": each player of the group has one, the activating player's among them
    elif any(card in p.battlefield for p in b.players.values()):
        raise SituationError(f"{card} is told as another player's: only its controller activates its abilities "
                             "(602.2)", ctx.clause, "who controls it, and who activates it")
    b.player(who).battlefield.append(card)
    b.placed.append((who, card))
    b.assume(f"{card} read as {'yours' if who == 'You' else who + chr(39) + 's'}: only its controller activates "
             "its abilities (602.2)")


def _draws(times: int) -> str:
    return "the next card" if times == 1 else f"the next {times} cards"


def _times(said: str) -> int | None:
    low = said.lower().strip()
    if low in _TIMES:
        return _TIMES[low]
    word = low.removesuffix(" times").strip()
    n = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
    return n if n is not None and 0 < n <= 20 else None
