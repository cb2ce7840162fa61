"""The exact frontier of what a board can produce (:mod:`mtgmana.tapping._frontier_lazy`,
:mod:`mtgmana.tapping._frontier_rank`) against a brute force over every choice of every
copy, every order of the activations (CR 605.3a: an activation's mana pays only
later ones), every payment and every type of every mana made, kept when no other
result dominates it by matching dominance ("any" may be made a color)."""

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
from mtgmana.tapping import _frontier_lazy as _options_frontier
from mtgmana.tapping import _frontier_patterns as _options_patterns
from mtgmana.tapping import _frontier_rank as _options_rank
from mtgmana.tapping._compile import compiled
from mtgmana.tapping._frontier_lazy import Group, Slots, Vector, frontier, most

W, U, B, R, G, C = (frozenset({t}) for t in ManaType)
FIVE = frozenset(ManaType) - C
KINDS = "WUBRGC"  # then "any" (index 6)
COSTS = ["{0}", "{1}", "{2}", "{W}", "{U}", "{C}", "{U/B}", "{1}{G}", "{W}{W}", "{X}", "{W/P}"]
ZERO = (0,) * 7

# -- brute force -------------------------------------------------------------------


def _accepts(cost: ManaCost) -> list[list[int]] | None:
    found: list[list[int]] = []
    for symbol in cost:
        if symbol.kind is SymbolKind.GENERIC:
            found.extend([list(range(7))] * symbol.generic_amount)
        elif symbol.kind is SymbolKind.COLORLESS:
            found.append([5])
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.HYBRID):
            found.append([*(KINDS.index(h) for h in symbol.halves), 6])
        else:
            return None
    return found


def pay(pool: Vector, cost: ManaCost | None) -> set[Vector]:
    if cost is None:
        return {pool}
    accepts = _accepts(cost)
    if accepts is None:
        return set()
    found: set[Vector] = set()
    for picks in itertools.product(*accepts):
        left = list(pool)
        for k in picks:
            left[k] -= 1
        if min(left) >= 0:
            found.add(tuple(left))
    return found


def make(pool: Vector, slots: Slots) -> set[Vector]:
    """Every typing of the slots (a slot of five colors may also be "any")."""
    kinds = []
    for slot in slots:
        ks = [KINDS.index(t.value) for t in slot]
        if slot >= FIVE:
            ks.append(6)
        kinds.append(ks)
    return {
        tuple(c + combo.count(k) for k, c in enumerate(pool)) for combo in itertools.product(*kinds)
    }


def dominates(a: Vector, b: Vector) -> bool:
    deficit = sum(max(0, y - x) for x, y in zip(a[:5], b[:5], strict=True))
    return a[5] >= b[5] and a[6] - b[6] >= deficit


def maximal(vectors: Iterable[Vector]) -> set[Vector]:
    """Those no other one dominates (a dominating one has a larger total, or the same
    total and more "any")."""
    kept: list[Vector] = []
    for v in sorted(set(vectors), key=lambda v: (sum(v), v[6]), reverse=True):
        if not any(dominates(w, v) for w in kept):
            kept.append(v)
    return set(kept)


def pareto(vectors: set[Vector]) -> set[Vector]:
    """Component-wise maximal (more of each kind never pays less later): largest
    totals first, each kept unless a kept one is at least it everywhere."""
    kept: list[Vector] = []
    for v in sorted(vectors, key=sum, reverse=True):
        if not any(all(map(int.__ge__, w, v)) for w in kept):
            kept.append(v)
    return set(kept)


def _copies(groups: Sequence[Group]) -> list[list[tuple[Slots, ManaCost | None]]]:
    """Each copy's options, and — when it has several free one-mana options — the
    one mana of any of their types (which ability is activated is chosen later:
    {G} or one of W, U, B, R is one mana of any color)."""
    found = []
    for count, options in groups:
        options = list(options)
        free = [
            slots[0]
            for slots, cost in options
            if (cost is None or str(cost) == "{0}") and len(slots) == 1
        ]
        if len(free) > 1:
            options.append(((frozenset().union(*free),), None))
        found.extend([options] * count)
    return found


def brute_force(groups: Sequence[Group], base: Vector) -> set[Vector]:
    """Each copy: not activated, or one option; every order of the activated ones;
    every payment and typing."""
    copies = _copies(groups)
    reached: set[Vector] = set()
    for choice in itertools.product(*[[None, *options] for options in copies]):
        chosen = [option for option in choice if option is not None]
        for order in set(itertools.permutations(chosen)):
            pools = {base}
            for slots, cost in order:
                pools = pareto(
                    {m for pool in pools for left in pay(pool, cost) for m in make(left, slots)}
                )
            reached |= pools
    return maximal(reached)


