"""What a board can produce: the Pareto frontier of mana counts over W, U, B, R, G,
C and "any" (CR 106.1, 106.7, 605.3a), for engines that show a player their
options.

>>> from mtgmana.board import Board
>>> result = options(Board.parse("3 Adarkar Wastes"))
>>> result.count, result.options[:2]          # counts of W U B R G C and "any color"
(10, ((3, 0, 0, 0, 0, 0, 0), (2, 1, 0, 0, 0, 0, 0)))
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .._solver.flow import DEADLINE, OutOfTime
from ..board import Board
from ..errors import MtgManaError
from ..mana import Mana
from ..request import Pool, floating_units
from ._api import NotModelled, SearchTooLong, can_pay, refuse_with_cubes
from ._compile import ORDER, compiled
from ._cubes import cube_usable
from ._frontier import matching_maximal
from ._frontier_lazy import frontier
from ._frontier_lazy import most as most_of
from ._options_groups import Restricted, configurations, restricted_mana

__all__ = ["Options", "options"]

_ORDER = ORDER


@dataclass(frozen=True)
class Options:
    """What a board can produce: the Pareto frontier of mana counts over W, U, B, R,
    G, C and "any" (one mana of any color: covers any single colored mana, not
    {C}), capped at ``limit`` options, and a summary."""

    options: tuple[tuple[int, ...], ...]
    count: int
    truncated: bool
    most: dict[str, int]
    most_total: int
    complete: bool = True
    """Whether the frontier is whole (``count`` is exact). A board whose frontier
    is too big to hold is cut (the largest totals kept); then ``most`` of each
    type and ``most_total`` come from exact payability checks instead (``most``
    of "any" stays a lower bound)."""
    most_exact: bool = True
    """Whether ``most`` and ``most_total`` are exact; False only when a
    ``time_limit`` ran out while they were computed (they are then lower bounds)."""
    restricted: tuple[Restricted, ...] = ()
    """Mana the board can make that may be spent only as a restriction says (CR
    106.6: Mishra's Workshop's, Eldrazi Temple's {C}{C}): not in ``options``, since
    it never pays an activation's cost nor any spell but those."""

    def to_json(self) -> dict[str, Any]:
        keys = ("W", "U", "B", "R", "G", "C", "any")
        return {
            "options": [dict(zip(keys, option, strict=True)) for option in self.options],
            "count": self.count,
            "truncated": self.truncated,
            "complete": self.complete,
            "most": self.most,
            "most_total": self.most_total,
            "most_exact": self.most_exact,
            "restricted": [item.to_json() for item in self.restricted],
        }


def options(
    board: Board,
    *,
    pool: Pool = (),
    limit: int = 1000,
    partial: bool = False,
    time_limit: float | None = None,
) -> Options:
    """The Pareto frontier of what ``board`` (and floating ``pool``) can produce: at
    most ``limit`` options, the largest totals first. Raises
    :class:`~mtgmana.tapping.NotModelled` for a board holding a card whose
    mana-relevant text isn't modelled, unless ``partial``. ``time_limit``
    (seconds) bounds the whole: the frontier has half of it (past it, the options
    found are listed and ``complete`` is False), the most of each type the rest
    (past it, ``most_exact`` is False: lower bounds)."""
    pool = floating_units(pool)
    _check(board, limit, partial)
    if cube_usable(board):
        refuse_with_cubes(board, partial)
        return _with_cubes(board, pool, limit, time_limit)
    return _options(board, pool, limit, time_limit)


def _with_cubes(
    board: Board, pool: tuple[Mana, ...], limit: int, time_limit: float | None
) -> Options:
    """With Doubling Cubes: what the board makes activating none, and after each start
    that ends with a Cube (every Cube where it adds most: ``_doubling.after_cubes``),
    the frontier of their union; restricted floating mana there is in no option
    (CR 106.6: like the restricted mana listed apart)."""
    from ._doubling import after_cubes  # only with a Cube: a faster start

    start = time.process_time()
    deadline = None if time_limit is None else start + time_limit / 2
    starts, whole = after_cubes(board, pool, deadline)
    found = [_options(board, pool, limit, None if time_limit is None else time_limit / 2)]
    for where, units in starts:
        left = None if time_limit is None else max(start + time_limit - time.process_time(), 0)
        free = tuple(u for u in units if u.restriction is None)
        found.append(_options(where, free, limit, left))
    listed = sorted(
        set(matching_maximal([v for f in found for v in f.options])),
        key=lambda v: (-sum(v), [-x for x in v]),
    )
    complete = whole and all(f.complete and not f.truncated for f in found)
    return Options(
        tuple(listed[:limit]),
        len(listed),
        len(listed) > limit or not complete,
        {k: max(f.most[k] for f in found) for k in _KEYS},
        max(f.most_total for f in found),
        complete,
        whole and all(f.most_exact for f in found),
        found[0].restricted,
    )


def _options(board: Board, pool: tuple[Mana, ...], limit: int, time_limit: float | None) -> Options:
    """:func:`options` without activating a Doubling Cube."""
    start = time.process_time()
    deadline = None if time_limit is None else start + time_limit / 2
    original = board
    board = board.effective  # CR 613
    sources = compiled(board)
    base = [0] * 7
    for unit in pool:
        base[_ORDER[unit.type]] += 1
    configs, all_there = configurations(board, sources)
    restricted = restricted_mana(board, sources)
    listed, count, complete = _listed(configs, tuple(base), limit, deadline)
    complete = complete and all_there
    deadline = None if time_limit is None else start + time_limit  # the frontier had half
    summary = _summary(configs, tuple(base), deadline) if all_there else None
    if summary is not None:
        most, most_total, most_exact = dict(zip(_KEYS, summary[:7], strict=True)), summary[7], True
    else:  # too tangled to read off: exact payability checks
        most, most_total, most_exact = _most_checked(original, pool, listed, deadline)
    return Options(
        tuple(listed[:limit]),
        count,
        count > len(listed[:limit]) or not complete,
        most,
        most_total,
        complete,
        most_exact,
        restricted,
    )


_KEYS = ("W", "U", "B", "R", "G", "C", "any")


def _check(board: Board, limit: int, partial: bool) -> None:
    """Refuse what isn't a board, a ``limit`` under 1, and a board holding a card
    whose mana-relevant text isn't modelled (unless ``partial``)."""
    if not isinstance(board, Board):
        raise TypeError(f"expected a Board, not {board!r}")
    if not isinstance(limit, int) or limit < 1:
        raise MtgManaError(f"limit must be a whole number 1 or more, not {limit!r}")
    if board.unsupported and not partial:
        raise NotModelled(board.unsupported)


def _listed(
    configs: list[list[Any]], base: tuple[int, ...], limit: int, deadline: float | None
) -> tuple[list[tuple[int, ...]], int, bool]:
    """The frontier (see :func:`_union`); nothing, and not complete, past ``deadline``."""
    token = DEADLINE.set(deadline)
    try:
        return _union(configs, base, limit, deadline)
    except OutOfTime:
        return [], 0, False
    finally:
        DEADLINE.reset(token)


def _summary(
    configs: list[list[Any]], base: tuple[int, ...], deadline: float | None
) -> tuple[int, ...] | None:
    """The most of each kind and in all, read off the configurations' frontiers; None
    when one is too tangled, or past ``deadline``."""
    token = DEADLINE.set(deadline)
    try:
        summaries = []
        for groups in configs:
            summaries.append(most_of(groups, base, deadline))
            if summaries[-1] is None:
                return None  # too tangled, or out of time: payability decides
        return _highest(summaries)
    except OutOfTime:
        return None
    finally:
        DEADLINE.reset(token)


def _most_checked(
    board: Board, pool: tuple[Mana, ...], listed: list[tuple[int, ...]], deadline: float | None
) -> tuple[dict[str, int], int, bool]:
    """The most of each kind and in all by exact payability checks, from what the
    ``listed`` options show; and whether they are exact (not out of time)."""
    most = {
        k: max((v[i] + (v[6] if i < 5 else 0) for v in listed), default=0)
        for i, k in enumerate(_KEYS)
    }
    most_total = max((sum(v) for v in listed), default=0)
    try:
        for k in _KEYS[:6]:
            most[k] = _most_payable(board, "{" + k + "}", pool, most[k], deadline)
        most_total = _most_payable(board, "{1}", pool, most_total, deadline)
    except SearchTooLong:
        return most, most_total, False  # out of time: what the options listed show, at least
    return most, most_total, True


def _union(
    configs: list[list[Any]], base: tuple[int, ...], limit: int, deadline: float | None
) -> tuple[list[tuple[int, ...]], int, bool]:
    """The frontier of the union of the configurations' frontiers (one: its own)."""
    if len(configs) == 1:
        return frontier(configs[0], base, limit, 10 * limit, deadline)
    found: list[tuple[int, ...]] = []
    complete = True
    for groups in configs:
        if deadline is not None and time.process_time() > deadline:
            complete = False  # out of time: the configurations left aren't listed
            break
        listed, count, whole = frontier(groups, base, limit, 10 * limit, deadline)
        found.extend(listed)
        complete = complete and whole and count == len(listed)
    kept = sorted(set(matching_maximal(found)), key=lambda v: (-sum(v), [-x for x in v]))
    return kept, len(kept), complete


def _highest(summaries: list[tuple[int, ...] | None]) -> tuple[int, ...]:
    """The most of each kind over several configurations."""
    return tuple(max(values) for values in zip(*(s for s in summaries if s), strict=True))


def _most_payable(
    board: Board, symbol: str, pool: tuple[Mana, ...], guess: int, deadline: float | None
) -> int:
    """The most copies of ``symbol`` the board pays, searched from ``guess``
    (raising :class:`SearchTooLong` past ``deadline``)."""

    def pays(n: int) -> bool:
        left = None if deadline is None else deadline - time.process_time()
        if left is not None and left <= 0:
            raise SearchTooLong("search_budget", "out of time", 0)
        return can_pay(symbol * n, board, pool=pool, partial=True, time_limit=left)

    low = guess if guess and pays(guess) else 0
    step = max(1, guess)
    high = low + step
    while pays(high):
        low, high, step = high, high + 2 * step, 2 * step
    while high - low > 1:  # low is payable, high isn't
        middle = (low + high) // 2
        if pays(middle):
            low = middle
        else:
            high = middle
    return low
