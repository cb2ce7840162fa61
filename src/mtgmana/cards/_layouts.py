"""Private: card layouts (Scryfall's ``layout``, CR 708-720) and how a card's faces
relate for mana value and color (its shape: split halves, CR 709; an adventurer, CR
715 and 720; a flip card, CR 710; a nonmodal or modal double-faced card, CR 712.2,
712.3; a meld result, CR 712.4), read from the layout or inferred from the record
(see :mod:`mtgmana.cards.model`)."""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .._regex import lazy
from .._repr import enum_repr

__all__ = [
    "LAYOUT_BY_VALUE",
    "MELDS_RE",
    "SHAPE_ADVENTURE",
    "SHAPE_FLIP",
    "SHAPE_MELD_RESULT",
    "SHAPE_MODAL",
    "SHAPE_NONMODAL",
    "SHAPE_OF_LAYOUT",
    "SHAPE_SINGLE",
    "SHAPE_SPLIT",
    "Layout",
    "infer_faces_shape",
    "infer_single_layout",
]


class Layout(enum.Enum):
    """Scryfall's card layouts; the values are Scryfall's ``layout`` strings."""

    __repr__ = enum_repr

    NORMAL = "normal"
    SPLIT = "split"  # CR 709
    FLIP = "flip"  # CR 710
    TRANSFORM = "transform"  # nonmodal double-faced, CR 712.2
    MODAL_DFC = "modal_dfc"  # CR 712.3
    MELD = "meld"  # CR 712.4
    ADVENTURE = "adventure"  # CR 715 (Omen cards too, CR 720)
    LEVELER = "leveler"  # CR 711
    SAGA = "saga"  # CR 714
    CLASS = "class"  # CR 716
    CASE = "case"  # CR 719
    PROTOTYPE = "prototype"  # CR 718
    MUTATE = "mutate"  # CR 702.140
    BATTLE = "battle"  # CR 310; a battle is a nonmodal double-faced card
    REVERSIBLE_CARD = "reversible_card"
    HOST = "host"
    AUGMENT = "augment"
    PLANAR = "planar"  # CR 901
    SCHEME = "scheme"  # CR 904
    VANGUARD = "vanguard"  # CR 902
    TOKEN = "token"
    DOUBLE_FACED_TOKEN = "double_faced_token"
    EMBLEM = "emblem"
    ART_SERIES = "art_series"

    @classmethod
    def from_scryfall(cls, value: object) -> Layout | None:
        """The layout named by a Scryfall ``layout`` string; ``None`` if unknown
        (:meth:`Card.from_scryfall` then infers the layout from the record)."""
        return LAYOUT_BY_VALUE.get(value) if isinstance(value, str) else None

    @property
    def is_double_faced(self) -> bool:
        """A double-faced card (CR 712.1), or a layout printed on two sides."""
        return self in _DFC_LAYOUTS


LAYOUT_BY_VALUE: dict[str, Layout] = {member.value: member for member in Layout}
_DFC_LAYOUTS: Final = frozenset(
    {
        Layout.TRANSFORM,
        Layout.MODAL_DFC,
        Layout.MELD,
        Layout.BATTLE,
        Layout.DOUBLE_FACED_TOKEN,
        Layout.REVERSIBLE_CARD,
    }
)

# How a card's faces relate, for mana value and color. Derived from the layout, or
# from the record's structure when the layout doesn't say.
SHAPE_SINGLE: Final = 0  # one face
SHAPE_SPLIT: Final = 1  # halves side by side, combined off the stack (CR 709.4)
SHAPE_ADVENTURE: Final = 2  # normal + alternative characteristics (CR 715, 720)
SHAPE_FLIP: Final = 3  # normal half + flipped half (CR 710)
SHAPE_NONMODAL: Final = 4  # nonmodal ("transforming") double-faced (CR 712.2)
SHAPE_MODAL: Final = 5  # modal double-faced (CR 712.3, 712.8f)
SHAPE_MELD_RESULT: Final = 6  # the combined back face of a meld pair (CR 712.4)

