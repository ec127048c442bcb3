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
from dataclasses import replace
from typing import Any

from engine.answer_chooser import chooser_lead
from engine.answer_counts import count_lead, life_lead
from engine.answer_model import AnswerKind, Lead, Line, lead_from_json
from engine.answer_parts import (
    cards_said,
    choice_lead,
    chooser_of,
    count_of,
    differs,
    does_said,
    outcome_of,
    own_choice_lines,
    person_asked,
    reason_and_rule,
    ruling_lead,
    told_player,
)
from engine.answer_team import team_draws, team_outcome
from engine.answer_traps import trap_of
from engine.model import CHANCE, UNCHECKED_RESTRICTION, Resolution, Step
from engine.question import Asked, AskedKind
from engine.question_words import MUST, OUT, STOP, TOKENS, AskedMeasure
from engine.ruling import drawn_counts, reason_of
from engine.wording import sentence

__all__ = ["AnswerKind", "Lead", "Line", "lead_from_json", "lead_of", "outcome_of", "own_choice_lines", "chooser_of"]


def _lose(res: Resolution, asked: Asked) -> Lead:
    who = person_asked(res, asked)
    chooser, lines = differs(res, who, lambda doc: who in doc.get("losers", ()))
    if lines:
        return choice_lead(res, chooser, lines)
    if asked.team:
        return _team_outcome(res, asked, lose=True)
    if asked.measure is AskedMeasure.ALIVE:  # "do I survive?": "do I lose?" turned round, Yes and No swap
        return _survive(res, who)
    if asked.measure is AskedMeasure.WHO:  # "who loses?": not a yes/no question; the ruling names the players
        return ruling_lead(res, asked)
    if asked.player is None and res.losers and who not in res.losers:
        # a bare "dead?", "anyone dead?": whether someone loses, answered with who ("he's at 5. dead?" was
        # answered "No — you win the game", a No that reads as "he survives")
        losers = " and ".join("you" if p == "You" else p for p in res.losers)
        verb = "lose" if len(res.losers) > 1 else "loses"
        reason, rule = reason_and_rule(res)
        return Lead(AnswerKind.YES, sentence(f"Yes — {losers} {verb} the game{_so_wins(res)}."), reason, rule)
    if asked.player is None and not res.losers and _THEY.search(asked.words or ""):
        # "do they die?" of several players: no one of them loses (it was answered for the asker)
        reason, rule = reason_and_rule(res)
        return Lead(AnswerKind.NO, "No — nobody loses the game.", reason, rule)
    if who in res.losers:
        text = f"Yes — {does_said(who, 'lose', 'loses')} the game{_so_wins(res)}."
    elif who in res.winners:
        text = f"No — {does_said(who, 'win', 'wins')} the game."
    else:
        text = "No — " + does_said(who, "don't", "doesn't") + " lose."
    reason, rule = reason_and_rule(res)
    return Lead(AnswerKind.YES if who in res.losers else AnswerKind.NO, sentence(text), reason, rule)


# "do they lose?", "are they dead?": a question about several players at once
_THEY = re.compile(r"\b(?:do|does|did|will|would|are|can) they\b", re.I)


def _so_wins(res: Resolution) -> str:
    """", so Opponent wins" after a loss: who wins by it (nothing in a draw game)."""
    if not res.winners or res.draw_game:
        return ""
    verb = "win" if res.winners == ["You"] or len(res.winners) > 1 else "wins"
    return f", so {' and '.join(res.winners)} {verb}"


def _survive(res: Resolution, who: str) -> Lead:
    """ "Do I survive?": Yes when ``who`` doesn't lose, No (with who wins) when they do."""
    reason, rule = reason_and_rule(res)
    if who in res.losers:
        return Lead(AnswerKind.NO, sentence(f"No — {does_said(who, 'lose', 'loses')} the game{_so_wins(res)}."),
                    reason, rule)
    also = f" and {does_said(who, 'win', 'wins')} the game" if who in res.winners else ""
    not_lose = does_said(who, "don't", "doesn't")
    return Lead(AnswerKind.YES, sentence(f"Yes — {not_lose} lose{also}."), reason, rule)


