"""``mtgmana tap`` and ``mtgmana options``: the documented JSON and bad input."""

from __future__ import annotations

import pytest

from cli_helpers import run, run_json


def test_tap_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{G}", "--sources", "Forest")
    assert status == 0
    assert {
        k: data[k]
        for k in ("payable", "activations", "life_paid", "damage", "sacrificed", "floating_after")
    } == {
        "payable": True,
        "activations": [{"card": "Forest", "ability": "{T}: Add {G}.", "produces": "{G}"}],
        "life_paid": 0,
        "damage": 0,
        "sacrificed": [],
        "floating_after": "",
    }


def test_tap_counts_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{1}{U}{W}", "--sources", "Forest, 2 Tundra, Llanowar Elves"
    )
    assert status == 0
    assert sorted(a["card"] for a in data["activations"]) == ["Forest", "Tundra", "Tundra"]


def test_tap_filter_land_and_swamp(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{U}{U}", "--sources", "Sunken Ruins, Swamp")
    assert status == 0
    ruins = next(a for a in data["activations"] if a["card"] == "Sunken Ruins")
    assert ruins["produces"] == "{U}{U}" and ruins["paid_with"] == ["{B}"]


def test_tap_summoning_sick_dork_and_not_payable(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{G}{G}", "--sources", "Forest, Llanowar Elves", "--sick", "Llanowar Elves"
    )
    assert status == 1 and data["payable"] is False
    status, data = run_json(capsys, "tap", "{G}{G}", "--sources", "Forest, Llanowar Elves")
    assert status == 0


def test_tap_keeps_the_hand_castable(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{1}", "--sources", "Plains, Island, Island", "--hand", "{U}{U}"
    )
    assert status == 0 and data["activations"][0]["card"] == "Plains"


def test_options_three_adarkar_wastes_and_three_forests(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = run_json(capsys, "options", "--sources", "3 Adarkar Wastes")
    assert status == 0 and data["count"] == 10 and len(data["options"]) == 10
    assert set(data["options"][0]) == {"W", "U", "B", "R", "G", "C", "any"}
    status, data = run_json(capsys, "options", "--sources", "3 Forest")
    assert data["count"] == 1 and data["options"][0]["G"] == 3


def test_text_outputs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "tap", "{U}{U}", "--sources", "Sunken Ruins, Swamp")
    assert status == 0 and "Sunken Ruins" in out
    status, out, _ = run(capsys, "options", "--sources", "2 Tundra")
    assert status == 0 and "3 options" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["tap", "{G", "--sources", "Forest"],
        ["tap", "{G}", "--sources", "Forrest"],
        ["tap", "{G}", "--sources", "0 Forest"],
        ["tap", "{G}", "--sources", "Forest", "--tapped", "Island"],
        ["tap", "{G}", "--sources", "Forest", "--life", "-1"],
        ["options", "--sources", "Forest", "--limit", "0"],
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, data = run_json(capsys, *argv)
    assert status == 2 and data["error"]
