"""Benchmark: reading decklists (issue 13): a 10 MB paste is refused at once, a list
as long as the limit allows parses in linear time, and the real decks of
tests/data/decks parse in milliseconds. Medians, with a same-run baseline (splitting
the same text into lines).

Junk (issue 17): ``mtgmana deck JUNK --games 0`` on a 500-line file of made-up names
is refused in at most 2 s, in a fresh interpreter (the names' index built cold), next
to the same command on a real 100-card precon of tests/data/decks measured in the
same run (it took 66 s on a loaded machine, 10.5 s unloaded, before close names were
looked for among the first 20 unknown names only).

Run: ``python bench/bench_decklist.py``.
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana.analysis.decklists import MAX_TEXT, Decklist, DecklistError

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
    junk()


def _command(*arguments: str) -> float:
    """Seconds for ``mtgmana ARGUMENTS`` in a fresh interpreter (output discarded)."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mtgmana", *arguments],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def junk(repeats: int = 5) -> None:
    """A 500-line file of made-up names refused, against a real precon read."""
    import tempfile

    rng = random.Random(17)
    letters = "abcdefghijklmnopqrstuvwxyz"
    lines = [
        "1 "
        + " ".join(
            "".join(rng.choice(letters) for _ in range(rng.randint(2, 9))).title()
            for _ in range(rng.randint(1, 6))
        )
        for _ in range(500)
    ]
    real = str(ROOT / "tests" / "data" / "decks" / "family-matters-blc.dck")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "junk.txt"
        path.write_text("\n".join(lines), encoding="utf-8")
        base, refused = [], []
        for _ in range(repeats):  # interleaved: both see the same load
            base.append(_command("deck", real, "--games", "0", "--what-ifs", "0"))
            refused.append(_command("deck", str(path), "--games", "0"))
    base.sort()
    refused.sort()
    report(
        "baseline: mtgmana deck on a real precon (--games 0)",
        f"{base[repeats // 2]:.2f} s",
        "-",
        True,
    )
    seconds = refused[repeats // 2]
    report(
        "mtgmana deck on 500 lines of junk, refused",
        f"{seconds:.2f} s {seconds / base[repeats // 2]:.2f}x",
        "<= 2 s",
        seconds <= 2.0,
    )


if __name__ == "__main__":
    main()
