"""Private: :class:`Face`, one face of a card with the characteristics it has when it
is the face that counts (CR 202, 204, 708-715), re-exported by
:mod:`mtgmana.cards.model`; and a face as read from a Scryfall record, before the
card-level rules apply (CR 604.3: a color-setting ability overrides the mana cost's
colors, CR 202.2, 204.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..colors import Color
from ..costs import NO_MANA_COST, ManaCost
from ..errors import MtgManaError
from ._colors import cda_bits, has_cda, indicator_bits

__all__ = ["Face", "RawFace", "new_face", "parse_cost", "read_face", "text_field"]


_parse = ManaCost.parse


def text_field(obj: Mapping[str, Any], key: str, where: str) -> str:
    value = obj.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MtgManaError(f"{where}: {key!r} must be a string, not {type(value).__name__}")
    return value


def parse_cost(text: object, where: str) -> ManaCost:
    if text is None:
        return NO_MANA_COST
    if not isinstance(text, str):
        raise MtgManaError(f"{where}: 'mana_cost' must be a string, not {type(text).__name__}")
    try:
        return _parse(text)
    except MtgManaError as error:  # a ManaSyntaxError
        raise MtgManaError(f"{where}: unparsable mana cost {text!r}: {error}") from None


class Face:
    """One face of a card: a split half, a side of a double-faced card, the flipped
    half of a flip card, an Adventure, or the only face of a normal card.

    Its attributes are the characteristics it has when it is the face that counts.
    Faces are made by :meth:`Card.from_scryfall`; they are read-only and hashable.
    """

    __slots__ = (
        "_cda",
        "_color_indicator",
        "_colors",
        "_copy_mana_value",
        "_is_back",
        "_mana_cost",
        "_mana_value",
        "_name",
        "_oracle_text",
        "_type_line",
    )

    _name: str
    _mana_cost: ManaCost
    _colors: Color
    _color_indicator: Color | None
    _type_line: str
    _oracle_text: str
    _is_back: bool
    _mana_value: int | float
    _copy_mana_value: int | float
    _cda: int | None  # the bits a color-setting ability sets, if it has one

    def __new__(cls, *args: object, **kwargs: object) -> Face:
        raise TypeError("faces are made by Card.from_scryfall; see Card.faces")

    @property
    def name(self) -> str:
        """The face's name."""
        return self._name

    @property
    def mana_cost(self) -> ManaCost:
        """The face's mana cost; "no mana cost" for lands and most back faces
        (CR 202.1b). A flipped half has the card's mana cost (CR 710.1c)."""
        return self._mana_cost

    @property
    def colors(self) -> Color:
        """The face's colors: its mana cost's (CR 202.2) and color indicator's
        (CR 204.2), or those a characteristic-defining ability sets (CR 604.3). A
        flipped half has the card's colors (CR 710.1c)."""
        return self._colors

    @property
    def color_indicator(self) -> Color | None:
        """The color indicator printed on the face (CR 204), or ``None``."""
        return self._color_indicator

    @property
    def type_line(self) -> str:
        """The face's type line."""
        return self._type_line

    @property
    def oracle_text(self) -> str:
        """The face's rules text (Oracle wording), reminder text included."""
        return self._oracle_text

    @property
    def is_back(self) -> bool:
        """True for the back face of a double-faced card and for a meld result
        (CR 712); False for split halves, flipped halves and Adventures, which are
        on the front of the card."""
        return self._is_back

    @property
    def mana_value(self) -> int | float:
        """The mana value of a permanent or spell with this face up, X as 0.

        A nonmodal back face uses its front face's mana cost (CR 202.3b, 712.8e); a
        modal back face has its own (712.8f); a flipped half has the card's
        (710.1c); a meld result the total of its fronts' (202.3c, 712.8g).
        """
        return self._mana_value

    @property
    def copy_mana_value(self) -> int | float:
        """The mana value of a copy of this face: 0 for the back face of a nonmodal
        double-faced card (CR 202.3b, 712.8e) and for a melded permanent (202.3c,
        712.8g); otherwise this face's :attr:`mana_value`."""
        return self._copy_mana_value

    def _key(self) -> tuple[Any, ...]:
        return (
            self._name,
            self._mana_cost,
            self._colors,
            self._color_indicator,
            self._type_line,
            self._oracle_text,
            self._is_back,
            self._mana_value,
            self._copy_mana_value,
            self._cda,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Face):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Face", self._name, self._mana_cost, self._is_back, self._mana_value))

    def __repr__(self) -> str:
        parts = [
            repr(self._name),
            str(self._mana_cost) or "no-mana-cost",
            f"mana_value={self._mana_value}",
            f"colors={str(self._colors) or 'colorless'}",
        ]
        if self._color_indicator is not None:
            parts.append(f"color_indicator={str(self._color_indicator) or 'none'}")
        if self._is_back:
            parts.append("back")
        return f"<Face {' '.join(parts)}>"

    def __copy__(self) -> Face:
        return self

    def __deepcopy__(self, memo: object) -> Face:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (new_face, self._key())


def new_face(
    name: str,
    mana_cost: ManaCost,
    colors: Color,
    color_indicator: Color | None,
    type_line: str,
    oracle_text: str,
    is_back: bool,
    mana_value: int | float,
    copy_mana_value: int | float,
    cda: int | None,
) -> Face:
    face = object.__new__(Face)
    face._name = name
    face._mana_cost = mana_cost
    face._colors = colors
    face._color_indicator = color_indicator
    face._type_line = type_line
    face._oracle_text = oracle_text
    face._is_back = is_back
    face._mana_value = mana_value
    face._copy_mana_value = copy_mana_value
    face._cda = cda
    return face


class RawFace:
    """A face of a multi-face record as read, before the card-level rules apply."""

    __slots__ = ("bits", "cda", "cost", "indicator", "name", "text", "type_line")

    def __init__(
        self, name: str, cost: ManaCost, indicator: int | None, type_line: str, text: str
    ) -> None:
        self.name = name
        self.indicator = indicator
        self.type_line = type_line
        self.text = text
        self.cda = cda_bits(name, text) if has_cda(text) else None
        self.set_cost(cost)

    def set_cost(self, cost: ManaCost) -> None:
        self.cost = cost
        if self.cda is not None:
            self.bits = self.cda  # CR 604.3: overrides the mana cost's colors
        else:
            self.bits = cost.colors._value_ | (self.indicator or 0)  # CR 202.2, 204.2


def read_face(obj: object, index: int, card: str, infer_indicator: bool) -> RawFace:
    where = f"card {card!r}, face {index}"
    if not isinstance(obj, Mapping):
        raise MtgManaError(f"{where}: a face must be a mapping, not {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise MtgManaError(f"{where}: a face needs a non-empty string 'name'")
    cost = parse_cost(obj.get("mana_cost"), where)
    text = text_field(obj, "oracle_text", where)
    cda = cda_bits(name, text) if has_cda(text) else None
    indicator = indicator_bits(obj, cost, cda, where, infer_indicator)
    return RawFace(name, cost, indicator, text_field(obj, "type_line", where), text)
