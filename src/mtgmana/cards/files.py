"""Card files of every kind mtgmana reads, told apart by what they hold (not by their
names), plain or gzipped:

* ``"scryfall"``: a Scryfall bulk data file, a JSON array of card objects
  (:func:`~mtgmana.cards.loaders.scryfall_bulk_records`);
* ``"mtgjson"``: MTGJSON's ``AtomicCards.json``, an object whose first key is
  ``meta`` or ``data`` (:func:`~mtgmana.cards.loaders.mtgjson_atomic_records`);
* ``"json lines"``: one card object a line, such as the bundled ``cards.jsonl.gz``;
  read through its index (:mod:`mtgmana.cards._index`) when ``NAME.index`` is next
  to ``NAME.jsonl.gz``;
* a directory: a card data directory (``cards.jsonl.gz``, ``cards.index``, see
  :mod:`mtgmana.cards.store`), or a data directory whose ``current.json`` names one.

:func:`open_card_file` opens any of them as a :class:`~mtgmana.cards.CardDatabase`
(``--cards FILE``, ``MTGMANA_CARDS``); :func:`read_card_source` reads the records of a
file to build updated card data from (``mtgmana cards update --from``).
"""

from __future__ import annotations

import gzip
import json
import os
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Final, Literal, TypeAlias

from .._regex import lazy
from ._index import CardIndex, CardIndexError
from ._records import Record, card_records
from .database import CardDatabase
from .store import (
    CARDS_FILE,
    CURRENT_FILE,
    CardData,
    CardDataError,
    current_dir,
    open_card_data,
    read_about,
)

__all__ = [
    "KINDS",
    "CardFileKind",
    "card_file_kind",
    "json_lines_objects",
    "open_card_file",
    "open_directory",
    "read_card_source",
]

CardFileKind: TypeAlias = Literal["scryfall", "mtgjson", "json lines", "directory"]
"""The kinds of card file :func:`card_file_kind` tells apart."""

KINDS: Final[dict[CardFileKind, str]] = {
    "scryfall": "Scryfall bulk data",
    "mtgjson": "MTGJSON AtomicCards",
    "json lines": "JSON lines of cards",
    "directory": "a card data directory",
}
"""Each kind of card file, in words."""

_SNIFF: Final = 1 << 16  # bytes read to tell the kinds apart
_FIRST_KEY: Final = lazy(r'\{\s*"(meta|data)"\s*:')
_WHAT: Final = (
    "a Scryfall bulk data file (a JSON array of cards), MTGJSON's AtomicCards file, "
    "JSON lines of cards or a card data directory"
)


def _head(path: Path) -> str:
    """The first characters of a file, decompressed if it is gzipped."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(_SNIFF)
        if data[:2] == b"\x1f\x8b":
            with gzip.open(path, "rb") as unzipped:
                data = unzipped.read(_SNIFF)
    except (OSError, EOFError, zlib.error) as error:
        raise CardDataError(f"can't read the card file {path}: {error}") from None
    return data.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")


def card_file_kind(path: str | os.PathLike[str]) -> CardFileKind:
    """``"scryfall"``, ``"mtgjson"``, ``"json lines"`` or ``"directory"`` (see the
    module). Raises :class:`~mtgmana.cards.store.CardDataError` for anything else."""
    found = Path(path)
    if found.is_dir():
        return "directory"
    if not found.exists():
        raise CardDataError(f"no such card file: {found}")
    head = _head(found)
    if head.startswith("["):
        return "scryfall"
    if _FIRST_KEY.match(head):
        return "mtgjson"
    if head.startswith("{"):
        return "json lines"
    shown = repr(head[:20]) if head else "nothing"
    raise CardDataError(f"{found} is not a card file: it starts with {shown}; expected {_WHAT}")


def json_lines_objects(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The card objects of a JSON-lines file, plain or gzipped (blank lines skipped).
    Raises :class:`~mtgmana.cards.store.CardDataError` naming the line of a bad one."""
    number = 0
    try:
        with open(path, "rb") as raw:
            gzipped = raw.read(2) == b"\x1f\x8b"
        opened: IO[str] = (
            gzip.open(path, "rt", encoding="utf-8") if gzipped else open(path, encoding="utf-8-sig")  # noqa: SIM115
        )
        with opened as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    yield _card_object(path, number, line)
    except UnicodeDecodeError as error:
        raise CardDataError(f"{path}, line {number + 1}: not UTF-8 text ({error})") from None
    except (OSError, EOFError, zlib.error) as error:
        raise CardDataError(f"{path}, after line {number}: unreadable ({error})") from None


