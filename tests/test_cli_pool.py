"""``mtgmana pool``: text and JSON output, steps in command-line order, saved pools,
and errors (status 2)."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import pytest

from mtgmana.cli import pool as pool_command
from mtgmana.cli._output import CommandError, emit_error
from mtgmana.pool import ManaPool


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="mtgmana")
    pool_command.register(parser.add_subparsers(dest="command", required=True))
    try:
        args = parser.parse_args(["pool", *argv])
        status = args.run(args)
    except CommandError as error:
        status = emit_error(error, as_json="--json" in argv)
    except SystemExit as exit_:  # argparse usage errors
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status, out, _ = run(capsys, *argv, "--json")
    return status, json.loads(out)


CREATURES = "Spend this mana only to cast creature spells."


def test_announces_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--add", "{R}{R}", "--add-restricted", "{G}", "--restriction", CREATURES
    )
    assert status == 0
    assert out == "{R}{R}{G} (one {G} only to cast creature spells)\n"


def test_empty_pool(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys) == (0, "no mana\n", "")


def test_doubling_cube_example(capsys: pytest.CaptureFixture[str]) -> None:
    # CR 106.6 example.
    status, out, _ = run(
        capsys, "--add-restricted", "{R}{G}", "--restriction", CREATURES, "--double"
    )
    assert status == 0
    assert out.splitlines() == [
        "doubled: added {R}{G}",
        "{R}{R}{G}{G} (one {R} only to cast creature spells; one {G} only to cast creature spells)",
    ]


def test_steps_run_in_command_line_order(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--add", "{G}", "--empty", "step", "--add", "{R}")
    assert out.splitlines() == ["end of step: lost {G}", "{R}"]
    _, out, _ = run(capsys, "--add", "{G}", "--add", "{R}", "--empty", "step")
    assert out.splitlines() == ["end of step: lost {R}{G}", "no mana"]


def test_2008_rules_and_mana_burn(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "--rules", "2008", "--add", "{B}{B}", "--empty", "step", "--empty", "phase"
    )
    assert status == 0
    assert [s["lost"] for s in data["steps"]] == ["", "{B}{B}"]
    assert data["life_lost"] == 2 and data["announcement"] == "no mana"
    _, out, _ = run(capsys, "--mana-burn", "--add", "{U}", "--empty", "step")
    assert out.splitlines()[0] == "end of step: lost {U}; mana burn: 1 life lost"


def test_retention_and_conversion(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--retain", "G", "--add", "{R}{G}{U}", "--empty", "turn")
    assert out.splitlines() == ["end of turn: lost {U}{R}", "{G}"]
    _, out, _ = run(capsys, "--retain", "all", "--add", "{R}", "--empty", "turn")
    assert out.splitlines() == ["end of turn: lost no mana", "{R}"]
    _, out, _ = run(capsys, "--becomes", "colorless", "--add", "{R}{C}", "--empty", "phase")
    assert out.splitlines() == ["end of phase: lost no mana; {R} became {C}", "{C}{C}"]


def test_snow_and_until_end_of_turn(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--snow", "{G}", "--until-end-of-turn", "{R}", "--empty", "phase")
    assert out.splitlines()[-1] == "{R} (one {R} until end of turn)"


def test_hybrid_choices(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--add", "{2/W}{W/U}", "--choose", "{2/W}=2", "--choose", "{w/u}=U")
    assert out == "{U}{C}{C}\n"


def test_chosen_type(capsys: pytest.CaptureFixture[str]) -> None:
    sentence = "Spend this mana only to cast a creature spell of the chosen type."
    _, out, _ = run(
        capsys, "--add-restricted", "{G}", "--restriction", sentence, "--chosen-type", "Elf"
    )
    assert out == "{G} (one {G} only to cast Elf creature spells)\n"


def test_json_output_round_trips_through_load(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, data = run_json(
        capsys, "--rules", "2008", "--retain", "G", "--snow", "{G}{G}", "--add-restricted",
        "{C}", "--restriction", "Spend this mana only to activate abilities.",
    )  # fmt: skip
    assert status == 0
    assert data["by_type"] == {"G": 2, "C": 1}
    assert data["announcement"] == (
        "{G}{G}{C} (two {G} from snow sources; one {C} only to activate abilities)"
    )
    assert ManaPool.from_json(data["pool"]).to_json() == data["pool"]
    saved = tmp_path / "pool.json"
    saved.write_text(json.dumps(data["pool"]), encoding="utf-8")
    status, again = run_json(capsys, "--load", str(saved), "--add", "{R}")
    assert status == 0 and again["by_type"] == {"R": 1, "G": 2, "C": 1}
    assert again["pool"]["rules"]["name"] == "2008"  # loaded rules are kept
    whole = tmp_path / "output.json"  # the whole --json output loads too
    whole.write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "--load", str(whole))[1] == data["announcement"] + "\n"


def test_load_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    pool = ManaPool()
    pool.add_symbols("{W}{W}")
    monkeypatch.setattr("sys.stdin", io.StringIO(pool.dumps()))
    assert run(capsys, "--load", "-") == (0, "{W}{W}\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--add", "{R"], "unterminated"),
        (["--add", "{X}"], "choose_x"),
        (["--add", "{T}"], "tap symbol"),
        (["--add-restricted", "{G}"], "needs a --restriction"),
        (["--add-restricted", "{G}", "--add", "{R}"], "needs a --restriction"),
        (["--restriction", CREATURES], "must follow an --add-restricted"),
        (["--add-restricted", "{G}", "--restriction", "Spend it wisely."], "can't read"),
        (["--retain", "purple"], "not a type of mana"),
        (["--becomes", "S"], "not a type of mana"),
        (["--choose", "{2/W}"], "SYMBOL=HALF"),
        (["--add", "{W/U}", "--choose", "{W/U}=G"], "not a half"),
        (["--load", "/nonexistent/pool.json"], "can't read"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and err.startswith("mtgmana: error:")
    status, data = run_json(capsys, *argv)
    assert status == 2 and message in data["error"]


def test_bad_saved_pools(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    not_json = tmp_path / "a.json"
    not_json.write_text("{units", encoding="utf-8")
    status, _, err = run(capsys, "--load", str(not_json))
    assert status == 2 and "is not JSON" in err
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps({"kinds": [{"type": "Q"}]}), encoding="utf-8")
    status, _, err = run(capsys, "--load", str(bad))
    assert status == 2 and "kinds[0].type" in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--empty", "upkeep")[0] == 2
    assert run(capsys, "--rules", "1994")[0] == 2


def test_works_through_main_once_registered(
    capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    import mtgmana.cli

    if pool_command not in mtgmana.cli.COMMANDS:
        monkeypatch.setattr(mtgmana.cli, "COMMANDS", (*mtgmana.cli.COMMANDS, pool_command))
    assert mtgmana.cli.main(["pool", "--add", "{G}{G}"]) == 0
    assert capsys.readouterr().out == "{G}{G}\n"
    assert mtgmana.cli.main(["pool", "--add", "{G"]) == 2
    assert "unterminated" in capsys.readouterr().err