SHAPE_OF_LAYOUT: dict[Layout, int] = {
    Layout.SPLIT: SHAPE_SPLIT,
    Layout.ADVENTURE: SHAPE_ADVENTURE,
    Layout.FLIP: SHAPE_FLIP,
    Layout.TRANSFORM: SHAPE_NONMODAL,
    Layout.BATTLE: SHAPE_NONMODAL,
    Layout.DOUBLE_FACED_TOKEN: SHAPE_NONMODAL,
    Layout.MODAL_DFC: SHAPE_MODAL,
    Layout.REVERSIBLE_CARD: SHAPE_MODAL,
}

_TRANSFORM_RE: Final = lazy(
    r"transform|convert|daybound|nightbound|disturb|craft with", re.IGNORECASE
)
MELDS_RE: Final = lazy(r"Melds with|meld them into")
_TYPE_LAYOUT_RE: Final = lazy(r"\b(Saga|Class|Case|Vanguard|Scheme|Plane|Phenomenon|Host)\b")
_TYPE_LAYOUTS: dict[str, Layout] = {
    "Saga": Layout.SAGA,
    "Class": Layout.CLASS,
    "Case": Layout.CASE,
    "Vanguard": Layout.VANGUARD,
    "Scheme": Layout.SCHEME,
    "Plane": Layout.PLANAR,
    "Phenomenon": Layout.PLANAR,
    "Host": Layout.HOST,
}
_KEYWORD_LAYOUT_RE: Final = lazy(r"(?m)^(Level up|Prototype|Mutate|Augment)\b")
_KEYWORD_LAYOUTS: dict[str, Layout] = {
    "Level up": Layout.LEVELER,
    "Prototype": Layout.PROTOTYPE,
    "Mutate": Layout.MUTATE,
    "Augment": Layout.AUGMENT,
}


def infer_faces_shape(
    raw_faces: Sequence[Mapping[str, Any]], top_cost: str | None
) -> tuple[int, Layout]:
    """The shape and layout of a record with ``card_faces`` and no known multi-face
    layout (see the module docs)."""
    if len(raw_faces) == 1:
        return SHAPE_SINGLE, Layout.NORMAL
    if top_cost is not None:
        for face in raw_faces[1:]:
            later_type = face.get("type_line")
            if isinstance(later_type, str) and ("Adventure" in later_type or "Omen" in later_type):
                return SHAPE_ADVENTURE, Layout.ADVENTURE  # CR 715, 720
        if " // " in top_cost:
            return SHAPE_SPLIT, Layout.SPLIT  # CR 709
        return SHAPE_FLIP, Layout.FLIP  # CR 710
    return _double_faced_shape(raw_faces)


def _double_faced_shape(raw_faces: Sequence[Mapping[str, Any]]) -> tuple[int, Layout]:
    """The shape and layout of a double-faced card (CR 712): modal when its back
    has a mana cost or nothing transforms it, else transforming."""
    back_cost = raw_faces[1].get("mana_cost")
    if isinstance(back_cost, str) and back_cost:
        return SHAPE_MODAL, Layout.MODAL_DFC  # CR 712.3: a back face with its own cost
    front_type = raw_faces[0].get("type_line")
    if isinstance(front_type, str) and "Battle" in front_type:
        return SHAPE_NONMODAL, Layout.TRANSFORM  # CR 310.11: battles transform
    for face in raw_faces:
        face_text = face.get("oracle_text")
        if isinstance(face_text, str) and _TRANSFORM_RE.search(face_text):
            return SHAPE_NONMODAL, Layout.TRANSFORM  # CR 701.27, 701.28, 712.2
    return SHAPE_MODAL, Layout.MODAL_DFC


def infer_single_layout(type_line: str, text: str) -> Layout:
    """The layout of a one-face record without a known one."""
    if "Melds with" in text or "meld them into" in text:
        return Layout.MELD  # a meld front (CR 712.4)
    match = _TYPE_LAYOUT_RE.search(type_line)
    if match:
        return _TYPE_LAYOUTS[match.group(1)]
    if "Level up" in text or "Prototype" in text or "Mutate" in text or "Augment" in text:
        match = _KEYWORD_LAYOUT_RE.search(text)
        if match:
            return _KEYWORD_LAYOUTS[match.group(1)]
    return Layout.NORMAL
