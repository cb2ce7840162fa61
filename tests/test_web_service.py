"""The page's requests and answers (mtgmana.web.service): the report in stages,
each exactly ``mtgmana deck --json``'s for the same deck, seed and games; progress;
changes to the lands; errors that say what and where, with suggestions for unknown
cards; bad requests refused field by field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import run_json as cli_json
from conftest import precon
from mtgmana.analysis.decks import Deck, example_text
from mtgmana.analysis.reports.html import render_report
from mtgmana.analysis.reports.report import to_json
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.summary import analyze
from mtgmana.web.service import (
    MAX_GAMES,
    QUICK_GAMES,
    AnalysisRequest,
    RequestError,
    analyse,
    decklist_text,
    run_json,
)

DECKS = Path(__file__).parent / "data" / "decks"
COMMANDER = precon("lands-wrath-znc.dck")
"""A real Commander precon (Forge .dck) whose simulation is quick."""


def events(request: AnalysisRequest) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    analyse(request, found.append)
    return json.loads(json.dumps(found))  # what the page receives


def reports(found: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["stage"]: e for e in found if e["event"] == "report"}


WORK = ("elapsed", "games_per_second", "queries", "tapper_calls", "hit_rate", "boards")
"""What the simulation says of its own work: its time, and how its caches did
(which depends on what the process simulated before), not figures of the deck."""


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    """The report less the simulation's account of its own work (:data:`WORK`)."""
    copy = json.loads(json.dumps(report))
    for key in WORK if copy.get("simulation") else ():
        del copy["simulation"][key]
    return copy


def test_the_stages_are_the_cli_figures(capsys: pytest.CaptureFixture[str]) -> None:
    path = DECKS / "modern-jund.arena.txt"
    found = events(AnalysisRequest(path.read_text(encoding="utf-8"), games=700, seed=3))
    stages = reports(found)
    assert list(stages) == ["model", "final"]  # 60 cards: no quick first answer
    status, cli = cli_json(capsys, "deck", str(path), "--games", "700", "--seed", "3")
    assert status == 0
    assert without_timing(stages["final"]["report"]) == without_timing(cli)
    assert stages["final"]["games"] == 700
    # the model at once: the same figures without the simulation or the what-ifs
    model = stages["model"]["report"]
    assert model["simulation"] is None and model["what_ifs"] == []
    assert model["spells"] == [{k: v for k, v in s.items() if k != "simulation"}
                               for s in cli["spells"]]  # fmt: skip
    # the HTML is the report's own
    deck = Deck.parse(path.read_text(encoding="utf-8"))
    assert stages["model"]["html"] == render_report(analyze(deck, what_ifs=0))
    assert "<h1>" in stages["final"]["html"] and "sim., all games" in stages["final"]["html"]


def test_a_commander_deck_gets_a_quick_answer_first() -> None:
    text = COMMANDER.read_text(encoding="utf-8")
    found = events(AnalysisRequest(text, games=QUICK_GAMES + 500, seed=1, what_ifs=2))
    kinds = [(e["event"], e.get("stage"), e.get("task")) for e in found]
    assert kinds[0] == ("report", "model", None)
    quick = kinds.index(("report", "quick", None))
    final = kinds.index(("report", "final", None))
    assert 0 < quick < final == len(kinds) - 1
    assert ("progress", "final", "what-ifs") in kinds[quick:final]
    deck = Deck.parse(text)
    stages = reports(found)
    expected = to_json(analyze(deck, what_ifs=0), simulate(deck, games=QUICK_GAMES, seed=1))
    assert without_timing(stages["quick"]["report"]) == without_timing(expected)
    assert stages["quick"]["games"] == QUICK_GAMES
    assert stages["final"]["report"]["simulation"]["games"] == QUICK_GAMES + 500
    assert len(stages["final"]["report"]["what_ifs"]) <= 2
    # progress: per chunk of games, each stage from 0 to all its games
    for stage, games in (("quick", QUICK_GAMES), ("final", QUICK_GAMES + 500)):
        done = [e["done"] for e in found if e.get("task") == "simulating" and e["stage"] == stage]
        assert done[0] == 0 and done[-1] == games and done == sorted(done)
        assert all(e["total"] == games for e in found if e.get("stage") == stage and "total" in e)


def test_no_simulation() -> None:
    found = events(AnalysisRequest(example_text(), games=0, what_ifs=0))
    assert [e["event"] for e in found] == ["report", "report"]
    assert reports(found)["final"]["report"]["simulation"] is None


def test_changes_to_the_lands() -> None:
    text = example_text()
    deck = Deck.parse(text)
    forests = deck.card("Forest").count
    request = AnalysisRequest(text, games=0, what_ifs=0, changes={"forest": -2, "ISLAND": 1})
    final = reports(events(request))["final"]
    assert final["changes"] == {"Forest": -2, "Island": 1}  # the cards' real names
    lands = {row["name"]: row["count"] for row in final["report"]["lands"]}
    assert lands["Forest"] == forests - 2 and lands["Island"] == deck.card("Island").count + 1
    assert final["report"]["deck"]["size"] == deck.size - 1
    changed = deck.with_changes({"Forest": -2, "Island": 1})
    assert final["report"] == to_json(analyze(changed, what_ifs=0))
    # the changed list reads back as the changed deck
    again = Deck.parse(final["decklist"])
    assert [(c.name, c.count) for c in again.main] == [(c.name, c.count) for c in changed.main]


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"Forest": -99}, "can't remove 99 Forest: the deck has"),
        ({"Swamp": -1}, "can't remove 1 Swamp: the deck has 0"),
        ({"Forrest": 1}, "unknown card name 'Forrest'; did you mean 'Forest'"),
        ({"Llanowar Elves": 1}, "Llanowar Elves is not a land"),
    ],
)
def test_bad_changes_say_why(changes: dict[str, int], message: str) -> None:
    found = events(AnalysisRequest(example_text(), games=0, changes=changes))
    assert len(found) == 1 and found[0]["event"] == "error"
    assert message in found[0]["error"]