def every_order(groups: Sequence[Group], base: Vector) -> set[Vector]:
    """The brute force by sets of copies done: what a set can leave is, over which of
    its copies came last (not activated, or with one of its options), what the rest
    left, that copy's option applied — every order, with shared prefixes."""
    copies = _copies(groups)
    done: dict[int, set[Vector]] = {0: {base}}
    for subset in range(1, 1 << len(copies)):
        found: set[Vector] = set()
        for i, options in enumerate(copies):
            if subset >> i & 1:
                before = done[subset ^ (1 << i)]
                found |= before
                for slots, cost in options:
                    found |= {
                        m for pool in before for left in pay(pool, cost) for m in make(left, slots)
                    }
        done[subset] = pareto(found)
    return maximal(done[(1 << len(copies)) - 1])


def order_key(v: Vector) -> tuple[int, ...]:
    return (-sum(v), *(-c for c in v))


def exact(groups: Sequence[Group], base: Vector = ZERO) -> list[Vector]:
    found, count, complete = frontier(groups, base, 10**6, 10**6)
    assert complete
    assert count == len(found)
    assert found == sorted(found, key=order_key)
    assert len(set(found)) == len(found)
    return found


# -- strategies ----------------------------------------------------------------------

SLOT_TYPES = [W, U, G, C, W | U, W | C, U | B | C, FIVE, FIVE | C, W | U | B | R]
slots_st = st.lists(st.sampled_from(SLOT_TYPES), min_size=1, max_size=2).map(tuple)
costs_st = st.one_of(st.none(), st.sampled_from(COSTS).map(ManaCost.parse))
options_st = st.lists(st.tuples(slots_st, costs_st), min_size=1, max_size=2)


def boards(copies: int, groups: int, most: int) -> st.SearchStrategy[list[Group]]:
    group: st.SearchStrategy[Group] = st.tuples(st.integers(1, copies), options_st)
    return st.lists(group, max_size=groups).filter(lambda gs: sum(n for n, _ in gs) <= most)


tiny_base = st.tuples(*[st.integers(0, 1)] * 7)


@given(boards(2, 3, 3), tiny_base)
def test_frontier_is_the_brute_force(groups: list[Group], base: Vector) -> None:
    """Every choice, every order, every payment, every type: the same frontier, and
    the same most of each kind."""
    expected = brute_force(groups, base)
    assert set(exact(groups, base)) == expected
    assert every_order(groups, base) == expected
    assert most(groups, base) == summary(expected)


def summary(vectors: Iterable[Vector]) -> tuple[int, ...]:
    """The most of each color with "any", of C, of "any", in all."""
    found = list(vectors)
    colors = tuple(max(v[c] + v[6] for v in found) for c in range(5))
    return (*colors, max(v[5] for v in found), max(v[6] for v in found), max(map(sum, found)))


@given(boards(2, 3, 3), tiny_base, st.integers(1, 4), st.integers(0, 6))
def test_limit_and_budget(groups: list[Group], base: Vector, limit: int, budget: int) -> None:
    """The first ``limit`` in canonical order; the count a lower bound when the budget
    runs out, exact when it says so."""
    full = exact(groups, base)
    found, count, complete = frontier(groups, base, limit, budget)
    assert found == full[:limit]
    assert count <= len(full)
    assert count >= len(found)
    if complete:
        assert count == len(full)


costed = st.tuples(
    st.integers(1, 2),
    st.lists(
        st.tuples(slots_st, st.sampled_from(COSTS[1:9]).map(ManaCost.parse)), min_size=1, max_size=2
    ),
)


@given(st.lists(costed, min_size=2, max_size=3).filter(lambda gs: sum(n for n, _ in gs) <= 4),
       st.lists(st.sampled_from(SLOT_TYPES), max_size=2))  # fmt: skip
def test_mana_costing_sources_in_every_order(
    groups: list[Group], free: list[frozenset[ManaType]]
) -> None:
    """Boards made mostly of sources whose mana pays each other (orders matter)."""
    board = [*groups, *((1, [((slot,), None)]) for slot in free)]
    assert set(exact(board)) == every_order(board, ZERO)


# -- named cases -------------------------------------------------------------------


@cache
def permanent(name: str) -> Permanent:
    found = Permanent.named(name)
    assert not any(note.startswith("unsupported") for note in found.notes), name
    return found


