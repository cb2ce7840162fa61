"""Private: the best payment of a small cost with a few hybrid, Phyrexian or {2/W}
symbols from unrestricted mana, found directly — no transport problem to build
(CR 107.4, 119.4, 601.2h).

Each such symbol is paid one *way*: one mana of one of its types, 2 life
(Phyrexian, CR 107.4f), or two generic mana ({2/W}, CR 107.4e). For each
combination of ways (at most :data:`MAX_COMBINATIONS`), what is left is a plain
cost — so many units of each type, so much generic mana — whose best units are
known exactly (:func:`mtgmana.payment._plain_payment`'s exchange argument: each
type spends its cheapest units, generic mana the cheapest of the rest). The
combination of least objective wins: the life term of :mod:`mtgmana.payment`'s
preference 1, then the weights of :class:`mtgmana._solver.transport.Weights` (a unit
paying a symbol of several types weighs its type's rank, snow and legendary units
a flag). That is the objective the transport problem minimises, over the same
payments: the answer is as good (``tests/test_payment.py`` checks it against the
flow and a brute force, by Hypothesis).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from ..costs import ManaCost
from ..mana import Mana
from ..symbol_payment import ways_to_pay
from .transport import KEEP_FLAG, TYPE_INDEX, type_ranks

__all__ = ["MAX_COMBINATIONS", "small_payment"]

MAX_COMBINATIONS: Final = 64
"""At most this many combinations of ways are compared (else the flow is used)."""

LIFE: Final = 2  # CR 107.4f: each Phyrexian symbol paid with life takes 2
Way = tuple[int, int, int]  # (type index or -1, generic amount, life)


def _ways(cost: ManaCost, x: int) -> list[list[tuple[Way, int]]] | None:
    """Per symbol, its ways with their weight beyond the units' flags (the rank of
    the type paying a symbol of several types is added when the units are known)."""
    found: list[list[tuple[Way, int]]] = []
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if ways.snow or ways.legendary or ways.unpayable is not None:
            return None
        if ways.variable:
            found.append([((-1, x, 0), 0)])
        elif not ways.one_mana:
            found.append([((-1, ways.generic, 0), 0)])
        else:
            several = len(ways.types) > 1
            options = [((TYPE_INDEX[t], 0, 0), int(several)) for t in ways.types]
            if ways.life:
                options.append(((-1, 0, LIFE), 0))
            if ways.or_generic:
                options.append(((-1, ways.or_generic, 0), 0))
            found.append(options)
    return found


def small_payment(
    cost: ManaCost, units: Sequence[Mana], life: int, x: int, life_sign: int
) -> list[tuple[tuple[Mana, ...], int]] | None:
    """Per symbol of ``cost``, the units and life that pay it in a best payment from
    ``units`` (unrestricted); an empty list when no payment exists; None when the
    cost isn't small (then the flow decides)."""
    ways = _ways(cost, x)
    if ways is None or not cost.has_mana_cost:
        return None
    sizes = [len(options) for options in ways]
    combinations = 1
    for size in sizes:
        combinations *= size
    if combinations > MAX_COMBINATIONS:
        return None
    by_type, rank = _by_type(units)
    best: tuple[tuple[int, int], tuple[tuple[Way, int], ...]] | None = None
    for chosen in itertools.product(*ways):
        value = _value(chosen, by_type, rank, life, life_sign)
        if value is not None and (best is None or value < best[0]):
            best = (value, chosen)
    if best is None:
        return []
    return _assign(best[1], units, by_type, rank)


def _by_type(units: Sequence[Mana]) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """The units' ``(flags, position)`` by type (WUBRGC), cheapest first, and the
    rank of each type for generic mana."""
    by_type: list[list[tuple[int, int]]] = [[] for _ in range(6)]
    for position, unit in enumerate(units):
        kind = unit.kind
        flags = KEEP_FLAG * (kind.snow + kind.legendary)
        by_type[TYPE_INDEX[kind.type]].append((flags, position))
    rank = list(type_ranks(tuple(len(group) for group in by_type)))
    for group in by_type:
        group.sort()
    return by_type, rank


def _value(
    chosen: Sequence[tuple[Way, int]],
    by_type: list[list[tuple[int, int]]],
    rank: list[int],
    life: int,
    life_sign: int,
) -> tuple[int, int] | None:
    need = [0] * 6
    generic = paid_life = weight = 0
    for (kind, amount, lost), several in chosen:
        if kind >= 0:
            need[kind] += 1
            weight += rank[kind] * several
        generic += amount
        paid_life += lost
    if paid_life > life:  # CR 119.4
        return None
    spare: list[int] = []
    for kind, group in enumerate(by_type):
        if len(group) < need[kind]:
            return None
        weight += sum(flags for flags, _ in group[: need[kind]])
        if generic:
            spare.extend(flags + rank[kind] for flags, _ in group[need[kind] :])
    if len(spare) < generic:
        return None
    weight += sum(sorted(spare)[:generic])
    return (life_sign * (paid_life // LIFE), weight)


def _assign(
    chosen: Sequence[tuple[Way, int]],
    units: Sequence[Mana],
    by_type: list[list[tuple[int, int]]],
    rank: list[int],
) -> list[tuple[tuple[Mana, ...], int]]:
    need = [0] * 6
    generic = 0
    for (kind, amount, _), _ in chosen:
        if kind >= 0:
            need[kind] += 1
        generic += amount
    typed = [[units[p] for _, p in group[: need[kind]]] for kind, group in enumerate(by_type)]
    spare = sorted(
        (flags + rank[kind], position)
        for kind, group in enumerate(by_type)
        for flags, position in group[need[kind] :]
    )
    pool = [units[position] for _, position in spare[:generic]]
    out: list[tuple[tuple[Mana, ...], int]] = []
    for (kind, amount, lost), _ in chosen:
        if kind >= 0:
            out.append(((typed[kind].pop(0),), 0))
        else:
            out.append((tuple(pool[:amount]), lost))
            del pool[:amount]
    return out
