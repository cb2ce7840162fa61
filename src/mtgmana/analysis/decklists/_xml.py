"""XML decklists: MTGO's ``.dek`` and Cockatrice's ``.cod``.

MTGO writes ``<Deck>`` with one ``<Cards CatID="..." Quantity="4" Sideboard="false"
Name="Lightning Bolt" Annotation="0" />`` per card (``Sideboard="true"`` for the
sideboard, where it also puts a Commander deck's commander: see
:func:`mtgmana.analysis.decklists.Decklist.resolve`; a ``Commander="true"``
attribute, if present, marks a commander). Cockatrice writes
``<cockatrice_deck>`` with ``<deckname>`` and ``<zone name="main|side">`` of
``<card number="4" name="..."/>``. Each entry keeps the line of its element.
Document type declarations (and so entity expansion) are refused.
"""

from __future__ import annotations

import xml.parsers.expat
from typing import Final

from ._entry import MAX_CARDS, MAX_COPIES, DeckEntry, DecklistError

__all__ = ["read_xml"]

_TRUE: Final = frozenset({"true", "1", "yes"})
_ZONES: Final = {"main": "main", "side": "sideboard", "sideboard": "sideboard"}


def read_xml(text: str) -> tuple[list[DeckEntry], str | None]:
    """The entries of an MTGO ``.dek`` or Cockatrice ``.cod`` decklist and its name."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise DecklistError("an XML decklist can't declare a document type or entities")
    entries: list[DeckEntry] = []
    state: dict[str, str | None] = {"zone": "main", "name": None, "text": None}
    parser = xml.parsers.expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        keys = {k.lower(): v for k, v in attrs.items()}
        if tag == "Cards":  # MTGO
            section = "sideboard" if keys.get("sideboard", "").lower() in _TRUE else "main"
            if keys.get("commander", "").lower() in _TRUE:
                section = "commander"
            _add(entries, keys.get("quantity"), keys.get("name"), section, line)
        elif tag == "zone":  # Cockatrice
            state["zone"] = _ZONES.get(keys.get("name", "").lower(), "skip")
        elif tag == "card" and state["zone"] != "skip":
            _add(entries, keys.get("number"), keys.get("name"), state["zone"] or "main", line)
        elif tag == "deckname":
            state["text"] = ""

    def data(chunk: str) -> None:
        if state["text"] is not None:
            state["text"] += chunk

    def end(tag: str) -> None:
        if tag == "deckname" and state["text"] is not None:
            state["name"] = state["text"].strip() or None
            state["text"] = None

    parser.StartElementHandler = start
    parser.CharacterDataHandler = data
    parser.EndElementHandler = end
    try:
        parser.Parse(text.lstrip("\ufeff"), True)
    except xml.parsers.expat.ExpatError as error:
        message = xml.parsers.expat.ErrorString(error.code) or "not well-formed"
        raise DecklistError(f"can't read the XML decklist: {message}", line=error.lineno) from None
    return entries, state["name"]


def _add(
    entries: list[DeckEntry], quantity: str | None, name: str | None, section: str, line: int
) -> None:
    name = (name or "").strip()
    if not name:
        raise DecklistError("a card element without a name", line=line)
    text = (quantity or "1").strip()
    if not text.isdigit() or len(text) > 6:
        raise DecklistError(f"{name!r}: the quantity {text!r} is not a count", line=line)
    count = int(text)
    if count == 0:
        raise DecklistError(f"{name!r}: a count must be at least 1", line=line)
    if count > MAX_COPIES:
        raise DecklistError(
            f"{count:,} copies of {name!r}: at most {MAX_COPIES:,} a line", line=line
        )
    if sum(e.count for e in entries) + count > MAX_CARDS:
        raise DecklistError(
            f"the decklist has more than {MAX_CARDS:,} cards by this line", line=line
        )
    entries.append(DeckEntry(count, name, section, line))
