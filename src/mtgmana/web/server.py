"""``mtgmana web``'s local server: the page and its analyses, on 127.0.0.1 only.

Built on the standard library's :mod:`http.server` (a thread per connection):

* ``GET /`` (and ``/index.html``, ``/app.js``, ``/app.css``, ``/report.css``): the
  page's files (:mod:`.assets`), held in memory. No path is ever looked up on the
  disk: any other path is a 404, whatever it names.
* ``POST /api/analyze``: a request of :mod:`.service` (a JSON object, at most
  :data:`MAX_BODY` bytes, ``Content-Type: application/json``) answered with its
  events, one JSON object a line (``application/x-ndjson``), each sent as soon as
  it is made: progress while the simulation runs, the report in stages. A page
  that goes away stops its analysis at the next chunk of games.

Bad requests are answered with a status and a JSON ``{"error": ...}`` — 400 (not
JSON, not UTF-8, a bad field), 403 (another site's page: the ``Host`` must be this
server's and the ``Origin``, if any, this server), 404, 405, 411 (no length), 413
(over 1 MiB), 415 (not JSON text), 503 (too many analyses at once) — and the
server goes on. Every answer carries a Content-Security-Policy that keeps the page
to this server, and ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Final

from .. import __version__
from .assets import CONTENT_TYPES, SERVER_POLICY, files
from .service import AnalysisRequest, RequestError, analyse

__all__ = ["DEFAULT_PORT", "HOST", "MAX_ANALYSES", "MAX_BODY", "WebServer"]

HOST: Final = "127.0.0.1"
"""The only address the server listens on: this computer."""

DEFAULT_PORT: Final = 8765
MAX_BODY: Final = 1024 * 1024
"""The largest request body, in bytes (1 MiB)."""

MAX_ANALYSES: Final = 2
"""Analyses running at once (the others wait their turn, up to a minute)."""

_API: Final = "/api/analyze"
_DRAIN: Final = 4 * MAX_BODY
_JSON_TYPES: Final = ("application/json",)


class _Refused(Exception):
    """A request answered with an error status and message."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class WebServer(ThreadingHTTPServer):
    """The page's server on ``127.0.0.1:port`` (``0``: a free port; the one
    taken is :attr:`port`). ``jobs`` processes share each whole simulation.
    :meth:`serve_forever` serves until :meth:`shutdown`; a ``with`` block closes
    the socket."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int = DEFAULT_PORT, *, jobs: int = 1) -> None:
        self.jobs = jobs
        self.assets = {"/" + name: body for name, body in files("server").items()}
        self.assets["/"] = self.assets["/index.html"]
        self.analyses = threading.BoundedSemaphore(MAX_ANALYSES)
        super().__init__((HOST, port), _Handler)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that went away (a reload, a closed tab) is no error to print;
        anything else is printed as :mod:`socketserver` does, and the server goes on."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    def origins(self) -> tuple[str, ...]:
        """The ``Host`` values this server answers to (names of this computer)."""
        return (f"{HOST}:{self.port}", f"localhost:{self.port}")


class _Handler(BaseHTTPRequestHandler):
    server: WebServer
    server_version = f"mtgmana/{__version__}"
    timeout = 60  # a client that sends nothing for a minute is dropped

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the address and errors only."""

    def _headers(self, status: HTTPStatus, content_type: str, length: int | None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Content-Security-Policy", SERVER_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self._headers(status, content_type, len(body))
        if self.command != "HEAD":
            self.wfile.write(body)

    def _error(self, status: HTTPStatus, message: str) -> None:
        body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
        self.close_connection = True
        self._send(status, body, CONTENT_TYPES[".json"])

    def _check_host(self) -> None:
        host = self.headers.get("Host", "")
        if host not in self.server.origins():
            raise _Refused(HTTPStatus.FORBIDDEN, f"this server answers to {self.server.url} only")

    def do_GET(self) -> None:
        try:
            self._check_host()
        except _Refused as refused:
            self._error(refused.status, refused.message)
            return
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        body = self.server.assets.get(path)
        if body is None:
            self._error(HTTPStatus.NOT_FOUND, f"no page at {path[:200]!r}")
            return
        suffix = "." + (path.rsplit(".", 1)[-1] if "." in path else "html")
        self._send(HTTPStatus.OK, body, CONTENT_TYPES[suffix])

    do_HEAD = do_GET

    def do_POST(self) -> None:
        try:
            request = self._read_request()
        except _Refused as refused:
            self._error(refused.status, refused.message)
            return
        if not self.server.analyses.acquire(timeout=60):
            self._error(HTTPStatus.SERVICE_UNAVAILABLE, "too many analyses at once: try again")
            return
        try:
            self._answer(request)
        finally:
            self.server.analyses.release()

    def _read_request(self) -> AnalysisRequest:
        """The request in the body, checked (see the module)."""
        self._check_host()
        if self.path.split("?", 1)[0] != _API:
            raise _Refused(HTTPStatus.NOT_FOUND, f"nothing to POST to at {self.path[:200]!r}")
        origin = self.headers.get("Origin")
        if origin is not None and origin.removeprefix("http://") not in self.server.origins():
            raise _Refused(HTTPStatus.FORBIDDEN, "requests from other sites are refused")
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind not in _JSON_TYPES:
            raise _Refused(
                HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                f"the request must be JSON text (Content-Type: application/json), not {kind!r}",
            )
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            raise _Refused(HTTPStatus.LENGTH_REQUIRED, "the request needs a Content-Length")
        if int(length) > MAX_BODY:
            self._drain(int(length))
            raise _Refused(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                f"the request is {int(length):,} bytes; the limit is {MAX_BODY:,} (1 MiB)",
            )
        bad = HTTPStatus.BAD_REQUEST
        try:
            text = self.rfile.read(int(length)).decode("utf-8")
            return AnalysisRequest.from_json(json.loads(text))
        except UnicodeDecodeError as error:
            raise _Refused(bad, f"the request isn't UTF-8 text: {error}") from None
        except RequestError as error:
            raise _Refused(bad, str(error)) from None
        except (ValueError, RecursionError) as error:
            raise _Refused(bad, f"the request isn't JSON: {error}") from None

    def _drain(self, length: int) -> None:
        """Read and drop a body a little over the limit, so that the client, still
        sending, gets the answer; a much larger one is not read at all."""
        if length > _DRAIN:
            return
        while length > 0:
            chunk = self.rfile.read(min(length, 65536))
            if not chunk:
                return
            length -= len(chunk)

    def _answer(self, request: AnalysisRequest) -> None:
        """Stream the events of ``request``, a line each, until done or gone."""
        self.close_connection = True  # the answer ends when the connection closes
        self._headers(HTTPStatus.OK, "application/x-ndjson; charset=utf-8", None)

        def emit(event: dict[str, Any]) -> None:
            line = json.dumps(event, ensure_ascii=False, allow_nan=False) + "\n"
            self.wfile.write(line.encode("utf-8"))
            self.wfile.flush()

        try:
            analyse(request, emit, jobs=self.server.jobs)
        except (ConnectionError, TimeoutError):
            return  # the page went away: its analysis stops here
        except Exception as error:  # a bug must not take the server down: say so and go on
            print(f"mtgmana web: internal error: {error!r}", file=sys.stderr)
            with contextlib.suppress(ConnectionError, TimeoutError):
                emit({"event": "error", "error": f"internal error: {error}"})
