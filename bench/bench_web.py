"""Benchmark: ``mtgmana web`` (issue 21) — how fast the page answers.

**The local server** (in this process, on 127.0.0.1; a client reads the events as
they stream): for five 60-card decks and the five Commander precons of
tests/data/decks, an analysis of the deck (10,000 games, seed 0), then a change to
its lands (one copy of its most common land out) as the page sends it. Per
request: the seconds until Karsten's model is shown, until the first simulated
figures (a Commander deck's quick 1,000-game answer; a 60-card deck's whole
simulation) and until the final report. Targets: a change's first simulated
figures within 2 s (60 cards) and 5 s (Commander). Baseline, measured in the same
run: the whole analysis done in process, as ``mtgmana deck`` does it.

**The static site** (``mtgmana web --build`` with Pyodide, in the system Chromium,
served from a local folder; skipped, saying why, without Chromium, Playwright or
Pyodide's package at ``$MTGMANA_PYODIDE`` or .cache/pyodide/): the time until
Python is ready in a fresh browser (cold) and on a reload (files cached), and a
Commander precon's analysis in the browser (model, quick answer, final) and a
change to its lands; baseline: the same requests on the local server.

Run: ``python bench/bench_web.py``.
"""

from __future__ import annotations

import functools
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import report
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.summary import analyze
from mtgmana.web.server import HOST, WebServer
from mtgmana.web.site import TESTED_PYODIDE, build_site

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "tests" / "data" / "decks"
SIXTY = ["modern-jund.arena.txt", "modern-burn.mtgo.txt", "legacy-izzet-delver.moxfield.txt",
         "pioneer-azorius-control.archidekt.txt", "dominaria-draft-br.txt"]  # fmt: skip
COMMANDER = sorted(p.name for p in DECKS.glob("*.dck"))
GAMES = 10_000
PYODIDE = TESTED_PYODIDE

Times = dict[str, float]
"""Seconds from the request to each stage: ``model``, ``first`` (the first
simulated figures) and ``final``."""


@contextmanager
def serving(server: ThreadingHTTPServer) -> Iterator[int]:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()


