"""Card data on disk: the bundled data, the user's updated data, and what each holds.

A *card data directory* holds the indexed format the package ships
(:mod:`mtgmana.cards._index`): ``cards.jsonl.gz`` (one record a line, gzipped in
blocks), ``cards.index`` (the names and where each block starts) and
``cards.about.json`` (where the cards came from: ``{"source": ..., "date": ...,
"cards": N}``, and for updated data ``"url"`` and ``"installed"``).

``mtgmana cards update`` (:mod:`mtgmana.cards.update`) keeps updated data in the
user's data directory, :func:`data_dir`: ``$MTGMANA_DATA_DIR`` if set, else
``$XDG_DATA_HOME/mtgmana`` (an absolute ``XDG_DATA_HOME``, as the XDG Base Directory
specification asks), else ``~/.local/share/mtgmana`` (``%LOCALAPPDATA%\\mtgmana`` on
Windows, ``~/Library/Application Support/mtgmana`` on macOS). There, each update is a
card data directory of its own, ``cards-<time>-<random>/``, and ``current.json``
names the one in use: a new update is written and checked in full first, then
``current.json`` is replaced in one step (``os.replace``), so a reader sees the old
data or the new, never a mix. The update before stays on disk (a running
``mtgmana serve`` may still be reading it); older ones are removed.

>>> import tempfile
>>> current(tempfile.mkdtemp()) is None      # nothing installed there: the bundled data
True
>>> bundled_about()["date"]
'2025-09-25'
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator, Mapping
from typing import IO, TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeAlias

from ..errors import MtgManaError
from ._index import CARDS_PATH, CardIndex, CardIndexError

if TYPE_CHECKING:  # pathlib is imported when first needed: start-up stays cheap
    from pathlib import Path

    from .database import CardDatabase

PathLike = str | os.PathLike[str]

__all__ = [
    "ABOUT_FILE",
    "CARDS_ENV",
    "CARDS_FILE",
    "CURRENT_FILE",
    "DATA_DIR_ENV",
    "INDEX_FILE",
    "CardData",
    "CardDataError",
    "CardDataKind",
    "bundled_about",
    "current",
    "current_dir",
    "data_dir",
    "install",
    "locked",
    "open_card_data",
    "read_about",
    "remove_updates",
    "write_file",
]

DATA_DIR_ENV: Final = "MTGMANA_DATA_DIR"
"""The environment variable that says where the user's data directory is."""
CARDS_ENV: Final = "MTGMANA_CARDS"
"""The environment variable that names a card file to use instead (one run)."""

CARDS_FILE: Final = "cards.jsonl.gz"
INDEX_FILE: Final = "cards.index"
ABOUT_FILE: Final = "cards.about.json"
CURRENT_FILE: Final = "current.json"
"""The file of the data directory naming the updated card data in use."""
_GENERATION: Final = "cards-"
_KEEP: Final = 2  # the current update and the one before


class CardDataError(MtgManaError):
    """Card data that can't be read, written or used: the message says what and where."""


CardDataKind: TypeAlias = Literal["bundled", "updated", "file", "database"]
"""Where the card data in use comes from (:attr:`CardData.kind`)."""


class CardData(NamedTuple):
    """Which card data is in use (``mtgmana cards info``).

    ``kind`` is ``"bundled"`` (shipped with mtgmana), ``"updated"`` (made by
    ``mtgmana cards update``), ``"file"`` (a card file chosen for this run: ``--cards``,
    ``MTGMANA_CARDS`` or :func:`mtgmana.cards.use`) or ``"database"`` (a
    :class:`~mtgmana.cards.CardDatabase` given to :func:`mtgmana.cards.use`).
    ``path`` is the card data directory or file, ``cards`` the number of cards,
    ``source`` where they came from, ``date`` the date of the data (the source's,
    when it says), ``installed`` when ``mtgmana cards update`` installed it and
    ``chosen_by`` what chose a card file (``"--cards"``, ``"MTGMANA_CARDS"``, ...).
    """

    kind: CardDataKind
    path: str | None
    cards: int
    source: str
    date: str | None = None
    installed: str | None = None
    chosen_by: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``mtgmana cards info --json`` prints (without the data
        directory, which the command adds)."""
        return {
            "data": self.kind,
            "path": self.path,
            "cards": self.cards,
            "source": self.source,
            "date": self.date,
            "installed": self.installed,
            "chosen_by": self.chosen_by,
        }


# -- where -------------------------------------------------------------------------------


def data_dir() -> Path:
    """The user's data directory for mtgmana (see the module; it may not exist yet)."""
    from pathlib import Path

    return Path(_data_dir())


def _data_dir() -> str:
    chosen = os.environ.get(DATA_DIR_ENV)
    if chosen:
        return os.path.expanduser(chosen)
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "mtgmana")
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        if local:
            return os.path.join(local, "mtgmana")
    elif sys.platform == "darwin":
        return os.path.join(home, "Library", "Application Support", "mtgmana")
    return os.path.join(home, ".local", "share", "mtgmana")


def read_about(directory: PathLike) -> dict[str, Any]:
    """The ``cards.about.json`` of a card data directory (``{}`` when it has none)."""
    path = os.path.join(directory, ABOUT_FILE)
    try:
        with open(path, encoding="utf-8") as handle:
            about = json.load(handle)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        raise CardDataError(f"{path} is unreadable: {error}") from None
    if not isinstance(about, dict):
        raise CardDataError(f"{path} is not a JSON object")
    return about


