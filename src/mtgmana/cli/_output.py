"""Shared output helpers for the command-line tool: JSON, errors, tables.

The command modules import only this module and argparse when the parser is built;
everything else is imported by the command that runs, so start-up stays fast.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..colors import Color

__all__ = [
    "CommandError",
    "add_cards_option",
    "color_list",
    "emit_error",
    "json_number",
    "print_json",
    "table",
]


class CommandError(Exception):
    """A user error: printed (as text or JSON) and exit status 2."""

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


def add_cards_option(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """``--cards FILE``: the card data for this run (the top-level parser's default is
    ``None``; a subcommand's leaves the top-level value alone unless given)."""
    parser.add_argument(
        "--cards",
        metavar="FILE",
        default=None if top else argparse.SUPPRESS,
        help="use this card file for this run: a Scryfall bulk or MTGJSON AtomicCards "
        "file, JSON lines of cards, or a card data directory (also: $MTGMANA_CARDS)",
    )


def emit_error(error: CommandError, *, as_json: bool) -> int:
    if as_json:
        print_json({"error": error.message, **error.details})
    else:
        print(f"mtgmana: error: {error.message}", file=sys.stderr)
    return 2


def print_json(value: Any) -> None:
    """One JSON value on one line of standard output."""
    import json

    sys.stdout.write(json.dumps(value, ensure_ascii=False, allow_nan=False) + "\n")


def json_number(value: int | float) -> int | float | None:
    """A mana value for JSON: an int when whole, ``None`` for infinity (as Scryfall)."""
    if isinstance(value, float):
        if math.isinf(value):
            return None
        if value.is_integer():
            return int(value)
    return value


def color_list(colors: Color) -> list[str]:
    """Color letters in WUBRG order, as JSON wants them."""
    return colors.letters


def table(rows: Sequence[Sequence[str]]) -> str:
    """Rows of cells as left-aligned columns (first row is the header)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)
