"""The bound by totals on boards with restricted mana (tapping/_restricted.py,
CR 106.6; docs/tapper.md §4): at every node on the way to every combination its
floor is at most that combination's best plan's total over every order (CR
605.3a), and the search with it returns the very plan it returns without it —
on boards of Obsidian Obelisk (restricted mana from a complex option), Pillar of
the Paruns (a restricted one-mana source), Eldrazi Temple, Prophetic Prism,
Signets, filter lands, Sol Ring and lands."""

from __future__ import annotations

from operator import add
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtgmana.board import Board
from mtgmana.costs import ManaCost
from mtgmana.tapping import _api as api
from mtgmana.tapping import _restricted as restricted_module
from mtgmana.tapping import _search as search_module
from test_tapping import _each_combination_in_every_order, _every_order, card

RESTRICTED_BOARD = [
    "Obsidian Obelisk", "Pillar of the Paruns", "Eldrazi Temple", "Prophetic Prism",
    "Forest", "Island", "Plains", "Swamp", "Mountain", "Tundra", "Sunken Ruins",
    "Mystic Gate", "Azorius Signet", "Golgari Signet", "Sol Ring", "City of Brass",
    "Adarkar Wastes", "Llanowar Elves",
]  # fmt: skip
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{W/U}", "{G/W}"]


@st.composite
def restricted_cases(draw: st.DrawFn) -> dict[str, Any]:
    restricted = draw(st.sampled_from(RESTRICTED_BOARD[:3]))
    names = draw(st.lists(st.sampled_from(RESTRICTED_BOARD), min_size=1, max_size=6))
    return {
        "board": Board(tuple(card(n) for n in [restricted, *names])),
        "cost": ManaCost.from_symbols(
            draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5))
        ),
        "life": draw(st.sampled_from([20, 3])),
    }


def _problem(case: dict[str, Any]) -> Any:
    return api._problem(case["cost"], case["board"], [], case["life"], None, None, ())


@given(restricted_cases())
def test_every_floor_is_at_most_the_best_total(case: dict[str, Any]) -> None:
    """At every node on the way to every combination (and at the leaf, by its
    colored matchings and whichever mana-costing activation leads), the floor is
    at most the total of that combination's best plan in any order."""
    problem = _problem(case)
    tree = search_module._Tree(problem)
    floor = restricted_module.floor_of(tree)
    assert tree.margin and floor is not None  # restricted mana, no future costs
    for chosen, best in _each_combination_in_every_order(problem, tree):
        sums = tree.start
        for depth in range(len(chosen) + 1):
            # A node's floor passes ``beaten`` only if it is at least the total.
            assert not floor.beaten(depth, sums, chosen[:depth], _plus_one(best, floor))
            if depth < len(chosen):
                sums = tuple(map(add, sums, tree.summaries[depth][chosen[depth]]))


def _plus_one(candidate: Any, floor: Any) -> Any:
    """A stand-in plan whose total is one more than ``candidate``'s: a floor that
    doesn't beat it is at most the candidate's total."""

    class _Stand:
        value = (*candidate.value[:5], candidate.value[5] + 1)

    assert floor.total(_Stand) == floor.total(candidate) + 1
    return _Stand


@given(restricted_cases())
def test_the_search_returns_the_plan_it_returns_without_the_floor(
    case: dict[str, Any],
) -> None:
    """The same plan (value, activations, order, assignment) with the floor as
    without it, and as good as every combination in every order (preferences 1-5)."""
    problem = _problem(case)
    fast = search_module.search(problem)
    spent = problem.spent
    saved = restricted_module.floor_of
    search_module.floor_of = lambda tree: None  # type: ignore[assignment]
    try:
        plain_problem = _problem(case)
        plain = search_module.search(plain_problem)
    finally:
        search_module.floor_of = saved
    if spent or plain_problem.spent:
        return  # past the budget: the best plan found (docs/tapper.md §6)
    assert (fast is None) == (plain is None)
    if fast is not None and plain is not None:
        assert fast.value == plain.value
        assert fast.instances == plain.instances
        assert fast.solution == plain.solution
        slow = _every_order(_problem(case))
        assert slow is not None and fast.value[:5] == slow.value[:5]
