"""Private: Hall's theorem for the tapper (CR 107.4, 601.2g-h): quick exact tests of
whether units of mana, counted by the set of symbols each can pay, can pay a cost —
a sufficient test (the one-mana sources alone pay) and a necessary one (even the
most every source could make can't pay) — and the bounds the branch and bound
reads from maximum matchings (König)."""

from __future__ import annotations

import functools
import operator
import sys
from array import array
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from ..colors import ManaType
from ..costs import ManaCost
from ..symbol_payment import ways_to_pay
from ._compile import ORDER
from ._problem import Problem

__all__: list[str] = []

_ORDER = ORDER


def bits_of(types: frozenset[ManaType]) -> int:
    """The bits of a set of types of mana (W is bit 0, ..., C bit 5)."""
    bits = 0
    for t in types:
        bits |= 1 << ORDER[t]
    return bits


SNOW_BIT = 1 << 6  # a unit from a snow source: it may pay {S} (CR 107.4h)


def symbol_masks(cost: ManaCost, x: int, *, relaxed: bool) -> tuple[Counter[int], int] | None:
    """The cost as Hall demands: one-unit symbols counted by the bits of the units
    that pay them, and the number of units in all. Exact (Phyrexian symbols paid
    with mana) or ``None`` for symbols it can't express; ``relaxed``, a relaxation
    instead (Phyrexian and other symbols need nothing, {2/W} one unit of any type)."""
    need: Counter[int] = Counter()
    total = 0
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if ways.variable:
            if symbol.text == "{X}":
                total += x
            elif not relaxed:
                return None
        elif not ways.one_mana:
            if ways.unpayable is not None and not relaxed:
                return None
            total += ways.generic
        elif ways.snow:
            if not relaxed:
                return None
            need[SNOW_BIT] += 1
            total += 1
        elif ways.or_generic or ways.legendary:
            # {2/W}, {L}: not expressed exactly; relaxed, {2/W} takes one unit
            if not relaxed:
                return None
            total += 1 if ways.or_generic else 0
        elif not (relaxed and ways.life):
            need[ways.type_bits] += 1
            total += 1
    return need, total


def counted(counts: Counter[int]) -> tuple[tuple[int, int], ...]:
    """The counts that aren't 0, sorted: what Hall's tests are remembered by."""
    found = tuple(sorted(counts.items()))
    if 0 in counts.values():
        return tuple(item for item in found if item[1])
    return found


def hall(need: Counter[int], total: int, masks: Counter[int]) -> bool:
    """Hall's theorem: units (counted by the bits of what they can pay) can pay the
    demands if every set of demands needs no more units than can pay one of them,
    and there are enough units in all."""
    return hall_counted(need, total, counted(masks))


def hall_counted(
    need: Counter[int],
    total: int,
    units: tuple[tuple[int, int], ...],
    need_key: tuple[tuple[int, int], ...] | None = None,
) -> bool:
    """:func:`hall` of units ``counted`` already (and of demands, ``need_key``),
    remembered whole (enough units in all, and Hall's condition)."""
    key = (units, counted(need) if need_key is None else need_key, total)
    found = _HALL.get(key)
    if found is None:
        if len(_HALL) > 8192:
            _HALL.clear()
        found = _HALL[key] = sum(k for _, k in units) >= total and _slack(units, need) >= 0
    return found


_HALL: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], int], bool] = {}


def max_match(units: Counter[int], need: Counter[int], generic: int, kinds: int = 8) -> int:
    """The most units (counted by the bits of what they can pay) that can pay the
    demands (counted by the bits of the units that may pay them) and ``generic``
    demands any unit pays: the demands less the largest deficiency (König). With
    too many kinds of demand, an upper bound. Remembered without ``generic`` (it
    only adds, up to the units there are): a search asks the same question for
    many combinations that make the same mana. Exact up to ``kinds`` kinds of
    demand (2 ** kinds sets of them are counted once per demands)."""
    return matched(counted(units), counted(need), need, generic, kinds)


