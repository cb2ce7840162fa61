"""The package's layout stays one a newcomer can live in: every module imports on its
own, imports flow one way (no cycle, counting function-level imports and those under
``TYPE_CHECKING``) through the layers symbols -> costs -> cards -> mana, pool and
payment -> board -> tapping -> analysis -> the command line, server and site, the deck
analysis is layered too (each of its packages imports only the ones below it), no
module imports another package's private module, and no module passes about 800
lines."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import mtgmana

PACKAGE = Path(mtgmana.__file__).resolve().parent
MAX_LINES = 800


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


def _imported(
    name: str, path: Path, modules: dict[str, Path], *, type_checking: bool = False
) -> set[str]:
    """The package's modules that ``name`` imports at run time, anywhere in it (and,
    with ``type_checking``, those it imports for the type checker too)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    package = [p for p in package if p]
    found: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        if _type_checking(node) and not type_checking:
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
            if not where and all(alias.name == "__version__" for alias in node.names):
                continue  # the facade's version: it imports nothing at run time (test_startup)
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
    assert _cycles(graph) == [], "import cycles"


def test_no_module_passes_800_lines() -> None:
    too_long = {}
    for name, path in _modules().items():
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_LINES:
            too_long[f"mtgmana.{name}"] = lines
    assert too_long == {}, "split these modules"


# -- every import counted: type checking too, the layers, private modules -------------

# The layers, lowest first: data flows one way, symbols -> costs -> cards -> mana, pool
# and payment -> board -> tapping -> analysis -> the command line, server and site. A
# module belongs to the layer of the longest prefix that names it ("" is the package's
# facade, which re-exports the public names). The board's vocabulary (conditions,
# abilities, continuous effects) sits below ability_text, which reads Oracle text into
# it; the board proper (permanents, boards, what they can do) reads cards through it.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "errors",
        "_repr",
        "_regex",
        "_lazy",
        "_memo",
        "_parser",
        "_numbers",
        "colors",
        "creature_types",
    ),
    ("symbols", "symbol_payment"),
    ("costs",),
    ("cards",),
    (
        "restrictions",
        "restriction_text",
        "mana",
        "floating",
        "request",
        "pool",
        "_solver",
        "payment",
        "_json_text",
    ),
    ("board.conditions", "board.abilities", "board.effects"),
    ("ability_text",),
    ("board",),
    ("tapping",),
    ("analysis",),
    ("cli", "web", "__main__", ""),
)


def _layer(name: str) -> int:
    """The layer of a module: that of the longest prefix in :data:`LAYERS` naming it."""
    best, found = -1, -1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            named = name == prefix or (prefix and name.startswith(prefix + "."))
            if named and len(prefix) > best:
                best, found = len(prefix), level
    assert found >= 0, f"mtgmana.{name} is in no layer: add it to LAYERS"
    return found


def _every_import() -> dict[str, set[str]]:
    modules = _modules()
    return {
        name: _imported(name, path, modules, type_checking=True) for name, path in modules.items()
    }


def test_the_scan_sees_type_checking_imports() -> None:
    modules = _modules()
    plans = modules["tapping.plans"]
    assert "board" in _imported("tapping.plans", plans, modules, type_checking=True)
    assert "board" not in _imported("tapping.plans", plans, modules)  # Board: a type only
    legality = "analysis.decks.legality"
    assert "analysis.decks._deck" in _imported(
        legality, modules[legality], modules, type_checking=True
    )
    assert _layer("board.abilities") < _layer("ability_text") < _layer("board.battlefield")
    assert _layer("pool._pool") == _layer("mana") < _layer("board") < _layer("tapping._api")


def test_no_cycle_counting_type_checking_imports() -> None:
    assert _cycles(_every_import()) == [], "import cycles (type checking imports count)"


def test_no_module_imports_a_higher_layer() -> None:
    upward = sorted(
        f"mtgmana.{name} imports mtgmana.{target}"
        for name, targets in _every_import().items()
        for target in targets
        if _layer(target) > _layer(name)
    )
    assert upward == [], "imports against the layers (see LAYERS)"


def _owner(name: str) -> str | None:
    """The package a private module belongs to (``"tapping"`` for
    ``tapping._compile``; ``""`` for ``_solver.flow``), or ``None`` if it is public."""
    parts = name.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def _foreign(name: str, package: str, target: str) -> bool:
    """Whether ``name`` (of ``package``) importing ``target`` reaches into another
    package's private module. A private module belongs to its own package only (not
    to subpackages); those of the root package (``_repr``, ``_parser``, ``_solver``)
    are the library's shared machinery, for every package but the deck analysis."""
    owner = _owner(target)
    if owner is None or owner == package:
        return False
    return owner != "" or name.startswith("analysis")


def test_no_module_imports_another_packages_private_module() -> None:
    modules = _modules()
    foreign = []
    for name, targets in _every_import().items():
        package = name if modules[name].name == "__init__.py" else name.rpartition(".")[0]
        foreign += [
            f"mtgmana.{name} imports mtgmana.{t}" for t in targets if _foreign(name, package, t)
        ]
    assert foreign == [], "private modules imported from outside their package"
    assert _owner("tapping._compile") == "tapping" and _owner("_solver.flow") == ""
    assert _owner("board.queries") is None and _owner("__main__") is None
    assert _foreign("analysis.roles._role", "analysis.roles", "analysis._x")  # can fail
    assert _foreign("analysis.summary", "analysis", "_solver.flow")
    assert not _foreign("tapping._build", "tapping", "_solver.flow")


# -- the deck analysis' own layers ----------------------------------------------------

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


def _analysis_layer(name: str) -> int:
    for index, layer in enumerate(ANALYSIS_LAYERS):
        for package in layer:
            if name == package or (package != "analysis" and name.startswith(package + ".")):
                return index
    raise AssertionError(f"mtgmana.{name} is in no layer of ANALYSIS_LAYERS: place it")


def _against_analysis_layers(name: str, target: str) -> bool:
    """Whether ``name`` importing ``target`` goes against the analysis' layers."""
    if not name.startswith("analysis"):  # the core, the command line, the web page
        return target.startswith("analysis") and name.split(".")[0] not in ABOVE_ANALYSIS
    if target.split(".")[0] in ABOVE_ANALYSIS:
        return True
    return target.startswith("analysis") and _analysis_layer(target) > _analysis_layer(name)


def test_the_analysis_layers_import_only_those_below() -> None:
    graph = _every_import()
    assert all(_analysis_layer(name) >= 0 for name in graph if name.startswith("analysis"))
    upward = sorted(
        (n, t) for n, imported in graph.items() for t in imported if _against_analysis_layers(n, t)
    )
    assert upward == [], "imports against the layers (ANALYSIS_LAYERS, ABOVE_ANALYSIS)"
    assert _against_analysis_layers("analysis.decks._deck", "analysis.summary")  # can fail
    assert _against_analysis_layers("costs", "analysis.karsten")
