"""Private: the colors of cards and faces as bits (W 1, U 2, B 4, R 8, G 16): Scryfall
color lists and color indicators (CR 204), characteristic-defining abilities that
set color (Devoid, "[this] is colorless", CR 604.3, 702.114a), and color identity
(CR 903.4: mana symbols in the cost and rules text, reminder text excluded, and a
land's basic land types, CR 305.6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .._regex import lazy
from ..colors import Color
from ..costs import ManaCost
from ..errors import MtgManaError
from ..symbols import _BY_TEXT

__all__ = [
    "COLOR_OF_BITS",
    "cda_bits",
    "color_bits",
    "has_cda",
    "identity_bits",
    "indicator_bits",
    "text_symbol_bits",
]


# Colors by their bits: a tuple lookup instead of the enum machinery of Color(bits).
COLOR_OF_BITS: tuple[Color, ...] = tuple(Color(bits) for bits in range(32))
_ALL_BITS: Final = 31
_LETTER_BITS: dict[str, int] = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
# The color bits of every colored mana symbol, by its text (CR 107.4, 903.4).
_SYMBOL_BITS: dict[str, int] = {
    text: symbol.colors._value_ for text, symbol in _BY_TEXT.items() if symbol.colors
}
# A land with a basic land type has the intrinsic ability "{T}: Add [symbol]" (CR 305.6).
_BASIC_LAND_TYPE_BITS: dict[str, int] = {
    "Plains": 1,
    "Island": 2,
    "Swamp": 4,
    "Mountain": 8,
    "Forest": 16,
}

_SYMBOL_RE: Final = lazy(r"\{[^{}]*\}")
_REMINDER_RE: Final = lazy(r"\([^()]*\)")  # reminder text, CR 207.2, 903.4c
# Characteristic-defining abilities that set color (CR 604.3, 702.114a).
_DEVOID_RE: Final = lazy(r"(?m)^Devoid\b")
_COLOR_CDA_RE: Final = lazy(r"(?m)^(.+) is (all colors|colorless)\.$")
_SELF_WORDS: Final = ("This ", "this ")


def color_bits(value: object, key: str, where: str) -> int:
    """The bits of a Scryfall color list such as ``["G", "W"]``."""
    if not isinstance(value, (list, tuple)):
        raise MtgManaError(f"{where}: {key!r} must be a list of color letters, not {value!r}")
    bits = 0
    for letter in value:
        bit = _LETTER_BITS.get(letter) if isinstance(letter, str) else None
        if bit is None:
            raise MtgManaError(f"{where}: {key!r} holds {letter!r}, which is not W, U, B, R or G")
        bits |= bit
    return bits


def indicator_bits(
    obj: Mapping[str, Any], cost: ManaCost, cda: int | None, where: str, infer: bool
) -> int | None:
    """The bits of the color indicator (CR 204): Scryfall's ``color_indicator``, or,
    for an object with no mana cost and no color-setting ability whose Scryfall
    ``colors`` aren't empty, those colors (CR 204.1: that's where they come from)."""
    value = obj.get("color_indicator")
    if value is not None:
        return color_bits(value, "color_indicator", where)
    if not infer or cost or cda is not None:
        return None
    colors = obj.get("colors")
    if colors is None:
        return None
    return color_bits(colors, "colors", where) or None


def cda_bits(name: str, text: str) -> int | None:
    """The color bits a characteristic-defining ability of ``name`` sets, if any:
    Devoid and "[this] is colorless." make it colorless (CR 702.114a, 604.3); "[this]
    is all colors." makes it all five."""
    if "Devoid" in text and _DEVOID_RE.search(text):
        return 0
    if " is all colors." in text or " is colorless." in text:
        short = name.split(",", 1)[0]  # "Sphinx of the Guildpact", "Kozilek, ..."
        for match in _COLOR_CDA_RE.finditer(text):
            subject = match.group(1)
            if subject in (name, short) or subject.startswith(_SELF_WORDS):
                return _ALL_BITS if match.group(2) == "all colors" else 0
    return None


def has_cda(text: str) -> bool:
    return "Devoid" in text or " is all colors." in text or " is colorless." in text


def text_symbol_bits(text: str) -> int:
    """Colors of the mana symbols in rules text, reminder text excluded (CR 903.4c)."""
    if "{" not in text:
        return 0
    if "(" in text:
        text = _REMINDER_RE.sub("", text)
    bits = 0
    get = _SYMBOL_BITS.get
    for symbol in _SYMBOL_RE.findall(text):
        bits |= get(symbol, 0)
    return bits


def _land_type_bits(type_line: str) -> int:
    """Colors of the intrinsic mana abilities of a land's basic land types.

    A land with a basic land type has "{T}: Add [symbol]" (CR 305.6), so the
    symbol counts toward color identity (CR 903.4) even where the card prints it
    only as reminder text or not at all.
    """
    card_types, dash, subtypes = type_line.partition("—")
    if not dash or "Land" not in card_types.split():
        return 0
    bits = 0
    get = _BASIC_LAND_TYPE_BITS.get
    for word in subtypes.split():
        bits |= get(word, 0)
    return bits


def identity_bits(
    cost: ManaCost, text: str, indicator: Color | None, cda: int | None, type_line: str
) -> int:
    """A face's contribution to color identity (CR 903.4)."""
    bits: int = cost.colors._value_ | text_symbol_bits(text)  # mana symbols
    if indicator is not None:
        bits |= indicator._value_  # CR 204
    if cda:
        bits |= cda  # "[this] is all colors." (CR 604.3)
    if "Land" in type_line:
        bits |= _land_type_bits(type_line)  # CR 305.6
    return bits