def _win(res: Resolution, asked: Asked) -> Lead:
    who = person_asked(res, asked)
    chooser, lines = differs(res, who, lambda doc: who in doc.get("winners", ()))
    if lines:
        return choice_lead(res, chooser, lines)
    if asked.measure is AskedMeasure.WHO:  # "who wins?": the ruling line names the players
        return ruling_lead(res, asked)
    if asked.team:
        return _team_outcome(res, asked, lose=False)
    if who in res.winners:
        text = f"Yes — {does_said(who, 'win', 'wins')} the game."
    elif who in res.losers:
        text = f"No — {does_said(who, 'lose', 'loses')} the game."
    else:
        text = "No — and " + does_said(who, "don't", "doesn't") + " lose either."
    stopped = next((s for s in res.steps if s.kind == "no_win" and s.player == who), None)
    # "do I win?" when a win was stopped (Platinum Angel, 104.3): that is the reason, not the draw that led there
    reason, rule = reason_of(stopped) if stopped is not None else reason_and_rule(res, asked.card)
    return Lead(AnswerKind.YES if who in res.winners else AnswerKind.NO, sentence(text), reason, rule)


def _acted(res: Resolution, card: str) -> Step | None:
    return next((s for s in res.steps if s.source and s.source.lower() == card.lower()
                 and s.kind not in ("prohibited", "why_not", "excepted")), None)


def _stopped(res: Resolution, card: str) -> Step | None:
    return next((s for s in res.steps if s.kind in ("why_not", "excepted") and s.source
                 and s.source.lower() == card.lower()), None)


def _can(res: Resolution, asked: Asked) -> Lead:
    # "does player 1 draw a card?" with no player the reader could name: about the player told to draw, never
    # a "No." for the asker beside a reason that says someone else draws
    who = person_asked(res, asked) if asked.player else told_player(res) or person_asked(res, asked)
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
            return choice_lead(res, who, own_choice_lines(res, who), prefix="Yes — ")
        return ruling_lead(res, asked)  # the card played no part the engine can name: the ruling, not a guess
    # a line whose player draws from an empty library draws no card but loses (704.5b): it differs too
    drawn_or_lost = lambda doc: (count_of(who, "drawn_this_turn")(doc), who in doc.get("losers", ()))  # noqa: E731
    askers = differs(res, "You", drawn_or_lost)  # the asker's own decision first (the tax they may pay)
    theirs = differs(res, who, drawn_or_lost) if who != "You" else askers
    if asked.act == MUST and theirs[0] == who:  # "do I have to draw?" of their own "may": No, and both lines
        return choice_lead(res, who, theirs[1], prefix="No — ")
    if asked.act is not None and asked.act not in (STOP, MUST):  # "can I dredge?": that act, not whether one draws
        return ACT_LEADS.get(asked.act, ruling_lead)(res, asked)
    chooser, lines = askers if askers[1] else theirs
    if lines:  # "does he draw?" when the asker or he decides it (Rhystic Study's tax, his "may"): both lines
        return choice_lead(res, chooser, lines)
    if asked.team and not asked.number:  # "do we draw?" in Two-Headed Giant: the team's draws
        return _yes_no(team_draws(res, asked), res, asked)
    n = drawn_counts(res).get(who, 0)
    reason, rule = reason_and_rule(res)
    wanted = asked.number or 0
    if wanted >= 2 and n != wanted:  # "do I draw 2?" when one card is drawn: No, and the number ("a card": any)
        drawn = ("only " if n < wanted else "") + cards_said(n) if n else "no card"
        return Lead(AnswerKind.NO, sentence(f"No — {does_said(who, 'draw', 'draws')} {drawn}."), reason, rule)
    if n:
        return Lead(AnswerKind.YES, sentence(f"Yes — {does_said(who, 'draw', 'draws')} {cards_said(n)}."), reason, rule)
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
    return ruling_lead(res, asked)


def _miracle(res: Resolution, asked: Asked) -> Lead:
    """ "Can I miracle it?": only the first card a player draws in a turn can be revealed for its miracle
    cost (702.94a): Yes when this action draws the turn's first card (the library's top card, when said)."""
    who = person_asked(res, asked)
    before = res.before.get(who, {}).get("drawn_this_turn")
    if before is None or not drawn_counts(res).get(who):
        return ruling_lead(res, asked)
    if before:
        return Lead(AnswerKind.NO, "No.", f"{does_said(who, 'have', 'has')} already drawn a card this turn, and "
                    "miracle works only on the first card drawn in a turn", "702.94a")
    tops = res.before.get(who, {}).get("library_top") or []
    named = _miracle_card(asked.words)
    if named and (not tops or tops[0].lower() != named.lower()):
        return Lead(AnswerKind.YES, f"Yes, only if {named} is the top card of the library, the first card "
                    f"{does_said(who, 'draw', 'draws')} this turn.", f"{does_said(who, 'have', 'has')} drawn no card "
                    f"this turn yet; {named} was not said to be on top, and a card drawn after the first can't be "
                    "cast for its miracle cost", "702.94a")
    top = (tops or ["the top card of the library"])[0]
    first = f"{top} is the first card {does_said(who, 'draw', 'draws')} this turn"
    return Lead(AnswerKind.YES, "Yes.", first, "702.94a")


