"""The default card database: the cards mtgmana uses wherever no database is given —
:func:`lookup`, :meth:`Permanent.named <mtgmana.board.Permanent.named>` and
:meth:`Board.parse <mtgmana.board.Board.parse>` (so the tapper), the deck
analysis, every subcommand and ``mtgmana serve``. It is, the first that applies:

1. the card file or database :func:`use` chose for this process (``--cards FILE``
   on the command line);
2. the card file the environment variable ``MTGMANA_CARDS`` names (any kind
   :mod:`mtgmana.cards.files` reads);
3. the updated card data ``mtgmana cards update`` installed in the user's data
   directory (:mod:`mtgmana.cards.store`); if it is damaged, a
   :class:`RuntimeWarning` says so and the bundled data is used;
4. the card data bundled with mtgmana (:meth:`CardDatabase.bundled
   <mtgmana.cards.CardDatabase.bundled>`).

The choice is made when a card is first looked up and kept for the process.
``use(None)`` forgets it and chooses again (after the environment or the data
directory changed, as in tests); :func:`data_in_use` says which data it is.

>>> from mtgmana import cards
>>> cards.data_in_use().kind
'bundled'
>>> small = cards.CardDatabase.from_records([{"name": "Forest", "type_line": "Basic Land"}])
>>> cards.use(small).cards
1
>>> cards.lookup("Lightning Bolt")
Traceback (most recent call last):
...
mtgmana.errors.UnknownCardError: unknown card name 'Lightning Bolt' (newer cards come with ...)
>>> cards.use(None).kind, cards.lookup("Lightning Bolt").mana_value
('bundled', 1)
"""

from __future__ import annotations

import contextlib
import os
import threading
import warnings
from collections.abc import Callable, Iterator
from typing import Final

from .database import CardDatabase
from .model import Card
from .store import CARDS_ENV, CardData, CardDataError, bundled_about, current_dir, open_card_data

__all__ = [
    "data_in_use",
    "default_database",
    "forget",
    "lookup",
    "use",
    "using",
    "when_changed",
]

_LOCK: Final = threading.RLock()
_LOADED: list[tuple[CardDatabase, CardData]] = []  # the default, once chosen
_CHOSEN: list[tuple[CardDatabase, CardData]] = []  # what use() chose
_CHANGED: list[Callable[[], None]] = []


def default_database() -> CardDatabase:
    """The database mtgmana uses when none is given (see the module).

    Raises :class:`~mtgmana.errors.MtgManaError` when ``MTGMANA_CARDS`` names a
    card file that can't be read.
    """
    loaded = _LOADED
    return (loaded[0] if loaded else _load())[0]


def data_in_use() -> CardData:
    """Which card data the default database holds: bundled, updated or a file, with
    its date, number of cards and source (``mtgmana cards info``)."""
    loaded = _LOADED
    return (loaded[0] if loaded else _load())[1]


def lookup(name: str) -> Card:
    """The card of the default database with this full or face name.

    Raises :class:`~mtgmana.errors.UnknownCardError` listing close spellings when
    there is none (and saying that newer cards come with ``mtgmana cards update``).

    >>> lookup("Brisela, Voice of Nightmares").mana_value   # Bruna 7 + Gisela 4
    11
    """
    return default_database().lookup(name)


def use(
    source: str | os.PathLike[str] | CardDatabase | None, *, chosen_by: str = "use()"
) -> CardData:
    """Make ``source`` the default database for this process: a card file or
    directory (opened now: an error is raised at once if it can't be read) or a
    :class:`~mtgmana.cards.CardDatabase`; ``None`` forgets any choice and chooses
    again, at once (see the module). Returns the description of the data now in
    use. ``chosen_by`` says what chose it, for :func:`data_in_use`
    (``"--cards"`` on the command line)."""
    chosen: tuple[CardDatabase, CardData] | None = None
    if isinstance(source, CardDatabase):
        chosen = (source, CardData("database", None, len(source), "a CardDatabase", None))
    elif source is not None:
        from .files import open_card_file

        chosen = open_card_file(source, chosen_by=chosen_by)
    with _LOCK:
        _CHOSEN[:] = [] if chosen is None else [chosen]
        forget()
    return data_in_use()


@contextlib.contextmanager
def using(
    source: str | os.PathLike[str] | CardDatabase | None, *, chosen_by: str = "use()"
) -> Iterator[CardData]:
    """:func:`use` ``source`` inside a ``with`` block (``None``: choose as if nothing
    had been chosen), then go back to what was chosen before: ``mtgmana --cards FILE``
    is one run, and a test can switch the card data for a while.

    >>> small = CardDatabase.from_records([{"name": "Forest", "type_line": "Basic Land"}])
    >>> with using(small):
    ...     len(default_database())
    1
    >>> len(default_database()) > 30_000
    True
    """
    with _LOCK:
        before = list(_CHOSEN)
    try:
        yield use(source, chosen_by=chosen_by)
    finally:
        with _LOCK:
            _CHOSEN[:] = before
            forget()


def forget() -> None:
    """Forget the default database chosen so far (but not what :func:`use` chose):
    the next look-up chooses again. ``mtgmana cards update`` and ``reset`` call it."""
    with _LOCK:
        _LOADED.clear()
        for callback in _CHANGED:
            callback()


def when_changed(callback: Callable[[], None]) -> None:
    """Call ``callback`` whenever the default database may change (to clear what was
    cached from the old one, by card name)."""
    with _LOCK:
        _CHANGED.append(callback)


def _load() -> tuple[CardDatabase, CardData]:
    with _LOCK:
        if _LOADED:
            return _LOADED[0]
        if _CHOSEN:
            found = _CHOSEN[0]
        else:
            named = os.environ.get(CARDS_ENV)
            if named:
                from .files import open_card_file

                try:
                    found = open_card_file(named, chosen_by=CARDS_ENV)
                except CardDataError as error:
                    raise CardDataError(f"{CARDS_ENV}={named}: {error}") from None
            else:
                found = _updated() or _bundled()
        _LOADED.append(found)
        return found


def _updated() -> tuple[CardDatabase, CardData] | None:
    """The updated card data, if any is installed (a warning if it is damaged)."""
    try:
        directory = current_dir()
        if directory is None:
            return None
        database, about = open_card_data(directory)
    except CardDataError as error:
        warnings.warn(
            f"{error}; using the bundled card data instead (run `mtgmana cards update` "
            "again, or `mtgmana cards reset`)",
            RuntimeWarning,
            stacklevel=4,
        )
        return None
    data = CardData(
        "updated",
        directory,
        len(database),
        str(about.get("source") or "mtgmana cards update"),
        about.get("date"),
        about.get("installed"),
    )
    return database, data


def _bundled() -> tuple[CardDatabase, CardData]:
    from ._index import CARDS_PATH

    database = CardDatabase.bundled()
    try:
        about = bundled_about()
    except CardDataError:  # pragma: no cover - the package's own file
        about = {}
    source = str(about.get("source") or "Scryfall")
    path = os.path.dirname(CARDS_PATH)
    return database, CardData("bundled", path, len(database), source, about.get("date"))
