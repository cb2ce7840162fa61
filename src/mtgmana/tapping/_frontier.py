"""The component-wise Pareto frontier of what a board can produce, searched on
integer-coded count vectors (CR 106, 605).

The board arrives as plain data: groups of identical permanents, each a number of
copies and the options of one copy as (count vector, activation mana cost or None),
count vectors over (W, U, B, R, G, C, any) where "any" is one mana of any color.
Each copy is activated once with one of its options, paying its activation cost
out of what the floating mana and the activations before it made, or not at all, in
any order. The result is the set of component-wise maximal vectors.

Vectors are coded as integers, one bit field per kind with a guard bit on top
(``W`` in the most significant field, so that integer order is tuple order):
adding a vector is one addition, and ``a - b`` has no guard bit set exactly when
``a >= b`` component-wise (SWAR). Sets of vectors are kept as ``{total: codes}``:
two different vectors with the same total never dominate each other.

It is the fallback of :mod:`mtgmana.tapping._frontier_lazy` (boards too tangled for its
exact search); :func:`matching_maximal` filters its result by matching dominance
("any" may be made a color), which component-wise dominance misses.
"""

from __future__ import annotations

import itertools
import math
import struct
import time
from collections.abc import Iterable, Iterator, Sequence

from .._solver.flow import check_deadline
from ..colors import ManaType
from ..costs import ManaCost
from ..symbol_payment import plain_colors, ways_to_pay

__all__ = [
    "KINDS",
    "MAX_SHADOW",
    "MAX_STATES",
    "Group",
    "Option",
    "Vector",
    "frontier",
    "matching_maximal",
]

Vector = tuple[int, ...]
"""Seven counts: W U B R G C any."""
Option = tuple[Vector, "ManaCost | None"]
"""What one activation makes, and its activation mana cost (None: none)."""
Group = tuple[int, Sequence[Option]]
"""How many identical permanents, and the options of one of them."""

KINDS = 7
_ANY = 6
_INDEX = {t.value: i for i, t in enumerate(ManaType)}  # "W" -> 0, ..., "C" -> 5

Levels = dict[int, set[int]]
"""Coded vectors by total."""
Coded = Sequence[tuple[int, int, "ManaCost | None"]]
"""A source's options coded: (coded vector, its total, activation mana cost or None)."""


