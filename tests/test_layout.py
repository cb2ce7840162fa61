"""The package's layout stays one a newcomer can live in: every module imports on its
own, imports flow one way (no cycle, counting function-level imports and those under
``TYPE_CHECKING``), the deck analysis is layered (each of its packages imports only
the ones below it), no module imports another package's private module, and no
module passes about 800 lines."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import mtgmana

PACKAGE = Path(mtgmana.__file__).resolve().parent
MAX_LINES = 800

# Cycles allowed: those the layers restructure of issue 20 (part 1) is to break, all
# outside the deck analysis (they close only through imports under TYPE_CHECKING or
# inside functions). The test fails if another appears, if one of these grows, or
# when one is gone (then remove it here).
KNOWN_CYCLES: set[frozenset[str]] = {
    frozenset(
        {
            "cards", "cards._colors", "cards._faces", "cards.database", "cards.default",
            "cards.files", "cards.loaders", "cards.model", "cards.store", "costs", "mana",
            "restrictions", "symbol_payment",
        }
    ),  # restrictions reads Oracle text from the card database
    frozenset(
        {
            "_board_mana", "_board_text", "ability_text", "ability_text._card_mana",
            "ability_text._reader", "ability_text._statics", "battlefield", "effects",
            "tokens",
        }
    ),  # the board, its effects and the text reader
    frozenset({"tapping.activation", "tapping.plans"}),
}  # fmt: skip

# The deck analysis' layers, bottom first: a module imports only from its own layer's
# package and the layers below it (and from the core outside the analysis).
ANALYSIS_LAYERS: tuple[tuple[str, ...], ...] = (
    ("analysis", "analysis.karsten"),  # Karsten's exact model: the package's own API
    ("analysis.decklists",),  # reading decklists
    ("analysis.roles",),  # what a card does for a mana base
    ("analysis.decks",),  # the resolved deck and its legality
    ("analysis.counting",),  # Karsten's counting of its sources
    ("analysis.simulation",),  # the Monte Carlo
    ("analysis.what_ifs",),
    ("analysis.summary",),  # analyze: the DeckSummary
    ("analysis.reports",),  # text, JSON, HTML, charts, pictures
)
ABOVE_ANALYSIS = ("cli", "web")
"""The only packages that may import the deck analysis."""

# Private modules imported from another package: the board's helpers and the flow
# solver, used by the tapper and the command line; issue 20 (part 1) is to give them a
# package of their own. Pairs (the importing package, the private module); the test
# fails on another, and when one is gone (then remove it here).
KNOWN_PRIVATE_IMPORTS: set[tuple[str, str]] = {
    ("cli", "_board_text"),
    ("tapping", "_board_mana"),
    ("tapping", "_flow"),
    ("tapping", "_transport"),
}


def _modules() -> dict[str, Path]:
    """Every module of the package by its name relative to ``mtgmana`` ("" for it)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _package(name: str, path: Path) -> str:
    """The package ``name`` belongs to (itself for a package's ``__init__``)."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in it: at the top, in
    functions and under ``TYPE_CHECKING`` (a cycle the type checker sees is a cycle
    of concepts, even when it never runs)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    package = [p for p in package if p]
    found: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
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


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imported(name, path, modules) for name, path in modules.items()}


def test_the_scan_sees_function_level_and_type_checking_imports() -> None:
    modules = _modules()
    assert "errors" in _imported("cli.pay", modules["cli.pay"], modules)  # inside a function
    assert "_parser" in _imported("symbols", modules["symbols"], modules)
    legality = "analysis.decks.legality"
    assert "analysis.decks._deck" in _imported(legality, modules[legality], modules)
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_imports_flow_one_way() -> None:
    graph = _graph()
    assert "symbols" not in graph["_parser"]  # the parser is handed the symbol table
    cycles = _cycles(graph)
    new = [sorted(c) for c in cycles if not any(c <= known for known in KNOWN_CYCLES)]
    assert new == [], "import cycles"
    gone = [sorted(k) for k in KNOWN_CYCLES if not any(k & c for c in cycles)]
    assert gone == [], "fixed: remove them from KNOWN_CYCLES"
    assert not any(m.startswith("analysis") for known in KNOWN_CYCLES for m in known)


def _layer(name: str) -> int:
    for index, layer in enumerate(ANALYSIS_LAYERS):
        for package in layer:
            if name == package or (package != "analysis" and name.startswith(package + ".")):
                return index
    raise AssertionError(f"mtgmana.{name} is in no layer of ANALYSIS_LAYERS: place it")


def _against_layers(name: str, target: str) -> bool:
    """Whether ``name`` importing ``target`` goes against the analysis' layers."""
    if not name.startswith("analysis"):  # the core, the command line, the web page
        return target.startswith("analysis") and name.split(".")[0] not in ABOVE_ANALYSIS
    if target.split(".")[0] in ABOVE_ANALYSIS:
        return True
    return target.startswith("analysis") and _layer(target) > _layer(name)


def test_the_analysis_layers_import_only_those_below() -> None:
    graph = _graph()
    assert all(_layer(name) >= 0 for name in graph if name.startswith("analysis"))
    upward = sorted(
        (n, t) for n, imported in graph.items() for t in imported if _against_layers(n, t)
    )
    assert upward == [], "imports against the layers (ANALYSIS_LAYERS, ABOVE_ANALYSIS)"
    assert _against_layers("analysis.decks._deck", "analysis.summary")  # the test can fail
    assert _against_layers("costs", "analysis.karsten")


def _private_owner(target: str) -> str | None:
    """The package whose private module ``target`` is (``None``: a public module)."""
    parts = target.split(".")
    for index, part in enumerate(parts):
        if part.startswith("_"):
            return ".".join(parts[:index])
    return None


def test_no_module_imports_another_packages_private_module() -> None:
    modules = _modules()
    found = set()
    for name, path in modules.items():
        package = _package(name, path)
        for target in _imported(name, path, modules):
            owner = _private_owner(target)
            if owner is not None and owner != package:
                found.add((package.split(".")[0] if package else package, target, name))
    unknown = sorted(f for f in found if (f[0], f[1]) not in KNOWN_PRIVATE_IMPORTS)
    assert unknown == [], "import the package's public names instead"
    gone = KNOWN_PRIVATE_IMPORTS - {(f[0], f[1]) for f in found}
    assert gone == set(), "fixed: remove them from KNOWN_PRIVATE_IMPORTS"
    assert not any(f[2].startswith("analysis") for f in found)


def test_no_module_passes_800_lines() -> None:
    too_long = {}
    for name, path in _modules().items():
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_LINES:
            too_long[f"mtgmana.{name}"] = lines
    assert too_long == {}, "split these modules"