def matched(
    supply: tuple[tuple[int, int], ...],
    wanted: tuple[tuple[int, int], ...],
    need: Counter[int],
    generic: int,
    kinds: int = 8,
) -> int:
    """:func:`max_match` of the units and demands ``counted`` already (``supply``,
    ``wanted``: the branch and bound keeps the counts it asks about again)."""
    key = (supply, wanted)
    found = _MATCHES.get(key)
    if found is None:
        if len(_MATCHES) > 8192:
            _MATCHES.clear()
        found = _MATCHES[key] = (sum(k for _, k in supply), _max_match(supply, need, kinds))
    units, paid = found[0], generic + found[1]
    return units if units < paid else paid  # the least (min() is a call: this is hot)


_MATCHES: dict[
    tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], tuple[int, int]
] = {}
"""Per units and demands (``counted``): the units in all, and the most of the
colored demands they pay (:func:`_max_match`)."""


def _max_match(supply: tuple[tuple[int, int], ...], need: Counter[int], kinds: int) -> int:
    """The most of the colored demands ``need`` the units can pay, less the
    deficiency the generic demands can't make up: ``max_match`` is the least of
    the units and ``generic`` plus this (each union's deficiency is the same with
    or without generic demands, which every unit pays)."""
    n_need = need.total()
    if sum(1 for k in need.values() if k) > kinds:
        return n_need
    return n_need + min(0, _slack(supply, need))


_BIAS = 1 << 30
_FOUR_BYTES = array("I").itemsize == 4
_PACKS: dict[tuple[tuple[int, int], ...], tuple[int, int, dict[int, int]]] = {}


def _slack(supply: tuple[tuple[int, int], ...], need: Counter[int]) -> int:
    """The least, over the unions of sets of demands (:func:`_unions`), of the units
    that can pay one of them less the demands: Hall's condition holds iff it is 0
    or more, and the largest deficiency is its opposite. Computed in one sum of
    integers whose 32-bit lanes hold one union each (the lanes of a unit's mask
    are remembered per need), then the least lane."""
    key = counted(need)
    pack = _PACKS.get(key)
    if pack is None:
        unions = _unions(need)
        offset = sum((_BIAS - size) << (32 * i) for i, (_, size) in enumerate(unions))
        if len(_PACKS) > 4096:
            _PACKS.clear()
        pack = _PACKS[key] = (len(unions), offset, {})
    lanes, total, per_mask = pack
    if not lanes:
        return _BIAS
    count = 0
    for m, n in supply:
        lane = per_mask.get(m)
        if lane is None:
            lane = per_mask[m] = sum(
                1 << (32 * i) for i, (union, _) in enumerate(_unions(need)) if m & union
            )
        total += n * lane
        count += n
    if count >= _BIAS:  # a lane would overflow: count them one by one
        return min(sum(n for m, n in supply if m & union) - size for union, size in _unions(need))
    if not _FOUR_BYTES:  # pragma: no cover - C's unsigned int is 4 bytes where we run
        return min((total >> (32 * i)) & 0xFFFFFFFF for i in range(lanes)) - _BIAS
    values = array("I")
    values.frombytes(total.to_bytes(4 * lanes, sys.byteorder))
    return min(values) - _BIAS


_UNIONS: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = {}


def _unions(need: Counter[int]) -> tuple[tuple[int, int], ...]:
    """:func:`_demand_sets` with only the largest set for each union of bits (the
    only one that counts for Hall's condition and for the deficiency), remembered."""
    key = counted(need)
    found = _UNIONS.get(key)
    if found is None:
        largest: dict[int, int] = {}
        for union, size in _demand_sets(need):
            if size > largest.get(union, 0):
                largest[union] = size
        if len(_UNIONS) > 4096:
            _UNIONS.clear()
        found = _UNIONS[key] = tuple(largest.items())
    return found


