"""What the card-update tests serve and install: a local HTTP server (127.0.0.1 only,
started by the tests: nothing else on the network), a small Scryfall bulk file and
bulk-data listing, the same cards as an MTGJSON AtomicCards file, and cards newer
than the bundled data.

The new cards are invented for the tests (their names are in no card data): a land,
a creature, and an artifact whose mana ability mtgmana doesn't model.
"""

from __future__ import annotations

import gzip
import http.server
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

NEW_LAND = "Quillspring Test Grove"
NEW_SPELL = "Quillspring Test Tyrant"
NEW_UNMODELLED = "Quillspring Moon Engine"
NEW_CARDS = (NEW_LAND, NEW_SPELL, NEW_UNMODELLED)


def _card(name: str, type_line: str, mana_cost: str = "", text: str = "") -> dict[str, Any]:
    return {
        "object": "card",
        "id": f"id-{name}",
        "oracle_id": f"oracle-{name}",
        "name": name,
        "lang": "en",
        "layout": "normal",
        "mana_cost": mana_cost,
        "type_line": type_line,
        "oracle_text": text,
        "legalities": {"commander": "legal"},
        "prices": {"usd": "0.10"},
    }


def small_bulk() -> list[dict[str, Any]]:
    """Scryfall-like card objects: the five basic lands, a few old cards, a token
    (left out), and the three new cards."""
    basics = [
        _card(name, f"Basic Land — {name}", text=f"({{T}}: Add {{{letter}}}.)")
        for name, letter in (
            ("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G"),
        )
    ]  # fmt: skip
    old = [
        _card("Lightning Bolt", "Instant", "{R}", "Lightning Bolt deals 3 damage to any target."),
        _card("Llanowar Elves", "Creature — Elf Druid", "{G}", "{T}: Add {G}."),
        _card("Opt", "Instant", "{U}", "Scry 1.\nDraw a card."),
        _card("Grizzly Bears", "Creature — Bear", "{1}{G}"),
        _card("Sol Ring", "Artifact", "{1}", "{T}: Add {C}{C}."),
    ]
    token = {**_card("Goblin", "Token Creature — Goblin"), "layout": "token"}
    new = [
        _card(NEW_LAND, "Land", text="{T}: Add {G} or {U}."),
        _card(NEW_SPELL, "Legendary Creature — Squirrel Noble", "{1}{G}{U}", "Flying"),
        _card(NEW_UNMODELLED, "Artifact", "{2}", "{T}: Add one mana of the color of the moon."),
    ]
    return [*basics, *old, token, *new]


BULK_CARDS = len(small_bulk()) - 1  # the token is not a card


def bulk_bytes(objects: list[dict[str, Any]] | None = None) -> bytes:
    """A Scryfall bulk file: a JSON array, one card a line as Scryfall writes it."""
    objects = small_bulk() if objects is None else objects
    return ("[\n" + ",\n".join(json.dumps(o) for o in objects) + "\n]\n").encode()


def mtgjson_bytes(date: str = "2026-01-20") -> bytes:
    """The cards of :func:`small_bulk` as MTGJSON's AtomicCards file."""
    data: dict[str, list[dict[str, Any]]] = {}
    for obj in small_bulk():
        entry = {
            "name": obj["name"],
            "layout": obj["layout"],
            "manaCost": obj["mana_cost"] or None,
            "type": obj["type_line"],
            "text": obj["oracle_text"] or None,
        }
        data.setdefault(obj["name"], []).append({k: v for k, v in entry.items() if v})
    document = {"meta": {"date": date, "version": "5.2.2+20260120"}, "data": data}
    return json.dumps(document).encode()


def listing(base: str, oracle: str | None = "/oracle-cards.json") -> bytes:
    """A bulk-data listing (Scryfall's shape), with an ``oracle_cards`` entry
    pointing at ``base + oracle`` unless ``oracle`` is None."""
    entries = [
        {
            "object": "bulk_data",
            "id": "1",
            "type": "default_cards",
            "updated_at": "2026-01-19T09:00:00.000+00:00",
            "download_uri": base + "/default-cards.json",
            "size": 500_000_000,
            "content_type": "application/json",
            "content_encoding": "gzip",
        }
    ]
    if oracle is not None:
        entries.append(
            {
                "object": "bulk_data",
                "id": "2",
                "type": "oracle_cards",
                "updated_at": "2026-01-20T09:04:11.262+00:00",
                "download_uri": base + oracle,
                "size": 1000,
                "content_type": "application/json",
                "content_encoding": "gzip",
            }
        )
    return json.dumps({"object": "list", "has_more": False, "data": entries}).encode()


@dataclass
class Route:
    """A response: ``body`` with ``status``; ``gzip`` sends it gzipped with
    ``Content-Encoding: gzip``; ``cut`` sends only that many bytes of it, with the
    whole body's ``Content-Length``, then closes the connection."""

    body: bytes
    status: int = 200
    gzip: bool = False
    cut: int | None = None
    headers: dict[str, str] = field(default_factory=dict)


class CardServer:
    """An HTTP server on 127.0.0.1 serving :attr:`routes` by path (404 otherwise) and
    noting every request's path and headers in :attr:`requests`."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests.append((self.path, dict(self.headers.items())))
                route = server.routes.get(self.path)
                if route is None:
                    self.send_error(404, "Not Found")
                    return
                body = gzip.compress(route.body, mtime=0) if route.gzip else route.body
                self.send_response(route.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                if route.gzip:
                    self.send_header("Content-Encoding", "gzip")
                for key, value in route.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body if route.cut is None else body[: route.cut])
                self.wfile.flush()
                if route.cut is not None:
                    self.close_connection = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, path: str) -> str:
        return self.base + path

    def serve_scryfall(self, **route: Any) -> str:
        """Serve the listing at ``/bulk-data`` and the small bulk file; the listing's
        address."""
        self.routes["/bulk-data"] = Route(listing(self.base))
        self.routes["/oracle-cards.json"] = Route(bulk_bytes(), **route)
        return self.url("/bulk-data")

    def __enter__(self) -> CardServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


def running() -> Iterator[CardServer]:
    """A started server, stopped afterwards (for a fixture)."""
    with CardServer() as server:
        yield server
