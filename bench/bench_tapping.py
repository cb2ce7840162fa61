"""Benchmark: the exact auto-tapper (issue: which sources to tap, CR 106, 601.2g-h, 605).

Figures, each also as a ratio to a baseline measured in the same run — the exact
payment check :func:`mtgmana.payment.can_pay` of the same cost from a pool of as
many floating mana as the board has sources (what is left to do once the sources
are tapped):

(a) castability, ``tapping.can_pay``, of real costs (at most 8 symbols, mana value
    at most 8, from the card corpus) on a 20-source mixed board (basics, duals, a
    painland, any-color lands, mana creatures, a filter land, a Signet, Sol Ring):
    the median over costs of each cost's median time, target <= 200 us; the same
    on a new Board object each call (nothing remembered), and ``plan``, for
    information;
(b) the stress board — 5 each of Plains, Island, Swamp, Mountain, Forest and Desert
    and 3 Cascading Cataracts: the worst ``can_pay`` over a set of payable and
    unpayable costs, target <= 5 ms, and ``options()``, target <= 200 ms;
(c) scaling to 100 sources: 10, 25, 50 and 100 mixed sources, the median and worst
    ``can_pay`` and ``plan`` over a set of costs, and the time per source, which
    must not blow up;
(d) a Commander board real games reach — 54 permanents, among them 16 different
    multi-mana or mana-costing sources (filter lands, Signets, Sol Ring, Thran
    Dynamo, Gilded Lotus, Cabal Coffers, Gaea's Cradle, Priest of Titania...), so
    about 400,000 combinations of activations: ``can_pay`` and ``plan`` over a
    set of costs up to the most the board makes, for information;
(e) an adversarial board — ten different Signets, ten different filter lands and
    five basics (about a million combinations, most of them ties): ``can_pay`` and
    ``plan``, which runs out of its budget of flows there and returns the best plan
    found, for information;
(f) 80-permanent Commander boards from the real precons of ../shared/decks: every
    land, rock and dork of the deck on the battlefield (untapped, with the
    commander's color identity) and others up to 80, and ``plan`` for every spell
    cost of the deck (X = 3): the median and the 99th percentile over all the
    decks' plans (34 precons: two of them, painbow-dmc and tricky-terrain-m3c, have
    boards whose plans reach the budget of flows or nodes), target p99 <= 20 ms;
    also the (d) board grown to 80 permanents.

Run: ``python bench/bench_tapping.py``.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import median_seconds, report
from mtgmana import payment
from mtgmana.board import Board, Permanent
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.tapping import can_pay, options, plan
from mtgmana.tapping._api import _PLANS

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "cards.jsonl.gz"
Cost = ManaCost | str

MIXED_20 = [
    *["Forest"] * 3, *["Island"] * 2, *["Plains"] * 2, "Swamp", "Mountain", "Tundra",
    "Savannah", "Underground Sea", "Adarkar Wastes", "City of Brass", "Mana Confluence",
    "Llanowar Elves", "Birds of Paradise", "Sunken Ruins", "Azorius Signet", "Sol Ring",
]  # fmt: skip
STRESS = [*["Plains", "Island", "Swamp", "Mountain", "Forest", "Desert"] * 5] + [
    "Cascading Cataracts"
] * 3
STRESS_COSTS = [
    "{1}", "{W}{U}{B}{R}{G}", "{G}{G}{G}{G}{G}{G}{G}", "{G}" * 10, "{G}" * 20, "{G}" * 21,
    "{W}{U}{B}{R}{G}{W}{U}{B}{R}{G}{5}", "{20}", "{33}", "{34}", "{C}" * 8, "{C}" * 9,
    "{X}{G}{G}", "{2/W}{2/U}{2/B}{2/R}{2/G}", "{W/P}{U/P}{B/P}{R/P}", "{G/W}" * 12, "{S}",
]  # fmt: skip
# The mix the scaling boards are drawn from (weights: how many in a hundred).
MIX = {
    "Forest": 8, "Island": 8, "Plains": 8, "Swamp": 8, "Mountain": 8, "Tundra": 5,
    "Savannah": 5, "Underground Sea": 5, "Adarkar Wastes": 5, "Karplusan Forest": 5,
    "City of Brass": 4, "Mana Confluence": 3, "Llanowar Elves": 5, "Birds of Paradise": 4,
    "Sunken Ruins": 3, "Azorius Signet": 3, "Sol Ring": 2, "Ancient Tomb": 2, "Desert": 7,
}  # fmt: skip
SCALING_COSTS = [
    "{1}{G}", "{2}{W}{U}", "{3}{B}{B}", "{U}{U}{U}", "{X}{R}{R}", "{2}{G/W}{G/W}",
    "{W}{U}{B}{R}{G}", "{1}{B/P}", "{2/W}{2/U}", "{5}{G}{G}{G}", "{C}{C}{S}",
]  # fmt: skip


@cache
def permanent(name: str) -> Permanent:
    found = Permanent.named(name)
    assert not any(note.startswith("unsupported") for note in found.notes), name
    return found


def board_of(names: Sequence[str]) -> Board:
    return Board(tuple(permanent(name) for name in names))


def typical_costs(rng: random.Random, count: int) -> list[ManaCost]:
    """Real printed costs, at most 8 symbols and mana value 8."""
    texts: set[str] = set()
    with gzip.open(SHARED, "rt", encoding="utf-8") as handle:
        for line in handle:
            text = json.loads(line).get("mana_cost", "")
            texts.update(part for part in text.split(" // ") if part)
    costs = [ManaCost.parse(text) for text in sorted(texts)]
    costs = [c for c in costs if 1 <= len(c) <= 8 and c.mana_value <= 8]
    return rng.sample(costs, count)


def pool_like(board: Board) -> list[Mana]:
    """As many floating mana as the board has sources, of the types they make first."""
    units = []
    for p in board.permanents:
        slot = p.abilities[-1].production.choices[-1].slots[0]
        assert isinstance(slot, frozenset)
        units.append(Mana.make(min(slot, key=lambda t: "WUBRGC".index(t.value))))
    return units


def per_cost(costs: Sequence[Cost], run: Callable[[Cost], object], repeats: int) -> list[float]:
    """Each cost's median time."""

    def once(cost: Cost) -> float:
        return median_seconds(lambda: run(cost), repeats=repeats)

    return [once(cost) for cost in costs]


