"""mtgmana: the mana system of Magic: The Gathering, exactly as the Comprehensive
Rules state it.

The public names live in small modules named after the rules' concepts
(:mod:`mtgmana.colors`, :mod:`mtgmana.symbols`, :mod:`mtgmana.costs`,
:mod:`mtgmana.cards`, ...); the most used ones are re-exported here.

>>> import mtgmana
>>> mtgmana.ManaCost.parse("{2}{W}{U}").mana_value
4
"""

from __future__ import annotations

from .cards import Card, Face, Layout
from .colors import ALL_COLORS, COLORLESS, Color
from .costs import NO_MANA_COST, ManaCost
from .errors import ManaSyntaxError, MtgManaError, UnknownCardError
from .symbols import ManaSymbol, SymbolKind

__all__ = [
    "ALL_COLORS",
    "COLORLESS",
    "NO_MANA_COST",
    "Card",
    "Color",
    "Face",
    "Layout",
    "ManaCost",
    "ManaSymbol",
    "ManaSyntaxError",
    "MtgManaError",
    "SymbolKind",
    "UnknownCardError",
]

__version__ = "0.1.0"