# "can she miracle Terminus?", "can she cast Terminus for its miracle cost?": the card the question names
_MIRACLE_CARD = re.compile(r"\bmiracle (?!(?:it|that|this|them|one|cost)\b)(?P<a>[\w,' -]{2,40}?)\W*$|"
                           r"\bcast (?!(?:it|that|this|them)\b)(?P<b>[\w,' -]{2,40}?) (?:for|with|using) "
                           r"(?:its|the) miracle\b", re.I)


def _miracle_card(words: str) -> str:
    m = _MIRACLE_CARD.search(words)
    return (m.group("a") or m.group("b") or "").strip() if m else ""



def _out(res: Resolution, asked: Asked) -> Lead:
    """ "Can I wheel him out?": Yes when the act makes another player lose and not the one acting; No, naming who
    doesn't lose, when nobody else does; both losing (a drawn game, 104.4a) is the ruling as it is."""
    acting = person_asked(res, asked)
    others = [p for p in res.players if p != acting]
    victims = [p for p in others if p in res.losers]
    reason, rule = reason_and_rule(res)
    if victims and acting not in res.losers:
        lost = " and ".join(victims)
        return Lead(AnswerKind.YES, sentence(f"Yes — {lost} {'loses' if len(victims) == 1 else 'lose'} the game."),
                    reason, rule)
    if not victims:
        said = "nobody else loses" if len(others) != 1 else does_said(others[0], "don't", "doesn't") + " lose"
        return Lead(AnswerKind.NO, sentence(f"No — {said}."), reason, rule)
    return ruling_lead(res, asked)



def _keep(res: Resolution, asked: Asked) -> Lead:
    """ "Can I keep one card?" (Sylvan Library's pay 4 life or put back): No when the life can't be paid (119.4),
    Yes when a card was kept; else the ruling."""
    refused = next((s for s in res.steps if s.kind == "why_not" and "119.4" in s.rules), None)
    if refused is not None:
        return Lead(AnswerKind.NO, "No.", *reason_of(refused))
    kept = next((s for s in res.steps if s.kind == "sylvan" and s.amount), None)  # the cards kept, as data
    if kept is not None:
        return Lead(AnswerKind.YES, "Yes.", *reason_of(kept))
    return ruling_lead(res, asked)


def _get_tokens(res: Resolution, asked: Asked) -> Lead:
    """ "Do I get a treasure?": the tokens the player gets, led by Yes or No (it was the draw asked: "No." beside
    Smothering Tithe's three Treasures); a choice that decides it keeps both lines."""
    counted = count_lead(res, replace(asked, measure=AskedMeasure.TOKENS))
    if counted.kind is not AnswerKind.COUNT:
        return counted
    none = counted.text.startswith("No ") or " no " in counted.text
    first = counted.text.split(" ", 1)[0]  # "You get 3 Treasures." → "you get ...", a player's name kept
    said = counted.text[0].lower() + counted.text[1:] if first in ("You", "No") else counted.text
    text = ("No — " if none else "Yes — ") + said
    return Lead(AnswerKind.NO if none else AnswerKind.YES, text, counted.reason, counted.rule)


ACT_LEADS: dict[str, Callable[[Resolution, Asked], Lead]] = {"dredge": _dredge, "miracle": _miracle, OUT: _out,
                                                             "keep": _keep, TOKENS: _get_tokens}


