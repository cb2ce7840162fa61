"""The command-line examples of the README, docs/tapper.md and docs/options.md are
real: each ``$ mtgmana ...`` line of their ``console`` blocks that shows what it
prints is run (in process, from the repository's root) and must print the lines
that follow it, up to the next ``$`` line or the block's end.

docs/tapper.md and docs/options.md show whole outputs, compared exactly. The README
shows excerpts: there ``...`` stands for any text, as doctest's ELLIPSIS (a line of
``...`` alone for lines left out), and a simulation's speed (``in 7.07 s, 1,414
games/s``) is the machine's, not the code's. The README's Python examples are
doctests (pyproject.toml: ``--doctest-glob=*.md``)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from cli_helpers import run
from mtgmana.cli.serve import serve

ROOT = Path(__file__).resolve().parents[1]
EXACT = ("docs/tapper.md", "docs/options.md")
EXCERPTS = ("README.md",)

NOT_RUN = {
    "serve": "a session of requests and answers: test_the_readme_serve_session_answers",
    "web": "serves a page or builds a site (tests/test_web*.py)",
    "update": "downloads or reads a card file (tests/test_cards_update.py)",
}
"""Subcommands whose examples aren't one command's output (what checks them)."""

SPEED = re.compile(r"in [\d.,]+ s, [\d,]+ games/s")


def examples(name: str) -> list[tuple[str, str]]:
    """The (command, output) pairs of a document's ``console`` blocks, for the
    ``mtgmana`` commands shown with their output."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found: list[tuple[str, str]] = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.M | re.S):
        command: str | None = None
        printed: list[str] = []
        for line in [*block.splitlines(), "$ "]:
            if not line.startswith("$ "):
                printed.append(line)
                continue
            if command is not None and printed and _runnable(command):
                found.append((command, "\n".join(printed)))
            command, printed = line[2:], []
    return found


def serve_sessions(name: str) -> list[tuple[list[str], list[str]]]:
    """The (requests, answers shown) of a document's ``$ mtgmana serve`` blocks."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"^```console\n\$ mtgmana serve\n(.*?)^```", text, re.M | re.S):
        lines = block.splitlines()
        found.append(([x for x in lines if '"op"' in x], [x for x in lines if '"op"' not in x]))
    return found


def _runnable(command: str) -> bool:
    argv = shlex.split(command, comments=True)
    return argv[0] == "mtgmana" and not NOT_RUN.keys() & set(argv[1:3])


def matches(shown: str, printed: str) -> bool:
    """Whether an excerpt (``...`` for any text, across lines too) shows the output."""
    shown, printed = SPEED.sub("in T s, N games/s", shown), SPEED.sub("in T s, N games/s", printed)
    pattern = ".*?".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed.rstrip("\n"), re.S) is not None


def test_each_document_has_examples() -> None:
    for name in EXACT:
        assert len(examples(name)) >= 3, name
    assert len(examples("README.md")) >= 12
    assert len(serve_sessions("README.md")) >= 2


def test_excerpts_match_as_doctest_does() -> None:
    assert matches("a\n...\nd", "a\nb\nc\nd")
    assert matches('{"x": 1, ...}', '{"x": 1, "y": 2}')
    assert matches("in 7.07 s, 1,414 games/s", "in 12.5 s, 800 games/s")
    assert not matches("a\nd", "a\nb\nd")
    assert not matches('{"x": 1}', '{"x": 1, "y": 2}')


@pytest.mark.parametrize(
    ("name", "command", "printed"),
    [(name, command, printed) for name in EXACT for command, printed in examples(name)],
)
def test_the_example_prints_what_the_document_says(
    name: str, command: str, printed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = shlex.split(command, comments=True)
    status, out, err = run(capsys, *argv[1:])
    assert (status, err) == (0, ""), command
    assert out.rstrip("\n") == printed, f"{name}: {command}"


@pytest.mark.parametrize(
    ("command", "printed"), [example for name in EXCERPTS for example in examples(name)]
)
def test_the_readme_example_prints_what_it_shows(
    command: str,
    printed: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)  # its paths are the repository's (tests/data/...)
    argv = shlex.split(command, comments=True)
    quiet = ("--no-progress",) if argv[1] == "deck" else ()  # progress: standard error
    status, out, err = run(capsys, *argv[1:], *quiet)
    # An error is shown as the terminal shows it: standard error after the output.
    assert matches(printed, out if status == 0 else out + err), command


@pytest.mark.parametrize(("requests", "answers"), serve_sessions("README.md"))
def test_the_readme_serve_session_answers(requests: list[str], answers: list[str]) -> None:
    out = io.StringIO()
    serve(requests, out)
    printed = out.getvalue().splitlines()
    assert len(printed) == len(answers) == len(requests)
    for request, shown, answer in zip(requests, answers, printed, strict=True):
        assert matches(shown, answer), request
