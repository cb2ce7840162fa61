"""``mtgmana web --build`` (mtgmana.web.site and mtgmana.web.wheel): the static
site's files, Pyodide's runtime read from npm's package (a folder or its .tgz)
without extracting anything else, and mtgmana's own wheel — valid, reproducible,
self-contained with the card database. The site in a browser is tested by
test_web_browser.py."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import mtgmana
from mtgmana.web.site import PYODIDE_FILES, SiteError, build_site, read_pyodide
from mtgmana.web.wheel import package_files, wheel_name, write_wheel

RUNTIME = {name: f"// {name}\n".encode() for name in PYODIDE_FILES if name != "package.json"}
RUNTIME["pyodide.asm.mjs"] = b"// the runtime\n"
RUNTIME["package.json"] = json.dumps({"name": "pyodide", "version": "314.0.7"}).encode()
EXTRA = {"console.html": b"<html>", "pyodide.mjs.map": b"{}", "ffi.d.ts": b"", "README.md": b"#"}


@pytest.fixture
def pyodide_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "node_modules" / "pyodide"
    folder.mkdir(parents=True)
    for name, data in {**RUNTIME, **EXTRA}.items():
        (folder / name).write_bytes(data)
    return folder


@pytest.fixture
def pyodide_tarball(tmp_path: Path) -> Path:
    path = tmp_path / "pyodide-314.0.7.tgz"
    with tarfile.open(path, "w:gz") as archive:
        for name, data in {**RUNTIME, **EXTRA, "../../evil.js": b"x"}.items():
            member = tarfile.TarInfo(f"package/{name}")
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    return path


def test_the_site_from_a_folder(pyodide_folder: Path, tmp_path: Path) -> None:
    built = build_site(tmp_path / "site", pyodide_folder)
    root = tmp_path / "site"
    assert built.pyodide == "314.0.7" and built.wheel == wheel_name()
    names = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    assert names == sorted(built.files)
    assert set(names) == {
        "index.html", "app.js", "app.css", "report.css", "worker.js", "site.json", wheel_name(),
        *(f"pyodide/{name}" for name in RUNTIME),
    }  # fmt: skip
    for name, data in RUNTIME.items():  # copied as they are, and nothing else of Pyodide's
        assert (root / "pyodide" / name).read_bytes() == data
    assert built.size == sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    site = json.loads((root / "site.json").read_text())
    assert site == {"wheel": wheel_name(), "mtgmana": mtgmana.__version__, "pyodide": "314.0.7"}
    page = (root / "index.html").read_text()
    assert 'data-backend="pyodide"' in page and 'http-equiv="Content-Security-Policy"' in page
    assert "'wasm-unsafe-eval'" in page and "Simic Ramp (example)" in page
    worker = (root / "worker.js").read_text()
    assert 'from "./pyodide/pyodide.mjs"' in worker and "cdnUrl: base" in worker


def test_the_site_fetches_nothing_from_elsewhere(pyodide_folder: Path, tmp_path: Path) -> None:
    """Our own files name no other site: no URL to load, fetch or link."""
    build_site(tmp_path / "site", pyodide_folder)
    for name in ("index.html", "app.js", "app.css", "report.css", "worker.js"):
        text = (tmp_path / "site" / name).read_text()
        assert not re.search(r"""(?:src|href|url\(|fetch\(|import)\s*[=(]?\s*["']?(?:https?:)?//""",
                             text), name  # fmt: skip


def test_the_site_from_npm_packs_tarball(pyodide_tarball: Path, tmp_path: Path) -> None:
    build_site(tmp_path / "site", pyodide_tarball)
    assert sorted(p.name for p in (tmp_path / "site" / "pyodide").iterdir()) == sorted(RUNTIME)
    assert not (tmp_path / "evil.js").exists() and not (tmp_path.parent / "evil.js").exists()


def test_building_again_replaces_the_files(pyodide_folder: Path, tmp_path: Path) -> None:
    root = tmp_path / "site"
    root.mkdir()
    (root / "CNAME").write_text("decks.example\n")  # the host's own file is kept
    (root / "app.js").write_text("old")
    build_site(root, pyodide_folder)
    build_site(root, pyodide_folder)
    assert (root / "CNAME").read_text() == "decks.example\n"
    assert "class PyodideBackend" in (root / "app.js").read_text()


def test_what_isnt_pyodide_is_refused(pyodide_folder: Path, tmp_path: Path) -> None:
    with pytest.raises(SiteError, match=r"no Pyodide at .*npm pack pyodide"):
        read_pyodide(tmp_path / "nowhere")
    (pyodide_folder / "pyodide.asm.wasm").unlink()
    with pytest.raises(SiteError, match=r"not Pyodide's npm package .*: no pyodide\.asm\.wasm"):
        read_pyodide(pyodide_folder)
    (pyodide_folder / "pyodide.asm.mjs").unlink()
    with pytest.raises(SiteError, match=r"pyodide\.asm\.js or pyodide\.asm\.mjs"):
        read_pyodide(pyodide_folder)
    not_a_tarball = tmp_path / "pyodide.tgz"
    not_a_tarball.write_bytes(b"not gzip")
    with pytest.raises(SiteError, match="can't read Pyodide's package"):
        read_pyodide(not_a_tarball)
    assert isinstance(SiteError("x"), ValueError)


def test_a_bad_version_or_destination(pyodide_folder: Path, tmp_path: Path) -> None:
    (pyodide_folder / "package.json").write_text("{}")
    with pytest.raises(SiteError, match=r"package\.json has no version"):
        read_pyodide(pyodide_folder)
    (pyodide_folder / "package.json").write_bytes(RUNTIME["package.json"])
    file = tmp_path / "a-file"
    file.write_text("")
    with pytest.raises(SiteError, match="is a file, not a folder"):
        build_site(file, pyodide_folder)


# -- the wheel ------------------------------------------------------------------------


def test_the_wheel_is_valid_and_complete(tmp_path: Path) -> None:
    path = write_wheel(tmp_path)
    assert path.name == f"mtgmana-{mtgmana.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        info = f"mtgmana-{mtgmana.__version__}.dist-info"
        metadata = archive.read(f"{info}/METADATA").decode()
        assert f"Name: mtgmana\nVersion: {mtgmana.__version__}\n" in metadata
        assert "Tag: py3-none-any" in archive.read(f"{info}/WHEEL").decode()
        record = archive.read(f"{info}/RECORD").decode().splitlines()
        for line in record:  # every file, with its hash and size (PEP 376)
            name, digest, size = line.rsplit(",", 2)
            if name.endswith("RECORD"):
                assert digest == size == ""
                continue
            data = archive.read(name)
            raw = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={raw}" and int(size) == len(data)
        assert len(record) == len(names)
    source = Path(mtgmana.__file__).parent
    modules = {f"mtgmana/{p.relative_to(source)}" for p in source.rglob("*.py")}
    assert modules <= set(names)
    needed = ["data/cards.jsonl.gz", "data/cards.index", "data/mana.woff2", "py.typed",
              "web/static/app.js", "web/static/index.html", "web/static/worker.js"]  # fmt: skip
    assert {f"mtgmana/{name}" for name in needed} <= set(names)
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_wheel_is_reproducible(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert write_wheel(tmp_path / "a").read_bytes() == write_wheel(tmp_path / "b").read_bytes()
    assert set(package_files()) >= {"mtgmana/__init__.py", "mtgmana/web/service.py"}


def test_the_wheel_works_on_its_own(tmp_path: Path) -> None:
    """Unpacked alone (as Pyodide does), it answers a request with its own cards."""
    with zipfile.ZipFile(write_wheel(tmp_path)) as archive:
        archive.extractall(tmp_path / "site-packages")
    script = (
        "import json, mtgmana, sys\n"
        "from mtgmana.web.service import run_json\n"
        "assert mtgmana.__file__.startswith(sys.argv[1]), mtgmana.__file__\n"
        "lines = []\n"
        "run_json(json.dumps({'text': '20 Forest\\n40 Llanowar Elves', 'games': 20}), "
        "lines.append)\n"
        "print(json.loads(lines[-1])['report']['spells'][0]['name'])\n"
    )
    target = str(tmp_path / "site-packages")
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {target!r})\n" + script,
         target],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Llanowar Elves"


def test_an_unwritable_wheel(tmp_path: Path) -> None:
    from mtgmana.errors import MtgManaError

    with pytest.raises(MtgManaError, match="can't write the wheel"):
        write_wheel(tmp_path / "no" / "such")
