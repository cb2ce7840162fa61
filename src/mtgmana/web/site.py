"""``mtgmana web --build DIR``: the page as a static site that runs mtgmana in the
browser with Pyodide — no server of ours, any static host (or ``python -m
http.server -d DIR``) serves it, and at run time it fetches nothing from anywhere
but itself.

The site holds:

* ``index.html``, ``app.js``, ``app.css``, ``report.css`` (:mod:`.assets`, the
  page set to answer in the browser) and ``worker.js`` (the Web Worker that runs
  mtgmana in Pyodide);
* ``mtgmana-<version>-py3-none-any.whl``: mtgmana's own wheel with the card
  database (:mod:`.wheel`), and ``site.json`` naming it;
* ``pyodide/``: Pyodide's runtime, copied from a local folder — the npm package
  ``pyodide`` (``npm pack pyodide@314.0.7`` gives its ``.tgz``, which is read as
  it is; ``npm install pyodide`` gives ``node_modules/pyodide``). Only the files
  the runtime loads are copied (:data:`PYODIDE_FILES`): the ES-module loader, the
  WebAssembly module and its JavaScript, the standard library and the lock file.
  Pyodide's packages are not needed: mtgmana uses the standard library only.
"""

from __future__ import annotations

import json
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .. import __version__
from ..errors import MtgManaError
from .assets import files
from .wheel import write_wheel

__all__ = [
    "PYODIDE_FILES",
    "TESTED_PYODIDE",
    "SiteBuild",
    "SiteError",
    "build_site",
    "read_pyodide",
]

TESTED_PYODIDE: Final = "314.0.7"
"""The Pyodide the browser tests run the site with (0.27 and later work)."""

PYODIDE_FILES: Final = (
    "pyodide.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""What the site needs of Pyodide (and ``pyodide.asm.js`` or, from Pyodide 314,
``pyodide.asm.mjs``)."""

_ASM: Final = ("pyodide.asm.js", "pyodide.asm.mjs")
_MAX_FILE: Final = 64 * 1024 * 1024


class SiteError(MtgManaError):
    """The site can't be built: no Pyodide where it was said to be, or the
    folder can't be written."""


@dataclass(frozen=True)
class SiteBuild:
    """A site written: its folder, its files (paths relative to it) and their
    total size in bytes, the Pyodide version and the wheel's name."""

    folder: Path
    files: tuple[str, ...]
    size: int
    pyodide: str
    wheel: str


def _from_tarball(path: Path) -> dict[str, bytes]:
    """The runtime's files from ``npm pack``'s tarball (``package/<name>``); no
    member is extracted to the disk."""
    found: dict[str, bytes] = {}
    try:
        with tarfile.open(path, "r:gz") as archive:
            for member in archive.getmembers():
                name = member.name.removeprefix("package/")
                if member.isfile() and name in (*PYODIDE_FILES, *_ASM):
                    if member.size > _MAX_FILE:
                        raise SiteError(f"{path}: {name} is too large to be Pyodide's")
                    handle = archive.extractfile(member)
                    if handle is not None:
                        found[name] = handle.read()
    except (OSError, tarfile.TarError) as error:
        raise SiteError(f"can't read Pyodide's package {str(path)!r}: {error}") from None
    return found


def _from_folder(path: Path) -> dict[str, bytes]:
    found = {}
    for name in (*PYODIDE_FILES, *_ASM):
        if (path / name).is_file():
            try:
                found[name] = (path / name).read_bytes()
            except OSError as error:
                raise SiteError(f"can't read {str(path / name)!r}: {error.strerror}") from None
    return found


def read_pyodide(source: str | Path) -> tuple[str, dict[str, bytes]]:
    """Pyodide's version and runtime files from a folder (``node_modules/pyodide``,
    an unpacked package) or the ``.tgz`` of ``npm pack pyodide``."""
    path = Path(source)
    how = f"npm pack pyodide@{TESTED_PYODIDE}, or npm install pyodide"
    if not path.exists():
        raise SiteError(f"no Pyodide at {str(path)!r}: get it with {how}")
    found = _from_tarball(path) if path.is_file() else _from_folder(path)
    missing = [name for name in PYODIDE_FILES if name not in found]
    if not any(name in found for name in _ASM):
        missing.append(" or ".join(_ASM))
    if missing:
        raise SiteError(
            f"{str(path)!r} is not Pyodide's npm package (0.27 or later): no {', '.join(missing)}"
        )
    try:
        version = str(json.loads(found["package.json"])["version"])
    except (ValueError, KeyError, TypeError):
        raise SiteError(f"{str(path)!r}: package.json has no version") from None
    return version, found


def _write(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as error:
        raise SiteError(f"can't write {str(path)!r}: {error.strerror}") from None


def build_site(folder: str | Path, pyodide: str | Path) -> SiteBuild:
    """Write the static site into ``folder`` (made if need be; files of the same
    names are replaced, nothing else is touched) with Pyodide from ``pyodide``
    (see :func:`read_pyodide`)."""
    version, runtime = read_pyodide(pyodide)
    root = Path(folder)
    if root.exists() and not root.is_dir():
        raise SiteError(f"{str(root)!r} is a file, not a folder for the site")
    written = {name: data for name, data in files("pyodide").items()}
    written.update({f"pyodide/{name}": data for name, data in runtime.items()})
    for name, data in written.items():
        _write(root / name, data)
    try:
        wheel = write_wheel(root)
    except MtgManaError as error:
        raise SiteError(str(error)) from None
    site = {"wheel": wheel.name, "mtgmana": __version__, "pyodide": version}
    written["site.json"] = json.dumps(site, indent=2).encode()
    _write(root / "site.json", written["site.json"])
    size = sum(len(data) for data in written.values()) + wheel.stat().st_size
    return SiteBuild(root, (*sorted(written), wheel.name), size, version, wheel.name)
