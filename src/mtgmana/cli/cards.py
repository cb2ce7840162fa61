"""``mtgmana cards update|info|reset``: the card data mtgmana uses
(:mod:`mtgmana.cards.update`, :mod:`mtgmana.cards.store`).

``update`` downloads Scryfall's current Oracle Cards file (found in the bulk-data
listing, ``--api``), or reads ``--from PATH_OR_URL`` (a Scryfall bulk file or MTGJSON's
AtomicCards), checks it, builds the indexed format and installs it in the user's data
directory in one step: every subcommand, ``serve`` and the Python API then use it.
On a terminal it draws progress bars; otherwise it writes a line about the download.
Any failure exits with status 2, says what happened, and leaves the data in use as it
was. ``info`` says which data is in use (bundled, updated or a ``--cards`` file), its
date, number of cards and source; ``reset`` goes back to the bundled data.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ._output import CommandError, add_cards_option, print_json

if TYPE_CHECKING:
    from ..cards.store import CardData

__all__ = ["register", "run_info", "run_reset", "run_update"]

_UNCHANGED = "the card data in use is unchanged"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cards",
        help="the card data: update it, say which is in use, go back to the bundled one",
        description="Manage the card data every subcommand uses: 'update' fetches the "
        "current cards, 'info' says which data is in use, 'reset' goes back to the "
        "data bundled with mtgmana.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    update = actions.add_parser(
        "update",
        help="download the current cards (Scryfall's Oracle Cards) or read --from a file",
        description="Download Scryfall's current Oracle Cards file (or read --from a "
        "Scryfall bulk file or MTGJSON's AtomicCards file, local or remote), check it "
        "and install it in the data directory ($MTGMANA_DATA_DIR, else "
        "$XDG_DATA_HOME/mtgmana, else ~/.local/share/mtgmana).",
    )
    update.add_argument(
        "--from",
        dest="source",
        metavar="PATH_OR_URL",
        help="a Scryfall bulk JSON file or MTGJSON AtomicCards file (.gz ok), or its URL",
    )
    update.add_argument(
        "--api",
        metavar="URL",
        help="the bulk-data listing to find Oracle Cards in "
        "(default: https://api.scryfall.com/bulk-data)",
    )
    update.add_argument(
        "--min-cards",
        type=int,
        metavar="N",
        help="the fewest cards accepted (default 25000: fewer means a cut or wrong file)",
    )
    update.add_argument(
        "--timeout", type=float, default=60.0, metavar="SECONDS", help="network timeout (60)"
    )
    update.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bars on standard error (default: when it is a terminal)",
    )
    update.add_argument("--json", action="store_true", help="print JSON")
    update.set_defaults(run=run_update)
    info = actions.add_parser(
        "info",
        help="which card data is in use: bundled or updated, its date, cards and source",
        description="Say which card data is in use (bundled, updated, or a --cards file), "
        "its date, number of cards and source.",
    )
    info.add_argument("--json", action="store_true", help="print JSON")
    add_cards_option(info)
    info.set_defaults(run=run_info)
    reset = actions.add_parser(
        "reset",
        help="go back to the card data bundled with mtgmana",
        description="Remove the updated card data: the bundled data is used again.",
    )
    reset.add_argument("--json", action="store_true", help="print JSON")
    reset.set_defaults(run=run_reset)


def _say(line: str) -> None:
    print(f"mtgmana: {line}", file=sys.stderr, flush=True)


def run_update(args: argparse.Namespace) -> int:
    from ..cards.store import data_dir
    from ..cards.update import MIN_CARDS, SCRYFALL_BULK_DATA, update
    from ..errors import MtgManaError

    bars = sys.stderr.isatty() if args.progress is None else args.progress
    try:
        done = update(
            args.source,
            api=args.api or SCRYFALL_BULK_DATA,
            min_cards=MIN_CARDS if args.min_cards is None else args.min_cards,
            progress=bars,
            timeout=args.timeout,
            say=None if bars or args.json else _say,
        )
    except MtgManaError as error:
        raise CommandError(f"{error} ({_UNCHANGED})", data_dir=str(data_dir())) from None
    data = done.data
    if args.json:
        print_json(
            {
                "updated": True,
                **data.to_json(),
                "data_dir": str(data_dir()),
                "added": list(done.added),
                "unreadable": list(done.unreadable),
            }
        )
        return 0
    new = f" ({len(done.added):,} not in the data before)" if done.added else ""
    print(f"updated the card data: {data.cards:,} cards{new}, dated {data.date or 'unknown'}")
    print(f"  from {data.source}")
    print(f"  in {data.path}")
    if done.unreadable:
        shown = ", ".join(done.unreadable[:5]) + (", ..." if len(done.unreadable) > 5 else "")
        print(f"  {len(done.unreadable)} cards mtgmana can't read (an error when used): {shown}")
    _note_override()
    return 0


def _note_override() -> None:
    """Say so when this run's card data is not the data directory's."""
    import os

    from ..cards.store import CARDS_ENV

    if os.environ.get(CARDS_ENV):
        print(f"  note: {CARDS_ENV} is set: the commands use that file, not this data")


def run_info(args: argparse.Namespace) -> int:
    from ..cards import data_in_use
    from ..cards.store import CardDataError, current, data_dir
    from ..errors import MtgManaError

    try:
        data = data_in_use()
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    directory = data_dir()
    try:
        installed = current(directory)
        problem = None
    except CardDataError as error:
        installed, problem = None, str(error)
    result = {**data.to_json(), "data_dir": str(directory)}
    result["updated_installed"] = None if installed is None else str(installed)
    if problem is not None:
        result["problem"] = problem
    if args.json:
        print_json(result)
        return 0
    print(_describe(data))
    print(f"data directory: {directory}")
    if installed is not None and data.kind != "updated":
        print(f"updated data:   {installed} (not used: {data.chosen_by} chose a card file)")
    if problem is not None:
        print(f"problem:        {problem}")
    return 0


def _describe(data: CardData) -> str:
    kinds = {
        "bundled": "bundled with mtgmana",
        "updated": "updated (mtgmana cards update)",
        "file": f"a card file chosen by {data.chosen_by}",
        "database": "a database given to mtgmana.cards.use",
    }
    lines = [
        f"card data:      {kinds.get(data.kind, data.kind)}",
        f"cards:          {data.cards:,}",
        f"date:           {data.date or 'unknown'}",
        f"source:         {data.source}",
    ]
    if data.path:
        lines.append(f"path:           {data.path}")
    if data.installed:
        lines.append(f"installed:      {data.installed}")
    return "\n".join(lines)


def run_reset(args: argparse.Namespace) -> int:
    from ..cards import data_in_use
    from ..cards.store import data_dir
    from ..cards.update import reset
    from ..errors import MtgManaError

    try:
        had = reset()
        data = data_in_use()
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print_json({"reset": had, **data.to_json(), "data_dir": str(data_dir())})
        return 0
    if had:
        print(f"removed the updated card data from {data_dir()}")
    else:
        print(f"no updated card data in {data_dir()}: nothing to remove")
    print(f"in use: {data.kind}, {data.cards:,} cards, dated {data.date or 'unknown'}")
    _note_override()
    return 0
