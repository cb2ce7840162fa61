"""Private: floating mana written as symbols (``mtgmana pay --pool``, serve's
``pool``), read into the kinds of its units (CR 106.3: each unit is made anew
per request; what they are is read once per text, and "{W}{U}" or "WU" without
the cost parser)."""

from __future__ import annotations

import functools
import re
from typing import Final

from ..colors import ManaType
from ..costs import ManaCost
from ..mana import ManaKind

__all__ = ["MAX_MANA", "check_mana_amount", "kinds_of", "lenient_cost"]

MAX_MANA = 1000
"""The most mana a pool written as symbols holds (``{1000}``): more is an error
(``too_much_mana``), not hours of work."""


def check_mana_amount(cost: ManaCost, already: int = 0) -> None:
    """Raise :class:`~mtgmana.errors.LimitError` when mana written as ``cost``
    (with ``already`` units) is more than :data:`MAX_MANA`."""
    from ..errors import LimitError
    from ..symbol_payment import ways_to_pay

    total = already
    for symbol in cost:
        total += max((amount for _, _, amount in ways_to_pay(symbol).represents), default=1)
        if total > MAX_MANA:
            raise LimitError(
                "too_much_mana", f"a pool holds at most {MAX_MANA:,} mana, not more", MAX_MANA
            )


_PLAIN: Final = re.compile(r"(?:\{[WUBRGC]\}|[WUBRGC]){1,1000}")
"""One mana a symbol or a letter."""


def kinds_of(text: str, snow: bool) -> tuple[ManaKind, ...]:
    """The kinds of the units ``text`` writes (see :func:`mtgmana.cli.pay.units_from_symbols`)."""
    if _PLAIN.fullmatch(text):
        return tuple(_kind(letter, snow) for letter in text if letter not in "{}")
    return _parsed(text, snow)


@functools.lru_cache(maxsize=16)
def _kind(letter: str, snow: bool) -> ManaKind:
    return ManaKind(ManaType(letter), snow=snow)


@functools.lru_cache(maxsize=1024)
def _parsed(text: str, snow: bool) -> tuple[ManaKind, ...]:
    from ..errors import MtgManaError
    from ..symbol_payment import ways_to_pay

    cost = ManaCost.parse(text, lenient=True)
    check_mana_amount(cost)
    kinds: list[ManaKind] = []
    for symbol in cost:
        halves = ways_to_pay(symbol).represents
        if len(halves) != 1:
            raise MtgManaError(
                f"{symbol} can't be floating mana here: write the mana it adds (CR 106.8)"
            )
        _, mana_type, amount = halves[0]  # 106.9-106.11: generic and {S} as colorless
        kinds.extend([ManaKind(mana_type or ManaType.C, snow=snow)] * amount)
    return tuple(kinds)


@functools.lru_cache(maxsize=4096)
def lenient_cost(text: str) -> ManaCost:
    """``ManaCost.parse(text, lenient=True)``, remembered (costs are immutable values):
    an engine asks the same few costs again and again."""
    return ManaCost.parse(text, lenient=True)