def test_unknown_cards_with_their_lines_and_suggestions() -> None:
    text = "4 Lightnig Bolt\n20 Mountain\n4 Goblin Gaide\n32 Shock"
    (error,) = events(AnalysisRequest(text))
    assert error["event"] == "error" and error["line"] == 1
    unknown = error["unknown"]
    assert [(u["line"], u["name"]) for u in unknown] == [(1, "Lightnig Bolt"), (3, "Goblin Gaide")]
    assert unknown[0]["suggestions"][0] == "Lightning Bolt"
    assert unknown[1]["suggestions"][0] == "Goblin Guide"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the deck is empty"),
        ("40 Grizzly Bears", "the deck has no lands"),
        ("4x", "line 1: '4x' has a count but no card name"),
    ],
)
def test_decks_that_cant_be_analysed(text: str, message: str) -> None:
    found = events(AnalysisRequest(text, games=0, what_ifs=0))
    assert [e["event"] for e in found] == ["error"] and message in found[0]["error"]


@pytest.mark.parametrize(
    "value, field",
    [
        ([], None),
        ({}, "text"),
        ({"text": 3}, "text"),
        ({"text": "x", "games": -1}, "games"),
        ({"text": "x", "games": MAX_GAMES + 1}, "games"),
        ({"text": "x", "games": 1.5}, "games"),
        ({"text": "x", "games": True}, "games"),
        ({"text": "x", "seed": -1}, "seed"),
        ({"text": "x", "draw": "yes"}, "draw"),
        ({"text": "x", "format": "modern"}, "format"),
        ({"text": "x", "changes": ["Forest"]}, "changes"),
        ({"text": "x", "changes": {"Forest": "1"}}, "changes"),
        ({"text": "x", "changes": {"": 1}}, "changes"),
        ({"text": "x", "changes": {f"Land {n}": 1 for n in range(101)}}, "changes"),
        ({"text": "x", "what_ifs": 21}, "what_ifs"),
        ({"text": "x", "colour": "blue"}, "colour"),
        ({"text": "x" * 1_000_001}, "text"),
    ],
)
def test_bad_requests_name_the_field(value: object, field: str | None) -> None:
    with pytest.raises(RequestError) as raised:
        AnalysisRequest.from_json(value)
    assert raised.value.field == field
    assert isinstance(raised.value, ValueError)  # the library's errors are ValueErrors


def test_a_good_request_from_json() -> None:
    value = {"text": "20 Forest", "games": 0, "seed": 9, "draw": True, "format": "commander",
             "changes": {"Forest": 1}, "what_ifs": 0}  # fmt: skip
    request = AnalysisRequest.from_json(value)
    assert request == AnalysisRequest("20 Forest", 0, 9, True, "commander", {"Forest": 1}, 0)
    assert AnalysisRequest.from_json({"text": "t"}) == AnalysisRequest("t")


def test_run_json_answers_lines_of_json() -> None:
    lines: list[str] = []
    run_json(json.dumps({"text": "20 Forest\n40 Llanowar Elves", "games": 50}), lines.append)
    found = [json.loads(line) for line in lines]
    assert [e["stage"] for e in found if e["event"] == "report"] == ["model", "final"]
    for text, message in (("{", "the request isn't JSON"), ("[1]", "a request is a JSON object"),
                          ("[" * 100_000, "the request isn't JSON")):  # fmt: skip
        lines.clear()
        run_json(text, lines.append)
        (line,) = lines
        assert json.loads(line)["event"] == "error" and message in json.loads(line)["error"]


def test_the_page_going_away_stops_the_work() -> None:
    calls = []

    def emit(event: dict[str, Any]) -> None:
        calls.append(event)
        if event["event"] == "progress":
            raise BrokenPipeError("gone")

    with pytest.raises(BrokenPipeError):
        analyse(AnalysisRequest(example_text(), games=5000), emit)
    assert [e["event"] for e in calls] == ["report", "progress"]


@pytest.mark.parametrize(
    "name",
    ["abzan-armor-tdc.dck", "family-matters-blc.moxfield.txt", "desert-bloom-otc.dek",
     "modern-burn.mtgo.txt", "pioneer-azorius-control.archidekt.txt"],
)  # fmt: skip
def test_the_decklist_reads_back_as_the_same_deck(name: str) -> None:
    deck = Deck.parse((DECKS / name).read_text(encoding="utf-8-sig"))
    again = Deck.parse(decklist_text(deck))
    assert again.name == deck.name
    for part in ("main", "commander", "sideboard", "companion"):
        assert [(c.name, c.count) for c in getattr(again, part)] == [
            (c.name, c.count) for c in getattr(deck, part)
        ], part
