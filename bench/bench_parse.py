"""Benchmark: parsing mana costs (issue: foundation).

Figures: cold parse of every distinct real cost (no cache) as a ratio to
``re.findall(r"\\{[^}]*\\}", s)`` on the same strings in the same run (target <= 3x),
and warm parse of repeated strings through the library's interning (target
<= 0.1 us a string). Run: ``python bench/bench_parse.py``.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana.costs import _INTERN, ManaCost

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards.jsonl.gz"


def real_costs() -> list[str]:
    """Every distinct printed mana cost (split halves separately)."""
    costs: set[str] = set()
    with gzip.open(SHARED, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            texts = [record.get("mana_cost", "")]
            texts += [face.get("mana_cost", "") for face in record.get("card_faces", [])]
            for text in texts:
                costs.update(part for part in text.split(" // ") if part)
    return sorted(costs)


def main() -> None:
    costs = real_costs()
    # Many rounds over the distinct strings so each timing is long enough to measure.
    rounds = 50
    findall = re.compile(r"\{[^}]*\}").findall
    parse = ManaCost.parse

    def baseline() -> None:
        for _ in range(rounds):
            for text in costs:
                findall(text)

    def cold() -> None:
        for _ in range(rounds):
            _INTERN.clear()
            for text in costs:
                parse(text)

    for text in costs:
        parse(text)

    def warm() -> None:
        for _ in range(rounds):
            for text in costs:
                parse(text)

    n = rounds * len(costs)
    base = median_seconds(baseline) / n
    cold_t = median_seconds(cold) / n
    warm_t = median_seconds(warm) / n
    print(f"mana cost parsing: {len(costs)} distinct real costs x {rounds} rounds, medians")
    report("baseline re.findall(r'\\{[^}]*\\}', s)", f"{base * 1e6:.3f} us", "(floor)", True)
    report(
        "cold parse, no cache (ratio to baseline)",
        f"{cold_t * 1e6:.3f} us {cold_t / base:.2f}x",
        "<= 3x",
        cold_t / base <= 3,
    )
    report("warm parse, interned", f"{warm_t * 1e6:.3f} us", "<= 0.1 us", warm_t <= 0.1e-6)


if __name__ == "__main__":
    main()
