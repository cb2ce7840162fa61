"""Benchmark: ``mtgmana serve`` driven from a client process (issue 11).

A client starts ``python -m mtgmana serve`` and talks to it over pipes, one JSON
request a line, as an engine in another language would. Figures, all measured in
this run:

* ``pay`` requests per second (target >= 5,000), ``tap`` requests per second on a
  20-permanent board set once (target >= 1,000), the slowest ``tap`` on an
  80-permanent board (target <= 20 ms) and ``options`` on it (target <= 100 ms);
* lock-step (send, wait for the answer, send the next: what an engine does between
  game actions) and pipelined (a batch written at once: the server's throughput);
* baselines: ``ping`` (the protocol's own cost per request), and the same work
  called in process (what the pipes and JSON add).

Run: ``python bench/bench_serve.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import report
from mtgmana import payment
from mtgmana.battlefield import Board
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.tapping import plan

BOARD_20 = (
    "3 Forest, 2 Island, 2 Plains, Swamp, Mountain, Tundra, Savannah, Adarkar Wastes, "
    "City of Brass, Llanowar Elves, Birds of Paradise, Sunken Ruins, Azorius Signet, "
    "Sol Ring, Ancient Tomb, Desert"
)
BOARD_80 = (
    "6 Forest, 6 Island, 5 Swamp, Underground Sea, Bayou, Tropical Island, Breeding Pool, "
    "Overgrown Tomb, Watery Grave, Command Tower, Exotic Orchard, City of Brass, "
    "Mana Confluence, Ancient Tomb, Sunken Ruins, Twilight Mire, Flooded Grove, "
    "Cabal Coffers, Gaea's Cradle, Reflecting Pool, Sol Ring, Arcane Signet, Mind Stone, "
    "Fellwar Stone, Dimir Signet, Golgari Signet, Simic Signet, Talisman of Dominance, "
    "Thran Dynamo, Worn Powerstone, Gilded Lotus, Hedron Archive, Commander's Sphere, "
    "Grim Monolith, Llanowar Elves, Birds of Paradise, Elvish Mystic, Fyndhorn Elves, "
    "Priest of Titania, Devoted Druid, 26 Grizzly Bears"
)
PAY_COSTS = ["{1}{G}", "{2}{W}{U}", "{B/P}{B}", "{X}{R}", "{W/U}{W}", "{3}", "{G}{G}{G}"]
TAP_COSTS = [
    "{1}{G}", "{2}{W}{U}", "{3}{B}{B}", "{U}{U}", "{X}{R}", "{2}{G/W}{G/W}", "{W}{U}{B}{R}{G}",
    "{1}{B/P}", "{5}{G}{G}", "{C}{C}", "{4}", "{1}{U}{U}",
]  # fmt: skip
BIG_COSTS = [
    "{1}{G}", "{2}{U}{B}", "{4}{G}{G}", "{X}{B}{G}", "{U}{U}{B}{B}", "{7}", "{10}{G}",
    "{W}{U}{B}{R}{G}", "{2/G}{2/U}{B/P}", "{30}",
]  # fmt: skip


class Server:
    """``mtgmana serve`` in a child process."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mtgmana", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.next_id = 0

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, **request}) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert answer["id"] == self.next_id, answer
        assert "error" not in answer, answer
        return answer

    def lock_step(self, requests: Sequence[dict[str, Any]]) -> tuple[float, list[float]]:
        """Requests per second, one at a time, and each one's time."""
        times = []
        start = time.perf_counter()
        for request in requests:
            t = time.perf_counter()
            self.ask(request)
            times.append(time.perf_counter() - t)
        return len(requests) / (time.perf_counter() - start), times

    def pipelined(self, requests: Sequence[dict[str, Any]]) -> float:
        """Requests per second, all written at once (in chunks the pipes hold)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        start = time.perf_counter()
        for begin in range(0, len(requests), 200):
            chunk = requests[begin : begin + 200]
            text = "".join(json.dumps({"id": i, **r}) + "\n" for i, r in enumerate(chunk))
            self.process.stdin.write(text)
            self.process.stdin.flush()
            for _ in chunk:
                assert "error" not in json.loads(self.process.stdout.readline())
        return len(requests) / (time.perf_counter() - start)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    rng = random.Random(2026)
    server = Server()
    server.ask({"op": "ping"})
    n = 3000
    ping = [{"op": "ping"}] * n
    pays = [
        {"op": "pay", "cost": rng.choice(PAY_COSTS), "pool": "".join(rng.choices("WUBRG", k=6)),
         "x": 1}
        for _ in range(n)
    ]  # fmt: skip
    print(f"mtgmana serve from a client process ({n} requests each)")
    ping_rate, _ = server.lock_step(ping)
    ping_piped = server.pipelined(ping)
    report("baseline: ping, lock-step / pipelined", f"{ping_rate:,.0f} / {ping_piped:,.0f}/s",
           "-", True)  # fmt: skip
    pay_rate, _ = server.lock_step(pays)
    pay_piped = server.pipelined(pays)
    report("pay requests, lock-step", f"{pay_rate:,.0f}/s", ">= 5,000/s", pay_rate >= 5000)
    report("pay requests, pipelined", f"{pay_piped:,.0f}/s", ">= 5,000/s", pay_piped >= 5000)
    pool_units = [Mana.make(t) for t in "WUBRGG"]
    start = time.perf_counter()
    for request in pays[:1000]:
        payment.can_pay(ManaCost.parse(str(request["cost"])), pool_units, x=1)
    in_process = 1000 / (time.perf_counter() - start)
    report("  in process: can_pay calls (no JSON, no pipes)", f"{in_process:,.0f}/s", "-", True)
    # tap on a 20-permanent board set once
    server.ask({"op": "board", "sources": BOARD_20})
    taps = [{"op": "tap", "cost": rng.choice(TAP_COSTS), "x": 1} for _ in range(1000)]
    tap_rate, _ = server.lock_step(taps)
    report(
        "tap requests, 20-permanent board set once, lock-step",
        f"{tap_rate:,.0f}/s",
        ">= 1,000/s",
        tap_rate >= 1000,
    )
    board20 = Board.parse(BOARD_20)
    start = time.perf_counter()
    for request in taps:
        with contextlib.suppress(payment.CannotPay):
            plan(str(request["cost"]), board20, x=1)
    report("  in process: plan calls", f"{len(taps) / (time.perf_counter() - start):,.0f}/s",
           "-", True)  # fmt: skip
    # 80 permanents: tap and options
    server.ask({"op": "board", "sources": BOARD_80})
    big = [{"op": "tap", "cost": cost, "x": 3} for cost in BIG_COSTS for _ in range(3)]
    _, big_times = server.lock_step(big)
    per_cost = [max(big_times[i : i + 3]) for i in range(0, len(big_times), 3)]
    report(
        "tap on an 80-permanent board: median / slowest",
        f"{statistics.median(big_times) * 1e3:.1f} / {max(per_cost) * 1e3:.1f} ms",
        "<= 20 ms",
        max(per_cost) <= 0.020,
    )
    _, option_times = server.lock_step([{"op": "options"}] * 3)
    report(
        "options on the 80-permanent board (median of 3)",
        f"{statistics.median(option_times) * 1e3:.0f} ms",
        "<= 100 ms",
        statistics.median(option_times) <= 0.1,
    )
    server.close()


if __name__ == "__main__":
    main()