def bundled_about() -> dict[str, Any]:
    """What the bundled card data says about itself (``source``, ``date``, ``cards``)."""
    return read_about(os.path.dirname(CARDS_PATH))


def current(directory: PathLike | None = None) -> Path | None:
    """The updated card data directory in use in the data directory ``directory``
    (default :func:`data_dir`); ``None``: none installed, the bundled data is used.
    Raises :class:`CardDataError` when ``current.json`` names data that is missing or
    damaged."""
    found = current_dir(directory)
    if found is None:
        return None
    from pathlib import Path

    return Path(found)


def current_dir(directory: PathLike | None = None) -> str | None:
    """:func:`current` as a string."""
    base = _data_dir() if directory is None else os.fspath(directory)
    pointer = os.path.join(base, CURRENT_FILE)
    try:
        with open(pointer, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise CardDataError(f"{pointer} is unreadable: {error}") from None
    try:
        named = json.loads(text)["cards"]
    except (ValueError, TypeError, KeyError):
        raise CardDataError(f"{pointer} is damaged: not {{'cards': DIRECTORY}}") from None
    if not isinstance(named, str) or not named.startswith(_GENERATION) or os.sep in named:
        raise CardDataError(f"{pointer} is damaged: {named!r} is not a card data directory")
    found = os.path.join(base, named)
    missing = [n for n in (CARDS_FILE, INDEX_FILE) if not os.path.isfile(os.path.join(found, n))]
    if missing:
        raise CardDataError(f"the updated card data in {found} is missing {', '.join(missing)}")
    return found


def open_card_data(directory: PathLike) -> tuple[CardDatabase, dict[str, Any]]:
    """The card data directory ``directory`` as a database read through its index,
    and its ``cards.about.json``. Raises :class:`CardDataError` if it is unusable."""
    from .database import CardDatabase

    base = os.fspath(directory)
    cards = os.path.join(base, CARDS_FILE)
    try:
        index = CardIndex(cards, os.path.join(base, INDEX_FILE))
    except CardIndexError as error:
        raise CardDataError(f"the card data in {base} is unusable: {error}") from None
    return CardDatabase._indexed(index), read_about(base)


# -- writing -------------------------------------------------------------------------------


def write_file(path: PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` and flush it to the disk (before it is renamed into
    use, so that a crash can't leave an empty file in its place)."""
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


@contextlib.contextmanager
def locked(directory: PathLike) -> Iterator[None]:
    """Hold the data directory's lock (one update or reset at a time; where the
    platform has ``fcntl``), creating the directory if needed."""
    try:
        os.makedirs(directory, exist_ok=True)
        handle: IO[bytes] = open(os.path.join(directory, ".lock"), "ab")  # noqa: SIM115
    except OSError as error:
        raise CardDataError(f"can't use the data directory {directory}: {error}") from None
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: no lock
            yield
        else:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    finally:
        handle.close()


def install(staged: PathLike, about: Mapping[str, Any], directory: PathLike) -> Path:
    """Make the card data directory ``staged`` (complete and checked, inside
    ``directory``) the one in use, in one step; returns where it now is. Hold
    :func:`locked` around it."""
    import secrets
    import shutil
    import tempfile
    import time
    from pathlib import Path

    staged, directory = Path(staged), Path(directory)

    now = time.time_ns()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now // 10**9)) + f".{now % 10**9:09d}Z"
    final = directory / f"{_GENERATION}{stamp}-{secrets.token_hex(3)}"  # sorted by time
    write_file(staged / ABOUT_FILE, (json.dumps(dict(about), indent=1) + "\n").encode())
    os.replace(staged, final)
    pointer = {"cards": final.name}
    handle, temporary = tempfile.mkstemp(prefix=".current-", suffix=".json", dir=directory)
    os.close(handle)
    try:
        write_file(Path(temporary), (json.dumps(pointer) + "\n").encode())
        os.replace(temporary, directory / CURRENT_FILE)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        shutil.rmtree(final, ignore_errors=True)
        raise
    _prune(directory, final)
    return final


def _generations(directory: Path) -> list[Path]:
    """The card data directories of ``directory``, oldest first."""
    try:
        found = [p for p in directory.iterdir() if p.name.startswith(_GENERATION) and p.is_dir()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name)


def _prune(directory: Path, keep: Path) -> None:
    """Remove all but the newest updates (``keep`` always stays)."""
    import shutil

    older = [p for p in _generations(directory) if p != keep]
    for path in older[: max(0, len(older) - (_KEEP - 1))]:
        shutil.rmtree(path, ignore_errors=True)


def remove_updates(directory: PathLike) -> bool:
    """Go back to the bundled data: remove ``current.json`` (in one step), then every
    update. ``True`` if there was updated data. Hold :func:`locked` around it."""
    import shutil
    from pathlib import Path

    directory = Path(directory)
    pointer = directory / CURRENT_FILE
    had = pointer.exists()
    try:
        pointer.unlink(missing_ok=True)
    except OSError as error:
        raise CardDataError(f"can't remove {pointer}: {error}") from None
    for path in _generations(directory):
        shutil.rmtree(path, ignore_errors=True)
    return had
