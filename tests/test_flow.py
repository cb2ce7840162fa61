"""Minimum-cost transport (mtgmana._solver.flow): the optimum of every small problem,
against enumerating every assignment; the shortcut (every demand at its cheapest
supply when none compete) and the successive shortest paths agree with it."""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtgmana._solver.flow import Row, min_cost_rows, min_cost_transport


@st.composite
def transports(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(1, 4))
    m = draw(st.integers(1, 3))
    supplies = [draw(st.integers(0, 3)) for _ in range(n)]
    demands = [draw(st.integers(0, 3)) for _ in range(m)]
    edges = [
        (s, d, draw(st.integers(-40, 40)))
        for s in range(n)
        for d in range(m)
        if draw(st.integers(0, 3))
    ]
    return {"supplies": supplies, "demands": demands, "edges": edges}


def _brute_force(
    supplies: list[int], demands: list[int], edges: list[tuple[int, int, int]]
) -> int | None:
    """The least cost over every way to meet each demand exactly (None: none)."""
    best: int | None = None
    ways = [range(min(supplies[s], demands[d]) + 1) for s, d, _ in edges]
    for amounts in itertools.product(*ways):
        used = [0] * len(supplies)
        met = [0] * len(demands)
        cost = 0
        for (s, d, w), k in zip(edges, amounts, strict=True):
            used[s] += k
            met[d] += k
            cost += w * k
        if met == demands and all(u <= c for u, c in zip(used, supplies, strict=True)):
            best = cost if best is None else min(best, cost)
    return best


@given(transports())
def test_min_cost_transport_is_the_optimum(case: dict[str, Any]) -> None:
    supplies, demands, edges = case["supplies"], case["demands"], case["edges"]
    found = min_cost_transport(supplies, demands, edges)
    best = _brute_force(supplies, demands, edges)
    assert (found is None) == (best is None)
    if found is None:
        return
    total, amounts = found
    assert total == best
    weight = {(s, d): w for s, d, w in edges}
    assert total == sum(weight[pair] * k for pair, k in amounts.items())
    for d, want in enumerate(demands):
        assert sum(k for (_, e), k in amounts.items() if e == d) == want
    for s, have in enumerate(supplies):
        assert sum(k for (t, _), k in amounts.items() if t == s) <= have


def test_each_demand_at_its_cheapest_supply() -> None:
    """No two demands compete for a cheapest supply: that assignment, at once."""
    assert min_cost_transport([2, 5], [2, 1], [(0, 0, 1), (1, 0, 3), (1, 1, 2)]) == (
        4,
        {(0, 0): 2, (1, 1): 1},
    )


def test_competing_demands_are_rerouted() -> None:
    """Both demands' cheapest supply holds one unit: the one that loses less by
    going elsewhere goes elsewhere (a path back along an assigned edge)."""
    total, amounts = min_cost_transport(
        [1, 1, 1], [1, 1], [(0, 0, 0), (0, 1, 0), (1, 0, 5), (2, 1, 1)]
    ) or (0, {})
    assert total == 1 and amounts == {(0, 0): 1, (2, 1): 1}


# -- the same flow as the plain successive shortest paths ------------------------------


def _plain_transport(
    supplies: list[int], demands: list[int], edges: list[tuple[int, int, int]]
) -> tuple[int, dict[tuple[int, int], int]] | None:
    """The reference: successive shortest paths with a plain queue-based
    Bellman-Ford from every supply with units left (the solver as it was before its
    first pass was written as a loop over the supplies' edges, issue 19)."""
    inf = float("inf")
    need = sum(demands)
    if need == 0:
        return 0, {}
    if sum(supplies) < need:
        return None
    n, m = len(supplies), len(demands)
    out: list[list[tuple[int, int]]] = [[] for _ in supplies]
    weight: dict[tuple[int, int], int] = {}
    cheapest, pick = [inf] * m, [-1] * m
    for s, d, w in edges:
        if supplies[s] and demands[d]:
            out[s].append((d, w))
            weight[(s, d)] = w
            if w < cheapest[d]:
                cheapest[d], pick[d] = w, s
    if any(pick[d] < 0 for d in range(m) if demands[d]):
        return None
    left, amounts, total = list(supplies), {}, 0
    for d, k in enumerate(demands):
        if k and left[pick[d]] >= k:
            left[pick[d]] -= k
            total += k * int(cheapest[d])
            amounts[(pick[d], d)] = k
        elif k:
            break
    else:
        return total, amounts
    left, want, total = list(supplies), list(demands), 0
    into: list[dict[int, int]] = [{} for _ in range(m)]
    while need:
        dist: list[float] = [inf] * (n + m)
        parent = [-1] * (n + m)
        queue = [s for s in range(n) if left[s]]
        queued = [False] * (n + m)
        for s in queue:
            dist[s], queued[s] = 0, True
        head = 0
        while head < len(queue):
            u = queue[head]
            head += 1
            queued[u] = False
            hops = [(n + d, w) for d, w in out[u]] if u < n else [
                (s, -weight[(s, u - n)]) for s in into[u - n]
            ]  # fmt: skip
            for v, w in hops:
                if dist[u] + w < dist[v]:
                    dist[v], parent[v] = dist[u] + w, u
                    if not queued[v]:
                        queued[v] = True
                        queue.append(v)
        end, low = -1, inf
        for d in range(m):
            if want[d] and dist[n + d] < low:
                end, low = d, dist[n + d]
        if end < 0:
            return None
        push, v = want[end], n + end
        while parent[parent[v]] >= 0:  # the bottleneck along the path
            s = parent[v]
            push = min(push, into[parent[s] - n][s])
            v = parent[s]
        push = min(push, left[parent[v]])
        want[end] -= push
        need -= push
        total += push * int(low)
        v = n + end
        while True:
            s = parent[v]
            into[v - n][s] = into[v - n].get(s, 0) + push
            p = parent[s]
            if p < 0:
                left[s] -= push
                break
            into[p - n][s] -= push
            if not into[p - n][s]:
                del into[p - n][s]
            v = p
    return total, {(s, d): k for d in range(m) for s, k in into[d].items()}