def _card_object(path: str | os.PathLike[str], number: int, line: str) -> dict[str, Any]:
    try:
        obj = json.loads(line)
    except ValueError as error:
        raise CardDataError(f"{path}, line {number}: not JSON ({error})") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        raise CardDataError(f"{path}, line {number}: not a card object with a name")
    return obj


def read_card_source(
    path: str | os.PathLike[str], *, progress: bool | None = None
) -> tuple[list[Record], dict[str, Any]]:
    """The records of the cards of a Scryfall bulk, MTGJSON AtomicCards or JSON-lines
    file, and what is known of it: ``{"format": kind, "date": ...}`` (the date MTGJSON's
    ``meta`` gives, if any). Raises :class:`~mtgmana.errors.MtgManaError` saying what is
    wrong and where."""
    kind = card_file_kind(path)
    about: dict[str, Any] = {"format": kind}
    if kind == "scryfall":
        from .loaders import scryfall_bulk_records

        return scryfall_bulk_records(path, progress=progress), about
    if kind == "mtgjson":
        from .loaders import mtgjson_atomic_records

        records, meta = mtgjson_atomic_records(path, progress=progress)
        if isinstance(meta.get("date"), str):
            about["date"] = meta["date"]
        return records, about
    if kind == "json lines":
        try:
            return card_records(json_lines_objects(path)), about
        except (TypeError, ValueError) as error:
            if isinstance(error, CardDataError):
                raise
            raise CardDataError(f"{path}: a malformed card ({error})") from None
    raise CardDataError(f"{path} is a directory, not a card file ({_WHAT})")


def _file_date(path: Path) -> str | None:
    try:
        return time.strftime("%Y-%m-%d", time.gmtime(path.stat().st_mtime))
    except OSError:
        return None


def open_directory(directory: Path) -> tuple[CardDatabase, dict[str, Any]]:
    """A card data directory (or the one a data directory's ``current.json`` names)
    as a database, with its ``cards.about.json``."""
    if (directory / CURRENT_FILE).exists():
        found = current_dir(directory)
        if found is None:  # pragma: no cover - removed between the two looks
            raise CardDataError(f"{directory} holds no updated card data")
        directory = Path(found)
    if not (directory / CARDS_FILE).is_file():
        raise CardDataError(f"{directory} holds no {CARDS_FILE}: expected {_WHAT}")
    return open_card_data(directory)


def open_card_file(
    path: str | os.PathLike[str], *, progress: bool | None = None, chosen_by: str | None = None
) -> tuple[CardDatabase, CardData]:
    """Any card file or directory (see the module) as a database, and its description
    (``chosen_by``: what chose it, for the description). Raises
    :class:`~mtgmana.errors.MtgManaError` saying what is wrong and where."""
    found = Path(path).expanduser()
    kind = card_file_kind(found)
    about: dict[str, Any] = {}
    if kind == "directory":
        database, about = open_directory(found)
    elif kind == "json lines" and found.name.endswith(".jsonl.gz"):
        index = found.with_name(found.name.removesuffix(".jsonl.gz") + ".index")
        if index.exists():
            try:
                database = CardDatabase._indexed(CardIndex(str(found), str(index)))
            except CardIndexError as error:
                raise CardDataError(f"{found} is unusable: {error}") from None
            about = read_about(found.parent) if found.name == CARDS_FILE else {}
        else:
            database = CardDatabase(read_card_source(found)[0])
    else:
        records, about = read_card_source(found, progress=progress)
        database = CardDatabase(records)
    source = about.get("source") or f"{KINDS[about.get('format', kind)]}, {found}"
    date = about.get("date") or _file_date(found)
    described = CardData(
        "file",
        str(found),
        len(database),
        str(source),
        None if date is None else str(date),
        about.get("installed"),
        chosen_by,
    )
    return database, described
