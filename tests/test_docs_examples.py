"""The command-line examples of docs/tapper.md and docs/options.md are real: each
``$ mtgmana ...`` line of their ``console`` blocks is run (in process) and must print
exactly the lines that follow it, up to the next ``$`` line or the block's end."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from cli_helpers import run

DOCS = Path(__file__).resolve().parents[1] / "docs"
CHECKED = ("tapper.md", "options.md")


def examples(name: str) -> list[tuple[str, str]]:
    """The (command, output) pairs of a document's ``console`` blocks."""
    text = (DOCS / name).read_text(encoding="utf-8")
    found: list[tuple[str, str]] = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.M | re.S):
        command: str | None = None
        printed: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(printed)))
                command, printed = line[2:], []
            else:
                printed.append(line)
        if command is not None:
            found.append((command, "\n".join(printed)))
    return found


def test_each_document_has_examples() -> None:
    for name in CHECKED:
        assert len(examples(name)) >= 3, name


@pytest.mark.parametrize(
    ("name", "command", "printed"),
    [(name, command, printed) for name in CHECKED for command, printed in examples(name)],
)
def test_the_example_prints_what_the_document_says(
    name: str, command: str, printed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = shlex.split(command, comments=True)
    assert argv[0] == "mtgmana", command
    status, out, err = run(capsys, *argv[1:])
    assert (status, err) == (0, ""), command
    assert out.rstrip("\n") == printed, f"{name}: {command}"
