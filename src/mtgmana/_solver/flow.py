"""Private: minimum-cost flow on small bipartite transport networks.

The payment and tapping solvers reduce "which mana pays which symbol" to a transport
problem: supplies (classes of interchangeable mana, with counts) and demands (classes
of symbols, with exact counts), an edge where a supply may pay a demand, and an
integer cost per unit on each edge. :func:`min_cost_transport` finds an assignment
meeting every demand exactly at the least total cost, or ``None`` when none exists.

When every demand can be met by one of its cheapest supplies without two of them
competing beyond its count, that assignment is optimal at once (no demand can be
paid for less). Otherwise successive shortest paths (Bellman-Ford on the bipartite
residual graph, which has negative reverse edges) augmenting by the bottleneck:
exact, polynomial, and fast on the small graphs that grouping produces (tens of
nodes even for 1,000 units).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from typing import Any

__all__ = [
    "DEADLINE",
    "OutOfTime",
    "Row",
    "check_deadline",
    "min_cost_rows",
    "min_cost_transport",
]

DEADLINE: ContextVar[float | None] = ContextVar("DEADLINE", default=None)
"""When a search that solves flows runs out of time (``time.process_time()``: the
time the process works, so that a process the machine stalls for a moment answers
the same): a flow still being solved then raises :class:`OutOfTime` (the tapper's
time limits)."""


class OutOfTime(Exception):
    """A flow (or another step of a search) was abandoned: the search it was part of
    is out of time."""


def check_deadline() -> None:
    """Raise :class:`OutOfTime` past :data:`DEADLINE` (the searches' loops call it)."""
    deadline = DEADLINE.get()
    if deadline is not None and time.process_time() > deadline:
        raise OutOfTime


_INFINITY = float("inf")


def min_cost_transport(
    supplies: Sequence[int],
    demands: Sequence[int],
    edges: Sequence[tuple[int, int, int]],
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """Meet every demand exactly from the supplies at the least cost.

    ``edges`` are ``(supply index, demand index, cost per unit)``; at most one edge per
    pair. Returns ``(total cost, {(supply, demand): amount})`` or ``None``.
    """
    need = sum(demands)
    if need == 0:
        return 0, {}
    if sum(supplies) < need:
        return None
    m = len(demands)
    n = len(supplies)
    out: list[list[tuple[int, int]]] = [[] for _ in supplies]
    column: list[dict[int, int]] = [{} for _ in demands]
    cheapest: list[float] = [_INFINITY] * m
    pick = [-1] * m
    for s, d, w in edges:
        if supplies[s] and demands[d]:
            out[s].append((n + d, w))
            column[d][s] = w
            if w < cheapest[d]:
                cheapest[d], pick[d] = w, s
    return _paths(supplies, demands, out, column, cheapest, pick, need)


class Row(list[tuple[int, int]]):
    """A demand's edges ``(supply index, cost per unit)``, with what
    :func:`min_cost_rows` reads of them made once: the cost of each supply's edge,
    the cheapest edge (the first of its cost), and what the shortest paths read of
    them (:func:`_ranks`). Read only: callers that reuse a row (the tapper's
    weights remember theirs) read these again."""

    __slots__ = ("low", "pick", "ranks", "weights")

    def __init__(self, edges: Iterable[tuple[int, int]]) -> None:
        super().__init__(edges)
        self.weights = dict(self)
        low: float = _INFINITY
        pick = -1
        for s, w in self:
            if w < low:
                low, pick = w, s
        self.low = low
        self.pick = pick
        self.ranks = _ranks(self.weights)


Ranked = tuple[list[int], list[int], int]


def _ranks(weights: dict[int, int]) -> Ranked:
    """A demand's supplies in order of index, and in order of the cost of their
    edge (of index on a tie), and the largest cost's size (its absolute value)."""
    by_index = sorted(weights)
    span = max(map(abs, weights.values()), default=0)
    return by_index, sorted(by_index, key=weights.__getitem__), span


def min_cost_rows(
    supplies: Sequence[int], demands: Sequence[int], rows: Sequence[Sequence[tuple[int, int]]]
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """:func:`min_cost_transport` with the edges given per demand: ``rows[d]``
    lists ``(supply index, cost per unit)`` — the same as the edges of demand 0
    in that order, then demand 1's, ... (the same flow, found the same way). A
    :class:`Row` is read as made when every supply has units (no edge is left
    out)."""
    need = sum(demands)
    if need == 0:
        return 0, {}
    if sum(supplies) < need:
        return None
    m = len(demands)
    # Per demand the weight of each supply's edge (the residual graph's reverse
    # edges read it, and each supply's edges are made of them), and its cheapest.
    column: list[dict[int, int]] = [{} for _ in demands]
    cheapest: list[float] = [_INFINITY] * m
    pick = [-1] * m
    ranks: list[Ranked | None] = [None] * m
    whole = 0 not in supplies
    for d, row in enumerate(rows):
        if not demands[d]:
            continue
        if whole and isinstance(row, Row):
            column[d], cheapest[d], pick[d] = row.weights, row.low, row.pick
            ranks[d] = row.ranks
            continue
        weights = column[d]
        low: float = _INFINITY
        for s, w in row:
            if supplies[s]:
                weights[s] = w
                if w < low:
                    low, pick[d] = w, s
        cheapest[d] = low
    return _paths(supplies, demands, None, column, cheapest, pick, need, ranks)


def _paths(
    supplies: Sequence[int],
    demands: Sequence[int],
    out: list[list[tuple[int, int]]] | None,
    column: list[dict[int, int]],
    cheapest: list[float],
    pick: list[int],
    need: int,
    ranks: list[Ranked | None] | None = None,
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """Each demand at its cheapest supply when that is possible, else the
    successive shortest paths (``out``: each supply's edges; None: the edges are
    by demand, ``ranks`` what is known of them, :func:`_shortest_paths_by_demand`)."""
    if any(pick[d] < 0 for d in range(len(demands)) if demands[d]):
        return None  # a demand nothing can meet
    found = _each_its_cheapest(supplies, demands, pick, cheapest)
    if found is not None:
        return found
    if out is None:
        assert ranks is not None
        return _shortest_paths_by_demand(supplies, demands, column, cheapest, need, ranks)
    return _shortest_paths(supplies, demands, out, column, cheapest, need)


def _each_its_cheapest(
    supplies: Sequence[int], demands: Sequence[int], pick: list[int], cheapest: list[float]
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """When every demand can be met wholly by one of its cheapest supplies (no two
    competing beyond what it holds), that is optimal: no assignment pays any demand
    less. None otherwise."""
    left = list(supplies)
    total = 0
    amounts: dict[tuple[int, int], int] = {}
    for d, k in enumerate(demands):
        if k:
            s = pick[d]
            if left[s] < k:
                return None
            left[s] -= k
            total += k * int(cheapest[d])
            amounts[(s, d)] = k
    return total, amounts


def _shortest_paths(
    supplies: Sequence[int],
    demands: Sequence[int],
    out: list[list[tuple[int, int]]],
    column: list[dict[int, int]],
    cheapest: list[float],
    need: int,
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """Successive shortest paths on the bipartite residual graph: supplies are nodes
    ``0..n-1``, demands ``n..n+m-1``; a path starts at a supply with units left
    (the source's arcs) and ends at a demand still wanting (the sink's), going
    forward along edges and back along assigned ones. Each augmentation keeps the
    flow the cheapest of its value, so the last one is optimal. The first path is
    one edge (:func:`_first_path`). The time limit is read every 8th path: a
    path is a few microseconds, the process clock a system call."""
    m = len(demands)
    left = list(supplies)
    want = list(demands)
    into: list[dict[int, int]] = [{} for _ in range(m)]  # per demand: supply -> amount
    end, low = _first_end(want, cheapest)
    s = min(s for s, w in column[end].items() if w == low)
    push, total = _first_path(want, end, s, int(low), left, into)
    need -= push
    # The queue's distances at the start: 0 at the supplies with units left.
    start: list[float] = [0 if units else _INFINITY for units in left]
    start += [_INFINITY] * m
    deadline = DEADLINE.get()
    paths = 1
    while need:
        if deadline is not None and not paths & 7 and time.process_time() > deadline:
            raise OutOfTime
        paths += 1
        dist, parent = _distances(start, left, out, into, column)
        found = _push_to_nearest(dist, parent, want, left, into, _INFINITY)
        if found is None:
            return None
        push, cost, first = found
        need -= push
        total += cost
        if not left[first]:
            start[first] = _INFINITY  # no path starts there any more
    return total, {(s, d): k for d in range(m) for s, k in into[d].items()}


def _shortest_paths_by_demand(
    supplies: Sequence[int],
    demands: Sequence[int],
    column: list[dict[int, int]],
    cheapest: list[float],
    need: int,
    ranks: list[Ranked | None],
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """:func:`_shortest_paths` with the edges by demand (:func:`min_cost_rows`):
    the same paths, found with less work.

    Each path's queue starts with the supplies with units left, at distance 0, in
    order of index, and no demand is taken off before them; taking them off
    relaxes their edges, each supply's in order of demand. So after them each
    demand is at the cost of its cheapest edge from a supply with units left, its
    parent the lowest such supply of that cost (a relaxation takes a strictly
    shorter distance only), and the demands are queued in the order they were
    first reached: of the lowest supply with units left that has an edge to them,
    then of demand. Units left only decrease, so each demand's supplies are kept
    in order of cost and in order of index (:func:`_ranks`), each with a place that
    only moves past the supplies that ran out: the pass reads a few supplies per
    demand, not every edge. Past the first pass the queue is the same. A supply's
    edges are made when it is first taken off the queue (only supplies with units
    assigned are). Distances are integers: "unreached" is an integer larger than
    any path's length."""
    n = len(supplies)
    m = len(demands)
    size = n + m
    left = list(supplies)
    want = list(demands)
    into: list[dict[int, int]] = [{} for _ in range(m)]  # per demand: supply -> amount
    # Per demand its supplies by cost and by index, then supply n: a sentinel that
    # never runs out (no supply left).
    by_cost: list[list[int]] = []
    by_index: list[list[int]] = []
    span = 0
    for d, weights in enumerate(column):
        known = ranks[d]
        if known is None:
            known = _ranks(weights)
        by_index.append([*known[0], n])
        by_cost.append([*known[1], n])
        span = max(span, known[2])
    unreached = (span + 1) * (size + 1)  # more than any path's length
    end, low = _first_end(want, cheapest)
    s = by_cost[end][0]
    push, total = _first_path(want, end, s, int(low), left, into)
    need -= push
    alive = [units > 0 for units in left]
    alive.append(True)  # the sentinel
    # The queue's distances at the start: 0 at the supplies with units left.
    start = [0 if units else unreached for units in left]
    start += [unreached] * m
    at_cost = [0] * m  # per demand: where its supplies with units left begin
    at_index = [0] * m
    out: list[list[tuple[int, int]] | None] = [None] * n  # each supply's edges, once made
    # A demand with nothing assigned has no edge on: taking it off the queue would do
    # nothing, so it never joins it (marked as on it) — the others' order is the same.
    idle = [False] * n + [True] * m
    deadline = DEADLINE.get()
    paths = 1
    while need:
        if deadline is not None and not paths & 7 and time.process_time() > deadline:
            raise OutOfTime
        paths += 1
        dist = list(start)
        parent = [-1] * size
        in_queue = list(idle)
        heads: list[tuple[int, int]] = []
        for d in range(m):
            ranked = by_cost[d]
            p = at_cost[d]
            s = ranked[p]
            if not alive[s]:
                p += 1
                s = ranked[p]
                while not alive[s]:
                    p += 1
                    s = ranked[p]
                at_cost[d] = p
            v = n + d
            if s == n:  # no supply with units left has an edge to it
                if into[d]:
                    in_queue[v] = False  # it may join the queue later
                continue
            dist[v] = column[d][s]
            parent[v] = s
            if not into[d]:
                continue  # a dead end: never queued (in_queue stays true)
            ranked = by_index[d]
            p = at_index[d]
            s = ranked[p]
            if not alive[s]:
                p += 1
                s = ranked[p]
                while not alive[s]:
                    p += 1
                    s = ranked[p]
                at_index[d] = p
            heads.append((s, v))
        heads.sort()
        _drain([v for _, v in heads], n, dist, parent, in_queue, out, into, column)
        found = _push_to_nearest(dist, parent, want, left, into, unreached)
        if found is None:
            return None
        push, cost, first = found
        need -= push
        total += cost
        if not left[first]:
            start[first] = unreached  # no path starts there any more
            alive[first] = False
    return total, {(s, d): k for d in range(m) for s, k in into[d].items()}


def _first_end(want: list[int], cheapest: list[float]) -> tuple[int, float]:
    """The demand the first path ends at: the first still wanting of the least
    cost (as :func:`_shortest_paths` picks it), and that cost."""
    end, low = -1, _INFINITY
    for d, k in enumerate(want):
        if k and cheapest[d] < low:
            end, low = d, cheapest[d]
    return end, low


def _first_path(
    want: list[int], end: int, s: int, low: int, left: list[int], into: list[dict[int, int]]
) -> tuple[int, int]:
    """The first augmentation, without the Bellman-Ford: nothing is assigned yet, so
    the queue's first pass is all it does — each demand at the cost of its cheapest
    edge, from the lowest supply of that cost — and the path is that edge (from
    ``s``), to the first demand of the least cost (``end``, :func:`_first_end`).
    Returns the units pushed and their cost."""
    push = min(want[end], left[s])
    want[end] -= push
    left[s] -= push
    into[end][s] = push
    return push, push * low


def _distances(
    start: list[float],
    left: list[int],
    out: list[list[tuple[int, int]]],
    into: list[dict[int, int]],
    column: list[dict[int, int]],
) -> tuple[list[float], list[int]]:
    """Bellman-Ford (queue-based) from every supply with units left (``start``: 0
    there, else infinite): each node's distance and parent on the residual graph
    (forward along edges from supplies, back along assigned amounts from demands).
    The queue's first pass (the supplies with units left, at distance 0, in order)
    is a plain loop: the same distances, parents and queue."""
    n = len(left)
    size = len(start)
    dist = list(start)
    parent = [-1] * size
    in_queue = [False] * size
    queue: list[int] = []
    append = queue.append
    for u in range(n):
        if left[u]:
            for v, w in out[u]:
                if w < dist[v]:
                    dist[v] = w
                    parent[v] = u
                    if not in_queue[v]:
                        in_queue[v] = True
                        append(v)
    _drain(queue, n, dist, parent, in_queue, out, into, column)
    return dist, parent


def _drain(
    queue: list[int],
    n: int,
    dist: list[Any],
    parent: list[int],
    in_queue: list[bool],
    out: list[Any],
    into: list[dict[int, int]],
    column: list[dict[int, int]],
) -> None:
    """The queue-based Bellman-Ford after its first pass: take each node off the
    queue in turn (and those appended while it runs), relaxing a supply's edges
    forward (``out``; made from ``column`` the first time, where None) and a
    demand's assigned amounts backward."""
    append = queue.append
    for u in queue:
        in_queue[u] = False
        du = dist[u]
        if u < n:
            hops = out[u]
            if hops is None:
                hops = out[u] = [(n + d, w[u]) for d, w in enumerate(column) if u in w]
            for v, w in hops:
                if du + w < dist[v]:
                    dist[v] = du + w
                    parent[v] = u
                    if not in_queue[v]:
                        in_queue[v] = True
                        append(v)
        else:
            weights = column[u - n]
            for s in into[u - n]:
                back = du - weights[s]
                if back < dist[s]:
                    dist[s] = back
                    parent[s] = u
                    if not in_queue[s]:
                        in_queue[s] = True
                        append(s)


def _push_to_nearest(
    dist: list[Any],
    parent: list[int],
    want: list[int],
    left: list[int],
    into: list[dict[int, int]],
    unreached: float,
) -> tuple[int, int, int] | None:
    """Augment along the shortest path found to the first demand still wanting of
    the least distance: the units pushed, their cost and the supply the path
    starts at; None when no demand still wanting is reached."""
    n = len(left)
    end, low = -1, unreached
    for d, k in enumerate(want):
        if k and dist[n + d] < low:
            end, low = d, dist[n + d]
    if end < 0:
        return None
    push = _bottleneck(parent, n + end, want[end], left, into, n)
    want[end] -= push
    first = _augment(parent, n + end, push, left, into, n)
    return push, push * int(low), first


def _augment(
    parent: list[int], v: int, push: int, left: list[int], into: list[dict[int, int]], n: int
) -> int:
    """Push ``push`` along the path ending at demand node ``v``: assign forward,
    take back backward, and take the units from the supply it starts at (returned)."""
    while True:
        s = parent[v]
        into[v - n][s] = into[v - n].get(s, 0) + push
        p = parent[s]
        if p < 0:
            left[s] -= push
            return s
        back = into[p - n]
        if back[s] == push:
            del back[s]
        else:
            back[s] -= push
        v = p


def _bottleneck(
    parent: list[int], v: int, push: int, left: list[int], into: list[dict[int, int]], n: int
) -> int:
    """The most that can go along the path ending at demand node ``v``."""
    while True:
        s = parent[v]
        p = parent[s]
        if p < 0:
            return min(push, left[s])
        push = min(push, into[p - n][s])
        v = p
