"""``mtgmana cards update|info|reset`` (:mod:`mtgmana.cli.cards`) and the card data
every subcommand uses: updated data, ``--cards FILE`` and ``MTGMANA_CARDS`` reach
``card``, ``tap``, ``deck`` and ``serve``; a deck with a newly added card runs end to
end; unknown-card errors point to ``mtgmana cards update``.

Downloads come from a local HTTP server on 127.0.0.1 (tests/card_server.py); the data
directory is a temporary one (the ``card_data`` fixture).
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from card_server import (
    BULK_CARDS,
    NEW_LAND,
    NEW_SPELL,
    NEW_UNMODELLED,
    CardServer,
    Route,
    bulk_bytes,
    mtgjson_bytes,
)
from cli_helpers import run, run_json

HINT = "newer cards come with `mtgmana cards update`"

# A deck of the small card data's cards, two of them new (CR 100.2a: 60 cards).
NEW_DECK = f"""Deck
10 Forest
8 Island
4 {NEW_LAND}
4 {NEW_SPELL}
4 Llanowar Elves
4 Opt
26 Grizzly Bears
"""


@pytest.fixture
def bulk_file(tmp_path: Path) -> Path:
    path = tmp_path / "oracle-cards.json"
    path.write_bytes(bulk_bytes())
    return path


def _update_from(capsys: pytest.CaptureFixture[str], source: Path | str) -> None:
    status, out, err = run(capsys, "cards", "update", "--from", str(source), "--min-cards", "5")
    assert status == 0, err
    assert f"updated the card data: {BULK_CARDS} cards" in out


def _env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a subprocess: this data directory, and ``extra``."""
    env = {k: v for k, v in os.environ.items() if k != "MTGMANA_CARDS"}
    return {**env, "MTGMANA_DATA_DIR": str(data_dir), **extra}


# -- update, info, reset -------------------------------------------------------------


def test_update_from_a_file_makes_the_card_known_to_card(
    capsys: pytest.CaptureFixture[str], card_data: Path, bulk_file: Path
) -> None:
    status, _, err = run(capsys, "card", NEW_SPELL)
    assert status == 2 and HINT in err
    _update_from(capsys, bulk_file)
    status, data = run_json(capsys, "card", NEW_SPELL)
    assert status == 0 and data["mana_value"] == 3 and data["color_identity"] == ["U", "G"]
    status, data = run_json(capsys, "cards", "info")
    assert status == 0 and data["data"] == "updated" and data["cards"] == BULK_CARDS
    assert data["data_dir"] == str(card_data) and data["path"].startswith(str(card_data))
    status, out, _ = run(capsys, "cards", "info")
    assert (
        "card data:      updated (mtgmana cards update)" in out
        and f"cards:          {BULK_CARDS}" in out
    )


def test_update_through_the_listing_json_and_a_line_without_a_terminal(
    capsys: pytest.CaptureFixture[str], card_data: Path, card_server: CardServer
) -> None:
    api = card_server.serve_scryfall()
    status, _, err = run(capsys, "cards", "update", "--api", api, "--min-cards", "5")
    assert status == 0
    assert err == f"mtgmana: downloading {card_server.url('/oracle-cards.json')}\n"  # one line
    status, data = run_json(capsys, "cards", "update", "--api", api, "--min-cards", "5")
    assert status == 0 and data["updated"] is True and data["data"] == "updated"
    assert data["date"] == "2026-01-20T09:04:11.262+00:00" and data["added"] == []
    assert data["cards"] == BULK_CARDS and data["unreadable"] == []


def test_progress_bars_when_asked(
    capsys: pytest.CaptureFixture[str], card_data: Path, card_server: CardServer
) -> None:
    api = card_server.serve_scryfall()
    status, _, err = run(capsys, "cards", "update", "--api", api, "--min-cards", "5", "--progress")
    assert status == 0
    assert "\rdownloading oracle-cards.json [#########################] 100%" in err
    assert "oracle-cards.json [" in err.split("downloading", 2)[-1]  # reading it, too


@pytest.mark.parametrize(
    ("route", "message"),
    [
        (Route(b"", status=404), "HTTP error 404 Not Found"),
        (Route(bulk_bytes(), cut=300), "the download was cut short"),
        (Route(b"Service Unavailable"), "is not a card file"),
    ],
)
def test_a_failed_update_exits_2_and_the_old_data_answers(
    capsys: pytest.CaptureFixture[str],
    card_data: Path,
    card_server: CardServer,
    route: Route,
    message: str,
) -> None:
    api = card_server.serve_scryfall()
    card_server.routes["/oracle-cards.json"] = route
    status, out, err = run(capsys, "cards", "update", "--api", api, "--min-cards", "5")
    assert status == 2 and out == "" and message in err
    assert "(the card data in use is unchanged)" in err
    status, data = run_json(capsys, "cards", "update", "--api", api, "--min-cards", "5")
    assert status == 2 and message in data["error"] and data["data_dir"] == str(card_data)
    status, data = run_json(capsys, "card", "Huntmaster of the Fells")
    assert status == 0 and data["mana_value"] == 4  # the bundled data answers


