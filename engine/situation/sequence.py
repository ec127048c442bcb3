"""Two things told happening one after the other ("I cast Rielle, cycle a card"): the engine carries out one
action, so the first is read as what it leaves behind when that is a fact the engine holds.

Why a module of its own: a permanent spell cast before the action asked about has resolved by then (608.3): it
is on its caster's battlefield, a fact of the board. That is read (and said) only when nothing of its own
happens as it enters (an "enters" ability could draw, and the draws of the turn would then be wrong); any
other pair of actions is left to the reader's error, which names both.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.effects import CastTrigger, EventTrigger, SpellText
from engine.situation.described import agree
from engine.situation.lasting import lasting_effect

if TYPE_CHECKING:
    from engine.situation.attach import Builder

# "opp casts Notion Thief and in response I cast Brainstorm": the second is cast while the first is on the stack
# (405.5), so the first has not resolved (``engine.situation.stack`` reads such a text)
_IN_RESPONSE = re.compile(r"\bin response\b(?! to nothing)|\brespond(?:s|ed|ing)? (?:to \w+ )?with\b|\bon the stack\b",
                          re.I)
# its own "when this enters" or "when you cast this spell" ability: something happens as it is cast or resolves
_OWN_ENTERING = re.compile(r"\b(?:~|this \w+|it) enters\b|\betb\b|\bcasts? (?:~|this spell)(?!\w)", re.I)


def resolved_first(b: Builder, action: dict[str, Any], clause: str) -> bool:
    """Whether the story's action so far is a permanent spell cast before ``action``: it is then read as on
    its caster's battlefield (said), and the builder holds no action any more."""
    old = b.action or {}
    if old.get("type") != "cast" or old.get("ability", "enters") != "enters" \
            or action.get("type") not in ("cast", "draw", "mechanic") or _IN_RESPONSE.search(clause):
        return False
    card = b.cards.find(str(old.get("card")))
    who = str(old.get("player", ""))
    if card is not None and lasting_effect(card) and _lasting_applies(b, old, who):
        return _effect_in_place(b, card.name, who, clause)
    if card is None or not (who in b.players or who == "You") or not card.is_permanent():
        return False
    if any(_OWN_ENTERING.search(e.event) for e in card.of(EventTrigger)) or any(
            not s.activated for s in card.of(SpellText)) or _watched(b):
        return False  # its own "enters" ability (or spell text) acts as it resolves, or the board sees it come
    b.player(who).battlefield.append(card.name)
    b.understood = [u for u in b.understood if u[1] != b.action_clause or not u[0].endswith(card.name)]
    b.note(f"{who} controls {card.name}", b.action_clause)
    b.assume(f"“{b.action_clause}” read as {card.name} on the battlefield before “{clause}”" +
             ("" if old.get("ability") else ": cast, it resolved first (608.3)"))
    if _ENTERS_TAPPED.search(card.oracle.replace(card.name, "~")):
        # "I play Sun-Blessed Peak. I activate it": it entered tapped (614.1c), so a {T} cost can't be paid
        # (107.5); it was read as untapped and its "{4}, {T}, Sacrifice this land: Draw a card" drew
        b.tapped.append((card.name, b.action_clause))
        b.assume(f"{card.name} entered tapped, as its own text says (614.1c)")
    b.action = None
    return True


# "This land enters tapped." as a sentence of its own (not "enters tapped unless you control ...")
_ENTERS_TAPPED = re.compile(r"(?:^|\n|\. )(?:~|this \w+) enters tapped\.", re.I)


def _lasting_applies(b: Builder, cast: dict[str, Any], who: str) -> bool:
    """Whether a spell whose effect lasts (Plagiarize) applies as the card data's stand-in does: to its caster's
    one opponent, in a game of two players (a target is one player; the stand-in applies to every opponent)."""
    card = b.cards.find(str(cast.get("card")))
    affects = {str(getattr(e, "affects", "")) for e in card.effects} if card is not None else set()
    targets = [str(t) for t in cast.get("targets") or ()]
    players = b.top.get("player_count")
    if len(set(b.players) | {who}) > 2 or players not in (None, 2):
        return False
    return affects == {"opponents"} and len(targets) <= 1 and who not in targets


def _effect_in_place(b: Builder, card: str, who: str, clause: str) -> bool:
    """ "i cast plagiarize on opp and then he casts brainstorm": the spell resolved first (608.2) and its effect
    lasts until end of turn (611.2a), read as its caster controlling it (the card data's stand-in), said."""
    b.player(who).battlefield.append(card)
    b.understood = [u for u in b.understood if u[1] != b.action_clause or card not in u[0]]
    b.note(f"{who} {agree(who, 'control')} {card}", b.action_clause)
    b.assume(f"“{b.action_clause}” read as {card} resolved before “{clause}”: its effect lasts until end of turn "
             "(608.2, 611.2a)")
    b.action = None
    return True


_SEEN = re.compile(r"\b(?:enters?|casts?)\b")


def _watched(b: Builder) -> bool:
    """Whether a permanent of the story so far triggers on a spell cast or a permanent entering: then the first
    action is an event of its own, not only what it leaves on the board."""
    names = [c for p in b.players.values() for c in p.battlefield] + [c for c, _ in b.unowned] + [
        c for _, c in b.group_permanents]
    for name in names:
        card = b.cards.find(name)
        if card is not None and (card.of(CastTrigger) or any(_SEEN.search(e.event) for e in card.of(EventTrigger))):
            return True
    return False


def told_again(b: Builder, action: dict[str, Any], clause: str) -> bool:
    """ "Alice casts Think Twice, it resolves, and Alice draws a card": the caster drawing as many cards as the
    spell itself draws, told after it, is the spell's own draw told again (said), not a second action."""
    old = b.action or {}
    if old.get("type") != "cast" or old.get("ability") or action.get("type") != "draw" \
            or action.get("player") != old.get("player") or action.get("source"):
        return False
    card = b.cards.find(str(old.get("card")))
    spells = [s for s in card.of(SpellText) if not s.activated] if card is not None else []
    own = sum(op.amount for s in spells[:1] for op in s.ops if op.do == "draw" and op.who == "you"
              and isinstance(op.amount, int))
    if not own or action.get("count") != own or len(spells) != 1:
        return False
    b.assume(f"“{clause}” read as {old['card']}'s own draw, told again")
    return True
