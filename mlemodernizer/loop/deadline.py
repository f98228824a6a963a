"""The job's deadline (``--deadline``): one clock for the whole job, read before each step that
runs the notebook. A run never outlasts it (its limit is the time left), a fix whose run it cut
is rolled back (never a half-applied change), and no step starts that the runs so far say
cannot finish in the time left. It bounds the tool's work: the time a review waits for its user
is not counted. What it ended is said in words for the report.

By default it is automatic: once the baseline has run, the larger of ``AUTO_MINIMUM_S`` (15
minutes) and ``AUTO_BASELINES`` times the baseline's time (a slow notebook gets room for a few
fixes), counted from the job's start. ``--deadline 0`` (``none``) lifts it."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

AUTO_MINIMUM_S = 900.0
AUTO_BASELINES = 5.0


@dataclass
class Deadline:
    seconds: float | None  # None: no deadline (yet, when automatic)
    started: float = field(default_factory=time.monotonic)
    auto: bool = False  # set from the baseline's time when it has run
    run_seconds: list[float] = field(default_factory=list)  # each run's wall time so far
    hit: bool = False  # a run was cut by it
    note: str = ""  # what it ended, in words

    @classmethod
    def of(cls, option: float | None, started: float | None = None) -> Deadline:
        """From the option: seconds; None: automatic; 0: none. ``started``: when the job
        began (``time.monotonic()``), now if not given."""
        began = time.monotonic() if started is None else started
        if option is None:
            return cls(None, started=began, auto=True)
        return cls(float(option) if option > 0 else None, started=began)

    def after_baseline(self, seconds: float) -> None:
        """An automatic deadline is set once the baseline's time is known."""
        if self.auto and self.seconds is None:
            self.seconds = max(AUTO_MINIMUM_S, AUTO_BASELINES * seconds)

    @property
    def at(self) -> float | None:
        return None if self.seconds is None else self.started + self.seconds

    def left(self) -> float | None:
        at = self.at
        return None if at is None else at - time.monotonic()

    def passed(self) -> bool:
        left = self.left()
        return left is not None and left <= 0

    def pause(self, seconds: float) -> None:
        """Time that does not count (a user's review): the deadline moves by it."""
        self.started += max(seconds, 0.0)

    def run_limit(self, limit: float) -> float:
        """The limit of the next run: its own, or the time left when that is shorter (at least
        a second, so that a run asked for past the deadline ends at once, cut)."""
        left = self.left()
        return limit if left is None else max(min(limit, left), 1.0)

    def ran(self, seconds: float, limit: float, own_limit: float, timed_out: bool) -> None:
        """After a run: its wall time, and whether the deadline (not its own limit) cut it."""
        self.run_seconds.append(seconds)
        if timed_out and limit < own_limit:
            self.hit = True

    def expected_run(self) -> float:
        """What the next run should take: the median of the runs so far."""
        return statistics.median(self.run_seconds) if self.run_seconds else 0.0

    def too_late_for(self, what: str) -> bool:
        """Whether ``what`` ("fix 3", "the verdict's run from the top") cannot finish in the
        time left; the first reason is kept as the note."""
        left = self.left()
        if left is None:
            return False
        if self.hit:
            why = f"the deadline ({self.seconds:.0f} s) stopped a run before it finished"
        elif left < self.expected_run():
            why = (
                f"{what} was not started: a run takes about {self.expected_run():.0f} s and "
                f"{max(left, 0):.0f} s of the deadline ({self.seconds:.0f} s) were left"
            )
        else:
            return False
        if not self.note:
            self.note = why
        return True
