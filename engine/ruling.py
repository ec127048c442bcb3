"""The ruling in one line, as a judge says it first: who ends up drawing (or losing), and the effect and rule
that decided it ("Opponent draws 1 card and you draw none: Notion Thief replaces your 4 draws (614.1a)").

Why in the engine: every front end (Discord, console, ``drawjudge resolve``, the JSON) must give the same
headline, so it is computed once from the resolution's structure (each step's kind, player and source), never
from its wording.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.model import Resolution, Step, TriggerRecord
from engine.wording import sentence

# The rule a judge would quote for each kind of deciding step, most telling first; else the step's first rule
# (a historical edition cites its own numbers first).
DECIDING_RULES: dict[str, tuple[str, ...]] = {
    "replaced_draw": ("614.1a",),
    "replaced_instruction": ("614.1a", "121.2a"),
    "prohibited": ("121.2b", "614.17", "101.2"),
    "loss": ("704.5b", "704.5a", "704.5c", "104.3e"),
    "no_loss": ("104.3",),
    "no_win": ("104.3",),
    "win": ("104.2b",),
    "empty_draw": ("121.4", "704.5b"),
    "why_not": ("614.17c", "702.52b"),
    "skip": ("614.1b", "614.10"),
    "delayed": ("603.7",),
}


@dataclass(frozen=True)
class Ruling:
    text: str
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "rules": list(self.rules)}


# Rules that decide together with a game-ending step's own rule: state-based actions checked between two
# triggers' resolutions (704.3), a team that wins or loses as one (810.8a).
COMPANION_RULES = ("704.3", "810.8a")


def _rule_of(step: Step) -> str | None:
    """The deciding rule of a step."""
    first = next((n for n in DECIDING_RULES.get(step.kind, ()) if n in step.rules), None)
    return first or (step.rules[0] if step.rules else None)


def _with_companions(res: Resolution, said: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """The game-ending reason's rule with its companions when they decided too ("704.5a, 704.3")."""
    ending = next((s for kind in ENDINGS for s in res.steps if s.kind == kind), None)
    if ending is None:
        return said
    extra = [n for n in COMPANION_RULES if n in ending.rules and n != _rule_of(ending)]
    mine = (_said_why(ending), _rule_of(ending))
    return [(text, ", ".join([rule, *extra]) if (text, rule) == mine and rule and extra else rule)
            for text, rule in said]


