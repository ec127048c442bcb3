"""The trap a judge names after the answer: what a player would get wrong although the answer is right.

Why a module of its own: each trap is a small reading of the resolution's steps ("the rest of the spell still
happens", "the loss waits for state-based actions"), tried in order from one table; the answer lead
(``engine.answer_lead``) adds the first that applies to whatever it leads with.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.model import Resolution


def _rest_still_happens(res: Resolution, who: str) -> tuple[str, str | None]:
    """A spell whose draws were replaced or stopped still does the rest: "you still put 2 cards back"."""
    if not any(s.kind == "cast" for s in res.steps):
        return "", None
    first = next((i for i, s in enumerate(res.steps) if s.player == who and s.kind in ("replaced_draw", "prohibited")),
                 None)
    if first is None:
        return "", None
    later = next((s for s in res.steps[first:] if s.player == who and s.kind in ("discard", "move")
                  and "hand" in s.text and "stack" not in s.text and "graveyard as the last" not in s.text), None)
    if later is None:
        return "", None
    text = later.text.rstrip(".")
    text = text[0].lower() + text[1:] if text.startswith("You ") else text
    return f"the rest of the spell still happens: {text}", later.rules[0] if later.rules else None


def _loss_waits(res: Resolution, who: str) -> tuple[str, str | None]:
    """An empty-library draw in the middle of a spell: the player loses only when state-based actions are next
    checked, after the spell has finished (everything else it says still happens)."""
    steps = res.steps
    first = next((i for i, s in enumerate(steps) if s.kind == "empty_draw" and s.player == who), None)
    if first is None or who not in res.losers or not any(s.kind == "cast" for s in steps):
        return "", None
    after = [s for s in steps[first + 1:] if s.kind not in ("empty_draw", "loss", "draw") and "608.2n" not in s.rules]
    if not after:
        return "", None
    loss = next((s for s in steps if s.kind == "loss" and s.player == who), None)
    rule = next((r for r in (loss.rules if loss else ()) if r.startswith("704")), None)
    then = after[0].text.rstrip(".")
    then = then[0].lower() + then[1:] if then.startswith("You ") else then
    return ("the loss comes only when state-based actions are checked, after the spell has finished "
            f"resolving, so the rest still happens first: {then}", rule)


TRAPS: tuple[Callable[[Resolution, str], tuple[str, str | None]], ...] = (_rest_still_happens, _loss_waits)


def trap_of(res: Resolution, who: str) -> tuple[str, str | None]:
    for find in TRAPS:
        text, rule = find(res, who)
        if text:
            return text, rule
    return "", None
