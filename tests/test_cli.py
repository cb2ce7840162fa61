"""The command-line tool: every subcommand's text and JSON output, and errors
(status 2, saying what and where)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cli_helpers import run, run_json


def test_cost_json_matches_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "cost", "{2}{W/U}")
    assert status == 0
    assert data == {"cost": "{2}{W/U}", "mana_value": 3, "colors": ["W", "U"],
                    "symbols": ["{2}", "{W/U}"]}  # fmt: skip


def test_cost_colors_are_in_wubrg_order(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = run_json(capsys, "cost", "{G}{W}")
    assert data["colors"] == ["W", "G"]


def test_cost_parse_error_json_has_position_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = run_json(capsys, "cost", "{2}{W")
    assert status == 2
    assert data["position"] == 3 and "unterminated" in data["error"]


def test_cost_parse_error_text_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "cost", "{T}")
    assert status == 2 and out == ""
    assert "tap symbol" in err and "^" in err


def test_several_costs_are_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cost", "{R}", "{Q}", "{X}{X}{G}", "--json", "--x", "2")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2  # one of them failed
    assert lines[0]["mana_value"] == 1 and lines[0]["mana_value_on_stack"] == 1
    assert lines[1]["position"] == 0 and lines[1]["input"] == "{Q}"
    assert lines[2]["mana_value"] == 1 and lines[2]["mana_value_on_stack"] == 5


def test_cost_lenient_sort_and_special_values(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = run_json(capsys, "cost", "gw1", "--lenient", "--sort")
    assert data["cost"] == "{1}{G}{W}"
    _, data = run_json(capsys, "cost", "")
    assert data["cost"] == "" and data["no_mana_cost"] is True and data["mana_value"] == 0
    _, data = run_json(capsys, "cost", "{∞}")
    assert data["mana_value"] is None  # JSON has no infinity; Scryfall writes null too
    _, data = run_json(capsys, "cost", "{HW}")
    assert data["mana_value"] == 0.5


def test_cost_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cost", "{2}{W/U}", "")
    assert status == 0
    assert "{2}{W/U}" in out and "(no mana cost)" in out and "mana value" in out


def test_negative_x_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "cost", "{X}", "--x", "-1")
    assert status == 2 and "X must be" in data["error"]


def test_card_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "card", "Lightning", "Bolt")
    assert status == 0
    assert {
        k: data[k] for k in ("name", "mana_cost", "mana_value", "colors", "color_identity")
    } == {
        "name": "Lightning Bolt",
        "mana_cost": "{R}",
        "mana_value": 1,
        "colors": ["R"],
        "color_identity": ["R"],
    }


def test_card_with_faces(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "card", "ravager of the fells")
    assert status == 0 and data["mana_value"] == 4
    assert [face["mana_value"] for face in data["faces"]] == [4, 4]
    status, out, _ = run(capsys, "card", "Huntmaster of the Fells")
    assert status == 0 and "color identity: RG" in out


def test_unknown_card_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "card", "Lightening Bolt")
    assert status == 2 and "Lightning Bolt" in data["suggestions"]
    status, _, err = run(capsys, "card", "Lightening Bolt")
    assert status == 2 and "did you mean" in err


def test_card_missing_file_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "card", "Forest", "--scryfall", "/nonexistent/file.json")
    assert status == 2 and "nonexistent" in data["error"]


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys)[0] == 2
    assert run(capsys, "cost")[0] == 2
    assert run(capsys, "frobnicate")[0] == 2


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mtgmana", "cost", "{1}{G}", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["mana_value"] == 2


# -- the parser of one command (start-up: bench/bench_startup.py) ----------------------


def _subcommands(parser: object) -> dict[str, object]:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_each_command_module_registers_the_commands_owners_name() -> None:
    from mtgmana.cli import COMMANDS, OWNERS, build_parser

    assert set(_subcommands(build_parser())) == set(OWNERS)
    assert set(OWNERS.values()) == set(COMMANDS)
    for command, module in OWNERS.items():
        mine = {name for name, owner in OWNERS.items() if owner is module}
        assert set(_subcommands(build_parser(command))) == mine, command


@pytest.mark.parametrize(
    "command", ["cost", "card", "pool", "pay", "tap", "options", "deck", "serve", "cards", "web"]
)
def test_one_commands_parser_says_what_the_full_parser_says(command: str) -> None:
    """Help, usage and parsed arguments are the same with the other commands left out."""
    from mtgmana.cli import build_parser

    full, alone = (
        _subcommands(build_parser())[command],
        _subcommands(build_parser(command))[command],
    )
    assert alone.format_help() == full.format_help()  # type: ignore[attr-defined]
    assert alone.format_usage() == full.format_usage()  # type: ignore[attr-defined]


def test_the_command_is_found_after_cards_only() -> None:
    from mtgmana.cli import _command

    assert _command(["tap", "{G}", "--sources", "Forest"]) == "tap"
    assert _command(["--cards", "x.json", "options", "--sources", "Forest"]) == "options"
    assert _command(["--cards=x.json", "sources-needed", "{G}"]) == "sources-needed"
    assert _command(["--cards", "tap", "cost", "{1}"]) == "cost"  # "tap" is the file
    for argv in ([], ["-h", "tap"], ["--version"], ["--cards"], ["taps"], ["--car", "x", "tap"]):
        assert _command(argv) is None, argv


@pytest.mark.parametrize(
    "argv",
    [
        ["tap", "{G}"],  # --sources missing: the subcommand's usage
        ["tap", "{G}", "--sources", "Forest", "--bogus"],  # unrecognized: the top usage
        ["--cards", "nowhere.json", "tap", "{G}", "--sources", "Forest"],
        ["cost", "{1}", "--json"],
        ["tap", "--help"],
    ],
)
def test_the_tool_answers_as_with_every_command_registered(argv: list[str]) -> None:
    """``main`` with the one command's parser prints and exits as the full parser does."""
    import contextlib
    import io

    from mtgmana import cli

    def answer(every_command: bool) -> tuple[object, str, str]:
        out, err = io.StringIO(), io.StringIO()
        original = cli._command
        if every_command:
            cli._command = lambda argv: None
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status: object = cli.main(argv)
                except SystemExit as exit_:
                    status = exit_.code
        finally:
            cli._command = original
        return status, out.getvalue(), err.getvalue()

    assert cli._command(argv) is not None
    assert answer(every_command=False) == answer(every_command=True)
