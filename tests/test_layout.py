"""The package's layout stays one a newcomer can live in: every module imports on its
own, imports flow one way (no cycle, function-level imports included) and no module
passes about 800 lines."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import mtgmana

PACKAGE = Path(mtgmana.__file__).resolve().parent
MAX_LINES = 800

# Cycles allowed (none): the test fails if one appears.
KNOWN_CYCLES: set[frozenset[str]] = set()


def _modules() -> dict[str, Path]:
    """Every module of the package by its name relative to ``mtgmana`` ("" for it)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` (imports for the type checker only never run)."""
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
    )


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports at run time, anywhere in it."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    package = [p for p in package if p]
    found: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        if _type_checking(node):
            assert isinstance(node, ast.If)
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                where = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module and node.module.split(".")[0] == "mtgmana":
                where = node.module.removeprefix("mtgmana").lstrip(".")
            else:
                continue
            for alias in node.names:
                sub = f"{where}.{alias.name}".lstrip(".")
                targets.append(sub if sub in modules else where)
        elif isinstance(node, ast.Import):
            targets = [
                a.name.removeprefix("mtgmana").lstrip(".")
                for a in node.names
                if a.name.split(".")[0] == "mtgmana"
            ]
        found.update(t for t in targets if t in modules and t != name)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_imports() -> None:
    for name in _modules():
        if name == "__main__":
            continue  # ``python -m mtgmana``: importing it runs the command line
        importlib.import_module("mtgmana" + ("." + name if name else ""))


def test_the_scan_sees_function_level_imports() -> None:
    modules = _modules()
    assert "errors" in _imported("cli.pay", modules["cli.pay"], modules)  # inside a function
    assert "_parser" in _imported("symbols", modules["symbols"], modules)
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_imports_flow_one_way() -> None:
    modules = _modules()
    graph = {name: _imported(name, path, modules) for name, path in modules.items()}
    assert "symbols" not in graph["_parser"]  # the parser is handed the symbol table
    cycles = set(_cycles(graph))
    assert cycles - KNOWN_CYCLES == set(), "import cycles"
    assert KNOWN_CYCLES - cycles == set(), "fixed: remove them from KNOWN_CYCLES"


def test_no_module_passes_800_lines() -> None:
    too_long = {}
    for name, path in _modules().items():
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_LINES:
            too_long[f"mtgmana.{name}"] = lines
    assert too_long == {}, "split these modules"
