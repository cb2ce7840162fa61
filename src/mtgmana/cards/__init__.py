"""Cards: mana cost, mana value, colors and color identity of whole cards and their
faces (CR 202, 204, 708-715, 903.4), and the card databases: the bundled one, the
updated one ``mtgmana cards update`` installs, or a card file of your own.

>>> from mtgmana import cards
>>> cards.lookup("Huntmaster of the Fells").mana_value
4

The modules: :mod:`~mtgmana.cards.model` (cards and faces),
:mod:`~mtgmana.cards.database` (finding cards by name, the bundled database),
:mod:`~mtgmana.cards.default` (the database used when none is given: :func:`lookup`,
:func:`use`, :func:`data_in_use`), :mod:`~mtgmana.cards.loaders` (Scryfall and
MTGJSON files, imported when first used), :mod:`~mtgmana.cards.files` (any card
file), :mod:`~mtgmana.cards.store` (card data on disk) and
:mod:`~mtgmana.cards.update` (``mtgmana cards update``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from .database import CardDatabase
from .default import data_in_use, default_database, lookup, use
from .model import Card, Face, Layout

if TYPE_CHECKING:
    from .loaders import load_mtgjson_atomic, load_scryfall_bulk

__all__ = [
    "Card",
    "CardDatabase",
    "Face",
    "Layout",
    "data_in_use",
    "default_database",
    "load_mtgjson_atomic",
    "load_scryfall_bulk",
    "lookup",
    "use",
]


# The loaders are imported the first time they are used (PEP 562).
_LOADERS = dict.fromkeys(("load_mtgjson_atomic", "load_scryfall_bulk"), "loaders")
__getattr__ = lazy_names(__name__, _LOADERS, globals(), __all__)[0]
