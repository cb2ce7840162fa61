"""Benchmark: paying mana costs from a pool (issue: exact payment).

Figures: median time per ``can_pay`` and per full ``pay`` (optimal payment) for
typical costs (real costs of at most 8 symbols) against typical pools (at most 12
units), as ratios to a trivial baseline measured in the same run (counting the
pool's units by type, which any payment check must at least do); then a scaling
table over pools of 10, 100 and 1,000 units and costs of 5, 20 and 50 symbols.
Run: ``python bench/bench_payment.py``.
"""

from __future__ import annotations

import gzip
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contextlib

from _timing import report
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.payment import CannotPay, can_pay, plan_payment

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards.jsonl.gz"


def typical_costs() -> list[ManaCost]:
    costs: set[str] = set()
    with gzip.open(SHARED, "rt", encoding="utf-8") as handle:
        for line in handle:
            text = json.loads(line).get("mana_cost", "")
            costs.update(part for part in text.split(" // ") if part)
    parsed = [ManaCost.parse(text) for text in sorted(costs)]
    return [c for c in parsed if 1 <= len(c) <= 8 and c.mana_value < 100]


def random_pool(rng: random.Random, size: int) -> list[Mana]:
    # Mostly two or three colors, some colorless, an occasional snow mana.
    colors = rng.sample("WUBRG", rng.randint(1, 3))
    pool = []
    for _ in range(size):
        kind = rng.choice([*colors, *colors, "C"])
        pool.append(Mana.make(kind, snow=rng.random() < 0.1))
    return pool


def per_call(calls: list[tuple[ManaCost, list[Mana]]], function: object, repeats: int = 5) -> float:
    """The median over calls of each call's best time over ``repeats`` rounds."""
    assert callable(function)
    best = [float("inf")] * len(calls)
    clock = time.perf_counter
    for _ in range(repeats):
        for i, (cost, pool) in enumerate(calls):
            start = clock()
            function(cost, pool)
            best[i] = min(best[i], clock() - start)
    return statistics.median(best)


def full_pay(cost: ManaCost, pool: list[Mana]) -> None:
    with contextlib.suppress(CannotPay):
        plan_payment(cost, pool, life=20)


def check(cost: ManaCost, pool: list[Mana]) -> None:
    can_pay(cost, pool, life=20)


def baseline(cost: ManaCost, pool: list[Mana]) -> None:
    Counter(unit.type for unit in pool)


def main() -> None:
    rng = random.Random(2026)
    costs = typical_costs()
    calls = [(rng.choice(costs), random_pool(rng, rng.randint(1, 12))) for _ in range(2000)]
    base = per_call(calls, baseline)
    check_t = per_call(calls, check)
    pay_t = per_call(calls, full_pay)
    payable = sum(can_pay(c, p, life=20) for c, p in calls)
    print(f"typical: {len(calls)} (real cost <= 8 symbols, pool <= 12 units), {payable} payable")
    report("baseline: count the pool by type", f"{base * 1e6:.2f} us", "-", True)
    report(
        "can_pay (median over calls)",
        f"{check_t * 1e6:.2f} us {check_t / base:.1f}x",
        "<= 10 us",
        check_t <= 10e-6,
    )
    report(
        "pay, optimal payment (median over calls)",
        f"{pay_t * 1e6:.2f} us {pay_t / base:.1f}x",
        "<= 25 us",
        pay_t <= 25e-6,
    )
    payable_calls = [(c, p) for c, p in calls if can_pay(c, p, life=20)]
    flow_calls = [
        (c, p)
        for c, p in calls
        if any(not (s.is_generic or (len(s.halves) == 1 and s.halves[0] in "WUBRGC")) for s in c)
    ]
    pay_ok = per_call(payable_calls, full_pay)
    report("pay, payable instances only", f"{pay_ok * 1e6:.2f} us", "-", True)
    report(
        f"can_pay, {len(flow_calls)} costs that need the flow (hybrid, ...)",
        f"{per_call(flow_calls, check) * 1e6:.2f} us",
        "-",
        True,
    )
    report("pay, the same costs", f"{per_call(flow_calls, full_pay) * 1e6:.2f} us", "-", True)
    print("scaling: worst of 20 random instances per cell, ms (pay / can_pay)")
    symbols = [
        "{W}",
        "{U}",
        "{B}",
        "{2}",
        "{W/U}",
        "{U/B}",
        "{2/W}",
        "{B/P}",
        "{G/W/P}",
        "{S}",
        "{X}",
        "{H}",
    ]
    header = "  pool \\ cost " + "".join(f"{n:>22}" for n in (5, 20, 50))
    print(header)
    worst_all = 0.0
    for size in (10, 100, 1000):
        row = f"  {size:>11} "
        for length in (5, 20, 50):
            worst_pay = worst_check = 0.0
            for _ in range(20):
                cost = ManaCost.from_symbols(rng.choice(symbols) for _ in range(length))
                pool = [
                    Mana.make(rng.choice("WUBRGC"), snow=rng.random() < 0.2) for _ in range(size)
                ]
                start = time.perf_counter()
                with contextlib.suppress(CannotPay):
                    plan_payment(cost, pool, life=20, x=rng.randint(0, 3))
                worst_pay = max(worst_pay, time.perf_counter() - start)
                start = time.perf_counter()
                can_pay(cost, pool, life=20, x=2)
                worst_check = max(worst_check, time.perf_counter() - start)
            worst_all = max(worst_all, worst_pay, worst_check)
            row += f"{worst_pay * 1e3:>12.2f} / {worst_check * 1e3:<7.2f}"
        print(row)
    report(
        "slowest call in the scaling table",
        f"{worst_all * 1e3:.1f} ms",
        "<= 50 ms",
        worst_all <= 0.05,
    )


if __name__ == "__main__":
    main()