def _demand_sets(need: Counter[int]) -> Iterator[tuple[int, int]]:
    """For every nonempty set of the kinds of demand: the bits of the units that
    may pay one of them, and how many demands they are."""
    wanted = [(m, k) for m, k in need.items() if k]
    unions = [0] * (1 << len(wanted))
    sizes = [0] * (1 << len(wanted))
    for subset in range(1, 1 << len(wanted)):
        low = subset & -subset
        mask, k = wanted[low.bit_length() - 1]
        unions[subset] = unions[subset ^ low] | mask
        sizes[subset] = sizes[subset ^ low] + k
        yield unions[subset], sizes[subset]


def most_demands(cost: ManaCost, x: int) -> tuple[Counter[int], int]:
    """The most units paying ``cost`` can take, as demands counted by the bits of
    the units that may pay them, and a number of demands any unit pays ({2/W} as
    two of those, Phyrexian symbols paid with mana)."""
    need: Counter[int] = Counter()
    generic = 0
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if ways.snow:
            need[SNOW_BIT] += 1
        elif ways.one_mana and not (ways.or_generic or ways.legendary):
            need[ways.type_bits] += 1
        else:  # any unit: generic mana, X, {2/W} paid with two, {L}; {∞}, {D} one
            generic += 1 if ways.unpayable else ways.most_mana(x)
    return need, generic


LEAD = 8
"""Root units' bits are copied this much higher (``_tree._Tree._led_spent``)."""


class CostView(NamedTuple):
    """What the tapper's bounds read of a cost, X chosen: a function of the two,
    remembered (:func:`cost_view`); its counts are never changed by the callers."""

    most: int  # the most mana paying it takes ({2/W} two, X its value)
    least: int  # the least ({2/W} one, Phyrexian symbols none: CR 107.4f-g)
    demands: tuple[Counter[int], int] | None  # symbol_masks, relaxed
    demands_key: tuple[Any, int]  # its demands ``counted``, and their kinds
    most_need: Counter[int]  # most_demands: by the bits of what pays them
    generic: int  # and those any unit pays
    most_key: tuple[tuple[int, int], ...]  # most_need ``counted``
    lead: Counter[int]  # most_need paid by root or later units (bits LEAD higher too)
    lead_key: tuple[Any, int]  # lead ``counted``, and its kinds


@functools.lru_cache(maxsize=1024)
def cost_view(cost: ManaCost, x: int) -> CostView:
    """The :class:`CostView` of a cost with X chosen."""
    most = sum(ways_to_pay(symbol).most_mana(x) for symbol in cost)
    least = sum(ways_to_pay(symbol).least_mana(x) for symbol in cost)
    most_need, generic = most_demands(cost, x)
    lead: Counter[int] = Counter()
    for mask, k in most_need.items():
        lead[mask | mask << LEAD] += k
    demands = symbol_masks(cost, x, relaxed=True)
    need = Counter() if demands is None else demands[0]
    return CostView(
        most, least, demands, (counted(need), len(need)), most_need, generic,
        counted(most_need), lead, (counted(lead), len(lead)),
    )  # fmt: skip


def one_mana_sources_pay(problem: Problem) -> bool:
    """A quick sufficient test for the common case: the floating mana and the
    one-mana sources pay the cost on their own, with mana only (no restriction,
    no snow, no {2/W}; Phyrexian symbols paid with mana). (False means "use the
    full search", not "unpayable".)"""
    demands = symbol_masks(problem.cost, problem.x, relaxed=False)
    if demands is None or len(demands[0]) > 8:
        return False
    masks: Counter[int] = Counter()
    for unit in problem.pool:
        if unit.kind.restriction is not None:
            return False
        masks[1 << _ORDER[unit.type]] += 1
    paying = _paying_alternatives(problem)
    for g, source in enumerate(problem.sources):
        if not source.simple or any(o.restriction is not None for o in source.simple):
            continue
        bits = paying.pop((g, 0))[0] if (g, 0) in paying else 0
        for option in source.simple:
            for t in option.slots[0]:
                bits |= 1 << _ORDER[t]
        masks[bits] += len(source.indexes)
    for (group, _), (bits, count) in paying.items():
        if group is None:  # convoke, improvise, delve units outside the groups
            masks[bits] += count
    return hall(*demands, masks)