def board_groups(names: Sequence[str]) -> list[Group]:
    """The groups ``tapping.options`` hands over: each compiled source's options."""
    board = Board(tuple(permanent(name) for name in names))
    return [
        (len(s.indexes), [(o.slots, o.mana_cost) for o in (*s.simple, *s.complex)])
        for s in compiled(board)
    ]


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Chromatic Sphere", "Forest"], [(0, 0, 0, 0, 0, 0, 1)]),  # {any} covers {G}
        (["Azorius Signet", "Plains"], [(1, 1, 0, 0, 0, 0, 0)]),  # the Plains pays it
        (["Azorius Signet"], [ZERO]),  # a Signet can't pay for itself (CR 605.3a)
        (["Azorius Signet", "Dimir Signet"], [ZERO]),  # nor two Signets each other
        (["Sunken Ruins", "Swamp"], [(0, 2, 0, 0, 0, 0, 0), (0, 1, 1, 0, 0, 0, 0),
                                     (0, 0, 2, 0, 0, 0, 0), (0, 0, 1, 0, 0, 1, 0)]),
    ],
)  # fmt: skip
def test_named_boards(names: list[str], expected: list[Vector]) -> None:
    groups = board_groups(names)
    assert exact(groups) == expected
    assert set(expected) == brute_force(groups, ZERO)


def test_three_painlands_make_ten_options() -> None:
    found = exact(board_groups(["Adarkar Wastes"] * 3))
    assert len(found) == 10
    assert found[0] == (3, 0, 0, 0, 0, 0, 0)


def test_any_or_colorless() -> None:
    """A unit of any color or C beside one of W or C: {any, W} and {any, C} and {C, C}
    but not {C, W} (the {any} made W covers it)."""
    groups: list[Group] = [(1, [((FIVE | C,), None)]), (1, [((W | C,), None)])]
    assert exact(groups) == [(1, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 2, 0), (0, 0, 0, 0, 0, 1, 1)]


def test_signets_and_a_city_of_brass_need_both_orders() -> None:
    """Each Signet pays the other only if it comes first: the frontier is the union of
    both orders (CR 605.3a)."""
    groups = board_groups(["Dimir Signet", "Simic Signet", "City of Brass"])
    found = exact(groups)
    assert set(found) == brute_force(groups, ZERO)
    assert (0, 2, 1, 0, 0, 0, 0) in found  # Simic first, its {G} pays Dimir
    assert (0, 2, 0, 0, 1, 0, 0) in found  # Dimir first, its {B} pays Simic
    assert (0, 2, 0, 0, 0, 0, 1) not in found  # both can't pay each other


def test_unpayable_costs_are_left_out() -> None:
    groups: list[Group] = [
        (1, [((U,), ManaCost.parse("{X}"))]),
        (1, [((U,), ManaCost.parse("{W/P}"))]),
        (1, [((G,), None)]),
    ]
    assert exact(groups) == [(0, 0, 0, 0, 1, 0, 0)]


def test_floating_mana_pays() -> None:
    signet: Group = (1, [((W, U), ManaCost.parse("{1}"))])
    assert exact([signet], (0, 0, 0, 0, 0, 1, 0)) == [(1, 1, 0, 0, 0, 0, 0), (*ZERO[:5], 1, 0)]
    assert exact([signet], (0, 0, 0, 0, 0, 0, 1)) == [(1, 1, 0, 0, 0, 0, 0), (*ZERO[:6], 1)]


