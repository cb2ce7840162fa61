"""``mtgmana deck``: the example deck, files and standard input, JSON, pictures and the
HTML page, the progress bar, and every bad input of issue 6 as a clear error with
exit status 2 — never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import mtgmana.cli


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


def test_the_example_deck_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "deck", "--example", "--games", "300")
    assert status == 0 and err == ""  # no progress bar when not on a terminal
    assert out.startswith("Simic Ramp (example): 60 cards, 23 lands, colors UG, on the play")
    assert "Frilled Mystic" in out and "Simulation: 300 games" in out
    assert "What-ifs" in out and "Land count: 23 lands" in out


def test_the_example_deck_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "deck", "--example", "--games", "300", "--seed", "5")
    assert status == 0
    assert data["deck"]["size"] == 60 and data["simulation"]["seed"] == 5
    assert data["simulation"]["games"] == 300
    assert all("simulation" in s for s in data["spells"])


def test_no_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "deck", "--example", "--games", "0", "--what-ifs", "0")
    assert status == 0 and data["simulation"] is None and data["what_ifs"] == []


def test_a_file_and_standard_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("4x Lightning Bolt\n20 Mountain\n36 Ash Zealot\n", encoding="utf-8")
    status, from_file = run_json(capsys, "deck", str(path), "--games", "200")
    assert status == 0 and from_file["deck"]["size"] == 60
    monkeypatch.setattr("sys.stdin", io.StringIO(path.read_text()))
    status, from_stdin = run_json(capsys, "deck", "-", "--games", "200")
    assert status == 0 and from_stdin["spells"] == from_file["spells"]


def test_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "deck", "--example", "--games", "200", "--draw", "--turns", "8",
        "--what-if", "+1 Island", "--what-if", "-1 Forest, +1 Island", "--what-ifs", "1",
    )  # fmt: skip
    assert status == 0
    assert data["deck"]["on_the_draw"] and data["simulation"]["turns"] == 8
    assert [w["change"] for w in data["what_ifs"]] == [
        "+1 Island",
        "-1 Forest, +1 Island",
        data["what_ifs"][2]["change"],
    ]


def test_jobs_give_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    base = ("deck", "--example", "--games", "1200", "--seed", "2", "--what-ifs", "0")
    _, one = run_json(capsys, *base, "--jobs", "1")
    _, two = run_json(capsys, *base, "--jobs", "2")
    assert one["spells"] == two["spells"]
    assert two["simulation"]["jobs"] == 2


def test_png_and_html_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png, page = tmp_path / "deck.png", tmp_path / "deck.html"
    status, out, _ = run(
        capsys, "deck", "--example", "--games", "200", "--png", str(png), "--html", str(page)
    )
    assert status == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "data:font/woff2;base64," in page.read_text(encoding="utf-8")
    assert f"wrote the picture to {png}" in out and f"wrote the page to {page}" in out


def test_the_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deck", "--example", "--games", "1100", "--progress")
    assert status == 0
    assert "simulating [" in err and "1,100/1,100 games" in err


# -- bad input -----------------------------------------------------------------------


def write(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "deck.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the deck is empty"),
        ("# only a comment\n", "the deck is empty"),
        ("60 Lightning Bolt", "the deck has no lands"),
        ("3 Mountain", "can't draw an opening hand"),
        ("20 Mountain\n4 Lightening Bolt", "line 2: unknown card name 'Lightening Bolt'"),
        ("20 Mountain\n4x", "line 2: '4x' has a count but no card name"),
        ("20 Mountain\n0 Lightning Bolt", "line 2:"),
        ("2000 Mountain", "line 1: 2,000 copies of 'Mountain': at most 1,000 a line"),
        ("20 Mountain\n4 {2}{R", "line 2: unknown card name '{2}{R'"),
    ],
)
def test_bad_decks_are_clear_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text)
    status, out, err = run(capsys, "deck", path, "--games", "100")
    assert status == 2 and out == ""
    assert err.startswith("mtgmana: error: ") and message in err
    assert "Traceback" not in err


def test_unknown_card_json_has_the_line_and_suggestions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "20 Mountain\n4 Lightening Bolt\n")
    status, data = run_json(capsys, "deck", path)
    assert status == 2
    assert data["line"] == 2 and "Lightning Bolt" in data["suggestions"]
    assert data["error"].startswith("line 2: unknown card name")


def test_a_file_of_junk_names_every_unknown_name_and_counts_past_20(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 500 lines of junk: every name in the JSON, the first 20 in the message.
    lines = [f"1 Qux{i} Zorblat {'vendrix ' * (i % 7)}Plimm" for i in range(500)]
    path = write(tmp_path, "\n".join(lines))
    status, data = run_json(capsys, "deck", path, "--games", "0")
    assert status == 2 and len(data["unknown"]) == 500
    first, second, *_ = data["error"].splitlines()
    assert first == "500 unknown card names (newer cards come with `mtgmana cards update`):"
    assert second == "  line 1: 'Qux0 Zorblat Plimm'"
    assert data["error"].endswith(
        "... and 480 more, up to line 500 (close names are looked for in the first 20 only)"
        "\n--skip-unknown analyses the rest of the deck"
    )
    assert all(item["suggestions"] == [] for item in data["unknown"][20:])


def test_a_10_mb_paste_fails_fast(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paste = "4 Lightning Bolt\n" * (10 * 1024 * 1024 // 17)
    path = write(tmp_path, paste)
    status, _, err = run(capsys, "deck", path)
    assert status == 2 and "longer than 1,000,000 characters" in err
    monkeypatch.setattr("sys.stdin", io.StringIO(paste))
    status, _, err = run(capsys, "deck", "-")
    assert status == 2 and "longer than 1,000,000 characters" in err
    # How fast: bench/bench_decklist.py.


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--turns", "0"], "turn 0 does not exist"),
        (["--turns", "3"], "must reach turn 7"),
        (["--games", "-1"], "--games must be 0 or more"),
        (["--jobs", "-2"], "jobs must be"),
        (["--what-if", "Island"], "can't read the what-if 'Island'"),
        (["--what-if", "-9 Forest"], "can't remove 9 Forest: the deck has 5"),
        (["--what-if", "+1 Islnd"], "did you mean 'Island'"),
    ],
)
def test_bad_options_are_clear_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, "deck", "--example", "--games", "100", *argv)
    assert status == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "no decklist: give a FILE"),
        (["nonexistent-deck.txt"], "no such file: 'nonexistent-deck.txt'"),
        (["--example", "x.txt"], "not both"),
    ],
)
def test_missing_or_conflicting_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, "deck", *argv)
    assert status == 2 and message in err


def test_a_directory_and_a_binary_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "deck", str(tmp_path))
    assert status == 2 and "is a directory" in err
    path = write(tmp_path, b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    status, _, err = run(capsys, "deck", path)
    assert status == 2 and "is not UTF-8 text" in err


def test_unwritable_outputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = str(tmp_path / "missing" / "deck.html")
    status, _, err = run(capsys, "deck", "--example", "--games", "0", "--html", bad)
    assert status == 2 and "can't write the page" in err
