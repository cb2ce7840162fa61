"""Private: the tapper's public functions — :func:`plan`, :func:`can_pay` and
:func:`max_x` — re-exported by :mod:`mtgmana.tapping`."""

from __future__ import annotations

import operator
import time
from collections.abc import Iterable
from dataclasses import fields, replace
from typing import Any

from .._memo import by_identity
from ..board import Board
from ..board.queries import matches
from ..colors import ManaType
from ..costs import ManaCost
from ..errors import MtgManaError
from ..mana import Mana
from ..payment import CannotPay
from ..request import FutureCost, PaymentRequest, Pool, Prefer, floating_units
from ..restrictions import Spend, SpendKind, spell_paying
from ..symbol_payment import ways_to_pay
from ._build import build_plan, plan_life_ok
from ._compile import Source, compiled, relevant_colors
from ._cubes import cube_usable
from ._hall import one_mana_sources_pay, surely_unpayable
from ._problem import MAX_COMBINATIONS, Problem, scanned
from ._search import SearchTooLong, search
from ._skeleton import least_mana
from .plans import Plan

__all__ = [
    "NotModelled",
    "SearchTooLong",
    "can_pay",
    "max_x",
    "plan",
    "refuse_with_cubes",
]

MAX_FUTURE_COSTS = 6
"""At most this many ``future`` costs are kept payable (the first ones given)."""


class NotModelled(MtgManaError):
    """The board holds a permanent whose mana-relevant text isn't modelled, so an
    answer could be wrong: ``cards`` lists (id, name, what and why). Pass
    ``partial=True`` for an answer that says which cards it leaves out
    (:attr:`Plan.ignored <mtgmana.tapping.Plan.ignored>`)."""

    def __init__(self, cards: tuple[tuple[int, str, str], ...]) -> None:
        self.cards = cards
        listed = "; ".join(f"{name} ({identifier}): {why}" for identifier, name, why in cards)
        super().__init__(
            f"not modelled, so the answer could be wrong: {listed} (partial=True, --partial, "
            "answers anyway, naming what it leaves out)"
        )


_EVERY_TYPE = frozenset(ManaType)
"""Every type of mana: ``x_mana`` that restricts nothing."""


def _request(board: Board, request: PaymentRequest) -> PaymentRequest:
    """The request, checked for a board: ``board`` must be one, and the options the
    tapper doesn't model yet are refused (never ignored)."""
    if not isinstance(board, Board):
        listed = isinstance(board, (list, tuple)) and all(isinstance(u, Mana) for u in board)
        if listed or isinstance(board, str) or getattr(board, "units", None) is not None:
            raise TypeError(
                f"{board!r} is floating mana, not a Board: mtgmana.can_pay(cost, pool), pay "
                "and max_x pay from it (or give a Board, with the floating mana in pool=)"
            )
        raise TypeError(f"expected a Board (Board.parse('Forest, Sol Ring')), not {board!r}")
    unmodelled = []
    if request.prefer is not Prefer.MANA and any(ways_to_pay(s).life for s in request.cost):
        unmodelled.append("prefer=Prefer.LIFE (the tapper pays the least life, preference 2)")
    if request.x_mana not in (None, _EVERY_TYPE) and request.cost.x_count:
        unmodelled.append("x_mana (mana that may pay X)")
    if request.future and any(spend != spell_paying(cost) for cost, spend in request.future):
        unmodelled.append("future costs with their own spend (the tapper's are spells)")
    if unmodelled:
        raise MtgManaError(
            f"not modelled by the tapper yet: {'; '.join(unmodelled)} — mtgmana.pay, can_pay "
            "and max_x model them for floating mana"
        )
    return request