def on_new_boards(perms: tuple[Permanent, ...], run: Callable[[Board], object]) -> float:
    """The median time of ``run`` on a new Board object of these permanents each
    time (built untimed): nothing is remembered from one call to the next."""
    boards: list[Board] = []

    def setup() -> None:
        boards[:] = [Board(perms)]

    return median_seconds(lambda: run(boards[0]), repeats=5, setup=setup)


def try_plan(cost: Cost, board: Board, x: int = 2) -> None:
    """``plan`` solved (the plans a board was asked before, remembered by
    ``tapping.plan``, are forgotten first: this times the solver)."""
    _PLANS.clear()
    with contextlib.suppress(payment.CannotPay):
        plan(cost, board, x=x)


def part_a(rng: random.Random) -> None:
    board = board_of(MIXED_20)
    costs = typical_costs(rng, 300)
    pool = pool_like(board)
    payable = sum(can_pay(c, board, x=2) for c in costs)
    print(f"(a) {len(costs)} real costs on a 20-source mixed board ({payable} castable)")
    base = statistics.median(per_cost(costs, lambda c: payment.can_pay(c, pool, x=2), 9))
    warm = statistics.median(per_cost(costs, lambda c: can_pay(c, board, x=2), 9))

    def cold_time(cost: Cost) -> float:
        return on_new_boards(board.permanents, lambda b: can_pay(cost, b, x=2))

    cold = statistics.median([cold_time(cost) for cost in costs[:100]])
    planned = statistics.median(per_cost(costs[:60], lambda c: try_plan(c, board), 3))
    report("baseline: payment.can_pay, pool of 20 floating mana", f"{base * 1e6:.1f} us", "-", True)
    report(
        "tapping.can_pay (median over costs)",
        f"{warm * 1e6:.0f} us {warm / base:.1f}x",
        "<= 200 us",
        warm <= 200e-6,
    )
    report(
        "tapping.can_pay on a new Board object each call",
        f"{cold * 1e6:.0f} us {cold / base:.1f}x",
        "-",
        True,
    )
    report(
        "tapping.plan (median over 60 costs)",
        f"{planned * 1e3:.1f} ms {planned / base:.0f}x",
        "-",
        True,
    )


def part_b() -> None:
    board = board_of(STRESS)
    pool = pool_like(board)
    print(f"(b) the stress board: {len(STRESS)} sources, {len(STRESS_COSTS)} costs")
    checks = per_cost(STRESS_COSTS, lambda c: can_pay(c, board, x=3), 5)
    bases = per_cost(STRESS_COSTS, lambda c: payment.can_pay(c, pool, x=3, life=20), 5)
    worst, worst_cost = max(zip(checks, STRESS_COSTS, strict=True))
    worst_base = max(bases)
    payable = [t for t in STRESS_COSTS if can_pay(t, board, x=3)]
    print(f"  payable: {len(payable)} of {len(STRESS_COSTS)}; the slowest: {worst_cost}")
    report(
        "baseline: the slowest payment.can_pay, pool of 33", f"{worst_base * 1e6:.0f} us", "-", True
    )
    report(
        "tapping.can_pay, the slowest cost",
        f"{worst * 1e3:.2f} ms {worst / worst_base:.0f}x",
        "<= 5 ms",
        worst <= 5e-3,
    )
    slow_plan = max(per_cost(STRESS_COSTS, lambda c: try_plan(c, board, 3), 3))
    report("tapping.plan, the slowest cost", f"{slow_plan * 1e3:.1f} ms", "-", True)
    avail = on_new_boards(board.permanents, options)
    result = options(board)
    print(f"  options(): {result.count} options on the frontier (truncated: {result.truncated})")
    report(
        "options()", f"{avail * 1e3:.0f} ms {avail / worst_base:.0f}x", "<= 200 ms", avail <= 0.2
    )


