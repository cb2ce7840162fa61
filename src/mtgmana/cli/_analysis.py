"""Shared pieces of the castability subcommands (``castability``, ``sources-needed``,
``sources-table``): the deck and rules options, errors, and how results print.

Probabilities in JSON are floats rounded to 4 decimals (Karsten publishes
percentages to 0.1%); ``"exact"`` gives the exact rational as ``"p/q"``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ._output import CommandError

if TYPE_CHECKING:
    from fractions import Fraction

    from ..analysis.karsten import Castability, SourcesNeeded

__all__ = [
    "NEEDED_HEADER",
    "add_deck_arguments",
    "add_rules_arguments",
    "calling",
    "describe_castability",
    "describe_needed",
    "needed_cells",
    "percent",
    "rules_text",
    "target_text",
]

_T = TypeVar("_T")


def add_deck_arguments(parser: argparse.ArgumentParser) -> None:
    """``--deck-size`` and ``--lands`` (both required)."""
    parser.add_argument(
        "--deck-size", type=int, required=True, metavar="N", help="cards in the library (60, 99...)"
    )
    parser.add_argument("--lands", type=int, required=True, metavar="L", help="lands in the deck")


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--draw``, ``--commander/--no-commander``, ``--unconditional``, ``--json``."""
    parser.add_argument(
        "--draw", action="store_true", help="on the draw (one more card; default: on the play)"
    )
    parser.add_argument(
        "--commander",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Commander rules: free first mulligan, draw on turn 1 "
        "(default: on for 99- and 100-card decks)",
    )
    parser.add_argument(
        "--unconditional",
        action="store_true",
        help="P(castable) over all games, not only those that hit their land drops",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def calling(function: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    """Call into the library, turning bad input into a :class:`CommandError`."""
    from ..errors import ManaSyntaxError, MtgManaError

    try:
        return function(*args, **kwargs)
    except ManaSyntaxError as error:
        raise CommandError(str(error), position=error.position) from None
    except MtgManaError as error:
        raise CommandError(str(error)) from None


def percent(value: Fraction) -> str:
    """``'91.29%'``; never ``'100.00%'`` or ``'0.00%'`` unless exactly so."""
    from fractions import Fraction

    if 0 < value < 1:
        if value >= Fraction(99995, 100000):
            return ">99.99%"
        if value < Fraction(5, 100000):
            return "<0.01%"
    return f"{float(value) * 100:.2f}%"


def target_text(value: Fraction) -> str:
    """``'92%'``, ``'92.5%'``."""
    shown = f"{float(value) * 100:.2f}".rstrip("0").rstrip(".")
    return shown + "%"


def _round(value: Fraction) -> float:
    return round(float(value), 4)


def rules_text(result: Castability | SourcesNeeded) -> str:
    """``'on the play, London mulligan'`` and the like."""
    if result.commander:
        return "Commander rules (free mulligan, draw on turn 1)"
    return ("on the draw" if result.on_the_draw else "on the play") + ", London mulligan"


def describe_castability(result: Castability) -> dict[str, Any]:
    """The JSON object of a castability result."""
    return {
        "probability": _round(result.exact),
        "exact": str(result.exact),
        "model": "conditional" if result.conditional else "unconditional",
        "conditional": _round(result.p_conditional),
        "unconditional": _round(result.p_unconditional),
        "p_lands": _round(result.p_lands),
        "target": float(result.target),
        "meets_target": result.meets_target,
        "deck_size": result.deck_size,
        "lands": result.lands,
        "sources": result.sources,
        "cost": result.cost,
        "color": result.color,
        "mana_value": result.mana_value,
        "pips": result.pips,
        "turn": result.turn,
        "on_the_draw": result.on_the_draw,
        "commander": result.commander,
    }


def describe_needed(result: SourcesNeeded) -> dict[str, Any]:
    """The JSON object of a sources-needed result (``sources`` is null if unreached;
    ``probability`` is then the best one, with every land a source)."""
    return {
        "sources": result.sources,
        "probability": _round(result.exact),
        "target": float(result.target),
        "reached": result.reached,
        "exact": str(result.exact),
        "model": "conditional" if result.conditional else "unconditional",
        "cost": result.cost,
        "color": result.color,
        "mana_value": result.mana_value,
        "pips": result.pips,
        "turn": result.turn,
        "deck_size": result.deck_size,
        "lands": result.lands,
        "on_the_draw": result.on_the_draw,
        "commander": result.commander,
    }


def needed_cells(result: SourcesNeeded) -> list[str]:
    """The text-table cells of a sources-needed row."""
    if result.sources is None:
        sources, shown = "none", f"best {percent(result.exact)}"
    else:
        sources, shown = str(result.sources), percent(result.exact)
    return [
        result.cost,
        str(result.mana_value),
        str(result.turn),
        target_text(result.target),
        sources,
        shown,
    ]


NEEDED_HEADER = ["cost", "mana value", "turn", "target", "sources", "probability"]
