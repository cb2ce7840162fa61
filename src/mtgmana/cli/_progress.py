"""The progress of a long simulation (``mtgmana deck``), on standard error only: the
report and ``--json`` on standard output stay clean.

The time a run takes is estimated from the chunks of games done so far (the
simulation reports after each, :func:`mtgmana.analysis.simulation.simulate`). A run
expected to take more than :data:`LONG` seconds says so:

* on a terminal, a line updated in place: the games done and about how long is
  left (shown after :data:`LONG` seconds even before the first chunk is done);
* without a terminal (a pipe, a log file, CI), one line as soon as the first chunk
  gives the estimate: how many games and roughly how long, so a long run never
  prints nothing and never fills a log with carriage returns.

``--progress`` shows the line in place from the first chunk, whatever the run's
length; ``--no-progress`` shows nothing.

>>> import io
>>> clock = iter([0.0, 4.0, 40.0]).__next__
>>> err = io.StringIO()
>>> progress = Progress("line", stream=err, clock=clock)
>>> progress(1000, 10_000)
>>> progress(10_000, 10_000)
>>> print(err.getvalue(), end="")
mtgmana: simulating 10,000 games: about 40 s (estimated from the first 1,000; --games N for fewer)
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Final, Literal, TextIO, TypeAlias, get_args

__all__ = ["LONG", "MODES", "Mode", "Progress", "duration"]

LONG: Final = 3.0
"""A run expected to take longer than this, in seconds, shows its progress."""

Mode: TypeAlias = Literal["bar", "terminal", "line", "off"]
"""How progress shows: a line in place, the same only on a terminal, one line, none."""
MODES: Final[tuple[Mode, ...]] = get_args(Mode)
"""``"bar"``: the line in place from the first chunk (``--progress``); ``"terminal"``:
the line in place once the run is expected to be long; ``"line"``: one line when it
is (no terminal); ``"off"``: nothing (``--no-progress``)."""

_WIDTH: Final = 30


def duration(seconds: float) -> str:
    """A rough duration: ``"under 1 s"``, ``"12 s"``, ``"2 min 5 s"``, ``"1 h 3 min"``.

    >>> duration(0.4), duration(12.4), duration(125), duration(3790)
    ('under 1 s', '12 s', '2 min 5 s', '1 h 3 min')
    """
    whole = round(seconds)
    if whole < 1:
        return "under 1 s"
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


class Progress:
    """The ``progress(done, total)`` callback of a simulation, showing it on
    ``stream`` (standard error) in ``mode`` (one of :data:`MODES`); ``clock``
    gives the time in seconds (the start is read when it is made). With ``games``
    (the run's total), the line in place shows after :data:`LONG` seconds even if
    no chunk is done yet (a timer thread; :meth:`close` stops it)."""

    def __init__(
        self,
        mode: Mode,
        *,
        games: int = 0,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown progress mode {mode!r}: use one of {', '.join(MODES)}")
        self.mode = mode
        self.stream = sys.stderr if stream is None else stream
        self.clock = clock
        self.start = clock()
        self.shown = False  # a line was written
        self.reported = False  # a chunk was done
        self.width = 0  # of the line in place, to blank what a shorter one leaves
        self.lock = threading.Lock()
        self.timer: threading.Timer | None = None
        if games > 0 and mode in ("bar", "terminal"):
            self.timer = threading.Timer(LONG, self._waiting, (games,))
            self.timer.daemon = True
            self.timer.start()

    def _waiting(self, games: int) -> None:
        """Before the first chunk is done: the run is long already."""
        with self.lock:
            if not self.reported:
                self._line(f"simulating [{'.' * _WIDTH}] 0/{games:,} games, estimating the time")

    def __call__(self, done: int, total: int) -> None:
        if self.mode == "off" or done <= 0:
            return
        with self.lock:
            self.reported = True
            self._update(done, total)

    def _update(self, done: int, total: int) -> None:
        elapsed = self.clock() - self.start
        left = elapsed / done * max(total - done, 0)
        long = elapsed + left > LONG
        if self.mode == "line":
            if long and not self.shown and done < total:
                self._write(
                    f"mtgmana: simulating {total:,} games: about {duration(elapsed + left)} "
                    f"(estimated from the first {done:,}; --games N for fewer)\n"
                )
            return
        if self.mode == "terminal" and not (long or self.shown):
            return
        filled = _WIDTH * done // total if total else _WIDTH
        text = f"simulating [{'#' * filled}{'.' * (_WIDTH - filled)}] {done:,}/{total:,} games"
        text += f", about {duration(left)} left" if done < total else f" in {duration(elapsed)}"
        self._line(text)

    def _line(self, text: str) -> None:
        """Write the line in place over the last one."""
        self._write("\r" + text.ljust(self.width))
        self.width = len(text)

    def close(self) -> None:
        """Stop the timer and end the line in place, if one was shown."""
        if self.timer is not None:
            self.timer.cancel()
        with self.lock:
            if self.shown and self.mode in ("bar", "terminal"):
                self._write("\n")

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()
        self.shown = True
