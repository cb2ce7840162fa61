"""Benchmark: start-up time of the ``mtgmana`` command-line tool.

Each figure is the median wall time of a fresh interpreter running one command, minus
the median of bare ``python -c pass`` measured in the same run (interleaved, so both
see the same machine load). Byte-code caches are on, as in an installed package
(written under a temporary ``PYTHONPYCACHEPREFIX``, not in the source tree); with
``--no-cache`` mtgmana's modules are compiled from source each time (a copy of the
package without ``__pycache__``, run with ``PYTHONDONTWRITEBYTECODE`` set, as in a
checkout that never wrote byte code), which is much slower.

* ``mtgmana cost {1}`` (target <= 80 ms over bare Python: lazy imports);
* ``mtgmana card "Lightning Bolt"`` (one card found through the index);
* ``mtgmana tap "{G}" --sources "Forest"`` (target <= 150 ms over bare Python: card
  names found through the index, not by decoding the whole database), and with five
  cards whose text the reader reads (``FIVE``: a Signet, a filter land, Springleaf
  Drum, a mana creature);
* ``import mtgmana`` and ``from mtgmana import ManaCost`` for reference.

Run: ``python bench/bench_startup.py [--repeats 21]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mtgmana
from _timing import report

PACKAGE_ROOT = str(Path(mtgmana.__file__).resolve().parents[1])

CLI = "import sys; from mtgmana.cli import main; sys.exit(main(sys.argv[1:]))"
FIVE = "Forest, Azorius Signet, Mystic Gate, Springleaf Drum, Llanowar Elves"

# (label, python arguments, target in ms over bare Python or None)
COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("import mtgmana", ["-c", "import mtgmana"], None),
    ("from mtgmana import ManaCost", ["-c", "from mtgmana import ManaCost"], None),
    ("mtgmana cost {1}", ["-c", CLI, "cost", "{1}"], 80.0),
    ('mtgmana card "Lightning Bolt"', ["-c", CLI, "card", "Lightning Bolt"], 150.0),
    ('mtgmana tap "{G}" --sources "Forest"', ["-c", CLI, "tap", "{G}", "--sources", "Forest"],
     150.0),
    ("mtgmana tap \"{G}\" --sources (5 cards)", ["-c", CLI, "tap", "{G}", "--sources", FIVE],
     150.0),
]  # fmt: skip


def wall(arguments: list[str], env: dict[str, str]) -> float:
    """Seconds for a fresh interpreter to run ``python ARGUMENTS`` (output discarded)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, *arguments], env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--no-cache", action="store_true", help="compile from source each time")
    parser.add_argument(
        "--src", default=PACKAGE_ROOT, help="the folder holding the mtgmana package to time"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [args.src, env.get("PYTHONPATH")]))
        env.pop("PYTHONPROFILEIMPORTTIME", None)
        if args.no_cache:
            copy = os.path.join(cache, "src")
            shutil.copytree(
                os.path.join(args.src, "mtgmana"),
                os.path.join(copy, "mtgmana"),
                ignore=shutil.ignore_patterns("__pycache__"),
            )
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [copy, os.environ.get("PYTHONPATH")]))
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            env.pop("PYTHONPYCACHEPREFIX", None)
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        measure(env, args.repeats, "no byte-code caches" if args.no_cache else "byte-code cached")


def measure(env: dict[str, str], repeats: int, caches: str) -> None:
    # Warm the byte-code caches and the file system cache.
    for _, arguments, _ in COMMANDS:
        wall(arguments, env)
    bare: list[float] = []
    times: dict[str, list[float]] = {label: [] for label, _, _ in COMMANDS}
    for _ in range(repeats):  # interleaved with the baseline
        bare.append(wall(["-c", "pass"], env))
        for label, arguments, _ in COMMANDS:
            times[label].append(wall(arguments, env))
    baseline = statistics.median(bare)
    print(f"Start-up ({caches}; median of {repeats} fresh interpreters, minus bare Python):")
    report("bare python -c pass", f"{baseline * 1e3:.0f} ms", "-", True)
    for label, _, target in COMMANDS:
        over = (statistics.median(times[label]) - baseline) * 1e3
        shown = "-" if target is None else f"<= {target:.0f} ms"
        report(label, f"{over:+.0f} ms", shown, target is None or over <= target)


if __name__ == "__main__":
    main()