class _Code:
    """The integer coding of count vectors whose counts stay below ``2 ** (width - 1)``."""

    def __init__(self, most: int) -> None:
        # Fields of whole bytes, so that decoding is one to_bytes and one unpack.
        self.width = -(-(max(most, 1).bit_length() + 1) // 8) * 8
        self.field = (1 << self.width) - 1
        self.shifts = [(KINDS - 1 - i) * self.width for i in range(KINDS)]
        self.units = [1 << s for s in self.shifts]
        self.guard = sum(1 << (s + self.width - 1) for s in self.shifts)
        letter = {8: "B", 16: "H", 32: "I", 64: "Q"}.get(self.width)
        self.packer = None if letter is None else struct.Struct(f">{KINDS}{letter}")

    def code(self, vector: Sequence[int]) -> int:
        return sum(c << s for c, s in zip(vector, self.shifts, strict=True))

    def vectors(self, codes: Iterable[int]) -> list[Vector]:
        """Decoded, in order."""
        if self.packer is None:
            field = self.field
            return [tuple((c >> s) & field for s in self.shifts) for c in codes]
        size = self.packer.size
        data = b"".join(c.to_bytes(size, "big") for c in codes)
        return list(self.packer.iter_unpack(data))


def _symbols(cost: ManaCost, code: _Code) -> tuple[list[tuple[int, ...]], int] | None:
    """A cost as the units each colored/colorless/hybrid symbol can be paid with (in
    order), and the generic amount; None when it has other symbols (not payable here)."""
    units = code.units
    needs: list[tuple[int, ...]] = []
    generic = 0
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if symbol.is_numeral:
            generic += ways.generic
        elif ways.plain is ManaType.C:
            needs.append((units[5],))  # "any" is one mana of any *color*: not {C}
        elif plain_colors(ways):
            needs.append((*sorted({units[_INDEX[t.value]] for t in ways.types}), units[_ANY]))
        else:
            return None
    return needs, generic


def _pay(levels: Levels, cost: ManaCost, code: _Code) -> Levels:
    """Every remainder of paying ``cost`` out of any of these vectors."""
    parsed = _symbols(cost, code)
    if parsed is None:
        return {}
    needs, generic = parsed
    guard = code.guard
    steps = [(n, 1) for n in needs] + [(tuple(code.units), 1)] * generic
    result: Levels = {}
    for total, codes in levels.items():
        states = codes
        for units, _ in steps:
            states = {d for s in states for u in units if not (d := s - u) & guard}
            if not states:
                break
        if states:
            result[total - len(steps)] = states
    return result


def _shift(levels: Levels, amount: int, total: int) -> Levels:
    return {t + total: {c + amount for c in codes} for t, codes in levels.items()}


def _merge(into: Levels, more: Levels) -> None:
    for total, codes in more.items():
        have = into.get(total)
        if have is None:
            into[total] = set(codes)
        else:
            have |= codes


def _pareto(levels: Levels, code: _Code) -> Levels:
    """The vectors no other one dominates.

    Totals are taken in decreasing order. ``shadow`` holds every vector of the
    current total that lies below a kept vector of a larger total — each level's
    is one unit less than the one above and the kept ones there — so a vector is
    dominated exactly when it is in the shadow. When the shadow would cost more
    than comparing with the kept vectors one by one, that is done instead."""
    totals = sorted(levels, reverse=True)
    if len(totals) < 2:
        return levels
    out: Levels = {totals[0]: levels[totals[0]]}
    kept: list[int] = list(levels[totals[0]])
    shadow: set[int] | None = set()
    above = totals[0]  # the level the shadow is for, with out[above] not yet in it
    for total in totals[1:]:
        check_deadline()
        group = levels[total]
        if shadow is not None:
            affordable = len(group) * len(kept)
            shadow = _next_shadow(shadow, out[above], above - total, affordable, code)
        if shadow is None:
            group = _undominated(group, kept, code.guard)
        else:
            above = total
            group = group - shadow
        if group or shadow is not None:
            out[total] = group  # empty with a shadow: the shadow goes on from here
        kept.extend(group)
    return {t: g for t, g in out.items() if g}


def _next_shadow(
    shadow: set[int], kept: set[int], steps: int, affordable: int, code: _Code
) -> set[int] | None:
    """The shadow ``steps`` levels down from one holding ``shadow`` and the ``kept``
    vectors of that level; None when it would cost more than ``affordable``
    comparisons of vectors one by one."""
    if (len(shadow) + len(kept)) * KINDS * steps > affordable:
        return None
    return _down(shadow | kept, steps, code)


def _down(states: set[int], steps: int, code: _Code, limit: int | None = None) -> set[int] | None:
    """Every vector ``steps`` units under one of ``states`` (component-wise, no count
    below 0); None when a step holds more than ``limit`` vectors."""
    guard = code.guard
    units = code.units
    for _ in range(steps):
        states = {d for s in states for u in units if not (d := s - u) & guard}
        if limit is not None and len(states) > limit:
            return None
    return states


def _undominated(group: set[int], kept: list[int], guard: int) -> set[int]:
    """The vectors of ``group`` under none of ``kept`` component-wise."""
    return {v for v in group if all((k - v) & guard for k in kept)}


def _count(levels: Levels) -> int:
    return sum(len(codes) for codes in levels.values())


def _truncate(levels: Levels, budget: int) -> Levels:
    """The ``budget`` vectors of largest total (ties: smallest tuples first)."""
    out: Levels = {}
    left = budget
    for total in sorted(levels, reverse=True):
        codes = levels[total]
        if len(codes) > left:
            codes = set(sorted(codes)[:left])
        out[total] = codes
        left -= len(codes)
        if not left:
            break
    return out


def _multisets(options: Sequence[tuple[int, int]], copies: int) -> Levels:
    """Every sum of ``copies`` of these (code, total) options."""
    result: Levels = {}
    for combo in itertools.combinations_with_replacement(options, copies):
        result.setdefault(sum(t for _, t in combo), set()).add(sum(c for c, _ in combo))
    return result


def _most(base: Sequence[int], groups: Iterable[Group]) -> int:
    """A bound on every count: everything made, all kept."""
    return sum(base) + sum(
        copies * max((sum(vector) for vector, _ in options), default=0)
        for copies, options in groups
    )


MAX_STATES = 1024
"""At most this many states of the search over mana-costing sources (how many of
each have been activated); beyond, they are taken in the order given."""


def frontier(
    groups: Sequence[Group], base: Vector, budget: int, deadline: float | None = None
) -> tuple[list[Vector], bool]:
    """The maximal vectors ``base`` plus the groups can come to, sorted by
    decreasing total then decreasing counts (W first), and whether the result may
    be incomplete: the set was cut to ``budget`` vectors (largest totals kept) on
    the way, or there were too many mana-costing sources to try every order.

    Sources whose options cost no mana are added first: their mana can pay any
    later activation, so that loses nothing. The mana-costing ones can pay each
    other's costs in any order (CR 605.3a: only for later activations), so the
    frontier of each number of activations of each is the union, over which one
    came last, of the frontiers before it (a state per count vector). Past
    ``deadline`` (``time.process_time()``), the sources left aren't added (the result
    is then incomplete)."""
    code = _Code(_most(base, groups))
    levels: Levels = {sum(base): {code.code(base)}}
    levels, truncated = _add_every_free(levels, groups, code, budget, deadline)
    kinds = [
        (copies, [(code.code(v), sum(v), cost) for v, cost in options])
        for copies, options in groups
        if any(c is not None for _, c in options) and copies >= 1
    ]
    every_order = None
    if math.prod(copies + 1 for copies, _ in kinds) <= MAX_STATES:
        every_order = _every_order(levels, kinds, code, budget)
    if every_order is not None:
        levels = every_order
    else:  # the order given: an inner approximation
        truncated = True
        levels = _given_order(levels, kinds, code, budget, deadline)
    ordered = [c for total in sorted(levels, reverse=True) for c in sorted(levels[total])[::-1]]
    return code.vectors(ordered), truncated


def _add_every_free(
    levels: Levels, groups: Sequence[Group], code: _Code, budget: int, deadline: float | None
) -> tuple[Levels, bool]:
    """``levels`` plus every source whose options cost no mana, and whether the result
    was cut to ``budget`` or out of time."""
    truncated = False
    for copies, options in groups:
        if options and copies >= 1 and all(c is None for _, c in options):
            levels, cut = _add_free(levels, copies, options, code, budget, deadline)
            truncated |= cut
    return levels, truncated


def _given_order(
    levels: Levels,
    kinds: Sequence[tuple[int, Coded]],
    code: _Code,
    budget: int,
    deadline: float | None,
) -> Levels:
    """``levels`` plus the mana-costing sources in the order given (each can pay for
    the later ones only), cut to ``budget`` on the way; past ``deadline``, the
    sources left aren't added."""
    for copies, coded in kinds:
        for _ in range(copies):
            if deadline is not None and time.process_time() > deadline:
                return levels  # out of time: what was found
            levels = _pareto(_activate(levels, coded, code), code)
            if _count(levels) > budget:
                levels = _truncate(levels, budget)
    return levels


def _every_order(
    levels: Levels,
    kinds: Sequence[tuple[int, Coded]],
    code: _Code,
    budget: int,
) -> Levels | None:
    """The frontier after the mana-costing sources in every order: a state per
    number of activations of each kind, the union over which kind came last. None
    when the states would hold more than ``budget`` vectors in all."""
    states: dict[tuple[int, ...], Levels] = {}
    held = 0
    for counts in itertools.product(*(range(copies + 1) for copies, _ in kinds)):
        check_deadline()
        if not any(counts):
            states[counts] = levels
            continue
        nxt: Levels = {}
        for i, n in enumerate(counts):
            if n:
                previous = (*counts[:i], n - 1, *counts[i + 1 :])
                _merge(nxt, _activate(states[previous], kinds[i][1], code))
        found = _pareto(nxt, code)
        held += _count(found)
        if held > budget:
            return None
        states[counts] = found
    return states[tuple(copies for copies, _ in kinds)]


def _activate(levels: Levels, coded: Coded, code: _Code) -> Levels:
    """One more copy of a source, last: each option paid out of ``levels``, or not
    activated (dominated when an option costs nothing). Not Pareto-filtered."""
    free_option = any(cost is None for _, _, cost in coded)
    nxt: Levels = {} if free_option else {t: set(c) for t, c in levels.items()}
    paid: dict[ManaCost, Levels] = {}
    for amount, total, cost in coded:
        if cost is None:
            left = levels
        else:
            if cost not in paid:
                paid[cost] = _pay(levels, cost, code)
            left = paid[cost]
        _merge(nxt, _shift(left, amount, total))
    return nxt


def _add_free(
    levels: Levels,
    copies: int,
    options: Sequence[Option],
    code: _Code,
    budget: int,
    deadline: float | None = None,
) -> tuple[Levels, bool]:
    """Copies of a source whose options cost nothing: every copy is activated (that
    dominates not activating it), all at once when the product stays small."""
    truncated = False
    free = sorted({(code.code(v), sum(v)) for v, _ in options})
    room = 4 * budget + 4096  # how many sums may be made at once
    many = math.comb(len(free) + copies - 1, copies) > room
    sums = {0: {0}} if many else _pareto(_multisets(free, copies), code)
    width = room + 1 if many else _count(sums)
    if width == 1:
        ((total, (amount,)),) = sums.items()
        levels = _shift(levels, amount, total)
    elif width * _count(levels) <= room:
        nxt: Levels = {}
        for total, amounts in sums.items():
            for amount in amounts:
                _merge(nxt, _shift(levels, amount, total))
        levels = _pareto(nxt, code)
    else:
        for _ in range(copies):
            if deadline is not None and time.process_time() > deadline:
                return levels, True  # out of time: fewer copies (incomplete)
            nxt = {}
            for amount, total in free:
                _merge(nxt, _shift(levels, amount, total))
            levels = _pareto(nxt, code)
            if _count(levels) > budget:
                levels, truncated = _truncate(levels, budget), True
    if _count(levels) > budget:
        levels, truncated = _truncate(levels, budget), True
    return levels, truncated


MAX_SHADOW = 500_000
"""At most this many vectors in a shadow of :func:`matching_maximal` (else it compares
vectors pairwise)."""


def matching_maximal(vectors: Sequence[Vector]) -> list[Vector]:
    """The vectors no other one dominates by *matching* dominance — ``a`` dominates
    ``b`` when "any" in ``a`` can be made colors so that it is ``>= b`` everywhere:
    ``a.C >= b.C`` and ``a.any - b.any >= sum over colors of max(0, b_c - a_c)`` — in
    the given order. Applied to the component-wise maximal vectors of a board, this
    gives its frontier under matching dominance (a vector matching-dominated by a
    reachable one is by a component-wise maximal one).

    ``b`` is under ``a`` exactly when some *upgrade* of ``b`` (colors made "any") is
    under ``a`` component-wise: so ``b`` is dominated when an upgrade other than
    itself is one of the vectors of its total, or an upgrade is in the *shadow* of
    the larger totals (every vector of its total component-wise under one of them,
    made one step down at a time as in :func:`_pareto`). Upgrades are bounded by the
    most "any" of a vector (none when "any" is absent: component-wise dominance)."""
    if len({v[_ANY] for v in vectors}) < 2:
        return _component_maximal(vectors)
    most_any = max(v[_ANY] for v in vectors)
    work = sum(math.prod(min(c, most_any - v[_ANY]) + 1 for c in v[:5]) for v in vectors)
    dominated = None if work > MAX_SHADOW else _shadow_dominated(vectors, most_any)
    if dominated is None:
        return _pairwise_maximal(vectors)
    return [v for v in vectors if v not in dominated]


def _shadow_dominated(vectors: Sequence[Vector], most_any: int) -> set[Vector] | None:
    """The vectors :func:`matching_maximal` drops, found by shadows (an upgrade of each
    in its total or in the shadow of the larger ones); None when a shadow would hold
    more than :data:`MAX_SHADOW` vectors."""
    code = _Code(max(sum(v) for v in vectors))
    levels: dict[int, set[int]] = {}
    by_total: dict[int, list[Vector]] = {}
    for v in vectors:
        levels.setdefault(sum(v), set()).add(code.code(v))
        by_total.setdefault(sum(v), []).append(v)
    dominated: set[Vector] = set()
    shadow: set[int] = set()
    above: int | None = None
    for total in sorted(levels, reverse=True):
        if above is not None:
            lower = _down(shadow | levels[above], above - total, code, MAX_SHADOW)
            if lower is None:
                return None
            shadow = lower
        here = levels[total]
        dominated.update(v for v in by_total[total] if _upgrade_in(v, most_any, shadow, here, code))
        above = total
    return dominated


def _upgrade_in(v: Vector, most_any: int, shadow: set[int], here: set[int], code: _Code) -> bool:
    """Whether ``v`` is in the ``shadow``, or an upgrade of it (up to ``most_any``
    "any") is in the shadow or among the vectors of its total (``here``)."""
    if code.code(v) in shadow:
        return True
    for w in _upgrades(v, most_any - v[_ANY]):
        coded = code.code(w)
        if coded in shadow or coded in here:
            return True
    return False


def _upgrades(v: Vector, room: int) -> Iterator[Vector]:
    """``v`` with 1 to ``room`` of its colors made "any"."""
    for made in itertools.product(*(range(min(c, room) + 1) for c in v[:5])):
        n = sum(made)
        if 1 <= n <= room:
            yield (*(c - m for c, m in zip(v[:5], made, strict=True)), v[5], v[_ANY] + n)


def _pairwise_maximal(vectors: Sequence[Vector]) -> list[Vector]:
    """:func:`matching_maximal` by comparing vectors with those of more "any" (or as
    much, for component-wise dominance) and no smaller total."""
    if not vectors:
        return []
    code = _Code(max(max(v) for v in vectors) * 2 + 1)
    guard = code.guard

    def loose(v: Vector) -> int:
        """A quick necessary test on integers: a color of ``b`` is at most ``a``'s plus
        ``a``'s "any"; C and "any" at most ``a``'s."""
        return code.code((*(c + v[_ANY] for c in v[:5]), v[5], v[_ANY]))

    order = sorted(range(len(vectors)), key=lambda i: (-sum(vectors[i]), -vectors[i][_ANY]))
    bounds: dict[int, list[int]] = {}  # by "any": the loose codes of the kept vectors
    kept: dict[int, list[Vector]] = {}
    dominated: set[int] = set()
    for i in order:
        v = vectors[i]
        coded = code.code(v)
        for a, codes in bounds.items():
            if a < v[_ANY]:
                continue
            near = [j for j, bound in enumerate(codes) if not (bound - coded) & guard]
            if any(kept[a][j] != v and _matching_dominates(kept[a][j], v) for j in near):
                dominated.add(i)
                break
        else:
            bounds.setdefault(v[_ANY], []).append(loose(v))
            kept.setdefault(v[_ANY], []).append(v)
    return [v for i, v in enumerate(vectors) if i not in dominated]


def _component_maximal(vectors: Sequence[Vector]) -> list[Vector]:
    """Without two values of "any", matching dominance is component-wise: the vectors
    no other one is at least everywhere (those of :func:`frontier` already are)."""
    if not vectors:
        return []
    code = _Code(max(max(v) for v in vectors))
    levels: Levels = {}
    for v in vectors:
        levels.setdefault(sum(v), set()).add(code.code(v))
    kept = {c for codes in _pareto(levels, code).values() for c in codes}
    return [v for v in vectors if code.code(v) in kept]


def _matching_dominates(a: Vector, b: Vector) -> bool:
    deficit = sum(max(0, y - x) for x, y in zip(a[:5], b[:5], strict=True))
    return a[5] >= b[5] and a[_ANY] - b[_ANY] >= deficit
