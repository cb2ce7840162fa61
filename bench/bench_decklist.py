"""Benchmark: reading decklists (issue 13): a 10 MB paste is refused at once, a list
as long as the limit allows parses in linear time, and the real decks of
tests/data/decks parse in milliseconds. Medians, with a same-run baseline (splitting
the same text into lines).

Run: ``python bench/bench_decklist.py``.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana.analysis.decklist import MAX_TEXT, Decklist, DecklistError

ROOT = Path(__file__).resolve().parents[1]


def refuse(text: str) -> None:
    try:
        Decklist.parse(text)
    except DecklistError:
        return
    raise AssertionError("a paste over the limit was accepted")


def main() -> None:
    paste = "4 Lightning Bolt\n" * (10 * 1024 * 1024 // 17)
    long = "# padding comment line\n" * (MAX_TEXT // 24) + "4 Opt\n"
    base = median_seconds(lambda: long.splitlines(), repeats=5)
    refused = median_seconds(lambda: refuse(paste), repeats=5)
    parsed = median_seconds(lambda: Decklist.parse(long), repeats=5)
    print("Reading decklists")
    report(
        "baseline: splitting the longest allowed list into lines", f"{base * 1e3:.1f} ms", "-", True
    )
    report("a 10 MB paste refused", f"{refused * 1e3:.2f} ms", "<= 500 ms", refused <= 0.5)
    report(
        "the longest allowed list parsed",
        f"{parsed * 1e3:.0f} ms {parsed / base:.0f}x",
        "<= 2 s",
        parsed <= 2.0,
    )
    decks = sorted((ROOT / "tests" / "data" / "decks").glob("*.*"))
    decks = [d for d in decks if d.suffix in (".txt", ".dck", ".dek")]
    times = []
    for deck in decks:
        text = deck.read_text(encoding="utf-8")
        times.append(
            (median_seconds(functools.partial(Decklist.parse, text), repeats=3), deck.name)
        )
    worst = max(times)
    report(
        f"the slowest of {len(decks)} real decklists ({worst[1]})",
        f"{worst[0] * 1e3:.1f} ms",
        "-",
        True,
    )


if __name__ == "__main__":
    main()
