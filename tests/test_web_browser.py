"""``mtgmana web`` in a real browser (Playwright and the system Chromium), at a
desktop's 1280×800 and a phone's 390×844: the local server's page, and the static
site of ``mtgmana web --build`` served from a local folder, running mtgmana in
Pyodide.

Each test drives the page as a person would — paste (or the example button),
Analyze, read the table; change a land (a button, the swap form, a suggested
what-if, undo); an unknown card fixed by clicking its suggestion; the keyboard
alone — and checks on every page: no console error, no request outside the
page's own origin, no sideways scroll, text of 12 px or more with WCAG contrast,
labels on every control (:mod:`browser_checks`), and that the figures shown and
downloaded are exactly ``mtgmana deck --json``'s for the same deck and seed.
Screenshots of both widths go to ``$MTGMANA_SCREENSHOTS`` (else a temporary
folder).

The static site needs Pyodide's npm package, found at ``$MTGMANA_PYODIDE`` or
``.cache/pyodide/pyodide-<version>.tgz`` (what ``.ci/run`` fetches with ``npm
pack``); without it that test is skipped and says how to get it.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from browser_checks import VIEWPORTS, chromium, layout_problems, screenshot_folder, scroll_cues
from cli_helpers import run_json as cli_json
from conftest import precon
from mtgmana.analysis.decks import Deck, example_text
from mtgmana.analysis.reports.charts import display_name
from mtgmana.analysis.reports.report_data import percent
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.summary import analyze
from mtgmana.web.server import WebServer
from mtgmana.web.site import TESTED_PYODIDE, build_site
from mtgmana.web.wheel import wheel_name
from test_web_service import without_timing

pytestmark = pytest.mark.browser

PYODIDE_VERSION = TESTED_PYODIDE
"""The Pyodide the tests and .ci/run use (npm package ``pyodide``)."""

COMMANDER = precon("lands-wrath-znc.dck")
"""A real Commander precon whose simulation is quick."""

SEED = 7
GAMES = 1500
"""Games per analysis in these tests: over 1,000, so a Commander deck gets its
quick first answer and then the refined one."""


def pyodide_source() -> Path:
    """Pyodide's npm package, or a skip saying how to get it."""
    named = os.environ.get("MTGMANA_PYODIDE")
    root = Path(__file__).resolve().parents[1]
    path = Path(named) if named else root / ".cache" / "pyodide" / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not path.exists():
        pytest.skip(
            f"Pyodide is not here ({path}): run 'npm pack pyodide@{PYODIDE_VERSION} "
            "--pack-destination .cache/pyodide' (.ci/run does) or set MTGMANA_PYODIDE"
        )
    return path


class _Quiet(SimpleHTTPRequestHandler):
    """A static host for the built site (the standard library's file server)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _serve(server: ThreadingHTTPServer) -> Iterator[str]:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@pytest.fixture(scope="module")
def local() -> Iterator[str]:
    """``mtgmana web``'s server on a free port: its address."""
    yield from _serve(WebServer(0))


