"""``mtgmana card NAME``: a card's mana cost, mana value, colors and color identity
(CR 202, 204, 708-715, 903.4), from the card data in use (bundled, or updated by
``mtgmana cards update``, or ``--cards FILE``) or your own Scryfall bulk or MTGJSON
AtomicCards file.
"""

from __future__ import annotations

import argparse
from typing import Any

from ._output import CommandError, color_list, json_number, print_json

__all__ = ["describe", "register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "card",
        help="a card's mana cost, mana value, colors and color identity",
        description="Look up a card by name (any face's name; case and accents don't matter).",
    )
    parser.add_argument("name", nargs="+", metavar="NAME", help="the card's name")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--scryfall", metavar="FILE", help="use a Scryfall bulk JSON file (.gz ok)")
    source.add_argument("--mtgjson", metavar="FILE", help="use an MTGJSON AtomicCards file")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def describe(card: Any) -> dict[str, Any]:
    """The JSON description of a card."""
    result: dict[str, Any] = {
        "name": card.name,
        "mana_cost": str(card.mana_cost),
        "mana_value": json_number(card.mana_value),
        "colors": color_list(card.colors),
        "color_identity": color_list(card.color_identity),
        "layout": card.layout.value,
    }
    if len(card.faces) > 1:
        result["faces"] = [
            {
                "name": face.name,
                "mana_cost": str(face.mana_cost),
                "mana_value": json_number(face.mana_value),
                "colors": color_list(face.colors),
            }
            for face in card.faces
        ]
    return result


def run(args: argparse.Namespace) -> int:
    from ..cards import default_database
    from ..errors import MtgManaError, UnknownCardError

    name = " ".join(args.name)
    try:
        if args.scryfall:
            from ..cards.loaders import load_scryfall_bulk

            database = load_scryfall_bulk(args.scryfall)
        elif args.mtgjson:
            from ..cards.loaders import load_mtgjson_atomic

            database = load_mtgjson_atomic(args.mtgjson)
        else:
            database = default_database()
        card = database.lookup(name)
        info = describe(card)
    except UnknownCardError as error:
        raise CommandError(str(error), suggestions=error.suggestions) from None
    except (MtgManaError, OSError) as error:
        raise CommandError(str(error)) from None
    if args.json:
        print_json(info)
        return 0
    print(info["name"])
    print(f"  mana cost:      {info['mana_cost'] or '(no mana cost)'}")
    value = info["mana_value"]
    print(f"  mana value:     {'∞' if value is None else value}")
    print(f"  colors:         {''.join(info['colors']) or 'colorless'}")
    print(f"  color identity: {''.join(info['color_identity']) or 'colorless'}")
    for face in info.get("faces", []):
        cost = face["mana_cost"] or "(no mana cost)"
        colors = "".join(face["colors"]) or "colorless"
        print(f"  face {face['name']}: {cost}, mana value {face['mana_value']}, {colors}")
    return 0