def ask(port: int, request: dict[str, Any]) -> tuple[Times, dict[str, Any]]:
    """POST ``request``; the seconds to each stage and the final report."""
    body = json.dumps(request).encode()
    connection = http.client.HTTPConnection(HOST, port, timeout=600)
    start = time.perf_counter()
    connection.request("POST", "/api/analyze", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    times: Times = {}
    final: dict[str, Any] = {}
    for line in response:
        event = json.loads(line)
        if event["event"] == "error":
            raise SystemExit(f"the server refused the request: {event['error']}")
        if event["event"] != "report":
            continue
        now = time.perf_counter() - start
        times.setdefault(event["stage"], now)
        if event["report"]["simulation"] is not None:
            times.setdefault("first", now)
        final = event["report"]
    connection.close()
    return times, final


def a_change(report: dict[str, Any]) -> dict[str, int]:
    """One copy of the deck's most common land out."""
    land = max(report["lands"], key=lambda row: row["count"])
    return {land["name"]: -1}


def in_process(text: str) -> float:
    start = time.perf_counter()
    deck = Deck.parse(text)
    analyze(deck)
    simulate(deck, games=GAMES, seed=0)
    return time.perf_counter() - start


def local_server() -> dict[str, float]:
    """Part one (see the module); the medians of each kind, for part two."""
    found: dict[str, list[float]] = {}
    with WebServer(0) as server, serving(server) as port:
        for kind, names, target in (("60-card", SIXTY, 2.0), ("Commander", COMMANDER, 5.0)):
            print(f"  {kind} decks, {GAMES:,} games: seconds to the model / the first "
                  "simulated figures / the final report")  # fmt: skip
            for name in names:
                text = (DECKS / name).read_text(encoding="utf-8-sig")
                whole = in_process(text)
                first, report_json = ask(port, {"text": text, "games": GAMES})
                changed, _ = ask(port, {"text": text, "games": GAMES,
                                        "changes": a_change(report_json)})  # fmt: skip
                for key, value in (("whole", whole), ("first", first["first"]),
                                   ("change", changed["first"]), ("model", changed["model"]),
                                   ("final", changed["final"])):  # fmt: skip
                    found.setdefault(f"{kind} {key}", []).append(value)
                print(
                    f"    {name:<40} analysis {first['model']:.2f} / {first['first']:.2f} / "
                    f"{first['final']:.2f}; change {changed['model']:.2f} / "
                    f"{changed['first']:.2f} / {changed['final']:.2f}; in process {whole:.2f}"
                )
            median = {k: statistics.median(v) for k, v in found.items() if k.startswith(kind)}
            worst = max(found[f"{kind} change"])
            report(f"{kind}: a change's first simulated figures (median / worst)",
                   f"{median[f'{kind} change']:.2f} / {worst:.2f} s", f"<= {target:g} s",
                   worst <= target)  # fmt: skip
            report(f"{kind}: a change's model figures (median)",
                   f"{median[f'{kind} model']:.2f} s", "—", True)  # fmt: skip
            ratio = median[f"{kind} change"] / median[f"{kind} whole"]
            report(f"{kind}: ... against the whole analysis in process",
                   f"{median[f'{kind} whole']:.2f} s, x{ratio:.2f}", "—", True)  # fmt: skip
    return {k: statistics.median(v) for k, v in found.items()}


def pyodide_package() -> Path | None:
    named = os.environ.get("MTGMANA_PYODIDE")
    path = Path(named) if named else ROOT / ".cache" / "pyodide" / f"pyodide-{PYODIDE}.tgz"
    return path if path.exists() else None


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def _stage_times(page: Any, text: str, changes: bool) -> Times:
    """Analyse in the page (or, with ``changes``, click a land's −1) and time it."""
    start = time.perf_counter()
    times: Times = {}
    if changes:
        if not page.is_visible("#land-table"):
            page.click("#land-list summary")
        page.locator("#land-table button").first.click()
    else:
        page.fill("#decklist", text)
        page.click("#analyze")
    for stage, selector in (("model", "body:not([data-stage=asked])"),
                            ("first", "body[data-simulated=yes]"),
                            ("final", "body[data-state=done]")):  # fmt: skip
        page.wait_for_selector(selector, timeout=600_000, state="attached")
        times[stage] = time.perf_counter() - start
    return times


def static_site(native: dict[str, float]) -> None:
    """Part two (see the module)."""
    package = pyodide_package()
    if package is None:
        print(f"  static site: skipped (no Pyodide: npm pack pyodide@{PYODIDE} "
              "--pack-destination .cache/pyodide, or set MTGMANA_PYODIDE)")  # fmt: skip
        return
    if not Path("/usr/bin/chromium").exists():
        print("  static site: skipped (no /usr/bin/chromium: apt-get install chromium)")
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("  static site: skipped (no playwright: pip install playwright)")
        return
    with tempfile.TemporaryDirectory() as folder:
        built = build_site(folder, package)
        handler = functools.partial(_Quiet, directory=folder)
        server = ThreadingHTTPServer((HOST, 0), handler)
        with serving(server) as port, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page()
            url = f"http://{HOST}:{port}/"
            loads: list[float] = []
            for _ in range(3):  # cold (a new browser's empty cache), then reloads
                start = time.perf_counter()
                page.goto(url) if not loads else page.reload()
                page.wait_for_selector("#app-foot[data-loaded]", timeout=300_000)
                loads.append(time.perf_counter() - start)
            print(f"  static site: {built.size / 1e6:.1f} MB (Pyodide {built.pyodide})")
            report("static site: Python ready, cold / reloaded",
                   f"{loads[0]:.1f} / {statistics.median(loads[1:]):.1f} s", "—", True)  # fmt: skip
            page.click("details.options summary")
            name = "arcane-maelstrom-c20.dck"
            text = (DECKS / name).read_text(encoding="utf-8")
            first = _stage_times(page, text, changes=False)
            change = _stage_times(page, text, changes=True)
            browser.close()
    print(f"    {name}: analysis {first['model']:.2f} / {first['first']:.2f} / "
          f"{first['final']:.2f} s; change {change['model']:.2f} / {change['first']:.2f} / "
          f"{change['final']:.2f} s (model / first simulated figures / final)")  # fmt: skip
    report("static site: a Commander analysis, first figures / final",
           f"{first['first']:.1f} / {first['final']:.1f} s", "—", True)  # fmt: skip
    report("static site: a change's first simulated figures",
           f"{change['first']:.1f} s", "—", True)  # fmt: skip
    report("static site: ... against the local server (median of 5 precons)",
           f"x{change['first'] / native['Commander change']:.1f}", "—", True)  # fmt: skip


def main() -> None:
    print("mtgmana web: the local server")
    native = local_server()
    print("mtgmana web --build: the static site in Chromium")
    static_site(native)


if __name__ == "__main__":
    main()
