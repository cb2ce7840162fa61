"""Running the command-line tool in tests: status, output and JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mtgmana.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``mtgmana ARGV``: (exit status, standard output, standard error)."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse usage errors
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    """``mtgmana ARGV --json``: (exit status, the JSON printed)."""
    status, out, _ = run(capsys, *argv, "--json")
    return status, json.loads(out)
