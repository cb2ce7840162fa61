"""Paying mana costs from a mana pool, exactly (CR 107.4, 118, 119.4, 202.1a, 601.2f-h).

:func:`pay` decides whether a cost can be paid from the mana in a pool (and life, for
Phyrexian symbols) and returns the payment: which unit pays which symbol, which
Phyrexian symbols were paid with 2 life, and what is left. It never guesses: it
solves a minimum-cost transport problem over classes of interchangeable mana, so a
payable cost is always found payable and the payment chosen is optimal under the
documented preference order.

>>> from mtgmana import pay, can_pay, max_x
>>> from mtgmana.mana import Mana
>>> pool = [Mana.make("W"), Mana.make("U")]
>>> can_pay("{W/U}{W}", pool)                 # a greedy check gets this wrong
True
>>> payment = pay("{B/P}{B}", [Mana.make("B")], life=20)
>>> payment.life_paid
2
>>> max_x("{X}{R}", [Mana.make(t) for t in "RUU"])
2

What each symbol accepts: a colored symbol only mana of its color, ``{C}`` only
colorless mana, generic any type (107.4a-c); a hybrid either half, ``{2/W}`` one
white or two of any type, ``{C/W}`` colorless or white (107.4e); Phyrexian symbols
their color(s) or 2 life, ``{H}`` any colored mana or 2 life (107.4f-g); ``{S}`` one
mana of any type from a snow source (107.4h), ``{L}`` from a legendary source. Half
symbols (``{HW}``, ``{½}``) take one whole mana (CR 107.1a: no fractions). Life is
paid only while the life total is at least the amount (119.4); "no mana cost",
``{∞}`` and ``{D}`` can't be paid with mana (118.6).

Which payment, when several exist (each rule breaks the ties of the ones before):

1. pay the least life (``prefer=Prefer.LIFE``: the most life);
2. keep as many of the ``future`` costs payable, together, as possible;
3. spend restricted mana before unrestricted mana (CR 106.6);
4. keep the most useful mana: for symbols that several types can pay, spend
   colorless first, then the colors the pool has most of; don't spend mana from snow
   or legendary sources where that isn't needed;
5. then the earliest units in the pool.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ._solver.plain import cheapest_units, plain_counts
from ._solver.small import small_payment
from ._solver.transport import (
    ALL_TYPES,
    LIFE_PER_SYMBOL,
    TYPE_INDEX,
    ZERO_WEIGHTS,
    CostDemands,
    Demand,
    Solution,
    Supply,
    Unpayable,
    Weights,
    cost_demands,
    describe,
    feasible_split,
    shortfall,
    solve,
    solve_split,
    supply_classes,
    symbol_demand,
)
from .colors import ManaType
from .costs import ManaCost
from .errors import MtgManaError
from .mana import Mana
from .request import FutureCost, PaymentRequest, Pool, PoolLike, Prefer, floating_units
from .restrictions import Spend, SpendKind
from .symbol_payment import ways_to_pay
from .symbols import ManaSymbol

__all__ = [
    "ALTERNATIVE_KINDS",
    "LIFE_PER_SYMBOL",
    "Alternative",
    "AlternativeKind",
    "CannotPay",
    "Paid",
    "Payment",
    "SymbolPayment",
    "can_pay",
    "max_x",
    "pay",
    "plan_payment",
]

MAX_FUTURE_COSTS = 8
"""At most this many ``future`` costs are considered (the first ones given)."""


def _life_sign(prefer: Prefer) -> int:
    return 1 if prefer is Prefer.MANA else -1


class CannotPay(MtgManaError):
    """The cost can't be paid; ``shortfall`` lists what is missing, in game terms."""

    def __init__(self, cost: ManaCost, shortfall: Sequence[str], detail: str = "") -> None:
        self.cost = cost
        self.shortfall = tuple(shortfall)
        message = f"can't pay {str(cost) or 'no mana cost'}: " + "; ".join(self.shortfall)
        if detail:
            message += f" ({detail})"
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Paid:
    """What something was paid with: units of ``mana`` (each knows its source, CR
    106.3) and ``life`` (CR 119.4). One shape for a symbol of a cost, an activation's
    cost and a whole payment.

    >>> from mtgmana.mana import Mana, Source
    >>> Paid((Mana.make("G", source=Source(3, "Forest")),)).to_json()
    {'mana': [{'type': 'G', 'source': 3}], 'life': 0}
    >>> Paid(life=2).to_json()
    {'mana': [], 'life': 2}
    """

    mana: tuple[Mana, ...] = ()
    life: int = 0
    tapped: tuple[int, ...] = ()
    """Permanents (ids) tapped instead of paying mana: convoke (CR 702.51a),
    improvise (CR 702.126a)."""
    exiled: int = 0
    """Cards exiled from a graveyard: for delve (702.66a), or as an ability's cost."""
    energy: int = 0
    """Energy counters paid ({E}, CR 107.14)."""
    discarded: int = 0
    """Cards discarded from a hand as an ability's cost."""

    def __str__(self) -> str:
        parts = ["".join(str(unit) for unit in self.mana)] if self.mana else []
        if self.life:
            parts.append(f"{self.life} life")
        if self.tapped:
            parts.append("tapping " + ", ".join(str(i) for i in self.tapped))
        if self.exiled:
            parts.append(f"exiling {self.exiled} card{'s' if self.exiled > 1 else ''}")
        if self.energy:
            parts.append("{E}" * self.energy)
        if self.discarded:
            parts.append(f"discarding {self.discarded}")
        return " and ".join(parts) or "nothing"

    def to_json(self) -> dict[str, Any]:
        """``mana`` and ``life`` always; ``tapped`` and ``exiled`` when convoke,
        improvise or delve paid."""
        data: dict[str, Any] = {"mana": [unit.to_json() for unit in self.mana], "life": self.life}
        if self.tapped:
            data["tapped"] = list(self.tapped)
        for name in ("exiled", "energy", "discarded"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        return data


AlternativeKind = Literal["convoke", "improvise", "delve"]
"""How a mana of a spell's cost is paid without mana (CR 702.51a, 702.126a, 702.66a)."""

ALTERNATIVE_KINDS: Final[dict[str, AlternativeKind]] = {
    "convoke": "convoke", "improvise": "improvise", "delve": "delve",
}  # fmt: skip
"""Each kind by its name (a label read back as its kind)."""


@dataclass(frozen=True)
class Alternative:
    """One mana of a spell's cost paid otherwise than with mana: a ``permanent``
    (id) tapped for convoke or improvise, or a card exiled for delve (``permanent``
    None) — CR 702.51a, 702.126a, 702.66a."""

    kind: AlternativeKind
    permanent: int | None = None


@dataclass(frozen=True)
class SymbolPayment:
    """How one symbol of the cost was paid: with ``units`` of mana, or with ``life``."""

    symbol: ManaSymbol
    units: tuple[Mana, ...] = ()
    life: int = 0
    instead: tuple[Alternative, ...] = ()
    """What paid it instead of mana (convoke, improvise, delve)."""

    @functools.cached_property
    def paid_with(self) -> Paid:
        """The mana, life, tapped permanents and exiled cards that paid this symbol
        (made once: plans read it for their JSON, taps and exiles)."""
        tapped = tuple(a.permanent for a in self.instead if a.permanent is not None)
        exiled = sum(1 for a in self.instead if a.permanent is None)
        return Paid(self.units, self.life, tapped, exiled)

    def to_json(self) -> dict[str, Any]:
        if self.instead:  # else paid_with's JSON without making it: mana and life alone
            return {"symbol": str(self.symbol), "paid_with": self.paid_with.to_json()}
        mana = [unit.to_json() for unit in self.units]
        return {"symbol": str(self.symbol), "paid_with": {"mana": mana, "life": self.life}}


@dataclass(frozen=True)
class Payment:
    """A complete, legal payment of ``cost`` (CR 601.2h).

    ``assignment`` follows the cost's symbols in order (a ``{3}`` is paid by three
    units; ``{X}`` by X units).
    """

    cost: ManaCost
    assignment: tuple[SymbolPayment, ...]
    life_paid: int
    remaining: tuple[Mana, ...]
    x: int | None = None
    spend: Spend | None = field(default=None, compare=False, repr=False)
    x_mana: frozenset[ManaType] | None = field(default=None, compare=False, repr=False)

    @property
    def spent(self) -> tuple[Mana, ...]:
        """Every unit of mana spent, in the order of the symbols they pay."""
        return tuple(unit for part in self.assignment for unit in part.units)

    def to_json(self) -> dict[str, Any]:
        """The payment as the CLI prints it."""
        return {
            "payable": True,
            "cost": str(self.cost),
            "life_paid": self.life_paid,
            "x": self.x,
            "assignment": [part.to_json() for part in self.assignment],
            "remaining": [unit.to_json() for unit in _announce_order(self.remaining)],
        }


def _announce_order(units: Iterable[Mana]) -> list[Mana]:
    return sorted(units, key=lambda u: _TYPE_ORDER[u.kind.type])


_TYPES: Final = tuple(ManaType)
_TYPE_ORDER: Final = {t: i for i, t in enumerate(_TYPES)}


# -- the public functions ------------------------------------------------------------


def _units_of(pool: Pool) -> tuple[Mana, ...]:
    units = floating_units(pool)
    for unit in units:
        if not isinstance(unit, Mana):
            raise TypeError(f"a pool holds Mana units, not {unit!r}")
    return units


@dataclass
class _Request:
    cost: ManaCost
    units: tuple[Mana, ...]
    life: int
    x: int
    spend: Spend
    prefer: Prefer
    future: list[tuple[ManaCost, Spend]]
    x_types: frozenset[ManaType]


def _request(request: PaymentRequest, pool: Pool) -> _Request:
    return _Request(
        request.cost, _units_of(pool), request.life, request.x or 0, request.spent_on,
        request.prefer, list(request.future[:MAX_FUTURE_COSTS]), request.x_mana or ALL_TYPES,
    )  # fmt: skip


def _plan(request: _Request, payable: bool = True) -> Payment:
    """The best payment (the flow); ``payable=False``: known to have none, the
    refusal saying what is missing."""
    cost = request.cost
    spends = [request.spend, request.spend.paying_x()]
    for _, future_spend in request.future:
        spends += [future_spend, future_spend.paying_x()]
    try:
        current = cost_demands(cost, request.x, 0, 1, request.x_types, current=True)
    except Unpayable as unpayable:
        raise CannotPay(cost, [unpayable.reason]) from None
    supplies, members = supply_classes(request.units, spends)
    counts = [len(m) for m in members]
    weights = Weights(request.units, _life_sign(request.prefer))
    best = solve([current], supplies, counts, request.life, weights) if payable else None
    if best is None:
        raise CannotPay(cost, shortfall(current, supplies, counts, request.life), _detail(request))
    if request.future:
        best = _keep_future_payable(request, current, supplies, counts, weights, best)
    return _payment(request, best, supplies, members)


def _keep_future_payable(
    request: _Request,
    current: CostDemands,
    supplies: Sequence[Supply],
    counts: Sequence[int],
    weights: Weights,
    alone: Solution,
) -> Solution:
    """Preference 2: the largest set of future costs payable after this payment,
    without paying more (or less, with Prefer.LIFE) life than necessary."""
    futures: list[CostDemands] = []
    for index, (future_cost, _) in enumerate(request.future):
        normal = 2 + 2 * index
        try:
            futures.append(
                cost_demands(future_cost, 0, normal, normal + 1, ALL_TYPES, current=False)
            )
        except Unpayable:
            futures.append(CostDemands(Counter(), {}, normal, current=False))
            futures[-1].exact[Demand(frozenset(), spend_index=normal)] = 1  # never payable
    for size in range(len(futures), 0, -1):
        best: Solution | None = None
        for chosen in itertools.combinations(range(len(futures)), size):
            parts = [current, *(futures[i] for i in chosen)]
            joint = solve(parts, supplies, counts, request.life, weights)
            if joint is None or joint.life_symbols != alone.life_symbols:
                continue
            if best is None or joint.cost < best.cost:  # then the best current payment
                best = joint
        if best is not None:
            return best
    return alone


def _units_by_demand(
    request: _Request, solution: Solution, members: Sequence[list[Mana]]
) -> dict[Demand, list[Mana | Alternative]]:
    """The units the flow gives each demand of the cost being paid (owner 0), taken
    from each class in order and then put in the pool's order."""
    position = {unit.uid: i for i, unit in enumerate(request.units)}
    taken = [0] * len(members)
    queues: dict[int, list[Mana]] = {}
    for (s, d), amount in sorted(solution.assignment.items()):
        if solution.owners[d] != 0:
            continue
        start = taken[s]
        queues.setdefault(d, []).extend(members[s][start : start + amount])
        taken[s] += amount
    for queue in queues.values():
        queue.sort(key=lambda unit: position[unit.uid])
    return {solution.demands[d]: list(queue) for d, queue in queues.items()}


def _payment(
    request: _Request,
    solution: Solution,
    supplies: Sequence[Supply],
    members: Sequence[list[Mana]],
) -> Payment:
    """Turn class counts back into units, symbol by symbol, in the cost's order."""
    by_demand = _units_by_demand(request, solution, members)
    parts = assign_symbols(request.cost, by_demand, request.x, request.x_types)
    spent = {unit.uid for part in parts for unit in part.units}
    paid_with_life = sum(1 for part in parts if part.life)
    if len(spent) != sum(len(part.units) for part in parts) or (
        paid_with_life != solution.life_symbols
    ):
        raise AssertionError("payment extraction out of step with the flow")  # a bug if seen
    remaining = tuple(unit for unit in request.units if unit.uid not in spent)
    x = request.x if request.cost.x_count else None
    return Payment(
        request.cost, parts, LIFE_PER_SYMBOL * solution.life_symbols, remaining, x,
        request.spend, request.x_types,
    )  # fmt: skip


def assign_symbols(
    cost: ManaCost,
    queues: dict[Demand, list[Mana | Alternative]],
    x: int,
    x_types: frozenset[ManaType] = ALL_TYPES,
) -> tuple[SymbolPayment, ...]:
    """The cost's symbols, in order, paid from the units a solution sent to each of
    the cost's demands (``queues``, consumed; keyed by demands without ``alt``); a
    symbol whose queue is empty was paid with life. Symbols one unit pays go first,
    then {2/C} (what is left of C pays them with color, else two generic units), then
    generic mana and X: the counts then match the solution exactly."""

    def take(symbol: ManaSymbol, demand: Demand, n: int) -> SymbolPayment:
        queue = queues.get(demand)
        if not queue:
            return SymbolPayment(symbol)
        chosen = queue[:n]
        del queue[:n]
        units = tuple([u for u in chosen if isinstance(u, Mana)])
        if len(units) == len(chosen):  # all mana (the most)
            return SymbolPayment(symbol, units)
        instead = tuple([u for u in chosen if isinstance(u, Alternative)])
        return SymbolPayment(symbol, units, 0, instead)

    paid: dict[int, SymbolPayment] = {}
    later: list[tuple[int, ManaSymbol]] = []
    for i, symbol in enumerate(cost):
        ways = ways_to_pay(symbol)
        if not ways.one_mana or ways.or_generic:
            later.append((i, symbol))
            continue
        demand = symbol_demand(symbol)
        if queues.get(demand):
            paid[i] = take(symbol, demand, 1)
        else:
            paid[i] = SymbolPayment(symbol, life=LIFE_PER_SYMBOL)
    generic = _GENERIC
    for i, symbol in later:
        ways = ways_to_pay(symbol)
        if ways.or_generic:  # {2/C}: one of its color, else two generic (CR 107.4e)
            one = Demand(ways.types, spend_index=0)
            paid[i] = (
                take(symbol, one, 1) if queues.get(one) else take(symbol, generic, ways.or_generic)
            )
    for i, symbol in later:
        ways = ways_to_pay(symbol)
        if ways.variable:
            paid[i] = take(symbol, Demand(x_types, spend_index=1), x)
        elif not ways.or_generic:
            paid[i] = take(symbol, generic, ways.generic)
    return tuple([paid[i] for i in range(len(cost))])


_GENERIC: Final = Demand(ALL_TYPES, spend_index=0)
"""The demand of a cost's generic mana, the key of its queue (:func:`assign_symbols`)."""


def _detail(request: _Request) -> str:
    return _detail_of(request.units, request.life)


def plan_payment(
    cost: ManaCost | str | None,
    pool: Pool,
    *,
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    prefer: Prefer = Prefer.MANA,
    future: Iterable[FutureCost] = (),
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> Payment:
    """The best payment of ``cost`` from ``pool``, without spending anything.

    Raises :class:`CannotPay` (a ValueError) saying what is missing. See :func:`pay`.
    """
    if not future and x_mana is None and time_limit is None and type(partial) is bool:
        found = _direct(cost, pool, life, x, spend, prefer)
        if found is not None:
            return found
    request = PaymentRequest.of(
        cost, life=life, x=x, spend=spend, prefer=prefer, future=future, x_mana=x_mana,
        partial=partial, time_limit=time_limit,
    )  # fmt: skip
    return _plan(_request(request, pool))


def _direct_cost(
    cost: ManaCost | str | None, life: int, x: int | None, spend: Spend | None, prefer: Prefer
) -> ManaCost | None:
    """The cost of a request :func:`_direct` may answer: its options are all of the
    expected types and in range (the others are for the request to check and
    refuse), and its cost a :class:`ManaCost` or a string; ``None`` otherwise."""
    if type(life) is not int or life < 0 or not (x is None or (type(x) is int and x >= 0)):
        return None
    if not (spend is None or type(spend) is Spend) or not isinstance(prefer, Prefer):
        return None
    if type(cost) is ManaCost:
        return cost
    if type(cost) is str:
        return ManaCost.parse(cost)
    return None


def _direct(
    cost: ManaCost | str | None,
    pool: Pool,
    life: int,
    x: int | None,
    spend: Spend | None,
    prefer: Prefer,
) -> Payment | None:
    """The payment found without the flow, for the common requests (plain costs,
    a few hybrid or Phyrexian symbols, unrestricted mana); ``None`` for the others."""
    total = _direct_cost(cost, life, x, spend, prefer)
    if total is None:
        return None
    units, have = _plain_units(pool)
    if have is None:
        return None
    plain = plain_counts(total)
    if plain is not None:
        return _plain_payment(total, units, have, plain, x, life, spend)
    found = small_payment(total, units, life, x or 0, _life_sign(prefer))
    if found:  # a few hybrid or Phyrexian symbols: no flow
        return _small(total, units, found, x, spend)
    if found is not None:  # none pays: only the shortfall is to say
        request = PaymentRequest.of(total, life=life, x=x, spend=spend, prefer=prefer)
        return _plan(_request(request, units), False)
    return None


def _small(
    cost: ManaCost,
    units: tuple[Mana, ...],
    found: list[tuple[tuple[Mana, ...], int]],
    x: int | None,
    spend: Spend | None,
) -> Payment:
    """The payment :func:`~mtgmana._solver.small.small_payment` found."""
    parts = tuple(SymbolPayment(s, paid, lost) for s, (paid, lost) in zip(cost, found, strict=True))
    spent = {unit.uid for paid, _ in found for unit in paid}
    remaining = tuple(unit for unit in units if unit.uid not in spent)
    life_paid = sum(lost for _, lost in found)
    return Payment(cost, parts, life_paid, remaining, (x or 0) if cost.x_count else None, spend)


def _plain_payment(
    cost: ManaCost,
    units: tuple[Mana, ...],
    have: list[int],
    plain: tuple[tuple[int, ...], int, int],
    x: int | None,
    life: int,
    spend: Spend | None,
) -> Payment:
    """The optimal payment of a plain cost (colored, colorless, generic, X) from
    unrestricted mana, without the flow.

    Exact: a colored or {C} symbol takes a unit of its type; what a unit costs
    (preference 4) is its flags (snow, legendary: kept for {S}, {L}) and, for generic
    mana, the rank of its type. Within a type the rank is the same whichever symbol
    a unit pays, so each type spends its cheapest units, symbols of that type first;
    generic mana then takes the cheapest remaining units across types, whose
    marginal costs increase within each type, so taking them in order is optimal.
    """
    need, generic, xs = plain
    x_value = x or 0
    total_generic = generic + xs * x_value
    _check_plain(cost, units, have, need, total_generic, life)
    specific, generic_units = cheapest_units(units, have, need, total_generic)
    parts: list[SymbolPayment] = []
    used = 0
    taken = [0] * 6
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if ways.plain is not None:
            i = TYPE_INDEX[ways.plain]
            parts.append(SymbolPayment(symbol, (specific[i][taken[i]],)))
            taken[i] += 1
        else:
            n = x_value if ways.variable else ways.generic
            parts.append(SymbolPayment(symbol, tuple(generic_units[used : used + n])))
            used += n
    spent = {unit.uid for part in parts for unit in part.units}
    remaining = tuple(unit for unit in units if unit.uid not in spent)
    return Payment(cost, tuple(parts), 0, remaining, x_value if xs else None, spend, None)


def _check_plain(
    cost: ManaCost,
    units: tuple[Mana, ...],
    have: list[int],
    need: tuple[int, ...],
    total_generic: int,
    life: int,
) -> None:
    """Raise :class:`CannotPay` when a type of mana, or the pool's size, falls short
    of a plain cost."""
    for i in range(6):
        if have[i] < need[i]:
            raise CannotPay(
                cost,
                [describe(Demand(frozenset({_TYPES[i]})), need[i] - have[i], False)],
                _detail_of(units, life),
            )
    if len(units) < sum(need) + total_generic:
        short = sum(need) + total_generic - len(units)
        raise CannotPay(cost, [describe(Demand(ALL_TYPES), short, False)], _detail_of(units, life))


def _detail_of(units: Sequence[Mana], life: int) -> str:
    text = "".join(str(u) for u in _announce_order(units)) or "no mana"
    return f"pool {text}, life {life}"


def pay(
    cost: ManaCost | str | None,
    pool: Pool,
    *,
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    prefer: Prefer = Prefer.MANA,
    future: Iterable[FutureCost] = (),
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> Payment:
    """Pay ``cost`` (the total cost, CR 601.2f; ``None``: the mana cost of the spell
    ``spend`` describes) from ``pool`` and ``life``.

    ``pool`` is a :class:`~mtgmana.ManaPool` — the units used are spent from it, all
    or nothing (CR 601.2h), running their riders — or any iterable of
    :class:`~mtgmana.mana.Mana`, or mana symbols (``"{G}{G}"``; then nothing is
    changed). The options are those of :mod:`mtgmana.request`, the same as the
    tapper's (:func:`mtgmana.tapping.plan`): ``life`` is the player's life total (CR
    119.4; the caller subtracts ``Payment.life_paid``), ``x`` the value chosen for X
    (0 if not given), ``x_mana`` the types of mana that may pay X ("Spend only black
    mana on X"), ``spend`` what is paid for (for mana restrictions), ``future`` costs
    still to pay this turn; ``partial`` and ``time_limit`` change nothing for a pool
    (it has no card to leave out, and its payment is one flow per cost, never cut
    short).

    Raises :class:`CannotPay` when no payment exists, changing nothing.
    """
    payment = plan_payment(
        cost, pool, life=life, x=x, spend=spend, prefer=prefer, future=future, x_mana=x_mana,
        partial=partial, time_limit=time_limit,
    )  # fmt: skip
    spend_units = getattr(pool, "spend", None)
    if isinstance(pool, PoolLike) and callable(spend_units):
        spend_for = payment.spend or Spend(SpendKind.SPELL)
        x_units = {
            unit.uid for part in payment.assignment
            if part.symbol.is_variable for unit in part.units
        }  # fmt: skip
        plain = [u for u in payment.spent if u.uid not in x_units]
        paying_x = [u for u in payment.spent if u.uid in x_units]
        spend_units(plain, spend_for)
        if paying_x:
            spend_units(paying_x, spend_for.paying_x())
    return payment


def can_pay(
    cost: ManaCost | str | None,
    pool: Pool,
    *,
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> bool:
    """Whether ``cost`` can be paid from ``pool`` and ``life`` (see :func:`pay`)."""
    if (
        x_mana is None and time_limit is None and type(partial) is bool
        and type(life) is int and life >= 0 and (x is None or (type(x) is int and x >= 0))
        and (spend is None or type(spend) is Spend) and type(cost) in (ManaCost, str)
    ):  # fmt: skip
        answer = _plain_can_pay(cost, pool, x)  # type: ignore[arg-type]
        if answer is not None:
            return answer
    request = PaymentRequest.of(
        cost, life=life, x=x, spend=spend, x_mana=x_mana, partial=partial, time_limit=time_limit
    )
    return _payable(_request(request, pool))


def _plain_can_pay(cost: ManaCost | str, pool: Pool, x: int | None) -> bool | None:
    """Whether a plain cost (colored, colorless, generic, X) can be paid from
    unrestricted mana, by counting; ``None`` for other costs and pools."""
    plain = plain_counts(cost if type(cost) is ManaCost else ManaCost.parse(cost))  # type: ignore[arg-type]
    if plain is None:
        return None
    units, have = _plain_units(pool)
    if have is None:
        return None
    need, generic, xs = plain
    for i in range(6):
        if have[i] < need[i]:
            return False
    return len(units) >= sum(need) + generic + xs * (x or 0)


def _payable(request: _Request) -> bool:
    try:
        current = cost_demands(request.cost, request.x, 0, 1, request.x_types, current=True)
    except Unpayable:
        return False
    spends = [request.spend, request.spend.paying_x()]
    supplies, members = supply_classes(request.units, spends)
    counts = [len(m) for m in members]
    if current.mono:
        ranges = []
        for color, k in current.mono.items():
            ranges.append((0, color, range(k, -1, -1)))
        split = feasible_split([current], ranges, supplies, counts, request.life)
        chosen = [{color: n for (_, color, _), n in zip(ranges, split, strict=True)}]
        return (
            solve_split([current], chosen, supplies, counts, request.life, ZERO_WEIGHTS) is not None
        )
    return solve_split([current], [{}], supplies, counts, request.life, ZERO_WEIGHTS) is not None


def _plain_units(pool: Pool) -> tuple[tuple[Mana, ...], list[int] | None]:
    """The units, and their counts by type if none is restricted (else None)."""
    units = floating_units(pool)
    have = [0] * 6
    plain = True
    index = TYPE_INDEX
    for unit in units:
        try:
            kind = unit.kind
        except AttributeError:
            raise TypeError(f"a pool holds Mana units, not {unit!r}") from None
        if kind.restriction is not None:
            plain = False
        have[index[kind.type]] += 1
    return units, (have if plain else None)


def max_x(
    cost: ManaCost | str | None,
    pool: Pool,
    *,
    life: int = 20,
    spend: Spend | None = None,
    x_mana: Iterable[ManaType | str] | str | None = None,
    partial: bool = False,
    time_limit: float | None = None,
) -> int | None:
    """The largest X for which ``cost`` can be paid, or ``None`` if it can't be paid
    for any X (CR 107.3a). A cost without X gives 0 when payable (see :func:`pay`)."""
    request = PaymentRequest.of(
        cost, life=life, x=0, spend=spend, x_mana=x_mana, partial=partial, time_limit=time_limit
    )
    problem = _request(request, pool)
    if not _payable(problem):
        return None
    x_count = request.cost.x_count
    if not x_count:
        return 0
    low, high = 0, len(problem.units) // x_count
    while low < high:  # payable at low; find the largest payable value
        middle = (low + high + 1) // 2
        if _payable(dataclasses.replace(problem, x=middle)):
            low = middle
        else:
            high = middle - 1
    return low


def _payment_objective(
    payment: Payment,
    pool: PoolLike | Iterable[Mana],
    *,
    prefer: Prefer = Prefer.MANA,
    future_payable: int = 0,
) -> tuple[int, int, int]:
    """The value :func:`pay` minimises, for a given payment of a cost from ``pool``:
    ``(life term, -future costs kept payable, mana preference term)``.

    Private: the tests check optimality with it, against an independent enumeration.
    """
    units = _units_of(pool)
    weights = Weights(units, _life_sign(prefer))
    spends = [payment.spend or Spend(SpendKind.SPELL)]
    spends.append(spends[0].paying_x())
    supplies, members = supply_classes(units, spends)
    class_of = {unit.uid: supplies[i] for i, group in enumerate(members) for unit in group}
    total = 0
    for part in payment.assignment:
        symbol = part.symbol
        if part.life:
            continue
        for unit in part.units:
            demand = _payment_demand(symbol, len(part.units), payment.x_mana or ALL_TYPES)
            total += weights.unit(class_of[unit.uid], demand)
    life_symbols = payment.life_paid // LIFE_PER_SYMBOL
    life_term = life_symbols if prefer is Prefer.MANA else -life_symbols
    return life_term, -future_payable, total


def _payment_demand(symbol: ManaSymbol, units: int, x_types: frozenset[ManaType]) -> Demand:
    ways = ways_to_pay(symbol)
    if ways.variable:
        return Demand(x_types, spend_index=1)
    if not ways.one_mana or (ways.or_generic and units == ways.or_generic):
        return Demand(ALL_TYPES)  # generic mana, or {2/C} paid with two (CR 107.4e)
    if ways.or_generic:
        return Demand(ways.types)
    return symbol_demand(symbol)
