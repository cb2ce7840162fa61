"""Benchmark: the Monte Carlo of real decks with every castability question answered
exactly (issue 13: "Fast: >= 50,000 games/s on 60-card decks and >= 5,000 games/s
on every Commander precon, on one core, with ramp on").

The decks: the five Commander precons of ../shared/decks/commander (Forge .dck
files: 99 cards and a commander, Signets, filter lands, Sol Ring, ramp), the
example deck shipped with mtgmana (60 cards: duals, fetch lands, taplands, dorks,
a rock, Growth Spiral) and the 60-card tournament lists of tests/data/decks
(Modern Burn and Jund, Legacy Izzet Delver, Pioneer Azorius Control). For each
deck, measured in this run:

* the *baseline*: the same games with the auto-tapper answering every castability
  question (cached per battlefield, the fast check off) — how the simulation
  worked before issue 13 — on a few games (games/s);
* the *engine*: 1 worker process, a fresh engine each run (compiling the deck and
  every cache cold at the start), the median games/s of the runs; its ratio to
  the baseline and to the floor; the battlefield cache's hit rate (lookups it
  answered), the auto-tapper calls per 1,000 games, the land-drop decisions
  cached; targets: >= 5,000 games/s on every Commander precon (10,000 games in
  <= 2 s) and >= 50,000 games/s on the 60-card decks, with ramp on;
* 2 workers on one precon: the same result as 1 worker (the seed decides, not the
  number of processes);
* the floor: dealing 17 cards (random.sample), what no simulation in Python beats.

Run: ``python bench/bench_deck.py [games] [repeats]`` (default 10,000 games for
the precons, ten times as many for the 60-card decks; 3 runs each).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import report
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.simulation import _simulate as simulation
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.simulation._cards import CompiledDeck
from mtgmana.analysis.simulation._game import Engine

ROOT = Path(__file__).resolve().parents[1]
PRECONS = ROOT.parent / "shared" / "decks" / "commander"
LISTS = ROOT / "tests" / "data" / "decks"
SIXTY = (
    "modern-burn.mtgo.txt",
    "modern-jund.arena.txt",
    "legacy-izzet-delver.moxfield.txt",
    "pioneer-azorius-control.archidekt.txt",
)


def deal_only(deck: Deck, games: int) -> float:
    """Games per second of dealing 17 cards and nothing else."""
    library = [item.name for item in deck.main for _ in range(item.count)]
    rng = random.Random(0)
    start = time.perf_counter()
    for _ in range(games):
        rng.sample(library, 17)
    return games / (time.perf_counter() - start)


def baseline(deck: Deck, games: int, turns: int) -> tuple[float, int]:
    """Games per second with the tapper answering every question; tapper calls."""
    engine = Engine(CompiledDeck(deck, fast=False), False, turns)
    rng = random.Random(0)
    start = time.perf_counter()
    for _ in range(games):
        engine.run(rng, 1)
    return games / (time.perf_counter() - start), engine.tapper_calls


def engine_runs(deck: Deck, games: int, repeats: int) -> list[simulation.Simulation]:
    """Fresh runs of ``simulate`` (the engine compiled anew, every cache cold)."""
    runs = []
    for run in range(repeats):
        simulation._ENGINES.clear()
        simulation._COMPILED.clear()
        runs.append(simulate(deck, games=games, seed=run))
    return runs


def decisions(deck: Deck, turns: int) -> int:
    """The land-drop decisions the last run cached."""
    return len(simulation._engine(deck, False, turns, ()).decisions)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    decks = [(path.stem, Deck.parse(path.read_text(encoding="utf-8"))) for path in
             sorted(PRECONS.glob("*.dck"))]  # fmt: skip
    decks.append(("example deck (60 cards)", Deck.example()))
    decks += [(name, Deck.parse((LISTS / name).read_text(encoding="utf-8"))) for name in SIXTY]
    simulate(Deck.example(), games=10, seed=99)  # load the card database
    floor = deal_only(Deck.example(), 100_000)
    print(f"Monte Carlo of real decks: {games:,} games a Commander run, "
          f"{games * 10:,} a 60-card run, median of {repeats}, one core")  # fmt: skip
    report("floor: dealing 17 cards only (random.sample)", f"{floor:,.0f} games/s", "", True)
    for name, deck in decks:
        commander = deck.commander_rules
        n = games if commander else games * 10
        runs = engine_runs(deck, n, repeats)
        rate = statistics.median(r.games_per_second for r in runs)
        wall = statistics.median(r.elapsed for r in runs)
        first = runs[-1]
        few = 100 if commander else 1000
        slow, calls = baseline(deck, few, first.turns)
        target = 5_000 if commander else 50_000
        print(f"{name}: {deck.size} cards, {len(first.spells)} questions, "
              f"{len(first.ramp)} ramp cards, {first.turns} turns")  # fmt: skip
        report("  baseline: the tapper answering every question", f"{slow:,.0f} games/s", "",
               True)  # fmt: skip
        report("    tapper calls per game in the baseline", f"{calls / few:,.1f}", "", True)
        report("  engine, 1 worker, cold caches (games/s per core)", f"{rate:,.0f} games/s",
               f">= {target:,}", rate >= target)  # fmt: skip
        report("    vs the baseline", f"{rate / slow:,.0f}x", "", True)
        report("    vs the floor (dealing 17 cards)", f"{rate / floor:.2f}x", "", True)
        if commander:
            report(f"    {n:,} games", f"{wall:.2f} s", "<= 2 s", wall <= 2.0)
        report("    cache hit rate (lookups the cache answered)",
               f"{first.hit_rate * 100:.2f}%", "", True)  # fmt: skip
        report("    tapper calls per 1,000 games", f"{first.tapper_calls * 1000 / n:,.1f}", "",
               True)  # fmt: skip
        report("    land-drop decisions cached", f"{decisions(deck, first.turns):,}", "", True)
    name, deck = decks[0]
    one = simulate(deck, games=2_000, seed=7, jobs=1)
    two = simulate(deck, games=2_000, seed=7, jobs=2)
    report(f"2 workers on {name}: the same result as 1", "same" if one == two else "DIFFERENT",
           "same", one == two)  # fmt: skip


if __name__ == "__main__":
    main()
