"""The card database: every real card, found by name.

mtgmana ships its own database of about 30,000 cards (``mtgmana/data/cards.jsonl.gz``
and its index ``mtgmana/data/cards.index``, made by ``scripts/build_card_db.py``). It
holds only what the rules need to compute mana costs, mana values, colors and color
identities (CR 202, 204, 708-715, 903.4): names, layouts, mana costs, type lines,
rules text, color indicators and the faces of cards with several.

:meth:`CardDatabase.bundled` finds a card through the index, decompressing only the
block of cards holding it (:mod:`mtgmana.cards._index`); every card is decoded only
when all are asked for (iterating). A :class:`~mtgmana.cards.Card` is built from its
record the first time it is asked for. ``mtgmana cards update`` builds updated card
data in the same format (:mod:`mtgmana.cards.update`), and :func:`mtgmana.cards.lookup`
finds cards in the database in use: the updated one if there is one, else the bundled
one (:mod:`mtgmana.cards.default`).

>>> from mtgmana.cards import lookup
>>> lookup("lightning bolt").name
'Lightning Bolt'
>>> lookup("Ravager of the Fells").name      # a face name finds its card
'Huntmaster of the Fells // Ravager of the Fells'
>>> lookup("Lim-Dul's Vault").name            # accents and case are ignored
"Lim-Dûl's Vault"
>>> lookup("Lightening Bolt")
Traceback (most recent call last):
...
mtgmana.errors.UnknownCardError: unknown card name 'Lightening Bolt'; did you mean ...

Other sources load in one streaming pass: :func:`~mtgmana.cards.load_scryfall_bulk`
and :func:`~mtgmana.cards.load_mtgjson_atomic` (:mod:`mtgmana.cards.loaders`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

from ..errors import MAX_NAME_LENGTH, NameTooLong, UnknownCardError
from ._index import CardIndex, CardIndexError, read_records
from ._names import SuggestionIndex, name_index, normalize
from .model import Card

__all__ = ["CardDatabase"]


class _Records:
    """Records held in memory, found by name through a dict."""

    __slots__ = ("numbers", "printed", "records")

    def __init__(self, records: Sequence[Mapping[str, Any]]) -> None:
        self.records = records
        self.numbers, self.printed = name_index(records)

    def __len__(self) -> int:
        return len(self.records)

    def number(self, key: str) -> int | None:
        return self.numbers.get(key)

    def record(self, number: int) -> Mapping[str, Any]:
        return self.records[number]

    def names(self) -> dict[str, str]:
        return self.printed


class CardDatabase:
    """Cards found by name: full names (``"Fire // Ice"``) and face names (``"Ice"``),
    ignoring case, accents and the kind of apostrophe.

    ``len(db)`` counts the cards; iterating gives every :class:`~mtgmana.cards.Card`
    in the database's order. :meth:`lookup` raises
    :class:`~mtgmana.errors.UnknownCardError` with close spellings for a name it does
    not know; :meth:`get` returns ``None``.

    >>> db = CardDatabase.from_records([{"name": "Fire // Ice", "layout": "split",
    ...     "mana_cost": "{1}{R} // {1}{U}", "type_line": "Instant // Instant",
    ...     "card_faces": [{"name": "Fire", "mana_cost": "{1}{R}"},
    ...                    {"name": "Ice", "mana_cost": "{1}{U}"}]}])
    >>> len(db), "ice" in db, db.lookup("FIRE/ICE").name
    (1, True, 'Fire // Ice')
    >>> db.suggest("Fir and Ice")
    ['Fire // Ice']
    """

    __slots__ = ("_cards", "_lock", "_store", "_suggestions")

    def __init__(self, records: Iterable[Mapping[str, Any]] = ()) -> None:
        """A database of ``records``, Scryfall-like card objects (see
        :meth:`from_records`); prefer the named constructors."""
        self._store: _Records | CardIndex = _Records(list(records))
        self._cards: dict[int, Card] = {}
        self._suggestions: tuple[SuggestionIndex, dict[str, str]] | None = None
        self._lock = threading.Lock()

    # -- constructors --

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]]) -> CardDatabase:
        """A database of Scryfall-like card objects, used as they are.

        Each needs a ``name``; the fields read are those of
        :meth:`Card.from_scryfall <mtgmana.cards.Card.from_scryfall>`. A meld result
        gets its two front faces from the cards whose rules text says they meld into
        it, or from an explicit ``meld_fronts: [name, name]`` field.
        """
        from ._records import resolve_melds

        return cls(resolve_melds(list(records)))

    @classmethod
    def bundled(cls) -> CardDatabase:
        """The database shipped with mtgmana, opened once per process.

        Cards are found through its index without decoding the others. If the index
        is missing, damaged or out of date, a :class:`RuntimeWarning` says so and
        every card is loaded instead (slower, same answers).
        """
        return _bundled()

    @classmethod
    def _indexed(cls, index: CardIndex) -> CardDatabase:
        """A database reading its cards through ``index``."""
        database = cls()
        database._store = index
        return database

    # -- the mapping --

    def __len__(self) -> int:
        return len(self._store)

    def __iter__(self) -> Iterator[Card]:
        self._everything()
        for number in range(len(self._store)):
            yield self._card(number)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        key = normalize(name)
        try:
            return self._store.number(key) is not None
        except CardIndexError as error:
            return self._everything(error).number(key) is not None

    def __repr__(self) -> str:
        return f"<CardDatabase of {len(self._store)} cards>"

    def get(self, name: str) -> Card | None:
        """The card with this full or face name, or ``None``."""
        return self._find(normalize(name))

    def lookup(self, name: str) -> Card:
        """The card with this full or face name.

        Raises :class:`~mtgmana.errors.UnknownCardError` (a ``LookupError``) listing
        close spellings when there is none.
        """
        if not isinstance(name, str):
            raise TypeError(f"card name must be a str, not {type(name).__name__}")
        card = self._find(normalize(name))
        if card is None:
            if len(name) > MAX_NAME_LENGTH:
                raise NameTooLong(name)
            raise UnknownCardError(name, self.suggest(name))
        return card

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """Up to ``n`` known names spelled like ``name``, the closest first."""
        suggestions = self._suggestions
        if suggestions is None:
            with self._lock:
                suggestions = self._suggestions
                if suggestions is None:
                    names = self._store.names()
                    suggestions = self._suggestions = (SuggestionIndex(names), names)
        index, names = suggestions
        return [names[key] for key in index.search(normalize(name), n, 0.6)]

    # -- finding and building cards --

    def _find(self, key: str) -> Card | None:
        try:
            number = self._store.number(key)
            return None if number is None else self._card(number)
        except CardIndexError as error:
            self._everything(error)
            return self._find(key)  # in memory now: no CardIndexError

    def _card(self, number: int, _building: frozenset[int] = frozenset()) -> Card:
        card = self._cards.get(number)
        if card is None:
            store = self._store
            record = store.record(number)
            fronts: list[Card] = []
            for front_name in record.get("meld_fronts") or ():
                front = store.number(normalize(front_name))
                if front is not None and front != number and front not in _building:
                    fronts.append(self._card(front, _building | {number}))
            # The two front faces (CR 712.4a), or none when the database lacks one.
            card = Card.from_scryfall(record, meld_fronts=fronts if len(fronts) == 2 else ())
            self._cards[number] = card
        return card

    def _everything(self, error: CardIndexError | None = None) -> _Records:
        """Every record in memory: read them all if the cards are found through an
        index (because all are wanted, or because the index failed with ``error``)."""
        with self._lock:
            store = self._store
            if isinstance(store, _Records):
                return store
            records = read_records(store.cards_path)
            if error is None and len(records) != len(store):
                error = CardIndexError(
                    f"the card index counts {len(store)} cards, not {len(records)}"
                )
            if error is not None:
                _warn(error)
                self._cards.clear()  # numbers found through the index may be wrong
                self._suggestions = None
            memory = self._store = _Records(records)
            return memory

    def _all_records(self) -> Sequence[Mapping[str, Any]]:
        """Every record, in the database's order (for tests and benchmarks)."""
        return self._everything().records


def _warn(error: Exception) -> None:
    import warnings

    warnings.warn(f"{error}; loading every card instead (slower)", RuntimeWarning, stacklevel=4)


_BUNDLED_LOCK: Final = threading.Lock()
_BUNDLED: list[CardDatabase] = []


def _bundled() -> CardDatabase:
    if not _BUNDLED:
        with _BUNDLED_LOCK:
            if not _BUNDLED:
                try:
                    database = CardDatabase._indexed(CardIndex())
                except CardIndexError as error:
                    _warn(error)
                    database = CardDatabase(read_records())
                _BUNDLED.append(database)
    return _BUNDLED[0]
