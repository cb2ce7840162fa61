"""The code's complexity (issue 20, part 4): radon's cyclomatic complexity of every
function and method of the package — at most 4% of them 15 or more, none above 40."""

from __future__ import annotations

from pathlib import Path

import pytest

complexity = pytest.importorskip("radon.complexity", reason="pip install radon (the test extra)")
visitors = pytest.importorskip("radon.visitors")

SOURCE = Path(__file__).resolve().parent.parent / "src" / "mtgmana"
HIGH = 15
SHARE = 0.04
MOST = 40


def complexities() -> dict[str, int]:
    """Each function's and method's complexity, by ``path:Class.name``."""
    found: dict[str, int] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        where = path.relative_to(SOURCE)
        for block in complexity.cc_visit(path.read_text(encoding="utf-8")):
            if isinstance(block, visitors.Function):  # methods come as functions too
                name = f"{block.classname}.{block.name}" if block.classname else block.name
                found[f"{where}:{name}"] = block.complexity
    return found


def test_few_functions_are_complex_and_none_very() -> None:
    found = complexities()
    assert len(found) > 1000  # the whole package was read
    high = sorted((c, name) for name, c in found.items() if c >= HIGH)
    worst = [f"{name} ({c})" for c, name in high if c > MOST]
    assert not worst, f"complexity above {MOST}: {', '.join(worst)}"
    share = len(high) / len(found)
    listed = ", ".join(f"{name} ({c})" for c, name in reversed(high[-10:]))
    assert share <= SHARE, f"{len(high)} of {len(found)} >= {HIGH} ({share:.1%}): {listed}"


def test_the_measure_sees_a_complex_function() -> None:
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(41))
    (block,) = complexity.cc_visit(f"def f(x):\n{branches}    return -1\n")
    assert block.complexity == 42 > MOST
