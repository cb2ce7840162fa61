"""mtgmana's own wheel, written from the installed package: what the static site
gives Pyodide to unpack (:mod:`.site`), with the card database in it.

A wheel (PEP 427) is a zip of the package's files and a ``.dist-info`` folder:
``METADATA`` (core metadata 2.1: name, version, summary, Python versions),
``WHEEL`` (pure Python, tag ``py3-none-any``) and ``RECORD`` (each file's SHA-256,
PEP 376). It is written from the files of the ``mtgmana`` package as installed —
its modules, ``py.typed``, the card data and the page's files (the package data of
pyproject.toml) — so it works from an installed copy as well as from a checkout,
without pip or a build backend. The files are sorted and dated 1980-01-01, so the
same package gives the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.resources
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .. import __version__
from ..errors import MtgManaError

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["package_files", "wheel_name", "write_wheel"]

_DATA_FOLDERS: Final = ("data", "web/static")
"""The package data folders (pyproject.toml's ``package-data``); every file in
them is shipped."""

_SUMMARY: Final = (
    "The mana system of Magic: The Gathering, exactly as the Comprehensive Rules state it."
)
_DATE: Final = (1980, 1, 1, 0, 0, 0)


def wheel_name() -> str:
    """``mtgmana-<version>-py3-none-any.whl``."""
    return f"mtgmana-{__version__}-py3-none-any.whl"


def _shipped(name: str) -> bool:
    """Whether the file at ``name`` (``mtgmana/...``) goes in the wheel."""
    if name.endswith(".py") or name == "mtgmana/py.typed":
        return True
    return any(name.startswith(f"mtgmana/{data}/") for data in _DATA_FOLDERS)


def _walk(folder: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
    for item in folder.iterdir():
        name = f"{prefix}/{item.name}"
        if item.is_dir():
            if item.name != "__pycache__":
                yield from _walk(item, name)
        elif _shipped(name):
            yield name, item


def package_files() -> dict[str, bytes]:
    """The installed package's files by their path in the wheel
    (``mtgmana/...``): modules, ``py.typed`` and the package data."""
    root = importlib.resources.files("mtgmana")
    return {name: item.read_bytes() for name, item in sorted(_walk(root, "mtgmana"))}


def _digest(data: bytes) -> str:
    raw = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _metadata() -> dict[str, bytes]:
    info = f"mtgmana-{__version__}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\nName: mtgmana\n"
        f"Version: {__version__}\nSummary: {_SUMMARY}\nRequires-Python: >=3.10\n"
        "License: MIT\n"
    )
    wheel = "Wheel-Version: 1.0\nGenerator: mtgmana.web.wheel\nRoot-Is-Purelib: true\n"
    wheel += "Tag: py3-none-any\n"
    return {f"{info}/METADATA": metadata.encode(), f"{info}/WHEEL": wheel.encode()}


def write_wheel(folder: str | Path) -> Path:
    """Write mtgmana's wheel into ``folder`` (which must exist); its path."""
    path = Path(folder) / wheel_name()
    contents = {**package_files(), **_metadata()}
    record_name = f"mtgmana-{__version__}.dist-info/RECORD"
    record = "".join(f"{name},{_digest(data)},{len(data)}\n" for name, data in contents.items())
    contents[record_name] = (record + f"{record_name},,\n").encode()
    try:
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in contents.items():
                entry = zipfile.ZipInfo(name, date_time=_DATE)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                archive.writestr(entry, data)
    except OSError as error:
        raise MtgManaError(f"can't write the wheel to {str(path)!r}: {error.strerror}") from None
    return path