@pytest.fixture(scope="module")
def static(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site in a folder, served by a plain static file server."""
    folder = tmp_path_factory.mktemp("site")
    build_site(folder, pyodide_source())
    handler = functools.partial(_Quiet, directory=str(folder))
    yield from _serve(ThreadingHTTPServer(("127.0.0.1", 0), handler))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


class Page:
    """A page of the site at one viewport, with what went wrong while it ran."""

    def __init__(self, browser: Any, url: str, viewport: tuple[int, int]) -> None:
        width, height = viewport
        self.context = browser.new_context(viewport={"width": width, "height": height},
                                           accept_downloads=True)  # fmt: skip
        self.width = width
        self.errors: list[str] = []
        self.outside: list[str] = []
        origin = url.rstrip("/")

        self.seen: list[str] = []

        def request(r: Any) -> None:
            self.seen.append(r.url)
            if not r.url.startswith((origin, "data:", "blob:")):
                self.outside.append(r.url)

        self.context.on("request", request)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("crash", lambda _: self.errors.append("the page crashed"))
        self.page.goto(url, wait_until="load")

    def close(self) -> None:
        self.context.close()

    def options(self, games: int = GAMES, seed: int = 0) -> None:
        self.page.click("details.options summary")
        self.page.fill("#games", str(games))
        self.page.fill("#seed", str(seed))

    def finished(self, timeout: float = 180_000) -> str:
        """Wait for the analysis to end; ``"done"`` or ``"error"``."""
        self.page.wait_for_selector("body[data-state=done], body[data-state=error]",
                                    timeout=timeout)  # fmt: skip
        state: str = self.page.get_attribute("body", "data-state")
        return state

    def analyse(self, text: str) -> None:
        self.page.fill("#decklist", text)
        self.page.click("#analyze")
        assert self.finished() == "done", self.page.inner_text("#problems")

    def downloaded(self, link: str) -> bytes:
        with self.page.expect_download() as info:
            self.page.click(link)
        return Path(info.value.path()).read_bytes()

    def shown_figures(self) -> dict[str, tuple[str, ...]]:
        """Per row of the castability table: its numbers, as shown."""
        rows: dict[str, list[str]] = self.page.evaluate(_TABLE)
        return {name: tuple(cell.strip() for cell in cells) for name, cells in rows.items()}

    def check(self, tmp_path: Path, name: str) -> None:
        """The checks of every page (see the module), and its screenshot."""
        shot = screenshot_folder(tmp_path) / f"{name}-{self.width}.png"
        self.page.screenshot(path=str(shot), full_page=True)
        assert layout_problems(self.page) == []
        assert scroll_cues(self.page) == []
        assert self.errors == [] and self.outside == []


_TABLE = """() => Object.fromEntries(
  [...document.querySelectorAll("#report [aria-label='castability per spell'] tr")]
    .filter(row => row.querySelector("td.name"))
    .map(row => [row.querySelector("td.name").firstChild.textContent.trim(),
                 [...row.querySelectorAll("td.num")].map(td => td.firstChild.textContent)]))
"""


def expected_figures(text: str, games: int, seed: int) -> dict[str, tuple[str, ...]]:
    """What the castability table must show for the deck, from the library's own
    figures (unrounded, as the page formats them): the model, and the
    simulation's two figures and mean delay."""
    deck = Deck.parse(text)
    summary, simulation = analyze(deck), simulate(deck, games=games, seed=seed)
    odds = {o.name: o for o in simulation.spells}
    found = {}
    for spell in summary.spells:
        label = display_name(spell.name)
        if spell.zone == "main":
            label = f"{spell.count} {label}"
        cells = [percent(spell.probability)]
        if spell.name in odds:
            o = odds[spell.name]
            given = percent(o.p_on_curve_given_lands) if o.lands_hit else "–"
            cells += [given, percent(o.p_on_curve), f"{o.mean_delay:.2f}"]
        found[label] = tuple(cells)
    return found


def same_figures(shown: dict[str, tuple[str, ...]], expected: dict[str, tuple[str, ...]]) -> None:
    assert set(shown) == set(expected)
    for name, cells in expected.items():
        assert shown[name][0] == cells[0], name
        if len(cells) > 1:  # the starred figures outside the model's interval end in '*'
            assert shown[name][1].rstrip("*") == cells[1] and shown[name][2:] == cells[2:], name


@pytest.fixture(params=VIEWPORTS, ids=lambda v: f"{v[0]}px")
def viewport(request: pytest.FixtureRequest) -> tuple[int, int]:
    value: tuple[int, int] = request.param
    return value


# -- the local server -----------------------------------------------------------------


def test_paste_analyse_and_read_the_table(
    browser: Any, local: str, viewport: tuple[int, int], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = COMMANDER
    page = Page(browser, local, viewport)
    try:
        page.options(seed=SEED)
        page.analyse(path.read_text(encoding="utf-8"))
        assert page.page.inner_text("#report h1") == "Land's Wrath [ZNC] [2020]"
        report = json.loads(page.downloaded("#download-json"))
        shown = page.shown_figures()
        page.check(tmp_path, "web-commander")
    finally:
        page.close()
    status, cli = cli_json(capsys, "deck", str(path), "--games", str(GAMES), "--seed", str(SEED))
    assert status == 0 and without_timing(report) == without_timing(cli)
    same_figures(shown, expected_figures(path.read_text(encoding="utf-8"), GAMES, SEED))


def test_the_example_and_changes_to_its_lands(
    browser: Any, local: str, viewport: tuple[int, int], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    page = Page(browser, local, viewport)
    p = page.page
    try:
        page.options()
        p.click("#example")
        assert page.finished() == "done"
        assert p.input_value("#decklist").strip() == example_text().strip()
        before = json.loads(page.downloaded("#download-json"))
        forests = {row["name"]: row["count"] for row in before["lands"]}["Forest"]
        if not p.is_visible("#land-table"):
            p.click("#land-list summary")  # closed on a phone
        p.click("button[aria-label='remove one Forest']")
        assert page.finished() == "done"
        assert p.inner_text("#change-list") == "−1 Forest"
        assert "lands: 23 → 22" in p.inner_text("#change-figures")
        after = json.loads(page.downloaded("#download-json"))
        lands = {row["name"]: row["count"] for row in after["lands"]}
        assert lands["Forest"] == forests - 1 and after["deck"]["lands"] == 22
        # the changed list, through the CLI, gives the same figures
        changed = tmp_path / "changed.txt"
        changed.write_bytes(page.downloaded("#download-list"))
        # a swap typed by hand (any case), then a suggested what-if, then undo
        p.select_option("#swap-out", "Island")
        p.fill("#swap-in", "breeding pool")
        p.click("#swap-form button[type=submit]")
        assert page.finished() == "done"
        assert p.inner_text("#change-list").split("\n") == [
            "−1 Forest",
            "−1 Island, +1 Breeding Pool",
        ]
        suggestion = p.locator("#suggested button").first
        label = suggestion.get_attribute("aria-label")
        suggestion.click()
        assert page.finished() == "done"
        assert label is not None
        made = p.inner_text("#change-list").replace("−", "-").split("\n")
        assert made[-1] == label.removeprefix("apply ") and len(made) == 3
        p.click("#undo")
        p.click("#undo")
        assert page.finished() == "done"
        assert p.inner_text("#change-list") == "−1 Forest"
        page.check(tmp_path, "web-changes")
    finally:
        page.close()
    status, cli = cli_json(capsys, "deck", str(changed), "--games", str(GAMES), "--seed", "0")
    assert status == 0 and without_timing(after) == without_timing(cli)


def test_an_unknown_card_and_its_fix(
    browser: Any, local: str, viewport: tuple[int, int], tmp_path: Path
) -> None:
    text = "4 Lightnig Bolt\n4 Goblin Guide\n20 Mountain\n4 Monastery Swiftspear\n28 Shok\n"
    page = Page(browser, local, viewport)
    p = page.page
    try:
        page.options(games=300)
        p.fill("#decklist", text)
        p.click("#analyze")
        assert page.finished() == "error"
        problems = p.inner_text("#problems")
        assert "2 unknown card names" in problems and "line 1: “Lightnig Bolt”" in problems
        page.check(tmp_path, "web-unknown")
        p.click("button[aria-label='replace Lightnig Bolt on line 1 with Lightning Bolt']")
        assert page.finished() == "error"
        assert "line 5: “Shok”" in p.inner_text("#problems")
        assert "Lightnig" not in p.inner_text("#problems")
        p.click("button[aria-label='replace Shok on line 5 with Shock']")
        assert page.finished() == "done"
        assert p.input_value("#decklist") == text.replace("Lightnig", "Lightning").replace(
            "Shok", "Shock"
        )
        assert p.is_hidden("#problems") and "Lightning Bolt" in p.inner_text("#report")
        assert page.errors == []
    finally:
        page.close()


_FOCUSED = """() => {
  const focused = document.activeElement;
  if (focused.tagName === "SUMMARY") return focused.parentElement.id || "summary";
  return focused.getAttribute("aria-label") || focused.id;
}"""


def test_the_keyboard_alone(browser: Any, local: str, tmp_path: Path) -> None:
    page = Page(browser, local, (390, 844))
    p = page.page
    try:
        p.focus("#decklist")
        p.keyboard.insert_text("20 Forest\n20 Island\n20 Growth Spiral\n")
        p.keyboard.press("Tab")
        assert p.evaluate("document.activeElement.id") == "analyze"
        p.keyboard.press("Enter")
        assert page.finished() == "done"
        # every control can be reached with Tab, and a change made with Enter
        reached = set()
        for _ in range(60):
            p.keyboard.press("Tab")
            focused = p.evaluate(_FOCUSED)
            reached.add(focused)
            if focused == "land-list" and not p.is_visible("#land-table"):
                p.keyboard.press("Enter")  # the list of lands starts closed on a phone
            if focused == "remove one Island":
                break
        assert {"example", "file"} <= reached
        assert "remove one Island" in reached
        p.keyboard.press("Enter")
        assert page.finished() == "done"
        assert p.inner_text("#change-list") == "−1 Island"
        assert page.errors == []
    finally:
        page.close()


# -- the static site ------------------------------------------------------------------


def test_the_static_site_runs_mtgmana_in_the_browser(
    browser: Any, static: str, viewport: tuple[int, int], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = COMMANDER
    page = Page(browser, static, viewport)
    p = page.page
    try:
        p.wait_for_selector("#app-foot[data-loaded]", timeout=180_000)  # Python is ready
        page.options(seed=SEED)
        page.analyse(path.read_text(encoding="utf-8"))
        report = json.loads(page.downloaded("#download-json"))
        shown = page.shown_figures()
        if not p.is_visible("#land-table"):
            p.click("#land-list summary")
        p.click("button[aria-label='remove one Plains']")
        assert page.finished() == "done"
        assert p.inner_text("#change-list") == "−1 Plains"
        page.check(tmp_path, "site-commander")
        # the worker's requests are seen too (and all went to the site itself)
        for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", wheel_name()):
            assert static + name in page.seen
    finally:
        page.close()
    status, cli = cli_json(capsys, "deck", str(path), "--games", str(GAMES), "--seed", str(SEED))
    assert status == 0 and without_timing(report) == without_timing(cli)
    same_figures(shown, expected_figures(path.read_text(encoding="utf-8"), GAMES, SEED))


@pytest.mark.parametrize("backend", ["local", "static"])
def test_a_change_while_the_whole_simulation_runs(
    browser: Any, backend: str, request: pytest.FixtureRequest
) -> None:
    """A change made during a Commander deck's whole simulation is answered at
    once: the server's analysis is dropped, the browser's worker restarted; no
    figure of the old request shows after the new one's."""
    url = request.getfixturevalue(backend)
    page = Page(browser, url, VIEWPORTS[0])
    p = page.page
    try:
        if backend == "static":
            p.wait_for_selector("#app-foot[data-loaded]", timeout=180_000)
        page.options(games=6000)
        p.fill("#decklist", COMMANDER.read_text(encoding="utf-8"))
        p.click("#analyze")
        p.wait_for_selector("body[data-stage=quick]", state="attached", timeout=180_000)
        p.click("button[aria-label='remove one Plains']")
        assert page.finished() == "done"
        assert p.inner_text("#change-list") == "−1 Plains"
        report = json.loads(page.downloaded("#download-json"))
        # 100 cards less a Plains (CR 903.5a: the commander counts)
        assert report["simulation"]["games"] == 6000 and report["deck"]["size"] == 99
        p.wait_for_timeout(500)  # nothing of the first request comes after
        assert p.get_attribute("body", "data-state") == "done"
        assert "lands: 37 → 36" in p.inner_text("#change-figures")
        assert page.errors == [] and page.outside == []
    finally:
        page.close()
