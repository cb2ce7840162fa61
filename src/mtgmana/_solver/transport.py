"""Private: the transport problem behind paying costs and tapping sources.

Paying a cost (CR 601.2g-h) means assigning mana to the symbols of the cost. Mana
that is interchangeable for the purpose forms a :class:`Supply` class (the types it
can be, snow / legendary source, its restriction's verdicts); symbols that the same
mana can pay form a :class:`Demand` class. Monocolored hybrid symbols ``{2/C}``
(CR 107.4e) are paid with one mana of their color or two of any type: the choice is
enumerated (:func:`split_choices`). The rest is a minimum-cost transport problem
(:mod:`mtgmana._solver.flow`) with integer costs that encode the preferences lexicographically.

Used by :mod:`mtgmana.payment` (supplies are floating mana, one type each) and
:mod:`mtgmana.tapping` (supplies include sources that can make one of several types).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..colors import ManaType
from ..costs import ManaCost
from ..mana import Mana
from ..restrictions import Restriction, Spend
from ..symbol_payment import LIFE_PER_SYMBOL as LIFE_PER_SYMBOL  # re-exported: CR 107.4f
from ..symbol_payment import ways_to_pay
from ..symbols import ManaSymbol
from .flow import min_cost_rows, min_cost_transport

__all__ = [
    "ALL_TYPES",
    "COLORED_TYPES",
    "KEEP_FLAG",
    "LIFE_PER_SYMBOL",
    "MAX_SPLITS",
    "TYPES",
    "TYPE_INDEX",
    "ZERO_WEIGHTS",
    "CostDemands",
    "Demand",
    "Solution",
    "Supply",
    "Unpayable",
    "Weights",
    "ZeroWeights",
    "can_serve",
    "cost_demands",
    "describe",
    "feasible_split",
    "shortfall",
    "solve",
    "solve_split",
    "split_choices",
    "supply_classes",
    "symbol_demand",
    "type_ranks",
]

_SINGLE = {t: frozenset({t}) for t in ManaType}

MAX_SPLITS = 64
"""Above this many ways to split monocolored hybrid symbols between their halves,
the split is fixed by a feasibility flow (still exact about payability)."""


TYPES = tuple(ManaType)
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
ALL_TYPES = frozenset(ManaType)
COLORED_TYPES = frozenset(t for t in ManaType if t is not ManaType.C)


@dataclass(frozen=True)
class Demand:
    """A class of symbols that the same mana can pay."""

    types: frozenset[ManaType]
    snow: bool = False
    legendary: bool = False
    life: bool = False
    spend_index: int = 0  # which entry of the spends list decides restrictions
    owner: int = -1  # the activation whose cost this is (tapping); -1: the cost paid
    alt: frozenset[str] = frozenset()
    """What else may pay it instead of mana: "convoke", "convoke:G", "improvise",
    "delve" (CR 702.51a, 702.126a, 702.66a), "tap:k" (a permanent tapped as an
    activation's cost, filter number k): see :class:`Supply`'s ``alt``."""
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        # Hashed once: flows key their demands by it again and again.
        object.__setattr__(
            self,
            "_hash",
            hash((self.types, self.snow, self.legendary, self.life, self.spend_index,
                  self.owner, self.alt)),
        )  # fmt: skip

    def __hash__(self) -> int:
        return self._hash


@dataclass
class CostDemands:
    """The demands of one cost: exact symbol classes, monocolored hybrids by color,
    and the symbols of the cost that they come from."""

    exact: Counter[Demand]
    mono: dict[ManaType, int]
    normal_index: int
    current: bool
    owner: int = -1
    alt_generic: frozenset[str] = frozenset()  # what else pays its generic mana and X
    convoke: bool = False  # its colored symbols may be paid by tapping creatures

    def generic_demand(self) -> Demand:
        return _generic_demand(self.normal_index, self.owner, self.alt_generic)

    def colored_demand(self, color: ManaType) -> Demand:
        return _colored_demand(color, self.normal_index, self.owner, self.convoke)


@functools.lru_cache(maxsize=1024)
def _generic_demand(normal_index: int, owner: int, alt: frozenset[str]) -> Demand:
    """A cost's generic demand: one object per value, so the flows' weights
    remembered per demand object (the tapper's) are found again."""
    return Demand(ALL_TYPES, spend_index=normal_index, owner=owner, alt=alt)


@functools.lru_cache(maxsize=1024)
def _colored_demand(color: ManaType, normal_index: int, owner: int, convoke: bool) -> Demand:
    """A cost's demand of one color ({2/C} paid with C), one object per value."""
    return Demand(
        frozenset({color}), spend_index=normal_index, owner=owner,
        alt=_convoke(frozenset({color})) if convoke else frozenset(),
    )  # fmt: skip


def _convoke(types: frozenset[ManaType]) -> frozenset[str]:
    """The convoke labels of a symbol of these types: a creature of one of its
    colors may pay it (CR 702.51a)."""
    return frozenset(f"convoke:{t.value}" for t in types if t is not ManaType.C)


class Unpayable(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


def cost_demands(
    cost: ManaCost,
    x: int,
    normal_index: int,
    x_index: int,
    x_types: frozenset[ManaType],
    *,
    current: bool,
    owner: int = -1,
    alt_generic: frozenset[str] = frozenset(),
    convoke: bool = False,
) -> CostDemands:
    """The cost's demands; ``alt_generic`` is what else may pay its generic mana and
    X (a spell's convoke, improvise, delve), ``convoke`` whether creatures may pay
    its colored symbols (CR 702.51a)."""
    if not cost.has_mana_cost:
        raise Unpayable("it has no mana cost, an unpayable cost (CR 118.6)")
    exact: Counter[Demand] = Counter()
    mono: dict[ManaType, int] = {}
    generic = Demand(ALL_TYPES, spend_index=normal_index, owner=owner, alt=alt_generic)
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if ways.one_mana:  # 107.4a, c, e-h
            if ways.or_generic:  # {2/C}: the split is chosen later (split_choices)
                (color,) = ways.types
                mono[color] = mono.get(color, 0) + 1
            else:
                alt = _convoke(ways.types) if convoke and not ways.snow else frozenset()
                demand = Demand(
                    ways.types, ways.snow, ways.legendary, ways.life > 0, normal_index, owner, alt
                )
                exact[demand] += 1
        elif ways.variable:  # 107.3
            if x:
                exact[Demand(x_types, spend_index=x_index, owner=owner, alt=alt_generic)] += x
        elif ways.unpayable is not None:  # 118.6
            raise Unpayable(ways.unpayable)
        elif ways.generic:  # 107.4b
            exact[generic] += ways.generic
    return CostDemands(exact, mono, normal_index, current, owner, alt_generic, convoke)


@dataclass(frozen=True)
class Supply:
    """A class of interchangeable units: mana (one type), or sources that each make
    one mana of one of ``types`` when activated (the tapper)."""

    types: frozenset[ManaType]
    snow: bool
    legendary: bool
    restricted: bool
    allowed: tuple[bool, ...]  # per entry of the spends list
    origin: int = -1  # the activation that makes it (tapping); -1: there from the start
    extra: int = 0  # a cost per unit used, on top of the weights (tapping preferences)
    type_extra: tuple[tuple[ManaType, int], ...] = ()  # more cost for making a type
    key: Any = None  # the caller's own identification of the class
    unordered: bool = False  # made mana that may pay any other activation (a relaxation)
    not_for: frozenset[int] = frozenset()  # activations an unordered supply may not pay
    alt: frozenset[str] = frozenset()
    """What else a unit may pay instead of being mana: a creature "convoke" and
    "convoke:<each of its colors>" (CR 702.51a), an artifact "improvise" (702.126a), a
    card in a graveyard "delve" (702.66a), a permanent "tap:k" when it matches the
    filter number k of an activation's "Tap an untapped ... you control"."""

    @property
    def type(self) -> ManaType:
        """The type of a single-type supply (floating mana)."""
        (only,) = self.types
        return only


def supply_classes(
    units: Sequence[Mana], spends: Sequence[Spend]
) -> tuple[list[Supply], list[list[Mana]]]:
    verdicts: dict[Restriction, tuple[bool, ...]] = {}
    everything = (True,) * len(spends)
    index: dict[Supply, int] = {}
    classes: list[Supply] = []
    members: list[list[Mana]] = []
    for unit in units:
        kind = unit.kind
        restriction = kind.restriction
        if restriction is None:
            allowed = everything
        else:
            found = verdicts.get(restriction)
            if found is None:
                found = verdicts[restriction] = tuple(restriction.allows(s) for s in spends)
            allowed = found
        key = Supply(
            _SINGLE[kind.type], kind.snow, kind.legendary, restriction is not None, allowed
        )
        position = index.get(key)
        if position is None:
            position = index[key] = len(classes)
            classes.append(key)
            members.append([])
        members[position].append(unit)
    return classes, members


def can_serve(supply: Supply, demand: Demand) -> bool:
    """Whether a unit of ``supply`` may pay ``demand`` (mana made by an activation
    pays only for later activations: no cycles, CR 605.3a; an ``unordered`` supply
    may pay any activation but its own, the tapper's relaxation of the order)."""
    if supply.alt and not supply.alt.isdisjoint(demand.alt):
        return True  # not mana: no restriction, no order (a permanent there already)
    return (
        not supply.types.isdisjoint(demand.types)
        and (supply.snow or not demand.snow)
        and (supply.legendary or not demand.legendary)
        and supply.allowed[demand.spend_index]
        and (
            demand.owner < 0
            or (
                supply.origin != demand.owner and demand.owner not in supply.not_for
                if supply.unordered
                else supply.origin < demand.owner
            )
        )
    )


KEEP_FLAG: Final = 8
"""What spending a snow or legendary unit where that isn't needed weighs (more than
any type's rank)."""


@functools.lru_cache(maxsize=4096)
def type_ranks(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Per type (WUBRGC), its rank for preference 4 of :mod:`mtgmana.payment`:
    colorless 0, then the colors the pool has most of (ties in WUBRG order)."""
    ranks = [0] * 6
    for position, i in enumerate(sorted(range(5), key=lambda i: (-counts[i], i))):
        ranks[i] = position + 1
    return tuple(ranks)


class Weights:
    """Integer edge costs encoding preferences 1, 3 and 4 lexicographically."""

    def __init__(self, units: Sequence[Mana], life_sign: int, counts: Sequence[int] = ()) -> None:
        if not counts:
            tally = [0] * 6
            for unit in units:
                tally[TYPE_INDEX[unit.kind.type]] += 1
            counts = tally
        # Colorless first, then the colors the pool has most of (ties in WUBRG order).
        self.rank_by_index = list(type_ranks(tuple(counts)))
        self.rank = {t: self.rank_by_index[i] for i, t in enumerate(TYPES)}
        self.keep_flag = KEEP_FLAG  # more than any type rank
        tie_max = 5 + 2 * self.keep_flag
        n = len(units) + 1
        self.restricted_bonus = tie_max * n + 1
        self.life_weight = self.restricted_bonus * n + 1
        self.life_sign = life_sign  # 1: pay the least life; -1: the most

    def unit(self, supply: Supply, demand: Demand) -> int:
        weight = supply.extra
        usable = supply.types & demand.types
        if not usable or not supply.alt.isdisjoint(demand.alt):
            # Paid otherwise than with mana (convoke, delve, a tap): never worse than
            # the unit's mana, which may cost more (a sacrifice, damage).
            return weight
        if supply.type_extra:
            more = dict(supply.type_extra)
            ranked = len(demand.types) > 1
            weight += min(more.get(t, 0) + (self.rank[t] if ranked else 0) for t in usable)
        elif len(demand.types) > 1:
            weight += min(self.rank[t] for t in usable)
        if supply.snow and not demand.snow:
            weight += self.keep_flag
        if supply.legendary and not demand.legendary:
            weight += self.keep_flag
        if supply.restricted:
            weight -= self.restricted_bonus
        return weight

    def life(self) -> int:
        return self.life_sign * self.life_weight

    def edge(self, supply: Supply, demand: Demand) -> int | None:
        """The weight of a unit of ``supply`` paying ``demand``, or None when it can't
        (:func:`can_serve`)."""
        return self.unit(supply, demand) if can_serve(supply, demand) else None

    def row(self, supplies: Sequence[Supply], demand: Demand) -> list[tuple[int, int]]:
        """``(supply index, weight)`` of each supply that can pay ``demand``."""
        row = []
        for s, supply in enumerate(supplies):
            weight = self.edge(supply, demand)
            if weight is not None:
                row.append((s, weight))
        return row


@dataclass
class Solution:
    cost: int
    life_symbols: int  # current cost's symbols paid with life
    assignment: dict[tuple[int, int], int]  # (supply, demand) -> units
    life_assignment: dict[int, int]  # demand -> symbols paid with life
    demands: list[Demand]
    owners: list[int]  # which cost (part) each demand belongs to


def solve(
    parts: Sequence[CostDemands],
    supplies: Sequence[Supply],
    counts: Sequence[int],
    life: int,
    weights: Weights,
) -> Solution | None:
    """The cheapest joint payment of every part (part 0 is the current cost)."""
    if not any(part.mono for part in parts):  # no {2/C}: one split, the empty one
        return solve_split(parts, _NO_SPLIT, supplies, counts, life, weights)
    splits = split_choices(parts, supplies, counts, life)
    best: Solution | None = None
    for split in splits:
        solution = solve_split(parts, split, supplies, counts, life, weights)
        if solution is not None and (best is None or solution.cost < best.cost):
            best = solution
    return best


def split_choices(
    parts: Sequence[CostDemands], supplies: Sequence[Supply], counts: Sequence[int], life: int
) -> list[list[dict[ManaType, int]]]:
    """Ways to choose how many of each part's {2/C} symbols are paid with color."""
    ranges: list[tuple[int, ManaType, range]] = []
    for index, part in enumerate(parts):
        for color, k in part.mono.items():
            colored = part.colored_demand(color)
            available = sum(
                n for s, n in zip(supplies, counts, strict=True) if can_serve(s, colored)
            )
            ranges.append((index, color, range(min(k, available), -1, -1)))
    total = 1
    for _, _, values in ranges:
        total *= len(values)
    combos: Iterable[tuple[int, ...]]
    if total <= MAX_SPLITS:
        combos = itertools.product(*(values for _, _, values in ranges))
    else:
        combos = iter([feasible_split(parts, ranges, supplies, counts, life)])
    result: list[list[dict[ManaType, int]]] = []
    for combo in combos:
        split: list[dict[ManaType, int]] = [{} for _ in parts]
        for (index, color, _), chosen in zip(ranges, combo, strict=True):
            split[index][color] = chosen
        result.append(split)
    return result


def feasible_split(
    parts: Sequence[CostDemands],
    ranges: Sequence[tuple[int, ManaType, range]],
    supplies: Sequence[Supply],
    counts: Sequence[int],
    life: int,
) -> tuple[int, ...]:
    """A split that is payable if any is: maximise colored payments of {2/C} (each
    saves one mana) and generic mana in a flow that must meet every other demand.

    Exact about payability: a payment that pays some {2/C} with two mana while a
    mana of color C is unused or pays generic mana can pay that {2/C} with the C
    mana instead, and use one of the two for that generic mana.
    """
    big = 4 * (sum(counts) + 1)
    keys, demands = _split_demands(parts)
    edges = _split_edges(parts, keys, supplies, big)
    supply_counts = [*counts, life // LIFE_PER_SYMBOL, sum(demands)]
    result = min_cost_transport(supply_counts, demands, edges)
    chosen: dict[tuple[int, ManaType], int] = {}
    if result is not None:
        _, amounts = result
        for (s, d), amount in amounts.items():
            what, index, key = keys[d]
            if what == "half" and s < len(supplies):
                chosen[(index, key)] = chosen.get((index, key), 0) + amount
    return tuple(chosen.get((index, color), 0) for index, color, _ in ranges)


def _split_demands(
    parts: Sequence[CostDemands],
) -> tuple[list[tuple[str, int, Any]], list[int]]:
    """The demands of :func:`feasible_split`'s flow: each part's exact demands, and
    for each {2/C} color both a "half" (paid with one mana of C) and a "two" (paid
    with two generic mana) demand."""
    demands: list[int] = []
    keys: list[tuple[str, int, Any]] = []
    for index, part in enumerate(parts):
        for demand, amount in part.exact.items():
            keys.append(("exact", index, demand))
            demands.append(amount)
        generic = part.generic_demand()
        for color, k in part.mono.items():
            keys.append(("half", index, color))
            demands.append(k)
            keys.append(("two", index, generic))
            demands.append(2 * k)
    return keys, demands


def _split_edges(
    parts: Sequence[CostDemands],
    keys: Sequence[tuple[str, int, Any]],
    supplies: Sequence[Supply],
    big: int,
) -> list[tuple[int, int, int]]:
    """The edges of :func:`feasible_split`'s flow: exact demands weigh most, then
    colored halves, then generic twos; the life supply pays Phyrexian demands, and
    a supply of "nothing" (after life) may leave the optional demands unmet."""
    life_supply = len(supplies)
    slack = life_supply + 1
    edges: list[tuple[int, int, int]] = []
    for d, (what, index, key) in enumerate(keys):
        for s, supply in enumerate(supplies):
            if what == "exact" and can_serve(supply, key):
                edges.append((s, d, -big * big))
            elif what == "half" and can_serve(supply, parts[index].colored_demand(key)):
                edges.append((s, d, -2 * big))
            elif what == "two" and can_serve(supply, key):
                edges.append((s, d, -big))
        if what == "exact" and key.life:
            edges.append((life_supply, d, -big * big))
        if what != "exact":
            edges.append((slack, d, 0))
    return edges


_NO_SPLIT: Sequence[Mapping[ManaType, int]] = ()
"""The split of parts without monocolored hybrid symbols (:func:`solve`)."""


def solve_split(
    parts: Sequence[CostDemands],
    split: Sequence[Mapping[ManaType, int]],
    supplies: Sequence[Supply],
    counts: Sequence[int],
    life: int,
    weights: Weights,
) -> Solution | None:
    """The cheapest payment of ``parts`` with the {2/C} split ``split`` (how many of
    each part's {2/C} are paid with colored mana), or ``None``."""
    if split is _NO_SPLIT:  # no {2/C}: each part's demands, none met twice
        keys = [(index, demand) for index, part in enumerate(parts) for demand in part.exact]
        demands = [amount for part in parts for amount in part.exact.values()]
    else:
        merged = _merged_demands(parts, split)
        keys = list(merged)
        demands = [merged[key] for key in keys]
    life_index = len(supplies)
    supply_counts = [*counts, life // LIFE_PER_SYMBOL]
    rows: list[list[tuple[int, int]]] = []
    for index, demand in keys:
        current = parts[index].current
        row = weights.row(supplies, demand)  # remembered by the tapper's weights: not changed
        if not current:
            row = [(s, 0) for s, _ in row]
        if demand.life:
            row = [*row, (life_index, weights.life() if current else 0)]
        rows.append(row)
    result = min_cost_rows(supply_counts, demands, rows)
    if result is None:
        return None
    return _solution(parts, keys, life_index, *result)


def _merged_demands(
    parts: Sequence[CostDemands], split: Sequence[Mapping[ManaType, int]]
) -> Counter[tuple[int, Demand]]:
    """Each part's demands with its {2/C} split into colored and generic mana."""
    merged: Counter[tuple[int, Demand]] = Counter()
    for index, part in enumerate(parts):
        for demand, amount in part.exact.items():
            merged[(index, demand)] += amount
        generic = part.generic_demand()
        for color, k in part.mono.items():
            colored = split[index][color]
            if colored:
                merged[(index, part.colored_demand(color))] += colored
            if k - colored:
                merged[(index, generic)] += 2 * (k - colored)
    return merged


def _solution(
    parts: Sequence[CostDemands],
    keys: Sequence[tuple[int, Demand]],
    life_index: int,
    total: int,
    amounts: dict[tuple[int, int], int],
) -> Solution:
    """The flow's amounts as a :class:`Solution`: mana from supplies, and life (the
    supply ``life_index``) counted for the current part."""
    assignment: dict[tuple[int, int], int] = {}
    life_assignment: dict[int, int] = {}
    life_symbols = 0
    for (s, d), amount in amounts.items():
        if s == life_index:
            life_assignment[d] = amount
            if parts[keys[d][0]].current:
                life_symbols += amount
        else:
            assignment[(s, d)] = amount
    return Solution(
        total, life_symbols, assignment, life_assignment,
        [demand for _, demand in keys], [index for index, _ in keys],
    )  # fmt: skip


@functools.cache
def symbol_demand(symbol: ManaSymbol) -> Demand:
    demands = cost_demands(ManaCost.from_symbols([symbol]), 0, 0, 1, ALL_TYPES, current=True)
    (demand,) = demands.exact
    return demand


def shortfall(
    demands: CostDemands, supplies: Sequence[Supply], counts: Sequence[int], life: int
) -> list[str]:
    """What is missing, in the game's words, from a flow that may fall short."""
    keys = list(demands.exact)
    amounts = [demands.exact[k] for k in keys]
    for color, k in demands.mono.items():
        keys.append(
            Demand(frozenset({color}), spend_index=demands.normal_index, owner=demands.owner)
        )
        amounts.append(k)
    short_supply = len(supplies) + 1
    edges = _shortfall_edges(keys, supplies)
    result = min_cost_transport([*counts, life // LIFE_PER_SYMBOL, sum(amounts)], amounts, edges)
    assert result is not None  # the shortage supply can meet any demand
    _, flow = result
    missing: Counter[int] = Counter()
    for (s, d), amount in flow.items():
        if s == short_supply:
            missing[d] += amount
    if not missing:
        # Each class can be met on its own terms; together they need more mana.
        need = sum(amounts)
        have = sum(counts)
        return [f"needs {need - have} more mana" if need > have else "not enough mana"]
    return [describe(keys[d], n, d >= len(demands.exact)) for d, n in sorted(missing.items())]


def _shortfall_edges(
    keys: Sequence[Demand], supplies: Sequence[Supply]
) -> list[tuple[int, int, int]]:
    """The edges of :func:`shortfall`'s flow, free from the supplies and life, and
    from a "shortage" supply (after life) that costs least on the most flexible
    demand."""
    short_supply = len(supplies) + 1
    edges: list[tuple[int, int, int]] = []
    for d, demand in enumerate(keys):
        for s, supply in enumerate(supplies):
            if can_serve(supply, demand):
                edges.append((s, d, 0))
        if demand.life:
            edges.append((len(supplies), d, 0))
        # Put the shortage on the most flexible demand: its description helps most.
        flexible = demand.life or (demand.types == ALL_TYPES and not demand.snow)
        edges.append((short_supply, d, 1 if flexible else 2))
    return edges


WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def describe(demand: Demand, amount: int, mono: bool) -> str:
    count = WORDS.get(amount, str(amount))
    if demand.types == ALL_TYPES:
        what = "mana"
        if demand.snow:
            what = "mana from a snow source"
        elif demand.legendary:
            what = "mana from a legendary source"
        elif demand.spend_index % 2:
            what = "mana for X"
        return f"needs {count} more {what}"
    if demand.types == COLORED_TYPES:
        what = "colored mana"
    else:
        order = list(ManaType)
        what = " or ".join(t.symbol for t in sorted(demand.types, key=order.index))
    if mono:
        what += " (or two mana each)"
    text = f"needs {count} more {what}"
    if demand.life:
        text += f" or {LIFE_PER_SYMBOL * amount} life"
    return text


class ZeroWeights(Weights):
    def __init__(self) -> None:
        self.life_sign = 0

    def unit(self, supply: Supply, demand: Demand) -> int:
        return 0

    def edge(self, supply: Supply, demand: Demand) -> int | None:
        return 0 if can_serve(supply, demand) else None

    def life(self) -> int:
        return 0


ZERO_WEIGHTS = ZeroWeights()
