"""Shared test set-up: Hypothesis profiles and the shared reference data.

Profiles: ``thorough`` locally (many examples), ``ci`` when the CI variable is set
(bounded, so the whole suite stays well under 10 minutes on 2 cores). Choose one
with ``HYPOTHESIS_PROFILE=thorough|ci|dev``.
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

from card_server import CardServer, running

settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow],
    derandomize=True, print_blob=True,
)  # fmt: skip
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "thorough")
)

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
"""The read-only reference material (``../shared`` from the repository root)."""


def shared_path(*parts: str) -> Path:
    """A path in ../shared/, skipping the test when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference data not found: {path}")
    return path


@cache
def _corpus() -> tuple[dict[str, Any], ...]:
    path = shared_path("data", "cards.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return tuple(json.loads(line) for line in handle)


def corpus_records() -> Iterator[dict[str, Any]]:
    """Every record of ../shared/data/cards.jsonl.gz."""
    return iter(_corpus())


def corpus_costs() -> set[str]:
    """Every distinct printed mana cost in the corpus (split halves separately)."""
    costs: set[str] = set()
    for record in _corpus():
        texts = [record.get("mana_cost", "")]
        texts += [face.get("mana_cost", "") for face in record.get("card_faces", [])]
        for text in texts:
            costs.update(part for part in text.split(" // ") if part)
    return costs
