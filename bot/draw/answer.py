"""A /draw answer as data, in the order a judge says it: the answer to the question asked (or the ruling),
its reason and trap, how the question was read, what was assumed (and what happens if an assumption is wrong),
what changed for each player, the steps, the other choices, the rules cited.

Why data: Discord (embeds and buttons) and the terminal (plain text) render the same ``DrawAnswer``; neither
re-words it, so they cannot drift apart. Text from the player is kept as typed here; each renderer escapes it
for its medium.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.answer_lead import Lead, lead_from_json, lead_of, outcome_of
from engine.game_words import in_game_words
from engine.model import Resolution
from engine.situation.given import Situation
from engine.wording import sentence

# Counts shown per player, in this order; hand and library always, the others when they changed.
COUNTED = ("hand", "library", "graveyard", "exile", "memory", "life", "poison")
ALWAYS = ("hand", "library")


@dataclass(frozen=True)
class PlayerChange:
    player: str
    counts: tuple[tuple[str, int, int], ...]  # (what, before, after)
    result: str = ""  # "loses the game" | "wins the game" | ""

    @property
    def changed(self) -> bool:
        return bool(self.result) or any(before != after for _what, before, after in self.counts)

    def said(self) -> str:
        parts = [f"{what} {before:,} → {after:,}" if before != after else f"{what} {after:,}"
                 for what, before, after in self.counts]
        return ", ".join(parts) + (f" — {self.result}" if self.result else "")


@dataclass(frozen=True)
class AnswerStep:
    text: str
    rules: tuple[str, ...]
    times: int = 1


@dataclass(frozen=True)
class WhatIf:
    """Another line: a choice made otherwise, or a defaulted fact otherwise; re-resolved on demand."""

    label: str  # "You apply Golgari Thug first", "If you already drew a card this turn"
    ruling: str  # that line's ruling
    rules: tuple[str, ...]
    choices: dict[str, Any] | None = None
    assume: str | None = None
    short: str = ""  # the outcome alone ("Opponent draws 2 cards."), for the answer's one screen

    @property
    def button(self) -> str:
        """The button's words: "What if you already drew a card this turn", "What if you apply X first"."""
        label = self.label[3:] if self.label.startswith("If ") else self.label
        return "What if " + ("you" + label[3:] if label.startswith("You ") else label)

    @property
    def key(self) -> tuple[dict[str, Any] | None, str | None]:
        return self.choices, self.assume


@dataclass(frozen=True)
class DrawAnswer:
    situation: Situation  # what was resolved, its options with it (a "what if" re-resolves it)
    lead: Lead  # the answer to the question asked (the ruling line when nothing was asked), typed by its kind
    ruling: str
    ruling_rules: tuple[str, ...]
    understood: tuple[tuple[str, str], ...]  # (fact, the words it came from)
    assumed: tuple[str, ...]
    otherwise: tuple[WhatIf, ...]  # assumptions that change the outcome, with the other outcome
    changes: tuple[PlayerChange, ...]
    steps: tuple[AnswerStep, ...]
    alternatives: tuple[WhatIf, ...]  # choices that change the outcome
    differences: tuple[str, ...]
    notes: tuple[str, ...]
    citations: tuple[str, ...]
    edition: str  # the edition's name ("2026-01-16", "2008")
    edition_label: str  # "Magic CR 2026-01-16"
    game: str = "mtg"
    links: bool = True  # citations may link to today's hyperlinked rules (same text)

    @property
    def what_ifs(self) -> tuple[WhatIf, ...]:
        return self.otherwise + self.alternatives


def _changes(res: Resolution) -> tuple[PlayerChange, ...]:
    out = []
    for name, after in res.players.items():
        before = res.before.get(name, {})
        counts = tuple((in_game_words(what, res.game), int(before.get(what, 0)), int(after.get(what, 0)))
                       for what in COUNTED if what in ALWAYS or before.get(what, 0) != after.get(what, 0))
        result = "loses the game" if after.get("lost") else "wins the game" if after.get("won") else ""
        out.append(PlayerChange(name, counts, result))
    return tuple(out)


