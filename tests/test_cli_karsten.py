"""The castability subcommands: ``castability``, ``sources-needed``, ``sources-table``
(text and JSON output, Commander defaults, bad input exits with status 2)."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

import mtgmana.cli
from mtgmana.analysis import REFERENCE_COSTS
from mtgmana.cli import castability, sources_needed, sources_table

MODULES = (castability, sources_needed, sources_table)


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the three subcommands (the lead adds them to COMMANDS for real)."""
    commands = tuple(mtgmana.cli.COMMANDS)
    extra = tuple(module for module in MODULES if module not in commands)
    monkeypatch.setattr(mtgmana.cli, "COMMANDS", commands + extra)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = mtgmana.cli.main(list(argv))
    except SystemExit as exit_:  # argparse usage errors
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status, out, _ = run(capsys, *argv, "--json")
    assert out.count("\n") == 1  # one JSON value on one line
    return status, json.loads(out)


DECK_60 = ("--deck-size", "60", "--lands", "25")


def test_each_module_registers_on_its_own_parser() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    for module in MODULES:
        module.register(sub)
    args = parser.parse_args(["sources-needed", *DECK_60, "--cost", "1CC"])
    assert args.run is sources_needed.run


# -- castability ------------------------------------------------------------------


def test_castability_json_is_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "castability", *DECK_60, "--sources", "14", "--cost", "{B}")
    assert status == 0
    assert data["probability"] == 0.9129
    assert data["exact"] == "1486482292848654305313/1628372225864137946450"
    assert data["target"] == 0.9 and data["meets_target"] is True
    assert data["model"] == "conditional" and data["conditional"] == 0.9129
    assert data["turn"] == 1 and data["mana_value"] == 1 and data["pips"] == 1
    assert data["color"] == "B" and data["commander"] is False and data["on_the_draw"] is False
    assert (data["deck_size"], data["lands"], data["sources"]) == (60, 25, 14)


def test_castability_options(capsys: pytest.CaptureFixture[str]) -> None:
    base = ("castability", *DECK_60, "--sources", "16", "--cost", "2CC")
    _, plain = run_json(capsys, *base)
    _, drawn = run_json(capsys, *base, "--draw")
    _, later = run_json(capsys, *base, "--turn", "6")
    _, uncond = run_json(capsys, *base, "--unconditional")
    assert drawn["on_the_draw"] and drawn["probability"] >= plain["probability"]
    assert later["turn"] == 6 and later["target"] == plain["target"] == 0.93
    assert uncond["model"] == "unconditional"
    assert uncond["probability"] == plain["unconditional"] < plain["probability"]
    _, white = run_json(capsys, "castability", *DECK_60, "--sources", "9", "--cost",
                        "{1}{W}{U}{U}", "--color", "W")  # fmt: skip
    assert white["pips"] == 1 and white["color"] == "W"


@pytest.mark.parametrize("size", ["99", "100"])
def test_commander_rules_default_on_for_99_and_100(
    capsys: pytest.CaptureFixture[str], size: str
) -> None:
    args = ("castability", "--deck-size", size, "--lands", "41", "--sources", "19", "--cost", "C")
    _, default = run_json(capsys, *args)
    _, off = run_json(capsys, *args, "--no-commander")
    assert default["commander"] is True and off["commander"] is False
    _, sixty = run_json(capsys, "castability", *DECK_60, "--sources", "14", "--cost", "C",
                        "--commander")  # fmt: skip
    assert sixty["commander"] is True


def test_castability_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "castability", *DECK_60, "--sources", "14", "--cost", "{B}")
    assert status == 0 and err == ""
    assert "91.29%" in out and "meets the target 90%" in out and "on the play" in out
    assert "{B} (mana value 1, 1 pip of B)" in out


# -- sources-needed ---------------------------------------------------------------


