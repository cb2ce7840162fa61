"""What a payment asks (CR 107.3, 118.3, 119.4, 601.2f-h): one value behind paying
from a pool — :func:`mtgmana.can_pay`, :func:`mtgmana.pay`,
:func:`mtgmana.plan_payment`, :func:`mtgmana.max_x` — and from a board —
:func:`mtgmana.tapping.can_pay`, :func:`~mtgmana.tapping.plan`,
:func:`~mtgmana.tapping.max_x` — so that both take the same options, with the same
names, defaults and checks.

Each function takes the cost first, then the pool or the board, then these
keyword options (docs/api.md lists which function takes which):

``life``
    your life total (CR 119.4: Phyrexian symbols may be paid with 2 life while it
    is at least that); 20 by default.
``x``
    the value chosen for X (CR 107.3a; 0 when not given).
``spend``
    what the mana is spent on (a :class:`~mtgmana.restrictions.Spend`, for spending
    restrictions, CR 106.6; :func:`mtgmana.ability_text.spend_of` reads it from a
    card). Without a cost (``None``), the cost is that spell's mana cost.
``prefer``
    :attr:`Prefer.MANA` (the default) or :attr:`Prefer.LIFE` for Phyrexian symbols.
``future``
    costs still to pay this turn, kept payable if possible (a cost, its text, or a
    ``(cost, spend)`` pair).
``x_mana``
    the types of mana that may pay X ("Spend only black mana on X"): types or
    their letters (``"B"``).
``partial``
    answer even when the board holds cards whose mana-relevant text isn't
    modelled, naming them (a pool has none).
``time_limit``
    seconds the search for the best answer may take (process time); a pool's
    payment is one flow and always answers within it.

>>> request = PaymentRequest.of("{X}{B}{B}", x=2, x_mana="B")
>>> request
PaymentRequest(ManaCost.parse('{X}{B}{B}'), x=2, x_mana=frozenset({ManaType.B}))
>>> request.cost.mana_value, request.spent_on.cost
(2, ManaCost.parse('{X}{B}{B}'))
>>> PaymentRequest.of("{G}", life=-1)
Traceback (most recent call last):
...
mtgmana.errors.MtgManaError: life must be a whole number 0 or more (CR 107.1), not -1
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, cast, runtime_checkable

from ._repr import compact_repr
from .colors import ManaType
from .costs import ManaCost
from .errors import MtgManaError
from .floating import floating_mana
from .mana import Mana
from .restrictions import Spend, SpendKind, spell_paying

__all__ = [
    "FutureCost",
    "PaymentRequest",
    "Pool",
    "PoolLike",
    "Prefer",
    "check_whole",
    "floating_units",
]


class Prefer(enum.Enum):
    """How to pay Phyrexian symbols when both mana and life could."""

    MANA = "mana"
    """Pay with mana; pay life only when mana can't (the default)."""
    LIFE = "life"
    """Pay with life wherever the life total allows."""

    def __repr__(self) -> str:
        return f"Prefer.{self.name}"


FutureCost = ManaCost | str | tuple[ManaCost | str, Spend]
"""A cost still to pay this turn: a cost, its text, or a ``(cost, spend)`` pair."""


@dataclass(frozen=True)
class PaymentRequest:
    """A cost to pay and how (see the module for each option). Build it with
    :meth:`of`, which checks every option and reads text."""

    cost: ManaCost
    life: int = 20
    x: int | None = None
    spend: Spend | None = None
    prefer: Prefer = Prefer.MANA
    future: tuple[tuple[ManaCost, Spend], ...] = ()
    """The costs to keep payable, each with what it is spent on (its cost set)."""
    x_mana: frozenset[ManaType] | None = None
    partial: bool = False
    time_limit: float | None = None

    @classmethod
    def of(
        cls,
        cost: ManaCost | str | None,
        *,
        life: int = 20,
        x: int | None = None,
        spend: Spend | None = None,
        prefer: Prefer = Prefer.MANA,
        future: Iterable[FutureCost] = (),
        x_mana: Iterable[ManaType | str] | str | None = None,
        partial: bool = False,
        time_limit: float | None = None,
    ) -> PaymentRequest:
        """The request, every option checked: raises :class:`~mtgmana.MtgManaError`
        for a bad value and ``TypeError`` for a value of the wrong type."""
        if spend is not None and not isinstance(spend, Spend):
            raise TypeError(f"spend must be a Spend (mtgmana.ability_text.spend_of), not {spend!r}")
        total = _cost(cost, spend)
        check_whole(life, "life")
        if x is not None:
            check_whole(x, "X")
        if not isinstance(prefer, Prefer):
            raise MtgManaError(f"prefer must be Prefer.MANA or Prefer.LIFE, not {prefer!r}")
        if not isinstance(partial, bool):
            raise TypeError(f"partial must be True or False, not {partial!r}")
        limit = _time_limit(time_limit)
        futures = () if type(future) is tuple and not future else _future(future)
        types = None if x_mana is None else _types(x_mana)
        if cls is not PaymentRequest:
            return cls(total, life, x, spend, prefer, futures, types, partial, limit)
        # As ``cls(...)`` does, without a frozen dataclass's ``object.__setattr__`` per
        # field (a request to the tapper builds one): the same fields, in order.
        request = object.__new__(cls)
        request.__dict__.update(
            cost=total, life=life, x=x, spend=spend, prefer=prefer, future=futures,
            x_mana=types, partial=partial, time_limit=limit,
        )  # fmt: skip
        return request

    @property
    def spent_on(self) -> Spend:
        """What the mana is spent on: ``spend`` (a spell by default), paying ``cost``."""
        spend = self.spend
        if spend is None:
            return spell_paying(self.cost)
        return spend if spend.cost is not None else dataclasses.replace(spend, cost=self.cost)

    def __repr__(self) -> str:
        return compact_repr(self, positional=("cost",))


