"""Benchmark: the bundled card database and the streaming loaders.

Figures, each the median of several repeats:

* in a fresh interpreter each repeat: the first lookup in the bundled database (found
  through its index, one block of cards decompressed; target <= 5 ms), then loading
  every card plus mana value, colors and color identity of each (target <= 0.5 s),
  and its ratio to a baseline measured in the same run: plain ``gzip`` +
  ``json.loads`` of each line of the same file;
* ``lookup`` of a known name (target <= 10 us), in memory and through the index,
  and of an unknown one, which computes "did you mean" suggestions (target <= 50 ms,
  first miss included);
* with ``--bulk-mb N`` (default 150, 0 to skip): :func:`load_scryfall_bulk` on a
  synthetic Scryfall bulk file of about N MB, in a fresh interpreter: throughput in
  MB/s and peak memory, next to ``json.load`` of the same file.

Run: ``python bench/bench_cards.py [--repeats 5] [--bulk-mb 150]``.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mtgmana
from _timing import median_seconds, report
from mtgmana.cards import CardDatabase
from mtgmana.cards._index import CardIndex

PACKAGE_ROOT = str(Path(mtgmana.__file__).resolve().parents[1])

# Each child prints one JSON object of timings on its last line.
COLD_LOAD = """
import json, time
t0 = time.perf_counter()
from mtgmana.cards import CardDatabase
t1 = time.perf_counter()
db = CardDatabase.bundled()
db.lookup("Lightning Bolt")
t2 = time.perf_counter()
db._all_records()
t3 = time.perf_counter()
for card in db:
    card.mana_value, card.colors, card.color_identity
t4 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first": t2 - t1, "load": t3 - t2, "compute": t4 - t3,
                  "cards": len(db)}))
"""

BASELINE = """
import gzip, importlib.resources, json, time
t0 = time.perf_counter()
data = (importlib.resources.files("mtgmana") / "data/cards.jsonl.gz").read_bytes()
records = [json.loads(line) for line in gzip.decompress(data).splitlines()]
print(json.dumps({"baseline": time.perf_counter() - t0, "cards": len(records)}))
"""

BULK = """
import json, sys, time
from mtgmana.cards import load_scryfall_bulk

def high_water_kb():
    # VmHWM: the peak resident memory of this process image. (ru_maxrss would
    # also count the parent's memory when the child was started with vfork.)
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError("no VmHWM")

before = high_water_kb()
t0 = time.perf_counter()
if sys.argv[2] == "stream":
    count = len(load_scryfall_bulk(sys.argv[1], progress=False))
else:
    with open(sys.argv[1], encoding="utf-8") as handle:
        count = len(json.load(handle))
seconds = time.perf_counter() - t0
print(json.dumps({"seconds": seconds, "rss_before_kb": before, "rss_peak_kb": high_water_kb(),
                  "count": count}))
