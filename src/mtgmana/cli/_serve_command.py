"""``mtgmana serve``'s subcommand: its options, registered without importing the
server (:mod:`mtgmana.cli.serve`, imported when it runs), so that building the
parser stays light for every other command."""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="answer JSON requests, one a line, on standard input (for engines)",
        description="Read one JSON request a line on standard input and write one JSON "
        "response a line on standard output, until the input ends (docs/protocol.md).",
    )
    parser.add_argument(
        "--allow-files", action="store_true",
        help="let requests read and write files (deck's file, html and png; pool's load)",
    )  # fmt: skip
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .serve import serve_stream

    serve_stream(sys.stdin.buffer, sys.stdout.buffer, allow_files=args.allow_files)
    return 0
