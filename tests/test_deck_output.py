"""Deck report output (issues 6 and 13): JSON with every figure, text tables people
can read (at most 100 columns, sources with one decimal, spells grouped by turn,
long names cut with an ellipsis, the model and the simulation compared), PNG
pictures (axes from 0, at most eight series), and the self-contained HTML page
(no network URLs, the mana font embedded, charts as inline SVG: no matplotlib)."""

from __future__ import annotations

import base64
import importlib.resources
import json
import re
import struct
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import precon
from mtgmana.analysis.counting import LandReport
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.decks.legality import LegalityWarning
from mtgmana.analysis.reports.charts import PER_SPELL_LIMIT
from mtgmana.analysis.reports.html import render_html, save_html, symbol_class, symbols
from mtgmana.analysis.reports.report import (
    WIDTH,
    compare,
    ellipsis,
    format_table,
    land_rows,
    number,
    spell_notes,
    text_report,
    to_json,
)
from mtgmana.analysis.simulation import Simulation, simulate
from mtgmana.analysis.summary import DeckSummary, analyze

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def report() -> tuple[DeckSummary, Simulation]:
    deck = Deck.example()
    return analyze(deck, what_ifs=3, changes=["+1 Island"]), simulate(deck, games=300, seed=1)


def commander_text(name: str = "arcane-maelstrom-c20") -> str:
    """A Forge .dck precon as a plain list (the commander first, then a blank line)."""
    path = precon(f"{name}.dck")
    commander: list[str] = []
    main: list[str] = []
    section = None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.lower()
            continue
        if not line or "=" in line or section not in ("[commander]", "[main]"):
            continue
        count, rest = line.split(" ", 1)
        entry = f"{count} {rest.split('|')[0].rstrip('+')}"
        (commander if section == "[commander]" else main).append(entry)
    return "Commander\n" + "\n".join(commander) + "\n\n" + "\n".join(main) + "\n"


@pytest.fixture(scope="module")
def commander_deck() -> Deck:
    return Deck.parse(commander_text())


@pytest.fixture(scope="module")
def commander(commander_deck: Deck) -> tuple[DeckSummary, Simulation]:
    return analyze(commander_deck, what_ifs=4), simulate(commander_deck, games=40, seed=2)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# -- data the other analyses add (legality warnings, land rows, spell notes) --------


LANDS = (
    LandReport("Breeding Pool", 4, "GU", "never", 1.0, {"U": 1.0, "G": 1.0},
               "1 source of G and U"),
    LandReport("Temple of Mystery", 2, "UG", "always", 1.0, {"U": 1.0, "G": 1.0},
               "1 source of G and U"),
    LandReport("Turntimber Symbiosis // Turntimber, Serpentine Wood", 1, "G", "always", 0.5,
               {"U": 0.0, "G": 0.5}, "0.5 land, source of G (MDFC)"),
)  # fmt: skip
WARNINGS = (
    LegalityWarning("deck-size", "a 61-card deck: 60 is usual for the format", ("Forest",)),
)


