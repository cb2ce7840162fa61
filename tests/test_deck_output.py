"""Deck report output (issue 6): JSON with every figure, text tables, PNG pictures
(valid files of a sensible size), and the self-contained HTML page (no network
URLs, the mana font embedded, mana symbols drawn with it)."""

from __future__ import annotations

import base64
import importlib.resources
import json
import re
import struct
import sys
from pathlib import Path

import pytest

from mtgmana.analysis.deck import Deck, DeckSummary, analyze
from mtgmana.analysis.html import render_html, save_html, symbol_class, symbols
from mtgmana.analysis.report import format_table, text_report, to_json
from mtgmana.analysis.simulate import Simulation, simulate

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def report() -> tuple[DeckSummary, Simulation]:
    deck = Deck.example()
    return analyze(deck, what_ifs=3, changes=["+1 Island"]), simulate(deck, games=300, seed=1)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# -- JSON ----------------------------------------------------------------------------


def test_json_has_every_figure(report: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = report
    data = to_json(summary, simulation)
    json.dumps(data, allow_nan=False)  # plain JSON
    assert set(data) == {
        "deck", "spells", "worst", "curve", "colors", "land_count", "what_ifs",
        "simulation", "notes",
    }  # fmt: skip
    assert data["deck"] == {
        "name": "Simic Ramp (example)", "size": 60, "lands": 23, "colors": "UG",
        "commander": False, "on_the_draw": False,
    }  # fmt: skip
    assert len(data["spells"]) == len(summary.spells) == 11
    spell = next(s for s in data["spells"] if s["name"] == "Frilled Mystic")
    assert set(spell) >= {
        "name", "count", "zone", "kind", "cost", "mana_value", "turn", "pips", "target",
        "probability", "meets", "needs", "simulation",
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


def test_json_without_a_simulation(report: tuple[DeckSummary, Simulation]) -> None:
    data = to_json(report[0])
    assert data["simulation"] is None
    assert all("simulation" not in s for s in data["spells"])


def test_text_report_has_the_tables(report: tuple[DeckSummary, Simulation]) -> None:
    text = text_report(*report)
    for heading in ("Spells:", "Mana curve", "Colors:", "Land count: 23 lands", "What-ifs",
                    "Simulation: 300 games"):  # fmt: skip
        assert heading in text
    assert "4 Frilled Mystic" in text and "{G}{G}{U}{U}" in text
    assert "U 12/13 !" in text  # Opt is one source short
    assert format_table([["a", "bb"], ["ccc", "d"]], right=(1,)) == "a    bb\n---  --\nccc   d"


# -- pictures ------------------------------------------------------------------------


def test_png_is_a_valid_picture_of_a_sensible_size(
    report: tuple[DeckSummary, Simulation], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana.analysis.pictures import save_png

    path = tmp_path / "deck.png"
    save_png(*report, path)
    data = path.read_bytes()
    width, height = png_size(data)
    assert 800 <= width <= 1200 and 1000 <= height <= 2500
    assert 30_000 < len(data) < 2_000_000


def test_each_panel_and_no_simulation(report: tuple[DeckSummary, Simulation]) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana.analysis.pictures import PANELS, panel_png

    for name in PANELS:
        width, height = png_size(panel_png(name, report[0], report[1]))
        assert width == 900 and height > 250
    png_size(panel_png("by_turn", report[0], None))
    from mtgmana import MtgManaError

    with pytest.raises(MtgManaError, match="unknown panel"):
        panel_png("pie", report[0])


def test_without_matplotlib_pictures_say_how_to_install_it(
    report: tuple[DeckSummary, Simulation], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mtgmana.analysis.pictures import PicturesUnavailable, save_png

    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(PicturesUnavailable, match=r'pip install "mtgmana\[plot\]"'):
        save_png(*report, tmp_path / "x.png")
    with pytest.raises(PicturesUnavailable):
        render_html(*report)
    assert "<table>" in render_html(*report, pictures=False)


def test_unwritable_picture_path(report: tuple[DeckSummary, Simulation], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from mtgmana import MtgManaError
    from mtgmana.analysis.pictures import save_png

    with pytest.raises(MtgManaError, match="can't write the picture"):
        save_png(*report, tmp_path / "no" / "such" / "dir.png")


# -- HTML ----------------------------------------------------------------------------


def test_html_is_self_contained(report: tuple[DeckSummary, Simulation]) -> None:
    pytest.importorskip("matplotlib")
    page = render_html(*report)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # no network: nothing loaded from http(s) in src, href or CSS url()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page)
    assert not re.search(r"url\(\s*[\"']?\s*(?:https?:)?//", page)
    assert "<script" not in page and "<link" not in page
    # the mana font, embedded
    match = re.search(r'url\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\)', page)
    assert match is not None
    font = base64.b64decode(match[1])
    bundled = (importlib.resources.files("mtgmana") / "data" / "mana.woff2").read_bytes()
    assert font == bundled and font[:4] == b"wOF2"
    assert ".ms-cost" in page and ".ms-w::before" in page
    # three pictures as PNG data URIs
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 3
    for image in images:
        png_size(base64.b64decode(image))
    # mana symbols in the spell table
    assert '<i class="ms ms-cost ms-shadow ms-g" title="{G}"></i>' in page
    assert "Frilled Mystic" in page and "What-ifs" in page


def test_html_escapes_text(report: tuple[DeckSummary, Simulation]) -> None:
    from dataclasses import replace

    summary = replace(report[0], name="<script>alert(1)</script>")
    page = render_html(summary, None, pictures=False)
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_save_html(report: tuple[DeckSummary, Simulation], tmp_path: Path) -> None:
    path = tmp_path / "deck.html"
    save_html(report[0], report[1], path, pictures=False)
    assert "Simic Ramp" in path.read_text(encoding="utf-8")


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
