"""Cards: mana cost, mana value, colors and color identity of whole cards and their
faces (CR 202, 204, 708-715, 903.4), and the bundled card database.

>>> from mtgmana import cards
>>> cards.lookup("Huntmaster of the Fells").mana_value
4
"""

from __future__ import annotations

from .database import CardDatabase, load_mtgjson_atomic, load_scryfall_bulk, lookup
from .model import Card, Face, Layout

__all__ = [
    "Card",
    "CardDatabase",
    "Face",
    "Layout",
    "load_mtgjson_atomic",
    "load_scryfall_bulk",
    "lookup",
]
