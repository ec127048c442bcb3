"""How the situation reader does on the development corpus of real phrasings (issue #24).

Run: ``python -m tests.situation_corpus.measure [--real] [--verbose] [--topic NAME] [--id ID]``.

Each entry of ``corpus.jsonl`` (or, with ``--real``, of ``real.jsonl``: players' own wordings quoted from public
pages) is read and resolved with the engine's own text pipeline
(``engine.judging.judge_text`` with ``engine.cards.default_cards()``), then compared with what a judge would
answer (``expect``, derived from the Comprehensive Rules and the official rulings, never from the bot):

- **right**: the resolution matches every key of ``expect`` (and the question kind, when the resolution says
  which question it read), or a clarification was asked where a judge would have to ask (``clarify``);
- **asked**: the reader asked a clarification question instead, and one of its options, resolved, gives the
  expected outcome (a click away from the right answer); or, where a judge would have to ask, it answered and
  gave the other outcome too;
- **asked, no right option**: the reader asked, but no option resolves to the expected outcome (a click away
  from an answer, not from the right one);
- **misread**: a resolution whose outcome contradicts ``expect`` (a silent wrong answer: the worst case), or
  an answer without the other outcome where a judge would have had to ask;
- **wrong question**: the outcome is right but the question was read as another kind ("do I lose?" read as
  "how many?"), which makes the answer lead with the wrong words;
- **not understood**: any other rejection (``ScenarioError``), a crash, or no answer within the time bound.

Why a script and a test (tests/engine/test_situation_corpus.py) over the same code: the script is for people
(figures per topic, the bot's first line for each miss), the test keeps the figures from going backwards.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).with_name("corpus.jsonl")
REAL = Path(__file__).with_name("real.jsonl")  # players' own words, each quoted from the public page it names
PER_ENTRY_SECONDS = 5.0  # the engine takes ~0.05-1 s per entry; a reading past this counts as not understood
OUTCOME_KEYS = ("losers", "winners", "drawn", "hand", "life", "triggers")


class Verdict(StrEnum):
    RIGHT = "right"
    ASKED = "asked"
    ASKED_NO_RIGHT = "asked, no right option"
    MISREAD = "misread"
    WRONG_QUESTION = "wrong question"
    NOT_UNDERSTOOD = "not understood"


@dataclass(frozen=True)
class Measured:
    """One entry's verdict, the bot's first line (its ruling or its question), and what differed."""

    entry: dict[str, Any]
    verdict: Verdict
    first_line: str
    differences: tuple[str, ...] = ()
    asked_kind: str | None = None  # the question kind the resolution read, when it set one


def load_corpus(path: Path = CORPUS) -> list[dict[str, Any]]:
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path.name} line {number}: {exc}") from exc
    return entries


class _Timeout(Exception):
    pass


@contextmanager
def _time_bound(seconds: float) -> Iterator[None]:
    """A hard bound on one reading (the reader itself has no deadline), by SIGALRM where there is one.

    A timer already running (pytest-timeout's, in the test) is put back afterwards with what was left of it."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expired(signum: int, frame: Any) -> None:
        raise _Timeout

    started = time.monotonic()
    previous_handler = signal.signal(signal.SIGALRM, _expired)
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_handler)
        if outer_delay > 0:
            left = max(outer_delay - (time.monotonic() - started), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, outer_interval)


def drawn_by(resolution: Any) -> Counter[str]:
    """Cards each player actually drew: the resolution's 'draw' steps (a replaced draw is not one)."""
    drawn: Counter[str] = Counter()
    for step in resolution.steps:
        if step.kind == "draw" and step.player:
            drawn[step.player] += step.repeat
    return drawn


def _player_field(resolution: Any, player: str, name: str) -> Any:
    return resolution.players.get(player, {}).get(name)


def _triggered(resolution: Any, source: str) -> int:
    return sum(t.count for t in resolution.triggers if t.source == source)


def outcome_differences(expect: dict[str, Any], resolution: Any) -> list[str]:
    """Each way the resolution's outcome contradicts ``expect`` (empty when it matches every key)."""
    found: list[str] = []
    for key in ("losers", "winners"):
        if key in expect and set(getattr(resolution, key)) != set(expect[key]):
            found.append(f"{key}: expected {sorted(expect[key])}, got {sorted(getattr(resolution, key))}")
    counters: dict[str, Callable[[str], Any]] = {
        "drawn": lambda p: drawn_by(resolution)[p] if p in resolution.players else None,
        "hand": lambda p: _player_field(resolution, p, "hand"),
        "life": lambda p: _player_field(resolution, p, "life"),
        "triggers": lambda source: _triggered(resolution, source),
    }
    for key, value_of in counters.items():
        for who, wanted in expect.get(key, {}).items():
            got = value_of(who)
            if got != wanted:
                found.append(f"{key}[{who}]: expected {wanted}, got {got}")
    return found


