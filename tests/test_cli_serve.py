"""``mtgmana serve``: JSON lines in and out (docs/protocol.md) — the same answers as
the subcommands' ``--json``, a board set once and changed by deltas, and errors that
don't stop the server."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from cli_helpers import run_json
from mtgmana.cli.serve import serve


def talk(*requests: Any) -> list[dict[str, Any]]:
    """Each request (an object, or a raw line) through one session."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    out = io.StringIO()
    serve(iter(line + "\n" for line in lines), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len([line for line in lines if line.strip()])
    return answers


def test_answers_are_the_subcommands_json_plus_id(capsys: pytest.CaptureFixture[str]) -> None:
    (pay,) = talk({"id": 1, "op": "pay", "cost": "{1}{W/P}", "pool": "{G}{G}{G}"})
    status, expected = run_json(capsys, "pay", "{1}{W/P}", "--pool", "{G}{G}{G}")
    assert pay == {"id": 1, **expected, "status": status}
    (tap,) = talk({"id": "t", "op": "tap", "cost": "{U}{U}", "sources": "Sunken Ruins, Swamp"})
    status, expected = run_json(capsys, "tap", "{U}{U}", "--sources", "Sunken Ruins, Swamp")
    assert {k: v for k, v in tap.items() if k not in ("id", "status")} == expected
    (needed,) = talk({"op": "sources-needed", "deck_size": 60, "lands": 25, "cost": "{1}{B}{B}"})
    assert needed["sources"] == 18 and needed["id"] is None


def test_bad_lines_get_errors_and_the_server_goes_on() -> None:
    answers = talk(
        "this is not json",
        "[1, 2]",
        {"id": 2},
        {"id": 3, "op": "frobnicate"},
        {"id": 4, "op": "cost", "cost": "{2}{W"},
        {"id": 5, "op": "card", "name": "Lightening Bolt"},
        {"id": 6, "op": "tap", "cost": "{G}"},
        {"id": 7, "op": "pay", "pool": "{G}"},
        {"id": 8, "op": "tap", "cost": "{G}", "sources": 42},
        {"id": 9, "op": "castability", "lands": 25, "nonsense": 1},
        {"id": 10, "op": "ping"},
    )
    codes = [a.get("error", {}).get("code") for a in answers]
    assert codes == [
        "bad_json", "bad_json", "bad_request", "unknown_op", "bad_cost", "unknown_card",
        "no_board", "bad_request", "bad_request", "bad_request", None,
    ]  # fmt: skip
    assert answers[4]["error"]["position"] == 3
    assert "Lightning Bolt" in answers[5]["error"]["suggestions"]
    assert [a["id"] for a in answers] == [None, None, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert answers[-1]["pong"] is True


def test_not_payable_is_an_answer_not_an_error() -> None:
    (answer,) = talk({"op": "tap", "cost": "{3}", "sources": "Sol Ring"})
    assert answer["payable"] is False and answer["status"] == 1 and "error" not in answer
    assert answer["shortfall"] == ["needs 1 more mana (the sources make at most 2)"]


def test_a_board_set_once_and_changed_by_deltas() -> None:
    answers = talk(
        {"op": "board", "sources": "2 Forest, Sol Ring", "opponent": "Island"},
        {"op": "tap", "cost": "{G}{G}"},
        {"op": "update", "tap": [0]},
        {"op": "tap", "cost": "{G}{G}"},
        {"op": "tap", "cost": "{G}{2}"},
        {"op": "update", "untap": "all", "remove": [2], "add": "Llanowar Elves"},
        {"op": "options"},
        {"op": "update", "set": {"4": {"summoning_sick": True}}},
        {"op": "options"},
    )
    assert [p["permanent"] for p in answers[0]["board"]] == [0, 1, 2, 3]
    assert sorted(s["permanent"] for s in answers[1]["steps"]) == [0, 1]
    assert answers[3]["payable"] is False  # one Forest is tapped
    assert sorted(s["permanent"] for s in answers[4]["steps"]) == [1, 2]
    assert answers[5]["added"] == [4]  # ids are never given again
    assert [p["card"] for p in answers[5]["board"]] == [
        "Forest",
        "Forest",
        "Island",
        "Llanowar Elves",
    ]
    assert answers[6]["most"]["G"] == 3 and answers[8]["most"]["G"] == 2


def test_activate_by_hand_updates_the_session_board() -> None:
    answers = talk(
        {"op": "board", "sources": "Adarkar Wastes, Forest"},
        {"op": "activate", "permanent": 0, "ability": 1, "produce": "{U}"},
        {"op": "activate", "permanent": 0},
        {"op": "tap", "cost": "{G}"},
    )
    assert answers[1]["produced"] == [{"type": "U", "source": 0}] and answers[1]["damage"] == 1
    assert answers[2]["error"]["code"] == "bad_request"  # tapped already (CR 602.2)
    assert "tapped" in answers[2]["error"]["message"]
    assert [s["permanent"] for s in answers[3]["steps"]] == [1]


def test_serve_as_a_process() -> None:
    requests = [{"id": i, "op": "cost", "cost": "{2}{W/U}"} for i in range(3)]
    done = subprocess.run(
        [sys.executable, "-m", "mtgmana", "serve"],
        input="".join(json.dumps(r) + "\n" for r in requests) + "oops\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [0, 1, 2, None]
    assert answers[0]["mana_value"] == 3 and answers[-1]["error"]["code"] == "bad_json"


def test_a_bad_state_in_brackets_is_an_error_and_the_board_is_kept() -> None:
    """The state after a name ("Forest [tapped]") is checked: an unknown key or an
    unclosed bracket is an error, and the session's board stays as it was."""
    answers = talk(
        {
            "id": 1,
            "op": "board",
            "sources": "Forest, Utopia Sprawl [attached_to=0, chosen_color=U]",
        },
        {"id": 2, "op": "update", "add": "Island [colour=U]"},
        {"id": 3, "op": "board", "sources": "Forest [tapped"},
        {"id": 4, "op": "tap", "cost": "{G}{U}"},
    )
    assert [a.get("error", {}).get("code") for a in answers] == [
        None,
        "bad_request",
        "bad_request",
        None,
    ]
    assert "unknown state 'colour'" in answers[1]["error"]["message"]
    assert "never closed" in answers[2]["error"]["message"]
    assert answers[3]["payable"] is True  # Forest and Utopia Sprawl's trigger, as set first


def test_the_commander_is_part_of_the_board() -> None:
    answers = talk(
        {"id": 1, "op": "tap", "cost": "{U}", "sources": "Command Tower", "commander": "UG"},
        {"id": 2, "op": "tap", "cost": "{U}", "sources": "Command Tower"},
        {"id": 3, "op": "tap", "cost": "{U}", "sources": "Command Tower", "commander": 7},
    )
    assert answers[0]["payable"] is True and answers[1]["payable"] is False
    assert answers[2]["error"]["code"] == "bad_request"
