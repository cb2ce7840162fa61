"""Private: plain costs (colored, colorless, generic and X symbols only) paid from
unrestricted mana without the flow (CR 107.4a-c, 107.3, 118.3).

A colored or {C} symbol takes a unit of its type; generic mana the cheapest units
left. :func:`plain_counts` reads a cost as counts (cached); :func:`cheapest_units`
chooses the units, with the weights of :class:`mtgmana._solver.transport.Weights`
(snow and legendary flags, the rank of a type for generic mana).
"""

from __future__ import annotations

from ..costs import ManaCost
from ..mana import Mana
from ..symbol_payment import ways_to_pay
from .transport import KEEP_FLAG, TYPE_INDEX, type_ranks

__all__ = ["cheapest_units", "plain_counts"]

_PLAIN: dict[ManaCost, tuple[tuple[int, ...], int, int] | None] = {}


def plain_counts(cost: ManaCost) -> tuple[tuple[int, ...], int, int] | None:
    """For a cost of colored, colorless, generic and X symbols only: the number of
    symbols of each type (WUBRGC), the generic mana and the number of X; else None."""
    try:
        return _PLAIN[cost]
    except KeyError:
        pass
    need = [0] * 6
    generic = xs = 0
    result: tuple[tuple[int, ...], int, int] | None = None
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if ways.plain is not None:
            need[TYPE_INDEX[ways.plain]] += 1
        elif symbol.is_numeral:
            generic += ways.generic
        elif symbol.text == "{X}":
            xs += 1
        else:
            break
    else:
        if cost.has_mana_cost:
            result = (tuple(need), generic, xs)
    if len(_PLAIN) > 4096:
        _PLAIN.clear()
    _PLAIN[cost] = result
    return result


def cheapest_units(
    units: tuple[Mana, ...], have: list[int], need: tuple[int, ...], total_generic: int
) -> tuple[list[list[Mana]], list[Mana]]:
    """The units that pay a plain cost (preference 4): for each type, the cheapest
    units of that type for its symbols; for generic mana, the cheapest remaining
    units across types (flags, then the rank of their type)."""
    keep = KEEP_FLAG
    rank = type_ranks(tuple(have))
    by_type: list[list[tuple[int, int]]] = [[], [], [], [], [], []]
    for position, unit in enumerate(units):
        kind = unit.kind
        flags = (keep if kind.snow else 0) + (keep if kind.legendary else 0)
        by_type[TYPE_INDEX[kind.type]].append((flags, position))
    specific: list[list[Mana]] = []
    spare: list[tuple[int, int]] = []
    for i, group in enumerate(by_type):
        group.sort()
        n = need[i]
        specific.append([units[position] for _, position in group[:n]])
        if total_generic:
            bonus = rank[i]
            spare += [(flags + bonus, position) for flags, position in group[n:]]
    spare.sort()
    return specific, [units[position] for _, position in spare[:total_generic]]
