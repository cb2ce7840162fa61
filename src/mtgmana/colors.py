"""The five colors (CR 105, 106.1a, 202.2) as a flag type, in WUBRG order, and the six
types of mana (CR 106.1b): the five colors and colorless.

A :class:`Color` value is a set of colors: ``Color.W | Color.U`` is white and blue;
``Color(0)`` (also :data:`COLORLESS`) has no color. Colorless is not a color
(seed ruling 203.Ruling.5), so it is the empty set, never a member.

>>> from mtgmana import Color
>>> Color.parse("UW")
Color.W | Color.U
>>> str(Color.G | Color.W)
'WG'
>>> [c.name for c in Color.B | Color.R]
['B', 'R']
>>> len(Color.parse("WUBRG")), Color(0) == COLORLESS
(5, True)
>>> Color.parse("R").full_name
'red'
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from .errors import MtgManaError

__all__ = [
    "ALL_COLORS",
    "COLORLESS",
    "COLOR_ORDER",
    "MANA_TYPES",
    "Color",
    "ManaType",
    "printed_order",
]


class Color(enum.Flag):
    """A set of the five colors of Magic (CR 105.1)."""

    W = 1
    U = 2
    B = 4
    R = 8
    G = 16

    @classmethod
    def parse(cls, letters: str) -> Color:
        """The colors named by letters such as ``"WU"`` (any order, any case).

        Raises :class:`ValueError` naming the first letter that is not W, U, B, R or G.
        """
        value = 0
        for index, letter in enumerate(letters):
            bit = _LETTER_BITS.get(letter.upper())
            if bit is None:
                raise ValueError(
                    f"{letter!r} at position {index} of {letters!r} is not a color letter "
                    "(W, U, B, R, G)"
                )
            value |= bit
        return cls(value)

    @classmethod
    def from_scryfall(cls, colors: list[str] | tuple[str, ...]) -> Color:
        """The colors of a Scryfall ``colors`` / ``color_identity`` list, e.g. ``["G", "W"]``."""
        return cls.parse("".join(colors))

    def __iter__(self) -> Iterator[Color]:
        # Single colors in WUBRG order (also on Python 3.10, whose Flag has no __iter__).
        value = self.value
        return iter([c for c in _SINGLE if c.value & value])

    def __len__(self) -> int:
        return bin(self.value).count("1")

    def __contains__(self, other: object) -> bool:
        if not isinstance(other, Color):
            return False
        return other.value & self.value == other.value

    def __str__(self) -> str:
        """The letters in WUBRG order, ``''`` for colorless."""
        return _LETTERS[self.value]

    def __repr__(self) -> str:
        if not self.value:
            return "Color(0)"
        return " | ".join(f"Color.{c.name}" for c in self)

    @property
    def letters(self) -> list[str]:
        """The letters of the colors in WUBRG order, as JSON wants them."""
        return list(_LETTERS[self.value])

    @property
    def full_name(self) -> str:
        """``'white'``, ``'blue'``, ... for one color; names joined with ``' and '`` otherwise."""
        names = [_NAMES[c.value] for c in self]
        return " and ".join(names) if names else "colorless"

    @property
    def is_multicolored(self) -> bool:
        """Two or more colors (CR 105.2b)."""
        return len(self) >= 2

    @property
    def is_monocolored(self) -> bool:
        """Exactly one color (CR 105.2a)."""
        return len(self) == 1


_SINGLE = (Color.W, Color.U, Color.B, Color.R, Color.G)
_LETTER_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
_NAMES = {1: "white", 2: "blue", 4: "black", 8: "red", 16: "green"}
_LETTERS = ["".join(c for c, b in _LETTER_BITS.items() if b & v) for v in range(32)]

COLORLESS = Color(0)
"""No color at all (CR 105.2c): colorless is not a color."""

ALL_COLORS = Color(31)
"""All five colors."""

COLOR_ORDER = "WUBRG"
"""The order of the color wheel (CR 105.1)."""

# The order in which printed cards and the rules list a combination of colors: the
# start of the shortest arc of the color wheel for pairs, shards and four-color
# sets, and the center's ally-first order for the wedges, as Wizards prints them.
_PRINTED_ORDER: dict[int, str] = {}
for _combo in (
    "", "W", "U", "B", "R", "G",
    "WU", "WB", "RW", "GW", "UB", "UR", "GU", "BR", "BG", "RG",
    "WUB", "UBR", "BRG", "RGW", "GWU", "WBG", "URW", "BGU", "RWB", "GUR",
    "WUBR", "UBRG", "BRGW", "RGWU", "GWUB", "WUBRG",
):  # fmt: skip
    _PRINTED_ORDER[Color.parse(_combo).value] = _combo


def printed_order(colors: Color) -> str:
    """The letters of ``colors`` in the order cards print them.

    >>> printed_order(Color.W | Color.G), printed_order(Color.parse("WBG"))
    ('GW', 'WBG')
    """
    return _PRINTED_ORDER[colors.value]


# -- the types of mana (CR 106.1b) ---------------------------------------------------


class ManaType(enum.Enum):
    """The six types of mana (CR 106.1b): five colors and colorless."""

    W = "W"
    U = "U"
    B = "B"
    R = "R"
    G = "G"
    C = "C"

    # Members are singletons compared by identity: hashing by identity is the same
    # equality, done in C (Enum's own __hash__ is Python code, and hot).
    __hash__ = object.__hash__

    @classmethod
    def parse(cls, text: str) -> ManaType:
        """``"G"``, ``"{G}"`` or ``"green"``/``"colorless"`` (any case)."""
        key = text.strip().strip("{}").upper()
        found = _BY_NAME.get(key)
        if found is None:
            raise MtgManaError(f"{text!r} is not a type of mana (W, U, B, R, G or C; CR 106.1b)")
        return found

    @classmethod
    def of_color(cls, color: Color) -> ManaType:
        """The type of mana of one color."""
        if len(color) != 1:
            raise MtgManaError(f"{color!r} is not exactly one color")
        return cls(str(color))

    @property
    def color(self) -> Color:
        """The color of this type; colorless mana has none (CR 106.1a, 105.2c)."""
        return _COLOR[self.value]

    @property
    def is_colored(self) -> bool:
        return self is not ManaType.C

    @property
    def symbol(self) -> str:
        """The mana symbol for one mana of this type, e.g. ``'{G}'`` (CR 106.2)."""
        return "{" + self.value + "}"

    @property
    def full_name(self) -> str:
        return _FULL_NAME[self.value]

    def __repr__(self) -> str:
        return f"ManaType.{self.name}"

    def __str__(self) -> str:
        return self.symbol


MANA_TYPES: tuple[ManaType, ...] = tuple(ManaType)
"""The six types in WUBRGC order, the order in which mana is announced."""

_COLOR = {"W": Color.W, "U": Color.U, "B": Color.B, "R": Color.R, "G": Color.G, "C": COLORLESS}
_FULL_NAME = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
_BY_NAME = {t.value: t for t in ManaType} | {
    name.upper(): ManaType(letter) for letter, name in _FULL_NAME.items()
}