"""


def child(code: str, *args: str) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter that imports mtgmana from this checkout."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [PACKAGE_ROOT, env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True
    )
    decoded: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return decoded


def median_of(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(float(run[key]) for run in runs)


def bench_bundled(repeats: int) -> None:
    print(f"Bundled database (median of {repeats} fresh interpreters):")
    cold = []
    base = []
    for _ in range(repeats):  # interleaved, so both see the same machine load
        cold.append(child(COLD_LOAD))
        base.append(child(BASELINE))
    load = median_of(cold, "load")
    compute = median_of(cold, "compute")
    total = statistics.median(float(run["load"]) + float(run["compute"]) for run in cold)
    baseline = median_of(base, "baseline")
    cards = int(cold[0]["cards"])
    first = median_of(cold, "first")
    report("import mtgmana.cards", f"{median_of(cold, 'import') * 1e3:.0f} ms", "-", True)
    report("open the bundled db, first lookup (index)", f"{first * 1e3:.1f} ms", "<= 5 ms",
           first <= 0.005)  # fmt: skip
    report(f"then load every card ({cards} cards)", f"{load * 1e3:.0f} ms", "-", True)
    report("mana value, colors, color identity of every card", f"{compute * 1e3:.0f} ms", "-", True)
    report("load + compute all", f"{total * 1e3:.0f} ms", "<= 500 ms", total <= 0.5)
    report("baseline: gzip + json.loads per line", f"{baseline * 1e3:.0f} ms", "-", True)
    report("load / baseline", f"{load / baseline:.2f}x", "-", True)
    report("(load + compute all) / baseline", f"{total / baseline:.2f}x", "-", True)


MISSES = [
    "Lightening Bolt",
    "Jace the Mind Scultor",
    "Black Lotsu",
    "Emrakul the Aeons Torm",
    "Ravager of the Fels",
    "Brisela Voice of Nightmare",
    "Lim Dul Vault",
    "Sol Rng",
]


def bench_lookup(repeats: int) -> None:
    print("Lookup (in process, database loaded):")
    db = CardDatabase.bundled()
    names = [card.name for card in itertools.islice(db, 2000)]
    names += ["lightning bolt", "Ravager of the Fells", "Lim-Dul's Vault", "alive"]

    def hits() -> None:
        for name in names:
            db.lookup(name)

    hit = median_seconds(hits, repeats=max(repeats, 5)) / len(names)
    report("lookup, a known name", f"{hit * 1e6:.1f} us", "<= 10 us", hit <= 10e-6)

    def through_index() -> None:
        fresh = CardDatabase._indexed(CardIndex())  # nothing cached
        for name in names[::10]:
            fresh.lookup(name)

    cold = median_seconds(through_index, repeats=max(repeats, 5)) / len(names[::10])
    report("lookup through the index, a known name, cold", f"{cold * 1e6:.0f} us", "<= 1 ms",
           cold <= 1e-3)  # fmt: skip

    firsts = []
    for _ in range(repeats):
        fresh = CardDatabase(db._all_records())  # no suggestion index, no trigram cache yet
        start = time.perf_counter()
        fresh.suggest(MISSES[0])
        firsts.append(time.perf_counter() - start)
    first = statistics.median(firsts)
    report("first miss on a new database (index built)", f"{first * 1e3:.1f} ms", "<= 50 ms",
           first <= 0.05)  # fmt: skip
    worst = 0.0
    total = 0.0
    for query in MISSES:
        fresh = CardDatabase(db._all_records())
        start = time.perf_counter()
        with contextlib.suppress(LookupError):
            fresh.lookup(query)
        cold = time.perf_counter() - start
        worst = max(worst, cold)

        def again(database: CardDatabase = fresh, query: str = query) -> None:
            with contextlib.suppress(LookupError):
                database.lookup(query)

        total += median_seconds(again, repeats=max(repeats, 5))
    warm = total / len(MISSES)
    report("miss + suggestions, worst cold query", f"{worst * 1e3:.1f} ms", "<= 50 ms",
           worst <= 0.05)  # fmt: skip
    report("miss + suggestions, mean warm query", f"{warm * 1e3:.1f} ms", "<= 50 ms",
           warm <= 0.05)  # fmt: skip

    def miss_through_index() -> None:
        with contextlib.suppress(LookupError):
            CardDatabase._indexed(CardIndex()).lookup(MISSES[0])  # names read from the index

    indexed = median_seconds(miss_through_index, repeats=max(repeats, 5))
    report("miss + suggestions through the index, cold", f"{indexed * 1e3:.1f} ms", "<= 50 ms",
           indexed <= 0.05)  # fmt: skip


def synthetic_bulk(path: Path, megabytes: int) -> int:
    """Write a Scryfall-like bulk file of about ``megabytes`` MB; returns its size.

    Objects carry the many fields of real default-cards entries (ids, URIs, prices,
    legalities, image links), so that the fields the loader drops weigh as they do.
    """
    db = CardDatabase.bundled()
    records = db._all_records()
    legalities = {f: "legal" for f in ("standard", "modern", "legacy", "vintage", "commander")}
    written = 0
    with path.open("w", encoding="utf-8") as handle:
        handle.write("[\n")
        number = 0
        while written < megabytes * 1_000_000:
            record = dict(records[number % len(records)])
            uid = f"{number:08x}-0000-4000-8000-{number:012x}"
            record.update(
                {
                    "object": "card",
                    "id": uid,
                    "oracle_id": f"oracle-{number % len(records)}",
                    "lang": "en",
                    "released_at": "2025-09-25",
                    "uri": f"https://api.example.invalid/cards/{uid}",
                    "scryfall_uri": f"https://example.invalid/card/set/{number}",
                    "image_uris": {
                        size: f"https://cards.example.invalid/{size}/front/{uid}.jpg"
                        for size in ("small", "normal", "large", "png", "art_crop")
                    },
                    "legalities": legalities,
                    "games": ["paper", "mtgo"],
                    "prices": {"usd": "0.25", "eur": "0.20", "tix": "0.03"},
                    "artist": "Some Artist",
                    "flavor_text": "A line of flavor text — with “quotes”." * 2,
                    "set": "set",
                    "collector_number": str(number),
                    "rarity": "common",
                    "cmc": 0.0,
                    "colors": [],
                    "color_identity": [],
                }
            )
            line = ("" if number == 0 else ",\n") + json.dumps(record, ensure_ascii=False)
            handle.write(line)
            written += len(line.encode("utf-8"))
            number += 1
        handle.write("\n]\n")
    return path.stat().st_size


def bench_bulk(megabytes: int, repeats: int) -> None:
    if not Path("/proc/self/status").exists():
        print("(the bulk loader benchmark reads peak memory from /proc: skipped)")
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "default-cards.json"
        size = synthetic_bulk(path, megabytes)
        print(f"Scryfall bulk loader ({size / 1e6:.0f} MB synthetic file, median of {repeats}):")
        runs = [child(BULK, str(path), "stream") for _ in range(repeats)]
        plain = [child(BULK, str(path), "json.load") for _ in range(max(1, repeats // 2))]
    seconds = median_of(runs, "seconds")
    peak_mb = (median_of(runs, "rss_peak_kb") - median_of(runs, "rss_before_kb")) / 1e3
    plain_seconds = median_of(plain, "seconds")
    plain_mb = (median_of(plain, "rss_peak_kb") - median_of(plain, "rss_before_kb")) / 1e3
    report("load_scryfall_bulk", f"{seconds:.2f} s", "-", True)
    report("  throughput", f"{size / 1e6 / seconds:.0f} MB/s", "-", True)
    report("  peak memory over the interpreter's", f"{peak_mb:.0f} MB", "< file size",
           peak_mb * 1e6 < size)  # fmt: skip
    report("json.load of the same file (for comparison)", f"{plain_seconds:.2f} s", "-", True)
    report("  its peak memory", f"{plain_mb:.0f} MB", "-", True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bulk-mb", type=int, default=150)
    args = parser.parse_args()
    bench_bundled(args.repeats)
    bench_lookup(args.repeats)
    if args.bulk_mb > 0:
        bench_bulk(args.bulk_mb, args.repeats)


if __name__ == "__main__":
    main()