def _paying_alternatives(problem: Problem) -> dict[tuple[int | None, int], tuple[int, int]]:
    """The units that may pay the spell's cost otherwise than with mana: per
    (compiled group or None, number), the bits of the colored symbols they may pay
    (convoke: the creature's colors; else none, generic only) and how many."""
    found: dict[tuple[int | None, int], tuple[int, int]] = {}
    for number, group in enumerate(problem.alternatives):
        ways = {label.partition(":")[0] for label in group.labels} & problem.keywords
        if not ways:
            continue
        bits = group.bits if "convoke" in ways else 0
        key = (group.group, 0) if group.group is not None else (None, number)
        found[key] = (bits, group.count)
    return found


def alternative_supply(problem: Problem) -> Counter[int]:
    """:func:`_paying_alternatives` as Hall units (more than can be used: a
    relaxation, for necessary tests)."""
    supply: Counter[int] = Counter()
    for bits, count in _paying_alternatives(problem).values():
        supply[bits] += count
    added = sum(group.added for group in problem.alternatives)  # delve, later
    if added:
        supply[0] += added
    return supply


def surely_unpayable(problem: Problem) -> bool:
    """A quick necessary test: even if every permanent made the most mana any of
    its options makes, of any type any of them makes, with no cost to pay for it,
    the cost couldn't be paid."""
    view = cost_view(problem.cost, problem.x)
    demands = view.demands
    if demands is None or len(demands[0]) > 8:
        return False
    masks, units = _most_of_sources(problem)
    if problem.pool:
        masks = masks.copy()
        for unit in problem.pool:
            masks[(1 << _ORDER[unit.type]) | (SNOW_BIT if unit.snow else 0)] += 1
        units = counted(masks)
    return not hall_counted(*demands, units, view.demands_key[0])


_MOST: dict[
    tuple[Any, ...], tuple[tuple[Any, ...], tuple[Counter[int], tuple[tuple[int, int], ...]]]
] = {}


def _most_of_sources(problem: Problem) -> tuple[Counter[int], tuple[tuple[int, int], ...]]:
    """Per permanent, the most mana any of its options makes, of every type any of
    them makes, and the units that pay otherwise (:func:`alternative_supply`): Hall
    units (the bits of what they pay) and their ``counted`` form, remembered per
    compiled board (the entry holds the sources, so their ids can't be reused)."""
    sources = tuple(problem.sources)
    # What the most mana depends on: the sources and the board's facts (its
    # creatures, counters, what may be sacrificed: Problem's facts have this key).
    key = (id(problem.board), problem.source_ids, problem.keywords)
    hit = _MOST.get(key)
    if (
        hit is not None
        and hit[0][0] is problem.board
        and all(map(operator.is_, hit[0][1:], sources))
    ):
        return hit[1]
    mosts = tuple(problem.most_slots(s) for s in sources)
    masks: Counter[int] = Counter()
    for source, most in zip(sources, mosts, strict=True):
        bits = SNOW_BIT if source.snow else 0
        for option in (*source.simple, *source.complex):
            for slot_types in option.slots:
                for t in slot_types:
                    bits |= 1 << _ORDER[t]
        masks[bits] += most * len(source.indexes)
    masks.update(alternative_supply(problem))
    found = (masks, counted(masks))
    if len(_MOST) >= 32:
        _MOST.clear()
    _MOST[key] = ((problem.board, *sources), found)
    return found
