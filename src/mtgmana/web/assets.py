"""The page's files: ``index.html`` (with the example deck and which backend
answers), ``app.js`` and ``app.css`` (package data in ``static/``), the report's
style sheet (:func:`~mtgmana.analysis.reports.html.report_css`, the mana font embedded) and,
for the static site, ``worker.js`` (mtgmana in Pyodide).

The local server sends its Content-Security-Policy as a header
(:data:`SERVER_POLICY`); the static site's page carries its own in a ``<meta>``
(:data:`SITE_POLICY`, which lets the page run WebAssembly): neither lets the page
load or send anything from another origin.

>>> sorted(files("server"))
['app.css', 'app.js', 'index.html', 'report.css']
>>> 'data-backend="pyodide"' in page("pyodide"), "worker.js" in files("pyodide")
(True, True)
"""

from __future__ import annotations

import html
import importlib.resources
from typing import Final

from .. import __version__
from ..analysis.decks import example_text
from ..analysis.reports.html import report_css

__all__ = ["BACKENDS", "CONTENT_TYPES", "SERVER_POLICY", "SITE_POLICY", "files", "page"]

BACKENDS: Final = ("server", "pyodide")
"""Who answers the page: the local server, or mtgmana in the browser."""

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
}

_COMMON: Final = (
    "default-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; style-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'"
)
SERVER_POLICY: Final = _COMMON + "; connect-src 'self'; frame-ancestors 'none'"
SITE_POLICY: Final = _COMMON + "; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'"

_FOOT: Final = {
    "server": "Served by mtgmana web on this computer (127.0.0.1): the decklist never leaves it.",
    "pyodide": "mtgmana runs in this browser (Pyodide, Python in WebAssembly): the "
    "decklist is sent nowhere.",
}


def _static(name: str) -> str:
    resource = importlib.resources.files("mtgmana.web") / "static" / name
    return resource.read_text(encoding="utf-8")


def page(backend: str) -> str:
    """``index.html`` for ``backend`` (one of :data:`BACKENDS`)."""
    if backend not in BACKENDS:
        raise ValueError(f"the backend is one of {', '.join(BACKENDS)}, not {backend!r}")
    policy = ""
    if backend == "pyodide":
        policy = f'<meta http-equiv="Content-Security-Policy" content="{SITE_POLICY}">'
    replacements = {
        "{{BACKEND}}": backend,
        "{{CSP}}": policy,
        "{{FOOT}}": html.escape(f"mtgmana {__version__}. {_FOOT[backend]}"),
        "{{EXAMPLE}}": html.escape(example_text()),
    }
    text = _static("index.html")
    for key, value in replacements.items():
        text = text.replace(key, value)
    return text


def files(backend: str) -> dict[str, bytes]:
    """Every file of the page for ``backend``, by name."""
    found = {
        "index.html": page(backend).encode("utf-8"),
        "app.js": _static("app.js").encode("utf-8"),
        "app.css": _static("app.css").encode("utf-8"),
        "report.css": report_css().encode("utf-8"),
    }
    if backend == "pyodide":
        found["worker.js"] = _static("worker.js").encode("utf-8")
    return found
