"""The leads of "how many" and "how much" questions: the cards drawn, the hand or the library afterwards, the
cards milled, the tokens made, the life lost or gained.

Why its own module: a count answers with a number for the player asked about (or every player it concerns, or
both lines of the choice that changes it), each measure one function in the table ``COUNT_LEADS`` keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.answer_model import AnswerKind, Lead
from engine.answer_parts import (
    DRAW_STEP_KINDS,
    before_after,
    cards_said,
    choice_lead,
    count_of,
    differs,
    does_said,
    is_specific,
    own_choice_lines,
    person_asked,
    reason_and_rule,
    ruling_lead,
)
from engine.answer_team import team_count
from engine.model import Resolution
from engine.question import Asked
from engine.question_words import TOKEN_NOUNS, AskedMeasure
from engine.ruling import draw_reasons, drawn_counts
from engine.wording import sentence


def _hand(res: Resolution, who: str, zone: str = "hand") -> Lead | None:
    """ "How many cards do I end up with?" (the hand afterwards), "how many are left in my library?" (``zone``
    "library"): the count after, with the one before."""
    before, after = before_after(res, who, zone)
    if after is None:
        return None
    where = "in hand" if zone == "hand" else f"in {'your' if who == 'You' else 'their'} {zone}"
    text = f"{'You end' if who == 'You' else who + ' ends'} up with {cards_said(after)} {where}"
    if before is not None and before != after:
        text += f" ({before} → {after})"
    reason, rule = reason_and_rule(res)
    return Lead(AnswerKind.COUNT, text + ".", reason, rule)


def _milled(res: Resolution, asked: Asked) -> Lead:
    """ "How many cards does opp mill?": the cards the mill steps moved for the player asked about (unnamed:
    the one player milled; several milled: the ruling, every line)."""
    milled = list(dict.fromkeys(s.player for s in res.steps if s.kind == "mill" and s.player))
    if asked.player is None and len(milled) != 1:
        return ruling_lead(res, asked)
    who = asked.player or milled[0]
    n = sum((s.amount or 0) * s.repeat for s in res.steps if s.kind == "mill" and s.player == who)
    text = f"{does_said(who, 'mill', 'mills')} {cards_said(n) if n else 'no card'}"
    reason, rule = reason_and_rule(res)
    return Lead(AnswerKind.COUNT, sentence(text[0].upper() + text[1:]) + ".", reason, rule)


def _tokens(res: Resolution, asked: Asked) -> Lead:
    """ "How many treasures does he make?": the tokens of that kind the player asked about ends with, more than
    before (unnamed: the one player who got any; several: the ruling)."""
    noun = re.search(rf"\b({'|'.join(TOKEN_NOUNS)})s?\b", asked.words, re.I)
    kind = noun.group(1).lower() if noun else "token"
    name = "token" if kind == "token" else kind.capitalize()

    def made(who: str, doc: dict[str, Any] | None = None) -> int:
        before = res.before.get(who, {}).get("tokens", {}) or {}
        after = (doc or {"players": res.players})["players"].get(who, {}).get("tokens", {}) or {}
        return sum(n - before.get(k, 0) for k, n in after.items() if kind == "token" or k.lower() == kind)

    got = [who for who in res.players if made(who)]
    who = asked.player if asked.player in res.players else got[0] if len(got) == 1 else None
    if who is None and not got:  # "treasures?" when the tax was paid: none, said as a count
        return Lead(AnswerKind.COUNT, f"No {name} is created.", *reason_and_rule(res, asked.card))
    if who is None:
        return ruling_lead(res, asked)
    asked_of: str = who

    def said(doc: dict[str, Any] | None = None) -> str:
        n = made(asked_of, doc)
        return sentence(f"{does_said(asked_of, 'get', 'gets')} {f'{n:,}' if n else 'no'} {name}"
                        + ("" if n == 1 else "s"))

    # "unless that player pays": whoever pays decides (the asker, or the opponent who draws from a Tithe)
    for chooser in dict.fromkeys((who, *res.players)):
        deciding, lines = differs(res, chooser, lambda doc: made(asked_of, doc))
        if lines:  # each line with the tokens it makes (a line's ruling says the draws, not the tokens)
            return choice_lead(res, deciding, own_choice_lines(res, deciding, said))
    text = said()
    reason, rule = reason_and_rule(res, asked.card)
    return Lead(AnswerKind.COUNT, text[0].upper() + text[1:] + ".", reason, rule)


_ZONE_MEASURED = {AskedMeasure.HAND: "hand", AskedMeasure.LIBRARY: "library"}


def count_lead(res: Resolution, asked: Asked) -> Lead:
    """ "How many ...?" (not "how many times": ``engine.answer_lead`` answers that with the card's triggers)."""
    if asked.team and asked.measure in (None, AskedMeasure.DRAWN, AskedMeasure.EVERY):
        # "how many do we draw?" in Two-Headed Giant: the asker's team
        return Lead(AnswerKind.COUNT, sentence(team_count(res, asked)), *reason_and_rule(res, asked.card))
    measured = COUNT_LEADS.get(asked.measure) if asked.measure else None
    return measured(res, asked) if measured else _drawn(res, asked)


def _zone(res: Resolution, asked: Asked) -> Lead:
    """ "How many cards do I end up with?": the hand afterwards; "... left in my library?": the library."""
    who = person_asked(res, asked)
    zone = _ZONE_MEASURED[asked.measure] if asked.measure else "hand"
    chooser, lines = differs(res, who, count_of(who, zone))
    if lines:
        return choice_lead(res, chooser, lines)
    return _hand(res, who, zone) or _drawn(res, asked)


def _drawn(res: Resolution, asked: Asked) -> Lead:
    """The cards the player asked about draws (both lines when their own choice changes it). "How many?" with no
    player said, when the asker draws nothing and one other player draws: that player's count (a Howling Mine in
    player 2's draw step answered "You draw no card")."""
    who = person_asked(res, asked)
    counts = drawn_counts(res)
    drawing = [name for name, k in counts.items() if k]
    if asked.player is None and not asked.team and len(drawing) == 1 and not _told_to_draw(res, who):
        who = drawing[0]
    n = counts.get(who, 0)
    chooser, lines = differs(res, who, count_of(who, "drawn_this_turn"))
    if lines:
        return choice_lead(res, chooser, lines)
    drawn = f"{n:,}" if n else "no card"
    text = f"{does_said(who, 'draw', 'draws')} {drawn}"
    if who in res.losers:  # "how many do I draw with 2 left?": the count, and the loss it ends in
        text += f", then {'lose' if who == 'You' else 'loses'} the game"
    text = sentence(text[0].upper() + text[1:])
    reason, rule = reason_and_rule(res, asked.card)
    own = draw_reasons(res, who)
    if own and res.game_over and who not in res.losers and not asked.card:
        reason, rule = own[0]  # the count's own reason, not another player's loss
    if not is_specific(res, reason):  # "You draw 4 cards" again says nothing more: the rule goes with the count
        return Lead(AnswerKind.COUNT, text + (f" ({rule})." if rule else "."))
    return Lead(AnswerKind.COUNT, text + ".", reason, rule)


def _told_to_draw(res: Resolution, who: str) -> bool:
    """Whether anything told ``who`` to draw (their draws replaced or stopped count: "You draw no card")."""
    return any(s.player == who and s.kind in DRAW_STEP_KINDS for s in res.steps)


def life_lead(res: Resolution, asked: Asked) -> Lead:
    """ "How much life does he lose?", "how much damage do I take?": the life change of the player asked about
    (unnamed: the one player whose life changed), with its reason."""
    who = asked.player if asked.player in res.players else None
    if who is None:
        changed = [n for n in res.players if len(set(before_after(res, n, "life"))) > 1]
        if len(changed) > 1:  # a team's shared life (2HG), or several players: each named, or every line
            return _lives(res, asked, changed)
        who = changed[0] if changed else person_asked(res, asked)
    chooser, lines = differs(res, who, count_of(who, "life"))
    if lines:
        return choice_lead(res, chooser, lines)
    before, after = before_after(res, who, "life")
    if before is None or after is None:
        return ruling_lead(res, asked)
    mine = who == "You"
    if after == before:
        text = f"{'Your' if mine else who + chr(39) + 's'} life total doesn't change ({after})"
    else:
        verb = ("gain" if after > before else "lose") + ("" if mine else "s")
        text = f"{'You' if mine else who} {verb} {abs(after - before):,} life ({before} → {after})"
        if _TOTAL_ASKED.search(asked.words or ""):  # "how much life do I have left?": the total first
            ends = "end" if mine else "ends"
            text = (f"{'You' if mine else who} {ends} at {after:,} life ({before} → {after}: "
                    f"{verb} {abs(after - before):,})")
            if who in res.losers:  # at 0 the game is over for them: said with the total (704.5a)
                text += f", and {'lose' if mine else 'loses'} the game"
    reason, rule = reason_and_rule(res, asked.card)
    return Lead(AnswerKind.COUNT, text + ".", reason, rule)


# "how much life do I have left?", "how much life does he end at?", "whats my life after": the total after, not the
# change
_TOTAL_ASKED = re.compile(r"\b(?:left|remaining|have|has|end|ends|end up|be at|total|what(?:'s|s| is| will be))\b",
                          re.I)


def _lives(res: Resolution, asked: Asked, changed: list[str]) -> Lead:
    """ "How much damage?" when several players' life changed: the same change for each (a Two-Headed Giant
    team's shared life, 810.9a; two opponents pinged alike) is said once with every name; different changes are
    the ruling's, every line (the asker's unchanged life was answered instead)."""
    pairs = {before_after(res, n, "life") for n in changed}
    if len(pairs) != 1:
        return ruling_lead(res, asked)
    before, after = pairs.pop()
    if before is None or after is None:
        return ruling_lead(res, asked)
    names = " and ".join("you" if n == "You" else n for n in changed)
    verb = "gain" if after > before else "lose"
    reason, rule = reason_and_rule(res, asked.card)
    return Lead(AnswerKind.COUNT, sentence(f"{names[0].upper()}{names[1:]} {verb} {abs(after - before):,} life "
                                           f"({before} → {after})") + ".", reason, rule)


# what a count measures → its lead ("how many does each of us get?" and another act's count, "how many does he
# discard?": the ruling, never one player's cards drawn)
COUNT_LEADS: dict[AskedMeasure, Callable[[Resolution, Asked], Lead]] = {
    AskedMeasure.EVERY: ruling_lead,
    AskedMeasure.OTHER: ruling_lead,
    AskedMeasure.MILLED: _milled,
    AskedMeasure.TOKENS: _tokens,
    AskedMeasure.HAND: _zone,
    AskedMeasure.LIBRARY: _zone,
}
