"""Mana symbols (CR 107.4) and the other symbols of card text (CR 107.5-107.18).

A :class:`ManaSymbol` is an immutable, interned value: parsing the same text twice
gives the same object. Each symbol knows what the rules say about it:

>>> from mtgmana import ManaSymbol
>>> s = ManaSymbol.parse("{2/W}")
>>> s, str(s), s.mana_value, s.colors, s.is_hybrid
(ManaSymbol.parse('{2/W}'), '{2/W}', 2, Color.W, True)
>>> ManaSymbol.parse("{W/U/P}").is_phyrexian, ManaSymbol.parse("{S}").is_snow
(True, True)
>>> ManaSymbol.parse("{HW}").mana_value
0.5

How each symbol is paid (the mana types, life, {2/W}'s two generic mana, ...) is
:func:`mtgmana.symbol_payment.ways_to_pay`; the notation is read by
``mtgmana._parser``, which this module hands the table of symbols.

Symbols that are not mana (``{T}``, ``{Q}``, ``{E}``, ...) are known as such:

>>> ManaSymbol.parse("{T}")
Traceback (most recent call last):
...
mtgmana.errors.ManaSyntaxError: '{T}' is the tap symbol (CR 107.5), not a mana symbol
    {T}
    ^
"""

from __future__ import annotations

import enum
import math
from typing import Final

from ._parser import MAX_NUMERAL_DIGITS, NON_MANA_SYMBOLS, SymbolReader
from ._repr import enum_repr
from .colors import COLORLESS, Color
from .errors import ManaSyntaxError

__all__ = ["MAX_NUMERAL_DIGITS", "NON_MANA_SYMBOLS", "ManaSymbol", "SymbolKind", "parse_symbols"]


class SymbolKind(enum.Enum):
    """What kind of mana symbol this is, in the words of CR 107.4."""

    __repr__ = enum_repr

    GENERIC = "generic"  # {0}, {1}, ..., {1000000} (107.4b)
    VARIABLE = "variable"  # {X}, {Y}, {Z} (107.3, 107.4b)
    COLORED = "colored"  # {W} {U} {B} {R} {G} (107.4a)
    COLORLESS = "colorless"  # {C} (107.4c)
    HYBRID = "hybrid"  # {W/U} (107.4e)
    MONOCOLORED_HYBRID = "monocolored hybrid"  # {2/W} (107.4e)
    COLORLESS_HYBRID = "colorless hybrid"  # {C/W} (107.4e)
    PHYREXIAN = "Phyrexian"  # {W/P}, {C/P} (107.4f)
    HYBRID_PHYREXIAN = "hybrid Phyrexian"  # {W/U/P} (107.4f)
    GENERIC_PHYREXIAN = "any Phyrexian"  # {H} (107.4g)
    SNOW = "snow"  # {S} (107.4h)
    LEGENDARY = "legendary"  # {L}: one mana from a legendary source (Un-set)
    HALF = "half"  # {HW}, {HR}, {½} (Un-sets)
    INFINITE = "infinite"  # {∞} (Un-set)
    LAND_DROP = "land drop"  # {D}: one potential land drop (Un-set); not mana


