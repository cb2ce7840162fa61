"""The project's own contract: the README's commands, CI, typing and lint."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    command = ci[-1]
    assert command == 'python -m pip install -e ".[test]" && python -m pytest'
    assert f"\n{command}\n" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_package_ships_py_typed_and_its_data() -> None:
    package = ROOT / "src" / "mtgmana"
    assert (package / "py.typed").exists()
    assert (package / "data" / "cards.jsonl.gz").exists()


def test_module_docstrings_cite_the_rules() -> None:
    """Every public module says which rules it implements or what it is for."""
    package = ROOT / "src" / "mtgmana"
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert text.lstrip().startswith('"""'), f"{path} has no module docstring"
        if not path.name.startswith("_") and path.parent.name != "cli":
            assert "__all__" in text, f"{path} has no __all__"


def _tool(name: str) -> list[str]:
    if (
        shutil.which(name) is None
        and subprocess.run(
            [sys.executable, "-m", name, "--version"], capture_output=True
        ).returncode
    ):
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return [sys.executable, "-m", name]


def test_mypy_strict() -> None:
    result = subprocess.run(
        [*_tool("mypy"), "--strict", "--no-incremental"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff() -> None:
    for args in (["check"], ["format", "--check"]):
        result = subprocess.run([*_tool("ruff"), *args], cwd=ROOT, capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
