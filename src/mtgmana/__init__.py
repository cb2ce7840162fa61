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
from .emptying import CURRENT_RULES, RULES_2008, EmptyResult, Ending, Retention, Rules
from .errors import ManaSyntaxError, MtgManaError, UnknownCardError
from .mana import Duration, Mana, ManaKind, ManaType, Rider, Source
from .payment import CannotPay, Payment, Prefer, can_pay, max_x, pay, plan_payment
from .pool import (
    ManaAdded,
    ManaConverted,
    ManaLost,
    ManaNotInPool,
    ManaPool,
    ManaSpent,
    RestrictedManaError,
)
from .restriction_text import RestrictionTextError, parse_restriction
from .restrictions import Restriction, Spend
from .symbols import ManaSymbol, SymbolKind

__all__ = [
    "ALL_COLORS",
    "COLORLESS",
    "CURRENT_RULES",
    "NO_MANA_COST",
    "RULES_2008",
    "CannotPay",
    "Card",
    "Color",
    "Duration",
    "EmptyResult",
    "Ending",
    "Face",
    "Layout",
    "Mana",
    "ManaAdded",
    "ManaConverted",
    "ManaCost",
    "ManaKind",
    "ManaLost",
    "ManaNotInPool",
    "ManaPool",
    "ManaSpent",
    "ManaSymbol",
    "ManaSyntaxError",
    "ManaType",
    "MtgManaError",
    "Payment",
    "Prefer",
    "RestrictedManaError",
    "Restriction",
    "RestrictionTextError",
    "Retention",
    "Rider",
    "Rules",
    "Source",
    "Spend",
    "SymbolKind",
    "UnknownCardError",
    "can_pay",
    "max_x",
    "parse_restriction",
    "pay",
    "plan_payment",
]

__version__ = "0.1.0"