class ManaSymbol:
    """One mana symbol such as ``{W}``, ``{2/B}`` or ``{X}`` (CR 107.4).

    Build symbols with :meth:`parse`; every attribute is read-only.
    """

    __slots__ = (
        "_colors",
        "_funny",
        "_generic",
        "_halves",
        "_hash",
        "_kind",
        "_mana_value2",
        "_text",
        "_ways",
    )

    _text: str
    _kind: SymbolKind
    _colors: Color
    _mana_value2: float  # twice the mana value, an integer but for {∞}
    _generic: int
    _halves: tuple[str, ...]
    _funny: bool
    _hash: int
    _ways: object  # how it is paid: filled by mtgmana.symbol_payment.ways_to_pay

    def __new__(cls, *args: object, **kwargs: object) -> ManaSymbol:
        raise TypeError("use ManaSymbol.parse('{W}') to get a mana symbol")

    @classmethod
    def _make(
        cls,
        text: str,
        kind: SymbolKind,
        colors: Color,
        mana_value2: float,
        generic: int,
        halves: tuple[str, ...],
        funny: bool,
    ) -> ManaSymbol:
        self = object.__new__(cls)
        self._text = text
        self._kind = kind
        self._colors = colors
        self._mana_value2 = mana_value2
        self._generic = generic
        self._halves = halves
        self._funny = funny
        self._hash = hash(("ManaSymbol", text))
        self._ways = None
        return self

    # -- parsing -----------------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, lenient: bool = False) -> ManaSymbol:
        """The mana symbol written as ``text``, braces included (``"{W/U}"``).

        Strict by default; ``lenient=True`` accepts the other notations that
        :meth:`ManaCost.parse <mtgmana.ManaCost.parse>` accepts in lenient mode.
        Raises :class:`~mtgmana.ManaSyntaxError` for anything else.
        """
        if not isinstance(text, str):
            raise TypeError(f"mana symbol text must be a str, not {type(text).__name__}")
        symbol = _BY_TEXT.get(text) if not lenient else None
        if symbol is not None:
            return symbol
        symbols = _READER.parse(text, lenient=lenient)
        if len(symbols) != 1:
            raise ManaSyntaxError(
                f"expected exactly one mana symbol, found {len(symbols)}", text, 0
            )
        return symbols[0]

    @classmethod
    def generic(cls, amount: int) -> ManaSymbol:
        """The generic mana symbol for ``amount`` (``{0}``, ``{3}``, ``{16}``, ...)."""
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(f"a generic mana symbol needs a whole number >= 0, not {amount!r}")
        if amount < len(_NUMERALS):
            return _NUMERALS[amount]
        return _numeral(str(amount))

    # -- value protocol ----------------------------------------------------

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"ManaSymbol.parse({self._text!r})"

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, ManaSymbol):
            return self._text == other._text
        return NotImplemented

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (ManaSymbol.parse, (self._text,))

    def __copy__(self) -> ManaSymbol:
        return self

    def __deepcopy__(self, memo: object) -> ManaSymbol:
        return self

    # -- what the rules say about it -----------------------------------------

    @property
    def text(self) -> str:
        """The canonical text, braces included."""
        return self._text

    @property
    def kind(self) -> SymbolKind:
        """Which kind of mana symbol this is."""
        return self._kind

    @property
    def colors(self) -> Color:
        """The colors of the symbol (CR 107.4a, 107.4e, 107.4f, 202.2)."""
        return self._colors

    @property
    def mana_value(self) -> int | float:
        """The symbol's contribution to a mana value (CR 202.3).

        Hybrid symbols count their largest half (202.3f), Phyrexian symbols 1
        (202.3g), half mana 0.5, ``{X}`` 0 (202.3e, off the stack), ``{∞}`` infinity.
        """
        value2 = self._mana_value2
        if value2 % 2 == 0:
            return int(value2 // 2)
        return value2 / 2

    @property
    def generic_amount(self) -> int:
        """The number on a generic symbol or on the generic half of ``{2/W}``; else 0."""
        return self._generic

    @property
    def halves(self) -> tuple[str, ...]:
        """The components of the symbol: ``('W', 'U')`` for ``{W/U}``, ``('2', 'W')``
        for ``{2/W}``, ``('W', 'P')`` for ``{W/P}``; one element for plain symbols."""
        return self._halves

    @property
    def is_generic(self) -> bool:
        """Generic mana in a cost: numerals and variables (CR 107.4b), and the
        Un-set generic symbols ``{½}`` and ``{∞}``."""
        return self._kind in _GENERIC_KINDS or self._text == "{½}"

    @property
    def is_numeral(self) -> bool:
        """A numerical symbol ``{0}``, ``{1}``, ... (CR 107.4b, 107.4d)."""
        return self._kind is SymbolKind.GENERIC

    @property
    def is_variable(self) -> bool:
        """``{X}``, ``{Y}`` or ``{Z}`` (CR 107.3)."""
        return self._kind is SymbolKind.VARIABLE

    @property
    def is_colored(self) -> bool:
        """A colored mana symbol: colored, hybrid and Phyrexian symbols of a color
        (CR 107.4a, 107.4e: a hybrid symbol is colored even if a half is colorless)."""
        return bool(self._colors)

    @property
    def is_colorless(self) -> bool:
        """The colorless mana symbol ``{C}`` (CR 107.4c)."""
        return self._kind is SymbolKind.COLORLESS

    @property
    def is_hybrid(self) -> bool:
        """Two ways to pay, one per half (CR 107.4e), including hybrid Phyrexian."""
        return self._kind in _HYBRID_KINDS

    @property
    def is_phyrexian(self) -> bool:
        """Payable with 2 life instead of mana (CR 107.4f, 107.4g)."""
        return self._kind in _PHYREXIAN_KINDS

    @property
    def is_snow(self) -> bool:
        """The snow symbol ``{S}`` (CR 107.4h)."""
        return self._kind is SymbolKind.SNOW

    @property
    def is_half(self) -> bool:
        """Half a mana: ``{HW}``, ``{HR}``, ``{½}``."""
        return self._kind is SymbolKind.HALF

    @property
    def is_funny(self) -> bool:
        """Only on Un-set (silver-bordered / acorn) cards."""
        return self._funny

    @property
    def represents_mana(self) -> bool:
        """Whether the symbol stands for mana (``{D}`` is a land drop, not mana)."""
        return self._kind is not SymbolKind.LAND_DROP


ONE_MANA_KINDS: Final = frozenset(
    {
        SymbolKind.COLORED,
        SymbolKind.COLORLESS,
        SymbolKind.HYBRID,
        SymbolKind.COLORLESS_HYBRID,
        SymbolKind.PHYREXIAN,
        SymbolKind.HYBRID_PHYREXIAN,
    }
)
"""Kinds of symbols paid by one mana of one of the types their halves name (CR 107.4a,
107.4c, 107.4e, 107.4f): the symbols that make pips."""

_GENERIC_KINDS = frozenset({SymbolKind.GENERIC, SymbolKind.VARIABLE, SymbolKind.INFINITE})
_HYBRID_KINDS = frozenset(
    {
        SymbolKind.HYBRID,
        SymbolKind.MONOCOLORED_HYBRID,
        SymbolKind.COLORLESS_HYBRID,
        SymbolKind.HYBRID_PHYREXIAN,
    }
)
_PHYREXIAN_KINDS = frozenset(
    {SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN, SymbolKind.GENERIC_PHYREXIAN}
)

_COLOR_OF = {"W": Color.W, "U": Color.U, "B": Color.B, "R": Color.R, "G": Color.G}
_WUBRG = "WUBRG"


def _numeral(digits: str) -> ManaSymbol:
    amount = int(digits)
    return ManaSymbol._make(
        "{" + digits + "}", SymbolKind.GENERIC, COLORLESS, 2 * amount, amount, (digits,),
        amount in (100, 1000000),
    )  # fmt: skip


_NUMERALS = tuple(_numeral(str(n)) for n in range(21))

# Every symbol with a fixed text, by its canonical text.
_BY_TEXT: dict[str, ManaSymbol] = {}


def _add(
    text: str,
    kind: SymbolKind,
    colors: Color,
    mana_value2: float,
    halves: tuple[str, ...],
    generic: int = 0,
    funny: bool = False,
) -> None:
    _BY_TEXT[text] = ManaSymbol._make(text, kind, colors, mana_value2, generic, halves, funny)


def _build() -> None:
    for symbol in _NUMERALS:
        _BY_TEXT[symbol.text] = symbol
    for digits in ("100", "1000000"):
        _BY_TEXT["{" + digits + "}"] = _numeral(digits)
    for letter in "XYZ":
        _add("{" + letter + "}", SymbolKind.VARIABLE, COLORLESS, 0, (letter,), funny=letter != "X")
    for letter in _WUBRG:
        color = _COLOR_OF[letter]
        _add("{" + letter + "}", SymbolKind.COLORED, color, 2, (letter,))
        _add("{2/" + letter + "}", SymbolKind.MONOCOLORED_HYBRID, color, 4, ("2", letter), 2)
        _add("{C/" + letter + "}", SymbolKind.COLORLESS_HYBRID, color, 2, ("C", letter))
        _add("{" + letter + "/P}", SymbolKind.PHYREXIAN, color, 2, (letter, "P"))
    # The ten two-color pairs, written in the order of the color wheel (CR 107.4).
    for pair in ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU"):
        a, b = pair
        colors = _COLOR_OF[a] | _COLOR_OF[b]
        _add("{" + a + "/" + b + "}", SymbolKind.HYBRID, colors, 2, (a, b))
        _add("{" + a + "/" + b + "/P}", SymbolKind.HYBRID_PHYREXIAN, colors, 2, (a, b, "P"))
    _add("{C}", SymbolKind.COLORLESS, COLORLESS, 2, ("C",))
    _add("{C/P}", SymbolKind.PHYREXIAN, COLORLESS, 2, ("C", "P"), funny=True)
    _add("{H}", SymbolKind.GENERIC_PHYREXIAN, COLORLESS, 2, ("H",))
    _add("{S}", SymbolKind.SNOW, COLORLESS, 2, ("S",))
    _add("{L}", SymbolKind.LEGENDARY, COLORLESS, 2, ("L",), funny=True)
    _add("{HW}", SymbolKind.HALF, Color.W, 1, ("HW",), funny=True)
    _add("{HR}", SymbolKind.HALF, Color.R, 1, ("HR",), funny=True)
    _add("{½}", SymbolKind.HALF, COLORLESS, 1, ("½",), funny=True)
    _add("{∞}", SymbolKind.INFINITE, COLORLESS, math.inf, ("∞",), funny=True)
    _add("{D}", SymbolKind.LAND_DROP, COLORLESS, 0, ("D",), funny=True)


_build()

_READER = SymbolReader(_BY_TEXT, _numeral)


def parse_symbols(text: str, *, lenient: bool = False) -> list[ManaSymbol]:
    """The mana symbols written in ``text``, in order (``"{2}{W}"`` -> ``{2}``, ``{W}``);
    see :meth:`ManaCost.parse <mtgmana.ManaCost.parse>` for the two notations. Raises
    :class:`~mtgmana.ManaSyntaxError`, whose position points at the failure."""
    return _READER.parse(text, lenient=lenient)
