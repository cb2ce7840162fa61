"""Kinds, modes and codes are typed tags (issue 20): every comparison of a ``kind``,
``mode`` or ``code`` with a string names a tag some ``Literal`` (or ``Enum``) of the
package declares, so a typo can't hide in a string.

Two checks: this AST scan (a tag compared that no ``Literal`` declares fails here),
and ``tests/typechecks/tags.py``, which ``mypy --strict`` reads (``test_project``):
it compares each tag type with a typo under ``# type: ignore[comparison-overlap]``,
so the day a tag type loosens back to ``str`` the ignore goes unused and mypy fails.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "mtgmana"
TAG_NAMES = ("kind", "mode", "code")


def _is_tag(node: ast.expr) -> bool:
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return isinstance(name, str) and name.endswith(TAG_NAMES)


def _strings(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.Set, ast.List)):
        for item in node.elts:
            yield from _strings(item)


def compared_tags(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, tag)`` for each ``<...kind|mode|code> ==/!=/in/not in <string(s)>``."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or not _is_tag(node.left):
            continue
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                for tag in _strings(right):
                    yield node.lineno, tag


def declared_tags(tree: ast.AST) -> Iterator[str]:
    """The strings of every ``Literal[...]`` and every ``Enum`` member's value."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "Literal":
            yield from _strings(node.slice)
        elif isinstance(node, ast.ClassDef) and any(
            getattr(base, "id", getattr(base, "attr", "")).endswith("Enum") for base in node.bases
        ):
            for item in node.body:
                if isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant):
                    yield from _strings(item.value)


def _trees() -> dict[str, ast.AST]:
    return {
        str(path.relative_to(PACKAGE)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_every_compared_tag_is_declared() -> None:
    trees = _trees()
    declared = {tag for tree in trees.values() for tag in declared_tags(tree)}
    undeclared = [
        f"src/mtgmana/{name}:{line}: {tag!r}"
        for name, tree in trees.items()
        for line, tag in compared_tags(tree)
        if tag not in declared
    ]
    assert not undeclared, "tags no Literal or Enum declares:\n" + "\n".join(undeclared)


def test_the_scan_finds_a_typo() -> None:
    tree = ast.parse(
        'Kind = Literal["fixed", "devotion"]\n'
        'if amount.kind == "fixed" or mode in ("devotoin",): pass\n'
    )
    assert set(declared_tags(tree)) == {"fixed", "devotion"}
    assert list(compared_tags(tree)) == [(2, "fixed"), (2, "devotoin")]
