"""The ``mtgmana`` command-line tool.

Every subcommand prints a table or text for people and, with ``--json``, one JSON
value for programs. Bad input exits with status 2 and says what was wrong and where.
Each subcommand lives in its own module and registers itself in :data:`COMMANDS`;
every one takes ``--cards FILE``, the card data for this run (also before the
subcommand: ``mtgmana --cards FILE deck ...``; :mod:`mtgmana.cards.default`).
Registering a subcommand imports nothing heavy: each module imports what it needs in
the function that runs the command, so ``mtgmana cost {1}`` doesn't pay for the
tapper or the card database. When the command is the first argument (after
``--cards FILE``), only its module registers its subcommands: the parser a command
runs with says the same, and the others' options aren't built for nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import _serve_command as serve
from . import (
    card,
    cards,
    castability,
    cost,
    deck,
    pay,
    pool,
    sources_needed,
    sources_table,
    tap,
    web,
)
from ._output import CommandError, add_cards_option, emit_error

__all__ = ["build_parser", "main"]

COMMANDS = (
    cost, card, pool, pay, tap, castability, sources_needed, sources_table, deck, serve, cards,
    web,
)  # fmt: skip

OWNERS = {
    "cost": cost, "card": card, "pool": pool, "pay": pay, "tap": tap, "options": tap,
    "castability": castability, "sources-needed": sources_needed,
    "sources-table": sources_table, "deck": deck, "serve": serve, "cards": cards, "web": web,
}  # fmt: skip
"""The module of :data:`COMMANDS` that registers each subcommand."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, or (given a ``command`` of
    :data:`OWNERS`) with the subcommands of its module only."""
    parser = argparse.ArgumentParser(
        prog="mtgmana",
        description="The mana system of Magic: The Gathering, exactly as the rules state it.",
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"mtgmana {__version__}")
    add_cards_option(parser, top=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS if command is None else (OWNERS[command],):
        module.register(subparsers)
    for name, subparser in subparsers.choices.items():
        if name != "cards":  # 'cards info' takes it; update and reset don't use it
            add_cards_option(subparser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; returns the exit status (0 success, 2 bad input)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command(argv))
    args = parser.parse_args(argv)
    try:
        if args.cards is None:
            status: int = args.run(args)
        else:
            status = _with_cards(args)
    except CommandError as error:
        return emit_error(error, as_json=getattr(args, "json", False))
    except BrokenPipeError:  # `mtgmana ... | head`
        sys.stderr.close()
        return 0
    return status


def _command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs when it is the first argument (after ``--cards
    FILE``); None when any other option comes first (``--help`` lists every command)."""
    rest = list(argv)
    if rest[:1] == ["--cards"]:
        rest = rest[2:]
    elif rest and rest[0].startswith("--cards="):
        rest = rest[1:]
    return rest[0] if rest and rest[0] in OWNERS else None


def _with_cards(args: argparse.Namespace) -> int:
    """Run the command with the card file ``--cards`` names (for this run only)."""
    import contextlib

    from ..cards.default import using
    from ..errors import MtgManaError

    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(using(args.cards, chosen_by="--cards"))
        except MtgManaError as error:
            raise CommandError(f"--cards: {error}") from None
        status: int = args.run(args)
    return status
