"""Benchmark: the Monte Carlo of ``mtgmana deck`` on the whole corpus of real decks
(issue 17, part 5), on one core, every cache cold, at the default 10,000 games.

**The decks.** Every Commander precon of ``../shared/decks/commander/*.dck`` (the
``shared`` folder beside the repository: 34 Forge files, sources in its
``SOURCES.md``; without the folder they are skipped, saying so), every decklist of
``tests/data/decks`` (its Commander lists are the same precons in other export
formats: a list holding the same cards as a deck already measured is measured
once) and the example deck shipped with mtgmana. Commander decks are those the
analysis plays by the Commander rules; the others are the 60-card lists and the
40-card Limited deck.

**Per deck**, each run in a child process forked for it alone from a parent that
never parsed a deck (:mod:`_cold`): the deck read (not timed), then one call of
``simulate(deck, games=N, seed=0, jobs=1)`` timed from outside — the deck
compiled, a fresh engine, the games. Printed: the median games/s of the runs, as a
share of the floor, the median seconds, the share of castability questions the
exact tapper answered (the rest the fast path; target <= 1% on every Commander
precon), the cache hit rate, the battlefields cached, and ok or MISSED.
Targets: Commander median >= 5,000 games/s and slowest >= 1,500; 60-card
(and Limited) decks >= 50,000 games/s each.

**What-ifs**, for every Commander deck (each run cold): the analysis' own time is
the report without what-ifs (``analyze(deck, what_ifs=0)``) plus the simulation's
median time above; the what-ifs' time is the report with the five what-ifs
``mtgmana deck`` shows (each cut of a land-searching land confirmed by
:func:`average_on_curve`, as the command does) minus the report without them.
Target: what-ifs <= the analysis' own time. One run of each report a deck; when
the what-ifs seem over, R runs and their medians (a stalled run is not a verdict).

**Peak memory** of 10 x N games (100,000 by default) of the Commander deck that
cached the most battlefields, in a fresh interpreter (``getrusage``'s
``ru_maxrss``: the whole process, interpreter and card data included); target
<= 500 MB.

**Baseline**, measured in the same run just before each deck: the floor, dealing
17 cards of 99 with ``random.sample`` (what no simulation in Python beats); the
ratios to it let runs on a loaded machine be compared.

Run: ``python bench/bench_deck.py [--games N] [--repeats R] [--quick]
[--deck SUBSTRING] [--json FILE]``. The full run took 13-20 minutes on the
2-core development machine with other work running (load average 4-7; 6-7 minutes
of CPU): half of it the 3 x 34 x 10,000 games, a quarter the what-ifs, a fifth the
100,000-game memory run. ``--quick`` (3 precons spread over the list, 2 other
decks, 1,000 games, one run, what-ifs on one deck, 10,000 games for the memory)
takes 20 seconds to a minute, as the load allows.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _cold import ChildFailed, cold
from _deck_tasks import (
    EXAMPLE,
    DeckInfo,
    GamesRun,
    WhatIfsRun,
    describe,
    play,
    report_seconds,
    report_with_what_ifs,
)

from _timing import median_seconds, report

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "decks" / "commander"
LISTS = ROOT / "tests" / "data" / "decks"

COMMANDER_MEDIAN = 5_000
COMMANDER_SLOWEST = 1_500
TAPPER_SHARE = 0.01
OTHER_SLOWEST = 50_000
MEMORY_MB = 500


# -- the corpus ----------------------------------------------------------------------


@dataclass
class Entry:
    """A deck of the corpus: its label, the file read (``also``: other files holding
    the same cards) and what it is."""

    label: str
    info: DeckInfo
    also: list[str] = field(default_factory=list)


def label(path: str) -> str:
    """``modern-burn`` for ``.../modern-burn.mtgo.txt``."""
    return "example deck (mtgmana)" if path == EXAMPLE else Path(path).name.split(".")[0]


def corpus_paths(shared: Path) -> list[str]:
    """The precons of ``shared``, the example deck, then tests/data/decks (Forge files
    first, so a precon is named after its Forge file)."""
    paths = [str(p) for p in sorted(shared.glob("*.dck"))] if shared.is_dir() else []
    lists = [p for p in LISTS.iterdir() if p.is_file() and p.name != "README.md"]
    lists.sort(key=lambda p: (p.suffix != ".dck", p.name))
    return [*paths, EXAMPLE, *(str(p) for p in lists)]


def corpus(shared: Path) -> tuple[list[Entry], list[Entry]]:
    """The distinct decks (Commander, others), read in a cold child; files that don't
    parse are said and left out."""
    commander: list[Entry] = []
    others: list[Entry] = []
    seen: dict[str, Entry] = {}
    for info in cold(describe, corpus_paths(shared)):
        if info.error:
            print(f"  skipped {info.path}: {info.error}")
        elif info.same in seen:
            seen[info.same].also.append(Path(info.path).name)
        else:
            seen[info.same] = entry = Entry(label(info.path), info)
            (commander if info.commander else others).append(entry)
    return commander, others


def select(entries: list[Entry], wanted: str | None, quick: int) -> list[Entry]:
    """The entries whose label or file holds ``wanted``; with ``quick``, that many
    spread over the list."""
    if wanted:
        key = wanted.casefold()
        return [e for e in entries if key in e.label.casefold() or key in e.info.path.casefold()]
    if quick and len(entries) > quick:
        step = len(entries) / quick
        return [entries[int(i * step)] for i in range(quick)]
    return entries


# -- measuring -----------------------------------------------------------------------


def floor(deals: int = 20_000) -> float:
    """Deals per second of 17 cards of 99 (``random.sample``), median of 5 runs."""
    library = list(range(99))
    rng = random.Random(0)

    def deal() -> None:
        for _ in range(deals):
            rng.sample(library, 17)

    return deals / median_seconds(deal, repeats=5)


@dataclass
class Row:
    """A deck's runs (or why they failed) and the floor measured just before."""

    entry: Entry
    floor: float
    runs: list[GamesRun] = field(default_factory=list)
    error: str = ""

    @property
    def games_per_second(self) -> float:
        return statistics.median(r.games_per_second for r in self.runs) if self.runs else 0.0

    @property
    def seconds(self) -> float:
        return statistics.median(r.seconds for r in self.runs) if self.runs else 0.0

    def misses(self) -> list[str]:
        """The targets this deck misses."""
        if self.error:
            return ["failed"]
        last = self.runs[-1]
        if not self.entry.info.commander:
            return ["speed"] if self.games_per_second < OTHER_SLOWEST else []
        found = ["speed"] if self.games_per_second < COMMANDER_SLOWEST else []
        return found + (["tapper"] if last.tapper_share > TAPPER_SHARE else [])


