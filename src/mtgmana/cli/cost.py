"""``mtgmana cost COST...``: canonical text, mana value, colors and symbols
(CR 107.4, 202.2, 202.3).

With ``--json`` each cost is one JSON object on its own line (JSON Lines), e.g.
``{"cost": "{2}{W/U}", "mana_value": 3, "colors": ["W", "U"], "symbols": ["{2}", "{W/U}"]}``;
a cost that does not parse gives ``{"error": "...", "position": N}`` and status 2.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ._output import CommandError, color_list, json_number, print_json, table

if TYPE_CHECKING:
    from ..costs import ManaCost

__all__ = ["describe", "register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cost",
        help="parse mana costs: canonical text, mana value, colors, symbols",
        description="Parse mana costs such as '{2}{W/U}' (quote them in the shell).",
    )
    parser.add_argument("costs", nargs="+", metavar="COST", help="a mana cost, e.g. '{2}{W/U}'")
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="also accept '2WU', lower case, '{U/W}', '{P/W}' (canonicalised)",
    )
    parser.add_argument("--x", type=int, metavar="N", help="the value chosen for X (on the stack)")
    parser.add_argument("--sort", action="store_true", help="put the symbols in printed order")
    parser.add_argument("--json", action="store_true", help="one JSON object per cost")
    parser.set_defaults(run=run)


def describe(cost: ManaCost, x: int | None = None) -> dict[str, Any]:
    """The JSON description of a cost."""
    result: dict[str, Any] = {
        "cost": str(cost),
        "mana_value": json_number(cost.mana_value),
        "colors": color_list(cost.colors),
        "symbols": [symbol.text for symbol in cost],
    }
    if not cost.has_mana_cost:
        result["no_mana_cost"] = True
    if x is not None:
        result["x"] = x
        result["mana_value_on_stack"] = json_number(cost.mana_value_with_x(x))
    return result


def run(args: argparse.Namespace) -> int:
    from ..costs import ManaCost
    from ..errors import ManaSyntaxError, MtgManaError

    status = 0
    rows = [["cost", "mana value", "colors", "symbols"]]
    for text in args.costs:
        try:
            cost = ManaCost.parse(text, lenient=args.lenient)
            if args.sort:
                cost = cost.sorted()
            info = describe(cost, args.x)
        except ManaSyntaxError as error:
            if len(args.costs) == 1:
                raise CommandError(str(error), position=error.position) from None
            status = 2
            if args.json:
                print_json({"error": str(error), "position": error.position, "input": text})
            else:
                rows.append([text, "error", "", error.message])
            continue
        except MtgManaError as error:
            raise CommandError(str(error)) from None
        if args.json:
            print_json(info)
            continue
        value = info["mana_value"]
        shown_value = "∞" if value is None else str(value)
        if args.x is not None:
            shown_value += f" (X={args.x}: {info['mana_value_on_stack']})"
        rows.append(
            [
                info["cost"] or "(no mana cost)",
                shown_value,
                "".join(info["colors"]) or "colorless",
                " ".join(info["symbols"]),
            ]
        )
    if not args.json:
        print(table(rows))
    return status