# Steps that start something new (an instruction to draw, a spell cast, a trigger): a later step is never
# folded into a line above one of these, so folded lines stay in the order things happen.
FOLD_BARRIERS = frozenset({"instruction", "cast", "replaced_instruction", "trigger", "draw_step", "enters",
                           "stack", "delayed", "additional_action"})


def _folded(res: Resolution) -> tuple[AnswerStep, ...]:
    """Steps with the same words and rules said once, with how many times in all: a replacement applied to
    each of four draws is one line "×4". A step folds only into a line since the last step that started
    something new, so "Opponent draws a card ×14" never comes before "Opponent is instructed to draw 7"."""
    lines: list[list[Any]] = []  # [text, rules, times]
    open_from = 0  # lines before this index are closed to folding
    for step in res.steps:
        same = next((line for line in lines[open_from:] if line[0] == step.text and line[1] == step.rules), None)
        if same is not None:
            same[2] += step.repeat
            continue
        lines.append([step.text, step.rules, step.repeat])
        if step.kind in FOLD_BARRIERS:
            open_from = len(lines) - 1 if step.kind != "instruction" else len(lines)
    return tuple(AnswerStep(text, rules, times) for text, rules, times in lines)


def _ruling(doc: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    return str(doc.get("text", "")), tuple(doc.get("rules", ()))


def _line(doc: dict[str, Any]) -> dict[str, Any]:
    """Another line's words: its answer to the question asked ("No — and you don't lose either. ..."), else
    its ruling; and its outcome alone, for the one screen."""
    answer = doc.get("answer") or {}
    if answer.get("kind", "ruling") != "ruling":
        lead = lead_from_json(answer)
        short = lead.text + "".join(f" {line.said} → {line.outcome}." for line in lead.lines)
        return {"ruling": lead.said(), "rules": lead.rules, "short": short}
    text, rules = _ruling(doc.get("ruling", {}))
    return {"ruling": text, "rules": rules, "short": outcome_of(text)}


# Decisions the engine makes for a fact nobody stated (what an unknown card is, whether a condition holds): the
# answer says them with the assumptions ("If your top card is a creature card: ..."), not as players' choices.
UNKNOWN_FACTS = frozenset({"top_is_creature", "creatures_revealed", "condition"})


def _is_fact(branch: dict[str, Any]) -> bool:
    keys = list(branch.get("choices", {}))
    return bool(keys) and all(k.partition(":")[0] in UNKNOWN_FACTS for k in keys)


def _said(branch: dict[str, Any]) -> str:
    return str(branch.get("said") or branch["choice"])


def _branch(branch: dict[str, Any], label: str) -> WhatIf:
    """An other line of the engine's alternatives, re-resolved with its choices."""
    return WhatIf(label, **_line(branch), choices=dict(branch.get("choices", {})))


def draw_answer(res: Resolution, situation: Situation | str, *, edition_label: str = "",
                links: bool = True) -> DrawAnswer:
    """The answer to a /draw question from its resolution."""
    ruling, ruling_rules = _ruling(res.ruling)
    otherwise = tuple(WhatIf(o["if"], **_line(o), assume=o["assumption"]) for o in res.other_outcomes)
    otherwise += tuple(_branch(b, sentence("If " + _said(b))) for b in res.branches if _is_fact(b))
    alternatives = tuple(_branch(b, _said(b)) for b in res.branches if not _is_fact(b))
    lead = lead_from_json(res.answer) if res.answer else lead_of(res)
    return DrawAnswer(
        situation=Situation.of(situation), lead=lead, ruling=ruling, ruling_rules=ruling_rules,
        understood=tuple((f["fact"], f.get("words", "")) for f in res.understood),
        assumed=tuple(res.assumed), otherwise=otherwise, changes=_changes(res), steps=_folded(res),
        alternatives=alternatives, differences=tuple(res.differences), notes=tuple(dict.fromkeys(res.notes)),
        citations=tuple(res.rules), edition=res.edition, edition_label=edition_label or f"rules {res.edition}",
        game=res.game, links=links)
