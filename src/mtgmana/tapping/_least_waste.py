"""Private: a lower bound of preference 4 (the mana left unused) by subset sums
over the groups' rows, for the branch and bound of :mod:`._search` (see
docs/tapper.md, "The least mana unused, by subset sums").

Every plan's made and floating mana ``M``, its one-mana units used ``S``, the mana
its cost takes ``P`` and the mana its activations' costs take ``T`` satisfy
``M + S = P + T + unused`` (a one-mana unit is only used when its mana is spent).
``P + T`` is at most ``H`` (the cost's and the costs' most) and at least ``L``
(their least), ``S`` at most the one-mana units ``U`` left: so ``unused >= M - H``
and ``M + U >= L``. Per row, ``a = made - most`` and ``b = made + units - least``
(``b - a >= 0``); a plan's ``A`` and ``B`` are the sums of its rows'. The mana
flows of a relaxation can't see that a board of sources making two mana each (Mana
Reflection: CR 106.12b) wastes one of them on an odd cost; the subset sums of the
rows' ``a`` do. Each of the cost's one-type symbols needs units that can pay it
(the floating mana, made mana and one-mana units counted by what they pay, capped
at what the cost needs): a necessary condition, tracked as a state of the sums.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .._memo import by_identity
from ._hall import cost_view
from ._problem import Problem

__all__ = ["PATIENCE", "WasteCut", "waste_cut_of"]

_MAX_STATES = 64  # coverage states of the cost's one-type demands, at most
PATIENCE = 1000  # nodes searched before the bound is used


class _Rows:
    """Per group of the tree (by depth), each row's ``a``, ``b - a`` and units by
    the bits of what they pay; the suffix sums of ``max(b - a)`` and the offset of
    the subset sums' bits (sums of ``a`` may be negative)."""

    def __init__(self, skeleton: Any) -> None:
        self.a: list[list[int]] = []
        self.d: list[list[int]] = []
        self.units: list[list[Counter[int]]] = []
        for summaries, hall_rows in zip(skeleton.summaries, skeleton.hall_rows, strict=True):
            a = [s[2] - s[3] for s in summaries]
            b = [
                supply.total() - s[4]
                for s, (supply, _, _) in zip(summaries, hall_rows, strict=True)
            ]
            self.a.append(a)
            self.d.append([y - x for x, y in zip(a, b, strict=True)])
            self.units.append([supply for supply, _, _ in hall_rows])
        n = len(self.a)
        self.slack = [0] * (n + 1)  # the most b - a the groups from a depth on add
        for g in range(n - 1, -1, -1):
            self.slack[g] = self.slack[g + 1] + max(self.d[g])
        self.offset = sum(max(0, -min(a)) for a in self.a)
        self.tables: dict[tuple[tuple[int, int], ...], _Sums] = {}


class _Sums:
    """For one set of demands (mask, count) of a cost: per depth, per coverage
    state (how many units can pay each demand, capped at its count), the set of
    sums of ``a`` the groups from that depth on can make, as the bits of an int."""

    def __init__(self, rows: _Rows, demands: tuple[tuple[int, int], ...]) -> None:
        self.demands = demands
        caps = tuple(k for _, k in demands)
        self.caps = caps
        n = len(rows.a)
        zero = (0,) * len(caps)
        table: dict[tuple[int, ...], int] = {zero: 1 << rows.offset}
        self.per_depth: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in range(n + 1)]
        self.per_depth[n] = list(table.items())
        self.row_cover = [[self.cover(units) for units in group] for group in rows.units]
        for g in range(n - 1, -1, -1):
            made: dict[tuple[int, ...], int] = {}
            for a, cover in zip(rows.a[g], self.row_cover[g], strict=True):
                for state, bits in table.items():
                    key = tuple(min(c, s + x) for c, s, x in zip(caps, state, cover, strict=True))
                    shifted = bits << a if a >= 0 else bits >> -a
                    made[key] = made.get(key, 0) | shifted
            table = made
            self.per_depth[g] = list(table.items())

    def cover(self, units: Counter[int]) -> tuple[int, ...]:
        """How many of these units can pay each demand, capped."""
        return tuple(
            min(k, sum(n for bits, n in units.items() if bits & mask)) for mask, k in self.demands
        )


