"""The tapper's answers on a corpus of random requests, to compare two versions of the
code byte for byte (issue 19: a change that only makes the tapper faster must not
change one plan).

Usage::

    python bench/plan_corpus.py write OUT.json [--requests 1500]
    python bench/plan_corpus.py compare BEFORE.json AFTER.json

``write`` sends ``--requests`` random ``tap`` requests through ``serve``'s handler, in
process: boards of 3 to 23 real cards (filter lands, Signets, Talismans, painlands,
Springleaf Drum and its creatures, Treasures, Lotus Petal, Ancient Tomb, Mishra's
Workshop, Eldrazi Temple, storage lands, monoliths and the bench boards' cards), random
costs (hybrid, Phyrexian, {2/G}, snow, X), sometimes permanents tapped, a hand to keep
castable, a low life total, floating mana. The seed is fixed, so two versions of the
code are asked the same requests; run each version with ``PYTHONPATH`` pointing at its
``src``. ``compare`` says how many answers differ (answers cut short by the time limit,
which depend on the machine, are skipped) and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serve import BOARD_20, BOARD_80

from mtgmana.cli.serve import Session
from mtgmana.tapping._api import _PLANS

EXTRA = [
    "Ancient Tomb", "Karplusan Forest", "Lotus Petal", "Mana Confluence", "Graven Cairns",
    "Fire-Lit Thicket", "Wooded Bastion", "Fetid Heath", "Rugged Prairie", "Cascade Bluffs",
    "Twilight Mire", "Mishra's Workshop", "Eldrazi Temple", "Calciform Pools", "Boros Signet",
    "Rakdos Signet", "Gruul Signet", "Orzhov Signet", "Izzet Signet", "Selesnya Signet",
    "Talisman of Progress", "Sulfurous Springs", "Llanowar Wastes", "Yavimaya Coast",
    "Elvish Spirit Guide", "Treasure", "Basalt Monolith", "Coalition Relic", "Mind Stone",
    "Shivan Reef", "Battlefield Forge", "Caves of Koilos", "Underground River",
]  # fmt: skip
SYMBOLS = [
    "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{3}", "{X}", "{G/W}", "{U/B}",
    "{B/P}", "{2/G}", "{S}",
]  # fmt: skip


def card_names() -> list[str]:
    """The corpus's cards: the bench boards' and :data:`EXTRA`, sorted."""
    names = set(EXTRA)
    for board in (BOARD_20, BOARD_80):
        for item in board.split(","):
            count, _, rest = item.strip().partition(" ")
            names.add(rest if count.isdigit() else item.strip())
    names.discard("Grizzly Bears")
    return sorted(names)


def requests(n: int, seed: int = 19) -> list[dict[str, Any]]:
    """``n`` random ``tap`` requests (the same for a seed)."""
    rng = random.Random(seed)
    names = card_names()
    found: list[dict[str, Any]] = []
    for _ in range(n):
        board = [rng.choice(names) for _ in range(rng.randint(3, 20))]
        board += ["Forest"] * rng.randint(0, 3)
        cost = "".join(sorted(rng.choices(SYMBOLS, k=rng.randint(1, 6))))
        request: dict[str, Any] = {
            "op": "tap", "cost": cost, "sources": ", ".join(board), "x": rng.randint(0, 3),
        }  # fmt: skip
        if rng.random() < 0.3:
            request["tapped"] = ", ".join(rng.sample(board, rng.randint(1, min(3, len(board)))))
        if rng.random() < 0.25:
            hand = ("".join(rng.choices(SYMBOLS[:7], k=rng.randint(1, 3))) for _ in range(2))
            request["hand"] = ", ".join(list(hand)[: rng.randint(1, 2)])
        if rng.random() < 0.2:
            request["life"] = rng.choice([1, 2, 3, 5])
        if rng.random() < 0.15:
            request["pool"] = "".join(rng.choices("WUBRGC", k=rng.randint(1, 3)))
        found.append(request)
    return found


def write(out: Path, n: int) -> None:
    session = Session()
    answers = []
    for request in requests(n):
        _PLANS.clear()  # every plan solved
        answers.append([request, json.loads(session.answer_bytes(json.dumps(request).encode()))])
    out.write_text(json.dumps(answers, sort_keys=True), encoding="utf-8")
    print(f"{len(answers)} answers written to {out}")


def _timed(answer: dict[str, Any]) -> bool:
    """Whether an answer depends on the time the machine took (cut short, or the
    search for any plan out of time)."""
    error = answer.get("error", {})
    return bool(
        answer.get("cut_short")
        or error.get("code") == "search_budget"
        or "enough mana of the right types" in str(answer.get("reason", ""))
    )


def compare(before: Path, after: Path) -> int:
    a = json.loads(before.read_text(encoding="utf-8"))
    b = json.loads(after.read_text(encoding="utf-8"))
    if [x[0] for x in a] != [y[0] for y in b]:
        print("the two files answer different requests")
        return 2
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if not (_timed(x[1]) or _timed(y[1]))]
    differ = [x for x, y in pairs if x[1] != y[1]]
    print(f"compared {len(pairs)}, skipped (timed) {len(a) - len(pairs)}, differ {len(differ)}")
    for request, _ in differ[:3]:
        print("  ", json.dumps(request))
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("out", type=Path)
    w.add_argument("--requests", type=int, default=1500)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "write":
        write(args.out, args.requests)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