def _problem(
    total: ManaCost,
    board: Board,
    pool: Pool,
    life: int,
    x: int | None,
    spend: Spend | None,
    future: Iterable[ManaCost | str],
    painful: bool = False,
    partial: bool = False,
) -> Problem:
    """The problem: the board, its sources, the floating mana (checked), the rest of
    the request (checked by :func:`_request`)."""
    if board.unsupported and not partial:
        raise NotModelled(board.unsupported)
    board = board.effective  # what the permanents are and have (CR 613)
    units = floating_units(pool)
    for unit in units:
        if not isinstance(unit, Mana):
            raise TypeError(f"floating mana must be Mana units, not {unit!r}")
    if spend is None:
        spend = spell_paying(total)
    futures = [ManaCost.parse(f) if isinstance(f, str) else f for f in future] if future else []
    relevant = relevant_colors(board, [total, *futures])
    delve = bool(spend.keywords) and "delve" in {k.lower() for k in spend.keywords}
    sources = _with_priority(
        board, compiled(board, painful=painful, relevant=relevant, delve=delve), spend
    )
    problem = Problem(board, sources, units, total, life, x or 0, spend, futures[:MAX_FUTURE_COSTS])
    _refuse_contested_victims(problem)
    return problem


def _with_priority(board: Board, sources: list[Source], spend: Spend) -> list[Source]:
    """The sources without the options that can't pay for ``spend``: "Activate only
    as an instant" abilities (CR 602.5e) are activated with priority, before the
    spell is cast or the ability activated (not during it, CR 605.3a), their mana
    floating — so one that discards your hand (Lion's Eye Diamond) would discard a
    spell cast from your hand (CR 701.9a; a spell of no zone is one). Raises
    :class:`NotModelled` when they would pay another cost (when it's paid with
    priority isn't modelled), and for "Discard your hand" with other costs that
    take cards from your hand (which goes first decides what they can take)."""
    if not scanned(sources).timed:
        return sources
    options = [(s, o) for s in sources for o in (*s.simple, *s.complex)]

    def refuse(why: str, which: list[Source]) -> NotModelled:
        unique = {id(s): s for s in which}.values()
        return NotModelled(tuple((board.ids[s.indexes[0]], s.name, why) for s in unique))

    timed = [s for s, o in options if o.only_as_instant]
    if timed and spend.kind is SpendKind.COST:
        raise refuse("activate only as an instant: paying this cost with priority", timed)
    from_hand = spend.kind is SpendKind.SPELL and spend.zone in ("hand", "")
    kept: list[Source] = []
    for source in sources:
        simple, complex_ = (
            tuple(o for o in group if not (o.only_as_instant and o.discards_hand and from_hand))
            for group in (source.simple, source.complex)
        )
        if simple or complex_:
            kept.append(replace(source, simple=simple, complex=complex_))
    options = [(s, o) for s in kept for o in (*s.simple, *s.complex)]
    discarders = [s for s, o in options if o.discards_hand]
    if discarders:
        why = ""
        if any(o.discards_hand and o.repeatable for _, o in options):
            why = "discarding your hand again and again"
        elif any(o.resources[1] or o.from_hand for _, o in options):
            why = "discarding your hand and other cards from it: which goes first"
        elif any(p.zone == "hand" and p.controller == "you" for p in board.permanents):
            why = "discarding your hand with cards whose abilities work from it"
        if why:
            raise refuse(why, discarders)
    return kept


def _refuse_contested_victims(problem: Problem) -> None:
    """Raise :class:`NotModelled` when "Sacrifice N ..." (Ashnod's Altar, Krark-Clan
    Ironworks) competes with the spell's delve (what it sacrifices goes to the
    graveyard first, CR 601.2g-h) or with its convoke or improvise for the same
    permanents: which permanents the sacrifice takes is then part of the payment,
    which the tapper doesn't model — an error rather than a guess."""
    if not problem.scan.sacrifices_others:
        return
    board = problem.board
    eaters = [
        (source, option.sacrifices)
        for source in problem.sources
        for option in source.complex
        if option.sacrifices is not None
    ]
    why = ""
    if "delve" in problem.keywords:
        why = "delve with a cost that sacrifices another permanent"
    contested = {
        i
        for group in problem.alternatives
        if group.labels & {"convoke", "improvise"}
        for i in group.indexes
    }
    for i in contested:
        p = board.permanents[i]
        if any(matches(item, p, board.ids[i], None, "you", None) for _, (item, _) in eaters):
            why = why or "convoke or improvise with a cost that may sacrifice the same permanents"
    if why:
        raise NotModelled(tuple((board.ids[s.indexes[0]], s.name, why) for s, _ in eaters))


