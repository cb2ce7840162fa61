"""An independent brute-force oracle for paying mana costs, and a payment checker.

Written from the rules (CR 107.4, 119.4, 202.1a), not from the solver: it enumerates
every legal way to pay a small cost from a small pool, symbol by symbol.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.payment import LIFE_PER_SYMBOL, Payment, SymbolPayment
from mtgmana.payment import _payment_objective as payment_objective
from mtgmana.request import Prefer
from mtgmana.restrictions import Spend, SpendKind
from mtgmana.symbols import ManaSymbol

COLORS = {"W", "U", "B", "R", "G"}


def allowed(unit: Mana, spend: Spend) -> bool:
    return unit.restriction is None or unit.restriction.allows(spend)


def one_unit_pays(symbol: ManaSymbol, unit: Mana) -> bool:
    """Whether one unit pays a symbol that one unit pays (CR 107.4a-h)."""
    text = symbol.text[1:-1]
    t = unit.type.value
    if text in COLORS or text == "C":
        return t == text
    if text == "S":
        return unit.snow
    if text == "L":
        return unit.legendary
    if text == "H":
        return t in COLORS
    if text in ("HW", "HR"):
        return t == text[1]
    if text == "½":
        return True
    parts = [p for p in text.split("/") if p != "P"]
    return t in parts  # hybrids, {C/W}, Phyrexian, hybrid Phyrexian


def ways(
    symbol: ManaSymbol, free: Sequence[Mana], x: int, spend: Spend, x_types: set[str] | None
) -> Iterator[tuple[tuple[Mana, ...], int]]:
    """Every way to pay one symbol: (units, life)."""
    text = symbol.text[1:-1]
    if text.isdigit():
        n = int(text)
        eligible = [u for u in free if allowed(u, spend)]
        yield from ((combo, 0) for combo in itertools.combinations(eligible, n))
        return
    if text == "X":
        x_spend = spend.paying_x()
        eligible = [
            u for u in free
            if allowed(u, x_spend) and (x_types is None or u.type.value in x_types)
        ]  # fmt: skip
        yield from ((combo, 0) for combo in itertools.combinations(eligible, x))
        return
    eligible = [u for u in free if allowed(u, spend)]
    if "/" in text and text.split("/")[0] == "2":
        color = text.split("/")[1]
        yield from (((u,), 0) for u in eligible if u.type.value == color)
        yield from ((combo, 0) for combo in itertools.combinations(eligible, 2))
        return
    yield from (((u,), 0) for u in eligible if one_unit_pays(symbol, u))
    if symbol.is_phyrexian:
        yield ((), LIFE_PER_SYMBOL)


def all_payments(
    cost: ManaCost,
    units: Sequence[Mana],
    *,
    life: int,
    x: int = 0,
    spend: Spend | None = None,
    x_types: set[str] | None = None,
) -> Iterator[Payment]:
    """Every legal payment (CR 601.2h: all of it, no partial payments)."""
    spend = spend or Spend(SpendKind.SPELL, cost=cost)
    symbols = list(cost)
    if not symbols:
        return  # no mana cost: unpayable (CR 118.6)

    def go(
        i: int, free: tuple[Mana, ...], life_paid: int, parts: tuple[SymbolPayment, ...]
    ) -> Iterator[Payment]:
        if i == len(symbols):
            x_value = x if cost.x_count else None
            x_mana = frozenset(ManaType(t) for t in x_types) if x_types else None
            yield Payment(cost, parts, life_paid, free, x_value, spend, x_mana)
            return
        for used, paid_life in ways(symbols[i], free, x, spend, x_types):
            if life_paid + paid_life > life:  # CR 119.4
                continue
            rest = tuple(u for u in free if u not in used)
            yield from go(
                i + 1,
                rest,
                life_paid + paid_life,
                (*parts, SymbolPayment(symbols[i], used, paid_life)),
            )

    yield from go(0, tuple(units), 0, ())


def future_payable(remaining: Sequence[Mana], life: int, future: Sequence[ManaCost]) -> int:
    """The most future costs payable together from what remains."""
    best = 0
    for size in range(len(future), 0, -1):
        for chosen in itertools.combinations(future, size):
            joint = ManaCost.from_symbols(s for cost in chosen for s in cost)
            if any(True for _ in all_payments(joint, remaining, life=life)):
                return size
    return best


def best_objective(
    cost: ManaCost,
    units: Sequence[Mana],
    *,
    life: int,
    x: int = 0,
    spend: Spend | None = None,
    prefer: Prefer = Prefer.MANA,
    future: Sequence[ManaCost] = (),
    x_types: set[str] | None = None,
) -> tuple[int, int, int] | None:
    """The optimum of the documented objective over every legal payment."""
    best: tuple[int, int, int] | None = None
    for payment in all_payments(cost, units, life=life, x=x, spend=spend, x_types=x_types):
        kept = future_payable(payment.remaining, life - payment.life_paid, future) if future else 0
        value = payment_objective(payment, units, prefer=prefer, future_payable=kept)
        if best is None or value < best:
            best = value
    return best


def check_payment(
    payment: Payment,
    cost: ManaCost,
    units: Sequence[Mana],
    *,
    life: int,
    x: int = 0,
    spend: Spend | None = None,
    x_types: set[str] | None = None,
) -> None:
    """Assert that a payment is legal, independently of the solver."""
    spend = spend or Spend(SpendKind.SPELL, cost=cost)
    assert payment.cost == cost
    assert [part.symbol for part in payment.assignment] == list(cost)
    used = [unit for part in payment.assignment for unit in part.units]
    assert len({u.uid for u in used}) == len(used), "a unit pays twice"
    pool_ids = {u.uid for u in units}
    assert all(u.uid in pool_ids for u in used), "a unit not in the pool"
    assert {u.uid for u in payment.remaining} == pool_ids - {u.uid for u in used}
    life_paid = 0
    for part in payment.assignment:
        symbol = part.symbol
        if part.life:
            assert symbol.is_phyrexian and part.life == LIFE_PER_SYMBOL and not part.units
            life_paid += part.life
            continue
        found = ways(symbol, part.units, x, spend, x_types)
        options = {(tuple(u.uid for u in way), paid) for way, paid in found}
        assert (tuple(u.uid for u in part.units), 0) in options, f"{symbol} paid with {part.units}"
    assert life_paid == payment.life_paid <= life
