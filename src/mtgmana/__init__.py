"""mtgmana: the mana system of Magic: The Gathering, exactly as the Comprehensive
Rules state it.

The public names live in small modules named after the rules' concepts
(:mod:`mtgmana.colors`, :mod:`mtgmana.symbols`, :mod:`mtgmana.costs`,
:mod:`mtgmana.cards`, ...); the most used ones are re-exported here. They are
imported when first used, so ``import mtgmana`` stays cheap.

>>> import mtgmana
>>> mtgmana.ManaCost.parse("{2}{W}{U}").mana_value
4
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from .cards import Card, Face, Layout
    from .colors import ALL_COLORS, COLORLESS, Color, ManaType
    from .costs import NO_MANA_COST, ManaCost
    from .errors import ManaSyntaxError, MtgManaError, UnknownCardError
    from .mana import Duration, Mana, ManaKind, Rider, Source
    from .payment import CannotPay, Payment, can_pay, max_x, pay, plan_payment
    from .pool import (
        ManaAdded,
        ManaConverted,
        ManaLost,
        ManaNotInPool,
        ManaPool,
        ManaSpent,
        RestrictedManaError,
    )
    from .pool.emptying import CURRENT_RULES, RULES_2008, EmptyResult, Ending, Retention, Rules
    from .request import PaymentRequest, Prefer
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
    "PaymentRequest",
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

# Where each re-exported name lives (the imports under TYPE_CHECKING above).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Card", "Face", "Layout"), "cards"),
    **dict.fromkeys(("ALL_COLORS", "COLORLESS", "Color", "ManaType"), "colors"),
    **dict.fromkeys(("NO_MANA_COST", "ManaCost"), "costs"),
    **dict.fromkeys(
        ("CURRENT_RULES", "RULES_2008", "EmptyResult", "Ending", "Retention", "Rules"),
        "pool.emptying",
    ),
    **dict.fromkeys(("ManaSyntaxError", "MtgManaError", "UnknownCardError"), "errors"),
    **dict.fromkeys(("Duration", "Mana", "ManaKind", "Rider", "Source"), "mana"),
    **dict.fromkeys(("CannotPay", "Payment", "can_pay", "max_x", "pay", "plan_payment"), "payment"),
    **dict.fromkeys(
        (
            "ManaAdded",
            "ManaConverted",
            "ManaLost",
            "ManaNotInPool",
            "ManaPool",
            "ManaSpent",
            "RestrictedManaError",
        ),
        "pool",
    ),
    **dict.fromkeys(("PaymentRequest", "Prefer"), "request"),
    **dict.fromkeys(("RestrictionTextError", "parse_restriction"), "restriction_text"),
    **dict.fromkeys(("Restriction", "Spend"), "restrictions"),
    **dict.fromkeys(("ManaSymbol", "SymbolKind"), "symbols"),
}


def __getattr__(name: str) -> object:
    """Import a re-exported name from its module the first time it is used (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'mtgmana' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value  # later uses skip this function
    return value


def __dir__() -> list[str]:
    """The public names only (``__all__``), not the machinery of the lazy imports."""
    return sorted(__all__)
