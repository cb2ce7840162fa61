"""The subset-sum bound of preference 4 (tapping/_least_waste.py, docs/tapper.md
§4 "The least mana unused, by subset sums"): at every node on the way to every
combination, the least mana unused it claims is at most that combination's best
plan's in any order (CR 605.3a), and "no plan below pays" only where none does —
on random boards with Mana Reflection (CR 106.12b: every source makes an even
amount), filter lands, Signets and lands whose abilities cost mana; and the search
that cuts and orders by it from the root finds plans as good as every combination
in every order."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtgmana.board import Board
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.tapping import _api as api
from mtgmana.tapping import _least_waste as least_module
from mtgmana.tapping import _search as search_module
from test_tapping import _each_combination_in_every_order, _every_order, card

SOURCES = [
    "Forest", "Island", "Plains", "Tropical Island", "Sol Ring", "Flooded Grove",
    "Sunken Ruins", "Simic Signet", "Overflowing Basin", "Planar Nexus", "Crystal Quarry",
    "Llanowar Elves", "Simic Growth Chamber", "Talon Gates of Madara",
]  # fmt: skip
SYMBOLS = ["{G}", "{U}", "{W}", "{1}", "{2}", "{G/U}", "{2/G}", "{U/P}", "{C}"]


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(SOURCES), min_size=1, max_size=4))
    if draw(st.booleans()):
        names.append("Mana Reflection")
    return {
        "board": Board(tuple(card(n) for n in names)),
        "cost": ManaCost.from_symbols(
            draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5))
        ),
        "pool": [Mana.make(draw(st.sampled_from("GUC"))) for _ in range(draw(st.integers(0, 1)))],
    }


def _problem(case: dict[str, Any]) -> Any:
    return api._problem(case["cost"], case["board"], case["pool"], 20, None, None, ())


@given(cases())
def test_the_least_waste_is_a_lower_bound(case: dict[str, Any]) -> None:
    """Every node on the way to a payable combination: some plan below it pays,
    and its least mana unused is at most the combination's best plan's."""
    problem = _problem(case)
    tree = search_module._Tree(problem)
    tree.start_supply = (
        tree.pool_supply + search_module.alternative_supply(problem) + tree.fixed_supply
    )
    if tree.margin or tree.cost_most is None:
        return
    for chosen, best in _each_combination_in_every_order(problem, tree):
        for depth in range(len(chosen) + 1):
            least = least_module.least_waste(tree, chosen[:depth])
            assert least is not None, (chosen, depth)
            assert least <= best.value[3], (chosen, depth)


@given(cases())
def test_the_search_by_it_from_the_root_finds_the_best_plan(case: dict[str, Any]) -> None:
    """Cutting and ordering by the bound from the first node on loses nothing:
    as good, on preferences 1-5, as every combination in every order."""
    saved = least_module.PATIENCE
    least_module.PATIENCE = 0
    try:
        problem = _problem(case)
        fast = search_module.search(problem)
    finally:
        least_module.PATIENCE = saved
    spent = problem.spent
    slow = _every_order(_problem(case))
    if spent:
        fast = fast or search_module.search(_problem(case), first=True)
    assert (fast is None) == (slow is None)
    if fast is not None and slow is not None and not spent:
        assert fast.value[:5] == slow.value[:5]


def test_an_odd_cost_from_sources_of_two_wastes_one() -> None:
    """Forests and Islands under Mana Reflection make two mana each (CR 106.12b):
    {1}, {G}{U} and {3} leave one unused, whatever is tapped — the flows' bounds
    say 0, the subset sums 1, from the root; {G}{G} leaves none."""
    board = Board(tuple(card(n) for n in ("Forest", "Forest", "Island", "Mana Reflection")))
    for cost, least in (("{1}", 1), ("{G}{U}", 2), ("{3}", 1), ("{G}{G}", 0)):
        problem = api._problem(ManaCost.parse(cost), board, (), 20, None, None, ())
        tree = search_module._Tree(problem)
        tree.start_supply = tree.pool_supply + tree.fixed_supply
        assert least_module.least_waste(tree, ()) == least, cost
    problem = api._problem(ManaCost.parse("{U}{U}{U}"), board, (), 20, None, None, ())
    tree = search_module._Tree(problem)
    tree.start_supply = tree.pool_supply + tree.fixed_supply
    assert least_module.least_waste(tree, ()) is None  # one Island: {U}{U} at most