def _first_line(resolution: Any) -> str:
    return str(resolution.ruling.get("text", "")) if resolution.ruling else ""


def judge_resolution(entry: dict[str, Any], resolution: Any) -> Measured:
    expect = entry["expect"]
    first = _first_line(resolution)
    asked_kind = resolution.asked.kind.value if getattr(resolution, "asked", None) else None
    if expect.get("clarify"):
        if resolution.other_outcomes:
            return Measured(entry, Verdict.ASKED, first, ("answered, with the other outcome",), asked_kind)
        return Measured(entry, Verdict.MISREAD, first, ("a judge would have to ask; answered without asking",),
                        asked_kind)
    differences = outcome_differences(expect, resolution)
    if differences:
        return Measured(entry, Verdict.MISREAD, first, tuple(differences), asked_kind)
    if asked_kind is not None and "asked" in expect and asked_kind != expect["asked"]:
        return Measured(entry, Verdict.WRONG_QUESTION, first,
                        (f"question read as {asked_kind!r}, asked {expect['asked']!r}",), asked_kind)
    return Measured(entry, Verdict.RIGHT, first, (), asked_kind)


def _judged(text: str, cards: Any, deadline: float, catalogue: Any) -> Any:
    """The resolution of ``text``; with a catalogue, each card it names that ``cards`` lacks is learned from
    its Oracle text through the bot's own loop (``bot.cards.lookup.with_learned_cards``), as on Discord; without
    one, the same loop with no look-up (a text not read answers with the situations the reader offers)."""
    from bot.cards.lookup import with_learned_cards
    from engine.judging import judge_text

    async def attempt(extra: list[Any]) -> Any:
        return judge_text(text, cards.with_extra(extra) if extra else cards, deadline=deadline)

    return asyncio.run(with_learned_cards(attempt, cards, catalogue.lookup if catalogue is not None else None))


def measure_entry(entry: dict[str, Any], cards: Any, seconds: float = PER_ENTRY_SECONDS,
                  catalogue: Any = None) -> Measured:
    """The entry's verdict; a reading cut by the time bound is tried once more (see ``_option_resolved``), and so is
    one the reader asked about because its own bound on deciding whether an unsaid controller matters (0.25 s) ran
    out: a garbage collection of a whole test session's heap can outlast it (fresh-411 was asked "Who controls
    Spiteful Visions?" in one full run and read right alone)."""
    from engine.situation.clarify import OUT_OF_CHECK_TIME

    measured = _measured_once(entry, cards, seconds, catalogue)
    if measured.verdict is Verdict.NOT_UNDERSTOOD and measured.first_line.startswith("no answer within") or \
            OUT_OF_CHECK_TIME in measured.first_line:
        gc.collect()  # the collection done now, not in the middle of the second reading
        measured = _measured_once(entry, cards, seconds, catalogue)
    return measured



def _measured_once(entry: dict[str, Any], cards: Any, seconds: float, catalogue: Any) -> Measured:
    from bot.cards.lookup import UnreadableCard
    from engine.errors import Clarification, OutOfTime, ScenarioError

    try:
        with _time_bound(seconds):
            resolution = _judged(entry["text"], cards, time.monotonic() + seconds, catalogue)
    except Clarification as exc:
        if entry["expect"].get("clarify"):
            return Measured(entry, Verdict.RIGHT, f"asks: {exc.question}")
        right = _right_option(entry, exc, cards, seconds, catalogue)
        return Measured(entry, Verdict.ASKED if right else Verdict.ASKED_NO_RIGHT, f"asks: {exc.question}",
                        (f"right option: {right}",) if right else
                        tuple(f"option: {o.label}" for o in exc.options))
    except ScenarioError as exc:
        return Measured(entry, Verdict.NOT_UNDERSTOOD, f"error: {exc.message}")
    except UnreadableCard as exc:
        return Measured(entry, Verdict.NOT_UNDERSTOOD, f"error: {exc.name}'s text is not yet understood by the engine")
    except (OutOfTime, _Timeout):
        return Measured(entry, Verdict.NOT_UNDERSTOOD, f"no answer within {seconds:g} s")
    except Exception as exc:  # noqa: BLE001 - a crash is a result to count, not a reason to stop measuring
        return Measured(entry, Verdict.NOT_UNDERSTOOD, f"crash: {type(exc).__name__}: {exc}")
    return judge_resolution(entry, resolution)


def _right_option(entry: dict[str, Any], asked: Any, cards: Any, seconds: float, catalogue: Any) -> str | None:
    """The label of the first option of ``asked`` whose text, resolved, gives the entry's expected outcome (the
    click that answers the player right); None when no option does."""

    for option in asked.options:
        resolution = _option_resolved(option.text, cards, seconds, catalogue)
        if resolution is not None and judge_resolution(entry, resolution).verdict is Verdict.RIGHT:
            return option.label
    return None


