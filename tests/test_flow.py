"""Minimum-cost transport (mtgmana._solver.flow): the optimum of every small problem,
against enumerating every assignment; the shortcut (every demand at its cheapest
supply when none compete) and the successive shortest paths agree with it."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtgmana._solver.flow import min_cost_transport


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
