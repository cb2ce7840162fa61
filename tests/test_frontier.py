"""The integer-coded frontier of what a board can produce (:mod:`mtgmana.tapping._frontier`,
the fallback of :mod:`mtgmana.tapping._frontier_lazy`) against a brute force over every
choice and order of activations (CR 605.3a), and on bigger boards against a simple
reference that takes the sources in a given order (itself checked against the brute
force); its filter by matching dominance ("any" may be made a color) against a
quadratic one."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana.board import Board, Permanent
from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.symbols import SymbolKind
from mtgmana.tapping import _frontier
from mtgmana.tapping._compile import Source, compiled
from mtgmana.tapping._frontier import Group, Vector, frontier, matching_maximal

KINDS = "WUBRGC"  # then "any" (index 6)
COSTS = ["{0}", "{1}", "{2}", "{W}", "{U}", "{C}", "{U/B}", "{1}{G}", "{W}{W}", "{X}", "{W/P}"]

# -- the slow reference: the frontier's loop, written simply -----------------------


def _units(cost: ManaCost) -> list[list[int]] | None:
    """The kinds each mana of the cost can be paid with (colored symbols first, as
    the reference pays them); None for symbols it does not pay."""
    colored: list[list[int]] = []
    generic = 0
    for symbol in cost:
        if symbol.kind is SymbolKind.GENERIC:
            generic += symbol.generic_amount
        elif symbol.kind is SymbolKind.COLORLESS:
            colored.append([5])
        elif symbol.kind is SymbolKind.COLORED:
            colored.append([KINDS.index(symbol.halves[0]), 6])
        elif symbol.kind is SymbolKind.HYBRID:
            colored.append([*(KINDS.index(h) for h in symbol.halves), 6])
        else:
            return None
    return colored + [list(range(7))] * generic


def ref_pay(vectors: Iterable[Vector], cost: ManaCost) -> set[Vector]:
    units = _units(cost)
    if units is None:
        return set()
    states = set(vectors)
    for kinds in units:
        states = {
            tuple(c - (j == i) for j, c in enumerate(s)) for s in states for i in kinds if s[i]
        }
    return states


def ref_pareto(vectors: set[Vector]) -> set[Vector]:
    """Quadratic: largest totals first, each kept unless a kept one is >= it (a
    dominated vector is dominated by a maximal one, of a larger total)."""
    kept: list[Vector] = []
    for v in sorted(vectors, key=sum, reverse=True):
        if not any(all(a >= b for a, b in zip(w, v, strict=True)) for w in kept):
            kept.append(v)
    return set(kept)


def add(v: Vector, w: Vector) -> Vector:
    return tuple(a + b for a, b in zip(v, w, strict=True))


def reference(groups: Sequence[Group], base: Vector) -> set[Vector]:
    result = {base}
    for copies, options in groups:
        for _ in range(copies):
            nxt = set(result)
            for vector, cost in options:
                left = result if cost is None else ref_pay(result, cost)
                nxt.update(add(v, vector) for v in left)
            result = ref_pareto(nxt)
    return result


# -- brute force: every choice, every order, every payment ------------------------


def pay_each_way(pool: Vector, cost: ManaCost | None) -> set[Vector]:
    if cost is None:
        return {pool}
    units = _units(cost)
    if units is None:
        return set()
    found: set[Vector] = set()
    for picks in itertools.product(*units):
        left = list(pool)
        for i in picks:
            left[i] -= 1
        if min(left) >= 0:
            found.add(tuple(left))
    return found


def brute_force(groups: Sequence[Group], base: Vector, *, any_order: bool) -> set[Vector]:
    """Each copy: not activated, or one option; then every order of the activated
    ones (only the group order unless ``any_order``), each cost paid out of the
    base and the mana of the activations before it."""
    copies = [options for count, options in groups for _ in range(count)]
    reached: set[Vector] = set()
    for choice in itertools.product(*[[None, *options] for options in copies]):
        chosen = [option for option in choice if option is not None]
        orders = itertools.permutations(chosen) if any_order else [chosen]
        for order in orders:
            pools = {base}
            for vector, cost in order:
                pools = {add(left, vector) for pool in pools for left in pay_each_way(pool, cost)}
            reached |= pools
    return ref_pareto(reached)


# -- strategies ------------------------------------------------------------------

vectors = st.tuples(*[st.integers(0, 2)] * 7)
small_vectors = st.lists(st.integers(0, 6), min_size=1, max_size=2).map(
    lambda kinds: tuple(kinds.count(i) for i in range(7))
)
costs = st.one_of(st.none(), st.sampled_from(COSTS).map(ManaCost.parse))


def groups_of(
    option: st.SearchStrategy[Vector], most_copies: int, most_groups: int, most_options: int = 3
) -> st.SearchStrategy[list[Group]]:
    options = st.lists(st.tuples(option, costs), min_size=1, max_size=most_options, unique=True)
    group = st.tuples(st.integers(1, most_copies), options)
    return st.lists(group, min_size=0, max_size=most_groups)


# Tiny boards for the brute force: at most 4 copies in all, 2 options each.
tiny = groups_of(small_vectors, 2, 3, 2).filter(lambda gs: sum(n for n, _ in gs) <= 4)
tiny_base = st.tuples(*[st.integers(0, 1)] * 7)


def fast(groups: Sequence[Group], base: Vector) -> list[Vector]:
    found, truncated = frontier(groups, base, 10**9)
    assert not truncated
    return found


def order_key(v: Vector) -> tuple[int, ...]:
    return (-sum(v), *(-c for c in v))


# -- the tests -------------------------------------------------------------------


@given(tiny, tiny_base)
def test_frontier_is_the_brute_force_in_every_order(groups: list[Group], base: Vector) -> None:
    """Every choice of each copy, every order of the activations (CR 605.3a: an
    activation's mana pays only later ones), every payment: the same frontier."""
    found = fast(groups, base)
    assert found == sorted(found, key=order_key)  # sorted as available wants
    assert set(found) == brute_force(groups, base, any_order=True)


@given(groups_of(small_vectors, 2, 4), vectors)
def test_frontier_is_the_reference_with_one_costed_group(groups: list[Group], base: Vector) -> None:
    """Bigger boards: with the free groups first and one group with costs after
    them, the group order (the simple reference) loses nothing."""
    free = [g for g in groups if all(cost is None for _, cost in g[1])]
    ordered = free + [g for g in groups if g not in free][:1]
    found = fast(ordered, base)
    assert len(set(found)) == len(found)
    assert set(found) == reference(ordered, base)


@given(tiny, tiny_base)
def test_reference_is_the_brute_force_in_group_order(groups: list[Group], base: Vector) -> None:
    assert reference(groups, base) == brute_force(groups, base, any_order=False)


def test_a_costed_source_is_paid_by_a_land_after_it() -> None:
    """A Signet before the land that pays it on the board: the order of the board
    doesn't matter."""
    signet = (1, [((1, 1, 0, 0, 0, 0, 0), ManaCost.parse("{1}"))])
    plains = (1, [((1, 0, 0, 0, 0, 0, 0), None)])
    zero = (0,) * 7
    assert fast([signet, plains], zero) == [(1, 1, 0, 0, 0, 0, 0)]
    assert fast([plains, signet], zero) == [(1, 1, 0, 0, 0, 0, 0)]


def test_costed_sources_pay_each_other_in_either_order() -> None:
    """Plains pays a Signet, whose {U} pays a filter land — whichever is listed
    first."""
    signet: Group = (1, [((1, 1, 0, 0, 0, 0, 0), ManaCost.parse("{1}"))])
    ruins: Group = (
        1,
        [((0, 0, 0, 0, 0, 1, 0), None), ((0, 2, 0, 0, 0, 0, 0), ManaCost.parse("{U/B}"))],
    )
    plains: Group = (1, [((1, 0, 0, 0, 0, 0, 0), None)])
    for groups in ([signet, ruins, plains], [ruins, signet, plains]):
        found = fast(groups, (0,) * 7)
        assert set(found) == brute_force(groups, (0,) * 7, any_order=True)
        assert (1, 2, 0, 0, 0, 0, 0) in found


def test_too_many_costed_sources_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_frontier, "MAX_STATES", 2)
    signet = (1, [((1, 1, 0, 0, 0, 0, 0), ManaCost.parse("{1}"))])
    found, truncated = frontier(
        [signet, signet, (2, [((0, 0, 0, 0, 0, 1, 0), None)])], (0,) * 7, 99
    )
    assert truncated  # the Signets were taken in the order given
    assert found[0] == (2, 2, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        ([], [(1, 0, 0, 0, 0, 0, 2)]),
        ([(2, [((0, 0, 0, 0, 0, 0, 3), ManaCost.parse("{X}"))])], [(1, 0, 0, 0, 0, 0, 2)]),
        (
            [(1, [((0, 0, 0, 0, 0, 0, 0), ManaCost.parse("{C}"))])],
            [(1, 0, 0, 0, 0, 0, 2)],  # "any" is a color: it does not pay {C}
        ),
        (
            [(1, [((0, 5, 0, 0, 0, 0, 0), ManaCost.parse("{W}{G}"))])],
            [(1, 5, 0, 0, 0, 0, 0), (0, 5, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0, 2)],
        ),
    ],
)
def test_small_cases(groups: list[Group], expected: list[Vector]) -> None:
    assert fast(groups, (1, 0, 0, 0, 0, 0, 2)) == expected