def test_extra_data_is_rendered(report: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = report
    spells = tuple(
        replace(s, counted_as="hybrid; X=1") if s.name == "Opt" else s for s in summary.spells
    )
    rich = replace(summary, spells=spells, warnings=WARNINGS, land_rows=LANDS)
    own = land_rows(summary)  # the analysis's own table
    assert own is not None and sum(row.count for row in own) == 23
    rows = land_rows(rich)
    assert rows is not None and rows[0].produces == "GU" and rows[2].land == 0.5
    data = to_json(rich, simulation)
    json.dumps(data, allow_nan=False)
    assert data["warnings"] == [w.to_json() for w in WARNINGS]
    assert data["lands"][2] == {
        "name": "Turntimber Symbiosis // Turntimber, Serpentine Wood", "count": 1,
        "produces": "G", "enters_tapped": "always", "counted_as": "0.5 land, source of G (MDFC)",
        "land": 0.5, "sources": {"U": 0.0, "G": 0.5},
    }  # fmt: skip
    opt = next(s for s in data["spells"] if s["name"] == "Opt")
    assert opt["notes"] == ["hybrid; X=1"] and opt["counted_as"] == "hybrid; X=1"
    text = text_report(rich, simulation)
    lines = text.splitlines()
    assert lines[2] == "Warnings:" and "61-card deck" in lines[3]
    assert text.index("Warnings:") < text.index("Spells by the turn")
    assert "hybrid; X=1" in text
    assert re.search(r"^2 +Temple of Mystery +UG +always +1 source of G and U$", text, re.M)
    assert "Turntimber Symbiosis " in text and "Serpentine" not in text  # the front face
    assert max(map(len, lines)) <= WIDTH
    page = render_html(rich, simulation)
    assert 'class="warnings"' in page and "61-card deck" in page
    assert "0.5 land, source of G (MDFC)" in page and '<div class="note">hybrid; X=1</div>' in page
    assert spell_notes(next(s for s in spells if s.name == "Opt")) == ("hybrid; X=1",)


def test_how_each_card_was_counted() -> None:
    deck = Deck.parse(
        "4 Dismember\n4 Fireball\n2 Emeria's Call\n4 Kitchen Finks\n4 Brazen Borrower\n"
        "22 Mountain\n20 Lightning Bolt"
    )
    summary = analyze(deck, what_ifs=0)
    data = to_json(summary)
    spells = {s["name"]: s for s in data["spells"]}
    for spell in summary.spells:  # every figure the analysis gives
        item = spells[spell.name]
        assert item["counted_as"] == (getattr(spell, "counted_as", "") or None)
        assert item["x"] == getattr(spell, "x", None)
        assert item["card"] == (getattr(spell, "card", "") or None)
        without_life = getattr(spell, "without_life", None)
        assert item["without_life"] == (None if without_life is None else round(without_life, 4))
    land = summary.land_count
    assert data["land_count"]["mdfc"] == getattr(land, "mdfc", 0)
    assert data["land_count"]["effective"] == round(getattr(land, "effective", land.lands), 4)
    for row in data["lands"]:
        assert set(row) == {
            "name", "count", "produces", "enters_tapped", "counted_as", "land", "sources",
        }  # fmt: skip
    text = text_report(summary)
    for spell in summary.spells:  # the notes under each spell
        for note in spell_notes(spell):
            assert note[:60] in " ".join(text.split())
    if getattr(land, "mdfc", 0):
        assert "modal double-faced spells with a land back" in text
    assert max(len(line) for line in text.splitlines()) <= WIDTH


# -- JSON ----------------------------------------------------------------------------


def test_json_has_every_figure(report: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = report
    data = to_json(summary, simulation)
    json.dumps(data, allow_nan=False)  # plain JSON
    assert set(data) == {
        "deck", "skipped", "warnings", "spells", "lands", "worst", "curve", "colors",
        "land_count", "what_ifs", "model_vs_simulation", "simulation", "notes",
    }  # fmt: skip
    assert data["skipped"] == []  # no unknown cards
    assert data["deck"] == {
        "name": "Simic Ramp (example)", "size": 60, "lands": 23, "colors": "UG",
        "commander": False, "on_the_draw": False,
    }  # fmt: skip
    assert len(data["spells"]) == len(summary.spells) >= 11
    spell = next(s for s in data["spells"] if s["name"] == "Frilled Mystic")
    assert set(spell) >= {
        "name", "count", "zone", "kind", "cost", "mana_value", "turn", "pips", "target",
        "probability", "meets", "needs", "notes", "simulation", "card", "x", "without_life",
        "counted_as",
    }  # fmt: skip
    assert spell["pips"] == {"U": 2, "G": 2} and spell["cost"] == "{G}{G}{U}{U}"
    assert {n["colors"] for n in spell["needs"]} == {"U", "G"}
    assert set(spell["needs"][0]) == {
        "colors", "pips", "required", "sources", "land_sources", "probability", "target", "meets",
    }  # fmt: skip
    sim = spell["simulation"]
    assert set(sim) == {
        "p_on_curve", "ci", "on_curve", "p_on_curve_given_lands", "ci_given_lands", "lands_hit",
        "mean_delay", "delay_ci", "delays", "censored", "by_turn",
    }  # fmt: skip
    assert sim["ci"][0] <= sim["p_on_curve"] <= sim["ci"][1]
    assert list(sim["by_turn"]) == [str(t) for t in range(4, simulation.turns + 1)]
    assert data["worst"]["name"] == "Opt"
    assert data["land_count"]["recommended"] == summary.land_count.recommended
    assert data["what_ifs"][0]["change"] == "+1 Island"
    assert set(data["what_ifs"][0]) >= {"worst_before", "worst_after", "delta", "worst_spell"}
    assert set(data["simulation"]) >= {
        "games", "seed", "jobs", "turns", "elapsed", "games_per_second", "queries",
        "tapper_calls", "hit_rate", "boards", "mulligans",
    }  # fmt: skip
    assert sum(data["simulation"]["mulligans"].values()) == 300
    assert [c["mana_value"] for c in data["curve"]] == list(range(8))
    assert {c["color"] for c in data["colors"]} == {"U", "G"}
    comparison = data["model_vs_simulation"]
    assert set(comparison) == {
        "spells", "below_model", "largest_gap", "largest_gap_spell", "outside_given_lands", "note",
    }  # fmt: skip
    simulated = sum(1 for s in data["spells"] if "simulation" in s)
    assert comparison["spells"] == simulated and 0 <= comparison["below_model"] <= simulated


def test_json_without_a_simulation(report: tuple[DeckSummary, Simulation]) -> None:
    data = to_json(report[0])
    assert data["simulation"] is None and data["model_vs_simulation"] is None
    assert data["warnings"] == []
    assert sum(land["count"] for land in data["lands"]) == 23
    assert all("simulation" not in s for s in data["spells"])


def test_every_printed_statistic_is_a_real_rate(report: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = report
    broken = replace(simulation, queries=100, cache_misses=900)  # a "hit rate" of -800%
    assert broken.hit_rate < 0
    assert to_json(summary, broken)["simulation"]["hit_rate"] is None
    for text in (text_report(summary, broken), render_html(summary, broken, pictures=False)):
        assert "hit rate" not in text and "-800" not in text
    good = to_json(summary, simulation)["simulation"]["hit_rate"]
    assert good is None or 0 <= good <= 1


# -- the model against the simulation ---------------------------------------------


def test_the_model_and_the_simulation_are_compared(
    report: tuple[DeckSummary, Simulation],
) -> None:
    summary, simulation = report
    comparison = compare(summary, simulation)
    hullbreaker = simulation.spell("Hullbreaker Horror")
    # Karsten's model is conditional on the land drops; over all games a 7-drop is
    # cast on curve far less often
    assert summary.spell("Hullbreaker Horror").probability > hullbreaker.ci[1]
    assert comparison.below_model >= 1 and comparison.largest_gap > 0.2
    note = comparison.note
    assert "land drops" in note and "mulligans" in note and note.count(". ") <= 2
    text = text_report(summary, simulation)
    assert "Model against simulation: " + note[:40] in " ".join(text.split())
    # comparable figures side by side: the model, then the simulation given the lands
    row = next(line for line in text.splitlines() if "Hullbreaker Horror" in line)
    assert re.search(r"100\.0% +\d+\.\d%\*? +\d+\.\d% +\d+\.\d-\d+\.\d +\d\.\d\d$", row)


def test_no_note_when_they_agree(report: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = report
    same = replace(
        simulation,
        spells=tuple(
            replace(
                o,
                delays=(o.games, *([0] * (len(o.delays) - 1))),
                censored=0,
                lands_hit=o.games,
                lands_hit_on_curve=o.games,
            )
            for o in simulation.spells
        ),
    )
    ones = replace(summary, spells=tuple(replace(s, probability=1.0) for s in summary.spells))
    assert compare(ones, same).note == ""
    assert "Model against simulation" not in text_report(ones, same)


# -- text ----------------------------------------------------------------------------


def test_text_report_has_the_tables(report: tuple[DeckSummary, Simulation]) -> None:
    text = text_report(*report)
    for heading in ("Spells by the turn", "Mana curve", "Colors:", "Land count: 23 lands",
                    "What-ifs", "Simulation: 300 games"):  # fmt: skip
        assert heading in text
    assert re.search(r"^4 +Frilled Mystic +GGUU +U 18/16 G 23/16 ", text, re.M)
    assert re.search(r"^4 +Opt +U +U 12/13! ", text, re.M)  # one source short
    assert "turn 1 · target 90%" in text and "turn 7 · target 96%" in text
    assert format_table([["a", "bb"], ["ccc", "d"]], right=(1,)) == "a    bb\n---  --\nccc   d"


def test_text_lines_fit_100_columns(
    report: tuple[DeckSummary, Simulation], commander: tuple[DeckSummary, Simulation]
) -> None:
    for summary, simulation in (report, commander):
        for text in (text_report(summary, simulation), text_report(summary)):
            assert max(len(line) for line in text.splitlines()) <= WIDTH
            assert "Lands (" in text


def test_sources_have_one_decimal(commander: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = commander
    assert any(need.sources % 1 for s in summary.spells for need in s.needs)  # fractions
    text = text_report(summary, simulation)
    assert not re.search(r"\d\.\d{3,}", text)
    for match in re.finditer(r"\b[WUBRGC]{1,2} (\d+(?:\.\d+)?)/(\d+|-)", text):
        assert re.fullmatch(r"\d+(\.\d)?", match[1])


def test_a_commander_deck_is_100_cards_everywhere(
    commander_deck: Deck, commander: tuple[DeckSummary, Simulation]
) -> None:
    # CR 903.5a: a Commander deck is exactly 100 cards, its commander included; the
    # library is the other 99 (CR 903.6: the commander starts in the command zone).
    summary, simulation = commander
    assert (commander_deck.size, commander_deck.deck_size, summary.deck_size) == (99, 100, 100)
    assert summary.warnings == ()  # the legality check agrees: no deck-size warning
    assert "100 cards, 38 lands" in text_report(summary, simulation).splitlines()[0]
    assert to_json(summary, simulation)["deck"]["size"] == 100
    assert ">100 cards, 38 lands" in render_html(summary, simulation)
    assert all(w.deck_size == 100 for w in summary.what_ifs) and summary.what_ifs


def test_a_commander_deck_reads_well(commander: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = commander
    assert summary.deck_size == 100 and len(summary.spells) > PER_SPELL_LIMIT
    text = text_report(summary, simulation)
    headings = re.findall(r"^(?:commander, )?turn \d · target \d\d%$", text, re.M)
    assert 5 <= len(headings) <= 9
    assert "…" in text  # long names are cut, e.g. 'Jace, Architect of Thought'
    page = render_html(summary, simulation)
    assert page.count("<svg") == 6  # three charts, each for a wide and a narrow screen
    # the per-spell chart becomes one row per turn: no chart of 60 rows or lines
    spells_chart = re.search(r'<svg class="chart" id="chart-spells".*?</svg>', page, re.S)
    assert spells_chart is not None and spells_chart[0].count("<text") < 40


def test_ellipsis_and_numbers() -> None:
    assert ellipsis("Jace, Architect of Thought", 12) == "Jace, Archi…"
    assert ellipsis("Opt", 12) == "Opt"
    assert (number(14.6667), number(14.75), number(13.0), number(0.25)) == (
        "14.7", "14.8", "13", "0.3",
    )  # fmt: skip
    table = format_table(
        [["n", "card", "x"], ["1", "Jace, Architect of Thought", "9"], ["turn 2"]],
        right=(0,),
        width=16,
        flex=1,
    )
    assert table.splitlines() == [
        "n  card        x", "-  ----------  -", "1  Jace, Arc…  9", "turn 2",
    ]  # fmt: skip


# -- pictures ------------------------------------------------------------------------


def test_png_is_a_valid_picture_of_a_sensible_size(
    report: tuple[DeckSummary, Simulation], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana.analysis.reports.pictures import save_png

    path = tmp_path / "deck.png"
    save_png(*report, path)
    data = path.read_bytes()
    width, height = png_size(data)
    assert 800 <= width <= 1200 and 1000 <= height <= 2500
    assert 30_000 < len(data) < 2_000_000


def test_each_panel_and_no_simulation(report: tuple[DeckSummary, Simulation]) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana.analysis.reports.pictures import PANELS, panel_png

    for name in PANELS:
        width, height = png_size(panel_png(name, report[0], report[1]))
        assert width == 900 and height > 250
    png_size(panel_png("by_turn", report[0], None))
    png_size(panel_png("castability", report[0], None))
    from mtgmana import MtgManaError

    with pytest.raises(MtgManaError, match="unknown panel"):
        panel_png("pie", report[0])


def test_picture_axes_start_at_zero_with_few_series(
    commander: tuple[DeckSummary, Simulation],
) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana.analysis.reports.pictures import figure

    fig = figure(*commander)
    curve, castability, by_turn = fig.axes[:3]
    assert curve.get_ylim()[0] == 0
    assert castability.get_xlim() == (0, 100)
    assert by_turn.get_ylim() == (0, 100)
    assert 1 <= len(by_turn.get_lines()) <= 8
    legend = castability.get_legend()
    assert legend is not None and len(legend.get_texts()) <= 8


def test_without_matplotlib_png_says_how_to_install_it_and_html_works(
    report: tuple[DeckSummary, Simulation], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mtgmana.analysis.reports.pictures import PicturesUnavailable, require, save_png

    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(PicturesUnavailable, match=r'pip install "mtgmana\[plot\]"'):
        save_png(*report, tmp_path / "x.png")
    with pytest.raises(PicturesUnavailable, match=r'pip install "mtgmana\[plot\]"'):
        require()
    page = render_html(*report)
    assert page.count('<svg class="chart"') == 6 and "<table>" in page


def test_unwritable_picture_path(report: tuple[DeckSummary, Simulation], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana import MtgManaError
    from mtgmana.analysis.reports.pictures import save_png

    with pytest.raises(MtgManaError, match="can't write the picture"):
        save_png(*report, tmp_path / "no" / "such" / "dir.png")


# -- HTML ----------------------------------------------------------------------------


def test_html_is_self_contained(report: tuple[DeckSummary, Simulation]) -> None:
    page = render_html(*report)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # no network: nothing loaded from http(s) in src, href or CSS url()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page)
    assert not re.search(r"url\(\s*[\"']?\s*(?:https?:)?//", page)
    assert "<script" not in page and "<link" not in page and "<img" not in page
    # the mana font, embedded
    match = re.search(r'url\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\)', page)
    assert match is not None
    font = base64.b64decode(match[1])
    bundled = (importlib.resources.files("mtgmana") / "data" / "mana.woff2").read_bytes()
    assert font == bundled and font[:4] == b"wOF2"
    assert ".ms-cost" in page and ".ms-w::before" in page
    # three charts as inline SVG, axes from 0 to 100%
    charts = re.findall(r'<svg class="chart" id="([a-z-]+)"', page)
    wide = ["chart-spells", "chart-curve", "chart-turns"]
    assert charts == [name for chart in wide for name in (chart, chart + "-narrow")]
    narrow = re.search(r'<svg class="chart" id="chart-spells-narrow" viewBox="0 0 300 ', page)
    assert narrow is not None  # the phone's chart: 300 px, drawn at least at its size
    for chart in re.findall(r"<svg .*?</svg>", page, re.S):
        assert "<title" in chart
    turns = re.search(r'<svg class="chart" id="chart-turns".*?</svg>', page, re.S)
    assert turns is not None and ">0%</text>" in turns[0] and ">100%</text>" in turns[0]
    # mana symbols in the spell table
    assert '<i class="ms ms-cost ms-shadow ms-g" title="{G}"></i>' in page
    assert "Frilled Mystic" in page and "What-ifs" in page
    assert 'class="gap"' in page  # the model against the simulation
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page


def test_html_without_charts_or_simulation(report: tuple[DeckSummary, Simulation]) -> None:
    assert "<svg" not in render_html(report[0], report[1], pictures=False)
    page = render_html(report[0])
    assert page.count('<svg class="chart"') == 4  # no castability by turn (2 widths)
    assert "sim., all games" not in page


def test_html_escapes_text(report: tuple[DeckSummary, Simulation]) -> None:
    summary = replace(report[0], name="<script>alert(1)</script>")
    page = render_html(summary, None, pictures=False)
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_save_html(report: tuple[DeckSummary, Simulation], tmp_path: Path) -> None:
    path = tmp_path / "deck.html"
    save_html(report[0], report[1], path, pictures=False)
    assert "Simic Ramp" in path.read_text(encoding="utf-8")
    from mtgmana import MtgManaError

    with pytest.raises(MtgManaError, match="can't write the page"):
        save_html(report[0], report[1], tmp_path / "no" / "dir.html")


@pytest.mark.parametrize(
    "symbol, css",
    [("{W}", "ms-w"), ("{C}", "ms-c"), ("{2}", "ms-2"), ("{20}", "ms-20"), ("{X}", "ms-x"),
     ("{W/U}", "ms-wu"), ("{2/G}", "ms-2g"), ("{C/R}", "ms-cr"), ("{B/P}", "ms-bp"),
     ("{G/U/P}", "ms-gup"), ("{S}", "ms-s"), ("{T}", "ms-tap"), ("{½}", "ms-1-2"),
     ("{21}", None)],
)  # fmt: skip
def test_mana_symbol_classes_exist_in_the_bundled_css(symbol: str, css: str | None) -> None:
    assert symbol_class(symbol) == css
    if css is not None:
        sheet = (importlib.resources.files("mtgmana") / "data" / "mana-symbols.css").read_text()
        assert f".{css}::before" in sheet or f".{css}," in sheet or f".{css} " in sheet


def test_symbols_fall_back_to_text() -> None:
    assert symbols("{21}") == "<span>{21}</span>"


def test_the_font_license_is_bundled() -> None:
    data = importlib.resources.files("mtgmana") / "data"
    license_text = (data / "mana-font-LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in license_text
    assert "the MIT\nLicense" in license_text and "Permission is hereby granted" in license_text
    assert "Andrew Gioia" in license_text
    css = (data / "mana-symbols.css").read_text(encoding="utf-8")
    assert "@font-face" not in css and "http" not in css


# -- the command line ------------------------------------------------------------------


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    import mtgmana.cli

    try:
        status = mtgmana.cli.main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_text_fits_and_has_the_land_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "deck", "--example", "--games", "200")
    assert status == 0 and max(len(line) for line in out.splitlines()) <= WIDTH
    assert "Lands (23 cards)" in out and "Model against simulation" in out
    status, out, _ = run_cli(capsys, "deck", "--example", "--games", "200", "--json")
    data = json.loads(out)
    assert status == 0 and sum(land["count"] for land in data["lands"]) == 23


def test_cli_html_needs_no_matplotlib_and_png_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)
    page = tmp_path / "deck.html"
    status, out, err = run_cli(capsys, "deck", "--example", "--games", "100", "--html", str(page))
    assert status == 0 and f"wrote the page to {page}" in out
    assert page.read_text(encoding="utf-8").count('<svg class="chart"') == 6
    picture = tmp_path / "deck.png"
    # fails before simulating a million games
    status, out, err = run_cli(capsys, "deck", "--example", "--games", "1000000", "--png",
                               str(picture))  # fmt: skip
    assert status == 2 and out == "" and 'pip install "mtgmana[plot]"' in err
    assert not picture.exists()