def test_too_tangled_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the caps, the integer-coded search, filtered by matching dominance."""
    monkeypatch.setattr(_options_frontier, "MAX_PATTERNS", 1)
    groups = board_groups(["Chromatic Sphere", "Forest", "Azorius Signet", "Plains"])
    found, count, complete = frontier(groups, ZERO, 100, 10**6)
    assert set(found) == brute_force(groups, ZERO)
    assert (count, complete) == (len(found), True)


def test_rank_of_units() -> None:
    """A Tundra and an Island: at most 1 W, 2 U, 2 in all (Hall)."""
    g, _ = _options_rank.rank([(0b11, 1, -1), (0b10, 1, -1)], [])
    assert g is not None
    assert (g[0b1], g[0b10], g[0b11]) == (1, 2, 2)
    assert list(_options_rank.bases(g)) == [(1, 1, 0, 0, 0, 0, 0), (0, 2, 0, 0, 0, 0, 0)]


def test_option_reading() -> None:
    """Free one-slot options merge into one slot (a painland: W, U or C); a slot of
    five colors is "any"; "none" is dropped beside a free option."""
    choices = _options_patterns.choices([((C,), None), ((W,), None), ((U,), None)])
    assert choices == [((0b100011,), ())]
    choices = _options_patterns.choices([((FIVE,), ManaCost.parse("{1}"))])
    assert choices == [((1 << 6,), (127,)), ((), ())]


def test_the_stress_board() -> None:
    """Five each of the basics and Desert, three Cascading Cataracts ({5},{T}: five
    mana in any combination of colors): 6,902 options (25,411 component-wise)."""
    names = [*["Plains", "Island", "Swamp", "Mountain", "Forest", "Desert"] * 5]
    groups = board_groups([*names, *["Cascading Cataracts"] * 3])
    found, count, complete = frontier(groups, ZERO, 5, 10**5)
    assert (count, complete) == (6902, True)
    assert found[0] == (5, 5, 5, 5, 5, 8, 0)  # every land, and {C} from each Cataracts
    assert most(groups, ZERO) == (20, 20, 20, 20, 20, 8, 15, 33)


def test_too_many_orders_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Orders past the cap (or too many patterns of one total): the fallback, still
    exact on a small board."""
    groups = board_groups(["Dimir Signet", "Simic Signet", "City of Brass"])
    expected = brute_force(groups, ZERO)
    monkeypatch.setattr(_options_patterns, "MAX_ORDERS", 1)
    assert set(frontier(groups, ZERO, 100, 10**6)[0]) == expected
    assert most(groups, ZERO) is None
    monkeypatch.setattr(_options_frontier, "MAX_LEVEL", 1)
    assert set(frontier(board_groups(["Sunken Ruins", "Swamp"]), ZERO, 100, 10**6)[0]) == {
        (0, 2, 0, 0, 0, 0, 0), (0, 1, 1, 0, 0, 0, 0), (0, 0, 2, 0, 0, 0, 0), (0, 0, 1, 0, 0, 1, 0)
    }  # fmt: skip


# -- the polymatroids --------------------------------------------------------------

unit_masks = st.sampled_from([1, 2, 3, 32, 33, 35, 64, 96, 12, 24, 31 ^ 16])
units_st = st.lists(st.tuples(unit_masks, st.integers(1, 2)), min_size=1, max_size=4)


def rank_of(units: list[tuple[int, int]]) -> list[int]:
    g, _ = _options_rank.rank([(m, n, -1) for m, n in units], [])
    assert g is not None
    return g


def every_base(units: list[tuple[int, int]]) -> set[Vector]:
    """Each unit given one kind of its mask, every way."""
    kinds = [[k for k in range(7) if m >> k & 1] for m, n in units for _ in range(n)]
    return {tuple(combo.count(k) for k in range(7)) for combo in itertools.product(*kinds)}


@given(units_st)
def test_bases_are_every_typing(units: list[tuple[int, int]]) -> None:
    """Hall: the bases of the rank of units are the ways to type them, in order."""
    found = list(_options_rank.bases(rank_of(units)))
    assert found == sorted(every_base(units), reverse=True)


@given(
    st.lists(units_st, min_size=1, max_size=3).filter(
        lambda us: len({sum(n for _, n in u) for u in us}) == 1
    )
)
def test_union_of_bases(boards: list[list[tuple[int, int]]]) -> None:
    """One search over several polymatroids of one total: each base once, in order."""
    found = list(_options_rank.union_bases([rank_of(u) for u in boards]))
    assert found == sorted(set().union(*map(every_base, boards)), reverse=True)


@given(units_st)
def test_faces_are_the_undominated_bases(units: list[tuple[int, int]]) -> None:
    """The bases where {any} or {any, C} is tight are those no base dominates."""
    every = every_base(units)
    faces = _options_rank.faces(rank_of(units))
    assert set(_options_rank.union_bases(faces)) == maximal(every)


@given(units_st, st.tuples(*[st.integers(0, 3)] * 7))
def test_dominance_on_integers(units: list[tuple[int, int]], v: Vector) -> None:
    """``v`` under a base of a larger total (``v + k`` under one), or under one of its
    total with more "any" — against the bases themselves."""
    g = rank_of(units)
    every = every_base(units)
    dominance = _options_rank.Dominance(6)
    tight = dominance.tight(dominance.code(g), dominance.sums(v))
    under = any(dominates(w, v) for w in every)
    assert (tight is not None) == under
    if tight is not None and sum(v) < g[127]:
        assert dominance.above(tight) == under
    if tight is not None and sum(v) == g[127]:
        assert dominance.beside(tight, v) == any(w != v and dominates(w, v) for w in every)


# -- options() of whole boards: tapping costs and restricted mana (issue 19) -------