def test_truncation_keeps_the_largest_totals() -> None:
    city = (6, [((1, 0, 0, 0, 0, 0, 0), None), ((0, 1, 0, 0, 0, 0, 0), None)])
    full, truncated = frontier([city], (0,) * 7, 10**6)
    assert (len(full), truncated) == (7, False)
    cut, truncated = frontier(
        [city, (1, [((0, 0, 1, 0, 0, 0, 0), ManaCost.parse("{W}"))])], (0,) * 7, 3
    )
    assert truncated
    assert len(cut) <= 3
    assert all(sum(v) == 6 for v in cut)


# -- the stress board, from real cards -------------------------------------------

STRESS = [*["Plains", "Island", "Swamp", "Mountain", "Forest", "Desert"] * 5] + [
    "Cascading Cataracts"
] * 3


@cache
def permanent(name: str) -> Permanent:
    found = Permanent.named(name)
    assert not any(note.startswith("unsupported") for note in found.notes), name
    return found


def vectors_of(source: Source) -> list[tuple[Vector, ManaCost | None]]:
    """Each option of a compiled source as count vectors, one per way its slots can
    be typed (a slot of exactly the five colors counts as "any")."""
    five = frozenset(ManaType) - {ManaType.C}
    found: set[tuple[Vector, ManaCost | None]] = set()
    for option in (*source.simple, *source.complex):
        kinds = [[6] if s == five else [KINDS.index(t.value) for t in s] for s in option.slots]
        for combo in itertools.product(*kinds):
            found.add((tuple(combo.count(k) for k in range(7)), option.mana_cost))
    return sorted(found, key=lambda item: item[0])


