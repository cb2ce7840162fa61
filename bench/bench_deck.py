"""Benchmark: the Monte Carlo of a real deck with the auto-tapper in the loop (issue 6).

The deck: the example deck shipped with mtgmana (60 cards: 23 lands with shock, check
and fast duals, two fetch lands, taplands and basics; 8 mana dorks of two kinds and a
rock). Figures, all measured in this run:

* games per second with 1 worker process and with 2 (target >= 20,000 per core with
  the auto-tapper deciding castability; its answers are cached by battlefield, so the
  cache's hit rate is reported too), and how the figure scales with cores;
* baselines: dealing the cards alone (a random 17-card sample per game, the floor
  of any simulation in Python), the same games with the tapper's cache emptied
  before every game (every question asked of the tapper), and how a plain Python
  loop scales from 1 to 2 processes on this machine (what 2 workers can gain here:
  the development machine's 2 cores are shared, so this is well under 2x).

Run: ``python bench/bench_deck.py [games]`` (default 100,000 games).
"""

from __future__ import annotations

import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import report
from mtgmana.analysis.deck import Deck
from mtgmana.analysis.simulate import _Engine, simulate


def deal_only(deck: Deck, games: int) -> float:
    """Games per second of dealing 17 cards and nothing else."""
    library = [item.name for item in deck.main for _ in range(item.count)]
    rng = random.Random(0)
    start = time.perf_counter()
    for _ in range(games):
        rng.sample(library, 17)
    return games / (time.perf_counter() - start)


def uncached(deck: Deck, games: int) -> tuple[float, int]:
    """Games per second with the cache emptied before every game; tapper calls."""
    engine = _Engine(deck, False, 10)
    rng = random.Random(0)
    hist = [[0] * (10 - t + 2) for t in engine.spell_turns]
    mulligans = [0, 0, 0, 0]
    hit = [0] * len(hist)
    on_curve = [0] * len(hist)
    start = time.perf_counter()
    for _ in range(games):
        engine.cache.clear()
        engine.finals.clear()
        for name in ("known", "castable", "board_bound", "board_colors", "board_specs"):
            getattr(engine, name).clear()
        engine.play(rng, hist, mulligans, hit, on_curve)
    return games / (time.perf_counter() - start), engine.tapper_calls


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_scaling(n: int = 5_000_000) -> float:
    """How much faster 2 processes do twice the work of 1 (2.0 is perfect)."""
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_spin, [1000, 1000]))  # start the workers
        start = time.perf_counter()
        _spin(n)
        one = time.perf_counter() - start
        start = time.perf_counter()
        list(pool.map(_spin, [n, n]))
        two = time.perf_counter() - start
    return 2 * one / two


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    deck = Deck.example()
    simulate(deck, games=10, seed=99)  # load the card database and compile once
    floor = deal_only(deck, 100_000)
    slow, calls = uncached(deck, 200)
    one = simulate(deck, games=games, seed=1, jobs=1)
    two = simulate(deck, games=games, seed=1, jobs=2)
    assert one == two, "the result depends on the number of processes"
    machine = machine_scaling()
    print(f"Monte Carlo of the example deck, {games:,} games, auto-tapper in the loop")
    report("baseline: dealing 17 cards only (random.sample)", f"{floor:,.0f} games/s",
           "(floor)", True)  # fmt: skip
    report(
        "baseline: no cache (tapper asked every question)",
        f"{slow:,.0f} games/s",
        "",
        True,
    )
    report("  tapper calls per game without the cache", f"{calls / 200:.1f}", "", True)
    report(
        "1 worker, cache cold at the start (games/s per core)",
        f"{one.games_per_second:,.0f} games/s",
        ">= 20,000",
        one.games_per_second >= 20_000,
    )
    report(
        "  vs dealing only / vs no cache",
        f"{floor / one.games_per_second:.1f}x / {one.games_per_second / slow:.0f}x",
        "",
        True,
    )
    report(
        "  tapper cache hit rate",
        f"{one.hit_rate * 100:.2f}%",
        "",
        True,
    )
    report("  tapper calls / distinct battlefields", f"{one.tapper_calls:,} / {one.boards:,}",
           "", True)  # fmt: skip
    report(
        "2 workers (2 cores): games/s in all",
        f"{two.games_per_second:,.0f} games/s",
        "",
        True,
    )
    report(
        "  scaling: 2 workers / 1 worker",
        f"{two.games_per_second / one.games_per_second:.2f}x",
        f"(machine {machine:.2f}x)",
        True,
    )
    report(
        "  per core with 2 workers, over the machine's own scaling",
        f"{two.games_per_second / machine:,.0f} games/s",
        ">= 20,000",
        two.games_per_second / machine >= 20_000,
    )


if __name__ == "__main__":
    main()
