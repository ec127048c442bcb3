"""Asking instead of guessing: ambiguities become questions with options, and unsaid controllers are asked
about only when they change the answer.

Why options carry a rewritten text: every front end (CLI JSON, console, Discord buttons) answers a question
the same way, by reading the option's text, so a question can never be answered differently in two places,
and the answer shows the player exactly what was read.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from engine.cards import CardDB
from engine.defaults import Default, controller_said
from engine.errors import Ambiguity, Clarification, Option, ScenarioError
from engine.question import Asked
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation.attach import Builder
from engine.situation.described import agree
from engine.situation.normalize import normalize_text
from engine.wording import owned_by

MAX_OPTIONS = 10
CHECK_BUDGET = 0.25  # seconds spent deciding whether an unsaid controller matters
OUT_OF_CHECK_TIME = "Say it, please: the situation is too large to check whether it matters."  # past the budget


def _replace_words(text: str, clause: str, words: str, new: str) -> str:
    """``text`` with the first ``words`` inside ``clause`` replaced (or the first anywhere)."""
    rx = re.compile(rf"(?<![\w']){re.escape(words)}(?![\w])", re.I)
    start = text.find(clause) if clause else -1
    if start >= 0 and rx.search(clause):
        return text[:start] + rx.sub(new, clause, count=1) + text[start + len(clause):]
    return rx.sub(new, text, count=1)


def from_ambiguity(amb: Ambiguity, b: Builder, clause: str) -> Clarification:
    options = [Option(label, _replace_words(b.text, clause, amb.words, words))
               for label, words in amb.readings[:MAX_OPTIONS]]
    return Clarification(amb.question, options, amb.words, clause)


def _outcome(doc: dict[str, Any], cards: CardDB) -> tuple[Any, ...] | None:
    try:
        res = resolve(scenario_from_json(doc, cards), cards, branches=False)
    except ScenarioError:
        return None
    return (sorted(res.losers), sorted(res.winners), res.draw_game,
            sorted((n, tuple(sorted(p.items()))) for n, p in res.players.items()))


def _with_card(doc: dict[str, Any], card: str, player: str) -> dict[str, Any]:
    out = {**doc, "players": [dict(p) for p in doc["players"]]}
    for p in out["players"]:
        if p["name"] == player:
            p["battlefield"] = [*p.get("battlefield", []), card]
    return out


def place_unowned(doc: dict[str, Any], unowned: list[str], b: Builder,
                  budget: float = CHECK_BUDGET) -> dict[str, Any]:
    """Give each permanent whose controller was not said a controller. A card a player names is named because
    it matters: when it changes the answer under one player's control only (Laboratory Maniac beside "I draw
    from an empty library"), it is that player's, said, with the outcome under another player's control as the
    other outcome; when it changes nothing whoever controls it, the asker's (said); when it would act under
    two players' control, a question. Deciding resolves the situation once per possible controller; past
    ``budget`` seconds the reader asks rather than assume."""
    names = [p["name"] for p in doc["players"]]
    default = "You" if "You" in names else names[0]
    deadline = time.perf_counter() + budget
    for card in unowned:
        acting = _acting_under(doc, card, names, b, deadline)
        if acting is None or len(acting) > 1:
            why = (OUT_OF_CHECK_TIME if acting is None
                   else "It changes the answer.")
            _ask_controller(b, card, why, [*acting, *[n for n in names if n not in acting]] if acting else
                            [default, *[x for x in names if x != default]])
        owner = acting[0] if acting else default
        doc = _with_card(doc, card, owner)
        if acting and len(names) > 1:
            doc.setdefault("defaulted", []).append(f"{Default.CONTROLLER}:{card}")
            b.assume(controller_said(card, owner))
        else:
            b.assume(f"{card}: its controller was not said; read as {owned_by(owner)} (it doesn't change the answer)")
    return doc


def _acting_under(doc: dict[str, Any], card: str, names: list[str], b: Builder,
                  deadline: float) -> list[str] | None:
    """The players whose control of ``card`` decides the outcome: none when it is the same whoever controls it
    (Howling Mine), else those under whom the card changes it (None: out of time to find out)."""
    outcomes: list[Any] = []
    for n in names:
        if time.perf_counter() > deadline:
            return None
        outcomes.append(_outcome(_with_card(doc, card, n), b.cards))
    if all(o == outcomes[0] for o in outcomes):
        return []
    without = _outcome(doc, b.cards)
    return [n for n, o in zip(names, outcomes, strict=True) if o != without]


def _ask_controller(b: Builder, card: str, why: str, order: list[str]) -> None:
    clause = next((c for k, c in b.unowned if k == card), "")
    options = [Option(f"{n} {agree(n, 'control')} {card}", f"{b.text} {_controls_sentence(n, card)}")
               for n in order[:MAX_OPTIONS]]
    raise Clarification(f"Who controls {card}? {why}", options, card, clause)


def _controls_sentence(name: str, card: str) -> str:
    said = {"You": "I control", "Opponent": "My opponent controls", "Teammate": "My teammate controls"}
    return f"{said.get(name, name + ' controls')} {card}."


PLAYER_COUNTS = (("2 players", " 2 players."), ("4 players", " 4 players."))  # the options: Duel Commander, a pod


def ask_player_count(doc: dict[str, Any], b: Builder, text: str, read: Callable[[str], dict[str, Any]]) -> None:
    """A multiplayer format (Commander) with no number of players said and only two players named: two players
    (Duel Commander, read again with the words added by ``read``) against the multiplayer rules; when they
    answer differently (the first turn's draw: 103.8a against 103.8c) the player is asked how many play,
    never guessed."""
    if doc.get("format") != "multiplayer" or len(doc["players"]) != 2:
        return
    try:  # the same players under two-player rules, against the multiplayer rules of the document
        two = _outcome(read(text + PLAYER_COUNTS[0][1]), b.cards)
    except (ScenarioError, Clarification):
        two = None
    if two != _outcome(doc, b.cards):
        raise Clarification("How many players are in this game? The first turn's draw depends on it (103.8).",
                            [Option(label, text + more) for label, more in PLAYER_COUNTS], "", "")


def with_question(asked: Clarification, question: Asked | None) -> Clarification:
    """``asked`` with the player's question kept in each option's text ("... do I win or lose?"), so that the
    answer to the option leads with Yes/No or the number, as the first ask would have. An option whose text
    already asks it is left as it is."""
    words = question_text(question)
    if not words:
        return asked
    options = [o if _asks(o.text, words) else Option(o.label, f"{o.text.rstrip()} {words}") for o in asked.options]
    kept = Clarification(asked.question, options, asked.words, asked.where)
    kept.hint = asked.hint
    return kept


def question_text(question: Asked | None) -> str:
    """The words of the question asked, as a sentence to put after a situation ("do i win or lose?")."""
    words = question.words.strip().rstrip(" ?.!,") if question is not None and question.words else ""
    return f"{words}?" if words else ""


def _asks(text: str, question: str) -> bool:
    """Whether ``text`` already asks ``question`` (as the reader reads it: "do you draw" is "do I draw")."""
    said = " ".join(normalize_text(text).sentences).lower()
    return question.rstrip("?").lower() in " ".join(said.split())