def _cards(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


def _names(names: list[str]) -> str:
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _agree(names: list[str], verb: str) -> str:
    """ "Player 2 and Player 3 lose", "Opponent loses" (the asker alone: "You loses" reads "You lose" later)."""
    return verb[:-1] if len(names) > 1 else verb


def drawn_counts(res: Resolution) -> dict[str, int]:
    """Cards each player drew during the resolution (from the counts before and after)."""
    out = {}
    for name, after in res.players.items():
        before = res.before.get(name, {})
        out[name] = max(0, after.get("drawn_this_turn", 0) - before.get("drawn_this_turn", 0))
    return out


def _instructed(res: Resolution) -> list[str]:
    """The players whose draws the question is about: the first to be told to draw, in the steps' order."""
    seen: list[str] = []
    for step in res.steps:
        if step.kind in ("draw", "replaced_draw", "prohibited", "empty_draw", "instruction") and step.player:
            if step.player not in seen:
                seen.append(step.player)
    return seen[:1]


def _headline(res: Resolution) -> str:
    if res.draw_game:
        return "The game is a draw: every player loses at the same time"
    if res.losers and not any(s.kind == "win" for s in res.steps):
        so = f", so {_names(res.winners)} {_agree(res.winners, 'wins')}" if res.winners else ""
        return f"{_names(res.losers)} {_agree(res.losers, 'loses')} the game" + so
    if res.winners:
        return f"{_names(res.winners)} {_agree(res.winners, 'wins')} the game"
    drawn = drawn_counts(res)
    drew = [f"{n} draws {_cards(k)}" for n, k in drawn.items() if k]
    none = [n for n in _instructed(res) if not drawn.get(n)]
    parts = drew + [f"{n} draws none" for n in none] if drew else []
    head = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else (parts[0] if parts else "")
    return head or "No card is drawn"


ENDINGS = ("win", "loss", "no_loss", "no_win")  # steps that end the game, or would have


def _said_why(step: Step) -> str:
    """A loss or a win in words: the why after "loses the game:", or the card whose effect it is; a win or a
    loss that an effect prevented, as the step says it."""
    if step.kind == "win":
        return f"{step.source}'s effect" if step.source else ""
    why = step.text.partition(": ")[2].rstrip(".")
    if why.endswith(" life") and why.split()[0].lstrip("-").isdigit():
        return f"a life total of {why.split()[0]}"  # "-1 life" alone reads as an amount lost
    if step.kind in ("no_win", "no_loss"):
        text = step.text.rstrip(".")
        return "you" + text[3:] if text.startswith("You ") else text
    return step.text.partition(": ")[2].rstrip(".") if ": " in step.text else step.text.rstrip(".")


def _of_whom(who: str | None) -> str:
    return f"{who}'s" if who else "the"


_REASONS: dict[str, Callable[[Step, int], str]] = {
    "replaced_draw": lambda s, n: f"{s.source} replaces {_of_whom(s.player)} "
                                  + ("draw" if n == 1 else f"{n:,} draws"),
    "replaced_instruction": lambda s, n: f"{s.source} replaces {_of_whom(s.player)} instruction to draw"
                                         + ("" if n == 1 else f" ({n:,} times)"),
    "prohibited": lambda s, n: f"{s.source} stops {_of_whom(s.player)} " + ("draw" if n == 1 else f"{n:,} draws"),
    "why_not": lambda s, n: (f"{s.source} can't replace a draw that can't happen" if "614.17c" in s.rules
                             else s.text.rstrip(".")),
    "skip": lambda s, n: f"{s.source} skips {_of_whom(s.player)} draw step",
    "delayed": lambda s, n: f"{s.source}'s draw waits for the next upkeep",
}


def reason_of(step: Step) -> tuple[str, str | None]:
    """One deciding step in words, with its rule ("Golgari Thug can't be used ...", "702.52b")."""
    said = _REASONS[step.kind](step, step.repeat) if step.kind in _REASONS and step.source else step.text.rstrip(".")
    return said, _rule_of(step)


def _triggers(res: Resolution) -> list[tuple[str, str | None]]:
    """One reason per card name: three opponents' Sheoldreds triggering twice each are "triggers 6 times (3 of
    them)", never one "triggers 2 times" that reads as the whole count."""
    by_name: dict[str, list[TriggerRecord]] = {}
    for t in res.triggers:
        by_name.setdefault(t.source, []).append(t)
    out: list[tuple[str, str | None]] = []
    # an ability whose part under "if"/"unless" didn't happen (608.2c: the tax paid): that is the reason, not
    # that it triggered ("No card is drawn: Rhystic Study triggers" read as if the trigger had stopped the draw)
    undone: dict[str, tuple[Step, int]] = {}
    for s in res.steps:
        if s.kind == "why_not" and s.source and "608.2c" in s.rules:
            first, n = undone.get(s.source, (s, 0))
            undone[s.source] = (first, n + s.repeat)
    for source, records in by_name.items():
        count = sum(t.count for t in records)
        step, n_undone = undone.get(source, (None, 0))
        if step is not None and n_undone >= count:
            out.append((step.text.rstrip("."), "608.2c"))
            continue
        if step is not None:  # "I pay for 1 of them": some did their part, some didn't
            out.append((f"{source} triggers {count:,} times, and {n_undone:,} of them did nothing: "
                        f"{step.text.rstrip('.')}", "608.2c"))
            continue
        copies = f" ({len(records)} of them)" if len(records) > 1 else ""
        said = "" if count == 1 else f" {count:,} times"
        out.append((f"{source} triggers{said}{copies}", records[0].rules[0] if records[0].rules else None))
    return out


# Reasons that act on draws: one card's effect on several players' draws is said once ("Spirit of the
# Labyrinth stops your draw, Bob's 2 draws and Player 3's draw").
_ACTS_ON_DRAWS = {"replaced_draw": "replaces", "prohibited": "stops"}


def _draws_of(player: str | None, n: int) -> str:
    return f"{_of_whom(player)} " + ("draw" if n == 1 else f"{n:,} draws")


def _said_grouped(grouped: dict[tuple[str, str | None, str | None], tuple[Step, int]]
                  ) -> list[tuple[str, str | None]]:
    merged: dict[tuple[str | None, ...], list[tuple[Step, int]]] = {}
    for (kind, source, player), (step, n) in grouped.items():
        key = (kind, source) if kind in _ACTS_ON_DRAWS else (kind, source, player)
        merged.setdefault(key, []).append((step, n))
    out = []
    for items in merged.values():
        step, n = items[0]
        if len(items) > 1:
            text = f"{step.source} {_ACTS_ON_DRAWS[step.kind]} " + _names([_draws_of(s.player, k) for s, k in items])
        else:
            text = _REASONS[step.kind](step, n)
        out.append((text, _rule_of(step)))
    return out


def _skipped_by_rule(res: Resolution) -> list[tuple[str, str | None]]:
    """A draw the game's own rules skip (the starting player's first draw, 103.8a): when no card's effect
    decided anything, the step says why, with its rule."""
    return [(s.text.rstrip("."), _rule_of(s)) for s in res.steps if s.kind == "skip" and not s.source]


def draw_reasons(res: Resolution, who: str) -> list[tuple[str, str | None]]:
    """What acted on ``who``'s draws (replacements and prohibitions, grouped by card): the reason of "how many
    does X draw?" when the ruling's own reason is another matter (a loss of another player: "You draw no card.
    Why: attempted to draw from an empty library" said nothing of the Notion Thief that took the draws)."""
    grouped: dict[tuple[str, str | None, str | None], tuple[Step, int]] = {}
    for step in res.steps:
        if step.kind in _REASONS and step.source and step.player == who:
            key = (step.kind, step.source, step.player)
            first, n = grouped.get(key, (step, 0))
            grouped[key] = (first, n + step.repeat)
    return _said_grouped(grouped)


def reasons(res: Resolution) -> list[tuple[str, str | None]]:
    """The deciding steps in words, at most three: a loss or a win first (or a win or loss an effect
    prevented), then replacements and prohibitions grouped by card and player (with how many draws each acted
    on), then the abilities that triggered."""
    ends = [(_said_why(step), _rule_of(step)) for kind in ENDINGS
            for step in [next((s for s in res.steps if s.kind == kind), None)] if step is not None]
    if ends and ends[0][1] is not None and res.game_over:
        return ends[:1]
    grouped: dict[tuple[str, str | None, str | None], tuple[Step, int]] = {}
    triggered = {t.source for t in res.triggers}
    for step in res.steps:
        if step.kind == "why_not" and "608.2c" in step.rules and step.source in triggered:
            continue  # a triggered ability's part that didn't happen: said with its triggers (_triggers)
        if step.kind in _REASONS and step.source:
            key = (step.kind, step.source, step.player)
            first, n = grouped.get(key, (step, 0))
            grouped[key] = (first, n + step.repeat)
    out = _said_grouped(grouped) + ends + _triggers(res)
    if out:
        return list(dict.fromkeys(out))[:3]
    if skipped := _skipped_by_rule(res):
        return skipped[:1]
    drew = next((s for s in res.steps if s.kind in ("empty_draw", "draw")), None)
    return [("", _rule_of(drew))] if drew is not None else []


def ruling_of(res: Resolution) -> Ruling:
    """One sentence: the outcome, then why, with the deciding rule of each reason in parentheses."""
    said_reasons = _with_companions(res, reasons(res))
    said = [f"{text} ({rule})" if rule else text for text, rule in said_reasons if text]
    text = _headline(res) + (": " + "; ".join(said) if said else "")
    if not said and said_reasons and said_reasons[0][1]:
        text += f" ({said_reasons[0][1]})"
    rules = tuple(dict.fromkeys(n for _text, rule in said_reasons if rule for n in rule.split(", ")))
    return Ruling(sentence(text) + ".", rules)