def test_a_file_too_small_is_refused(
    capsys: pytest.CaptureFixture[str], card_data: Path, bulk_file: Path
) -> None:
    status, _, err = run(capsys, "cards", "update", "--from", str(bulk_file))
    assert status == 2 and "fewer than the 25,000 of a full card list" in err
    assert "--min-cards" in err


def test_update_from_mtgjson_then_reset(
    capsys: pytest.CaptureFixture[str], card_data: Path, tmp_path: Path
) -> None:
    source = tmp_path / "AtomicCards.json.gz"
    source.write_bytes(gzip.compress(mtgjson_bytes()))
    _update_from(capsys, source)
    assert run_json(capsys, "card", NEW_LAND)[1]["name"] == NEW_LAND
    status, out, _ = run(capsys, "cards", "reset")
    assert status == 0 and f"removed the updated card data from {card_data}" in out
    assert "in use: bundled, 30,422 cards, dated 2025-09-25" in out
    status, data = run_json(capsys, "cards", "reset")
    assert status == 0 and data["reset"] is False and data["data"] == "bundled"
    assert run(capsys, "card", NEW_LAND)[0] == 2


def test_info_of_the_bundled_data(capsys: pytest.CaptureFixture[str], card_data: Path) -> None:
    status, data = run_json(capsys, "cards", "info")
    assert status == 0
    assert data["data"] == "bundled" and data["cards"] == 30422 and data["date"] == "2025-09-25"
    assert data["source"].startswith("Scryfall") and data["updated_installed"] is None


# -- the data in use, everywhere ---------------------------------------------------------


def test_a_deck_with_a_new_card_end_to_end(
    capsys: pytest.CaptureFixture[str], card_data: Path, bulk_file: Path, tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(NEW_DECK, encoding="utf-8")
    status, _, err = run(capsys, "deck", str(deck), "--games", "0")
    assert status == 2 and "2 unknown card names" in err and HINT in err
    _update_from(capsys, bulk_file)
    status, data = run_json(capsys, "deck", str(deck), "--games", "300", "--what-ifs", "1")
    assert status == 0 and data["skipped"] == []
    assert (data["deck"]["size"], data["deck"]["lands"]) == (60, 22)
    tyrant = next(s for s in data["spells"] if s["name"] == NEW_SPELL)
    assert tyrant["cost"] == "{1}{G}{U}" and tyrant["mana_value"] == 3
    # The new land makes G or U: a source of both colors (Karsten counts duals fully).
    grove = next(row for row in data["lands"] if row["name"] == NEW_LAND)
    assert grove["sources"] == {"U": 1.0, "G": 1.0}
    blue = next(n for n in tyrant["needs"] if n["colors"] == "U")
    assert blue["land_sources"] == 8 + 4
    assert tyrant["simulation"]["p_on_curve"] > 0
    status, out, _ = run(capsys, "deck", str(deck), "--games", "200")
    assert status == 0 and NEW_SPELL in out


def test_tap_and_the_python_api_use_the_updated_data(
    capsys: pytest.CaptureFixture[str], card_data: Path, bulk_file: Path
) -> None:
    _update_from(capsys, bulk_file)
    status, data = run_json(capsys, "tap", "{G}{U}", "--sources", f"{NEW_LAND}, Island")
    assert status == 0 and data["payable"] is True
    # Its mana text isn't modelled: it says so (never a wrong answer).
    status, data = run_json(capsys, "tap", "{1}", "--sources", NEW_UNMODELLED)
    assert status == 2 and data["error"].startswith(
        f"not modelled, so the answer could be wrong: {NEW_UNMODELLED}"
    )
    from mtgmana.board import Board
    from mtgmana.tapping import NotModelled, can_pay

    assert can_pay("{G}{U}", Board.parse(f"{NEW_LAND}, Forest"))
    with pytest.raises(NotModelled, match=NEW_UNMODELLED):
        can_pay("{1}", Board.parse(NEW_UNMODELLED))


def test_serve_uses_the_updated_data(
    capsys: pytest.CaptureFixture[str], card_data: Path, bulk_file: Path
) -> None:
    _update_from(capsys, bulk_file)
    answers = _serve(
        _env(card_data),
        {"id": 1, "op": "card", "name": NEW_SPELL},
        {"id": 2, "op": "tap", "cost": "{U}", "sources": NEW_LAND},
        {"id": 3, "op": "card", "name": "Huntmaster of the Fells"},
    )
    assert answers[0]["mana_value"] == 3 and answers[1]["payable"] is True
    assert answers[2]["error"]["code"] == "unknown_card" and HINT in answers[2]["error"]["message"]


def test_serve_takes_a_card_file_per_request_only_when_files_are_allowed(
    card_data: Path, bulk_file: Path
) -> None:
    request = {"id": 1, "op": "card", "name": NEW_SPELL, "cards": str(bulk_file)}
    allowed = _serve(
        _env(card_data),
        request,
        {"id": 2, "op": "card", "name": NEW_SPELL},
        args=("--allow-files",),
    )
    assert allowed[0]["mana_value"] == 3
    assert allowed[1]["error"]["code"] == "unknown_card"  # that request only
    refused = _serve(_env(card_data), request)
    assert refused[0]["error"]["code"] == "files_not_allowed"


def _serve(env: dict[str, str], *requests: object, args: tuple[str, ...] = ()) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "mtgmana", "serve", *args],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_cards_option_and_environment_choose_a_file_for_one_run(
    capsys: pytest.CaptureFixture[str], card_data: Path, bulk_file: Path, tmp_path: Path
) -> None:
    status, data = run_json(capsys, "card", NEW_SPELL, "--cards", str(bulk_file))
    assert status == 0 and data["mana_value"] == 3
    status, data = run_json(capsys, "--cards", str(bulk_file), "card", NEW_LAND)
    assert status == 0 and data["name"] == NEW_LAND
    assert run(capsys, "card", NEW_SPELL)[0] == 2  # one run only: the bundled data again
    status, data = run_json(capsys, "cards", "info", "--cards", str(bulk_file))
    assert data["data"] == "file" and data["chosen_by"] == "--cards" and data["cards"] == BULK_CARDS
    deck = tmp_path / "deck.txt"
    deck.write_text(NEW_DECK, encoding="utf-8")
    status, data = run_json(capsys, "deck", str(deck), "--games", "0", "--cards", str(bulk_file))
    assert status == 0 and any(s["name"] == NEW_SPELL for s in data["spells"])
    status, _, err = run(capsys, "card", "Forest", "--cards", str(tmp_path / "nope.json"))
    assert (
        status == 2 and err == f"mtgmana: error: --cards: no such card file: {tmp_path}/nope.json\n"
    )
    # MTGMANA_CARDS, for a process: serve here.
    answers = _serve(
        _env(card_data, MTGMANA_CARDS=str(bulk_file)), {"op": "card", "name": NEW_LAND}
    )
    assert answers[0]["name"] == NEW_LAND
    answers = _serve(
        _env(card_data), {"op": "card", "name": NEW_LAND}, args=("--cards", str(bulk_file))
    )
    assert answers[0]["name"] == NEW_LAND


