"""Private: the mana an effect adds to a pool (CR 106.3-106.11): a type given as a
:class:`~mtgmana.colors.ManaType` or its letter, the kind of the new units (source,
snow, legendary, restriction, riders, duration), and the mana mana symbols
represent (106.8: a hybrid symbol's half is chosen; 106.9-106.11)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from ..colors import ManaType
from ..errors import MtgManaError
from ..mana import Duration, ManaKind, Rider, Source
from ..restrictions import Restriction
from ..symbol_payment import Represented, ways_to_pay
from ..symbols import ManaSymbol

__all__ = ["Choice", "check_amount", "make_kind", "mana_type_of", "symbol_mana"]

Choice: TypeAlias = "Callable[[ManaSymbol], str | ManaType | None] | Mapping[str, str | ManaType]"
"""How a hybrid symbol's half is chosen: a function of the symbol, or the half by
the symbol's text (``{"{2/W}": "2"}``)."""


def mana_type_of(value: ManaType | str) -> ManaType:
    if isinstance(value, ManaType):
        return value
    if isinstance(value, str):
        return ManaType.parse(value)
    raise MtgManaError(f"not a type of mana: {value!r}")


def check_amount(value: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MtgManaError(f"{what} must be a whole number 0 or more, not {value!r}")


def make_kind(
    mana_type: ManaType,
    source: Source | None,
    snow: bool,
    legendary: bool,
    restriction: Restriction | None,
    riders: Iterable[Rider],
    duration: Duration,
) -> ManaKind:
    if source is not None and not isinstance(source, Source):
        raise MtgManaError(f"a source of mana must be a Source, not {source!r}")
    if not isinstance(snow, bool) or not isinstance(legendary, bool):
        raise MtgManaError("snow and legendary must be True or False")
    if restriction is not None and not isinstance(restriction, Restriction):
        raise MtgManaError(f"not a restriction: {restriction!r}")
    riders = tuple(riders)
    for rider in riders:
        if not isinstance(rider, Rider):
            raise MtgManaError(f"not a rider: {rider!r}")
    if not isinstance(duration, Duration):
        raise MtgManaError(f"not a duration: {duration!r}")
    return ManaKind(mana_type, source, snow, legendary, restriction, riders, duration)


def _chosen_half(
    symbol: ManaSymbol, halves: Sequence[Represented], choose: Choice | None
) -> Represented:
    """The half of a hybrid symbol the player chooses (CR 106.8): by ``choose`` (a
    mapping from the symbol's text, or a function of the symbol), by default its
    first colored half."""
    options = [half for half, _, _ in halves]
    choice: str | ManaType | None = None
    if choose is not None:
        if isinstance(choose, Mapping):
            choice = choose.get(symbol.text)
        elif callable(choose):
            choice = choose(symbol)
        else:
            raise MtgManaError(f"choose must be a mapping or a function, not {choose!r}")
    if choice is None:
        return next(h for h in halves if h[1] in _COLORED)
    half = choice.value if isinstance(choice, ManaType) else str(choice).strip("{}")
    half = half.upper()
    if half not in options:
        raise MtgManaError(
            f"{half!r} is not a half of {symbol} (choose one of {', '.join(options)}; CR 106.8)"
        )
    return halves[options.index(half)]


def symbol_mana(symbol: ManaSymbol, choose: Choice | None) -> list[tuple[ManaType, int]]:
    """The mana one symbol adds (CR 106.8-106.11): generic mana as colorless."""
    halves = ways_to_pay(symbol).represents
    if not halves:
        if symbol.is_variable:
            raise MtgManaError(
                f"{symbol} has no amount until a value is chosen for it "
                "(use ManaCost.choose_x first; CR 107.3)"
            )
        if symbol.is_phyrexian:
            raise MtgManaError(f"{symbol} stands for any Phyrexian symbol (CR 107.4g), not mana")
        raise MtgManaError(f"{symbol} ({symbol.kind.value}) can't be added to a mana pool")
    if len(halves) == 1:
        _, mana_type, amount = halves[0]
    else:  # 106.8: the player chooses a half (by default its first colored half)
        _, mana_type, amount = _chosen_half(symbol, halves, choose)
    if not amount:
        return []
    return [(mana_type or ManaType.C, amount)]  # 106.10, 106.11: generic as colorless


_COLORED: Final = frozenset(t for t in ManaType if t is not ManaType.C)
