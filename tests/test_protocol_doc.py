"""docs/protocol.md is checked against the server (issue 19, part 3: one protocol):
the keys of every op, the error codes, and that every option of a subcommand is a
key of its op, an unknown key is an error naming it on every op, every answer has
a ``status``, and every op that parses costs says where a bad one fails."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from mtgmana.cli import build_parser
from mtgmana.cli.serve import ERROR_CODES, op_keys, serve

DOC = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text()


def talk(*requests: Any) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve([json.dumps(r) for r in requests], out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _table(title: str) -> list[list[str]]:
    section = DOC.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def test_the_ops_table_lists_each_ops_keys_exactly() -> None:
    documented = {}
    for op, keys, _ in _table("Ops"):
        name = op.strip("`")
        listed = re.findall(r"`([a-z_]+)`", keys.split("and a board's keys")[0])
        if "and a board's keys" in keys:
            listed += ["sources", "opponent", "commander", "tapped", "sick", "in_hand",
                       "graveyard", "energy", "cards_in_hand"]  # fmt: skip
        if name != "ping":  # "Every op but `ping` also takes `cards`"
            listed.append("cards")
        documented[name] = sorted(listed)
    assert "Every op but `ping` also takes `cards`" in DOC
    assert documented == {op: sorted(keys) for op, keys in op_keys().items()}


def test_the_error_codes_table_is_the_servers() -> None:
    codes = [row[0].strip("`") for row in _table("Errors")]
    assert codes == list(ERROR_CODES)
    limits = {row[-1].strip("`") for row in _table("Limits")}
    assert limits <= set(ERROR_CODES)


def _options(parser: argparse.ArgumentParser) -> set[str]:
    names = set()
    for action in parser._actions:
        if action.dest in ("help", "json"):
            continue
        if action.option_strings:
            longest = [s for s in action.option_strings if not s.startswith("--no-")]
            names.add(max(longest, key=len)[2:].replace("-", "_"))
    return names


def test_every_command_line_option_is_a_key_of_its_op() -> None:
    keys = op_keys()
    parsers = {
        name: parser
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
        for name, parser in action.choices.items()
    }
    for name, parser in parsers.items():
        if name in ("serve", "web", "cards"):
            continue  # servers and card data: not requests to a server
        assert _options(parser) <= set(keys[name]), name


@pytest.mark.parametrize("op", sorted(op_keys()))
def test_an_unknown_key_is_a_bad_request_naming_it_on_every_op(op: str) -> None:
    (answer,) = talk({"op": op, "frobnicate": 1})
    assert answer["error"]["code"] == "bad_request" and answer["error"]["key"] == "frobnicate"
    assert "frobnicate" in answer["error"]["message"] and answer["status"] == 2


def test_every_answer_has_a_status() -> None:
    answers = talk(
        {"op": "ping"},
        {"op": "cost", "cost": "{1}"},
        {"op": "card", "name": "Forest"},
        {"op": "board", "sources": "Forest"},
        {"op": "options"},
        {"op": "update", "tap": [0]},
        {"op": "update", "untap": [0]},
        {"op": "activate", "permanent": 0},
        {"op": "tap", "cost": "{G}"},
        {"op": "sources-table", "deck_size": 60, "lands": 24},
        {"op": "nonsense"},
    )
    assert [a["status"] for a in answers] == [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2]


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "cost", "cost": "{2}{W"},
        {"op": "pay", "cost": "{2}{W", "pool": "{W}"},
        {"op": "pay", "cost": "{W}", "future": ["{2}{W"]},
        {"op": "tap", "cost": "{2}{W", "sources": "Plains"},
        {"op": "tap", "cost": "{W}", "sources": "Plains", "hand": "{2}{W"},
        {"op": "castability", "deck_size": 60, "lands": 24, "sources": 14, "cost": "{2}{W"},
        {"op": "sources-needed", "deck_size": 60, "lands": 24, "cost": "{2}{W"},
        {"op": "sources-table", "deck_size": 60, "lands": 24, "cost": ["{2}{W"]},
    ],
)
def test_a_bad_cost_has_a_position_on_every_op_that_parses_costs(request_: dict[str, Any]) -> None:
    (answer,) = talk(request_)
    assert answer["error"]["code"] == "bad_cost" and answer["error"]["position"] == 3


@pytest.mark.parametrize("key", ["commander", "opponent", "tapped", "sick", "graveyard"])
def test_a_boards_keys_without_sources_are_an_error(key: str) -> None:
    value: Any = 3 if key == "graveyard" else "U" if key == "commander" else "Forest"
    answers = talk(
        {"op": "board", "sources": "Forest, Island"},
        {"op": "tap", "cost": "{G}", key: value},
        {"op": "options", key: value},
        {"op": "activate", "permanent": 0, key: value},
        {"op": "tap", "cost": "{G}"},
    )
    assert [a.get("error", {}).get("code") for a in answers[1:4]] == ["bad_request"] * 3
    assert 'without "sources"' in answers[1]["error"]["message"]
    assert answers[4]["payable"] is True  # the session's board is unchanged


def test_the_board_op_takes_them_without_sources() -> None:
    (answer,) = talk({"op": "board", "opponent": "Blood Moon", "commander": "G"})
    assert answer["board"] == [
        {"permanent": 0, "card": "Blood Moon", "controller": "opponent", "tapped": False}
    ]


def test_tap_takes_every_board_option() -> None:
    (hand, no_hand, energy) = talk(
        {"op": "tap", "cost": "{R}", "sources": "Forest", "in_hand": "Simian Spirit Guide"},
        {"op": "tap", "cost": "{R}", "sources": "Forest"},
        {"op": "tap", "cost": "{1}", "sources": "Forest", "tapped": "Forest", "energy": 0},
    )
    assert hand["payable"] is True and no_hand["payable"] is False
    assert energy["payable"] is False


def test_deck_takes_text() -> None:
    text = "24 Forest\n36 Grizzly Bears\n"
    (answer,) = talk({"op": "deck", "text": text, "games": 10})
    assert answer["status"] == 0 and "error" not in answer