HEADER = (
    f"  {'deck':<30} {'cards':>5} {'colors':<6} {'games/s':>8} {'%floor':>6} {'s':>6} "
    f"{'tapper':>7} {'hits':>7} {'boards':>7}  verdict"
)


def line(row: Row) -> str:
    """The table's line of a deck."""
    info = row.entry.info
    start = f"  {row.entry.label:<30} {info.cards:>5} {info.colors or '-':<6}"
    if row.error:
        return f"{start} failed: {row.error}"
    last = row.runs[-1]
    misses = row.misses()
    verdict = f"MISSED ({', '.join(misses)})" if misses else "ok"
    return (
        f"{start} {row.games_per_second:>8,.0f} {row.games_per_second / row.floor:>6.1%} "
        f"{row.seconds:>6.2f} {last.tapper_share:>7.2%} {last.hit_rate:>7.2%} "
        f"{last.boards:>7,}  {verdict}"
    )


def measure(entry: Entry, games: int, repeats: int) -> Row:
    """``repeats`` cold runs of ``games`` games of the deck, the floor just before."""
    row = Row(entry, floor())
    try:
        row.runs = [cold(play, entry.info.path, games) for _ in range(repeats)]
    except ChildFailed as error:
        row.error = str(error)
    return row


def row_json(row: Row) -> dict[str, Any]:
    """A deck's figures for ``--json``."""
    info = row.entry.info
    return {
        "deck": row.entry.label,
        "file": info.path,
        "also": row.entry.also,
        "cards": info.cards,
        "colors": info.colors,
        "commander": info.commander,
        "floor": row.floor,
        "games_per_second": row.games_per_second,
        "seconds": row.seconds,
        "runs": [asdict(r) for r in row.runs],
        "error": row.error,
        "misses": row.misses(),
    }


