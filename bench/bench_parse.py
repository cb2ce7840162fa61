"""Benchmark: parsing mana costs (issue: foundation).

Figures: cold parse of every distinct real cost (no cache) as a ratio to
``re.findall(r"\\{[^}]*\\}", s)`` on the same strings in the same run (target <= 3x),
and warm parse of repeated strings through the library's interning (target
<= 0.1 us a string); then hostile input: a megabyte of each pattern of
tests/test_parser.py, strict and lenient, parsed or refused (target: each well under
a second; the tests check the work grows linearly). Run: ``python bench/bench_parse.py``.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana.costs import _INTERN, ManaCost
from mtgmana.errors import ManaSyntaxError

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
    hostile()


HOSTILE = {
    "valid {W}...": "{W}" * 350_000,
    "valid {W/U}{2}...": "{W/U}{2}" * 120_000,
    "unclosed {WWW...": "{" + "W" * 1_000_000,
    "stray close {W}...}": "{W}" * 300_000 + "}",
    "opens {{{...": "{" * 1_000_000,
    "closes }}}...": "}" * 1_000_000,
    "bare WWW...": "W" * 1_000_000,
    "long hybrid {W/W/...}": "{" + "W/" * 500_000 + "}",
    "reopened {W}{{W}{...": "{W}{" * 250_000,
}


def hostile() -> None:
    """A megabyte of hostile text: medians, and the ratio to splitting it at each '}'
    (re.findall is quadratic on some of these)."""
    print("hostile input, about 1 MB each, medians of 5 (strict / lenient)")
    worst = 0.0
    for label, text in HOSTILE.items():

        def split(text: str = text) -> None:
            text.split("}")

        base = median_seconds(split, repeats=5)
        times = []
        for lenient in (False, True):

            def parse(text: str = text, lenient: bool = lenient) -> None:
                with contextlib.suppress(ManaSyntaxError):
                    ManaCost.parse(text, lenient=lenient)

            times.append(median_seconds(parse, repeats=5))
        worst = max(worst, *times)
        value = f"{times[0] * 1e3:.0f} / {times[1] * 1e3:.0f} ms"
        ratio = f"{max(times) / base:.1f}x"
        report(f"{label} (ratio to split)", f"{value} {ratio}", "<= 1 s", max(times) <= 1)
    report("worst hostile megabyte", f"{worst * 1e3:.0f} ms", "<= 1 s", worst <= 1)


if __name__ == "__main__":
    main()
