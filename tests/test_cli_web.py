"""``mtgmana web`` on the command line: serving (127.0.0.1, the port, --open,
Ctrl+C), --build with Pyodide from a folder or npm's tarball, and errors with
exit status 2."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import run, run_json
from test_web_site import RUNTIME


@pytest.fixture
def pyodide(tmp_path: Path) -> Path:
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name, data in RUNTIME.items():
        (folder / name).write_bytes(data)
    return folder


def test_build(capsys: pytest.CaptureFixture[str], pyodide: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    status, out, _ = run(capsys, "web", "--build", str(site), "--pyodide", str(pyodide))
    assert status == 0
    assert f"wrote the site to {site}: 13 files" in out and "(Pyodide 314.0.7, mtgmana-" in out
    assert f"python -m http.server -d {site}" in out
    status, found = run_json(capsys, "web", "--build", str(site), "--pyodide", str(pyodide))
    assert status == 0 and found["pyodide"] == "314.0.7" and "pyodide/pyodide.mjs" in found["files"]
    assert found["bytes"] == sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def test_build_finds_node_modules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "web", "--build", "site")
    assert status == 2 and "no Pyodide at 'node_modules/pyodide'" in err and "npm pack" in err
    folder = tmp_path / "node_modules" / "pyodide"  # npm install pyodide
    folder.mkdir(parents=True)
    for name, data in RUNTIME.items():
        (folder / name).write_bytes(data)
    status, _, _ = run(capsys, "web", "--build", "site")
    assert status == 0 and (tmp_path / "site" / "index.html").exists()


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--pyodide", "x"], "--pyodide is for --build DIR"),
        (["--port", "70000"], "--port must be 0 to 65535"),
        (["--jobs", "-1"], "--jobs must be 0 to 256"),
    ],
)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, _, err = run(capsys, "web", *argv)
    assert status == 2 and message in err


def test_a_port_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, _, err = run(capsys, "web", "--port", str(port))
    assert status == 2 and f"can't serve on port {port}" in err and "--port 0" in err


def test_open_and_ctrl_c(capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    import webbrowser

    from mtgmana.web.server import WebServer

    opened = []
    monkeypatch.setattr(webbrowser, "open", opened.append)

    def interrupted(self: WebServer) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(WebServer, "serve_forever", interrupted)
    status, out, _ = run(capsys, "web", "--port", "0", "--open")
    assert status == 0 and "stopped" in out
    assert len(opened) == 1 and opened[0].startswith("http://127.0.0.1:")
    assert f"the page is at {opened[0]}" in out


def test_it_serves_until_stopped() -> None:
    """``python -m mtgmana web --port 0``: the address on the first line, the page
    there, analyses answered; stopped by its own process id."""
    process = subprocess.Popen(
        [sys.executable, "-m", "mtgmana", "web", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        url = line.split("the page is at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200 and b"Analyze" in response.read()
        body = json.dumps({"text": "20 Forest\n40 Llanowar Elves", "games": 10}).encode()
        request = urllib.request.Request(url + "api/analyze", body,
                                         {"Content-Type": "application/json"})  # fmt: skip
        with urllib.request.urlopen(request, timeout=60) as response:
            events = [json.loads(line) for line in response.read().decode().splitlines()]
        assert events[-1]["stage"] == "final"
    finally:
        process.terminate()
        process.wait(30)
