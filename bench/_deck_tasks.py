"""What bench/bench_deck.py measures of one deck, each meant to run in a process of
its own (:func:`_cold.cold`, or a fresh interpreter for the peak memory).

This is the only module of the benchmark that imports mtgmana's deck analysis —
the public :class:`Deck`, :func:`analyze`, :func:`simulate` and
:func:`average_on_curve` — so moving those modules is a change to the two import
lines below. The engine's counters come from the public :class:`Simulation`
(``queries``, ``tapper_calls``, ``cache_misses``, ``boards``).

Run as a script, ``python bench/_deck_tasks.py FILE GAMES`` simulates ``GAMES``
games of the deck in ``FILE`` (``-`` for the example deck shipped with mtgmana) and
prints the process's peak memory as JSON: the benchmark runs it in a fresh
interpreter.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from mtgmana.analysis.decks import Deck
from mtgmana.analysis.simulation import average_on_curve, simulate
from mtgmana.analysis.summary import analyze

__all__ = [
    "EXAMPLE",
    "WHAT_IFS",
    "DeckInfo",
    "GamesRun",
    "Memory",
    "WhatIfsRun",
    "describe",
    "load",
    "peak_memory",
    "play",
    "report_seconds",
    "report_with_what_ifs",
]

EXAMPLE = "-"
"""The path standing for the example deck shipped with mtgmana."""

WHAT_IFS = 5
"""Generated what-ifs, as ``mtgmana deck`` shows by default (``--what-ifs 5``)."""


def load(path: str) -> Deck:
    """The deck in the file at ``path`` (read as ``mtgmana deck`` reads it)."""
    if path == EXAMPLE:
        return Deck.example()
    return Deck.parse(Path(path).read_text(encoding="utf-8-sig"))


@dataclass(frozen=True)
class DeckInfo:
    """A decklist of the corpus: ``same`` is the key of its cards (two files holding
    the same deck in two export formats share it); ``error`` why it didn't parse."""

    path: str
    cards: int = 0
    colors: str = ""
    commander: bool = False
    same: str = ""
    error: str = ""


def describe(paths: list[str]) -> list[DeckInfo]:
    """What each decklist is (its size, colors, Commander or not)."""
    found = []
    for path in paths:
        try:
            deck = load(path)
        except (ValueError, OSError) as error:
            found.append(DeckInfo(path, error=f"{type(error).__name__}: {error}"))
            continue
        cards = [(c.name, c.count) for c in deck.main]
        same = repr((sorted(c.name for c in deck.commander), sorted(cards)))
        found.append(DeckInfo(path, deck.deck_size, deck.colors, deck.commander_rules, same))
    return found


@dataclass(frozen=True)
class GamesRun:
    """One cold run of :func:`simulate`: its wall time (the deck compiled, a fresh
    engine, the games) and the engine's counters."""

    seconds: float
    games: int
    queries: int
    tapper_calls: int
    tapper_share: float
    hit_rate: float
    boards: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def play(path: str, games: int) -> GamesRun:
    """Simulate ``games`` games of the deck (seed 0, one process), timing the call."""
    deck = load(path)
    start = time.perf_counter()
    result = simulate(deck, games=games, seed=0, jobs=1)
    seconds = time.perf_counter() - start
    return GamesRun(
        seconds,
        games,
        result.queries,
        result.tapper_calls,
        result.tapper_rate,
        result.hit_rate,
        result.boards,
    )


def report_seconds(path: str) -> float:
    """Seconds of the deck's report without what-ifs (``analyze(what_ifs=0)``)."""
    deck = load(path)
    start = time.perf_counter()
    analyze(deck, what_ifs=0)
    return time.perf_counter() - start


@dataclass(frozen=True)
class WhatIfsRun:
    """The report with its what-ifs as ``mtgmana deck`` makes it: the seconds, the
    what-ifs shown and the short simulations that confirmed them."""

    seconds: float
    shown: int
    simulations: int


def report_with_what_ifs(path: str) -> WhatIfsRun:
    """Seconds of the deck's report with what-ifs, each confirmed (when it cuts a land
    that searches for lands) by :func:`average_on_curve`, as the command does."""
    deck = load(path)
    calls = []

    def simulated(changed: Deck) -> float:
        calls.append(changed)
        return average_on_curve(changed)

    start = time.perf_counter()
    summary = analyze(deck, what_ifs=WHAT_IFS, simulated=simulated)
    return WhatIfsRun(time.perf_counter() - start, len(summary.what_ifs), len(calls))


@dataclass(frozen=True)
class Memory:
    """The peak resident memory of a process simulating ``games`` games (KiB, as
    ``getrusage`` says on Linux): ``before`` once the deck is read, ``peak`` after."""

    games: int
    before_kib: int
    peak_kib: int
    seconds: float


def peak_memory(path: str, games: int) -> Memory:
    """Simulate ``games`` games of the deck in this process and read its peak memory."""
    deck = load(path)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    simulate(deck, games=games, seed=0, jobs=1)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return Memory(games, before, peak, seconds)


if __name__ == "__main__":
    print(json.dumps(asdict(peak_memory(sys.argv[1], int(sys.argv[2])))))