def decks_text(count: int) -> str:
    return f"{count} deck" if count == 1 else f"{count} decks"


def measure_group(title: str, entries: list[Entry], games: int, repeats: int) -> list[Row]:
    """Measure the decks, printing each line as it comes."""
    if not entries:
        return []
    print(
        f"\n{title}: {decks_text(len(entries))}, {games:,} games a run, median of {repeats} "
        "cold runs (seed 0, one process)"
    )
    print(HEADER, flush=True)
    rows = []
    for entry in entries:
        rows.append(measure(entry, games, repeats))
        print(line(rows[-1]), flush=True)
    return rows


@dataclass
class WhatIfRow:
    """A deck's analysis (report + simulation) and what-ifs, in seconds (``runs``:
    the cold runs of the report with and without what-ifs, medians kept)."""

    label: str
    report: float
    simulation: float
    with_what_ifs: float
    shown: int
    simulations: int
    runs: int

    @property
    def analysis(self) -> float:
        return self.report + self.simulation

    @property
    def what_ifs(self) -> float:
        return self.with_what_ifs - self.report

    @property
    def ratio(self) -> float:
        return self.what_ifs / self.analysis


def what_if_row(row: Row, repeats: int) -> WhatIfRow:
    """Time the deck's report without and with what-ifs, each cold: once, and
    ``repeats`` times (medians) when the what-ifs seem over the analysis' time."""
    path = row.entry.info.path
    plain: list[float] = []
    full: list[WhatIfsRun] = []
    while True:
        plain.append(cold(report_seconds, path))
        full.append(cold(report_with_what_ifs, path))
        w = WhatIfRow(
            row.entry.label,
            statistics.median(plain),
            row.seconds,
            statistics.median(r.seconds for r in full),
            full[-1].shown,
            full[-1].simulations,
            len(full),
        )
        if w.ratio <= 1 or len(full) >= repeats:
            return w


def measure_what_ifs(rows: list[Row], repeats: int) -> list[WhatIfRow]:
    """The what-ifs against the analysis' own time, for every deck."""
    if not rows:
        return []
    print(
        f"\nWhat-ifs, Commander: {decks_text(len(rows))} (analysis = report without what-ifs "
        f"+ the simulation's median above; one cold run, {repeats} when over)"
    )
    print(
        f"  {'deck':<30} {'report':>7} {'simul.':>7} {'analysis':>8} {'what-ifs':>8} "
        f"{'ratio':>6} {'shown':>5} {'sims':>4} {'runs':>4}  verdict",
        flush=True,
    )
    found = []
    for row in rows:
        try:
            w = what_if_row(row, repeats)
        except ChildFailed as error:
            print(f"  {row.entry.label:<30} failed: {error}", flush=True)
            continue
        found.append(w)
        print(
            f"  {w.label:<30} {w.report:>7.2f} {w.simulation:>7.2f} {w.analysis:>8.2f} "
            f"{w.what_ifs:>8.2f} {w.ratio:>6.2f} {w.shown:>5} {w.simulations:>4} {w.runs:>4}  "
            f"{'ok' if w.ratio <= 1 else 'MISSED'}",
            flush=True,
        )
    return found


