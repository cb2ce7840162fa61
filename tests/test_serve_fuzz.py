"""``mtgmana serve`` survives everything (issue 19, part 1): a bounded run of the
fuzz harness of ``bench/fuzz_serve.py`` — every hostile line gets exactly one
answer, valid UTF-8 JSON, a result or an error object, and no ``internal`` error —
and the cases the issue names, each through a real server process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from _hostile import ADVERSARIAL_BOARD, hostile_lines
from fuzz_serve import fuzz

from conftest import PROFILE

SERVE = [sys.executable, "-m", "mtgmana", "serve"]


def _serve(lines: list[bytes], *extra: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [*SERVE, *extra],
        input=b"".join(line + b"\n" for line in lines),
        capture_output=True,
        timeout=120,
        check=True,
    )
    answers = [json.loads(line.decode("utf-8")) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)  # one answer a line, the server still up
    return answers


def test_a_bounded_fuzz_run_has_no_crash_hang_or_internal_error() -> None:
    count = 4000 if PROFILE == "thorough" else 1500
    report = fuzz(hostile_lines(19, count, adversarial=0.0), hang=20.0)
    text = "\n".join(report.lines_of_text())
    assert report.lines == count
    assert report.crashes == 0 and report.hangs == 0, text
    assert not report.bad_answers and not report.internal, text
    assert sum(report.codes.values()) == count, text


@pytest.mark.parametrize(
    "line",
    [
        b'{"op":"ping","id":NaN}',
        b'{"op":"ping","id":Infinity}',
        b'{"op":"ping","id":1e400}',
        b'{"op":"ping","id":"\\ud800"}',
        b'{"op":"ping","id":"\xff"}',
        b"[" * 100_000,
        b"",
        b'{"op":"ping","id":' + b"9" * 5000 + b"}",
    ],
)
def test_non_finite_numbers_surrogates_bad_utf8_and_nesting_are_bad_json(line: bytes) -> None:
    first, after = _serve([line, b'{"op":"ping","id":2}'])
    assert first["error"]["code"] == "bad_json" and first["id"] is None and first["status"] == 2
    assert after["pong"] is True and after["id"] == 2


def test_the_limits_each_have_their_code() -> None:
    answers = _serve(
        [
            b'{"op":"pay","cost":"{1}","pool":"{100000000}"}',
            b'{"op":"tap","cost":"{G}","sources":"Forest","sick":"100000000000 Forest"}',
            json.dumps({"op": "card", "name": "x" * 1_000_000}).encode(),
            json.dumps({"op": "tap", "cost": "{G}", "sources": "600 Forest, 600 Island"}).encode(),
            b'{"op":"deck","example":true,"games":10000000}',
            b'{"op":"pool","add":"{1000}","double":true}',
            b'{"op":"ping","id":"' + b"x" * (1 << 20) + b'"}',
            b'{"op":"ping"}',
        ]
    )
    codes = [a.get("error", {}).get("code") for a in answers]
    assert codes == [
        "too_much_mana",
        "bad_request",
        "name_too_long",
        "too_many_permanents",
        "too_many_games",
        "too_much_mana",
        "line_too_long",
        None,
    ]


def test_ten_thousand_unknown_names_are_answered_at_once() -> None:
    names = ", ".join(f"Unknown{i}" for i in range(10_000))
    (answer,) = _serve([json.dumps({"op": "tap", "cost": "{1}", "sources": names}).encode()])
    assert answer["error"]["code"] == "too_many_permanents"
    names = ", ".join(f"Unknown{i}" for i in range(900))
    (answer,) = _serve([json.dumps({"op": "tap", "cost": "{1}", "sources": names}).encode()])
    assert answer["error"]["code"] == "unknown_card"


def test_files_need_allow_files_and_stdin_is_never_one(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Forest\n36 Grizzly Bears\n")
    requests = [
        {"op": "pool", "load": "-"},
        {"op": "deck", "file": str(deck), "games": 0},
        {"op": "deck", "file": "/dev/stdin", "games": 0},
    ]
    lines = [json.dumps(r).encode() for r in requests]
    refused = [a["error"]["code"] for a in _serve(lines)]
    assert refused == ["files_not_allowed"] * 3
    allowed = _serve(lines, "--allow-files")
    assert allowed[0]["error"]["code"] == "bad_request"  # stdin: never
    assert allowed[1]["status"] == 0 and "error" not in allowed[1]
    assert allowed[2]["error"]["code"] == "bad_request"


def test_wrong_types_and_unvalidated_state_are_bad_requests_and_the_session_lives() -> None:
    answers = _serve(
        [
            b'{"op":"tap","cost":"{1}","sources":"Forest","hand":5}',
            b'{"op":"pay","cost":"{1}","pool":"{G}","spell":5}',
            b'{"op":"board","sources":"Forest"}',
            b'{"op":"update","set":{"0":{"triggers":"x"}}}',
            b'{"op":"update","set":{"0":{"counters":"x"}}}',
            b'{"op":"tap","cost":"{G}"}',
        ]
    )
    codes = [a.get("error", {}).get("code") for a in answers]
    assert codes == ["bad_request", "bad_request", None, "bad_request", "bad_request", None]
    assert answers[-1]["payable"] is True


def test_an_adversarial_board_of_480_permanents_is_answered_within_a_second() -> None:
    """Filter lands, Signets and Springleaf Drums: the best plan, or a plan whose
    search was cut short (and says so), or an explicit ``search_budget`` error —
    never a guess, never a hang (the time is checked by bench/fuzz_serve.py). With
    the bounds of docs/tapper.md §4 (the root: only one-mana sources or Springleaf
    Drum can start a chain of Signets) {W}{U}{B}{R}{G} is answered exactly, in 0.2 s
    (a chain of Signets started by one land's {C})."""
    (answer,) = _serve(
        [
            json.dumps(
                {"op": "tap", "cost": "{W}{U}{B}{R}{G}", "sources": ADVERSARIAL_BOARD}
            ).encode()
        ]
    )
    assert answer.get("payable") is True or answer["error"]["code"] == "search_budget"
    if answer.get("payable"):
        assert isinstance(answer["cut_short"], bool)
        made = "".join(p["type"] for step in answer["steps"] for p in step["produces"])
        assert set("WUBRG") <= set(made)