OPTION_CARDS = (
    "Springleaf Drum", "Llanowar Elves", "Birds of Paradise", "Grizzly Bears", "Forest",
    "Island", "Mishra's Workshop", "Azorius Signet", "Eldrazi Temple", "Sol Ring",
    "Sunken Ruins", "Cavern of Souls [chosen_type=Elf]", "Llanowar Elves [summoning_sick]",
    "Dreadship Reef [counters=2]", "Saltcrusted Steppe [counters=1]",
    "Pentad Prism [counters=2]", "Runaway Steam-Kin [counters=4]",
)  # fmt: skip


def _most_by_tapper(board: Board, symbol: str) -> int:
    from mtgmana.tapping import can_pay

    n = 0
    while can_pay(symbol * (n + 1), board):
        n += 1
    return n


def test_springleaf_drum_takes_a_creature_and_restricted_mana_pays_no_ability() -> None:
    """Springleaf Drum + Llanowar Elves make one mana, not two (CR 602.2b: the Drum
    taps the Elves); Mishra's Workshop's mana doesn't pay Azorius Signet's {1}, and
    is listed apart as restricted (CR 106.6)."""
    from mtgmana.tapping import options

    drum = options(Board.parse("Springleaf Drum, Llanowar Elves"))
    assert drum.most_total == 1 and drum.options == ((0, 0, 0, 0, 0, 0, 1),)
    sick = options(Board.parse("Springleaf Drum, Birds of Paradise [summoning_sick]"))
    assert sick.most_total == 1  # a sick creature is still tapped by the Drum (CR 302.6)
    workshop = options(Board.parse("Mishra's Workshop, Azorius Signet"))
    assert workshop.most_total == 0 and workshop.options == ((0,) * 7,)
    (only,) = workshop.restricted
    assert only.card == "Mishra's Workshop" and "artifact" in only.only
    assert workshop.to_json()["restricted"][0]["mana"] == [["C"], ["C"], ["C"]]


@given(st.lists(st.sampled_from(OPTION_CARDS), min_size=1, max_size=5))
def test_the_most_of_each_type_is_what_the_exact_tapper_pays(names: list[str]) -> None:
    """The frontier's largest count of each type and in all equals the most copies
    of that symbol the exact tapper can pay, on boards with tapping costs,
    restricted mana and counters removed as a cost (storage lands, CR 602.2b; zero
    disagreements)."""
    from mtgmana.tapping import options

    board = Board.parse(", ".join(names))
    found = options(board)
    assert found.complete
    assert found.most_total == _most_by_tapper(board, "{1}")
    for kind in "WUBRGC":
        assert found.most[kind] == _most_by_tapper(board, "{" + kind + "}"), kind


SACRIFICING = (
    "Ashnod's Altar", "Krark-Clan Ironworks", "Phyrexian Altar", "Grizzly Bears",
    "Treasure", "Azorius Signet", "Sol Ring", "Llanowar Elves", "Ornithopter", "Island",
)  # fmt: skip


def test_an_altar_without_creatures_makes_nothing_cr_602_2b() -> None:
    """Ashnod's Altar's cost sacrifices a creature (CR 602.2b): with none it makes no
    mana, with two Grizzly Bears {C}{C} twice — not the one {C}{C} of a lone
    activation. Such costs aren't groups of the frontier: it says it isn't whole,
    and the most of each type is the exact tapper's."""
    from mtgmana.tapping import options

    alone = options(Board.parse("Ashnod's Altar"))
    assert alone.most_total == 0 and not alone.complete
    bears = options(Board.parse("Ashnod's Altar, Grizzly Bears, Grizzly Bears"))
    assert bears.most_total == 4 and bears.most["C"] == 4
    # Ironworks eats Sol Ring, the Signet (after their activations) and itself: 9.
    works = options(Board.parse("Krark-Clan Ironworks, Sol Ring, Azorius Signet"))
    assert works.most_total == 9 and works.truncated


@given(st.lists(st.sampled_from(SACRIFICING), min_size=1, max_size=4))
def test_sacrificing_boards_most_is_the_exact_tappers(names: list[str]) -> None:
    """With costs that sacrifice other permanents, ``most`` of each type and in all
    is the exact tapper's (zero disagreements); every option listed is payable."""
    from mtgmana.tapping import can_pay, options

    board = Board.parse(", ".join(names))
    found = options(board)
    assert found.most_total == _most_by_tapper(board, "{1}")
    for kind in "WUBRGC":
        assert found.most[kind] == _most_by_tapper(board, "{" + kind + "}"), kind
    for vector in found.options:
        if sum(vector) and not vector[6]:  # "any" units aside: the counts as a cost
            cost = "".join(("{" + k + "}") * n for k, n in zip("WUBRGC", vector, strict=False))
            assert can_pay(cost, board), (names, vector)
