"""Whole cards and their faces: mana cost, mana value, colors and color identity.

Rules implemented here:

* CR 202.2-202.3 (color from the mana cost; mana value, including the split-card,
  double-faced, meld and X clauses 202.3a-202.3e) and CR 204 (color indicator);
* CR 604.3 and 702.114 as far as they define a card's color: Devoid, "[this] is
  colorless" and "[this] is all colors" are characteristic-defining abilities;
* CR 708-715 as they touch mana value and color: split cards (709.3, 709.4b,
  702.102 fuse), flip cards (710.1c), double-faced cards (712.8a-712.8g: nonmodal
  "transforming" cards, modal double-faced cards, meld cards), adventurer cards
  (715.3b, 715.4) and, the same way, Omen cards (720);
* CR 903.4 (color identity): mana symbols in the mana cost and rules text of every
  face, reminder text excluded (903.4c), color indicators, characteristic-defining
  abilities, back faces (903.4d) and alternative characteristics (903.4e); a land's
  basic land types count, since they give it "{T}: Add [symbol]" (CR 305.6).

A :class:`Card` is built from a Scryfall card object with :meth:`Card.from_scryfall`;
its :attr:`Card.faces` are :class:`Face` values. Both are immutable and hashable.

>>> from mtgmana.cards.model import Card
>>> fire_ice = Card.from_scryfall({
...     "name": "Fire // Ice", "mana_cost": "{1}{R} // {1}{U}",
...     "type_line": "Instant // Instant",
...     "card_faces": [
...         {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
...         {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"}]})
>>> fire_ice.layout, fire_ice.mana_value, str(fire_ice.colors)   # CR 709.4b
(Layout.SPLIT, 4, 'UR')
>>> fire_ice.mana_value_on_stack(face="Ice")                      # CR 202.3d
2

**Layout inference.** Scryfall's ``layout`` is used when it is a known string and
fits the record. When it is missing or unknown, the layout is inferred from the
record's structure:

* with ``card_faces`` and a top-level ``mana_cost``: a later face whose type line
  says ``Adventure`` (or ``Omen``, CR 720, which works the same way for mana value
  and color) makes an adventurer card; otherwise a ``" // "`` in the mana cost
  makes a split card (Rooms included, CR 709.5); otherwise a flip card;
* with ``card_faces`` and no top-level ``mana_cost``: a double-faced card. It is
  modal (``modal_dfc``) if its back face has a mana cost of its own (CR 712.3;
  some modal cards can also transform); else nonmodal (``transform``) if its front
  face is a battle or any face mentions transform, convert, daybound, nightbound,
  disturb or craft; else modal (spell // land cards and the Pathways);
* without ``card_faces``: ``meld`` if the text melds (a meld front), or if
  ``meld_fronts`` is given (a meld result); a split card if the mana cost has
  ``" // "`` (its halves are made from the name and cost); else a layout recognized
  from the type line or keywords (saga, class, case, planar, scheme, vanguard,
  host, leveler, prototype, mutate, augment), else ``normal``.

Unknown layout strings never raise: they are inferred as above.

**Scryfall data.** A face (or card) with no mana cost whose Scryfall ``colors`` are
not empty, and no color-setting ability, got those colors from a color indicator
(CR 204.1): they are used as its color indicator when ``color_indicator`` is absent.
A flipped half's ``colors`` are never read as an indicator (it has the card's
colors, CR 710.1c). A land adventurer whose record gives the land face the mana cost
and the Adventure none (the Final Fantasy Towns) has them swapped back: lands have
no mana cost (CR 202.1b).

The parts: ``_layouts`` (layouts, and how faces relate), ``_colors`` (colors as bits,
color indicators, color-setting abilities, color identity) and ``_faces``
(:class:`Face`, and faces as read from a record).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .._regex import lazy
from ..colors import Color
from ..costs import NO_MANA_COST, ManaCost
from ..errors import MtgManaError
from ._colors import (
    COLOR_OF_BITS,
    cda_bits,
    has_cda,
    identity_bits,
    indicator_bits,
    text_symbol_bits,
)
from ._faces import Face, RawFace, new_face, parse_cost, read_face, text_field
from ._layouts import (
    LAYOUT_BY_VALUE,
    MELDS_RE,
    SHAPE_ADVENTURE,
    SHAPE_FLIP,
    SHAPE_MELD_RESULT,
    SHAPE_MODAL,
    SHAPE_NONMODAL,
    SHAPE_OF_LAYOUT,
    SHAPE_SINGLE,
    SHAPE_SPLIT,
    Layout,
    infer_faces_shape,
    infer_single_layout,
)

__all__ = ["Card", "Face", "Layout"]


_FUSE_RE: Final = lazy(r"(?m)^Fuse\b")  # CR 702.102a

_parse = ManaCost.parse


def _number(value: float) -> int | float:
    """Mana values are ints but for half mana (Un-sets) and ``{∞}``."""
    if isinstance(value, int) or value.is_integer():
        return int(value)
    return value


class Card:
    """A Magic card: its faces, mana cost, mana value, colors and color identity.

    Build cards with :meth:`from_scryfall`. Cards are read-only and hashable, and
    compare equal when built from the same data.
    """

    __slots__ = (
        "_cda",
        "_color_indicator",
        "_colors",
        "_faces",
        "_hash",
        "_identity",
        "_layout",
        "_mana_cost",
        "_mana_value",
        "_meld_fronts",
        "_name",
        "_oracle_text",
        "_shape",
        "_type_line",
    )

    _name: str
    _layout: Layout
    _shape: int
    _mana_cost: ManaCost
    _mana_value: int | float
    _colors: Color
    _color_indicator: Color | None
    _type_line: str
    _oracle_text: str
    _meld_fronts: tuple[Card, ...]
    _cda: int | None  # a one-face card's color-setting ability, if it has one
    _faces: tuple[Face, ...] | None  # a one-face card's face is made when first read
    _identity: Color | None  # computed when first read
    _hash: int

    def __new__(cls, *args: object, **kwargs: object) -> Card:
        raise TypeError("use Card.from_scryfall(obj) to make a card")

    # -- building ----------------------------------------------------------------

    @classmethod
    def from_scryfall(cls, obj: Mapping[str, Any], *, meld_fronts: Sequence[Card] = ()) -> Card:
        """The card a Scryfall card object describes (top level and ``card_faces``).

        Missing fields mean "none": no ``mana_cost`` is no mana cost, no
        ``oracle_text`` is no text. The layout is Scryfall's ``layout`` when known,
        else inferred (see the module docs).

        ``meld_fronts``: for the combined back face of a meld pair (such as Brisela,
        Voice of Nightmares), the two front-face cards. Its mana value is then the
        total of theirs (CR 202.3c, 712.8g) and its color identity includes theirs
        (it is their back face, CR 903.4d). Without them, a meld result's mana value
        is 0.

        Raises :class:`~mtgmana.MtgManaError` for anything that isn't a card object:
        no name, fields of the wrong type, an unparsable mana cost.
        """
        name = _card_name(obj)
        get = obj.get
        fronts: tuple[Card, ...] = () if meld_fronts == () else _check_fronts(meld_fronts, name)
        layout = _layout_field(get("layout"), name)
        type_line = get("type_line", "")
        if type(type_line) is not str:
            type_line = text_field(obj, "type_line", f"card {name!r}")
        raw_faces = get("card_faces")
        if raw_faces is not None:
            return cls._from_faces(obj, name, layout, type_line, raw_faces, fronts)

        text = get("oracle_text", "")
        if type(text) is not str:
            text = text_field(obj, "oracle_text", f"card {name!r}")
        cost_text = get("mana_cost")
        if type(cost_text) is str and " // " in cost_text:
            return cls._from_halves(obj, name, layout, cost_text, type_line, fronts)
        cost = _cost_field(cost_text, name)
        cda = cda_bits(name, text) if has_cda(text) else None
        colors, color_indicator = _colors(obj, name, cost, cda)
        if fronts:
            shape, layout, value = _melded(name, layout, cost, fronts)
        elif layout is None:
            layout, shape, value = (
                infer_single_layout(type_line, text),
                SHAPE_SINGLE,
                cost.mana_value,
            )
        else:
            shape, value = _single_shape(layout, cost, type_line, text), cost.mana_value
        card = _new_card(
            name, layout, shape, None, cost, value, colors, color_indicator, type_line,
            text, fronts,
        )  # fmt: skip
        card._cda = cda
        return card

    @classmethod
    def _from_halves(
        cls,
        obj: Mapping[str, Any],
        name: str,
        layout: Layout | None,
        cost_text: str,
        type_line: str,
        fronts: tuple[Card, ...],
    ) -> Card:
        """A card with several faces written without its ``card_faces``: the faces
        are made from the ``" // "``-separated name, mana cost and type line."""
        costs = cost_text.split(" // ")
        names = name.split(" // ")
        if len(names) != len(costs):
            raise MtgManaError(
                f"card {name!r}: the mana cost has {len(costs)} parts but the name {len(names)}"
            )
        types = type_line.split(" // ")
        if len(types) != len(costs):
            types = [type_line] * len(costs)
        faces = [
            {"name": n, "mana_cost": c, "type_line": t}
            for n, c, t in zip(names, costs, types, strict=True)
        ]
        return cls._from_faces(obj, name, layout, type_line, faces, fronts)

    @classmethod
    def _from_faces(
        cls,
        obj: Mapping[str, Any],
        name: str,
        layout: Layout | None,
        type_line: str,
        raw_faces: object,
        fronts: tuple[Card, ...],
    ) -> Card:
        where = f"card {name!r}"
        _check_faces(raw_faces, where, melded=bool(fronts))
        assert isinstance(raw_faces, (list, tuple))
        top_cost = obj.get("mana_cost")
        if top_cost is not None and not isinstance(top_cost, str):
            raise MtgManaError(f"{where}: 'mana_cost' must be a string, not {top_cost!r}")
        shape = SHAPE_OF_LAYOUT.get(layout) if layout is not None else None
        if shape is None or layout is None:
            shape, layout = infer_faces_shape(raw_faces, top_cost)
        raw = [
            # A flipped half's Scryfall colors are the card's, not an indicator's.
            read_face(face, index, name, not (shape == SHAPE_FLIP and index))
            for index, face in enumerate(raw_faces)
        ]
        top_text = obj.get("oracle_text")
        text = top_text if isinstance(top_text, str) and top_text else None
        return _combine(name, layout, shape, raw, type_line, text)

    # -- characteristics ---------------------------------------------------------

    @property
    def name(self) -> str:
        """The card's name; ``"A // B"`` for cards with several faces."""
        return self._name

    @property
    def layout(self) -> Layout:
        """The card's layout, Scryfall's or inferred (see the module docs)."""
        return self._layout

    @property
    def faces(self) -> tuple[Face, ...]:
        """The faces, front (or left, or normal) first; one face for normal cards."""
        faces = self._faces
        if faces is None:
            faces = self._faces = (self._only_face(),)
        return faces

    def _only_face(self) -> Face:
        """The face of a one-face card, from the card's characteristics."""
        value = self._mana_value
        # A meld result is the combined back face (CR 712.4a); a copy of a melded
        # permanent has mana value 0 (CR 202.3c, 712.8g).
        is_back = self._shape == SHAPE_MELD_RESULT
        copy_value = 0 if is_back else value
        return new_face(
            self._name, self._mana_cost, self._colors, self._color_indicator,
            self._type_line, self._oracle_text, is_back, value, copy_value, self._cda,
        )  # fmt: skip

    @property
    def mana_cost(self) -> ManaCost:
        """The card's mana cost in every zone but the stack.

        A split card's is the combined mana cost of its halves (CR 709.4b); a
        double-faced, flip or adventurer card's is its front / normal face's (CR
        712.8a, 710.2, 715.4). Lands and meld results have no mana cost (CR
        202.1b, 202.3c).
        """
        return self._mana_cost

    @property
    def mana_value(self) -> int | float:
        """The mana value off the stack, X as 0 (CR 202.3, 202.3e).

        Split card: from the combined mana cost (202.3d). Adventurer: the
        creature's only (715.4). Double-faced card: the front face's (712.8a). Meld
        result: the total of its fronts' (202.3c, 712.8g); 0 if built without
        ``meld_fronts``. Half mana makes it a float (``{HW}`` is 0.5).
        """
        return self._mana_value

    @property
    def colors(self) -> Color:
        """The card's colors off the stack (CR 202.2, 204, 604.3).

        A split card has the colors of both halves (CR 709.4b); a double-faced,
        flip or adventurer card those of its front / normal face (712.8a, 710.2,
        715.4). Colorless is the empty :class:`~mtgmana.Color`, not a color.
        """
        return self._colors

    @property
    def color_indicator(self) -> Color | None:
        """The color indicator of the front (or normal) face (CR 204), or ``None``.
        For a split card, the union of its halves' indicators, if any has one."""
        return self._color_indicator

    @property
    def color_identity(self) -> Color:
        """The color identity (CR 903.4).

        The colors of the mana symbols in the mana cost and rules text of every
        face, reminder text excluded (903.4c), plus color indicators and colors set
        by characteristic-defining abilities, back faces (903.4d) and alternative
        characteristics such as Adventures (903.4e) included. A land's basic land
        types count, as its rules text has their mana abilities (305.6). A meld
        result includes its fronts' identities (it is their back face).
        """
        identity = self._identity
        if identity is None:
            faces = self._faces
            if faces is None:  # one face: read the card's own characteristics
                bits = identity_bits(
                    self._mana_cost, self._oracle_text, self._color_indicator, self._cda,
                    self._type_line,
                )  # fmt: skip
            else:
                bits = 0
                for face in faces:
                    bits |= identity_bits(
                        face._mana_cost, face._oracle_text, face._color_indicator, face._cda,
                        face._type_line,
                    )  # fmt: skip
                if self._oracle_text != "\n//\n".join([f._oracle_text for f in faces]):
                    # Top-level text the faces don't have (a record without card_faces).
                    bits |= text_symbol_bits(self._oracle_text)
            for front in self._meld_fronts:
                bits |= front.color_identity._value_
            identity = self._identity = COLOR_OF_BITS[bits]
        return identity

    @property
    def type_line(self) -> str:
        """The type line; ``"A // B"`` for cards with several faces."""
        return self._type_line

    @property
    def oracle_text(self) -> str:
        """The rules text. For a card with faces (and no top-level text), the faces'
        texts joined by ``"\\n//\\n"``."""
        return self._oracle_text

    @property
    def meld_fronts(self) -> tuple[Card, ...]:
        """The two front-face cards of a meld result built with ``meld_fronts``."""
        return self._meld_fronts

    # -- on the stack --------------------------------------------------------------

    def face_index(self, face: int | str) -> int:
        """The index of a face given by index or name.

        Raises :class:`~mtgmana.MtgManaError` if the card has no such face.
        """
        faces = self.faces
        if isinstance(face, bool) or not isinstance(face, (int, str)):
            raise MtgManaError(f"a face is an index or a face name, not {face!r}")
        if isinstance(face, int):
            if 0 <= face < len(faces):
                return face
            raise MtgManaError(f"{self._name!r} has {len(faces)} face(s); there is no face {face}")
        for index, candidate in enumerate(faces):
            if candidate._name == face:
                return index
        names = ", ".join(repr(f._name) for f in faces)
        raise MtgManaError(f"{self._name!r} has no face named {face!r} (its faces: {names})")

    def mana_value_on_stack(
        self, *, face: int | str = 0, x: int = 0, fused: bool = False
    ) -> int | float:
        """The mana value of this card as a spell cast with ``face`` up and X = ``x``.

        * split card: the chosen half's (CR 202.3d, 709.3b), or both halves' when
          ``fused`` (702.102, 709.4d);
        * adventurer: the creature's, or the Adventure's when ``face`` is the
          Adventure (715.3b);
        * nonmodal double-faced card: the front face's mana cost, also when cast
          transformed or converted, back face up (712.8c);
        * modal double-faced card: the face cast (712.8f);
        * X is the number chosen (202.3e).

        Raises :class:`~mtgmana.MtgManaError` for a face that is never a spell (a
        flipped half, CR 710.2; a meld result, 712.4a, 712.8b), for ``fused`` on a
        card without fuse, and for a bad ``x``.
        """
        shape = self._shape
        if fused is True:
            if shape != SHAPE_SPLIT or _FUSE_RE.search(self._oracle_text) is None:
                raise MtgManaError(
                    f"{self._name!r} has no fuse ability; only a split card with fuse can "
                    "be cast fused (CR 702.102)"
                )
            return self._mana_cost.mana_value_with_x(x)  # CR 202.3d, 709.4d
        if fused is not False:
            raise MtgManaError(f"fused must be True or False, not {fused!r}")
        index = self.face_index(face)
        if shape == SHAPE_MELD_RESULT:
            raise MtgManaError(
                f"{self._name!r} is the back face of a meld pair; it is never a spell "
                "(CR 712.4a, 712.8b)"
            )
        if shape == SHAPE_FLIP and index:
            raise MtgManaError(
                f"{self.faces[index]._name!r} is a flipped half; a flip card is a spell "
                "with its normal characteristics only (CR 710.2)"
            )
        # CR 712.8c: a nonmodal card cast transformed uses its front face's mana cost.
        cost = self.faces[0 if shape == SHAPE_NONMODAL else index]._mana_cost
        return cost.mana_value_with_x(x)

    # -- value protocol --------------------------------------------------------------

    def _state(self) -> tuple[Any, ...]:
        return (
            self._name,
            self._layout,
            self._shape,
            self.faces,
            self._mana_cost,
            self._mana_value,
            self._colors,
            self._color_indicator,
            self._type_line,
            self._oracle_text,
            self._meld_fronts,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card):
            return self._state() == other._state()
        return NotImplemented

    def __hash__(self) -> int:
        value = self._hash
        if value == -1:
            value = self._hash = hash(("Card", self._name, self._layout, self._mana_cost))
        return value

    def __repr__(self) -> str:
        return (
            f"<Card {self._name!r} {self._layout.value} "
            f"{str(self._mana_cost) or 'no-mana-cost'} mana_value={self._mana_value} "
            f"colors={str(self._colors) or 'colorless'}>"
        )

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_new_card, self._state())