def _trigger(res: Resolution, asked: Asked) -> Lead:
    card = asked.card
    if not card:
        return ruling_lead(res, asked)
    own = [t for t in res.triggers if t.source.lower() == card.lower()]
    times = sum(t.count for t in own)
    rule = next((t.rules[0] for t in own if t.rules), None)
    how_many = asked.measure is AskedMeasure.TIMES
    if times:
        said = "once" if times == 1 else "twice" if times == 2 else f"{times:,} times"
        text = f"{card} triggers {said}" if how_many else f"Yes — {card} triggers {said}"
        return Lead(AnswerKind.COUNT if how_many else AnswerKind.YES, text + (f" ({rule})." if rule else "."))
    excepted = next((s for s in res.steps if s.kind == "excepted" and (s.source or "").lower() == card.lower()),
                    None)  # "opp has Bowmasters, I draw for the turn": the exception its words make is why
    reason, rule = reason_of(excepted) if excepted is not None else reason_and_rule(res, card)
    if how_many:
        return Lead(AnswerKind.COUNT, f"{card} doesn't trigger (0 times).", reason, rule)
    return Lead(AnswerKind.NO, f"No — {card} doesn't trigger.", reason, rule)


def _what(res: Resolution, asked: Asked) -> Lead:
    """ "What happens?": the ruling line; "life?", "what's his life after?": the life total asked about first;
    "who draws what?" when the asker's own choice changes who draws: both lines of that choice."""
    if asked.measure is AskedMeasure.LIFE:
        return life_lead(res, asked)
    if asked.measure is AskedMeasure.CHOOSER:  # "who decides if he pays?": that player, not the asker's lines
        return chooser_lead(res, asked, _own_choice)
    return _own_choice(res) or ruling_lead(res, asked)


def _own_choice(res: Resolution) -> Lead | None:
    """The asker's own choice that changes who draws what or who loses (the order of Thought Reflection and an
    opponent's Notion Thief): both lines, never the one the engine took stated as the ruling (it was the worse
    line for the asker, the other behind a button)."""
    def measure(doc: dict[str, Any]) -> Any:
        return (tuple(sorted((n, p.get("drawn_this_turn")) for n, p in doc.get("players", {}).items())),
                tuple(doc.get("losers", ())), tuple(doc.get("winners", ())))

    # the asker's choice first; else another player's ("who draws what?" when the opponent orders Thought
    # Reflection and the asker's Notion Thief: the line the engine took was stated as the ruling, the other hidden)
    for name in dict.fromkeys(("You", *res.players)):
        chooser, lines = differs(res, name, measure)
        if lines and chooser == name:
            return choice_lead(res, chooser, lines)
    return None


def _count(res: Resolution, asked: Asked) -> Lead:
    """ "How many times does it trigger?", "how many pings?": the card's triggers; any other count its measure's."""
    if asked.measure is AskedMeasure.TIMES:
        return _trigger(res, asked) if asked.card else ruling_lead(res, asked)  # no card named: every line
    return count_lead(res, asked)


LEADS: dict[AskedKind, Callable[[Resolution, Asked], Lead]] = {
    AskedKind.LOSE: _lose,
    AskedKind.WIN: _win,
    AskedKind.COUNT: _count,
    AskedKind.LIFE: life_lead,
    AskedKind.CAN: _can,
    AskedKind.TRIGGER: _trigger,
    AskedKind.WHAT_IF: ruling_lead,
    AskedKind.WHAT: _what,
}


def _with_condition(res: Resolution, lead: Lead) -> Lead:
    """A Yes, No or number that rests on a condition of the board the engine assumed ("if you control a red
    permanent": colours are not tracked) says so in the same line, with the other answer: the condition is a
    fact the player knows and the answer doesn't, never a choice to list below."""
    if lead.kind not in (AnswerKind.YES, AnswerKind.NO, AnswerKind.COUNT, AnswerKind.CHOICE):
        return lead
    for branch in res.branches:
        keys = list(branch.get("choices", {}))
        other = str((branch.get("answer") or {}).get("text", ""))
        if len(keys) == 1 and keys[0].startswith("condition:") and other and other != lead.text:
            words = keys[0].split(":", 1)[1]
            said = "true" if branch["choices"][keys[0]] is False else "false"
            # a choice the condition opens ("Raid — if you attacked this turn, you may draw"): the condition
            # first, then the choice's lines (its "draws 1" line was the whole answer, the condition unsaid)
            text = f"If “{words}” is {said} (as the answer assumes; otherwise: {other.rstrip('.')}), " \
                   f"{re.sub(r'^Your ', 'your ', lead.text)}" if lead.kind is AnswerKind.CHOICE else \
                   f"{lead.text.rstrip('.')} — if “{words}” is {said}, as the answer assumes; otherwise: {other}"
            return Lead(lead.kind, text, lead.reason, lead.rule, lead.trap, lead.trap_rule, lead.lines)
    return lead


