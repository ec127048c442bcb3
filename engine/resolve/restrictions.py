"""Restrictions on activating an ability ("Activate only as a sorcery", "Activate only if you control five or
more lands", 602.5): checked as the ability is activated, before its costs are paid and its effect changes what
they look at. Its own module so the operations (engine.resolve.ops) and the actions that activate abilities can
both reach it without an import cycle."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.effects import Op
from engine.errors import ScenarioError
from engine.model import UNCHECKED_RESTRICTION
from engine.resolve.ops import known_condition

if TYPE_CHECKING:
    from engine.resolve.resolver import Resolver


RESTRICTION = ("activate only", "activate this ability only")


def check_restrictions(r: Resolver, ops: tuple[Op, ...], you: str, source: str) -> None:
    """602.5: "Activate only if you control five or more lands" is checked as the ability is activated, before
    its costs are paid and its effect changes what it looks at."""
    for op in ops:
        if op.do == "note" and op.words and op.text.startswith(RESTRICTION):
            restriction(r, op.text, you, source)


def restriction(r: Resolver, words: str, you: str, source: str) -> None:
    """"Activate only ..." (602.5): the timing the situation states is checked ("as a sorcery", 602.5d: the
    controller's main phase; "during your turn"), and a condition the board decides ("only if you control five
    or more lands", 602.5b: an ability whose condition isn't met can't be activated); any other restriction is
    said as an assumption, never left unsaid, with the words the engine can't check."""
    cond = re.match(r"activate (?:this ability )?only if (.+?)(?: and only as a sorcery)?$", words)
    held = known_condition(r, cond.group(1), you) if cond else None
    if held is False:
        raise ScenarioError(f"{source}: “{words}” — the condition isn't met, so {you} can't activate it "
                            "(602.5b)", "action.card", words)
    if held:
        r.step(f"{source}: “{words}” — met, so {you} may activate it.", ("602.5b",), you, "check")
        return
    sorcery = words.startswith("activate only as a sorcery")
    yours = words.startswith("activate only during your turn")
    if sorcery or yours:
        ok = r.active == you and (not sorcery or r.s.step in ("main1", "main2"))
        if not ok:
            raise ScenarioError(f"{source}: “{words}” — {you} can't activate it now", "action.card",
                                "activate it in its controller's main phase" if sorcery else
                                "activate it during its controller's turn")
        r.step(f"{source}: “{words}” — {you} may, it is {you}'s turn"
               + (" and main phase." if sorcery else "."), ("602.5d",) if sorcery else ("602.5",), you, "check")
        return
    r.step(f"{source}: “{words}” — {UNCHECKED_RESTRICTION}.",
           ("602.5",), you, "assumption")
