"""The work the other lines of one question may spend: the search of alternatives and the other outcomes of
defaulted facts share one bound, counted in the resolver's raw steps.

Why raw steps, and why a prediction: a step (``ResolverCore.step``, before compression merges the repeated
ones) is the unit of work of every run, so the bound is the same on every machine and every front end gives
the same answer, unlike a clock. A run of another line costs about as much as the largest run so far, so the
next run is started only when it fits: a board whose one line is already large (fifty permanents replacing
each draw) gets its main answer at once with a note that the other lines are too large to list, instead of
spending a second on lines a player can ask about one at a time."""

from __future__ import annotations

from dataclasses import dataclass

# About 60 ms of this machine's time; the largest question of the development corpora spends 263 raw steps
# with all its other lines, a twenty-permanent board about 2,300.
MAX_OTHER_LINES_WORK = 2500


@dataclass
class WorkBudget:
    limit: int = MAX_OTHER_LINES_WORK
    spent: int = 0
    largest: int = 0  # the largest run seen (the main one included): the estimate of the next run's cost
    skipped: int = 0  # runs not started because they didn't fit

    def seen(self, work: int) -> None:
        """A run whose work is known but not charged (the main line: it is answered whatever the bound)."""
        self.largest = max(self.largest, work)

    def spend(self, work: int) -> None:
        self.spent += work
        self.seen(work)

    def affords_another_run(self) -> bool:
        return self.spent + self.largest <= self.limit
