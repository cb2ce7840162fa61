"""Card records: the part of a Scryfall card object the rules need, and the meld
results' fronts (CR 202, 204, 708-715, 712.4).

A record is a Scryfall-like JSON object; :func:`slim` keeps what mtgmana reads of it,
and :func:`resolve_melds` gives each meld result its two fronts. The bundled database
(``scripts/build_card_db.py``) and the Scryfall and MTGJSON loaders make their records
with these.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from .._regex import lazy

__all__ = [
    "CARD_FIELDS",
    "FACE_FIELDS",
    "NOT_CARDS",
    "ONE_SIDED",
    "TWO_SIDED",
    "Record",
    "card_records",
    "letters_field",
    "resolve_melds",
    "slim",
    "sorted_records",
    "text_field",
]

Record = dict[str, Any]
"""A card as a Scryfall-like JSON object (see :meth:`CardDatabase.from_records
<mtgmana.cards.CardDatabase.from_records>`)."""

# Objects of these layouts are not cards (CR 111 tokens, CR 114 emblems, art cards).
NOT_CARDS: Final = frozenset({"token", "double_faced_token", "emblem", "art_series"})
# Layouts whose faces are on two sides of the card: no mana cost of the card as a
# whole (CR 712.8); Scryfall gives these no top-level mana cost.
TWO_SIDED: Final = frozenset(
    {"transform", "modal_dfc", "meld", "double_faced_token", "reversible_card", "battle"}
)
# Layouts whose faces share one side of the card: a face with no mana cost (a flip
# card's flipped half) still has the card's colors (CR 709.4, 710.2, 715.4), never a
# color indicator.
ONE_SIDED: Final = frozenset({"split", "flip", "adventure", "aftermath"})

# The fields a record keeps, in the order they are written.
CARD_FIELDS: Final = ("layout", "mana_cost", "type_line", "oracle_text")
FACE_FIELDS: Final = ("mana_cost", "type_line", "oracle_text")


# -- records ----------------------------------------------------------------------


def text_field(obj: Mapping[str, Any], field: str, where: str) -> str | None:
    """``obj[field]`` when it is a string, ``None`` when missing; ``ValueError`` else."""
    value = obj.get(field)
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{where}: {field!r} must be a string, not {value!r:.40}")


def letters_field(obj: Mapping[str, Any], field: str, where: str) -> list[str] | None:
    """``obj[field]`` as a list of color letters, ``None`` when missing or empty."""
    value = obj.get(field)
    if not value:
        return None
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"{where}: {field!r} must be a list of color letters, not {value!r:.40}")


def slim(obj: Mapping[str, Any]) -> Record:
    """The part of a Scryfall card object the rules need (see the module docstring).

    A card or a face on its own side with no mana cost gets its colors from a color
    indicator (CR 204.1, 202.2e), so when an export gives it ``colors`` but no
    ``color_indicator``, its colors are kept as its color indicator. Scryfall's
    computed ``cmc``, ``colors`` and ``color_identity`` are dropped: mtgmana computes
    them. Raises ``ValueError`` for fields of the wrong type.
    """
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"a card needs a non-empty string 'name', not {name!r:.40}")
    where = repr(name)
    record = _slim_card(obj, name, where)
    faces = obj.get("card_faces")
    if faces is not None:
        if not isinstance(faces, (list, tuple)) or not all(isinstance(f, Mapping) for f in faces):
            raise ValueError(f"{where}: 'card_faces' must be a list of objects")
        slim_faces = [
            _slim_face(face, f"{where}, face {number}", obj.get("layout"))
            for number, face in enumerate(faces)
        ]
        if slim_faces:
            record["card_faces"] = slim_faces
    fronts = obj.get("meld_fronts")
    if fronts:
        record["meld_fronts"] = list(fronts)
    return record


def _slim_card(obj: Mapping[str, Any], name: str, where: str) -> Record:
    """The card's own fields the rules need (its faces aside); a card with no mana
    cost and no faces keeps its colors as its color indicator (Garruk the Slayer)."""
    record: Record = {"name": name}
    for field in CARD_FIELDS:
        value = text_field(obj, field, where)
        if value is not None:
            record[field] = value
    indicator = letters_field(obj, "color_indicator", where)
    if not indicator and not obj.get("mana_cost") and not obj.get("card_faces"):
        indicator = letters_field(obj, "colors", where)  # e.g. Garruk the Slayer
    if indicator:
        record["color_indicator"] = indicator
    return record


def _slim_face(face: Mapping[str, Any], where: str, layout: Any) -> Record:
    """The part of one face the rules need; a face with no mana cost on its own side
    (not of a one-sided layout) keeps its colors as its color indicator."""
    slim_face: Record = {"name": text_field(face, "name", where) or ""}
    for field in FACE_FIELDS:
        value = text_field(face, field, where)
        if value is not None:
            slim_face[field] = value
    indicator = letters_field(face, "color_indicator", where)
    if not indicator and not face.get("mana_cost") and layout not in ONE_SIDED:
        indicator = letters_field(face, "colors", where)
    if indicator:
        slim_face["color_indicator"] = indicator
    return slim_face


_MELDS_WITH: Final = lazy(r"Melds with (.+?)\.\)")
_MELD_INTO: Final = lazy(r"meld them into (.+?)\.")
_NAMED: Final = lazy(r"named ")


def _texts(record: Mapping[str, Any]) -> str:
    parts = [record.get("oracle_text") or ""]
    for face in record.get("card_faces") or ():
        if isinstance(face, Mapping):
            parts.append(face.get("oracle_text") or "")
    return "\n".join(str(part) for part in parts)


def _meld_mentions(
    records: Sequence[Any],
) -> tuple[dict[str, set[str]], dict[str, str], dict[str, str]]:
    """What the records' texts say of melding: each card's partners ("Melds with
    X."), the result each front melds into ("meld them into Y."), and the text of
    those fronts."""
    partners: dict[str, set[str]] = {}
    into: dict[str, str] = {}  # front -> result
    texts: dict[str, str] = {}
    for record in records:
        if not isinstance(record, Mapping):
            continue  # CardDatabase reports it
        text = _texts(record)
        if "eld" not in text:  # fast path: 'Melds with', 'meld them into'
            continue
        name = record.get("name")
        if not isinstance(name, str):
            continue
        for match in _MELDS_WITH.finditer(text):
            partners.setdefault(name, set()).add(match.group(1))
            partners.setdefault(match.group(1), set()).add(name)
        into_match = _MELD_INTO.search(text)
        if into_match:
            into[name] = into_match.group(1)
            texts[name] = text
    return partners, into, texts


def _named_partners(front: str, text: str, names: set[str]) -> set[str]:
    """The cards ``front``'s text names ("... and a creature named Bruna, the
    Fading Light, exile them ...") among ``names``."""
    return {
        other
        for other in names
        if other != front
        for m in _NAMED.finditer(text)
        if text.startswith(other, m.end())
    }


def resolve_melds(
    records: Sequence[Mapping[str, Any]], known: Mapping[str, list[str]] | None = None
) -> list[Mapping[str, Any]]:
    """Set ``meld_fronts`` on every meld result in ``records`` (CR 712.4a, 712.5, 202.3c).

    The two cards that meld say so: one says "(Melds with X.)", the other "... exile
    them, then meld them into Y." (or names its partner: "a creature named X").
    ``known`` maps a meld result's name to its fronts where the source said so
    directly (Scryfall's ``all_parts``); those win. A record that already has
    ``meld_fronts`` keeps them. Returns the records, with copies of those that changed.
    """
    records = list(records)
    partners, into, texts = _meld_mentions(records)
    fronts = {name: sorted(parts) for name, parts in (known or {}).items()}
    for front, result in into.items():
        if result in fronts:
            continue
        candidates = partners.get(front, set())
        if len(candidates) != 1:
            candidates = _named_partners(front, texts[front], set(partners) | set(into))
        if len(candidates) == 1:
            fronts[result] = sorted({front, *candidates})
    if not fronts:
        return records
    for index, record in enumerate(records):
        name = record.get("name") if isinstance(record, Mapping) else None
        found = fronts.get(name) if isinstance(name, str) else None
        if found and not record.get("meld_fronts"):
            records[index] = {**record, "meld_fronts": found}
    return records


def sorted_records(records: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Records in the order card files keep them: by name, then by the whole record
    (a few Un-cards share a name), so the same cards always give the same file."""
    return sorted(
        records, key=lambda record: (record["name"], json.dumps(record, separators=(",", ":")))
    )


def card_records(objects: Iterable[Mapping[str, Any]]) -> list[Record]:
    """The records of the cards among Scryfall-like card objects: tokens, emblems and
    art cards left out (:data:`NOT_CARDS`), each :func:`slim`, meld results with their
    fronts (:func:`resolve_melds`). Raises ``ValueError`` for fields of the wrong type."""
    kept = [slim(obj) for obj in objects if obj.get("layout") not in NOT_CARDS]
    return [dict(record) for record in resolve_melds(kept)]