# -- where the mana comes from: floating mana ----------------------------------------


@runtime_checkable
class PoolLike(Protocol):
    """Anything with the units of a mana pool (a :class:`~mtgmana.ManaPool`)."""

    @property
    def units(self) -> tuple[Mana, ...]: ...


Pool = PoolLike | Iterable[Mana] | str
"""Floating mana: a :class:`~mtgmana.ManaPool`, units of mana, or mana symbols
(``"{G}{G}"``, as ``mtgmana pay --pool`` takes them: :mod:`mtgmana.floating`)."""


def floating_units(pool: Pool) -> tuple[Mana, ...]:
    """The units of floating mana ``pool`` holds (not checked one by one). Raises
    ``TypeError`` for something that isn't a pool, naming the tapper's functions for
    a board."""
    found: Iterable[Mana] | None = getattr(pool, "units", None)
    if found is not None:
        return tuple(found)
    if isinstance(pool, str):
        return tuple(floating_mana(pool))
    if getattr(pool, "permanents", None) is not None:
        raise TypeError(
            f"{type(pool).__name__} is a board: its sources are tapped by "
            "mtgmana.tapping.can_pay(cost, board), plan and max_x (floating mana goes in "
            "their pool=); mtgmana.can_pay, pay and max_x pay from floating mana"
        )
    try:
        return tuple(cast(Iterable[Mana], pool))
    except TypeError:
        raise TypeError(
            f"a pool is a ManaPool, Mana units or mana symbols ('{{G}}{{G}}'), not {pool!r}"
        ) from None


def check_whole(value: Any, what: str) -> None:
    """Raise :class:`~mtgmana.MtgManaError` unless ``value`` is a whole number 0 or
    more."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MtgManaError(f"{what} must be a whole number 0 or more (CR 107.1), not {value!r}")


def _cost(cost: ManaCost | str | None, spend: Spend | None) -> ManaCost:
    """The cost to pay: ``cost`` (or its text), or else the spell's mana cost."""
    if cost is None:
        if spend is None or spend.mana_cost is None:
            raise MtgManaError("no cost: give one, or a spell (spend=) whose mana cost it is")
        return spend.mana_cost
    if isinstance(cost, str):
        return ManaCost.parse(cost)
    if not isinstance(cost, ManaCost):
        raise TypeError(f"expected a ManaCost or its text, not {cost!r}")
    return cost


def _future(future: Iterable[FutureCost]) -> tuple[tuple[ManaCost, Spend], ...]:
    if isinstance(future, (str, ManaCost)):
        raise TypeError(f"future is a list of costs, not one cost: [{future!r}]")
    found = []
    for item in future:
        if isinstance(item, tuple):
            if len(item) != 2 or not isinstance(item[1], Spend):
                raise TypeError(f"a future cost with its spend is (cost, Spend), not {item!r}")
            cost, spend = _cost(item[0], None), item[1]
        else:
            cost, spend = _cost(item, None), Spend(SpendKind.SPELL)
        if spend.cost is None:
            spend = dataclasses.replace(spend, cost=cost)
        found.append((cost, spend))
    return tuple(found)


def _types(x_mana: Iterable[ManaType | str] | str | None) -> frozenset[ManaType] | None:
    if x_mana is None:
        return None
    if isinstance(x_mana, str):  # "BR", "{B}{R}"
        x_mana = [letter for letter in x_mana if letter not in "{} ,"]
    found = []
    for item in x_mana:
        if not isinstance(item, (ManaType, str)):
            raise TypeError(f"x_mana holds types of mana or their letters, not {item!r}")
        found.append(item if isinstance(item, ManaType) else ManaType.parse(item))
    return frozenset(found)


def _time_limit(time_limit: float | None) -> float | None:
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise TypeError(f"time_limit is a number of seconds, not {time_limit!r}")
    if not math.isfinite(time_limit) or time_limit < 0:
        raise MtgManaError(f"time_limit must be 0 seconds or more, not {time_limit!r}")
    return float(time_limit)