def test_sources_needed_json_is_the_documented_shape(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = run_json(capsys, "sources-needed", *DECK_60, "--cost", "{1}{B}{B}")
    assert status == 0
    assert data["sources"] == 18 and data["target"] == 0.92 and data["reached"] is True
    assert data["probability"] == 0.9249
    assert data["cost"] == "{1}{B}{B}" and data["turn"] == 3


def test_sources_needed_unreached_is_an_answer(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("sources-needed", "--deck-size", "40", "--lands", "17", "--cost", "CCCC")
    status, data = run_json(capsys, *args, "--unconditional")
    assert status == 0 and data["sources"] is None and data["reached"] is False
    assert data["probability"] == 0.7685
    status, out, _ = run(capsys, *args, "--unconditional")
    assert status == 0 and "none" in out and "best 76.85%" in out


def test_sources_needed_target(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = run_json(capsys, "sources-needed", *DECK_60, "--cost", "C", "--target", "0.5")
    assert data["sources"] == 5 and data["target"] == 0.5


def test_sources_needed_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "sources-needed", *DECK_60, "--cost", "1CC")
    assert status == 0
    assert out.splitlines()[0] == "60 cards, 25 lands, on the play, London mulligan"
    assert out.splitlines()[-1].split() == ["1CC", "3", "3", "92%", "18", "92.49%"]


# -- sources-table ----------------------------------------------------------------


def test_sources_table_text_is_the_published_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "sources-table", *DECK_60)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Sources needed: 60 cards, 25 lands, on the play")
    assert lines[1].split()[:2] == ["cost", "mana"] and set(lines[2]) <= {"-", " "}
    cells = {line.split()[0]: int(line.split()[4]) for line in lines[3:]}
    assert list(cells) == list(REFERENCE_COSTS)
    assert list(cells.values()) == [14, 13, 21, 12, 18, 23, 10, 16, 21, 24, 9, 15, 19, 22, 9,
                                    13, 17, 12, 16]  # fmt: skip


def test_sources_table_json_is_a_list_of_rows(capsys: pytest.CaptureFixture[str]) -> None:
    status, rows = run_json(capsys, "sources-table", "--deck-size", "99", "--lands", "41")
    assert status == 0 and isinstance(rows, list) and len(rows) == 19
    assert rows[0]["cost"] == "C" and rows[0]["sources"] == 19 and rows[0]["commander"] is True
    status, rows = run_json(capsys, "sources-table", *DECK_60, "--cost", "{G}", "--cost", "GG")
    assert [row["sources"] for row in rows] == [14, 21]


# -- bad input --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("castability", "--deck-size", "0", "--lands", "0", "--sources", "0", "--cost", "C"),
         "empty deck"),
        (("castability", *DECK_60, "--sources", "30", "--cost", "C"), "more than the 25 lands"),
        (("castability", "--deck-size", "60", "--lands", "0", "--sources", "0", "--cost", "C"),
         "no lands"),
        (("castability", "--deck-size", "20", "--lands", "25", "--sources", "1", "--cost", "C"),
         "don't fit"),
        (("castability", *DECK_60, "--sources", "14", "--cost", "C", "--turn", "0"), "turn 0"),
        (("castability", *DECK_60, "--sources", "14", "--cost", "C", "--turn", "-3"),
         "negative"),
        (("castability", *DECK_60, "--sources", "14", "--cost", "{B"), "unterminated"),
        (("castability", *DECK_60, "--sources", "14", "--cost", ""), "empty cost"),
        (("sources-needed", *DECK_60, "--cost", "C", "--target", "2"), "target"),
        (("sources-needed", *DECK_60, "--cost", "{B}", "--color", "Q"), "unknown color"),
        (("sources-table", "--deck-size", "8", "--lands", "3"), "runs out of cards"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("mtgmana: error: ") and message in err and "Traceback" not in err
    status, data = run_json(capsys, *argv)
    assert status == 2 and message in data["error"]


def test_cost_parse_error_json_has_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "castability", *DECK_60, "--sources", "1", "--cost", "{2}{B")
    assert status == 2 and data["position"] == 3


def test_missing_and_non_numeric_arguments_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "castability", *DECK_60, "--cost", "C")
    assert status == 2 and "--sources" in err
    status, _, err = run(capsys, "sources-table", "--deck-size", "sixty", "--lands", "25")
    assert status == 2 and "invalid int value" in err
