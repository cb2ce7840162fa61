"""``mtgmana web``'s local server (mtgmana.web.server), on 127.0.0.1: the page's
files, analyses streamed a line per event, and every kind of bad request refused
with a status and a message while the server goes on — nothing read or written
because a request named it."""

from __future__ import annotations

import http.client
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mtgmana.analysis.decks import example_text
from mtgmana.web.server import HOST, MAX_BODY, WebServer


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    with WebServer(0) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running
        running.shutdown()
        thread.join(10)


def request(
    server: WebServer,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(HOST, server.port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post(server: WebServer, value: Any, **headers: str) -> tuple[int, dict[str, str], bytes]:
    body = json.dumps(value).encode()
    return request(server, "POST", "/api/analyze", body,
                   {"Content-Type": "application/json", **headers})  # fmt: skip


def alive(server: WebServer) -> bool:
    status, _, body = request(server, "GET", "/")
    return status == 200 and b"<textarea" in body


def test_it_listens_on_this_computer_only(server: WebServer) -> None:
    assert server.server_address[0] == "127.0.0.1"
    assert server.url == f"http://127.0.0.1:{server.port}/"


@pytest.mark.parametrize(
    "path, kind, needle",
    [
        ("/", "text/html", b'data-backend="server"'),
        ("/index.html?x=1", "text/html", b'<button type="submit" id="analyze"'),
        ("/app.js", "text/javascript", b"class ServerBackend"),
        ("/app.css", "text/css", b".changes"),
        ("/report.css", "text/css", b"data:font/woff2;base64,"),
    ],
)
def test_the_page_files(server: WebServer, path: str, kind: str, needle: bytes) -> None:
    status, headers, body = request(server, "GET", path)
    assert status == 200 and headers["Content-Type"].startswith(kind) and needle in body
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    status, headers, body = request(server, "HEAD", path)
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0


def test_the_page_holds_the_example_deck(server: WebServer) -> None:
    _, _, body = request(server, "GET", "/")
    assert "Simic Ramp (example)" in body.decode()  # one click away, nothing to fetch
    assert b"worker.js" not in body


@pytest.mark.parametrize(
    "path",
    ["/worker.js", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/pyproject.toml",
     "/src/mtgmana/cli/web.py", "//etc/passwd", "/README.md", "/app.js/..", "/api/analyze",
     "/data/cards.index", "/C:/x"],
)  # fmt: skip
def test_no_file_is_read_because_a_request_names_it(server: WebServer, path: str) -> None:
    status, headers, body = request(server, "GET", path)
    assert status == 404 and headers["Content-Type"] == "application/json"
    assert json.loads(body)["error"].startswith("no page at")


def test_an_analysis_streams_its_events(server: WebServer) -> None:
    status, headers, body = post(server, {"text": example_text(), "games": 2000, "seed": 5})
    assert status == 200 and headers["Content-Type"].startswith("application/x-ndjson")
    found = [json.loads(line) for line in body.decode().splitlines()]
    stages = [e["stage"] for e in found if e["event"] == "report"]
    assert stages == ["model", "final"]
    progress = [e["done"] for e in found if e.get("task") == "simulating"]
    assert progress == [0, 1000, 2000]
    assert found[-1]["report"]["simulation"]["games"] == 2000


def test_events_arrive_as_they_are_made(server: WebServer) -> None:
    """The model's report comes before the simulation is over: read line by line."""
    body = json.dumps({"text": example_text(), "games": 20000}).encode()
    with socket.create_connection((HOST, server.port), timeout=60) as raw:
        raw.sendall(
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json"
            b"\r\nContent-Length: %d\r\n\r\n" % (server.port, len(body)) + body
        )
        reader = raw.makefile("rb")
        while reader.readline() not in (b"\r\n", b""):
            pass  # the headers
        first = json.loads(reader.readline())
        second = json.loads(reader.readline())
    # the connection closed early: the server goes on
    assert first["event"] == "report" and first["stage"] == "model"
    assert second == {"event": "progress", "task": "simulating", "stage": "final",
                      "done": 0, "total": 20000}  # fmt: skip
    assert alive(server)


def test_errors_are_events(server: WebServer) -> None:
    status, _, body = post(server, {"text": "4 Lightnig Bolt\n20 Mountain"})
    (event,) = [json.loads(line) for line in body.decode().splitlines()]
    assert status == 200 and event["event"] == "error"
    assert event["unknown"][0]["suggestions"][0] == "Lightning Bolt"


@pytest.mark.parametrize(
    "body, headers, status, message",
    [
        (b"{", {}, 400, "the request isn't JSON"),
        (b'{"text": 1}', {}, 400, "'text' (the decklist) must be a string"),
        (b'{"text": "x", "games": 10000000}', {}, 400, "'games' must be 0 to 100,000"),
        (b"\xff\xfe{}", {}, 400, "the request isn't UTF-8 text"),
        (b"[" * 200_000, {}, 400, "the request isn't JSON"),
        (b"{}", {"Content-Type": "application/octet-stream"}, 415, "must be JSON text"),
        (b"{}", {"Content-Type": "multipart/form-data; boundary=x"}, 415, "must be JSON text"),
        (b"text=1", {"Content-Type": "application/x-www-form-urlencoded"}, 415, "JSON text"),
        (b"{}", {"Origin": "http://evil.example"}, 403, "other sites are refused"),
        (b"{}", {"Host": "evil.example:80"}, 403, "this server answers to"),
    ],
)
def test_bad_requests_are_refused(
    server: WebServer, body: bytes, headers: dict[str, str], status: int, message: str
) -> None:
    found, _, answer = request(
        server, "POST", "/api/analyze", body, {"Content-Type": "application/json", **headers}
    )
    assert found == status and message in json.loads(answer)["error"]
    assert alive(server)


def test_the_size_limit(server: WebServer) -> None:
    big = json.dumps({"text": "1 Forest\n" * (MAX_BODY // 9 + 1)}).encode()
    assert len(big) > MAX_BODY
    status, _, answer = request(server, "POST", "/api/analyze", big,
                                {"Content-Type": "application/json"})  # fmt: skip
    assert status == 413 and "the limit is 1,048,576" in json.loads(answer)["error"]
    # the limit is read from the length: a huge claimed length is refused unread
    with socket.create_connection((HOST, server.port), timeout=30) as raw:
        raw.sendall(
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json"
            b"\r\nContent-Length: 99999999999\r\n\r\n{" % server.port
        )
        assert raw.recv(100).startswith(b"HTTP/1.0 413")
    assert alive(server)


def test_a_length_is_required(server: WebServer) -> None:
    with socket.create_connection((HOST, server.port), timeout=30) as raw:
        raw.sendall(
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json"
            b"\r\n\r\n{}" % server.port
        )
        assert raw.recv(100).startswith(b"HTTP/1.0 411")


@pytest.mark.parametrize(
    "raw",
    [b"\x00\x01\x02garbage\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"BREW /pot HTTP/1.1\r\n\r\n",
     b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", b"POST /api/analyze HTTP/1.1\r\n", b""],
)  # fmt: skip
def test_garbage_doesnt_take_it_down(server: WebServer, raw: bytes) -> None:
    with socket.create_connection((HOST, server.port), timeout=30) as connection:
        connection.sendall(raw)
        connection.shutdown(socket.SHUT_WR)
        connection.recv(1000)  # an error status, or nothing
    assert alive(server)


def test_post_elsewhere_and_other_methods(server: WebServer) -> None:
    status, _, body = request(server, "POST", "/api/other", b"{}",
                              {"Content-Type": "application/json"})  # fmt: skip
    assert status == 404 and "nothing to POST to" in json.loads(body)["error"]
    for method in ("PUT", "DELETE"):
        assert request(server, method, "/")[0] == 501
    assert alive(server)


def test_no_file_is_written(server: WebServer, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    post(server, {"text": "20 Forest\n40 Llanowar Elves", "games": 10})
    request(server, "GET", "/nothing.html")
    assert list(tmp_path.iterdir()) == []