def board_groups(names: Sequence[str]) -> list[Group]:
    board = Board(tuple(permanent(name) for name in names))
    return [(len(s.indexes), vectors_of(s)) for s in compiled(board)]


def test_stress_board() -> None:
    found, truncated = frontier(board_groups(STRESS), (0,) * 7, 50_000)
    assert (len(found), truncated) == (25_411, False)
    assert found[0] == (5, 5, 5, 5, 5, 8, 0)  # every land and {T}: Add {C} thrice
    assert max(v[6] for v in found) == 15


def test_mixed_board_matches_the_reference() -> None:
    names = [
        *["Forest"] * 3, *["Island"] * 2, *["Plains"] * 2, "Swamp", "Mountain", "Tundra",
        "Savannah", "Underground Sea", "Adarkar Wastes", "City of Brass", "Mana Confluence",
        "Llanowar Elves", "Birds of Paradise", "Sunken Ruins", "Azorius Signet", "Sol Ring",
    ]  # fmt: skip
    groups = board_groups(names)
    free = [g for g in groups if all(cost is None for _, cost in g[1])]
    costed = [g for g in groups if g not in free]  # one Sunken Ruins, one Signet
    assert [n for n, _ in costed] == [1, 1]
    either = reference(free + costed, (0,) * 7) | reference(free + costed[::-1], (0,) * 7)
    assert set(fast(groups, (0,) * 7)) == ref_pareto(either)


# -- matching dominance ------------------------------------------------------------


def matching_dominates(a: Vector, b: Vector) -> bool:
    """``a`` with its "any" made colors is at least ``b`` everywhere."""
    deficit = sum(max(0, y - x) for x, y in zip(a[:5], b[:5], strict=True))
    return a[5] >= b[5] and a[6] - b[6] >= deficit


def quadratic_matching_maximal(vectors: Sequence[Vector]) -> list[Vector]:
    return [v for v in vectors if not any(w != v and matching_dominates(w, v) for w in vectors)]


@given(st.lists(st.tuples(*[st.integers(0, 3)] * 7), unique=True, max_size=30))
def test_matching_maximal_is_the_quadratic_filter(vectors: list[Vector]) -> None:
    """By upgrades and shadows, and by comparing pairs (past the shadows' cap)."""
    expected = quadratic_matching_maximal(vectors)
    assert matching_maximal(vectors) == expected
    assert _frontier._pairwise_maximal(vectors) == expected


@given(tiny, tiny_base)
def test_filtered_frontier_is_the_brute_force_by_matching_dominance(
    groups: list[Group], base: Vector
) -> None:
    """The component-wise frontier filtered: every reachable vector's frontier under
    matching dominance (a vector it dominates is under a component-wise maximal one)."""
    expected = quadratic_matching_maximal(sorted(brute_force(groups, base, any_order=True)))
    assert set(matching_maximal(fast(groups, base))) == set(expected)


def test_any_dominates_each_color() -> None:
    """{G} or {any} (Chromatic Sphere paid by a Forest): one option, {any}."""
    assert matching_maximal([(0, 0, 0, 0, 1, 0, 0), (0, 0, 0, 0, 0, 0, 1)]) == [
        (0, 0, 0, 0, 0, 0, 1)
    ]
    assert matching_maximal([(1, 1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1, 1)]) == [
        (1, 1, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 1, 1),
    ]