def mixed(rng: random.Random, size: int) -> Board:
    names = rng.choices(list(MIX), weights=list(MIX.values()), k=size)
    return board_of(names)


def scaling_row(board: Board, costs: Sequence[Cost]) -> tuple[float, list[float], list[float]]:
    """The baseline (median), and can_pay and plan per cost, on one board."""
    pool = pool_like(board)
    base = statistics.median(per_cost(costs, lambda c: payment.can_pay(c, pool, x=2), 5))
    checks = per_cost(costs, lambda c: can_pay(c, board, x=2), 5)
    plans = per_cost(costs, lambda c: try_plan(c, board), 3)
    return base, checks, plans


def part_c(rng: random.Random) -> None:
    print("(c) scaling: median / worst over the costs, per call; time per source (median)")
    print(
        f"  {'sources':>7} {'baseline':>10} {'can_pay':>18} {'plan':>20} "
        f"{'can_pay/src':>12} {'plan/src':>10}"
    )
    first: tuple[float, float] | None = None
    growth_ok = True
    for size in (10, 25, 50, 100):
        base, checks, plans = scaling_row(mixed(rng, size), SCALING_COSTS)
        check_med, plan_med = statistics.median(checks), statistics.median(plans)
        per_check, per_plan = check_med / size, plan_med / size
        if first is None:
            first = (per_check, per_plan)
        elif per_plan > 10 * first[1] or per_check > 10 * first[0]:
            growth_ok = False
        print(
            f"  {size:>7} {base * 1e6:>8.0f}us"
            f" {check_med * 1e6:>7.0f} / {max(checks) * 1e6:<6.0f}us"
            f" {plan_med * 1e3:>7.1f} / {max(plans) * 1e3:<6.1f}ms"
            f" {per_check * 1e6:>10.1f}us {per_plan * 1e6:>8.0f}us"
        )
    report(
        "time per source, 100 sources against 10",
        "within 10x" if growth_ok else "grows > 10x",
        "not exponential",
        growth_ok,
    )


COMMANDER = [
    *["Forest"] * 6, *["Island"] * 6, *["Swamp"] * 5, "Underground Sea", "Bayou",
    "Tropical Island", "Breeding Pool", "Overgrown Tomb", "Watery Grave", "Command Tower",
    "Exotic Orchard", "City of Brass", "Mana Confluence", "Ancient Tomb", "Sunken Ruins",
    "Twilight Mire", "Flooded Grove", "Cabal Coffers", "Gaea's Cradle", "Reflecting Pool",
    "Sol Ring", "Arcane Signet", "Mind Stone", "Fellwar Stone", "Dimir Signet",
    "Golgari Signet", "Simic Signet", "Talisman of Dominance", "Thran Dynamo",
    "Worn Powerstone", "Gilded Lotus", "Hedron Archive", "Commander's Sphere",
    "Grim Monolith", "Llanowar Elves", "Birds of Paradise", "Elvish Mystic",
    "Fyndhorn Elves", "Priest of Titania", "Devoted Druid",
]  # fmt: skip
COMMANDER_COSTS = [
    "{1}{G}", "{2}{U}{B}", "{4}{G}{G}", "{X}{B}{G}", "{U}{U}{B}{B}", "{7}", "{10}{G}",
    "{W}{U}{B}{R}{G}", "{2/G}{2/U}{B/P}", "{30}", "{74}", "{75}",
]  # fmt: skip


def part_d() -> None:
    board = board_of(COMMANDER)
    print(f"(d) a Commander board: {len(COMMANDER)} permanents, {len(COMMANDER_COSTS)} costs")
    checks = per_cost(COMMANDER_COSTS, lambda c: can_pay(c, board, x=5), 3)
    plans = per_cost(COMMANDER_COSTS, lambda c: try_plan(c, board, 5), 1)
    payable = sum(can_pay(c, board, x=5) for c in COMMANDER_COSTS)
    slowest = COMMANDER_COSTS[plans.index(max(plans))]
    print(f"  payable: {payable} of {len(COMMANDER_COSTS)}; the slowest plan: {slowest}")
    report(
        "can_pay median / worst",
        f"{statistics.median(checks) * 1e3:.2f} / {max(checks) * 1e3:.1f} ms",
        "-",
        True,
    )
    report(
        "plan median / worst",
        f"{statistics.median(plans) * 1e3:.0f} / {max(plans) * 1e3:.0f} ms",
        "-",
        True,
    )