@st.composite
def larger_transports(draw: st.DrawFn) -> dict[str, Any]:
    """Transports like the tapper's: many supplies of a few units, a few demands,
    weights with many ties (so that which path is found matters)."""
    n = draw(st.integers(1, 12))
    m = draw(st.integers(1, 6))
    supplies = [draw(st.integers(0, 3)) for _ in range(n)]
    demands = [draw(st.integers(0, 4)) for _ in range(m)]
    edges = [
        (s, d, draw(st.sampled_from([-7, 0, 1, 2, 3, 5, 40])))
        for d in range(m)
        for s in range(n)
        if draw(st.integers(0, 2))
    ]
    return {"supplies": supplies, "demands": demands, "edges": edges}


@given(larger_transports())
def test_the_same_flow_as_the_plain_shortest_paths(case: dict[str, Any]) -> None:
    """The solver finds exactly the flow the plain successive shortest paths find —
    the same augmenting paths, so the same assignment in the same order, not only
    the same cost (the tapper's plans read which supply pays which demand) — and
    min_cost_rows, given the same edges per demand, the same again."""
    supplies, demands, edges = case["supplies"], case["demands"], case["edges"]
    found = min_cost_transport(supplies, demands, edges)
    expected = _plain_transport(supplies, demands, edges)
    assert (found is None) == (expected is None)
    if found is not None and expected is not None:
        assert found[0] == expected[0]
        assert list(found[1].items()) == list(expected[1].items())
    rows: list[list[tuple[int, int]]] = [[] for _ in demands]
    for s, d, w in edges:
        rows[d].append((s, w))
    assert min_cost_rows(supplies, demands, rows) == found
    # Rows made once (their edges' costs and cheapest edge read as made when every
    # supply has units), and read again: the same flow.
    made = [Row(row) for row in rows]
    for _ in range(2):
        again = min_cost_rows(supplies, demands, made)
        assert again == found
        if again is not None and found is not None:
            assert list(again[1].items()) == list(found[1].items())


def _shuffled_rows(rng: random.Random) -> tuple[list[int], list[int], list[list[tuple[int, int]]]]:
    """A transport given per demand as min_cost_rows takes it, like the tapper's
    (many supplies of a few units, a few demands): each demand's row in any order
    of supply, costs with many ties and some far past any other path's length (so
    the integer bound on distances is met), supplies with no units."""
    n, m = rng.randint(1, 12), rng.randint(1, 6)
    supplies = [rng.randint(0, 3) for _ in range(n)]
    demands = [rng.randint(0, 4) for _ in range(m)]
    big = 10**30
    costs = [-7, 0, 0, 1, 1, 2, 3, 5, 40, -big, big, 3 * big]
    rows = [[(s, rng.choice(costs)) for s in range(n) if rng.random() < 0.66] for _ in range(m)]
    for row in rows:
        rng.shuffle(row)
    return supplies, demands, rows


@given(st.integers(0, 2**32))
def test_rows_give_the_flow_of_the_plain_shortest_paths(seed: int) -> None:
    """min_cost_rows's shortest paths by demand (each demand's supplies kept in
    order of cost and of index, dead-end demands never queued, integer distances)
    find exactly the plain solver's paths: the same assignment in the same order,
    whatever the order of a row, with plain lists and with rows made once (read as
    made only when every supply has units). Ten transports an example: which of
    two equally short paths is found shows in about one in two hundred."""
    rng = random.Random(seed)
    for _ in range(10):
        supplies, demands, rows = _shuffled_rows(rng)
        edges = [(s, d, w) for d, row in enumerate(rows) for s, w in row]
        expected = _plain_transport(supplies, demands, edges)
        for given_rows in (rows, [Row(row) for row in rows]):
            found = min_cost_rows(supplies, demands, given_rows)
            assert (found is None) == (expected is None)
            if found is not None and expected is not None:
                assert found[0] == expected[0]
                assert list(found[1].items()) == list(expected[1].items())
