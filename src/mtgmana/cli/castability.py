"""``mtgmana castability``: the exact probability of casting a spell on curve, in
Frank Karsten's 2022 model (:mod:`mtgmana.analysis.karsten`; London mulligan,
CR 103.5; Commander rules CR 103.5c and 103.8c, on by default for 99- and 100-card
decks).

``mtgmana castability --deck-size 60 --lands 25 --sources 14 --cost "{B}" --json``
prints ``{"probability": 0.9129, "exact": "p/q", "model": "conditional",
"conditional": 0.9129, "unconditional": 0.9128, "p_lands": 1.0, "target": 0.9,
"meets_target": true, ...}``; bad input exits with status 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from ._analysis import (
    add_deck_arguments,
    add_rules_arguments,
    calling,
    describe_castability,
    percent,
    rules_text,
    target_text,
)
from ._output import print_json

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "castability",
        help="the exact probability of casting a spell on curve (Karsten 2022)",
        description="P(castable on turn T) for a deck of N cards with L lands, S of them "
        "sources of the color, in Frank Karsten's model, computed exactly.",
    )
    add_deck_arguments(parser)
    parser.add_argument(
        "--sources", type=int, required=True, metavar="S", help="lands that make the color"
    )
    parser.add_argument(
        "--cost",
        required=True,
        metavar="COST",
        help="e.g. '{1}{B}{B}', or Karsten's shorthand '1CC' (C: a pip of the color)",
    )
    parser.add_argument("--turn", type=int, metavar="T", help="the turn (default: the mana value)")
    parser.add_argument("--color", metavar="W|U|B|R|G|C", help="the color whose pips count")
    add_rules_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..analysis.karsten import castability

    result = calling(
        castability,
        args.deck_size,
        args.lands,
        args.sources,
        args.cost,
        turn=args.turn,
        on_the_draw=args.draw,
        commander=args.commander,
        conditional=not args.unconditional,
        color=args.color,
    )
    if args.json:
        print_json(describe_castability(result))
        return 0
    pips = f"{result.pips} pip" + ("" if result.pips == 1 else "s")
    if result.color:
        pips += f" of {result.color}"
    lands = f"{result.mana_value} land" + ("" if result.mana_value == 1 else "s")
    verdict = "meets" if result.meets_target else "misses"
    rows = [
        ("deck", f"{result.deck_size} cards, {result.lands} lands, {result.sources} sources"),
        ("cost", f"{result.cost} (mana value {result.mana_value}, {pips})"),
        ("turn", f"{result.turn}, {rules_text(result)}"),
        (
            "probability",
            f"{percent(result.exact)} ({verdict} the target {target_text(result.target)})",
        ),
        ("conditional", f"{percent(result.p_conditional)} (given {lands} by turn {result.turn})"),
        ("unconditional", percent(result.p_unconditional)),
        (f"{lands} by turn {result.turn}", percent(result.p_lands)),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label.ljust(width)}  {value}")
    return 0
