"""Benchmark: the frontier of what a board can produce (issue 11, part 5: the options
frontier), :func:`mtgmana.tapping._frontier_lazy.frontier`, with ``limit=1000`` and
``budget=10 * limit`` (what ``tapping.options`` hands it).

Baseline, measured in the same run: the integer-coded search it replaces
(:func:`mtgmana.tapping._frontier.frontier`, component-wise dominance, cut at 50 x limit
vectors as ``options`` used it). Boards:

(a) the mixed 80-source board of ``bench_tapping`` (``mixed(random.Random(2026), 80)``
    after its 20- and 40-source draws) and three more seeds, target <= 100 ms;
(b) the bench's Commander board (54 permanents, 16 multi-mana or mana-costing
    sources) plus 26 Grizzly Bears, target <= 100 ms;
(c) the five Commander precons of ``../shared/decks/commander`` with every permanent
    of the deck on the battlefield (74 to 90 permanents), target <= 100 ms;
(d) the stress board of ``bench_tapping`` part (b), target <= 200 ms and exact:
    6,902 options under matching dominance ("any" may be made a color; 25,411
    component-wise).

For each: the median time (new, and the baseline), how many options the new one
lists and counts (``exact``: within the budget; else a lower bound), the ratio, and
for information the time of :func:`~mtgmana.tapping._frontier_lazy.most` (the exact most
of each kind, for ``options``' summary).

Run: ``python bench/bench_options.py``.
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_tapping import COMMANDER, STRESS, board_of, mixed

from _timing import median_seconds, report
from mtgmana.board import Board, Permanent
from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.errors import MtgManaError
from mtgmana.tapping import _frontier
from mtgmana.tapping._compile import Source, compiled
from mtgmana.tapping._frontier_lazy import Group, frontier, most

LIMIT = 1000
BUDGET = 10 * LIMIT
DECKS = Path(__file__).resolve().parents[2] / "shared" / "decks" / "commander"
ZERO = (0,) * 7


def groups_of(board: Board) -> list[Group]:
    """What ``tapping.options`` hands the frontier: each compiled source's options."""
    return [
        (len(s.indexes), [(o.slots, o.mana_cost) for o in (*s.simple, *s.complex)])
        for s in compiled(board)
    ]


def _vectors(source: Source) -> list[tuple[tuple[int, ...], ManaCost | None]]:
    """The baseline's input: each option as count vectors (W U B R G C any), one per
    way its slots can be typed, a slot of exactly the five colors as "any"."""
    five = frozenset(ManaType) - {ManaType.C}
    order = {t: i for i, t in enumerate(ManaType)}
    found: set[tuple[tuple[int, ...], ManaCost | None]] = set()
    for option in (*source.simple, *source.complex):
        kinds = [[6] if s == five else sorted(order[t] for t in s) for s in option.slots]
        for combo in itertools.product(*kinds):
            found.add((tuple(combo.count(k) for k in range(7)), option.mana_cost))
    return sorted(found, key=lambda item: item[0])


def baseline_groups(board: Board) -> list[_frontier.Group]:
    return [(len(s.indexes), _vectors(s)) for s in compiled(board)]


def deck_board(path: Path) -> Board:
    """Every permanent of a Forge .dck deck (commander included) on the battlefield;
    cards whose only mana abilities can't be modelled are left out."""
    permanents: list[Permanent] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.lower()
            continue
        if section not in ("[main]", "[commander]") or not line:
            continue
        count, rest = line.split(" ", 1)
        name = rest.split("|")[0].rstrip("+")
        try:
            permanent = Permanent.named(name)
        except MtgManaError:
            continue
        if {"Instant", "Sorcery"} & permanent.card_types or permanent.unsupported:
            continue  # not permanents, or refused by the tapper (NotModelled)
        permanents.extend([permanent] * int(count))
    return Board(tuple(permanents))


def boards() -> list[tuple[str, Board, int]]:
    """(label, board, target in ms)."""
    rng = random.Random(2026)
    mixed(rng, 20)
    mixed(rng, 40)
    found = [("(a) mixed 80, bench_tapping's", mixed(rng, 80), 100)]
    found += [
        (f"(a) mixed 80, seed {seed}", mixed(random.Random(seed), 80), 100) for seed in (1, 2, 3)
    ]
    found.append(
        ("(b) Commander + 26 Grizzly Bears", board_of(COMMANDER + ["Grizzly Bears"] * 26), 100)
    )
    if DECKS.is_dir():
        for path in sorted(DECKS.glob("*.dck")):
            board = deck_board(path)
            found.append((f"(c) {path.stem} ({len(board.permanents)})", board, 100))
    found.append(("(d) the stress board", board_of(STRESS), 200))
    return found


def measure(label: str, board: Board, target_ms: int) -> bool:
    groups = groups_of(board)
    old_groups = baseline_groups(board)
    new = median_seconds(lambda: frontier(groups, ZERO, LIMIT, BUDGET), repeats=7)
    old = median_seconds(lambda: _frontier.frontier(old_groups, ZERO, 50 * LIMIT), repeats=3)
    listed, count, complete = frontier(groups, ZERO, LIMIT, BUDGET)
    old_found, truncated = _frontier.frontier(old_groups, ZERO, 50 * LIMIT)
    print(
        f"  {label}: {len(listed)} listed, {count} counted ({'exact' if complete else 'at least'});"
        f" baseline {len(old_found)}{' (cut)' if truncated else ''} component-wise"
    )
    ok = new <= target_ms / 1000
    if "stress" in label:
        ok = ok and complete and count == 6902
    report(
        "  frontier, limit 1000 (baseline: the old search)",
        f"{new * 1e3:.1f} ms {new / old:.3f}x",
        f"<= {target_ms} ms",
        ok,
    )
    print(f"  {'':<58} {'baseline ' + format(old * 1e3, '.0f') + ' ms':>16}")
    summary = median_seconds(lambda: most(groups, ZERO), repeats=7)
    report("  most (the summary), for information", f"{summary * 1e3:.1f} ms", "-", True)
    return ok


def main() -> None:
    print(f"Options frontier, limit {LIMIT}, budget {BUDGET}")
    results = [measure(label, board, target) for label, board, target in boards()]
    print(f"  {sum(results)} of {len(results)} boards within target")


if __name__ == "__main__":
    main()