def measure_memory(row: Row, games: int) -> dict[str, Any]:
    """The peak memory of ``games`` games of the deck, in a fresh interpreter."""
    command = [sys.executable, str(HERE / "_deck_tasks.py"), row.entry.info.path, str(games)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        return {"deck": row.entry.label, "error": done.stderr.strip().splitlines()[-1:]}
    figures: dict[str, Any] = json.loads(done.stdout)
    figures["deck"] = row.entry.label
    return figures


# -- the summary ---------------------------------------------------------------------


Checks = list[dict[str, Any]]


def check(checks: Checks, label: str, value: str, target: str, ok: bool) -> None:
    """Print a summary line (:func:`_timing.report`) and keep it for ``--json``."""
    report(label, value, target, ok)
    checks.append({"label": label, "value": value, "target": target, "ok": ok})


def slowest(rows: list[Row]) -> Row:
    return min(rows, key=lambda r: r.games_per_second)


def summarize_commander(checks: Checks, rows: list[Row]) -> None:
    good = [r for r in rows if not r.error]
    if not good:
        if rows:
            check(checks, "Commander decks measured", "none: all failed", "", False)
        return
    rates = [r.games_per_second for r in good]
    median = statistics.median(rates)
    worst = slowest(good)
    tapper = max(good, key=lambda r: r.runs[-1].tapper_share)
    hits = min(good, key=lambda r: r.runs[-1].hit_rate)
    floors = statistics.median(r.games_per_second / r.floor for r in good)
    within = sum(not r.misses() for r in rows)
    check(
        checks,
        f"Commander: median games/s over {decks_text(len(good))}",
        f"{median:,.0f}",
        f">= {COMMANDER_MEDIAN:,}",
        median >= COMMANDER_MEDIAN,
    )
    check(
        checks,
        f"Commander: slowest ({worst.entry.label})",
        f"{worst.games_per_second:,.0f}",
        f">= {COMMANDER_SLOWEST:,}",
        worst.games_per_second >= COMMANDER_SLOWEST,
    )
    check(
        checks,
        f"Commander: most tapper questions ({tapper.entry.label})",
        f"{tapper.runs[-1].tapper_share:.2%}",
        f"<= {TAPPER_SHARE:.0%}",
        tapper.runs[-1].tapper_share <= TAPPER_SHARE,
    )
    check(
        checks,
        "Commander: decks within every target",
        f"{within} / {len(rows)}",
        f"{len(rows)} / {len(rows)}",
        within == len(rows),
    )
    check(
        checks,
        f"Commander: lowest cache hit rate ({hits.entry.label})",
        f"{hits.runs[-1].hit_rate:.2%}",
        "",
        True,
    )
    check(checks, "Commander: median games/s / floor", f"{floors:.2%}", "", True)


def summarize_others(checks: Checks, rows: list[Row]) -> None:
    good = [r for r in rows if not r.error]
    if not good:
        if rows:
            check(checks, "60-card and Limited decks measured", "none: all failed", "", False)
        return
    worst = slowest(good)
    median = statistics.median(r.games_per_second for r in good)
    check(
        checks,
        f"60-card and Limited: slowest ({worst.entry.label})",
        f"{worst.games_per_second:,.0f}",
        f">= {OTHER_SLOWEST:,}",
        worst.games_per_second >= OTHER_SLOWEST and len(good) == len(rows),
    )
    check(
        checks,
        f"60-card and Limited: median games/s over {decks_text(len(good))}",
        f"{median:,.0f}",
        "",
        True,
    )


def summarize_what_ifs(checks: Checks, rows: list[WhatIfRow]) -> None:
    if not rows:
        return
    median = statistics.median(w.ratio for w in rows)
    worst = max(rows, key=lambda w: w.ratio)
    within = sum(w.ratio <= 1 for w in rows)
    check(
        checks,
        f"what-ifs / analysis: median over {decks_text(len(rows))}",
        f"{median:.2f}",
        "<= 1",
        median <= 1,
    )
    check(
        checks,
        f"what-ifs / analysis: worst ({worst.label})",
        f"{worst.ratio:.2f} ({worst.what_ifs:.1f} s)",
        "<= 1",
        worst.ratio <= 1,
    )
    check(
        checks,
        "what-ifs within the analysis' time",
        f"{within} / {len(rows)}",
        f"{len(rows)} / {len(rows)}",
        within == len(rows),
    )


def summarize_memory(checks: Checks, memory: dict[str, Any]) -> None:
    name = f"peak memory, {memory.get('games', 0):,} games of {memory['deck']}"
    if "error" in memory:
        check(checks, name, "failed", f"<= {MEMORY_MB} MB", False)
        print(f"    {memory['error']}")
        return
    peak = memory["peak_kib"] * 1024 / 1e6
    grown = (memory["peak_kib"] - memory["before_kib"]) * 1024 / 1e6
    check(checks, name, f"{peak:,.0f} MB", f"<= {MEMORY_MB} MB", peak <= MEMORY_MB)
    check(checks, "  of which the games (the deck read: the rest)", f"{grown:,.0f} MB", "", True)
    check(checks, "  their speed", f"{memory['games'] / memory['seconds']:,.0f} games/s", "", True)


# -- running -------------------------------------------------------------------------


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, metavar="N", help="games a run (default 10,000; --quick 1,000)"
    )
    parser.add_argument(
        "--repeats",
        type=int,
        metavar="R",
        help="cold runs a deck, the median reported (default 3; --quick 1)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: 3 precons, 2 other decks, fewer games"
    )
    parser.add_argument(
        "--deck", metavar="SUBSTRING", help="only the decks whose name or file holds SUBSTRING"
    )
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE")
    parser.add_argument(
        "--shared",
        type=Path,
        default=SHARED,
        metavar="DIR",
        help="the Commander precons' folder (default: ../shared/decks/commander)",
    )
    args = parser.parse_args(argv)
    args.games = args.games or (1_000 if args.quick else 10_000)
    args.repeats = args.repeats or (1 if args.quick else 3)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    return args


