"""The simulation's castability check, its parts (:mod:`._sim_payer`): Hall's
condition for a list of demands as (union, need) pairs, the combinations of the
complex sources' modes on a board (:class:`Combo`: the orders of their activations,
CR 605.3, 601.2g), and a board key decoded (:class:`View`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ._sim_sources import GENERIC, ROOT, Mode, paid_before, second

__all__ = ["Combo", "View", "combo_of", "grouped", "hall_pairs"]


def hall_pairs(demands: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Hall's condition for ``demands``: for each union of a set of distinct
    demands, the most demands with that union (all of them under GENERIC)."""
    counts: dict[int, int] = {}
    for d in demands:
        if d != GENERIC:
            counts[d] = counts.get(d, 0) + 1
    found: dict[int, int] = {}
    items = list(counts.items())
    for size in range(1, len(items) + 1):
        for chosen in combinations(items, size):
            union = need = 0
            for d, n in chosen:
                union |= d
                need += n
            if need > found.get(union, 0):
                found[union] = need
    pairs = sorted(found.items(), key=lambda pair: -pair[1])
    if demands:
        pairs.insert(0, (GENERIC, len(demands)))  # the total first: it fails most
    return tuple(pairs)


@dataclass
class Combo:
    """A combination of modes of the complex sources on a board: ``exact`` pairs
    (units made, demands added) each payable in some order of the activations —
    together all the orders when ``complete``; ``units`` and ``demands`` the
    relaxation (any order); ``costly`` the activations that cost mana."""

    exact: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    units: tuple[int, ...]
    demands: tuple[int, ...]
    costly: int
    complete: bool
    free: int = 0
    """The reach a combination without activations that cost mana adds."""
    packed: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """The ``exact`` pairs as (reach added, demands added) when every demand they
    add is generic or :data:`ROOT` (the reach's fields have their unions)."""


@dataclass
class View:
    """A board key decoded once for the questions of a cache miss."""

    reach: int
    low: int
    high: int
    life: int
    units: list[tuple[int, int]]
    restricted: list[tuple[int, int]]
    combos: list[Combo]
    exotic_units: int
    hostile: bool
    upper: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Units and generic demands bounding what the complex sources can add."""
    most: int = 255
    """The most units the board could pay with."""
    static: bool = False
    """The tapper decides: a permanent with static effects is on the board (or the
    dynamic sources have too many choices, or make too much mana to count)."""
    plain: bool = False
    """Only one-mana sources and bundles (Hall's condition on the reach decides)."""
    upper_reach: int = 0
    """The reach of the relaxation of every combination (see :meth:`._sim_payer.Payer._upper`)."""
    top: int = 0
    """The reach with the exotic sources making their most mana of any type."""
    lane: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    """When every combination is checked on the reach (no restricted or exotic
    sources, no typed activation costs): (reach added, demands added) of each, in
    order."""
    alternatives: tuple[View, ...] = ()
    """When the dynamic sources on the board have a choice of modes (X mana of any
    one color): the board as each choice makes it (a cost is payable iff it is on
    one of them)."""


def grouped(units: tuple[int, ...]) -> list[tuple[int, int]]:
    """Units as (mask, count) pairs."""
    counts: dict[int, int] = {}
    for unit in units:
        counts[unit] = counts.get(unit, 0) + 1
    return list(counts.items())


def combo_of(modes: list[Mode]) -> Combo:
    free = [m for m in modes if not m.costs]
    costly = [m for m in modes if m.costs]
    base = tuple(u for m in free for u in m.units)
    made = base + tuple(u for m in costly for u in m.units)
    demands = tuple(sorted(d for m in costly for d in m.costs))
    exact: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    complete = True
    if not costly:
        exact.append((base, ()))
    elif len(costly) == 1:
        # One activation: its cost paid by units made without mana.
        exact.append((made, tuple(sorted(paid_before(d, 1) for d in demands))))
    elif all(not m.typed for m in costly):
        # Costs of {1} each: one paid by a unit made without mana, then an order of
        # the activations works (the ones so fed first).
        first = demands.index(GENERIC)
        exact.append((made, tuple(sorted((*demands[:first], ROOT, *demands[first + 1 :])))))
    elif len(costly) == 2:
        for one, two in (costly, costly[::-1]):
            units = base + one.units + tuple(second(u) for u in two.units)
            paid = [paid_before(d, 1) for d in one.costs]
            paid += [paid_before(d, 2) for d in two.costs]
            exact.append((units, tuple(sorted(paid))))
    else:
        complete = False
    return Combo(tuple(exact), made, demands, len(costly), complete)
