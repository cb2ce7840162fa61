"""``mtgmana pay``: the documented JSON, statuses, and bad input."""

from __future__ import annotations

import pytest

from cli_helpers import run, run_json


def test_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "pay", "{W/P}{1}", "--pool", "{G}{G}{G}", "--life", "20", "--prefer-life"
    )
    assert status == 0
    assert data == {
        "payable": True,
        "cost": "{W/P}{1}",
        "life_paid": 2,
        "x": None,
        "assignment": [
            {"symbol": "{W/P}", "paid_with": {"mana": [], "life": 2}},
            {"symbol": "{1}", "paid_with": {"mana": [{"type": "G"}], "life": 0}},
        ],
        "remaining": [{"type": "G"}, {"type": "G"}],
    }


def test_snow_mana(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "pay", "{W}{S}", "--pool", "{W}", "--snow", "{U}")
    assert status == 0 and data["payable"]
    status, data = run_json(capsys, "pay", "{W}{S}", "--snow", "{W}")
    assert status == 1 and not data["payable"]


def test_max_x(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "pay", "{X}{R}", "--pool", "{R}{U}{U}", "--max-x")
    assert status == 0 and data["max_x"] == 2 and data["x"] == 2
    status, data = run_json(capsys, "pay", "{X}{R}", "--pool", "{U}", "--max-x")
    assert status == 1 and data["max_x"] is None


def test_x_chosen_and_life_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "pay", "{X}{B}", "--pool", "BBB", "--x", "2")
    assert status == 0 and data["x"] == 2
    status, data = run_json(capsys, "pay", "{1}{W/P}", "--pool", "GGGG", "--life", "1")
    assert status == 1 and "2 life" in data["shortfall"][0]


def test_not_payable_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "pay", "{U}{U}", "--pool", "{U}{G}")
    assert status == 1 and "needs one more {U}" in out


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "pay", "{W/U}{W}", "--pool", "{W}{U}")
    assert status == 0 and "{W/U}" in out and "remaining: nothing" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["pay", "{W", "--pool", "{W}"],
        ["pay", "{W}", "--pool", "{W/U}"],
        ["pay", "{W}", "--pool", "{Q}"],
        ["pay", "{X}", "--x", "-1"],
        ["pay", "{W}", "--life", "-3"],
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, data = run_json(capsys, *argv)
    assert status == 2 and data["error"]