def _demands(problem: Problem) -> tuple[tuple[int, int], ...] | None:
    """The cost's one-type demands (mask, count), as many as keep the coverage
    states within ``_MAX_STATES`` (fewer is still a necessary condition)."""
    found = cost_view(problem.cost, problem.x).demands
    if found is None:
        return None
    kept: list[tuple[int, int]] = []
    states = 1
    for mask, k in sorted(found[0].items()):
        if k and states * (k + 1) <= _MAX_STATES:
            kept.append((mask, k))
            states *= k + 1
    return tuple(kept)


@by_identity(64)
def _rows_of(skeleton: Any) -> _Rows:
    """:class:`_Rows` of a board's skeleton, remembered with it."""
    return _Rows(skeleton)


class _Start:
    """What the bound starts from for one tree: the floating mana less the cost's
    most (``a``), every unit at the root less the cost's least (``b``), and what
    those units cover."""

    def __init__(self, tree: Any, sums: _Sums) -> None:
        problem = tree.problem
        self.a = len(problem.pool) - tree.start[3]
        self.b = tree.start_supply.total() - tree.start[4]
        self.cover = sums.cover(tree.start_supply)


def least_waste(tree: Any, chosen: tuple[int, ...]) -> int | None:
    """The least mana left unused by any plan below the node of these rows, or
    None when no plan below it can pay (too few units, or too few of a type)."""
    state = getattr(tree, "_least_waste", None)
    if state is None:
        rows = _rows_of(tree.skeleton)
        demands = _demands(tree.problem)
        if demands is None:
            tree._least_waste = False
            return 0
        sums = rows.tables.get(demands)
        if sums is None:
            sums = rows.tables[demands] = _Sums(rows, demands)
        state = tree._least_waste = (rows, sums, _Start(tree, sums))
    if state is False:
        return 0
    rows, sums, start = state
    a, b = start.a, start.b
    cover = list(start.cover)
    for g, r in enumerate(chosen):
        a += rows.a[g][r]
        b += rows.a[g][r] + rows.d[g][r]
        for i, x in enumerate(sums.row_cover[g][r]):
            cover[i] += x
    depth = len(chosen)
    low = -b - rows.slack[depth] + rows.offset  # the least bit index that can pay
    best: int | None = None
    for need_state, bits in sums.per_depth[depth]:
        if any(c + s < k for c, s, k in zip(cover, need_state, sums.caps, strict=True)):
            continue
        above = bits >> max(0, low) if low > 0 else bits
        if not above:
            continue
        index = (above & -above).bit_length() - 1 + max(0, low)
        waste = max(0, a + index - rows.offset)
        if best is None or waste < best:
            best = waste
            if waste == 0:
                break
    return best


class WasteCut:
    """A search's cut by :func:`least_waste`, used only past ``PATIENCE`` of its
    nodes: the searches that end sooner meet their plans in the same order as
    without it (of plans equal on every preference, the first met)."""

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self.waiting = PATIENCE

    def __call__(
        self, chosen: tuple[int, ...], bound: tuple[int, ...], best: Any
    ) -> tuple[int, ...] | None:
        """A node's bound sharpened: ``()`` when no plan below it pays or beats
        the best plan found (the node is cut), the sharper bound when it is
        sharper (the node waits its turn again), else None."""
        if self.waiting:
            self.waiting -= 1
            return None
        tree = self.tree
        least = least_waste(tree, chosen)
        if least is None:
            return ()
        if least <= bound[3]:
            return None
        sharper = (*bound[:3], least, *bound[4:])
        if best is not None and tree.worse(sharper, best.value):
            return ()
        return sharper


def waste_cut_of(tree: Any) -> WasteCut | None:
    """The :class:`WasteCut` of a tree's search, when its values are exact (no
    restricted mana's margin) and the cost's mana is bounded."""
    if tree.margin or tree.cost_most is None:
        return None
    return WasteCut(tree)