def decks(args: argparse.Namespace) -> tuple[list[Entry], list[Entry]]:
    """The decks this run measures (the corpus, filtered), saying what was found."""
    if not args.shared.is_dir():
        print(
            f"  no {args.shared}: the shared Commander precons are skipped (expected "
            "beside the repository, as ../shared)"
        )
    commander, others = corpus(args.shared)
    merged = sum(len(e.also) for e in (*commander, *others))
    print(
        f"  corpus: {len(commander)} Commander decks, {len(others)} others "
        f"({merged} files of tests/data/decks hold a deck already listed: measured once)"
    )
    chosen = (
        select(commander, args.deck, 3 if args.quick else 0),
        select(others, args.deck, 2 if args.quick else 0),
    )
    if args.deck and not any(chosen):
        print(f"bench_deck.py: no deck's name or file holds {args.deck!r}", file=sys.stderr)
        raise SystemExit(2)
    return chosen


def run(args: argparse.Namespace, record: Callable[[str, Any], None]) -> Checks:
    commander, others = decks(args)
    rows = measure_group("Commander decks", commander, args.games, args.repeats)
    other_rows = measure_group("60-card and Limited decks", others, args.games, args.repeats)
    good = [r for r in rows if not r.error]
    what_ifs = measure_what_ifs(good[:1] if args.quick else good, args.repeats)
    memory = None
    if good:
        biggest = max(good, key=lambda r: r.runs[-1].boards)
        print(
            f"\nPeak memory: {args.games * 10:,} games of {biggest.entry.label} (the most "
            "battlefields cached) in a fresh interpreter",
            flush=True,
        )
        memory = measure_memory(biggest, args.games * 10)
    record("decks", [row_json(r) for r in rows + other_rows])
    record(
        "what_ifs", [asdict(w) | {"analysis": w.analysis, "what_ifs": w.what_ifs} for w in what_ifs]
    )
    record("memory", memory)
    checks: Checks = []
    print("\nSummary")
    summarize_commander(checks, rows)
    summarize_others(checks, other_rows)
    summarize_what_ifs(checks, what_ifs)
    if memory is not None:
        summarize_memory(checks, memory)
    return checks


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    start = time.perf_counter()
    figures: dict[str, Any] = {
        "games": args.games,
        "repeats": args.repeats,
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
    }
    print(
        f"Monte Carlo of the real decks: {args.games:,} games a run, median of "
        f"{args.repeats}, one core, caches cold; load average {os.getloadavg()[0]:.1f}, "
        f"{os.cpu_count()} CPUs"
    )
    checks = run(args, figures.__setitem__)
    fl = floor()
    check(checks, "floor: dealing 17 of 99 cards (random.sample)", f"{fl:,.0f} deals/s", "", True)
    seconds = time.perf_counter() - start
    print(f"\n  whole run: {seconds / 60:.1f} min; load average {os.getloadavg()[0]:.1f}")
    figures |= {"summary": checks, "floor": fl, "seconds": seconds}
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        print(f"  wrote {args.json}")


if __name__ == "__main__":
    main()
