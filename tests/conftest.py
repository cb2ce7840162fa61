"""Shared test set-up: Hypothesis profiles, the shared reference data and the
coverage summary.

Profiles: ``ci`` by default (bounded and derandomized, so the whole suite stays well
under 10 minutes on 2 cores and gives the same result each run); ``thorough`` (2,000
random examples a test) and ``dev`` (100) when asked for with
``HYPOTHESIS_PROFILE=thorough|ci|dev``.
"""

from __future__ import annotations

import atexit
import gzip
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from card_records import bundled_records
from card_server import CardServer, running

settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow],
    derandomize=True, print_blob=True,
)  # fmt: skip
settings.register_profile("dev", max_examples=100, deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "ci"
"""The Hypothesis profile of this run (other bounded loops follow it too)."""
settings.load_profile(PROFILE)

# The tests never read or write the user's card data: the data directory is a fresh
# one for the session, and no card file is chosen by the environment (subprocesses
# inherit both).
_DATA_DIR = tempfile.mkdtemp(prefix="mtgmana-test-data-")
atexit.register(shutil.rmtree, _DATA_DIR, ignore_errors=True)
os.environ["MTGMANA_DATA_DIR"] = _DATA_DIR
os.environ.pop("MTGMANA_CARDS", None)


@pytest.fixture
def card_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data directory of its own for one test (``MTGMANA_DATA_DIR``), and the
    default card database chosen again before and after it."""
    from mtgmana.cards import use

    directory = tmp_path / "data"
    monkeypatch.setenv("MTGMANA_DATA_DIR", str(directory))
    monkeypatch.delenv("MTGMANA_CARDS", raising=False)
    use(None)
    yield directory
    monkeypatch.undo()
    use(None)


@pytest.fixture
def card_server() -> Iterator[CardServer]:
    """A local HTTP server for card data (127.0.0.1; see tests/card_server.py)."""
    yield from running()


SHARED = Path(__file__).resolve().parents[1].parent / "shared"
"""The read-only reference material (``../shared`` from the repository root): only
the tests that need all of it (the whole card corpus, the source files the vendored
copies were taken from) read it, and they are skipped without it."""

VENDORED = Path(__file__).resolve().parent / "data"
"""What the tests need of ../shared, small enough to keep in the repository
(tests/data/README.md says what each file is and where it comes from)."""


def shared_path(*parts: str) -> Path:
    """A path in ../shared/, skipping the test, saying how to get it, when it is not
    there (a clone of the repository on its own has no ../shared/)."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"needs ../shared/{'/'.join(parts)}, the shared reference data: clone the "
            f"repository beside it ({SHARED} is not there)"
        )
    return path


PRECONS = VENDORED / "decks" / "commander"
"""Every Commander precon of ../shared/decks/commander/ (Forge ``.dck``), vendored."""


def precon(name: str) -> Path:
    """A Commander precon of ../shared/decks/commander/, as vendored."""
    return PRECONS / name


@cache
def _corpus() -> tuple[dict[str, Any], ...]:
    path = shared_path("data", "cards.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return tuple(json.loads(line) for line in handle)


def corpus_records() -> Iterator[dict[str, Any]]:
    """Every record of ../shared/data/cards.jsonl.gz (skipping the test without it)."""
    return iter(_corpus())


def real_costs() -> set[str]:
    """Every distinct printed mana cost of the real cards (split halves separately),
    from the bundled database: the corpus's costs, verbatim (test_cards_database
    checks it is built from the corpus)."""
    costs: set[str] = set()
    for record in bundled_records():
        texts = [record.get("mana_cost", "")]
        texts += [face.get("mana_cost", "") for face in record.get("card_faces", [])]
        for text in texts:
            costs.update(part for part in text.split(" // ") if part)
    return costs


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """After pytest-cov's total: the coverage of lines and of branches, each."""
    plugin = terminalreporter.config.pluginmanager.getplugin("_cov")
    controller = getattr(plugin, "cov_controller", None)
    if controller is None or getattr(plugin, "cov_total", None) is None:
        return  # --no-cov, or no report
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "coverage.json"
        controller.cov.json_report(outfile=str(path), ignore_errors=True)
        totals = json.loads(path.read_text(encoding="utf-8"))["totals"]
    lines = totals["covered_lines"] / max(totals["num_statements"], 1)
    branches = totals["covered_branches"] / max(totals["num_branches"], 1)
    terminalreporter.write_line(
        f"coverage: lines {lines:.1%} ({totals['covered_lines']:,} of "
        f"{totals['num_statements']:,}), branches {branches:.1%} "
        f"({totals['covered_branches']:,} of {totals['num_branches']:,}); "
        f"together {totals['percent_covered']:.1f}%"
    )
