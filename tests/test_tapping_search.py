"""The tapper's branch and bound (tapping/_search.py, tapping/_evaluate.py): every
bound it cuts by is a lower bound of the plans it cuts (docs/tapper.md §4), checked
leaf by leaf against each combination solved in every order (CR 605.3a), and the
whole search against solving every combination in every order — on boards with
Springleaf Drum (a permanent tapped for a cost, CR 602.2b), filter lands, Signets
and Sol Ring, where the bounds of preference 5 and of "which activation comes
first" do their work. Also: a plan asked again is the plan remembered."""

from __future__ import annotations

import itertools
from operator import add
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana.board import Board
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.payment import CannotPay
from mtgmana.tapping import _api as api
from mtgmana.tapping import _search as search_module
from mtgmana.tapping import plan
from test_tapping import _each_combination_in_every_order, _every_order, card

DRUM_BOARD = [
    "Forest", "Island", "Plains", "Swamp", "Mountain", "Tundra", "Sunken Ruins", "Mystic Gate",
    "Flooded Grove", "Azorius Signet", "Golgari Signet", "Springleaf Drum", "Llanowar Elves",
    "Birds of Paradise", "Grizzly Bears", "Sol Ring", "City of Brass", "Adarkar Wastes",
    "Graven Cairns",
]  # fmt: skip
SYMBOLS = [
    "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{W/U}", "{U/B}", "{G/W}",
    "{2/W}", "{G/P}", "{B/P}",
]  # fmt: skip


@st.composite
def drum_cases(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(DRUM_BOARD), min_size=1, max_size=7))
    permanents = [card(n, summoning_sick=draw(st.integers(0, 5)) == 0) for n in names]
    return {
        "board": Board(tuple(permanents)),
        "cost": ManaCost.from_symbols(
            draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5))
        ),
        "pool": [
            Mana.make(draw(st.sampled_from("WUBRGC"))) for _ in range(draw(st.integers(0, 1)))
        ],
        "life": draw(st.sampled_from([20, 3, 1])),
    }


def _problem(case: dict[str, Any]) -> Any:
    return api._problem(case["cost"], case["board"], case["pool"], case["life"], None, None, ())


@given(drum_cases())
def test_the_search_finds_the_best_plan_with_a_tapped_creature(case: dict[str, Any]) -> None:
    """Best bound first with the sharper bounds (each permanent tapped for a cost
    counts on preference 5; the first mana-costing activation is paid by none of
    the others' mana), the orders bounded by the kind that leads them and waiting
    their turn: as good, on preferences 1-5, as every combination in every order."""
    problem = _problem(case)
    fast = search_module.search(problem)
    spent = problem.spent
    slow = _every_order(_problem(case))
    if spent:  # past the budget: the best plan found (docs/tapper.md §6)
        fast = fast or search_module.search(_problem(case), first=True)
    assert (fast is None) == (slow is None)
    if fast is not None and slow is not None and not spent:
        assert fast.value[:5] == slow.value[:5]


@given(drum_cases())
def test_every_leaf_bound_is_a_lower_bound(case: dict[str, Any]) -> None:
    """At every combination, the bounds the search cuts by — the sums, the colored
    matching, whichever mana-costing activation comes first (CR 605.3a), the
    one-mana sources and tapped permanents of preference 5 — are at most the best
    plan of that combination in any order (preferences 1-5)."""
    problem = _problem(case)
    tree = search_module._Tree(problem)
    if tree.margin:
        return  # restricted mana: bounded by totals (test_tapping_restricted)
    for chosen, best in _each_combination_in_every_order(problem, tree):
        value = best.value[:5]
        sums = tree.start
        for depth in range(len(chosen) + 1):  # every node on the way to it
            bound = tree.bound(depth, sums)
            assert bound <= value, (chosen, depth)
            if 0 < depth < len(chosen):
                assert tree.colored_waste(depth, chosen[:depth], bound) <= value
            if depth < len(chosen):
                sums = tuple(map(add, sums, tree.summaries[depth][chosen[depth]]))
        for led in (False, True):
            assert tree.leaf_bound(sums, chosen, led=led) <= value, (chosen, led)


@given(drum_cases())
def test_a_plan_asked_again_is_the_plan_remembered(case: dict[str, Any]) -> None:
    """The same board object asked the same cost gets the same plan; with floating
    mana (whose very units a plan spends) it is solved again, equal."""
    kw = {"life": case["life"]}
    try:
        first = plan(case["cost"], case["board"], **kw)
    except CannotPay:  # the same answer again
        with pytest.raises(CannotPay):
            plan(case["cost"], case["board"], **kw)
        return
    assert plan(case["cost"], case["board"], **kw) is first
    if case["pool"]:
        one = plan(case["cost"], case["board"], pool=case["pool"], **kw)
        two = plan(case["cost"], case["board"], pool=case["pool"], **kw)
        assert one is not two and one.to_json() == two.to_json()


def test_the_leads_bound_cuts_the_cycles_of_filter_lands() -> None:
    """{W}{U}{B}{R}{G} on the serve benchmark's board: the combination of every
    filter land, the Signet and Springleaf Drum pays, relaxed, in a cycle; bounded
    by which of them comes first (CR 605.3a), it can't beat the Mountain's plan, and
    the search solves two flows at the most."""
    where = Board.parse(
        "3 Forest, 2 Island, Plains, Swamp, Mountain, Tundra, Savannah, Sunken Ruins, "
        "Mystic Gate, Flooded Grove, Azorius Signet, Springleaf Drum, Llanowar Elves, "
        "Birds of Paradise, Sol Ring, City of Brass, Adarkar Wastes"
    )
    problem = api._problem(ManaCost.parse("{W}{U}{B}{R}{G}"), where, (), 20, 0, None, ())
    best = search_module.search(problem)
    assert best is not None and best.value[:5] == (0, 0, 0, 0, 2)
    assert problem.solves <= 2
    slow = _every_order(api._problem(ManaCost.parse("{W}{U}{B}{R}{G}"), where, (), 20, 0, None, ()))
    assert slow is not None and best.value[:5] == slow.value[:5]


@given(drum_cases())
def test_the_bounds_remembered_per_leaf_are_the_bounds_computed_afresh(
    case: dict[str, Any],
) -> None:
    """What a tree remembers per leaf (the matchings of the leaf's first bound, its
    Hall demands) and per board (the rows' sums, the led bound's demands, Hall's
    units counted): at every leaf, the bound asked in the search's two steps equals
    each step asked alone of a new tree, and the leaf's Hall test equals Hall's
    condition on its units and demands (docs/tapper.md §8)."""
    problem = _problem(case)
    tree = search_module._Tree(problem)
    alternatives = search_module.alternative_supply(problem)
    tree.start_supply = tree.pool_supply + alternatives + tree.fixed_supply  # as _search
    for chosen in itertools.product(*(range(len(r)) for r in tree.rows)):
        sums = tree.start
        for depth, r in enumerate(chosen):
            sums = tuple(map(add, sums, tree.summaries[depth][r]))
        steps = [tree.leaf_bound(sums, chosen, led=led) for led in (False, True)]
        for led, step in zip((False, True), steps, strict=True):
            fresh = search_module._Tree(_problem(case))
            assert fresh.leaf_bound(sums, chosen, led=led) == step, (chosen, led)
        total = tree.cost_total + tree.skeleton.summed(chosen).hall_total
        assert tree.leaf_hopeless(chosen, total) == tree.hopeless(
            len(tree.rows), *tree.hall_counts(chosen), total, True
        ), chosen
