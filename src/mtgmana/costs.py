"""Mana costs (CR 202, 107.3, 118.6-118.7, 601.2f).

A :class:`ManaCost` is an immutable, hashable sequence of mana symbols in printed
order. ``str()`` gives the canonical text and ``repr()`` rebuilds the value:

>>> from mtgmana import ManaCost
>>> cost = ManaCost.parse("{1}{W/U}{W/U}")
>>> cost
ManaCost.parse('{1}{W/U}{W/U}')
>>> cost.mana_value, str(cost.colors)          # CR 202.3f example
(3, 'WU')
>>> ManaCost.parse("{2/B}{2/B}{2/B}").mana_value  # CR 202.3f example
6
>>> ManaCost.parse("{1}{W/P}{W/P}").mana_value    # CR 202.3g example
3

"No mana cost" (CR 202.1b: lands, most back faces) is the empty cost, which is not
``{0}``; it is unpayable (CR 118.6), and stays so when increased (CR 118.6a):

>>> ManaCost.parse(""), ManaCost.parse("").has_mana_cost, ManaCost.parse("{0}").has_mana_cost
(ManaCost.parse(''), False, True)
>>> str(ManaCost.parse("") + ManaCost.parse("{2}"))
''

X is 0 off the stack and the chosen value on it (CR 202.3e):

>>> fireball = ManaCost.parse("{X}{R}")
>>> fireball.mana_value, fireball.choose_x(4), fireball.choose_x(4).mana_value
(1, ManaCost.parse('{4}{R}'), 5)

Lenient mode reads the notations people type:

>>> ManaCost.parse("2WU", lenient=True), ManaCost.parse("{u/w}{P/B}", lenient=True)
(ManaCost.parse('{2}{W}{U}'), ManaCost.parse('{W/U}{B/P}'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, overload

from .colors import Color, printed_order
from .errors import ManaSyntaxError, MtgManaError
from .symbols import _BY_TEXT, ManaSymbol, SymbolKind, parse_symbols

__all__ = ["NO_MANA_COST", "ManaCost"]

# Fast path: the piece before each '}' of a canonical cost, e.g. '{2/W', -> symbol.
_BY_PIECE: dict[str, ManaSymbol] = {text[:-1]: symbol for text, symbol in _BY_TEXT.items()}
_piece = _BY_PIECE.__getitem__
_INTERN: dict[str, ManaCost] = {}
_intern_get = _INTERN.get
_new = object.__new__
_INTERN_LIMIT: Final = 1 << 16  # entries; the cache is cleared when full
_INTERN_MAX_TEXT: Final = 256  # longer texts are parsed but not interned


class ManaCost:
    """A mana cost: mana symbols in printed order (CR 202.1), or no mana cost.

    Build costs with :meth:`parse` or :meth:`from_symbols`. Two costs are equal when
    they have the same symbols in the same order; compare ``a.sorted() ==
    b.sorted()`` to ignore order.
    """

    __slots__ = ("_colors", "_hash", "_mana_value2", "_symbols", "_text")

    _symbols: tuple[ManaSymbol, ...]
    _hash: int
    _mana_value2: float
    _colors: Color
    _text: str | None

    def __new__(cls, *args: object, **kwargs: object) -> ManaCost:
        raise TypeError("use ManaCost.parse('{2}{W}') or ManaCost.from_symbols([...])")

    @classmethod
    def _make(cls, symbols: tuple[ManaSymbol, ...], text: str | None = None) -> ManaCost:
        # Only two slots are set here: parsing is hot. The others are computed
        # on first use (AttributeError means "not yet").
        self = object.__new__(cls)
        self._symbols = symbols
        self._text = text
        return self

    # -- building ----------------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, lenient: bool = False) -> ManaCost:
        """The mana cost written as ``text``, e.g. ``"{2}{W}{U}"``.

        ``""`` is "no mana cost", as Scryfall writes it. Strict mode accepts only the
        canonical notation and raises :class:`~mtgmana.ManaSyntaxError` with the
        position of the first problem. ``lenient=True`` also accepts lower case,
        white space, reversed hybrid halves (``{U/W}``), older Phyrexian text
        (``{P/W}``, ``{PW}``) and compact shorthand (``2WU``, ``1UU``, ``XRR``).
        """
        # Strict text already parsed is interned; lenient mode reads any strict text
        # the same way, so it may use the cache too.
        cost = _intern_get(text)
        if cost is not None:
            return cost
        if not lenient:
            # Fast path: a canonical cost splits on '}' into known pieces, e.g.
            # '{2}{W}' -> ['{2', '{W', '']. Anything else goes to the full parser.
            try:
                pieces = text.split("}")
            except AttributeError:
                raise TypeError(
                    f"mana cost text must be a str, not {type(text).__name__}"
                ) from None
            cost = _new(cls)
            try:
                if pieces.pop():
                    raise KeyError
                cost._symbols = tuple(map(_piece, pieces))
            except KeyError:
                cost._symbols = tuple(parse_symbols(text))
            cost._text = text
            if len(_INTERN) < _INTERN_LIMIT:
                if len(text) <= _INTERN_MAX_TEXT:
                    _INTERN[text] = cost
            else:
                _INTERN.clear()
            return cost
        if not isinstance(text, str):
            raise TypeError(f"mana cost text must be a str, not {type(text).__name__}")
        return cls._make(tuple(parse_symbols(text, lenient=True)))

    @classmethod
    def from_symbols(cls, symbols: Iterable[ManaSymbol | str]) -> ManaCost:
        """A cost of the given symbols, in the given order (texts are parsed strictly)."""
        items: list[ManaSymbol] = []
        for symbol in symbols:
            if isinstance(symbol, str):
                symbol = ManaSymbol.parse(symbol)
            elif not isinstance(symbol, ManaSymbol):
                raise TypeError(f"not a mana symbol: {symbol!r}")
            items.append(symbol)
        return cls._make(tuple(items))

    @classmethod
    def zero(cls) -> ManaCost:
        """The cost ``{0}``: payable with no resources (CR 107.4d, 118.5)."""
        return _ZERO

    # -- value protocol ------------------------------------------------------

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = "".join([s._text for s in self._symbols])
        return text

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = self._hash = hash(self._symbols)
            return value

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, ManaCost):
            return self._symbols == other._symbols
        return NotImplemented

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (ManaCost.parse, (str(self),))

    def __copy__(self) -> ManaCost:
        return self

    def __deepcopy__(self, memo: object) -> ManaCost:
        return self

    def __bool__(self) -> bool:
        """False only for "no mana cost"; ``{0}`` is a cost and is true."""
        return bool(self._symbols)

    def __len__(self) -> int:
        return len(self._symbols)

    def __iter__(self) -> Iterator[ManaSymbol]:
        return iter(self._symbols)

    @overload
    def __getitem__(self, index: int) -> ManaSymbol: ...

    @overload
    def __getitem__(self, index: slice) -> ManaCost: ...

    def __getitem__(self, index: int | slice) -> ManaSymbol | ManaCost:
        if isinstance(index, slice):
            return ManaCost._make(self._symbols[index])
        return self._symbols[index]

    def __contains__(self, symbol: object) -> bool:
        if isinstance(symbol, str):
            try:
                symbol = ManaSymbol.parse(symbol)
            except ManaSyntaxError:
                return False
        return symbol in self._symbols

    def __add__(self, other: ManaCost) -> ManaCost:
        """Both costs' symbols (split halves, additional costs: CR 601.2f, 709.4b).

        No mana cost plus anything is still no mana cost (CR 118.6a).
        """
        if not isinstance(other, ManaCost):
            return NotImplemented
        if not self._symbols or not other._symbols:
            return NO_MANA_COST
        return ManaCost._make(self._symbols + other._symbols)

    # -- what the rules say about it -------------------------------------------

    @property
    def symbols(self) -> tuple[ManaSymbol, ...]:
        """The symbols in printed order."""
        return self._symbols

    @property
    def has_mana_cost(self) -> bool:
        """False for "no mana cost" (CR 202.1b), which is an unpayable cost (118.6)."""
        return bool(self._symbols)

    @property
    def mana_value(self) -> int | float:
        """The mana value, with X as 0 (CR 202.3, 202.3e-g).

        An int, but 0.5-steps for half mana and ``math.inf`` with ``{∞}``.
        """
        try:
            value2 = self._mana_value2
        except AttributeError:
            value2 = self._mana_value2 = sum([s._mana_value2 for s in self._symbols])
        if value2 % 2 == 0:
            return int(value2 // 2)
        return value2 / 2

    def mana_value_with_x(self, x: int, *, y: int = 0, z: int = 0) -> int | float:
        """The mana value on the stack, with X (and Y, Z) chosen (CR 202.3e, 107.3a)."""
        return self.choose_x(x, y=y, z=z).mana_value

    @property
    def colors(self) -> Color:
        """The colors of its mana symbols (CR 202.2, 202.2d); colorless if none."""
        try:
            return self._colors
        except AttributeError:
            bits = 0
            for symbol in self._symbols:
                bits |= symbol._colors._value_
            colors = self._colors = _COLORS[bits]
            return colors

    @property
    def generic(self) -> int:
        """The total of its generic numerals (not X, not ``{2/W}``)."""
        return sum(s._generic for s in self._symbols if s.is_numeral)

    @property
    def x_count(self) -> int:
        """How many ``{X}`` it has (``{X}{X}{R}`` has 2)."""
        return self.count("{X}")

    def count(self, symbol: ManaSymbol | str) -> int:
        """How many times a symbol appears."""
        if isinstance(symbol, str):
            symbol = ManaSymbol.parse(symbol)
        return self._symbols.count(symbol)

    # -- arithmetic the rules need ---------------------------------------------

    def choose_x(self, x: int, *, y: int = 0, z: int = 0) -> ManaCost:
        """The cost with each ``{X}`` (``{Y}``, ``{Z}``) replaced by the chosen number
        (CR 107.3a: X is announced while casting; every X has that value, 107.3i)."""
        values = {"{X}": x, "{Y}": y, "{Z}": z}
        for name, value in values.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise MtgManaError(
                    f"{name[1]} must be a whole number 0 or more (CR 107.1), not {value!r}"
                )
        if not any(s.is_variable for s in self._symbols):
            return self
        return ManaCost._make(
            tuple(
                ManaSymbol.generic(values[s._text]) if s.is_variable else s for s in self._symbols
            )
        )

    def increase(self, generic: int) -> ManaCost:
        """The cost increased by ``generic`` generic mana (CR 601.2f).

        No mana cost stays no mana cost (CR 118.6a).

        >>> ManaCost.parse("{1}{W}").increase(2), ManaCost.parse("{G}").increase(1)
        (ManaCost.parse('{3}{W}'), ManaCost.parse('{1}{G}'))
        """
        _check_amount(generic, "an increase")
        if not self._symbols or generic == 0:
            return self
        return self._with_generic(self.generic + generic)

    def reduce_generic(self, generic: int) -> ManaCost:
        """The cost reduced by ``generic`` generic mana (CR 118.7a, 601.2f).

        Only the generic numerals are reduced, never below ``{0}``; colored, colorless
        and snow symbols are untouched (CR 107.4h). Choose X first (``choose_x``) for
        a reduction to apply to X, and choose the half of a ``{2/W}`` symbol before
        reducing it. A cost reduced to nothing is ``{0}`` (CR 118.7).

        >>> ManaCost.parse("{3}{S}{R}").reduce_generic(5)
        ManaCost.parse('{S}{R}')
        >>> ManaCost.parse("{2}").reduce_generic(3)
        ManaCost.parse('{0}')
        """
        _check_amount(generic, "a reduction")
        if not self._symbols or generic == 0:
            return self
        return self._with_generic(max(0, self.generic - generic))

    def reduce(self, by: ManaCost | str) -> ManaCost:
        """The cost reduced by an amount of mana written as symbols (CR 118.7a-g).

        A reduction by ``{W}`` removes a ``{W}`` from the cost, or one generic mana if
        the cost has no ``{W}`` left (118.7b, 118.7c); ``{C}`` likewise (118.7d);
        ``{W/P}`` reduces as ``{W}`` (118.7f); ``{S}`` and numerals reduce generic mana
        (118.7g, 118.7a). A hybrid reduction needs the player's choice of half first
        (118.7e) and raises :class:`~mtgmana.MtgManaError`.

        >>> ManaCost.parse("{2}{W}{U}").reduce("{W}{W}")
        ManaCost.parse('{1}{U}')
        """
        from .symbol_payment import ways_to_pay

        if isinstance(by, str):
            by = ManaCost.parse(by)
        if not self._symbols:
            return self
        symbols = list(self._symbols)
        generic = 0
        for symbol in by._symbols:
            halves = ways_to_pay(symbol).represents
            if len(halves) != 1:
                if symbol.is_variable:
                    raise MtgManaError(f"choose a value for {symbol} before reducing by it")
                if halves:
                    raise MtgManaError(
                        f"choose one half of {symbol} before reducing a cost by it (CR 118.7e)"
                    )
                raise MtgManaError(f"a cost can't be reduced by {symbol}")
            _, mana_type, amount = halves[0]
            if mana_type is None:  # 118.7a, 118.7g: generic mana, {S}
                generic += amount
                continue
            plain = _BY_TEXT["{" + mana_type.value + "}"]  # 118.7b-d, 118.7f
            if plain in symbols:
                symbols.remove(plain)
            else:
                generic += 1
        reduced = ManaCost._make(tuple(symbols) or (_ZERO_SYMBOL,))
        return reduced.reduce_generic(generic)

    def _with_generic(self, amount: int) -> ManaCost:
        """This cost with its numerals replaced by one numeral ``amount``, placed where
        the first numeral was (or after the variables); ``{0}`` only if nothing else."""
        rest: list[ManaSymbol] = []
        place = -1
        for symbol in self._symbols:
            if symbol.is_numeral:
                if place < 0:
                    place = len(rest)
            else:
                rest.append(symbol)
        if place < 0:
            place = sum(1 for s in rest if s.is_variable)
        if amount or not rest:
            rest.insert(place, ManaSymbol.generic(amount))
        return ManaCost._make(tuple(rest))

    def sorted(self) -> ManaCost:
        """The symbols in the order printed cards use (CR 107.4 lists the symbols):
        variables, generic, snow, colorless, then the colored symbols by their colors
        in the order the cost's color combination is printed (``{G}{W}``, ``{W}{B}{G}``).

        >>> ManaCost.parse("{G}{W}{1}").sorted(), ManaCost.parse("{G}{B}{W}{3}").sorted()
        (ManaCost.parse('{1}{G}{W}'), ManaCost.parse('{3}{W}{B}{G}'))
        """
        order = printed_order(self.colors)
        return ManaCost._make(tuple(sorted(self._symbols, key=lambda s: _sort_key(s, order))))


def _check_amount(amount: int, what: str) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise MtgManaError(f"{what} must be a whole number of mana 0 or more, not {amount!r}")


_GROUP = {
    SymbolKind.VARIABLE: 0,
    SymbolKind.GENERIC: 1,
    SymbolKind.INFINITE: 1,
    SymbolKind.SNOW: 2,
    SymbolKind.COLORLESS: 3,
    SymbolKind.LEGENDARY: 3,
    SymbolKind.LAND_DROP: 3,
    SymbolKind.GENERIC_PHYREXIAN: 5,
}
_SUBORDER = {
    SymbolKind.COLORED: 0,
    SymbolKind.HALF: 0,
    SymbolKind.HYBRID: 1,
    SymbolKind.MONOCOLORED_HYBRID: 1,
    SymbolKind.COLORLESS_HYBRID: 1,
    SymbolKind.PHYREXIAN: 2,
    SymbolKind.HYBRID_PHYREXIAN: 2,
}


def _sort_key(symbol: ManaSymbol, order: str) -> tuple[int, int, int, str]:
    kind = symbol._kind
    group = _GROUP.get(kind)
    if group is not None:
        return (group, 0, 0, symbol._text)
    if not symbol._colors:  # {½}, {C/P}
        return (3, 0, _SUBORDER.get(kind, 3), symbol._text)
    position = min(order.index(c) for c in str(symbol._colors))
    return (4, position, _SUBORDER.get(kind, 3), "")


_COLORS = tuple(Color(bits) for bits in range(32))
_ZERO_SYMBOL = ManaSymbol.generic(0)
NO_MANA_COST: Final = ManaCost._make((), "")
"""No mana cost at all (CR 202.1b): an unpayable cost (CR 118.6), not ``{0}``."""
_ZERO = ManaCost._make((_ZERO_SYMBOL,), "{0}")
_INTERN[""] = NO_MANA_COST
