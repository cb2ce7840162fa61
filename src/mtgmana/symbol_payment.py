"""How each mana symbol is paid (CR 107.4, 118.6) and which mana it represents
(CR 106.8-106.11, 118.7): the one place that reads a symbol's kind for paying.

:func:`ways_to_pay` gives a :class:`WaysToPay` for any :class:`~mtgmana.ManaSymbol`,
computed once per symbol (symbols are interned). Payment, the mana pool, the tapper
and cost reduction read these facts instead of branching on
:class:`~mtgmana.SymbolKind`:

>>> from mtgmana import ManaSymbol
>>> from mtgmana.symbol_payment import ways_to_pay
>>> two_w = ways_to_pay(ManaSymbol.parse("{2/W}"))
>>> sorted(t.value for t in two_w.types), two_w.or_generic, two_w.least_mana(), two_w.most_mana()
(['W'], 2, 1, 2)
>>> phyrexian = ways_to_pay(ManaSymbol.parse("{G/U/P}"))
>>> sorted(t.value for t in phyrexian.types), phyrexian.life, phyrexian.least_mana()
(['G', 'U'], 2, 0)
>>> ways_to_pay(ManaSymbol.parse("{X}")).most_mana(x=3), ways_to_pay(ManaSymbol.parse("{S}")).snow
(3, True)
>>> ways_to_pay(ManaSymbol.parse("{D}")).unpayable
'{D} is paid with a land drop, not mana'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, cast

from .colors import ManaType
from .symbols import ManaSymbol, SymbolKind

__all__ = ["LIFE_PER_SYMBOL", "Represented", "WaysToPay", "plain_colors", "ways_to_pay"]

LIFE_PER_SYMBOL: Final = 2
"""Life paid for one Phyrexian symbol (CR 107.4f)."""

Represented = tuple[str, "ManaType | None", int]
"""One way to read a symbol as mana: the half chosen (``"W"``, ``"2"``), the type of
mana (``None``: generic mana) and how much."""

_TYPE_OF: Final = {t.value: t for t in ManaType}
_ALL: Final = frozenset(ManaType)
_COLORS: Final = frozenset(t for t in ManaType if t is not ManaType.C)
_BIT: Final = {t: 1 << i for i, t in enumerate(ManaType)}


@dataclass(frozen=True, slots=True)
class WaysToPay:
    """What paying one mana symbol takes (CR 107.4), and the mana it represents.

    A symbol is paid with ``generic`` mana of any type (numerals), with the value
    chosen for X (``variable``), or with one mana of one of ``types`` (``one_mana``),
    which may instead be ``or_generic`` mana of any type ({2/W}) or ``life`` life
    (Phyrexian symbols). ``snow`` / ``legendary``: that one mana must come from a
    snow / legendary source. ``unpayable``: why no mana pays it (``{∞}``, ``{D}``).
    ``plain``: the type of {W}, ..., {G}, {C}, which one mana of it alone pays.
    """

    types: frozenset[ManaType]
    """The types one mana paying it may be (all six for generic mana, ``{S}``, ``{L}``,
    ``{½}``; the colored half of ``{2/W}``; none when no mana pays it)."""
    type_bits: int
    """:attr:`types` as bits, in :class:`~mtgmana.ManaType` order (W is bit 0, C bit 5)."""
    one_mana: bool = False
    """Paid with one mana of :attr:`types` (CR 107.4a, c, e-h), or its alternatives."""
    generic: int = 0
    """The generic mana a numerical symbol stands for (CR 107.4b); else 0."""
    variable: bool = False
    """``{X}``, ``{Y}``, ``{Z}``: generic mana, as much as the value chosen (CR 107.3)."""
    or_generic: int = 0
    """Generic mana that pays it instead of one mana of :attr:`types` ({2/W}: 2,
    CR 107.4e); 0 if none."""
    life: int = 0
    """Life that pays it instead of mana (CR 107.4f, 107.4g); 0 if none."""
    snow: bool = False
    """Its mana must come from a snow source (``{S}``, CR 107.4h)."""
    legendary: bool = False
    """Its mana must come from a legendary source (``{L}``, Un-sets)."""
    unpayable: str | None = None
    """Why no mana can pay it (CR 118.6), or ``None``."""
    plain: ManaType | None = None
    """The one type of mana that pays it, when one mana of that type and nothing else
    does: {W}, {U}, {B}, {R}, {G} (CR 107.4a) and {C} (CR 107.4c); else ``None``."""
    represents: tuple[Represented, ...] = ()
    """The mana it represents when an effect adds it (CR 106.8-106.11) or a cost is
    reduced by it (CR 118.7): one entry per half to choose from (several for hybrid
    symbols, CR 106.8, 118.7e); empty when it represents no amount of mana yet (X)
    or none at all (``{H}``, ``{L}``, half mana, ``{∞}``, ``{D}``)."""

    def least_mana(self, x: int = 0) -> int:
        """The least mana paying it takes ({2/W}: 1, Phyrexian: 0, X: ``x``)."""
        if self.variable:
            return x
        if self.one_mana:
            return 0 if self.life else 1
        return self.generic

    def most_mana(self, x: int = 0) -> int:
        """The most mana paying it takes ({2/W}: 2, Phyrexian: 1, X: ``x``)."""
        if self.variable:
            return x
        if self.one_mana:
            return max(1, self.or_generic)
        return self.generic


def ways_to_pay(symbol: ManaSymbol) -> WaysToPay:
    """How ``symbol`` is paid and what mana it represents (computed once per symbol)."""
    ways = symbol._ways
    if ways is None:
        ways = symbol._ways = _ways_of(symbol)
    return cast(WaysToPay, ways)


def _one_mana(
    types: frozenset[ManaType],
    *,
    or_generic: int = 0,
    life: int = 0,
    snow: bool = False,
    legendary: bool = False,
    represents: tuple[Represented, ...] = (),
    plain: ManaType | None = None,
) -> WaysToPay:
    bits = 0
    for t in types:
        bits |= _BIT[t]
    return WaysToPay(
        types, bits, True, 0, False, or_generic, life, snow, legendary, None, plain, represents
    )


def _ways_of(symbol: ManaSymbol) -> WaysToPay:
    """The one switch over the kinds of mana symbols (CR 107.4)."""
    kind = symbol.kind
    halves = [h for h in symbol.halves if h != "P"]
    if kind is SymbolKind.GENERIC:  # 107.4b, 106.10, 118.7a
        amount = symbol.generic_amount
        return WaysToPay(_ALL, 63, generic=amount, represents=((halves[0], None, amount),))
    if kind is SymbolKind.VARIABLE:  # 107.3
        return WaysToPay(_ALL, 63, variable=True)
    if kind is SymbolKind.INFINITE:
        return WaysToPay(frozenset(), 0, unpayable="{∞} is infinite mana")
    if kind is SymbolKind.LAND_DROP:
        return WaysToPay(frozenset(), 0, unpayable="{D} is paid with a land drop, not mana")
    return _one_mana_ways(symbol, kind, halves)


def _one_mana_ways(symbol: ManaSymbol, kind: SymbolKind, halves: list[str]) -> WaysToPay:
    """The ways to pay a symbol paid with one mana (or life, or two generic mana):
    colored, colorless, hybrid, Phyrexian, snow, legendary and half symbols."""
    typed = frozenset(_TYPE_OF[h] for h in halves if h in _TYPE_OF)
    if kind in (SymbolKind.COLORED, SymbolKind.COLORLESS):  # 107.4a, 107.4c
        (plain,) = typed
        return _one_mana(typed, represents=_of_halves(halves), plain=plain)
    if kind in (SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID):  # 107.4e
        return _one_mana(typed, represents=_of_halves(halves))
    if kind is SymbolKind.MONOCOLORED_HYBRID:  # 107.4e: one of its color or two
        return _one_mana(typed, or_generic=symbol.generic_amount, represents=_of_halves(halves))
    if kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):  # 107.4f; 106.9, 118.7f
        return _one_mana(typed, life=LIFE_PER_SYMBOL, represents=_of_halves(halves))
    if kind is SymbolKind.GENERIC_PHYREXIAN:  # 107.4g: any Phyrexian symbol
        return _one_mana(_COLORS, life=LIFE_PER_SYMBOL)
    if kind is SymbolKind.SNOW:  # 107.4h; 106.11, 118.7g: generic mana
        return _one_mana(_ALL, snow=True, represents=(("S", None, 1),))
    if kind is SymbolKind.LEGENDARY:
        return _one_mana(_ALL, legendary=True)
    # SymbolKind.HALF: {HW}, {HR}: half of that color; {½}: of any type
    color = frozenset(_TYPE_OF[c] for c in halves[0][1:])  # "HW" -> W, "½" -> none
    return _one_mana(color or _ALL)


def _of_halves(halves: list[str]) -> tuple[Represented, ...]:
    """The mana of each half to choose from (CR 106.8, 118.7e): a number is generic
    mana, a letter one mana of its type (Phyrexian: of its color, 106.9, 118.7f)."""
    return tuple((h, None, int(h)) if h.isdigit() else (h, _TYPE_OF[h], 1) for h in halves)


def plain_colors(ways: WaysToPay) -> bool:
    """Whether one mana of one of ``ways.types``, all colors, pays the symbol and
    nothing else does: a colored symbol or a two-color hybrid (not Phyrexian, not
    {2/W}, not {C/W}, not snow or legendary)."""
    return (
        ways.one_mana
        and not ways.life
        and not ways.or_generic
        and not ways.snow
        and not ways.legendary
        and ManaType.C not in ways.types
        and bool(ways.types)
    )
