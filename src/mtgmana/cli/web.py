"""``mtgmana web``: the deckbuilder's page (:mod:`mtgmana.web`).

``mtgmana web [--port P] [--open] [--jobs N]`` serves the page on 127.0.0.1 only
(default port 8765; ``--port 0`` takes a free one) until Ctrl+C: paste or drop a
decklist, press Analyze, read the report (the same figures as ``mtgmana deck``),
then add, remove or swap lands and see the figures update. ``--open`` opens it in
the default browser.

``mtgmana web --build DIR [--pyodide PATH]`` writes the same page as a static
site that runs mtgmana in the browser with Pyodide, from PATH: the ``.tgz`` of
``npm pack pyodide@314.0.7`` or a folder such as ``node_modules/pyodide``
(default: ``node_modules/pyodide`` here). Serve DIR from any static host, e.g.
``python -m http.server -d DIR``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ._output import CommandError, print_json

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "web",
        help="the deckbuilder's page: serve it on 127.0.0.1, or --build it as a static site",
        description="Serve the deck report's page on this computer (127.0.0.1 only): paste "
        "a decklist, read its mana report, try changes to its lands. With --build, write "
        "the page as a static site that runs mtgmana in the browser with Pyodide.",
    )
    parser.add_argument(
        "--port", type=int, default=8765, metavar="P", help="the port (default 8765; 0: any free)"
    )
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="processes for each whole simulation (0: one per core; default 1)",
    )
    parser.add_argument("--build", metavar="DIR", help="write the static site into DIR")
    parser.add_argument(
        "--pyodide",
        metavar="PATH",
        help="Pyodide for --build: the .tgz of 'npm pack pyodide', or its folder "
        "(default: node_modules/pyodide)",
    )
    parser.add_argument("--json", action="store_true", help="--build: files, as JSON")
    parser.set_defaults(run=run)


def _build(args: argparse.Namespace) -> int:
    from ..web.site import SiteError, build_site

    try:
        built = build_site(args.build, args.pyodide or "node_modules/pyodide")
    except SiteError as error:
        raise CommandError(str(error)) from None
    if args.json:
        found = {"folder": str(built.folder), "files": list(built.files), "bytes": built.size}
        print_json({**found, "pyodide": built.pyodide, "wheel": built.wheel})
    else:
        print(
            f"wrote the site to {built.folder}: {len(built.files)} files, "
            f"{built.size / 1e6:.1f} MB (Pyodide {built.pyodide}, {built.wheel})\n"
            f"serve it from any static host, e.g.: python -m http.server -d {built.folder}"
        )
    return 0


def run(args: argparse.Namespace) -> int:
    if args.pyodide and not args.build:
        raise CommandError("--pyodide is for --build DIR")
    if args.build:
        return _build(args)
    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port must be 0 to 65535, not {args.port}")
    if not 0 <= args.jobs <= 256:
        raise CommandError(f"--jobs must be 0 to 256, not {args.jobs}")
    from ..web.server import WebServer

    try:
        server = WebServer(args.port, jobs=args.jobs or _cores())
    except OSError as error:
        hint = " (in use? try --port 0 for any free port)" if args.port else ""
        raise CommandError(f"can't serve on port {args.port}: {error.strerror}{hint}") from None
    with server:
        print(f"mtgmana web: the page is at {server.url} (Ctrl+C stops it)", flush=True)
        if args.open:
            import webbrowser

            webbrowser.open(server.url)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nmtgmana web: stopped", flush=True)
    return 0


def _cores() -> int:
    import os

    return os.cpu_count() or 1
