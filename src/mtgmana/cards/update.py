"""``mtgmana cards update``: card data that keeps up with new sets.

:func:`update` fetches current card data and installs it in the user's data
directory (:mod:`mtgmana.cards.store`), where the default database finds it
(:mod:`mtgmana.cards.default`): every subcommand, ``mtgmana serve`` and the Python API
then know the new cards.

* By default it reads Scryfall's bulk-data listing (:data:`SCRYFALL_BULK_DATA`, or
  ``api``), finds the ``oracle_cards`` entry (one object per card) and downloads the
  file it names.
* ``source`` is instead a local file or an ``http(s)://`` address of a Scryfall bulk
  data file (``oracle_cards`` or ``default_cards``) or of MTGJSON's
  ``AtomicCards.json``, plain or gzipped (:mod:`mtgmana.cards.files`).

The file is read with the same streaming loaders as ``mtgmana card --scryfall``
(:mod:`mtgmana.cards.loaders`), keeping what the rules need of each card, and built
into the indexed format the package ships (:mod:`mtgmana.cards._index`). Before
anything is replaced it is checked: the file is valid JSON of the expected shape,
it has at least ``min_cards`` cards (:data:`MIN_CARDS`; a smaller file is a cut or
wrong one), every card has a name and a type line, the five basic lands are there,
and the built files read back. Then it replaces the data in use in one step.

On any failure — the network, an HTTP error, a truncated or corrupt file, a full
disk — :class:`~mtgmana.cards.store.CardDataError` says what happened, and the data in
use before stays in use. :func:`reset` goes back to the bundled data.

A new card's rules text is read like any other's: mana abilities mtgmana doesn't
model make a permanent that says so (the tapper's ``NotModelled``, the deck
report's notes), never a wrong answer; ``scripts/mana_coverage.py`` recounts the
coverage for the data in use.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..errors import MtgManaError
from ._names import normalize
from .store import (
    CARDS_FILE,
    INDEX_FILE,
    CardData,
    CardDataError,
    current,
    data_dir,
    install,
    locked,
    remove_updates,
    write_file,
)

__all__ = [
    "BASIC_LANDS",
    "MIN_CARDS",
    "ORACLE_CARDS",
    "SCRYFALL_BULK_DATA",
    "Update",
    "bulk_data_address",
    "check_records",
    "reset",
    "update",
]

SCRYFALL_BULK_DATA: Final = "https://api.scryfall.com/bulk-data"
"""Scryfall's bulk-data listing: ``{"object": "list", "data": [{"type": ...,
"download_uri": ..., "updated_at": ...}, ...]}``."""
ORACLE_CARDS: Final = "oracle_cards"
"""The listing's entry of one object per card (Scryfall's "Oracle Cards")."""
MIN_CARDS: Final = 25_000
"""The fewest cards a full card list has (about 30,000 in 2025)."""
BASIC_LANDS: Final = ("Plains", "Island", "Swamp", "Mountain", "Forest")
"""Cards every full card list has (CR 205.3i: the basic land types' lands)."""


@dataclass(frozen=True)
class Update:
    """What :func:`update` installed: the data now in use (its description), the
    names of the cards it has that the data before didn't, and the cards whose
    data mtgmana can't read (each raises an error saying so when used; none in
    Scryfall's data of 2025)."""

    data: CardData
    added: tuple[str, ...]
    unreadable: tuple[str, ...]


Say = Callable[[str], None]


def update(
    source: str | os.PathLike[str] | None = None,
    *,
    api: str = SCRYFALL_BULK_DATA,
    min_cards: int = MIN_CARDS,
    progress: bool | None = None,
    timeout: float = 60.0,
    say: Say | None = None,
    directory: str | os.PathLike[str] | None = None,
) -> Update:
    """Fetch, check, build and install card data (see the module).

    ``source`` is a file or address (``None``: Scryfall's Oracle Cards, found in the
    bulk-data listing at ``api``); ``progress`` draws progress bars on standard error
    (``None``: when it is a terminal); ``timeout`` is in seconds, per network
    operation; ``say`` is called with a line about each long step; ``directory`` is
    the data directory (default :func:`~mtgmana.cards.store.data_dir`).

    Raises :class:`~mtgmana.cards.store.CardDataError` (an
    :class:`~mtgmana.errors.MtgManaError`) saying what went wrong; the data in use
    is then unchanged.
    """
    if isinstance(min_cards, bool) or not isinstance(min_cards, int) or min_cards < 1:
        raise CardDataError(f"min_cards must be a whole number of at least 1, not {min_cards!r}")
    if not isinstance(timeout, (int, float)) or not timeout > 0:
        raise CardDataError(f"the timeout must be a number of seconds above 0, not {timeout!r}")
    import shutil
    import tempfile

    base = data_dir() if directory is None else Path(directory)
    with locked(base):
        try:
            staging = Path(tempfile.mkdtemp(prefix=".update-", dir=base))
        except OSError as error:
            raise CardDataError(f"can't write in the data directory {base}: {error}") from None
        try:
            result = _update(source, api, min_cards, progress, timeout, say, base, staging)
        except OSError as error:  # writing the new files (a full disk)
            raise CardDataError(f"can't write the card data in {base}: {error}") from None
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    from .default import forget

    forget()
    return result


def reset(directory: str | os.PathLike[str] | None = None) -> bool:
    """Go back to the bundled card data (remove the updated data); ``True`` if there
    was updated data."""
    base = data_dir() if directory is None else Path(directory)
    if not base.exists():
        return False
    with locked(base):
        had = remove_updates(base)
    from .default import forget

    forget()
    return had


def _update(
    source: str | os.PathLike[str] | None,
    api: str,
    min_cards: int,
    progress: bool | None,
    timeout: float,
    say: Say | None,
    base: Path,
    staging: Path,
) -> Update:
    from ._index import pack
    from ._records import sorted_records
    from .files import KINDS, read_card_source

    path, about = _fetch(source, api, staging, progress, timeout, say)
    where = str(about.get("url") or about.get("path") or path)
    try:
        records, found = read_card_source(path, progress=progress)
    except MtgManaError as error:
        if path.parent != staging:
            raise
        raise CardDataError(f"the file downloaded from {where} is not card data: {error}") from None
    unreadable = check_records(records, min_cards, where)
    if found.get("date"):
        about["date"] = found["date"]  # MTGJSON's own
    about["format"] = found["format"]
    about.setdefault("source", f"{KINDS[found['format']]}, {where}")
    if path.parent == staging:
        path.unlink()  # room for the built files
    data, index = pack(sorted_records(records))
    write_file(staging / CARDS_FILE, data)
    write_file(staging / INDEX_FILE, index)
    database = _read_back(staging, len(records))
    before = _names_before(base)
    about.update(cards=len(database), installed=_now())
    final = install(staging, about, base)
    names = {normalize(r["name"]): r["name"] for r in records}
    added = sorted(name for key, name in names.items() if key not in before)
    described = CardData(
        "updated",
        str(final),
        len(database),
        str(about["source"]),
        about.get("date"),
        about["installed"],
    )
    return Update(described, tuple(added), unreadable)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _fetch(
    source: str | os.PathLike[str] | None,
    api: str,
    staging: Path,
    progress: bool | None,
    timeout: float,
    say: Say | None,
) -> tuple[Path, dict[str, Any]]:
    """The card file to read (downloaded into ``staging`` if remote) and what is
    known of it so far (``source``, ``url``, ``date``)."""
    from ._download import download, is_url

    if source is not None and not is_url(os.fspath(source)):
        path = Path(source).expanduser()
        if path.is_dir():
            raise CardDataError(f"{path} is a directory, not a card file")
        if not path.is_file():
            raise CardDataError(f"no such card file: {path}")
        modified = time.strftime("%Y-%m-%d", time.gmtime(path.stat().st_mtime))
        return path, {"path": str(path.resolve()), "date": modified}
    about: dict[str, Any]
    if source is None:
        url, date = bulk_data_address(api, timeout=timeout)
        about = {"source": f"Scryfall Oracle Cards, {url}", "url": url, "date": date, "api": api}
    else:
        url = os.fspath(source)
        about = {"url": url}
    if say is not None:
        say(f"downloading {url}")
    downloaded = download(url, staging, progress=progress, timeout=timeout)
    if not about.get("date"):
        about["date"] = _http_date(downloaded.last_modified) or _now()
    return downloaded.path, about


def _http_date(text: str | None) -> str | None:
    """An HTTP date (``Last-Modified``) as ISO 8601, ``None`` if there is none."""
    if not text:
        return None
    import email.utils

    try:
        parsed = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    return parsed.strftime("%Y-%m-%dT%H:%M:%SZ")


def bulk_data_address(
    api: str = SCRYFALL_BULK_DATA, *, timeout: float = 60.0
) -> tuple[str, str | None]:
    """The address of Scryfall's current Oracle Cards file and its ``updated_at``,
    from the bulk-data listing at ``api``."""
    from ._download import fetch_json, is_url

    listing = fetch_json(api, timeout=timeout)
    entries = listing.get("data") if isinstance(listing, dict) else None
    if not isinstance(entries, list):
        raise CardDataError(f"{api}: not a bulk-data listing (no 'data' list)")
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == ORACLE_CARDS:
            address = entry.get("download_uri")
            if not isinstance(address, str) or not is_url(address):
                raise CardDataError(f"{api}: the {ORACLE_CARDS} entry has no download_uri")
            date = entry.get("updated_at")
            return address, date if isinstance(date, str) else None
    kinds = [e.get("type") for e in entries if isinstance(e, dict)]
    shown = ", ".join(str(k) for k in kinds) or "no entries"
    raise CardDataError(f"{api}: the bulk-data listing has no {ORACLE_CARDS!r} entry ({shown})")


# -- checking --------------------------------------------------------------------------


def _has_type_line(record: Mapping[str, Any]) -> bool:
    if record.get("type_line"):
        return True
    faces = record.get("card_faces") or ()
    return bool(faces) and all(face.get("type_line") for face in faces)


def check_records(
    records: Sequence[Mapping[str, Any]], min_cards: int = MIN_CARDS, where: str = "the file"
) -> tuple[str, ...]:
    """Check the records of new card data (see the module); return the names of the
    cards whose data mtgmana can't read. Raises
    :class:`~mtgmana.cards.store.CardDataError` saying what is wrong.

    >>> check_records([{"name": "Forest", "type_line": "Basic Land — Forest"}], 1)
    Traceback (most recent call last):
    ...
    mtgmana.cards.store.CardDataError: the file lacks Plains, Island, Swamp, Mountain: not a ...
    """
    if len(records) < min_cards:
        raise CardDataError(
            f"{where} has {len(records):,} card{'' if len(records) == 1 else 's'}, fewer than the "
            f"{min_cards:,} of a full card "
            "list: a cut or wrong file? (--min-cards sets the minimum)"
        )
    untyped = [str(r.get("name")) for r in records if not _has_type_line(r)]
    if untyped:
        shown = ", ".join(map(repr, untyped[:3]))
        raise CardDataError(
            f"{where}: {len(untyped):,} cards have no type line ({shown}...): not card data"
        )
    names = {normalize(str(r.get("name"))) for r in records}
    missing = [name for name in BASIC_LANDS if normalize(name) not in names]
    if missing:
        raise CardDataError(f"{where} lacks {', '.join(missing)}: not a full card list")
    from .database import CardDatabase

    database = CardDatabase(records)
    unreadable = []
    for number in range(len(database)):
        try:
            database._card(number)
        except (ValueError, TypeError, KeyError, AttributeError):  # MtgManaError included
            unreadable.append(str(records[number]["name"]))
    return tuple(unreadable)


def _read_back(staging: Path, count: int) -> Any:
    """The built files, opened through their index as the default database will be;
    every basic land is found."""
    from .files import open_directory

    database, _ = open_directory(staging)
    if len(database) != count:  # pragma: no cover - pack writes what it is given
        raise CardDataError(f"the built card data holds {len(database)} cards, not {count}")
    for name in BASIC_LANDS:
        database.lookup(name)
    return database


def _names_before(base: Path) -> set[str]:
    """The normalized names of the updated data in use (else the bundled data's)."""
    from ._index import CardIndex

    try:
        found = current(base)
    except CardDataError:
        found = None
    try:
        if found is None:
            return set(CardIndex().names())
        return set(CardIndex(str(found / CARDS_FILE), str(found / INDEX_FILE)).names())
    except MtgManaError:
        return set()
