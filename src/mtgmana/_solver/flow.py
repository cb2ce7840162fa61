"""Private: minimum-cost flow on small bipartite transport networks.

The payment and tapping solvers reduce "which mana pays which symbol" to a transport
problem: supplies (classes of interchangeable mana, with counts) and demands (classes
of symbols, with exact counts), an edge where a supply may pay a demand, and an
integer cost per unit on each edge. :func:`min_cost_transport` finds an assignment
meeting every demand exactly at the least total cost, or ``None`` when none exists.

Successive shortest paths (Bellman-Ford on the residual graph, which has negative
reverse edges) augmenting by the bottleneck: exact, polynomial, and fast on the
small graphs that grouping produces (tens of nodes even for 1,000 units).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from contextvars import ContextVar

__all__ = ["DEADLINE", "OutOfTime", "check_deadline", "min_cost_transport"]

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
    n_supply = len(supplies)
    source = n_supply + len(demands)
    sink = source + 1
    graph, to, cap, cost, middle = _network(supplies, demands, edges, need)
    flow = 0
    total = 0
    deadline = DEADLINE.get()
    while flow < need:
        if deadline is not None and time.process_time() > deadline:
            raise OutOfTime
        distance, parent = _shortest_paths(graph, to, cap, cost, source)
        if distance == _INFINITY:
            return None
        push = _augment(to, cap, parent, source, sink, need - flow)
        flow += push
        total += push * int(distance)
    amounts = {pair: cap[e ^ 1] for pair, e in middle.items() if cap[e ^ 1] > 0}
    return total, amounts


def _network(
    supplies: Sequence[int],
    demands: Sequence[int],
    edges: Sequence[tuple[int, int, int]],
    need: int,
) -> tuple[list[list[int]], list[int], list[int], list[int], dict[tuple[int, int], int]]:
    """The residual network: source → supplies → demands → sink, as adjacency lists
    of edge indices and the edge arrays (to, capacity, cost; edge ``e``'s reverse is
    ``e ^ 1``), with the index of the edge for each ``(supply, demand)`` pair."""
    n_supply = len(supplies)
    source = n_supply + len(demands)
    sink = source + 1
    graph: list[list[int]] = [[] for _ in range(sink + 1)]
    to: list[int] = []
    cap: list[int] = []
    cost: list[int] = []

    def add(u: int, v: int, capacity: int, weight: int) -> int:
        graph[u].append(len(to))
        to.append(v)
        cap.append(capacity)
        cost.append(weight)
        graph[v].append(len(to))
        to.append(u)
        cap.append(0)
        cost.append(-weight)
        return len(to) - 2

    for index, amount in enumerate(supplies):
        if amount:
            add(source, index, amount, 0)
    for index, amount in enumerate(demands):
        if amount:
            add(n_supply + index, sink, amount, 0)
    middle: dict[tuple[int, int], int] = {}
    for s, d, weight in edges:
        if supplies[s] and demands[d]:
            middle[(s, d)] = add(s, n_supply + d, need, weight)
    return graph, to, cap, cost, middle


def _shortest_paths(
    graph: list[list[int]], to: list[int], cap: list[int], cost: list[int], source: int
) -> tuple[float, list[int]]:
    """Bellman-Ford (queue-based) from the source on the residual network: the
    distance to the sink (the last node; infinite when it cannot be reached) and
    each node's parent edge."""
    size = len(graph)
    dist: list[float] = [_INFINITY] * size
    parent = [-1] * size
    dist[source] = 0
    queue = [source]
    in_queue = [False] * size
    in_queue[source] = True
    head = 0
    while head < len(queue):
        u = queue[head]
        head += 1
        in_queue[u] = False
        du = dist[u]
        for e in graph[u]:
            if cap[e] > 0:
                v = to[e]
                nd = du + cost[e]
                if nd < dist[v]:
                    dist[v] = nd
                    parent[v] = e
                    if not in_queue[v]:
                        in_queue[v] = True
                        queue.append(v)
    return dist[-1], parent


def _augment(
    to: list[int], cap: list[int], parent: list[int], source: int, sink: int, push: int
) -> int:
    """Push the bottleneck (at most ``push``) along the parent edges from the source
    to the sink; return how much was pushed."""
    v = sink
    while v != source:
        e = parent[v]
        push = min(push, cap[e])
        v = to[e ^ 1]
    v = sink
    while v != source:
        e = parent[v]
        cap[e] -= push
        cap[e ^ 1] += push
        v = to[e ^ 1]
    return push