# -- unknown cards ------------------------------------------------------------------------


def test_unknown_card_errors_point_to_cards_update(
    capsys: pytest.CaptureFixture[str], card_data: Path
) -> None:
    status, data = run_json(capsys, "card", "Lightening Bolt")
    assert status == 2 and data["suggestions"][0] == "Lightning Bolt" and HINT in data["error"]
    status, _, err = run(capsys, "tap", "{G}", "--sources", "Forrest")
    assert status == 2 and HINT in err
    answers = _serve(_env(card_data), {"op": "tap", "cost": "{G}", "sources": "Forrest"})
    assert answers[0]["error"]["code"] == "unknown_card" and HINT in answers[0]["error"]["message"]


SKIP_DECK = """Commander
1 Tatyova, Benthic Druid

Deck
36 Forest
2 Doctor Doom, King of Latveria
61 Opt

Sideboard
1 Springleaf Parade
"""


def test_deck_skip_unknown_lists_the_cards_left_out_everywhere(
    capsys: pytest.CaptureFixture[str], card_data: Path, tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(SKIP_DECK, encoding="utf-8")
    status, _, err = run(capsys, "deck", str(deck), "--games", "0")
    assert status == 2 and HINT in err and "--skip-unknown analyses the rest of the deck" in err
    status, data = run_json(capsys, "deck", str(deck), "--games", "200", "--skip-unknown")
    assert status == 0
    assert [(s["line"], s["name"], s["count"], s["section"]) for s in data["skipped"]] == [
        (6, "Doctor Doom, King of Latveria", 2, "main"),
        (10, "Springleaf Parade", 1, "sideboard"),
    ]
    # The main deck's two count as nonland cards of unknown cost: 100 cards with the
    # commander (CR 903.5a), 36 lands.
    assert (data["deck"]["size"], data["deck"]["lands"]) == (100, 36)
    assert {s["name"] for s in data["spells"]} == {"Tatyova, Benthic Druid", "Opt"}
    assert data["land_count"]["average_mana_value"] == 1.0  # 61 Opt; the unknown not averaged
    assert sum(bar["cards"] for bar in data["curve"]) == 61
    assert any("3 unknown cards left out" in note for note in data["notes"])
    status, out, _ = run(capsys, "deck", str(deck), "--games", "200", "--skip-unknown", "--html",
                         str(tmp_path / "deck.html"))  # fmt: skip
    lines = out.splitlines()
    assert lines[2].startswith("Left out: 3 unknown cards (the main deck's 2: nonland cards")
    assert "  - line 6: 2 Doctor Doom, King of Latveria (main deck" in out
    assert "  - line 10: 1 Springleaf Parade (sideboard" in out
    page = (tmp_path / "deck.html").read_text(encoding="utf-8")
    top = page.index('class="warnings skipped"')
    assert top < page.index("<table") and "Doctor Doom, King of Latveria (main deck" in page
    assert "Left out: 3 unknown cards" in page
