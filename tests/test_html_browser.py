"""The HTML report in a real browser: Playwright drives the system Chromium
(``/usr/bin/chromium``; skipped without it or without the ``playwright`` package —
``pip install playwright``, the Python package only: it uses the system browser).

At a desktop width (1280 px) and a phone's (390 px), for the example deck and two
Commander precons (one of five colors): the page never scrolls sideways, every
chart is a visible SVG of a sensible size, drawn at least at its own size (the
phone gets its narrow version), the mana symbols are drawn with the embedded font,
nothing is fetched from the network and nothing is logged as an error; no text is
under 12 px or cut by a chart's edge, text has WCAG AA contrast, every scrolling
frame has a label and keyboard focus, and a table frame that scrolls is shaded at
the edge it scrolls towards (:mod:`browser_checks`). Screenshots
of both widths are written (to ``$MTGMANA_SCREENSHOTS`` if set, else a temporary
directory) for people to look at.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_checks import chromium, layout_problems, screenshot_folder, scroll_cues
from conftest import precon
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.reports.html import save_html
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.summary import analyze
from test_deck_output import commander_text

pytestmark = pytest.mark.browser

PAINBOW = precon("painbow-dmc.dck")
"""Five colors: its castability table is wider than a phone, and scrolls."""

WIDTHS = (1280, 390)

_PAGE_FACTS = """() => {
  const root = document.documentElement;
  const shown = svg => svg.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const charts = [...document.querySelectorAll("svg.chart")].filter(shown).map(svg => {
    const box = svg.getBoundingClientRect();
    return {id: svg.id, width: box.width, height: box.height, right: box.right,
            view: svg.viewBox.baseVal.width};
  });
  const symbol = document.querySelector("i.ms");
  const boxes = [...document.querySelectorAll(".scroll")].map(
    box => box.getBoundingClientRect().right);
  return {
    scrollWidth: root.scrollWidth, bodyScrollWidth: document.body.scrollWidth,
    innerWidth: window.innerWidth, charts, boxes,
    fonts: [...document.fonts].map(face => [face.family.replaceAll('"', ""), face.status]),
    manaReady: document.fonts.check('16px "Mana"'),
    symbolFont: symbol ? getComputedStyle(symbol).fontFamily : "",
    symbolGlyph: symbol ? getComputedStyle(symbol, "::before").content : "",
    symbols: document.querySelectorAll("i.ms").length,
  };
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    found = {}
    for name, deck, games in (
        ("example", Deck.example(), 300),
        ("commander", Deck.parse(commander_text()), 40),
        ("painbow", Deck.parse(PAINBOW.read_text(encoding="utf-8")), 40),
    ):
        path = folder / f"{name}.html"
        save_html(analyze(deck, what_ifs=4), simulate(deck, games=games, seed=4), path)
        found[name] = path
    return found


@pytest.mark.parametrize("deck", ["example", "commander", "painbow"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_in_a_browser(
    browser: Any, pages: dict[str, Path], deck: str, width: int, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        errors: list[str] = []
        requests: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: requests.append(request.url))
        page.goto(pages[deck].as_uri(), wait_until="load")
        page.evaluate("document.fonts.ready.then(() => true)")
        facts = page.evaluate(_PAGE_FACTS)
        problems = layout_problems(page)
        shot = screenshot_folder(tmp_path) / f"{deck}-{width}.png"
        page.screenshot(path=str(shot), full_page=True)
        cues = scroll_cues(page)
    finally:
        context.close()
    # no sideways scrolling of the page: wide tables scroll inside their box
    assert facts["innerWidth"] == width
    assert facts["scrollWidth"] <= width and facts["bodyScrollWidth"] <= width
    assert all(right <= width + 0.5 for right in facts["boxes"])
    # every chart drawn once, within the screen, the phone's version on a phone
    names = ["chart-spells", "chart-curve", "chart-turns"]
    suffix = "-narrow" if width < 500 else ""
    assert [c["id"] for c in facts["charts"]] == [name + suffix for name in names]
    for chart in facts["charts"]:
        assert 200 <= chart["width"] <= width and chart["height"] >= 150, chart
        assert chart["right"] <= width + 0.5, chart
        assert chart["width"] >= chart["view"] - 0.5, chart  # never drawn smaller
    # text of 12 px or more (charts as drawn), none cut, contrast, labels, and the
    # frames of tables that don't fit show that they scroll
    assert problems == []
    assert cues == []
    # mana symbols with the embedded font
    assert ["Mana", "loaded"] in facts["fonts"] and facts["manaReady"]
    assert facts["symbols"] > 10 and "Mana" in facts["symbolFont"]
    assert facts["symbolGlyph"] not in ("", "none", "normal")
    # nothing from the network, no errors
    assert [url for url in requests if not url.startswith(("file:", "data:"))] == []
    assert errors == []
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", data[16:20])[0] == width
