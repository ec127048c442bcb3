"""The answer to the question asked, first: "Yes — you lose the game.", "No — and you don't lose either.",
"You draw 8.", or both lines of a choice the player makes; then the one reason with its deciding rule, then the
trap a judge would name.

Why in the engine: every front end (Discord, the console, ``drawjudge ask``, ``drawjudge resolve`` and its
JSON) must lead with the same words, so the lead is computed once from the resolution's structure (who lost,
who drew how many, which card acted, the branches of the asker's own choices), never from a reply's wording.
Without a question (or "what happens?"), the lead is the ruling line as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.answer_team import team_count, team_draws, team_outcome
from engine.answer_traps import trap_of
from engine.model import Resolution, Step
from engine.question import Asked, AskedKind
from engine.question_words import STOP, AskedMeasure
from engine.ruling import drawn_counts, reason_of, reasons
from engine.wording import sentence


class AnswerKind(StrEnum):
    """The shape of the first words; each front end renders a lead through one table keyed by it."""

    YES = "yes"
    NO = "no"
    COUNT = "count"
    CHOICE = "choice"  # the player's own choice decides: both lines
    RULING = "ruling"  # no question (or "what happens?"): the ruling line


@dataclass(frozen=True)
class Line:
    """One line of a choice: what is chosen, and what then happens."""

    said: str  # "You apply Notion Thief first"
    outcome: str  # "Opponent draws 1 card and you draw none"

    def to_json(self) -> dict[str, str]:
        return {"said": self.said, "outcome": self.outcome}


@dataclass(frozen=True)
class Lead:
    """The first words of the answer, the reason that decides it (with its rule) and the trap, if any."""

    kind: AnswerKind
    text: str  # "Yes — you lose the game, so Opponent wins."
    reason: str = ""  # "attempted to draw from an empty library"
    rule: str | None = None  # the deciding rule of the reason ("704.5b")
    trap: str = ""  # "you still put 2 cards back"
    trap_rule: str | None = None
    lines: tuple[Line, ...] = field(default_factory=tuple)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for r in (self.rule, self.trap_rule) if r))

    def why(self) -> str:
        """The reason as a sentence, with its rule: "Notion Thief replaces your 4 draws (614.1a)."."""
        if not self.reason:
            return ""
        return sentence(self.reason) + (f" ({self.rule})" if self.rule else "") + "."

    def watch_out(self) -> str:
        if not self.trap:
            return ""
        return sentence(self.trap) + (f" ({self.trap_rule})" if self.trap_rule else "") + "."

    def said(self) -> str:
        """The lead in one line of plain text (JSON, logs, a What if's one-line summary), labelled as the
        front ends label it."""
        parts = [self.text]
        parts += [f"{line.said} → {line.outcome}." for line in self.lines]
        parts += [f"Why: {self.why()}"] if self.reason else []
        parts += [f"Watch out: {self.watch_out()}"] if self.trap else []
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "text": self.text, "reason": self.reason, "rule": self.rule,
                "trap": self.trap, "trap_rule": self.trap_rule, "lines": [line.to_json() for line in self.lines],
                "said": self.said()}


_RULE_AT_END = re.compile(r"\s*\([^()]*\d[^()]*\)$")


def _headline(ruling_text: str) -> str:
    """The ruling's outcome without its reasons ("Opponent draws 1 card and you draw none")."""
    return _RULE_AT_END.sub("", ruling_text.partition(": ")[0].rstrip(".").strip())


def outcome_of(ruling_text: str) -> str:
    """A ruling's outcome alone, as a sentence ("Opponent draws 1 card and you draw none.")."""
    head = _headline(ruling_text)
    return head + "." if head else ruling_text


def _person(res: Resolution, asked: Asked) -> str:
    """Whom the question is about: the player it names, else the asker ("You"), else the first player told
    to draw (a JSON scenario with named players)."""
    if asked.player and asked.player in res.players:
        return asked.player
    if "You" in res.players:
        return "You"
    told = next((s.player for s in res.steps if s.player in res.players and s.kind in
                 ("instruction", "draw", "replaced_draw", "replaced_instruction", "prohibited", "empty_draw")), None)
    return told or next(iter(res.players), "You")


def _told(res: Resolution) -> str | None:
    return next((s.player for s in res.steps if s.player in res.players and s.kind in
                 ("instruction", "draw", "replaced_draw", "replaced_instruction", "prohibited", "empty_draw")), None)


def _does(who: str, you: str, other: str) -> str:
    return f"{'you' if who == 'You' else who} {you if who == 'You' else other}"


def _cards(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


# ------------------------------------------------------------------ the asker's own choices

def chooser_of(key: str) -> str:
    """Who makes a decision, from its key ("order:You" → You, "apply:Golgari Thug:You" → You)."""
    return key.split(":")[-1]


def _own(res: Resolution, who: str) -> list[dict[str, Any]]:
    """The other lines that differ from the main line by one decision ``who`` makes and didn't say."""
    return [b for b in res.branches
            if len(b.get("choices", {})) == 1 and b.get("main") and chooser_of(next(iter(b["choices"]))) == who
            and not _said(res, *next(iter(b["choices"].items())))]


def _said(res: Resolution, key: str, value: Any) -> bool:
    """Whether the player already said this decision: the same key, or drawing normally when they said they
    apply an optional replacement ("i dredge")."""
    if key in res.said_choices:
        return True
    who = chooser_of(key)
    return key.startswith("order:") and value == "draw normally" and any(
        said.startswith("apply:") and chooser_of(said) == who for said in res.said_choices)


def _outcome(ruling_text: str) -> str:
    text = sentence(_headline(ruling_text))
    return "you" + text[3:] if text.startswith("You ") else text


def own_choice_lines(res: Resolution, who: str) -> tuple[Line, ...]:
    """The main line and each other line that differs only by one decision ``who`` makes, each with its
    outcome; empty when ``who`` has no such choice."""
    others = _own(res, who)
    if not others:
        return ()
    main = Line(sentence(str(others[0]["main"])), _outcome(str(res.ruling.get("text", ""))))
    lines = [main] + [Line(sentence(str(b.get("said") or b["choice"])),
                           _outcome(str(b.get("ruling", {}).get("text", "")))) for b in others]
    return tuple(dict.fromkeys(lines))


def _choice_rule(res: Resolution, who: str) -> str | None:
    step = next((s for s in res.steps if s.kind == "choice" and s.player == who and s.rules), None)
    return step.rules[0] if step else None


def _choice(res: Resolution, who: str, lines: tuple[Line, ...], prefix: str = "") -> Lead:
    chooser = ("your" if prefix else "Your") if who == "You" else f"{who}'s"
    return Lead(AnswerKind.CHOICE, f"{prefix}{chooser} choice:", f"{'you' if who == 'You' else who} "
                f"{'choose' if who == 'You' else 'chooses'} which line to take", _choice_rule(res, who),
                lines=lines)


def _differs(res: Resolution, who: str, measure: Callable[[dict[str, Any]], Any]
             ) -> tuple[str, tuple[Line, ...]]:
    """Whose choice decides what the question measures (the player asked about, else the asker), with the
    lines of that choice; ("", ()) when no choice changes it."""
    main = measure({"players": res.players, "losers": res.losers, "winners": res.winners})
    for chooser in dict.fromkeys((who, "You")):
        if any(measure(b) != main for b in _own(res, chooser)):
            return chooser, own_choice_lines(res, chooser)
    return "", ()


def _count_of(who: str, field: str) -> Callable[[dict[str, Any]], Any]:
    """What a count question measures in a line: one of ``who``'s counts ("hand", "life", "drawn_this_turn")."""
    return lambda doc: doc.get("players", {}).get(who, {}).get(field)


def _before_after(res: Resolution, who: str, field: str) -> tuple[Any, Any]:
    """``who``'s count before the action and after it (None when the resolution doesn't hold it)."""
    return res.before.get(who, {}).get(field), res.players.get(who, {}).get(field)


# ------------------------------------------------------------------ the reason and the trap

def _reason(res: Resolution, about: str | None = None) -> tuple[str, str | None]:
    """The one reason that decides the answer, with its rule: the first of the ruling's reasons (one about
    ``about``, a card, when there is one), else the ruling's outcome with its rule."""
    found = [(text, rule) for text, rule in reasons(res) if text]
    if about:
        found = [r for r in found if about.lower() in r[0].lower()] or found
    if found:
        return found[0]
    rules = res.ruling.get("rules") or [None]
    return _headline(str(res.ruling.get("text", ""))), rules[0]


def _specific(res: Resolution, reason: str) -> bool:
    """Whether a reason says more than the ruling's outcome (it is one of the ruling's reasons)."""
    return reason != _headline(str(res.ruling.get("text", "")))


# ------------------------------------------------------------------ one lead per kind of question

def _lose(res: Resolution, asked: Asked) -> Lead:
    who = _person(res, asked)
    chooser, lines = _differs(res, who, lambda doc: who in doc.get("losers", ()))
    if lines:
        return _choice(res, chooser, lines)
    if asked.team:
        return _team_outcome(res, asked, lose=True)
    if asked.measure is AskedMeasure.ALIVE:  # "do I survive?": "do I lose?" turned round, Yes and No swap
        return _survive(res, who)
    if asked.measure is AskedMeasure.WHO:  # "who loses?": not a yes/no question; the ruling names the players
        return _ruling(res, asked)
    if asked.player is None and res.losers and who not in res.losers:
        # a bare "dead?", "anyone dead?": whether someone loses, answered with who ("he's at 5. dead?" was
        # answered "No — you win the game", a No that reads as "he survives")
        losers = " and ".join("you" if p == "You" else p for p in res.losers)
        verb = "lose" if len(res.losers) > 1 else "loses"
        reason, rule = _reason(res)
        return Lead(AnswerKind.YES, sentence(f"Yes — {losers} {verb} the game{_so_wins(res)}."), reason, rule)
    if who in res.losers:
        text = f"Yes — {_does(who, 'lose', 'loses')} the game{_so_wins(res)}."
    elif who in res.winners:
        text = f"No — {_does(who, 'win', 'wins')} the game."
    else:
        text = "No — " + _does(who, "don't", "doesn't") + " lose."
    reason, rule = _reason(res)
    return Lead(AnswerKind.YES if who in res.losers else AnswerKind.NO, sentence(text), reason, rule)


def _so_wins(res: Resolution) -> str:
    """", so Opponent wins" after a loss: who wins by it (nothing in a draw game)."""
    if not res.winners or res.draw_game:
        return ""
    verb = "win" if res.winners == ["You"] or len(res.winners) > 1 else "wins"
    return f", so {' and '.join(res.winners)} {verb}"


def _survive(res: Resolution, who: str) -> Lead:
    """ "Do I survive?": Yes when ``who`` doesn't lose, No (with who wins) when they do."""
    reason, rule = _reason(res)
    if who in res.losers:
        return Lead(AnswerKind.NO, sentence(f"No — {_does(who, 'lose', 'loses')} the game{_so_wins(res)}."),
                    reason, rule)
    also = f" and {_does(who, 'win', 'wins')} the game" if who in res.winners else ""
    not_lose = _does(who, "don't", "doesn't")
    return Lead(AnswerKind.YES, sentence(f"Yes — {not_lose} lose{also}."), reason, rule)


def _win(res: Resolution, asked: Asked) -> Lead:
    who = _person(res, asked)
    chooser, lines = _differs(res, who, lambda doc: who in doc.get("winners", ()))
    if lines:
        return _choice(res, chooser, lines)
    if asked.measure is AskedMeasure.WHO:  # "who wins?": the ruling line names the players
        return _ruling(res, asked)
    if asked.team:
        return _team_outcome(res, asked, lose=False)
    if who in res.winners:
        text = f"Yes — {_does(who, 'win', 'wins')} the game."
    elif who in res.losers:
        text = f"No — {_does(who, 'lose', 'loses')} the game."
    else:
        text = "No — and " + _does(who, "don't", "doesn't") + " lose either."
    reason, rule = _reason(res, asked.card)
    return Lead(AnswerKind.YES if who in res.winners else AnswerKind.NO, sentence(text), reason, rule)


def _hand(res: Resolution, who: str, zone: str = "hand") -> Lead | None:
    """ "How many cards do I end up with?" (the hand afterwards), "how many are left in my library?" (``zone``
    "library"): the count after, with the one before."""
    before, after = _before_after(res, who, zone)
    if after is None:
        return None
    where = "in hand" if zone == "hand" else f"in {'your' if who == 'You' else 'their'} {zone}"
    text = f"{'You end' if who == 'You' else who + ' ends'} up with {_cards(after)} {where}"
    if before is not None and before != after:
        text += f" ({before} → {after})"
    reason, rule = _reason(res)
    return Lead(AnswerKind.COUNT, text + ".", reason, rule)


def _milled(res: Resolution, asked: Asked) -> Lead:
    """ "How many cards does opp mill?": the cards the mill steps moved for the player asked about (unnamed:
    the one player milled; several milled: the ruling, every line)."""
    milled = list(dict.fromkeys(s.player for s in res.steps if s.kind == "mill" and s.player))
    if asked.player is None and len(milled) != 1:
        return _ruling(res, asked)
    who = asked.player or milled[0]
    n = sum((s.amount or 0) * s.repeat for s in res.steps if s.kind == "mill" and s.player == who)
    text = f"{_does(who, 'mill', 'mills')} {_cards(n) if n else 'no card'}"
    reason, rule = _reason(res)
    return Lead(AnswerKind.COUNT, sentence(text[0].upper() + text[1:]) + ".", reason, rule)


def _tokens(res: Resolution, asked: Asked) -> Lead:
    """ "How many treasures does he make?": the tokens of that kind the player asked about ends with, more than
    before (unnamed: the one player who got any; several: the ruling)."""
    noun = re.search(r"\b(treasure|snake|token|clue|food|blood|map)s?\b", asked.words, re.I)
    kind = noun.group(1).lower() if noun else "token"

    def made(who: str, doc: dict[str, Any] | None = None) -> int:
        before = res.before.get(who, {}).get("tokens", {}) or {}
        after = (doc or {"players": res.players})["players"].get(who, {}).get("tokens", {}) or {}
        return sum(n - before.get(k, 0) for k, n in after.items() if kind == "token" or k.lower() == kind)

    got = [who for who in res.players if made(who)]
    who = asked.player if asked.player in res.players else got[0] if len(got) == 1 else None
    if who is None:
        return _ruling(res, asked)
    def said(doc: dict[str, Any] | None = None) -> str:
        n = made(who, doc)
        what = ("token" if kind == "token" else kind.capitalize()) + ("" if n == 1 else "s")
        return sentence(f"{_does(who, 'get', 'gets')} {f'{n:,}' if n else 'no'} {what}")

    # "unless that player pays": whoever pays decides (the asker, or the opponent who draws from a Tithe)
    chooser, lines = next(((c, ls) for c in dict.fromkeys((who, "You", *res.players))
                           for c, ls in [_differs(res, c, lambda doc: made(who, doc))] if ls), ("", ()))
    if lines:  # each line with the tokens it makes (a line's ruling says the draws, not the tokens)
        others = _own(res, chooser)
        lines = tuple(dict.fromkeys([Line(sentence(str(others[0]["main"])), said())] + [
            Line(sentence(str(b.get("said") or b["choice"])), said(b)) for b in others]))
        return _choice(res, chooser, lines)
    text = said()
    reason, rule = _reason(res, asked.card)
    return Lead(AnswerKind.COUNT, text[0].upper() + text[1:] + ".", reason, rule)


_ZONE_MEASURED = {AskedMeasure.HAND: "hand", AskedMeasure.LIBRARY: "library"}


def _count(res: Resolution, asked: Asked) -> Lead:
    who = _person(res, asked)
    if asked.measure is AskedMeasure.TIMES:  # "how many pings?": the card's triggers, counted
        return _trigger(res, asked) if asked.card else _ruling(res, asked)  # no card named: every line
    # "how many does each of us get?" (every player's count) and a count of another act ("how many does he
    # discard?"): the ruling, never one player's cards drawn
    if asked.team and asked.measure in (None, AskedMeasure.DRAWN, AskedMeasure.EVERY):
        # "how many do we draw?" in Two-Headed Giant: the asker's team
        return Lead(AnswerKind.COUNT, sentence(team_count(res, asked)), *_reason(res, asked.card))
    if asked.measure in (AskedMeasure.EVERY, AskedMeasure.OTHER):
        return _ruling(res, asked)
    if asked.measure is AskedMeasure.MILLED:
        return _milled(res, asked)
    if asked.measure is AskedMeasure.TOKENS:
        return _tokens(res, asked)
    zone = _ZONE_MEASURED.get(asked.measure) if asked.measure else None
    if zone:  # "how many cards do I end up with?": the hand afterwards; "... left in my library?": the library
        chooser, lines = _differs(res, who, _count_of(who, zone))
        if lines:
            return _choice(res, chooser, lines)
        hand = _hand(res, who, zone)
        if hand is not None:
            return hand
    n = drawn_counts(res).get(who, 0)
    chooser, lines = _differs(res, who, _count_of(who, "drawn_this_turn"))
    if lines:
        return _choice(res, chooser, lines)
    drawn = f"{n:,}" if n else "no card"
    text = f"{_does(who, 'draw', 'draws')} {drawn}"
    if who in res.losers:  # "how many do I draw with 2 left?": the count, and the loss it ends in
        text += f", then {'lose' if who == 'You' else 'loses'} the game"
    text = sentence(text[0].upper() + text[1:])
    reason, rule = _reason(res, asked.card)
    if not _specific(res, reason):  # "You draw 4 cards" again says nothing more: the rule goes with the count
        return Lead(AnswerKind.COUNT, text + (f" ({rule})." if rule else "."))
    return Lead(AnswerKind.COUNT, text + ".", reason, rule)


def _team_outcome(res: Resolution, asked: Asked, lose: bool) -> Lead:
    """ "Do we lose?", "do we win?" in Two-Headed Giant: the asker's team, as one (``engine.answer_team``)."""
    return _yes_no(team_outcome(res, asked, lose, _so_wins(res)), res, asked)


def _yes_no(said: tuple[bool, str], res: Resolution, asked: Asked) -> Lead:
    return Lead(AnswerKind.YES if said[0] else AnswerKind.NO, sentence(said[1]), *_reason(res, asked.card))


def _life(res: Resolution, asked: Asked) -> Lead:
    """ "How much life does he lose?", "how much damage do I take?": the life change of the player asked about
    (unnamed: the one player whose life changed), with its reason."""
    who = asked.player if asked.player in res.players else None
    if who is None:
        changed = [n for n in res.players if len(set(_before_after(res, n, "life"))) > 1]
        if len(changed) > 1:  # a team's shared life (2HG), or several players: each named, or every line
            return _lives(res, asked, changed)
        who = changed[0] if changed else _person(res, asked)
    chooser, lines = _differs(res, who, _count_of(who, "life"))
    if lines:
        return _choice(res, chooser, lines)
    before, after = _before_after(res, who, "life")
    if before is None or after is None:
        return _ruling(res, asked)
    mine = who == "You"
    if after == before:
        text = f"{'Your' if mine else who + chr(39) + 's'} life total doesn't change ({after})"
    else:
        verb = ("gain" if after > before else "lose") + ("" if mine else "s")
        text = f"{'You' if mine else who} {verb} {abs(after - before):,} life ({before} → {after})"
    reason, rule = _reason(res, asked.card)
    return Lead(AnswerKind.COUNT, text + ".", reason, rule)


def _lives(res: Resolution, asked: Asked, changed: list[str]) -> Lead:
    """ "How much damage?" when several players' life changed: the same change for each (a Two-Headed Giant
    team's shared life, 810.9a; two opponents pinged alike) is said once with every name; different changes are
    the ruling's, every line (the asker's unchanged life was answered instead)."""
    pairs = {_before_after(res, n, "life") for n in changed}
    if len(pairs) != 1:
        return _ruling(res, asked)
    before, after = pairs.pop()
    if before is None or after is None:
        return _ruling(res, asked)
    names = " and ".join("you" if n == "You" else n for n in changed)
    verb = "gain" if after > before else "lose"
    reason, rule = _reason(res, asked.card)
    return Lead(AnswerKind.COUNT, sentence(f"{names[0].upper()}{names[1:]} {verb} {abs(after - before):,} life "
                                           f"({before} → {after})") + ".", reason, rule)


def _acted(res: Resolution, card: str) -> Step | None:
    return next((s for s in res.steps if s.source and s.source.lower() == card.lower()
                 and s.kind not in ("prohibited", "why_not")), None)


def _stopped(res: Resolution, card: str) -> Step | None:
    return next((s for s in res.steps if s.kind in ("why_not",) and s.source and s.source.lower() == card.lower()),
                None)


def _can(res: Resolution, asked: Asked) -> Lead:
    # "does player 1 draw a card?" with no player the reader could name: about the player told to draw, never
    # a "No." for the asker beside a reason that says someone else draws
    who = _person(res, asked) if asked.player else _told(res) or _person(res, asked)
    if asked.card:
        card = asked.card
        mine = [line for line in own_choice_lines(res, who) if card.lower() in line.said.lower()]
        stopped = _stopped(res, card)
        if stopped is not None:
            return Lead(AnswerKind.NO, "No.", *reason_of(stopped))
        acted = _acted(res, card)
        if acted is None and asked.act == STOP:  # "does Narset stop me?": its prohibition is its act
            acted = next((s for s in res.steps if s.kind == "prohibited" and s.source
                          and s.source.lower() == card.lower()), None)
        if acted is not None:
            return Lead(AnswerKind.YES, "Yes.", *reason_of(acted))
        if mine:
            return _choice(res, who, own_choice_lines(res, who), prefix="Yes — ")
        return _ruling(res, asked)  # the card played no part the engine can name: the ruling, not a guess
    if asked.act is not None and asked.act != STOP:  # "can I dredge?": about that act, never whether one draws
        return ACT_LEADS.get(asked.act, _ruling)(res, asked)
    chooser, lines = _differs(res, "You", _count_of(who, "drawn_this_turn"))
    if lines:  # "does he draw?" when the asker decides it (Rhystic Study's tax): both lines
        return _choice(res, chooser, lines)
    if asked.team and not asked.number:  # "do we draw?" in Two-Headed Giant: the team's draws
        return _yes_no(team_draws(res, asked), res, asked)
    n = drawn_counts(res).get(who, 0)
    reason, rule = _reason(res)
    wanted = asked.number or 0
    if wanted >= 2 and n != wanted:  # "do I draw 2?" when one card is drawn: No, and the number ("a card": any)
        drawn = ("only " if n < wanted else "") + _cards(n) if n else "no card"
        return Lead(AnswerKind.NO, sentence(f"No — {_does(who, 'draw', 'draws')} {drawn}."), reason, rule)
    if n:
        return Lead(AnswerKind.YES, sentence(f"Yes — {_does(who, 'draw', 'draws')} {_cards(n)}."), reason, rule)
    return Lead(AnswerKind.NO, "No.", reason, rule)


def _dredge(res: Resolution, asked: Asked) -> Lead:
    """ "Can I dredge it?": Yes when a dredge replaced a draw (702.52a), No when the engine said why it
    couldn't (too few cards in the library, 702.52b; no abilities in the graveyard); else the ruling."""
    done = next((s for s in res.steps if s.kind == "replaced_draw" and "702.52a" in s.rules), None)
    if done is not None:
        return Lead(AnswerKind.YES, "Yes.", *reason_of(done))
    stopped = next((s for s in res.steps if s.kind == "why_not" and "dredge" in s.text.lower()), None)
    if stopped is not None:
        return Lead(AnswerKind.NO, "No.", *reason_of(stopped))
    return _ruling(res, asked)


def _miracle(res: Resolution, asked: Asked) -> Lead:
    """ "Can I miracle it?": only the first card a player draws in a turn can be revealed for its miracle
    cost (702.94a): Yes when this action draws the turn's first card (the library's top card, when said)."""
    who = _person(res, asked)
    before = res.before.get(who, {}).get("drawn_this_turn")
    if before is None or not drawn_counts(res).get(who):
        return _ruling(res, asked)
    if before:
        return Lead(AnswerKind.NO, "No.", f"{_does(who, 'have', 'has')} already drawn a card this turn, and miracle "
                    "works only on the first card drawn in a turn", "702.94a")
    top = (res.before.get(who, {}).get("library_top") or ["the top card of the library"])[0]
    return Lead(AnswerKind.YES, "Yes.", f"{top} is the first card {_does(who, 'draw', 'draws')} this turn", "702.94a")


ACT_LEADS: dict[str, Callable[[Resolution, Asked], Lead]] = {"dredge": _dredge, "miracle": _miracle}


def _trigger(res: Resolution, asked: Asked) -> Lead:
    card = asked.card
    if not card:
        return _ruling(res, asked)
    own = [t for t in res.triggers if t.source.lower() == card.lower()]
    times = sum(t.count for t in own)
    rule = next((t.rules[0] for t in own if t.rules), None)
    how_many = asked.measure is AskedMeasure.TIMES
    if times:
        said = "once" if times == 1 else "twice" if times == 2 else f"{times:,} times"
        text = f"{card} triggers {said}" if how_many else f"Yes — {card} triggers {said}"
        return Lead(AnswerKind.COUNT if how_many else AnswerKind.YES, text + (f" ({rule})." if rule else "."))
    reason, rule = _reason(res, card)
    if how_many:
        return Lead(AnswerKind.COUNT, f"{card} doesn't trigger (0 times).", reason, rule)
    return Lead(AnswerKind.NO, f"No — {card} doesn't trigger.", reason, rule)


def _ruling(res: Resolution, asked: Asked | None) -> Lead:
    return Lead(AnswerKind.RULING, str(res.ruling.get("text", "")), "", None)


def _what(res: Resolution, asked: Asked) -> Lead:
    """ "What happens?": the ruling line; "life?", "what's his life after?": the life total asked about first;
    "who draws what?" when the asker's own choice changes who draws: both lines of that choice."""
    if asked.measure is AskedMeasure.LIFE:
        return _life(res, asked)
    return _own_choice(res) or _ruling(res, asked)


def _own_choice(res: Resolution) -> Lead | None:
    """The asker's own choice that changes who draws what or who loses (the order of Thought Reflection and an
    opponent's Notion Thief): both lines, never the one the engine took stated as the ruling (it was the worse
    line for the asker, the other behind a button)."""
    chooser, lines = _differs(res, "You", lambda doc: (tuple(
        sorted((n, p.get("drawn_this_turn")) for n, p in doc.get("players", {}).items())),
        tuple(doc.get("losers", ())), tuple(doc.get("winners", ()))))
    return _choice(res, chooser, lines) if lines and chooser == "You" else None


LEADS: dict[AskedKind, Callable[[Resolution, Asked], Lead]] = {
    AskedKind.LOSE: _lose,
    AskedKind.WIN: _win,
    AskedKind.COUNT: _count,
    AskedKind.LIFE: _life,
    AskedKind.CAN: _can,
    AskedKind.TRIGGER: _trigger,
    AskedKind.WHAT_IF: _ruling,
    AskedKind.WHAT: _what,
}


def lead_of(res: Resolution) -> Lead:
    """The first words of the answer to ``res.asked`` (the ruling line when nothing was asked), with the
    trap when there is one."""
    if res.asked is None:  # no question: the ruling, or both lines of a choice that is the asker's
        return _own_choice(res) or _ruling(res, None)
    lead = LEADS[res.asked.kind](res, res.asked)
    if lead.kind is AnswerKind.RULING:
        return lead
    trap, trap_rule = trap_of(res, _person(res, res.asked))
    if trap:
        lead = Lead(lead.kind, lead.text, lead.reason, lead.rule, trap, trap_rule, lead.lines)
    return lead


def lead_from_json(doc: dict[str, Any]) -> Lead:
    """A lead back from its JSON (a worker process hands resolutions over as JSON-able records)."""
    return Lead(AnswerKind(doc.get("kind", "ruling")), str(doc.get("text", "")), str(doc.get("reason", "")),
                doc.get("rule"), str(doc.get("trap", "")), doc.get("trap_rule"),
                tuple(Line(str(x["said"]), str(x["outcome"])) for x in doc.get("lines", ())))
