"""The answer to a question about the asker's team in Two-Headed Giant: "do we lose?", "how many does my team
draw?".

Why apart from ``answer_lead``: a team wins and loses as one (810.8a) and its players' draws are counted
together, so the words differ from a one-player answer; the reader says the question is about a team
(``Asked.team``, the players of the asker's team), and these functions word it.
"""

from __future__ import annotations

from engine.model import Resolution
from engine.question import Asked
from engine.question_words import AskedMeasure
from engine.ruling import drawn_counts


def _team(res: Resolution, asked: Asked) -> tuple[list[str], str]:
    team = [p for p in asked.team if p in res.players]
    return team, f"your team ({' and '.join('you' if p == 'You' else p for p in team)})"


def team_outcome(res: Resolution, asked: Asked, lose: bool, so_wins: str) -> tuple[bool, str]:
    """(whether the answer is Yes, its words) for "do we lose?" (``lose``) or "do we win?"; "do we survive?"
    (a lose question turned round) swaps Yes and No."""
    team, named = _team(res, asked)
    lost, won = any(p in res.losers for p in team), any(p in res.winners for p in team)
    if asked.measure is AskedMeasure.ALIVE:
        if lost:
            return False, f"No — {named} loses the game{so_wins}."
        return True, f"Yes — {named} doesn't lose" + (" and wins the game." if won else ".")
    if lost:
        return lose, f"{'Yes' if lose else 'No'} — {named} loses the game{so_wins if lose else ''}."
    if won:
        return not lose, f"{'No' if lose else 'Yes'} — {named} wins the game."
    return False, f"No — {named} doesn't lose." if lose else f"No — and {named} doesn't lose either."


def team_count(res: Resolution, asked: Asked) -> str:
    """ "How many does my team draw?": the cards both teammates draw, each one's said."""
    team, named = _team(res, asked)
    counts = drawn_counts(res)
    n = sum(counts.get(p, 0) for p in team)
    drawn = f"{n:,} card{'' if n == 1 else 's'}" if n else "no card"
    each = ", ".join(f"{'you' if p == 'You' else p} {counts.get(p, 0)}" for p in team)
    return f"{named[0].upper()}{named[1:]} draws {drawn} ({each})."


def team_draws(res: Resolution, asked: Asked) -> tuple[bool, str]:
    """ "Do we draw?": whether the team's players draw, and how many each."""
    team, named = _team(res, asked)
    counts = drawn_counts(res)
    n = sum(counts.get(p, 0) for p in team)
    if not n:
        return False, f"No — {named} draws no card."
    each = ", ".join(f"{'you' if p == 'You' else p} {counts.get(p, 0)}" for p in team)
    return True, f"Yes — {named} draws {n:,} card{'' if n == 1 else 's'} ({each})."
