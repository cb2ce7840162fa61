"""``mtgmana pay COST --pool ...``: pay a cost from floating mana and life, exactly
(CR 107.4, 118, 119.4, 601.2f-h).

JSON: ``{"payable": true, "cost": "{1}{W/P}", "life_paid": 2, "x": null, "assignment": [{"symbol":
"{W/P}", "paid_with": {"mana": [], "life": 2}}, {"symbol": "{1}", "paid_with":
{"mana": [{"type": "G"}], "life": 0}}], "remaining": [{"type": "G"}, {"type":
"G"}]}`` (mana as :meth:`Mana.to_json <mtgmana.mana.Mana.to_json>` shows it, the
shape plans use too); with ``--max-x``
also ``"max_x": N`` (``null`` when no X works). A cost that can't be paid prints
``{"payable": false, "shortfall": [...], "error": "..."}`` and exits with status 1;
bad input exits with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._output import CommandError, print_json

if TYPE_CHECKING:
    pass

__all__ = ["pay_result", "register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "pay",
        help="pay a mana cost from floating mana (and life), exactly",
        description="Pay COST from the mana in --pool (and --snow) and life.",
    )
    parser.add_argument(
        "cost", metavar="COST", nargs="?", default=None,
        help="the total cost, e.g. '{1}{W/P}' (default: the mana cost of --for's card)",
    )  # fmt: skip
    parser.add_argument(
        "--for", dest="for_card", metavar="CARD",
        help="the spell paid for (its mana's restrictions apply, CR 106.6)",
    )  # fmt: skip
    parser.add_argument(
        "--pool", default="", metavar="MANA", help="floating mana as symbols, e.g. '{W}{U}{G}'"
    )
    parser.add_argument(
        "--snow", default="", metavar="MANA", help="more floating mana, produced by snow sources"
    )
    parser.add_argument(
        "--life", type=int, default=20, metavar="N", help="your life total (default 20)"
    )
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--x", type=int, metavar="N", help="the value chosen for X")
    choice.add_argument("--max-x", action="store_true", help="the largest X you can pay")
    parser.add_argument("--x-mana", default=None, metavar="TYPES", help="types that may pay X")
    parser.add_argument(
        "--spell", default=None, metavar="TYPE LINE", help="what is cast, e.g. 'Creature — Elf'"
    )
    parser.add_argument(
        "--prefer-life", action="store_true", help="pay Phyrexian symbols with life"
    )
    parser.add_argument(
        "--future", action="append", default=[], metavar="COST",
        help="a cost still to pay this turn (repeatable): keep it payable if possible",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def pay_result(request: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """``mtgmana pay``'s answer to a request (``cost``, ``pool``, ``snow``,
    ``life``, ``x``, ``max_x``, ``x_mana``, ``spell``, ``prefer_life``, ``future``):
    (exit status, JSON). Raises :class:`~mtgmana.MtgManaError` for bad input."""
    from ._pay_core import pay_result as answer

    return answer(request)


def run(args: argparse.Namespace) -> int:
    from ..errors import MtgManaError

    try:
        status, result = pay_result(vars(args))
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    cost = result.get("cost", args.cost or "")
    best_x = result.get("max_x")
    if args.json:
        print_json(result)
        return status
    if not result["payable"]:
        print(f"not payable: {result['reason']}")
        return status
    print(f"payable: {cost}" + (f" with X={result['x']}" if result["x"] is not None else ""))
    for part in result["assignment"]:
        paid = part["paid_with"]
        shown = "".join("{" + unit["type"] + "}" for unit in paid["mana"])
        if paid["life"]:
            shown = f"{shown} {paid['life']} life".lstrip()
        print(f"  {part['symbol']:<8} <- {shown or 'nothing'}")
    if result["life_paid"]:
        print(f"  life paid: {result['life_paid']}")
    remaining = "".join("{" + unit["type"] + "}" for unit in result["remaining"])
    print(f"  remaining: {remaining or 'nothing'}")
    if args.max_x:
        print(f"  largest X: {best_x}")
    return status