def plan(
    cost: ManaCost | str | None,
    board: Board,
    *,
    pool: Pool = (),
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    prefer: Prefer = Prefer.MANA,
    future: Iterable[FutureCost] = (),
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> Plan:
    """The best plan to pay ``cost`` (the total cost, CR 601.2f; ``None``: the mana
    cost of the spell ``spend`` describes) with the mana abilities of your
    permanents on ``board`` — after the continuous effects on it (CR 613) — the
    floating mana in ``pool`` and ``life`` (see :mod:`mtgmana.tapping` for the
    preference order); ``x`` is the value chosen for X; ``spend`` what is paid for:
    the spell (``spend_of``: its restrictions apply, CR 106.6, and its
    convoke, improvise and delve pay too, with your graveyard's cards,
    ``Board.graveyard``); ``future`` costs to keep payable. Raises
    :class:`~mtgmana.CannotPay` saying what is missing when no plan exists, and
    :class:`NotModelled` when the board holds a card whose mana-relevant text isn't
    modelled, unless ``partial`` (then the plan's ``ignored`` names them).
    ``time_limit`` (seconds the process works: ``time.process_time()``, so that a
    process the machine stalls answers the same) bounds the search for the best plan:
    past it, the best plan found so far, or else the first payable one, is returned
    with ``cut_short`` set — payability stays exact. The options are those of
    :mod:`mtgmana.request`, as for a pool (:func:`mtgmana.pay`); ``prefer=LIFE``,
    ``x_mana`` and future costs with their own spend raise
    :class:`~mtgmana.MtgManaError` (not modelled by the tapper yet).

    A board asked the same again (the same ``Board`` object, no floating mana) gets
    the plan it got before: the answer is a function of the question, so the plans
    last found per board are remembered (not those cut short)."""
    request = _request(
        board,
        PaymentRequest.of(
            cost, life=life, x=x, spend=spend, prefer=prefer, future=future, x_mana=x_mana,
            partial=partial, time_limit=time_limit,
        ),
    )  # fmt: skip
    key = _memo_key(request, board, pool)
    if key is not None:
        try:
            hit = _PLANS.get(key)
        except TypeError:  # a request that can't be hashed isn't remembered
            hit = key = None
        if hit is not None and hit[0] is board:
            return hit[1]
    result = _plan(request, board, pool)
    if key is not None and not result.cut_short:
        if len(_PLANS) >= _PLANS_MAX:
            del _PLANS[next(iter(_PLANS))]  # the oldest
        _PLANS[key] = (board, result)
    return result


_PLANS: dict[tuple[Any, ...], tuple[Board, Plan]] = {}
_REQUEST_KEY = operator.attrgetter(
    *(f.name for f in fields(PaymentRequest) if f.compare and f.name != "time_limit")
)
"""The request's fields that a plan depends on (all but its time limit), as a tuple."""
_PLANS_MAX = 256


def _memo_key(request: PaymentRequest, board: Board, pool: Pool) -> tuple[Any, ...] | None:
    """What a plan depends on, to remember it by (the entry holds the board, so its
    id can't be reused while it is remembered): the request but its time limit (a
    plan not cut short doesn't depend on it); None when it isn't remembered:
    floating mana (the plan spends those very units); a request that can't be
    hashed isn't either (:func:`plan` tries)."""
    units = getattr(pool, "units", pool)
    if not isinstance(units, tuple | list) or units:
        return None
    return (id(board), *_REQUEST_KEY(request))


_cube_usable = by_identity(32)(cube_usable)
"""`cube_usable`, remembered for the last boards (a board is immutable)."""


def _plan(request: PaymentRequest, board: Board, pool: Pool) -> Plan:
    if _cube_usable(board):
        from ._doubling import plan_with_cubes  # only with a Cube: a faster start

        refuse_with_cubes(board, request.partial)
        return plan_with_cubes(request, board, pool, _plan_valued)
    return _plan_valued(request, board, pool)[0]


def refuse_with_cubes(board: Board, partial: bool) -> None:
    """Raise :class:`NotModelled` for a board with a Doubling Cube to activate and
    what isn't modelled with one (``_doubling.refusal``, whatever ``partial``), or a
    card not modelled at all (unless ``partial``)."""
    from ._doubling import refusal  # only with a Cube: a faster start

    refused = refusal(board)
    if refused:
        raise NotModelled(refused)
    if board.unsupported and not partial:
        raise NotModelled(board.unsupported)


def _plan_valued(request: PaymentRequest, board: Board, pool: Pool) -> tuple[Plan, tuple[int, ...]]:
    """The best plan without activating any Doubling Cube, and its value by
    preferences 1-5 (``Candidate.value``)."""
    cost, life, x, spend = request.cost, request.life, request.x, request.spent_on
    future, partial, time_limit = (
        [c for c, _ in request.future],
        request.partial,
        request.time_limit,
    )
    start = time.process_time() if time_limit is not None else 0.0  # a system call: once
    deadline = None if time_limit is None else start + time_limit
    problem = _problem(cost, board, pool, life, x, spend, future, partial=partial)
    problem.deadline = deadline
    if not problem.cost.has_mana_cost:
        raise CannotPay(problem.cost, ["it has no mana cost, an unpayable cost (CR 118.6)"])
    if time_limit is not None:
        problem.decide_by = start + 2 * time_limit
    best = None if surely_unpayable(problem) else search(problem)
    if best is None and problem.spent:
        best = search(problem, first=True)  # out of flows: any payable plan
    if best is None:
        raise CannotPay(problem.cost, [_shortfall_text(problem)])
    result = build_plan(problem, best)
    if not plan_life_ok(result, life):
        # The flow doesn't see the damage one-mana sources deal before the cost is
        # paid: search again with the painful options enumerated (exact).
        cut = problem.spent
        problem = _problem(cost, board, problem.pool, life, x, spend, problem.future, True, partial)
        problem.deadline = deadline
        problem.decide_by = None if time_limit is None else time.process_time() + time_limit
        if cut:
            problem.solves = MAX_COMBINATIONS
        best = search(problem)
        if best is None and problem.spent:
            best = search(problem, first=True)
        if best is None:
            raise CannotPay(problem.cost, [_shortfall_text(problem)])
        result = build_plan(problem, best)
    if 0 < life <= result.life_paid + result.damage:
        # Preference 0: a plan that loses the game (CR 704.5a) only when every
        # plan does — the best of those that leave 1 life, if any.
        safer = _problem(cost, board, problem.pool, life, x, spend, problem.future, True, partial)
        safer.survive = True
        safer.deadline, safer.decide_by = deadline, problem.decide_by
        found = None if surely_unpayable(safer) else search(safer)
        if found is None and safer.spent:
            found = search(safer, first=True)
        if found is not None:
            kept = build_plan(safer, found)
            if plan_life_ok(kept, life) and kept.life_paid + kept.damage < life:
                result, problem, best = kept, safer, found
    if board.unsupported:
        result = replace(result, ignored=board.unsupported)
    if problem.solves >= MAX_COMBINATIONS:
        result = replace(result, cut_short=True)
    return result, best.value[:5]


def can_pay(
    cost: ManaCost | str | None,
    board: Board,
    *,
    pool: Pool = (),
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> bool:
    """Whether ``cost`` can be paid with the mana abilities of your permanents on
    ``board``, the floating mana in ``pool`` and ``life`` (see :func:`plan`).
    Exact; with ``time_limit`` (seconds), a search that would take longer raises
    :class:`SearchTooLong` rather than answer (never a guess)."""
    request = _request(
        board,
        PaymentRequest.of(
            cost, life=life, x=x, spend=spend, x_mana=x_mana, partial=partial,
            time_limit=time_limit,
        ),
    )  # fmt: skip
    decide_by = None if request.time_limit is None else time.process_time() + request.time_limit
    return _payable_from(request, board, pool, request.x, decide_by)


def _payable_from(
    request: PaymentRequest, board: Board, pool: Pool, x: int | None, decide_by: float | None
) -> bool:
    """Whether the request's cost (with this X) can be paid from the board and pool,
    Doubling Cubes activated wherever they help (exact)."""

    def payable(where: Board, floating: Pool, life: int) -> bool:
        problem = _problem(
            request.cost, where, floating, life, x, request.spent_on, (), partial=request.partial
        )
        problem.decide_by = decide_by
        return _payable(problem, life)

    if _cube_usable(board):
        from ._doubling import payable_with_cubes  # only with a Cube: a faster start

        refuse_with_cubes(board, request.partial)
        return payable_with_cubes(board, pool, replace(request, x=x), payable, decide_by)
    return payable(board, pool, request.life)


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
        problem.cost, problem.board, problem.pool, life, problem.x, problem.spend, (), True, True
    )
    again.decide_by = problem.decide_by
    return search(again, first=True) is not None


def max_x(
    cost: ManaCost | str | None,
    board: Board,
    *,
    pool: Pool = (),
    life: int = 20,
    spend: Spend | None = None,
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> int | None:
    """The largest X for which ``cost`` (with X in it, CR 107.3) can be paid from
    ``board``, ``pool`` and ``life``; ``None`` when it can't be paid even with
    X = 0. Exact (payability is monotone in X: a payment for X pays for less); with
    ``time_limit`` (seconds, for the whole search), :class:`SearchTooLong` rather
    than a guess."""
    request = _request(
        board,
        PaymentRequest.of(
            cost, life=life, x=0, spend=spend, x_mana=x_mana, partial=partial,
            time_limit=time_limit,
        ),
    )  # fmt: skip
    total = request.cost
    decide_by = None if time_limit is None else time.process_time() + time_limit

    def payable(x: int) -> bool:
        return _payable_from(request, board, pool, x, decide_by)

    if not payable(0):
        return None
    if not total.x_count:
        return 0
    low, high = 0, 1
    while payable(high):
        low, high = high, high * 2
    while high - low > 1:  # low is payable, high isn't
        middle = (low + high) // 2
        if payable(middle):
            low = middle
        else:
            high = middle
    return low


def _most_mana(problem: Problem) -> int:
    """The most mana the board and pool make together (exact: the largest generic
    cost they pay)."""

    def pays(n: int) -> bool:
        generic = ManaCost.parse("{" + str(n) + "}")
        asked = _problem(
            generic,
            problem.board,
            problem.pool,
            problem.life,
            0,
            _generic_spend(problem.spend, generic),
            (),
            False,
            True,
        )
        asked.decide_by = problem.decide_by
        return _payable(asked, problem.life)

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


def _generic_spend(spend: Spend, cost: ManaCost) -> Spend:
    """The spell paid for, paying ``cost`` instead (its convoke, improvise, delve)."""
    return replace(spend, cost=cost)


def _shortfall_text(problem: Problem) -> str:
    """What is missing, in game terms: how much more mana (counted as mana, not
    permanents: Sol Ring makes two), or the wrong types."""
    need = least_mana(problem.cost, problem.x)
    hint = _commander_hint(problem.board)
    try:
        most = _most_mana(problem)
    except SearchTooLong:
        return "the sources can't make enough mana of the right types" + hint
    if need > most:
        return f"needs {need - most} more mana (the sources make at most {most})" + hint
    return "the sources can't make the right types of mana" + hint


def _commander_hint(board: Board) -> str:
    """When abilities that look at your commander's color identity (Command Tower)
    make no mana for want of a commander (CR 903.4f): say how to give one."""
    if board.commander_colors is not None:
        return ""
    names = sorted(
        {
            p.name
            for p in board.permanents
            if p.controller == "you"
            and any("commander's color identity" in str(a).lower() for a in p.abilities)
        }
    )
    if not names:
        return ""
    return (
        f"; {', '.join(names)} makes no mana without a commander (CR 903.4f): pass your "
        "commander's color identity (--commander WUB, commander_colors=)"
    )
