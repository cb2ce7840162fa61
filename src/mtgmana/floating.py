"""Floating mana written as mana symbols (CR 106.3, 106.8-106.11): ``"{G}{G}"`` or
``"GG"`` — the notation ``mtgmana pay --pool``, ``serve``'s ``pool`` and the
payment functions' pools take.

``{G}`` is one green mana, ``{C}`` or a numeral colorless mana (CR 106.10), ``{S}``
one colorless mana (106.11); a hybrid symbol needs a choice of half (106.8) and is
refused. Each call makes new units (CR 106.3: each is its own); what they are is
read once per text.

>>> [str(unit) for unit in floating_mana("{2}{G}")]
['{C}', '{C}', '{G}']
>>> [str(unit) for unit in floating_mana("WUG")], floating_mana("")
(['{W}', '{U}', '{G}'], [])
"""

from __future__ import annotations

import functools
from typing import Final

from ._regex import lazy
from .colors import ManaType
from .costs import ManaCost
from .errors import LimitError, MtgManaError
from .mana import Mana, ManaKind
from .symbol_payment import ways_to_pay

__all__ = ["MAX_MANA", "check_mana_amount", "floating_mana", "kinds_of"]

MAX_MANA: Final = 1000
"""The most mana a pool written as symbols holds (``{1000}``): more is an error
(``too_much_mana``), not hours of work."""

_PLAIN: Final = lazy(r"(?:\{[WUBRGC]\}|[WUBRGC]){1,1000}")
"""One mana a symbol or a letter."""


def floating_mana(text: str, *, snow: bool = False) -> list[Mana]:
    """New units of the mana ``text`` writes (from snow sources if ``snow``).
    Raises :class:`~mtgmana.MtgManaError` for text that isn't floating mana."""
    if not isinstance(text, str):
        raise TypeError(f"floating mana is written as mana symbols, not {text!r}")
    return [Mana(kind) for kind in kinds_of(text, snow)] if text else []


def check_mana_amount(cost: ManaCost, already: int = 0) -> None:
    """Raise :class:`~mtgmana.errors.LimitError` when mana written as ``cost``
    (with ``already`` units) is more than :data:`MAX_MANA`."""
    total = already
    for symbol in cost:
        total += max((amount for _, _, amount in ways_to_pay(symbol).represents), default=1)
        if total > MAX_MANA:
            raise LimitError(
                "too_much_mana", f"a pool holds at most {MAX_MANA:,} mana, not more", MAX_MANA
            )


def kinds_of(text: str, snow: bool) -> tuple[ManaKind, ...]:
    """The kinds of the units ``text`` writes (see :func:`floating_mana`)."""
    if _PLAIN.fullmatch(text):
        return tuple(_kind(letter, snow) for letter in text if letter not in "{}")
    return _parsed(text, snow)


@functools.lru_cache(maxsize=16)
def _kind(letter: str, snow: bool) -> ManaKind:
    return ManaKind(ManaType(letter), snow=snow)


@functools.lru_cache(maxsize=1024)
def _parsed(text: str, snow: bool) -> tuple[ManaKind, ...]:
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