def _with_chance(res: Resolution, lead: Lead) -> Lead:
    """A Yes, No or number that rests on a mode chosen at random ("choose one at random —": no player chooses,
    700.2) says so, with each other result: the line the engine followed is one of several, never the whole."""
    if lead.kind not in (AnswerKind.YES, AnswerKind.NO, AnswerKind.COUNT):
        return lead
    others = [b for b in res.branches if b.get("chooser") == CHANCE and len(b.get("choices", {})) == 1]
    said = {str(v): str((b.get("answer") or {}).get("text", "")) for b in others for v in b["choices"].values()}
    said = {mode: text for mode, text in said.items() if text and text != lead.text}
    if not said:
        return lead
    main = str(others[0].get("main", ""))  # "mode:<card> = <mode>", or "<card>: the ability “<mode>”"
    main = main.partition(" = ")[2] or main.partition("“")[2].rpartition("”")[0]
    rest = "; ".join(f"if “{mode}”: {text.rstrip('.')}" for mode, text in said.items())
    text = f"{lead.text.rstrip('.')} — if the mode chosen at random is “{main}”, as the answer assumes; otherwise, " \
           f"{rest}."
    return Lead(lead.kind, text, lead.reason, lead.rule, lead.trap, lead.trap_rule, lead.lines)


_UNCHECKED = re.compile(rf"“(?P<words>activate (?:this ability )?only if [^”]+)” — {re.escape(UNCHECKED_RESTRICTION)}")


def _with_restriction(res: Resolution, lead: Lead) -> Lead:
    """A Yes, No or number from an activation whose "Activate only if ..." the engine can't check (602.5b: "if
    you have the city's blessing") says it rests on it, and what happens otherwise: the ability can't be
    activated. It was a plain "Alice draws 1", the restriction left in the notes."""
    if lead.kind not in (AnswerKind.YES, AnswerKind.NO, AnswerKind.COUNT):
        return lead
    found = next((m for s in res.steps if s.kind == "assumption" and (m := _UNCHECKED.search(s.text))), None)
    if found is None:
        return lead
    text = f"{lead.text.rstrip('.')} — if “{found['words']}” holds, as the answer assumes; otherwise the ability " \
           f"can't be activated (602.5b), and nothing of it happens."
    return Lead(lead.kind, text, lead.reason, lead.rule, lead.trap, lead.trap_rule, lead.lines)


def _with_uncarried(res: Resolution, lead: Lead) -> Lead:
    """A Yes, No or number whose other line of a choice the engine can't carry out ("you may blight 2. If you do,
    you draw a card and lose 1 life" at 1 life: "No — you don't lose" was all the lead said) says the answer is
    the line it takes, and which choice it could not follow: a partial answer is never presented as whole."""
    if lead.kind not in (AnswerKind.YES, AnswerKind.NO, AnswerKind.COUNT):
        return lead
    if not res.uncarried:
        return lead
    text = (f"{lead.text.rstrip('.')} — with the choice the answer takes; if {res.uncarried[0]}, that line is "
            "one I can't carry out (see the notes).")
    return Lead(lead.kind, text, lead.reason, lead.rule, lead.trap, lead.trap_rule, lead.lines)


def lead_of(res: Resolution) -> Lead:
    """The first words of the answer to ``res.asked`` (the ruling line when nothing was asked), with the
    trap when there is one."""
    if res.asked is None:  # no question: the ruling, or both lines of a choice that is the asker's
        return _own_choice(res) or ruling_lead(res, None)
    lead = LEADS[res.asked.kind](res, res.asked)
    if lead.kind is AnswerKind.RULING:
        return lead
    lead = _with_uncarried(res, _with_restriction(res, _with_chance(res, _with_condition(res, lead))))
    trap, trap_rule = trap_of(res, person_asked(res, res.asked))
    if trap:
        lead = Lead(lead.kind, lead.text, lead.reason, lead.rule, trap, trap_rule, lead.lines)
    return lead


def _team_outcome(res: Resolution, asked: Asked, lose: bool) -> Lead:
    """ "Do we lose?", "do we win?" in Two-Headed Giant: the asker's team, as one (``engine.answer_team``)."""
    return _yes_no(team_outcome(res, asked, lose, _so_wins(res)), res, asked)


def _yes_no(said: tuple[bool, str], res: Resolution, asked: Asked) -> Lead:
    return Lead(AnswerKind.YES if said[0] else AnswerKind.NO, sentence(said[1]), *reason_and_rule(res, asked.card))

