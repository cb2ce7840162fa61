"""``mtgmana sources-table``: Karsten's whole table of sources needed for a deck
(the 19 reference costs, or ``--cost`` repeated), computed exactly
(:mod:`mtgmana.analysis.karsten`).

Text output is a table; ``--json`` prints one JSON list with one object per cost,
shaped like ``sources-needed --json``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ._analysis import (
    NEEDED_HEADER,
    add_deck_arguments,
    add_rules_arguments,
    calling,
    describe_needed,
    needed_cells,
    rules_text,
)
from ._output import print_json, table

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "sources-table",
        help="Karsten's table of sources needed for every cost (exact)",
        description="Sources needed for each cost (default: Karsten's 19 costs C ... 4CCC) "
        "with (89 + mana value)%% probability, in Frank Karsten's model, computed exactly.",
    )
    add_deck_arguments(parser)
    parser.add_argument(
        "--cost",
        action="append",
        dest="costs",
        metavar="COST",
        help="a cost to include (repeatable; default: the 19 reference costs)",
    )
    parser.add_argument("--color", metavar="W|U|B|R|G|C", help="the color whose pips count")
    add_rules_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..analysis.karsten import REFERENCE_COSTS, sources_table

    rows = calling(
        sources_table,
        args.deck_size,
        args.lands,
        args.costs or REFERENCE_COSTS,
        on_the_draw=args.draw,
        commander=args.commander,
        conditional=not args.unconditional,
        color=args.color,
    )
    if args.json:
        print_json([describe_needed(row) for row in rows])
        return 0
    first = rows[0]
    rules = rules_text(first)
    model = "conditional on the land drops" if first.conditional else "unconditional"
    print(f"Sources needed: {first.deck_size} cards, {first.lands} lands, {rules}, {model}")
    print(table([NEEDED_HEADER, *(needed_cells(row) for row in rows)]))
    return 0
