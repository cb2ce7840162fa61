"""Benchmark: the mana pool (issue 3).

Figures: add + spend per unit as a ratio to a plain ``dict`` insert + pop of a new
object in the same run, and at two pool sizes (O(1) per unit: the per-unit time must
not grow with the pool); a 10,000-unit pool with mixed restrictions emptied (target
<= 10 ms) and announced (<= 10 ms); its JSON round trip, ``loads(dumps())``
(<= 50 ms). Also, for information, the worst case: 10,000 units all of different
kinds (10,000 sources).
Run: ``python bench/bench_pool.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana.colors import ManaType
from mtgmana.mana import Duration, ManaKind, Source
from mtgmana.pool import Ending, ManaPool, Retention
from mtgmana.restrictions import Restriction, Spend, abilities, costs, spells

UNITS = 10_000
SPEND = Spend.spell("Creature — Elf", mana_cost="{1}{G}")
RESTRICTIONS: list[Restriction | None] = [
    None,
    spells(types={"Creature"}),
    abilities(),
    spells(types={"Artifact"}) | abilities(source_types={"Artifact"}),
    costs("cumulative upkeep"),
]


def mixed_pool(retention: list[Retention] | None = None, *, distinct: bool = False) -> ManaPool:
    """10,000 units: six types, 97 sources, five restrictions, some snow, some kept
    until end of turn; 1,000 kinds (10,000 with ``distinct``)."""
    pool = ManaPool(retention=retention or [])
    types = list(ManaType)
    batch = 1 if distinct else 10
    for i in range(UNITS // batch):
        pool.add(
            types[i % 6],
            batch,
            source=Source(i if distinct else i % 97, "Land"),
            restriction=RESTRICTIONS[i % 5],
            snow=i % 7 == 0,
            duration=Duration.UNTIL_END_OF_TURN if i % 11 == 0 else Duration.NORMAL,
        )
    return pool


def add_spend_per_unit(pool: ManaPool, rounds: int) -> float:
    kind = ManaKind(ManaType.G, Source("p1", "Forest"), restriction=spells(types={"Creature"}))
    add, spend = pool.add, pool.spend

    def run() -> None:
        for _ in range(rounds):
            spend(add(kind), SPEND)

    return median_seconds(run, repeats=9) / rounds


def time_empty(retention: list[Retention] | None, distinct: bool) -> float:
    """Median time to empty a fresh mixed pool (built untimed before each run)."""
    pools: list[ManaPool] = []

    def setup() -> None:
        pools[:] = [mixed_pool(retention, distinct=distinct)]

    return median_seconds(lambda: pools[0].empty(Ending.PHASE), repeats=7, setup=setup)


def time_json(pool: ManaPool) -> tuple[float, float, float]:
    """Median times of ``dumps()``, ``loads()`` and the round trip."""
    text = pool.dumps()
    dumps = median_seconds(pool.dumps, repeats=15)
    loads = median_seconds(lambda: ManaPool.loads(text), repeats=15)
    both = median_seconds(lambda: ManaPool.loads(pool.dumps()), repeats=15)
    return dumps, loads, both


def main() -> None:
    rounds = 20_000

    def baseline() -> None:
        table: dict[int, object] = {}
        for i in range(rounds):
            table[i] = object()
            table.pop(i)

    base = median_seconds(baseline, repeats=9) / rounds
    small = add_spend_per_unit(ManaPool(), rounds)
    big = ManaPool()
    big.add("R", 100_000)
    large = add_spend_per_unit(big, rounds)

    bulk_pool = ManaPool()
    kind = ManaKind(ManaType.U)

    def bulk() -> None:
        bulk_pool.spend(bulk_pool.add(kind, UNITS), SPEND)

    bulk_t = median_seconds(bulk, repeats=9) / UNITS

    print(f"mana pool: medians; pools of {UNITS:,} units with mixed restrictions")
    report("baseline: dict insert + pop of a new object", f"{base * 1e6:.3f} us", "(floor)", True)
    report(
        "add + spend one unit, empty pool (ratio to baseline)",
        f"{small * 1e6:.2f} us {small / base:.0f}x",
        "O(1)",
        True,
    )
    report(
        "add + spend one unit, pool of 100,000 (ratio to empty pool)",
        f"{large * 1e6:.2f} us {large / small:.2f}x",
        "<= 1.5x",
        large / small <= 1.5,
    )
    report(
        "add 10,000 at once + spend them, per unit",
        f"{bulk_t * 1e6:.2f} us {bulk_t / base:.0f}x",
        "O(1)",
        True,
    )

    cases = [
        ("", None, False),
        (" (Omnath: green kept)", [Retention.type(ManaType.G)], False),
        (" (Kruphix: all become {C})", [Retention.becomes_colorless()], False),
        (" (10,000 kinds)", None, True),
    ]
    for label, retention, distinct in cases:
        seconds = time_empty(retention, distinct)
        if distinct:  # the worst case: figures only
            report(f"empty{label}", f"{seconds * 1e3:.2f} ms", "(worst case)", True)
        else:
            report(f"empty{label}", f"{seconds * 1e3:.2f} ms", "<= 10 ms", seconds <= 0.010)

    for label, distinct in (("", False), (" (10,000 kinds)", True)):
        pool = mixed_pool(distinct=distinct)
        seconds = median_seconds(pool.announce, repeats=15)
        target = "(worst case)" if distinct else "<= 10 ms"
        report(f"announce{label}", f"{seconds * 1e3:.2f} ms", target, distinct or seconds <= 0.01)
        dumps, loads, both = time_json(pool)
        report(
            f"JSON round trip{label} (dumps {dumps * 1e3:.1f} + loads {loads * 1e3:.1f})",
            f"{both * 1e3:.2f} ms",
            "(worst case)" if distinct else "<= 50 ms",
            distinct or both <= 0.050,
        )
    print(f"  (JSON of the mixed pool: {len(mixed_pool().dumps()):,} bytes)")


if __name__ == "__main__":
    main()