def _new_card(
    name: str,
    layout: Layout,
    shape: int,
    faces: tuple[Face, ...] | None,
    mana_cost: ManaCost,
    mana_value: int | float,
    colors: Color,
    color_indicator: Color | None,
    type_line: str,
    oracle_text: str,
    meld_fronts: tuple[Card, ...],
) -> Card:
    card = object.__new__(Card)
    card._name = name
    card._layout = layout
    card._shape = shape
    card._faces = faces
    card._mana_cost = mana_cost
    card._mana_value = mana_value
    card._colors = colors
    card._color_indicator = color_indicator
    card._type_line = type_line
    card._oracle_text = oracle_text
    card._meld_fronts = meld_fronts
    if faces is not None and len(faces) == 1:
        card._cda = faces[0]._cda
    else:
        card._cda = None
    card._identity = None
    card._hash = -1
    return card


def _check_fronts(meld_fronts: object, name: str) -> tuple[Card, ...]:
    if isinstance(meld_fronts, (str, bytes)) or not isinstance(meld_fronts, Sequence):
        raise MtgManaError(f"card {name!r}: meld_fronts must be a sequence of two Cards")
    fronts = tuple(meld_fronts)
    if fronts and (len(fronts) != 2 or not all(isinstance(c, Card) for c in fronts)):
        raise MtgManaError(
            f"card {name!r}: meld_fronts must be the two front-face Cards of its meld pair "
            f"(CR 712.4), not {fronts!r}"
        )
    return fronts


