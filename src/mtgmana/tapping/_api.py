"""Private: the tapper's public functions — :func:`plan`, :func:`can_pay` and
:func:`max_x` — re-exported by :mod:`mtgmana.tapping`."""

from __future__ import annotations

from collections.abc import Iterable

from ..battlefield import Board
from ..costs import ManaCost
from ..errors import MtgManaError
from ..mana import Mana
from ..payment import CannotPay, PoolLike
from ..restrictions import Spend, SpendKind
from ._build import build_plan, plan_life_ok
from ._compile import compiled, relevant_colors
from ._hall import one_mana_sources_pay, surely_unpayable
from ._problem import Problem
from ._search import least_mana, search
from .plans import Plan

__all__ = ["can_pay", "max_x", "plan"]

MAX_FUTURE_COSTS = 6
"""At most this many ``future`` costs are kept payable (the first ones given)."""


def _problem(
    cost: ManaCost | str,
    board: Board,
    pool: PoolLike | Iterable[Mana],
    life: int,
    x: int | None,
    spend: Spend | None,
    future: Iterable[ManaCost | str],
    painful: bool = False,
) -> Problem:
    total = ManaCost.parse(cost) if isinstance(cost, str) else cost
    if not isinstance(total, ManaCost):
        raise TypeError(f"expected a ManaCost or its text, not {cost!r}")
    if not isinstance(board, Board):
        raise TypeError(f"expected a Board, not {board!r}")
    for value, what in ((life, "life"), (x or 0, "X")):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise MtgManaError(f"{what} must be a whole number 0 or more, not {value!r}")
    units = tuple(pool.units) if isinstance(pool, PoolLike) else tuple(pool)
    for unit in units:
        if not isinstance(unit, Mana):
            raise TypeError(f"floating mana must be Mana units, not {unit!r}")
    if spend is None:
        spend = Spend(SpendKind.SPELL, cost=total)
    futures = [ManaCost.parse(f) if isinstance(f, str) else f for f in future]
    relevant = relevant_colors(board, [total, *futures])
    sources = compiled(board, painful=painful, relevant=relevant)
    return Problem(board, sources, units, total, life, x or 0, spend, futures[:MAX_FUTURE_COSTS])


def plan(
    cost: ManaCost | str,
    board: Board,
    *,
    pool: PoolLike | Iterable[Mana] = (),
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    future: Iterable[ManaCost | str] = (),
) -> Plan:
    """The best plan to pay ``cost`` (the total cost, CR 601.2f) with the mana
    abilities of your permanents on ``board``, the floating mana in ``pool`` and
    ``life`` (see :mod:`mtgmana.tapping` for the preference order); ``x`` is the
    value chosen for X, ``spend`` what is paid for (for restricted mana, CR 106.6;
    by default a spell), ``future`` costs to keep payable. Raises
    :class:`~mtgmana.CannotPay` saying what is missing when no plan exists."""
    problem = _problem(cost, board, pool, life, x, spend, future)
    if not problem.cost.has_mana_cost:
        raise CannotPay(problem.cost, ["it has no mana cost, an unpayable cost (CR 118.6)"])
    best = None if surely_unpayable(problem) else search(problem)
    if best is None and problem.spent:
        best = search(problem, first=True)  # out of flows: any payable plan
    if best is None:
        raise CannotPay(problem.cost, [_shortfall_text(problem)])
    result = build_plan(problem, best)
    if not plan_life_ok(result, life):
        # The flow doesn't see the damage one-mana sources deal before the cost is
        # paid: search again with the painful options enumerated (exact).
        problem = _problem(cost, board, problem.pool, life, x, spend, problem.future, painful=True)
        best = search(problem)
        if best is None and problem.spent:
            best = search(problem, first=True)
        if best is None:
            raise CannotPay(problem.cost, [_shortfall_text(problem)])
        result = build_plan(problem, best)
    return result


def can_pay(
    cost: ManaCost | str,
    board: Board,
    *,
    pool: PoolLike | Iterable[Mana] = (),
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
) -> bool:
    """Whether ``cost`` can be paid with the mana abilities of your permanents on
    ``board``, the floating mana in ``pool`` and ``life`` (see :func:`plan`)."""
    problem = _problem(cost, board, pool, life, x, spend, ())
    return _payable(problem, life)


def _payable(problem: Problem, life: int) -> bool:
    if not problem.cost.has_mana_cost:
        return False
    if one_mana_sources_pay(problem):
        return True
    if surely_unpayable(problem):
        return False
    found = search(problem, first=True)
    if found is None:
        return False
    if plan_life_ok(build_plan(problem, found), life):
        return True
    # Painful one-mana sources need enumerating to be sure.
    again = _problem(
        problem.cost, problem.board, problem.pool, life, problem.x, problem.spend, (), True
    )
    return search(again, first=True) is not None


def max_x(
    cost: ManaCost | str,
    board: Board,
    *,
    pool: PoolLike | Iterable[Mana] = (),
    life: int = 20,
    spend: Spend | None = None,
) -> int | None:
    """The largest X for which ``cost`` (with X in it, CR 107.3) can be paid from
    ``board``, ``pool`` and ``life``; ``None`` when it can't be paid even with
    X = 0. Exact (payability is monotone in X: a payment for X pays for less)."""
    problem = _problem(cost, board, pool, life, 0, spend, ())
    if not _payable(problem, life):
        return None
    if not problem.cost.x_count:
        return 0
    low, high = 0, 1
    while _payable(_problem(cost, board, pool, life, high, spend, ()), life):
        low, high = high, high * 2
    while high - low > 1:  # low is payable, high isn't
        middle = (low + high) // 2
        if _payable(_problem(cost, board, pool, life, middle, spend, ()), life):
            low = middle
        else:
            high = middle
    return low


def _most_mana(problem: Problem) -> int:
    """The most mana the board and pool make together (exact: the largest generic
    cost they pay)."""

    def pays(n: int) -> bool:
        generic = ManaCost.parse("{" + str(n) + "}")
        return _payable(
            _problem(generic, problem.board, problem.pool, problem.life, 0, None, ()),
            problem.life,
        )

    low, high = 0, 1
    while pays(high):
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if pays(middle):
            low = middle
        else:
            high = middle
    return low


def _shortfall_text(problem: Problem) -> str:
    """What is missing, in game terms: how much more mana (counted as mana, not
    permanents: Sol Ring makes two), or the wrong types."""
    need = least_mana(problem.cost, problem.x)
    most = _most_mana(problem)
    if need > most:
        return f"needs {need - most} more mana (the sources make at most {most})"
    return "the sources can't make the right types of mana"
