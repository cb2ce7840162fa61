"""The progress of a long simulation on standard error (mtgmana.cli._progress): on a
terminal a line updated in place with the time left once the run is expected to take
more than 3 s; without one, a single line saying how many games and roughly how long;
standard output (``--json``) stays clean. Clocks are fake: no test waits."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable, Iterator

import pytest

import mtgmana.cli._progress as progress_module
from cli_helpers import run
from mtgmana.cli._progress import LONG, Progress, duration


def clock(*times: float) -> Callable[[], float]:
    """A clock giving ``times`` in turn (the first is read when Progress is made)."""
    ticks: Iterator[float] = iter(times)
    return lambda: next(ticks)


def test_without_a_terminal_a_long_run_says_once_how_long() -> None:
    err = io.StringIO()
    progress = Progress("line", stream=err, clock=clock(0.0, 15.0, 30.0, 150.0))
    for done in (1000, 2000, 10_000):
        progress(done, 10_000)
    progress.close()
    assert err.getvalue() == (
        "mtgmana: simulating 10,000 games: about 2 min 30 s (estimated from the first 1,000; "
        "--games N for fewer)\n"
    )


def test_without_a_terminal_a_short_run_says_nothing() -> None:
    err = io.StringIO()
    progress = Progress("line", stream=err, clock=clock(0.0, 0.2, 2.0))
    progress(1000, 10_000)  # about 2 s in all: under LONG
    progress(10_000, 10_000)
    progress.close()
    assert LONG == 3.0 and err.getvalue() == ""


def test_on_a_terminal_a_line_in_place_with_the_time_left() -> None:
    err = io.StringIO()
    progress = Progress("terminal", stream=err, clock=clock(0.0, 0.5, 12.0, 20.0))
    progress(1000, 3000)  # 1.5 s in all: not shown
    progress(2000, 3000)  # 18 s in all: shown, 6 s left
    progress(3000, 3000)
    progress.close()
    lines = err.getvalue().split("\r")
    assert lines[0] == ""
    assert lines[1].startswith("simulating [####################..........] 2,000/3,000 games")
    assert lines[1].rstrip() == lines[1] and lines[1].endswith(", about 6 s left")
    assert (
        lines[2].rstrip() == "simulating [##############################] 3,000/3,000 games in 20 s"
    )
    assert lines[2].endswith("\n") and len(lines[2]) - 1 == len(lines[1])  # blanked, ended


def test_a_line_in_place_blanks_what_a_longer_one_left() -> None:
    err = io.StringIO()
    progress = Progress("bar", stream=err, clock=clock(0.0, 100.0, 101.0))
    progress(1, 1000)  # about 27 h 45 min left: a long line
    progress(1000, 1000)
    progress.close()
    first, last = err.getvalue().split("\r")[1:]
    assert len(last.rstrip("\n")) >= len(first) and last.endswith("\n")
    assert last.startswith("simulating [##############################] 1,000/1,000 games in 1 min")


def test_off_shows_nothing_and_modes_are_checked() -> None:
    err = io.StringIO()
    progress = Progress("off", stream=err, clock=clock(0.0, 100.0))
    progress(1, 1000)
    progress.close()
    assert err.getvalue() == ""
    with pytest.raises(ValueError, match="unknown progress mode 'loud'"):
        Progress("loud")


def test_before_the_first_chunk_a_long_run_shows_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(progress_module, "LONG", 0.01)
    err = io.StringIO()
    progress = Progress("terminal", games=10_000, stream=err)
    assert progress.timer is not None
    progress.timer.join(5)
    progress.close()
    assert err.getvalue() == (
        "\rsimulating [..............................] 0/10,000 games, estimating the time\n"
    )
    assert not any(isinstance(t, threading.Timer) and t.is_alive() for t in threading.enumerate())


def test_durations() -> None:
    assert [duration(s) for s in (0.2, 1, 59.4, 60, 3599, 3600, 7322)] == [
        "under 1 s", "1 s", "59 s", "1 min 0 s", "59 min 59 s", "1 h 0 min", "2 h 2 min",
    ]  # fmt: skip


def test_the_cli_json_stays_clean_and_stderr_says_how_long(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every run is "long" here; standard error is not a terminal (captured).
    monkeypatch.setattr(progress_module, "LONG", 0.0)
    deck = ("deck", "--example", "--games", "1100", "--what-ifs", "0", "--json")
    status, out, err = run(capsys, *deck)
    assert status == 0 and json.loads(out)["simulation"]["games"] == 1100
    assert err.startswith("mtgmana: simulating 1,100 games: about ")
    assert err.endswith(" (estimated from the first 1,000; --games N for fewer)\n")
    assert err.count("\n") == 1 and "\r" not in err
    status, out, err = run(capsys, *deck, "--no-progress")
    assert status == 0 and err == "" and json.loads(out)["simulation"]["games"] == 1100
