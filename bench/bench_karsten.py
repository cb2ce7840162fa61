"""Benchmark: exact castability, Karsten's model (issue 6).

Figures: the full reference tables, exactly (40, 60, 80 and 99 cards with 17, 25,
35 and 41 lands; the 19 costs; every source count from 0 to L; Commander rules for
99), target <= 1 s in total, reported also as a ratio to a baseline measured in the
same run: one plain hypergeometric tail P(>= P sources among the 7 + T - 1 cards)
with ``math.comb`` for every cell (no mulligans, no land condition). Also the
latency of single ``castability`` and ``sources_needed`` calls.
Run: ``python bench/bench_karsten.py``.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana.analysis import (
    REFERENCE_COSTS,
    REFERENCE_LANDS,
    castability,
    requirement,
    sources_needed,
    sources_table,
)

PUBLISHED_60 = (14, 13, 21, 12, 18, 23, 10, 16, 21, 24, 9, 15, 19, 22, 9, 13, 17, 12, 16)


def full_tables() -> dict[int, list[int | None]]:
    """Every reference table, every cell computed exactly."""
    return {
        size: [row.sources for row in sources_table(size, lands)]
        for size, lands in REFERENCE_LANDS.items()
    }


def baseline() -> None:
    """One exact hypergeometric tail per cell, with math.comb."""
    needs = [requirement(cost) for cost in REFERENCE_COSTS]
    for size, lands in REFERENCE_LANDS.items():
        for need in needs:
            cards = 7 + need.mana_value - 1
            total = math.comb(size, cards)
            for sources in range(lands + 1):
                hits = sum(
                    math.comb(sources, k) * math.comb(size - sources, cards - k)
                    for k in range(need.pips, min(sources, cards) + 1)
                )
                Fraction(hits, total)


def main() -> None:
    tables = full_tables()
    assert tuple(tables[60]) == PUBLISHED_60, "the published 60-card table is not reproduced"
    cells = sum((lands + 1) * len(REFERENCE_COSTS) for lands in REFERENCE_LANDS.values())
    base = median_seconds(baseline, repeats=7)
    full = median_seconds(full_tables, repeats=7)
    single = median_seconds(lambda: castability(60, 25, 14, "{1}{B}{B}"), repeats=51)
    needed = median_seconds(lambda: sources_needed(99, 41, "{2}{B}{B}"), repeats=21)
    print(f"exact castability (Karsten 2022): {cells} cells in 4 tables, medians")
    report("baseline: one hypergeometric tail per cell (math.comb)", f"{base * 1e3:.1f} ms",
           "(floor)", True)  # fmt: skip
    report(
        "full reference tables 40/60/80/99, every S, exact",
        f"{full * 1e3:.1f} ms {full / base:.1f}x",
        "<= 1 s",
        full <= 1.0,
    )
    report("  per cell", f"{full / cells * 1e6:.1f} us", "", True)
    report("castability(60, 25, 14, '{1}{B}{B}')", f"{single * 1e3:.2f} ms", "", True)
    report("sources_needed(99, 41, '{2}{B}{B}'), S = 0..41", f"{needed * 1e3:.2f} ms", "", True)


if __name__ == "__main__":
    main()