ADVERSARIAL = [
    *[f"{pair} Signet" for pair in ("Azorius", "Dimir", "Rakdos", "Gruul", "Selesnya")],
    *[f"{pair} Signet" for pair in ("Orzhov", "Izzet", "Golgari", "Boros", "Simic")],
    "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion", "Fetid Heath",
    "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove", "Mystic Gate",
    "Plains", "Island", "Swamp", "Mountain", "Forest",
]  # fmt: skip
ADVERSARIAL_COSTS = ["{1}", "{W}{U}{B}{R}{G}", "{10}", "{W}{W}{W}{U}{U}{U}", "{20}"]


def part_e() -> None:
    board = board_of(ADVERSARIAL)
    print(f"(e) an adversarial board: {len(ADVERSARIAL)} permanents")
    checks = per_cost(ADVERSARIAL_COSTS, lambda c: can_pay(c, board), 1)
    plans = per_cost(ADVERSARIAL_COSTS, lambda c: try_plan(c, board), 1)
    report("can_pay worst", f"{max(checks) * 1e3:.0f} ms", "-", True)
    report("plan worst (budget of flows reached)", f"{max(plans) * 1e3:.0f} ms", "-", True)


PRECONS = Path(__file__).resolve().parents[2] / "shared" / "decks" / "commander"


def precon_board(path: Path) -> tuple[Board, list[ManaCost]]:
    """An 80-permanent battlefield of a Forge .dck precon and the deck's spell costs."""
    import re

    from mtgmana.cards import CardDatabase
    from mtgmana.colors import Color
    from mtgmana.errors import MtgManaError

    database = CardDatabase.bundled()
    names: list[str] = []
    commanders: list[str] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            section = line.strip()
            continue
        found = re.match(r"(\d+) (.+?)\|", line)
        if found:
            name = found.group(2).rstrip("+")
            names += [name] * int(found.group(1))
            if section == "[Commander]":
                commanders.append(name)
    identity = Color(0)
    for name in commanders:
        identity |= database.lookup(name).color_identity
    mana: list[Permanent] = []
    others: list[Permanent] = []
    costs: list[ManaCost] = []
    for name in names:
        face = database.lookup(name).faces[0]
        if face.mana_cost.has_mana_cost and "Land" not in face.type_line:
            costs.append(face.mana_cost)
        if "Instant" in face.type_line or "Sorcery" in face.type_line:
            continue
        try:
            permanent = Permanent.named(name)
        except MtgManaError:
            continue
        if permanent.unsupported:  # the tapper would refuse the board (NotModelled)
            continue
        (mana if permanent.abilities else others).append(permanent)
    chosen = (mana + random.Random(7).sample(others, len(others)))[:80]
    while len(chosen) < 80:
        chosen.append(Permanent.named("Grizzly Bears"))
    return Board(tuple(chosen), commander_colors=identity), costs


def part_f() -> None:
    print("(f) 80-permanent Commander boards from the precons, every spell cost (X = 3)")
    times: list[float] = []
    for path in sorted(PRECONS.glob("*.dck")):
        board, costs = precon_board(path)
        mine = per_cost(costs, functools.partial(try_plan, board=board, x=3), 1)
        mine.sort()
        print(
            f"  {path.stem:<28} {len(costs)} costs: median {statistics.median(mine) * 1e3:.1f} ms,"
            f" slowest {mine[-1] * 1e3:.1f} ms"
        )
        times.extend(mine)
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    report(
        "plan on 80-permanent precon boards: median / p99",
        f"{statistics.median(times) * 1e3:.1f} / {p99 * 1e3:.1f} ms",
        "p99 <= 20 ms",
        p99 <= 0.020,
    )
    grown = board_of([*COMMANDER, *["Grizzly Bears"] * (80 - len(COMMANDER))])
    plans = sorted(per_cost(COMMANDER_COSTS, lambda c: try_plan(c, grown, 5), 1))
    report(
        "plan on the (d) board grown to 80: median / worst",
        f"{statistics.median(plans) * 1e3:.1f} / {plans[-1] * 1e3:.0f} ms",
        "-",
        True,
    )


def main() -> None:
    rng = random.Random(2026)
    start = time.perf_counter()
    part_a(rng)
    part_b()
    part_c(rng)
    part_d()
    part_e()
    if PRECONS.exists():
        part_f()
    print(f"  (the whole benchmark: {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