def _option_resolved(text: str, cards: Any, seconds: float, catalogue: Any) -> Any:
    """An option's resolution, or None when it doesn't resolve. A run cut by the time bound is tried once more: on
    a machine shared with other work a pause can outlast the bound (a CI run once lost a right option so)."""
    from engine.errors import Clarification, OutOfTime, ScenarioError
    from engine.situation.clarify import OUT_OF_CHECK_TIME

    for _attempt in range(2):
        try:
            with _time_bound(seconds):
                return _judged(text, cards, time.monotonic() + seconds, catalogue)
        except (OutOfTime, _Timeout):
            continue
        except Clarification as exc:
            if OUT_OF_CHECK_TIME in exc.message:
                gc.collect()
                continue
            return None
        except ScenarioError:
            return None
        except Exception:  # noqa: BLE001 - an option that fails to resolve is not a right option
            return None
    return None


def measure(entries: list[dict[str, Any]] | None = None, seconds: float = PER_ENTRY_SECONDS,
            catalogue: bool = False) -> list[Measured]:
    """Each entry measured with the shipped cards; with ``catalogue``, also with the cards the bot would fetch
    (``catalogue.offline_catalogue``: the shared card files, looked up offline)."""
    from engine.cards import default_cards
    from tests.situation_corpus.catalogue import offline_catalogue

    cards = default_cards()
    fetched = offline_catalogue() if catalogue else None
    if catalogue and fetched is None:
        raise FileNotFoundError("the card catalogue needs ../shared/data/cards beside the repository")
    # the process's first reading loads the reader's tables and modules (about 1.4 s, more on a loaded machine):
    # done once before the first entry, so that each entry's time bound measures that entry alone
    _judged("I draw 1", cards, time.monotonic() + 60, None)
    return [measure_entry(e, cards, seconds, fetched) for e in (load_corpus() if entries is None else entries)]


def misread_changes(results: list[Measured], known: set[str]) -> tuple[dict[str, Any], set[str]]:
    """The misreads not in ``known`` (id → text, first line, differences) and the known ones no longer
    misread: what a corpus's ratchet on silent misreads checks."""
    misread = {r.entry["id"]: r for r in results if r.verdict is Verdict.MISREAD}
    new = {i: (r.entry["text"], r.first_line, r.differences) for i, r in misread.items() if i not in known}
    return new, known - set(misread)


def report(results: list[Measured], verbose: bool = False) -> str:
    verdicts = list(Verdict)
    topics = sorted({r.entry.get("topic", "-") for r in results})
    width = max(len(t) for t in topics + ["all"])
    widths = {v: max(14, len(v.value)) for v in verdicts}
    header = f"{'topic':{width}}  {'n':>4}  " + "  ".join(f"{v.value:>{widths[v]}}" for v in verdicts)
    lines = [header]
    for topic in topics + ["all"]:
        chosen = [r for r in results if topic == "all" or r.entry.get("topic", "-") == topic]
        counts = Counter(r.verdict for r in chosen)
        lines.append(f"{topic:{width}}  {len(chosen):4}  " + "  ".join(f"{counts[v]:{widths[v]}}" for v in verdicts))
    with_kind = [r for r in results if r.asked_kind is not None]
    matched = sum(1 for r in with_kind if r.asked_kind == r.entry["expect"].get("asked"))
    lines.append(f"question kind read: {len(with_kind)} resolutions set one, {matched} as asked")
    misread = [r.entry["id"] for r in results if r.verdict is Verdict.MISREAD]
    lines.append(f"misread ({len(misread)}): {', '.join(misread) if misread else 'none'}")
    if verbose:
        for r in results:
            if r.verdict is Verdict.RIGHT:
                continue
            lines.append(f"\n[{r.verdict.value}] {r.entry['id']}: {r.entry['text']}")
            lines.append(f"    bot: {r.first_line}")
            for difference in r.differences:
                lines.append(f"    {difference}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", action="store_true", help="measure real.jsonl (players' own words) instead")
    parser.add_argument("--verbose", "-v", action="store_true", help="show each entry not read right")
    parser.add_argument("--topic", help="only the entries of this topic")
    parser.add_argument("--id", action="append", help="only this entry (repeatable)")
    parser.add_argument("--catalogue", action="store_true",
                        help="learn cards the shipped data lacks from ../shared/data/cards, as the bot fetches them")
    parser.add_argument("--seconds", type=float, default=PER_ENTRY_SECONDS, help="time bound per entry")
    args = parser.parse_args(argv)
    entries = load_corpus(REAL if args.real else CORPUS)
    if args.topic:
        entries = [e for e in entries if e.get("topic") == args.topic]
    if args.id:
        entries = [e for e in entries if e["id"] in set(args.id)]
    if not entries:
        print("no entries match", file=sys.stderr)
        return 2
    print(report(measure(entries, args.seconds, args.catalogue), args.verbose))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
