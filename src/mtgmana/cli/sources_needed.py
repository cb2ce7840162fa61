"""``mtgmana sources-needed``: the fewest sources of a color that cast a spell on
curve with Karsten's target probability, (89 + M)% (:mod:`mtgmana.analysis.karsten`).

``mtgmana sources-needed --deck-size 60 --lands 25 --cost "{1}{B}{B}" --json``
prints ``{"sources": 18, "probability": 0.9249, "target": 0.92, "reached": true,
...}``. When no number of sources reaches the target, ``"sources"`` is ``null``,
``"reached"`` false and ``"probability"`` the best one (status 0: it is an answer).
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
        "sources-needed",
        help="the fewest sources that cast a spell on curve consistently (Karsten 2022)",
        description="The smallest number of sources of the color that casts COST on curve "
        "with probability (89 + mana value)%%, in Frank Karsten's model, computed exactly.",
    )
    add_deck_arguments(parser)
    parser.add_argument(
        "--cost",
        required=True,
        metavar="COST",
        help="e.g. '{1}{B}{B}', or Karsten's shorthand '1CC' (C: a pip of the color)",
    )
    parser.add_argument("--turn", type=int, metavar="T", help="the turn (default: the mana value)")
    parser.add_argument("--color", metavar="W|U|B|R|G|C", help="the color whose pips count")
    parser.add_argument(
        "--target", type=float, metavar="P", help="the target probability (default: (89 + M)%%)"
    )
    add_rules_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..analysis.karsten import sources_needed

    result = calling(
        sources_needed,
        args.deck_size,
        args.lands,
        args.cost,
        turn=args.turn,
        on_the_draw=args.draw,
        commander=args.commander,
        conditional=not args.unconditional,
        target=args.target,
        color=args.color,
    )
    if args.json:
        print_json(describe_needed(result))
        return 0
    print(f"{result.deck_size} cards, {result.lands} lands, {rules_text(result)}")
    print(table([NEEDED_HEADER, needed_cells(result)]))
    if result.sources is None:
        print(f"no number of sources reaches the target, even {result.lands} of {result.lands}")
    return 0
