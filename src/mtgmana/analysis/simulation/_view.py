"""The simulation's castability check, its parts (:mod:`._payer`): Hall's
condition for a list of demands as (union, need) pairs, the combinations of the
modal sources' modes on a board (:class:`Combo`: the orders of their activations,
CR 605.3a, 601.2g; the permanents their costs take), and a board key decoded
(:class:`View`).

**Orders of activations.** Mana made by an activation can't pay its own cost or an
earlier one (CR 601.2g, 605.3a): the first activation that costs mana is paid by
units made without mana (region 0, :data:`~._units.ROOT`). A combination is
decided exactly when it has no such activation, one, several costing {1} each
(payable iff one of them is paid so: then the others, in decreasing order of the
units they give to the others' costs, are each paid by one made before — see
docs/simulation.md), or two (both orders tried); with more, only a relaxation is
known (any order), and the tapper decides what it leaves open.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from ...restrictions import Restriction
from ._features import Feature, Pool
from ._units import ACTIVATION, GENERIC, ROOT, Mode, paid_before, second

__all__ = ["MAX_VIEWS", "Combo", "View", "combo_of", "counted", "grouped", "hall_pairs", "partner"]


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


def partner(pool: Pool) -> Mode:
    """The mode of a permanent another's cost takes from ``pool`` (tapped: it
    makes nothing; sacrificed: it was used first, its units are its own mode's)."""
    return Mode((), consumes=((pool, -1),))


@dataclass
class Combo:
    """A combination of modes of the modal sources on a board: ``exact`` pairs
    (units made, demands added) each payable in some order of the activations —
    together all the orders when ``complete``; ``units`` and ``demands`` the
    relaxation (any order); ``costly`` the activations that cost mana;
    ``restricted`` the units only spells a restriction allows may spend."""

    exact: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    units: tuple[int, ...]
    demands: tuple[int, ...]
    costly: int
    complete: bool
    restricted: tuple[tuple[Restriction, tuple[int, ...]], ...] = ()
    free: int = 0
    """The reach a combination without activations that cost mana adds."""
    packed: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """The ``exact`` pairs as (reach added, demands added) when every demand they
    add is generic or :data:`ROOT` (the reach's fields have their unions)."""


MAX_VIEWS: Final = 1 << 15
"""The most decoded boards a cache keeps (then it starts again): a view is only
reused while the same board is asked new questions, and memory stays bounded."""


@dataclass(slots=True)
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
    """Units and generic demands bounding what the combinations can add."""
    most: int = 255
    """The most units the board could pay with."""
    static: bool = False
    """The tapper decides: a permanent with static effects is on the board (or the
    modal sources have too many choices, or make too much mana to count)."""
    plain: bool = False
    """Only one-mana sources and bundles (Hall's condition on the reach decides)."""
    upper_reach: int = 0
    """The reach of the relaxation of every combination."""
    top: int = 0
    """The reach with the exotic sources making their most mana of any type."""
    lane: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    """When every combination is checked on the reach (no restricted or exotic
    sources, no typed activation costs): (reach added, demands added) of each, in
    order."""
    uncertain: bool = False
    """The combinations are a lower bound (a permanent another's cost may
    sacrifice after an activation that costs mana was left out): what they don't
    pay, the tapper decides."""
    key: int = 0
    """The key it decodes."""
    values: dict[Feature, int] | None = None
    """The features' counts on it, once a cost's reduction asked for them."""


def grouped(units: tuple[int, ...] | list[int]) -> list[tuple[int, int]]:
    """Units as (mask, count) pairs."""
    counts: dict[int, int] = {}
    for unit in units:
        counts[unit] = counts.get(unit, 0) + 1
    return list(counts.items())


def counted(pairs: list[tuple[int, int]]) -> dict[int, int]:
    """(mask, count) pairs as counts by mask: a mask may come in several pairs
    (two reflecting classes of the same colors)."""
    counts: dict[int, int] = {}
    for mask, n in pairs:
        counts[mask] = counts.get(mask, 0) + n
    return counts


def consumption_ok(modes: list[Mode], capacity: dict[Pool, int]) -> bool:
    """Whether the permanents the modes' costs take are there: for each pool, no
    more taken than given (:func:`partner` modes) and ``capacity`` (permanents a
    cost may sacrifice after using them)."""
    balance: dict[Pool, int] = {}
    for mode in modes:
        for pool, n in mode.consumes:
            balance[pool] = balance.get(pool, 0) + n
    return all(n <= capacity.get(pool, 0) for pool, n in balance.items())


def combo_of(modes: list[Mode]) -> Combo:
    """The combination of ``modes`` (see the module)."""
    restricted, free, costly = _activations(modes)
    base = tuple(u for m in free for u in m.units)
    made = base + tuple(u for m in costly if m.restriction is None for u in m.units)
    demands = tuple(sorted(d for m in costly for d in m.costs))
    exact = _orders(costly, base, made, demands)
    return Combo(
        () if exact is None else exact,
        made,
        demands,
        len(costly),
        exact is not None,
        tuple((r, tuple(units)) for r, units in restricted.items()),
    )


def _activations(
    modes: list[Mode],
) -> tuple[dict[Restriction, list[int]], list[Mode], list[Mode]]:
    """The units of the restricted modes by restriction; the modes free of mana
    among the unrestricted; the modes that cost mana, the unrestricted first."""
    restricted: dict[Restriction, list[int]] = {}
    free: list[Mode] = []
    costly: list[Mode] = []
    costly_restricted: list[Mode] = []
    for mode in modes:
        if mode.restriction is not None:
            restricted.setdefault(mode.restriction, []).extend(mode.units)
            if mode.costs:
                costly_restricted.append(mode)
        elif mode.costs:
            costly.append(mode)
        else:
            free.append(mode)
    return restricted, free, costly + costly_restricted


def _orders(
    costly: list[Mode], base: tuple[int, ...], made: tuple[int, ...], demands: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] | None:
    """The exact (units made, demands added) pairs of the orders of the activations
    that cost mana (``costly``), ``base`` made without mana and ``made`` in all;
    None when only the relaxation is known (see the module)."""
    if not costly:
        return ((base, ()),)
    if len(costly) == 1:
        # One activation: its cost paid by units made without mana.
        return ((made, tuple(sorted(paid_before(d, 1) for d in demands))),)
    if all(not m.typed for m in costly):
        # Costs of {1} each: one paid by a unit made without mana, then an order of
        # the activations works (see the module).
        others = [ACTIVATION] * (len(demands) - 1)
        return ((made, tuple(sorted((ROOT, *others)))),)
    if len(costly) == 2:
        exact = []
        for one, two in (costly, costly[::-1]):
            units = base + _own(one) + tuple(second(u) for u in _own(two))
            paid = [paid_before(d, 1) for d in one.costs]
            paid += [paid_before(d, 2) for d in two.costs]
            exact.append((units, tuple(sorted(paid))))
        return tuple(exact)
    return None


def _own(mode: Mode) -> tuple[int, ...]:
    """A costly mode's units that may pay costs (restricted ones may not)."""
    return mode.units if mode.restriction is None else ()
