"""``mtgmana tap COST --sources ...`` and ``mtgmana options --sources ...``: which
sources to tap for a cost, exactly (CR 106, 601.2g-h, 605), and the Pareto frontier
of what a board can produce.

``tap`` JSON: ``{"payable": true, "activations": [{"card": "Forest", "ability":
"{T}: Add {G}.", "produces": "{G}"}], "life_paid": 0, "damage": 0, "sacrificed": [],
"floating_after": ""}`` (plus the payment's ``assignment``); a cost the board can't
pay prints ``{"payable": false, ...}`` and exits with status 1.
``options`` JSON: ``{"options": [{"W": 0, "U": 0, "B": 0, "R": 0, "G": 0, "C": 3,
"any": 0}, ...], "count": 10}`` (plus ``truncated``, ``complete`` and a summary).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..battlefield import Board
from ..costs import ManaCost
from ..errors import MtgManaError
from ..payment import CannotPay
from ..tapping import available, plan
from ._output import CommandError, print_json, table
from .pay import units_from_symbols

__all__ = ["register", "run_options", "run_tap"]


def _board_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--sources", required=True, metavar="NAMES",
        help='your permanents, e.g. "Forest, 2 Tundra, Llanowar Elves"',
    )  # fmt: skip
    parser.add_argument("--opponent", default="", metavar="NAMES", help="an opponent's permanents")
    parser.add_argument(
        "--tapped", default="", metavar="NAMES", help="which of your permanents are tapped"
    )
    parser.add_argument(
        "--sick",
        default="",
        metavar="NAMES",
        help="creatures that came under your control this turn",
    )
    parser.add_argument("--pool", default="", metavar="MANA", help="floating mana, e.g. '{G}'")
    parser.add_argument("--json", action="store_true", help="print JSON")


def register(subparsers: Any) -> None:
    tap = subparsers.add_parser(
        "tap",
        help="which sources to tap to pay a cost (exact auto-tapper)",
        description="Plan the mana abilities to activate to pay COST, exactly.",
    )
    tap.add_argument("cost", metavar="COST", help="the total cost, e.g. '{2}{G}{G}'")
    _board_arguments(tap)
    tap.add_argument("--life", type=int, default=20, metavar="N", help="your life total")
    tap.add_argument("--x", type=int, metavar="N", help="the value chosen for X")
    tap.add_argument(
        "--hand", default="", metavar="COSTS",
        help='costs still to pay this turn, e.g. "{1}{U}, {W}{W}": kept payable if possible',
    )  # fmt: skip
    tap.set_defaults(run=run_tap)
    options = subparsers.add_parser(
        "options",
        help="the Pareto frontier of what a board can produce",
        description="List what the sources can produce together (counts of W U B R G C any).",
    )
    _board_arguments(options)
    options.add_argument("--limit", type=int, default=1000, help="list at most this many")
    options.set_defaults(run=run_options)


def _board(args: argparse.Namespace) -> Board:
    board = Board.parse(args.sources, opponent=args.opponent)
    tapped = _names(args.tapped)
    sick = _names(args.sick)
    permanents = list(board.permanents)
    for wanted, field in ((tapped, "tapped"), (sick, "summoning_sick")):
        for name in wanted:
            for i, permanent in enumerate(permanents):
                same = permanent.controller == "you" and permanent.name.lower() == name.lower()
                if same and not getattr(permanent, field):
                    permanents[i] = permanent.with_state(**{field: True})
                    break
            else:
                raise MtgManaError(
                    f"--{field.split('_')[-1]}: no untouched {name!r} among your sources"
                )
    return Board(tuple(permanents), board.effects)


def _names(text: str) -> list[str]:
    names: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        count, _, rest = item.partition(" ")
        if count.rstrip("x").isdigit() and rest:
            names.extend([rest.strip()] * int(count.rstrip("x")))
        else:
            names.append(item)
    return names


def run_tap(args: argparse.Namespace) -> int:
    try:
        cost = ManaCost.parse(args.cost, lenient=True)
        board = _board(args)
        pool = units_from_symbols(args.pool)
        hand = [ManaCost.parse(text, lenient=True) for text in args.hand.split(",") if text.strip()]
        try:
            result = plan(cost, board, pool=pool, life=args.life, x=args.x, future=hand)
        except CannotPay as refusal:
            refused = {
                "payable": False,
                "shortfall": list(refusal.shortfall),
                "error": str(refusal),
            }
            if args.json:
                print_json(refused)
            else:
                print(f"not payable: {refusal}")
            return 1
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    data: dict[str, Any] = result.to_json()
    if args.json:
        print_json(data)
        return 0
    print(f"payable: {cost}")
    rows = [["tap", "ability", "makes"]]
    for activation in data["activations"]:
        rows.append([activation["card"], activation["ability"], activation["produces"]])
    print(table(rows))
    for key in ("life_paid", "damage"):
        if data[key]:
            print(f"{key.replace('_', ' ')}: {data[key]}")
    if data["sacrificed"]:
        print("sacrificed: " + ", ".join(data["sacrificed"]))
    print(f"floating after: {data['floating_after'] or 'nothing'}")
    return 0


def run_options(args: argparse.Namespace) -> int:
    try:
        board = _board(args)
        pool = units_from_symbols(args.pool)
        result = available(board, pool=pool, limit=args.limit)
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    data = result.to_json()
    if args.json:
        print_json(data)
        return 0
    keys = ("W", "U", "B", "R", "G", "C", "any")
    rows = [list(keys)] + [[str(option[k]) for k in keys] for option in data["options"]]
    print(table(rows))
    more = f" (the first {len(data['options'])} listed)" if data["truncated"] else ""
    if not data["complete"]:
        more = " at least (too many to hold; the most of each type is exact)"
    print(f"{data['count']} options{more}; most in total: {data['most_total']}")
    return 0