def _card_name(obj: Mapping[str, Any]) -> str:
    """The name of a Scryfall card object (which must be a mapping)."""
    if type(obj) is not dict and not isinstance(obj, Mapping):
        raise MtgManaError(f"a Scryfall card object must be a mapping, not {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise MtgManaError("a Scryfall card object needs a non-empty string 'name'")
    return name


def _colors(
    obj: Mapping[str, Any], name: str, cost: ManaCost, cda: int | None
) -> tuple[Color, Color | None]:
    """A one-faced card's colors and color indicator: its characteristic-defining
    ability's (CR 604.3, 702.114a), else its mana cost's (CR 202.2) and its
    indicator's (CR 202.2e, 204.2)."""
    indicator = None
    if "color_indicator" in obj or not cost:
        indicator = indicator_bits(obj, cost, cda, f"card {name!r}", True)
    if cda is not None:
        bits = cda
    else:
        bits = cost.colors._value_
        if indicator is not None:
            bits |= indicator
    return COLOR_OF_BITS[bits], None if indicator is None else COLOR_OF_BITS[indicator]


def _layout_field(value: object, name: str) -> Layout | None:
    """The layout Scryfall's ``layout`` names (``None``: not given, or unknown)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise MtgManaError(f"card {name!r}: 'layout' must be a string")
    return LAYOUT_BY_VALUE.get(value)


def _cost_field(cost_text: Any, name: str) -> ManaCost:
    """The mana cost of a one-faced card (no ``mana_cost``: no mana cost)."""
    if cost_text is None:
        return NO_MANA_COST
    try:
        return _parse(cost_text)
    except (MtgManaError, TypeError):
        return parse_cost(cost_text, f"card {name!r}")  # raises MtgManaError


def _melded(
    name: str, layout: Layout | None, cost: ManaCost, fronts: tuple[Card, ...]
) -> tuple[int, Layout, int | float]:
    """The shape, layout and mana value of a meld result given its fronts: their
    total mana value (CR 202.3c, 712.8g)."""
    if (layout is not None and layout is not Layout.MELD) or cost:
        raise MtgManaError(
            f"card {name!r}: meld_fronts are for a meld result, which has no mana cost (CR 712.4)"
        )
    return SHAPE_MELD_RESULT, Layout.MELD, _number(fronts[0]._mana_value + fronts[1]._mana_value)


def _single_shape(layout: Layout, cost: ManaCost, type_line: str, text: str) -> int:
    """The shape of a one-faced card: a meld result without its fronts has no
    mana cost (CR 202.3a) and its fronts' total (202.3c) can't be known."""
    if layout is Layout.MELD and not cost and "Land" not in type_line and not MELDS_RE.search(text):
        return SHAPE_MELD_RESULT
    return SHAPE_SINGLE


def _check_faces(raw_faces: object, where: str, *, melded: bool) -> None:
    """Raise :class:`MtgManaError` unless ``card_faces`` is a non-empty list of
    mappings (and the card isn't a meld result: it has one face)."""
    if not isinstance(raw_faces, (list, tuple)) or not raw_faces:
        raise MtgManaError(f"{where}: 'card_faces' must be a non-empty list of faces")
    if melded:
        raise MtgManaError(f"{where}: a meld result has one face, not card_faces")
    for index, face in enumerate(raw_faces):
        if not isinstance(face, Mapping):
            raise MtgManaError(
                f"{where}, face {index}: a face must be a mapping, not {type(face).__name__}"
            )


def _combine(
    name: str,
    layout: Layout,
    shape: int,
    raw: list[RawFace],
    type_line: str,
    text: str | None,
) -> Card:
    """The card made of several faces, by the rules for its shape."""
    if shape == SHAPE_ADVENTURE and len(raw) > 1:
        _fix_land_adventure(raw)
    cost, bits, indicator_bits = _card_characteristics(shape, raw)
    value = cost.mana_value
    faces = [_face(shape, index, f, cost, bits) for index, f in enumerate(raw)]
    if text is None:
        text = "\n//\n".join([f.text for f in raw])
    return _new_card(
        name, layout, shape, tuple(faces), cost, value, COLOR_OF_BITS[bits],
        None if indicator_bits is None else COLOR_OF_BITS[indicator_bits],
        type_line, text, (),
    )  # fmt: skip


def _card_characteristics(shape: int, raw: list[RawFace]) -> tuple[ManaCost, int, int | None]:
    """The card's mana cost, color bits and indicator bits: a split card's halves
    combined (CR 709.4b: a half without a mana cost adds nothing), else the front /
    normal face's (CR 712.8a, 710.2, 715.4)."""
    if shape != SHAPE_SPLIT:
        first = raw[0]
        return first.cost, first.bits, first.indicator
    cost = _parse("".join([str(f.cost) for f in raw]))
    bits = 0
    indicator_bits = None
    for f in raw:
        bits |= f.bits
        if f.indicator is not None:
            indicator_bits = (indicator_bits or 0) | f.indicator
    return cost, bits, indicator_bits


def _face(shape: int, index: int, f: RawFace, cost: ManaCost, bits: int) -> Face:
    """Face ``index`` of a card of ``shape`` whose mana cost and color bits are
    ``cost`` and ``bits``: a back face's mana value by the rules for its shape."""
    face_cost, face_bits = f.cost, f.bits
    face_value = copy_value = face_cost.mana_value
    is_back = False
    if index:
        if shape == SHAPE_NONMODAL:
            is_back = True
            face_value = cost.mana_value  # CR 202.3b, 712.8e: the front face's mana cost
            copy_value = 0  # a copy of a nonmodal back face
        elif shape == SHAPE_MODAL:
            is_back = True  # CR 712.8f: its own characteristics
        elif shape == SHAPE_FLIP:
            face_cost, face_bits = cost, bits  # CR 710.1c
            face_value = copy_value = cost.mana_value
    return new_face(
        f.name, face_cost, COLOR_OF_BITS[face_bits],
        None if f.indicator is None else COLOR_OF_BITS[f.indicator],
        f.type_line, f.text, is_back, face_value, copy_value, f.cda,
    )  # fmt: skip


def _fix_land_adventure(raw: list[RawFace]) -> None:
    """Land adventurers (the Final Fantasy Towns): a land has no mana cost (CR
    202.1b), so a record that gives the land face the Adventure's mana cost and the
    Adventure none has them swapped; swap them back."""
    first, second = raw[0], raw[1]
    if first.cost and not second.cost and "Land" in first.type_line:
        cost = first.cost
        first.set_cost(NO_MANA_COST)
        second.set_cost(cost)
