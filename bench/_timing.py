"""Timing helpers shared by the benchmarks: medians over repeats, ratios to a
baseline measured in the same run (machines here are noisy)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

__all__ = ["median_seconds", "report"]


def median_seconds(
    run: Callable[[], object], *, repeats: int = 15, setup: Callable[[], object] | None = None
) -> float:
    """The median wall time of ``run()`` over ``repeats`` runs (``setup`` untimed)."""
    times = []
    for _ in range(repeats):
        if setup is not None:
            setup()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(label: str, value: str, target: str, ok: bool) -> None:
    """One line of the benchmark's table."""
    print(f"  {label:<58} {value:>16}   target {target:<14} {'ok' if ok else 'MISSED'}")
