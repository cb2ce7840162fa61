"""The card database: every real card, found by name, built lazily.

mtgmana ships its own database of about 30,000 cards (``mtgmana/data/cards.jsonl.gz``,
made by ``scripts/build_card_db.py``). It holds only what the rules need to compute mana
costs, mana values, colors and color identities (CR 202, 204, 708-715, 903.4): names,
layouts, mana costs, type lines, rules text, color indicators and the faces of cards
with several. A :class:`~mtgmana.cards.Card` is built from its record the first time it
is asked for, so loading stays fast.

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
mtgmana.errors.UnknownCardError: unknown card name 'Lightening Bolt'; did you mean ...?

Other sources load in one pass over the file, without holding the whole file in
memory: :func:`load_scryfall_bulk` reads Scryfall's bulk data (``oracle-cards`` or
``default-cards``, optionally gzipped) and :func:`load_mtgjson_atomic` reads MTGJSON's
``AtomicCards.json``.
"""

from __future__ import annotations

import bisect
import difflib
import gzip
import heapq
import importlib.resources
import io
import json
import os
import re
import sys
import threading
import time
import unicodedata
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TextIO

from ..errors import MtgManaError, UnknownCardError
from .model import Card

__all__ = ["CardDatabase", "load_mtgjson_atomic", "load_scryfall_bulk", "lookup"]

Record = dict[str, Any]
"""A card as a Scryfall-like JSON object (see :meth:`CardDatabase.from_records`)."""

PathLike = str | os.PathLike[str]

_BUNDLED_PACKAGE: Final = "mtgmana"
_BUNDLED_FILE: Final = "data/cards.jsonl.gz"

# Objects of these layouts are not cards (CR 111 tokens, CR 114 emblems, art cards).
_NOT_CARDS: Final = frozenset({"token", "double_faced_token", "emblem", "art_series"})
# Layouts whose faces are on two sides of the card: no mana cost of the card as a
# whole (CR 712.8); Scryfall gives these no top-level mana cost.
_TWO_SIDED: Final = frozenset(
    {"transform", "modal_dfc", "meld", "double_faced_token", "reversible_card", "battle"}
)
# Layouts whose faces share one side of the card: a face with no mana cost (a flip
# card's flipped half) still has the card's colors (CR 709.4, 710.2, 715.4), never a
# color indicator.
_ONE_SIDED: Final = frozenset({"split", "flip", "adventure", "aftermath"})

# The fields a record keeps, in the order they are written.
_CARD_FIELDS: Final = ("layout", "mana_cost", "type_line", "oracle_text")
_FACE_FIELDS: Final = ("mana_cost", "type_line", "oracle_text")


# -- records ----------------------------------------------------------------------


def _text(obj: Mapping[str, Any], field: str, where: str) -> str | None:
    value = obj.get(field)
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{where}: {field!r} must be a string, not {value!r:.40}")


def _letters(obj: Mapping[str, Any], field: str, where: str) -> list[str] | None:
    value = obj.get(field)
    if not value:
        return None
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"{where}: {field!r} must be a list of color letters, not {value!r:.40}")


def _slim(obj: Mapping[str, Any]) -> Record:
    """The part of a Scryfall card object the rules need (see the module docstring).

    A card or a face on its own side with no mana cost gets its colors from a color
    indicator (CR 204.1, 202.2e), so when an export gives it ``colors`` but no
    ``color_indicator``, its colors are kept as its color indicator. Scryfall's
    computed ``cmc``, ``colors`` and ``color_identity`` are dropped: mtgmana computes
    them. Raises ``ValueError`` for fields of the wrong type.
    """
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"a card needs a non-empty string 'name', not {name!r:.40}")
    where = repr(name)
    record: Record = {"name": name}
    for field in _CARD_FIELDS:
        value = _text(obj, field, where)
        if value is not None:
            record[field] = value
    indicator = _letters(obj, "color_indicator", where)
    if not indicator and not obj.get("mana_cost") and not obj.get("card_faces"):
        indicator = _letters(obj, "colors", where)  # e.g. Garruk the Slayer
    if indicator:
        record["color_indicator"] = indicator
    faces = obj.get("card_faces")
    if faces is not None:
        if not isinstance(faces, (list, tuple)) or not all(isinstance(f, Mapping) for f in faces):
            raise ValueError(f"{where}: 'card_faces' must be a list of objects")
        slim_faces: list[Record] = []
        for number, face in enumerate(faces):
            face_where = f"{where}, face {number}"
            slim_face: Record = {"name": _text(face, "name", face_where) or ""}
            for field in _FACE_FIELDS:
                value = _text(face, field, face_where)
                if value is not None:
                    slim_face[field] = value
            indicator = _letters(face, "color_indicator", face_where)
            if not indicator and not face.get("mana_cost") and obj.get("layout") not in _ONE_SIDED:
                indicator = _letters(face, "colors", face_where)
            if indicator:
                slim_face["color_indicator"] = indicator
            slim_faces.append(slim_face)
        if slim_faces:
            record["card_faces"] = slim_faces
    fronts = obj.get("meld_fronts")
    if fronts:
        record["meld_fronts"] = list(fronts)
    return record


_MELDS_WITH: Final = re.compile(r"Melds with (.+?)\.\)")
_MELD_INTO: Final = re.compile(r"meld them into (.+?)\.")
_NAMED: Final = re.compile(r"named ")


def _texts(record: Mapping[str, Any]) -> str:
    parts = [record.get("oracle_text") or ""]
    for face in record.get("card_faces") or ():
        if isinstance(face, Mapping):
            parts.append(face.get("oracle_text") or "")
    return "\n".join(str(part) for part in parts)


def _resolve_melds(
    records: Sequence[Mapping[str, Any]], known: Mapping[str, list[str]] | None = None
) -> list[Mapping[str, Any]]:
    """Set ``meld_fronts`` on every meld result in ``records`` (CR 712.4a, 712.5, 202.3c).

    The two cards that meld say so: one says "(Melds with X.)", the other "... exile
    them, then meld them into Y." (or names its partner: "a creature named X").
    ``known`` maps a meld result's name to its fronts where the source said so
    directly (Scryfall's ``all_parts``); those win. A record that already has
    ``meld_fronts`` keeps them. Returns the records, with copies of those that changed.
    """
    records = list(records)
    partners: dict[str, set[str]] = {}
    into: dict[str, str] = {}  # front -> result
    texts: dict[str, str] = {}
    for record in records:
        if not isinstance(record, Mapping):
            continue  # CardDatabase reports it
        text = _texts(record)
        if "eld" not in text:  # fast path: 'Melds with', 'meld them into'
            continue
        name = record.get("name")
        if not isinstance(name, str):
            continue
        for match in _MELDS_WITH.finditer(text):
            partners.setdefault(name, set()).add(match.group(1))
            partners.setdefault(match.group(1), set()).add(name)
        into_match = _MELD_INTO.search(text)
        if into_match:
            into[name] = into_match.group(1)
            texts[name] = text
    fronts = {name: sorted(parts) for name, parts in (known or {}).items()}
    for front, result in into.items():
        if result in fronts:
            continue
        candidates = partners.get(front, set())
        if len(candidates) != 1:
            # "... and a creature named Bruna, the Fading Light, exile them ...".
            text = texts[front]
            names = set(partners) | set(into)
            candidates = {
                other
                for other in names
                if other != front
                for m in _NAMED.finditer(text)
                if text.startswith(other, m.end())
            }
        if len(candidates) == 1:
            fronts[result] = sorted({front, *candidates})
    if not fronts:
        return records
    for index, record in enumerate(records):
        name = record.get("name") if isinstance(record, Mapping) else None
        found = fronts.get(name) if isinstance(name, str) else None
        if found and not record.get("meld_fronts"):
            records[index] = {**record, "meld_fronts": found}
    return records


# -- names ------------------------------------------------------------------------

_FOLD: Final = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2013": "-",
        "\u2014": "-",
        "æ": "ae",
        "œ": "oe",
        "ø": "o",
        "đ": "d",
        "ł": "l",
    }
)
_SLASHES: Final = re.compile(r"\s*/{1,2}\s*")


def _normalize(name: str) -> str:
    """The form of a name used to look it up: case, accents, apostrophes and spacing
    do not matter. ``"Fire/Ice"`` and ``"fire // ice"`` are the same."""
    if name.isascii():
        key = " ".join(name.lower().split())
    else:
        decomposed = unicodedata.normalize("NFKD", name.casefold()).translate(_FOLD)
        key = " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())
    if "/" in key:
        key = _SLASHES.sub(" // ", key)
    return key


def _grams(key: str) -> set[str]:
    """The trigrams of a normalized name; a newline marks its start and its end."""
    padded = f"\n{key}\n"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class _SuggestionIndex:
    """Finds close spellings without comparing the query with every name (which
    difflib alone would do, at ~1 s a query): names sharing the most trigrams with
    the query are ranked with difflib.

    The names are kept as one newline-separated text; the names holding a trigram
    are found with ``str.find`` the first time that trigram is asked for, so the
    index costs almost nothing to build.
    """

    _CANDIDATES: Final = 60  # names ranked by difflib after the trigram prefilter
    _COMMON: Final = 1500  # a trigram in more names than this does not pick names

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = list(keys)
        self.text = "\n" + "\n".join(self.keys) + "\n"
        self.starts: list[int] = []
        start = 1
        for key in self.keys:
            self.starts.append(start)
            start += len(key) + 1
        self.postings: dict[str, list[int]] = {}
        self.counts: dict[str, int] = {}

    def count(self, gram: str) -> int:
        """How many times ``gram`` occurs in the names (cheap: no posting list)."""
        found = self.counts.get(gram)
        if found is None:
            if len(self.counts) > 20_000:
                self.counts.clear()
            found = self.counts[gram] = self.text.count(gram)
        return found

    def posting(self, gram: str) -> list[int]:
        """The numbers of the names holding ``gram``, each once."""
        found = self.postings.get(gram)
        if found is None:
            starts, find = self.starts, self.text.find
            found = []
            last = -1
            at = find(gram)
            while at != -1:
                number = bisect.bisect_right(starts, at) - 1
                if number != last:
                    found.append(number)
                    last = number
                at = find(gram, at + 1)
            if len(self.postings) > 20_000:
                self.postings.clear()
            self.postings[gram] = found
        return found

    def search(self, query: str, n: int, cutoff: float) -> list[str]:
        if not query or n <= 0:
            return []
        grams = _grams(query)
        rare = [gram for gram in grams if self.count(gram) <= self._COMMON]
        counts: Counter[int] = Counter()
        for gram in rare or grams:
            counts.update(self.posting(gram))
        if not counts:
            return []
        keys = self.keys
        size = len(grams)

        # Dice coefficient on trigrams, a cheap stand-in for the difflib ratio.
        def dice(item: tuple[int, int]) -> float:
            return 2 * item[1] / (size + len(keys[item[0]]) + 1)

        best = heapq.nlargest(self._CANDIDATES, counts.items(), key=dice)
        matcher = difflib.SequenceMatcher(b=query, autojunk=False)
        scored: list[tuple[float, str]] = []
        for number, _ in best:
            key = keys[number]
            matcher.set_seq1(key)
            score = matcher.ratio()
            if len(query) >= 4 and key.startswith(query):
                score = max(score, cutoff + (1 - cutoff) * len(query) / len(key))
            if score >= cutoff:
                scored.append((score, key))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [key for _, key in scored[:n]]


# -- the database -------------------------------------------------------------------


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

    __slots__ = ("_cards", "_index", "_lock", "_names", "_records", "_suggestions")

    def __init__(self, records: Iterable[Mapping[str, Any]] = ()) -> None:
        """A database of ``records``, Scryfall-like card objects (see
        :meth:`from_records`); prefer the named constructors."""
        self._records: list[Mapping[str, Any]] = list(records)
        self._cards: list[Card | None] = [None] * len(self._records)
        self._index: dict[str, int] = {}
        self._names: dict[str, str] = {}  # normalized name -> name as printed
        self._suggestions: _SuggestionIndex | None = None
        self._lock = threading.Lock()
        index, names = self._index, self._names
        faces: list[tuple[str, str, int]] = []
        for number, record in enumerate(self._records):
            name = record.get("name") if isinstance(record, Mapping) else None
            if not isinstance(name, str):
                raise MtgManaError(f"card record {number} has no name: {record!r:.200}")
            key = _normalize(name)
            if key not in index:  # the first of several same-named records wins
                index[key] = number
                names[key] = name
            for face in record.get("card_faces") or ():
                face_name = face.get("name") if isinstance(face, Mapping) else None
                if isinstance(face_name, str) and face_name:
                    faces.append((_normalize(face_name), face_name, number))
        # Full names win over face names ("Fire" the face never hides a card "Fire").
        for key, face_name, number in faces:
            if key not in index:
                index[key] = number
                names[key] = face_name

    # -- constructors --

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]]) -> CardDatabase:
        """A database of Scryfall-like card objects, used as they are.

        Each needs a ``name``; the fields read are those of
        :meth:`Card.from_scryfall <mtgmana.cards.Card.from_scryfall>`. A meld result
        gets its two front faces from the cards whose rules text says they meld into
        it, or from an explicit ``meld_fronts: [name, name]`` field.
        """
        return cls(_resolve_melds(list(records)))

    @classmethod
    def bundled(cls) -> CardDatabase:
        """The database shipped with mtgmana, loaded once per process."""
        return _bundled()

    # -- the mapping --

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[Card]:
        for number in range(len(self._records)):
            yield self._card(number)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _normalize(name) in self._index

    def __repr__(self) -> str:
        return f"<CardDatabase of {len(self._records)} cards>"

    def get(self, name: str) -> Card | None:
        """The card with this full or face name, or ``None``."""
        number = self._index.get(_normalize(name))
        return None if number is None else self._card(number)

    def lookup(self, name: str) -> Card:
        """The card with this full or face name.

        Raises :class:`~mtgmana.errors.UnknownCardError` (a ``LookupError``) listing
        close spellings when there is none.
        """
        if not isinstance(name, str):
            raise TypeError(f"card name must be a str, not {type(name).__name__}")
        number = self._index.get(_normalize(name))
        if number is None:
            raise UnknownCardError(name, self.suggest(name))
        return self._card(number)

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """Up to ``n`` known names spelled like ``name``, the closest first."""
        index = self._suggestions
        if index is None:
            with self._lock:
                index = self._suggestions
                if index is None:
                    index = self._suggestions = _SuggestionIndex(self._names)
        found = index.search(_normalize(name), n, 0.6)
        return [self._names[key] for key in found]

    # -- building cards --

    def _card(self, number: int, _building: frozenset[int] = frozenset()) -> Card:
        card = self._cards[number]
        if card is None:
            record = self._records[number]
            fronts: list[Card] = []
            for front_name in record.get("meld_fronts") or ():
                front = self._index.get(_normalize(front_name))
                if front is not None and front != number and front not in _building:
                    fronts.append(self._card(front, _building | {number}))
            # The two front faces (CR 712.4a), or none when the database lacks one.
            card = Card.from_scryfall(record, meld_fronts=fronts if len(fronts) == 2 else ())
            self._cards[number] = card
        return card


_BUNDLED_LOCK: Final = threading.Lock()
_BUNDLED: list[CardDatabase] = []


def _bundled() -> CardDatabase:
    if not _BUNDLED:
        with _BUNDLED_LOCK:
            if not _BUNDLED:
                resource = importlib.resources.files(_BUNDLED_PACKAGE) / _BUNDLED_FILE
                data = gzip.decompress(resource.read_bytes())
                # One json.loads of all the lines as an array: faster than one call
                # per line. JSON strings cannot hold a raw newline. The file is ASCII.
                records = json.loads(b"[" + data.strip().replace(b"\n", b",") + b"]")
                _BUNDLED.append(CardDatabase(records))
    return _BUNDLED[0]


def lookup(name: str) -> Card:
    """The card of the bundled database with this full or face name.

    Raises :class:`~mtgmana.errors.UnknownCardError` listing close spellings when
    there is none.

    >>> lookup("Brisela, Voice of Nightmares").mana_value   # Bruna 7 + Gisela 4
    11
    """
    return CardDatabase.bundled().lookup(name)


# -- streaming JSON -------------------------------------------------------------------

_CHUNK: Final = 1 << 20  # characters read at a time
_MAX_VALUE: Final = 1 << 26  # characters a single card object may take
_WHITESPACE: Final = re.compile(r"[ \t\n\r]*")
_DECODER: Final = json.JSONDecoder()


def _utf8_length(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


class _Progress:
    """A one-line progress bar on stderr: bytes of the file read so far."""

    def __init__(self, label: str, total: int, enabled: bool | None) -> None:
        stream = sys.stderr
        if enabled is None:
            enabled = stream is not None and stream.isatty()
        self.stream: TextIO | None = stream if enabled else None
        self.label = label
        self.total = max(total, 1)
        self.shown = -1
        self.last = 0.0

    def update(self, done: int) -> None:
        if self.stream is None:
            return
        percent = min(100, done * 100 // self.total)
        now = time.monotonic()
        if percent == self.shown or (now - self.last < 0.1 and percent < 100):
            return
        self.shown, self.last = percent, now
        bar = "#" * (percent // 4) + "-" * (25 - percent // 4)
        self.stream.write(
            f"\r{self.label} [{bar}] {percent:3d}% {done / 1e6:.1f}/{self.total / 1e6:.1f} MB"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None and self.shown >= 0:
            self.update(self.total)
            self.stream.write("\n")
            self.stream.flush()


class _JsonStream:
    """Reads one JSON document a value at a time, never holding the whole text.

    A *mark* is a position in the text counted in characters from its start (cheap to
    take); errors turn it into a byte offset of the (decompressed) UTF-8 data.
    """

    def __init__(self, path: PathLike, what: str, progress: bool | None) -> None:
        self.path = os.fspath(path)
        self.what = what
        self.raw: io.BufferedReader = open(self.path, "rb")  # noqa: SIM115  # closed by close()
        try:
            size = os.fstat(self.raw.fileno()).st_size
            self.gzipped = self.raw.read(2) == b"\x1f\x8b"
            self.raw.seek(0)
            self.text: TextIO
            if self.gzipped:
                unzipped = gzip.GzipFile(fileobj=self.raw, mode="rb")
                self.text = io.TextIOWrapper(unzipped, encoding="utf-8", newline="")
            else:
                self.text = io.TextIOWrapper(self.raw, encoding="utf-8", newline="")
        except BaseException:
            self.raw.close()
            raise
        self.progress = _Progress(os.path.basename(self.path), size, progress)
        self.buffer = ""
        self.pos = 0  # in self.buffer
        self.dropped = 0  # characters before self.buffer
        self.dropped_bytes = 0  # their UTF-8 bytes
        self.eof = False

    def close(self) -> None:
        self.progress.close()
        self.text.close()
        self.raw.close()

    def __enter__(self) -> _JsonStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- positions and errors --

    def mark(self) -> int:
        """The current position, as a mark."""
        return self.dropped + self.pos

    def byte_offset(self, mark: int) -> int:
        """The byte offset of a mark that is still in the buffer (the current value
        always is: the buffer is only ever cut at the current position)."""
        return self.dropped_bytes + _utf8_length(self.buffer[: max(0, mark - self.dropped)])

    def error(self, message: str, mark: int | None = None) -> MtgManaError:
        offset = self.byte_offset(self.mark() if mark is None else mark)
        where = f"byte {offset}" + (" of the decompressed data" if self.gzipped else "")
        return MtgManaError(f"{self.path}, {where}: {message} (expected {self.what})")

    # -- reading --

    def fill(self) -> bool:
        """Read more text; ``False`` at the end of the file."""
        if self.eof:
            return False
        try:
            chunk = self.text.read(_CHUNK)
        except UnicodeDecodeError as error:
            end = self.dropped + len(self.buffer)
            raise self.error(f"not UTF-8 text ({error.reason})", end) from None
        except (OSError, EOFError, zlib.error) as error:
            end = self.dropped + len(self.buffer)
            raise self.error(f"unreadable gzip data ({error})", end) from None
        self.progress.update(self.raw.tell())
        if not chunk:
            self.eof = True
            return False
        if self.pos:
            self.dropped += self.pos
            self.dropped_bytes += _utf8_length(self.buffer[: self.pos])
            self.buffer = self.buffer[self.pos :] + chunk
            self.pos = 0
        else:
            self.buffer += chunk
        return True

    def peek(self) -> str:
        """The next character that is not white space, ``""`` at the end."""
        while True:
            match = _WHITESPACE.match(self.buffer, self.pos)
            end = self.pos = match.end() if match else self.pos
            if end < len(self.buffer):
                return self.buffer[end]
            if not self.fill():
                return ""

    def expect(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            raise self.error(f"expected {what}, found {_shown(found)}")
        self.pos += 1

    def value(self) -> Any:
        """Decode the next JSON value."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError as error:
                # An error near the end of the buffer may just be a value cut off by
                # the end of the chunk: read on and try again.
                cut = error.pos + 16 >= len(self.buffer) or error.msg.startswith(
                    "Unterminated string"
                )
                if cut and len(self.buffer) - self.pos < _MAX_VALUE and self.fill():
                    continue
                raise self.error(f"invalid JSON ({error.msg})", self.dropped + error.pos) from None
            except RecursionError:
                raise self.error("JSON nested too deeply") from None
            if end >= len(self.buffer) and self.fill():
                continue  # a number may go on in the next chunk
            self.pos = end
            return value

    def array(self, what: str) -> Iterator[int]:
        """Step through an array: yields a mark for each element, which the caller
        then reads (with :meth:`value`) before asking for the next one."""
        self.expect("[", what)
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.dropped + self.pos
            found = self.peek()
            if found == "]":
                self.pos += 1
                return
            if found != ",":
                raise self.error(f"expected ',' or ']' in {what}, found {_shown(found)}")
            self.pos += 1
            self.peek()

    def object(self, what: str) -> Iterator[str]:
        """Step through an object: yields each key; the caller reads its value."""
        self.expect("{", what)
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            found = self.peek()
            if found != '"':
                raise self.error(f"expected a key in {what}, found {_shown(found)}")
            key = self.value()
            self.expect(":", f"':' after the key {key!r}")
            self.peek()
            yield key
            found = self.peek()
            if found == "}":
                self.pos += 1
                return
            if found != ",":
                raise self.error(f"expected ',' or '}}' in {what}, found {_shown(found)}")
            self.pos += 1

    def finish(self) -> None:
        found = self.peek()
        if found:
            raise self.error(f"unexpected {_shown(found)} after the end of the JSON")


def _shown(char: str) -> str:
    return repr(char) if char else "the end of the file"


# -- Scryfall ----------------------------------------------------------------------------


def load_scryfall_bulk(path: PathLike, *, progress: bool | None = None) -> CardDatabase:
    """A database of the cards in a Scryfall bulk data file.

    ``path`` is an ``oracle-cards`` or ``default-cards`` file (a JSON array of card
    objects), plain or gzipped. The file is read in one streaming pass, keeping only
    what the rules need of each card; tokens, emblems and art-series objects are
    skipped, and each card is kept once (by ``oracle_id``, else by name), however many
    printings the file has. ``progress`` draws a progress bar on stderr: by default
    only when stderr is a terminal.

    Raises :class:`~mtgmana.errors.MtgManaError` naming the byte offset when the file
    is not such an array.
    """
    records: list[Record] = []
    seen: set[str] = set()
    melds: dict[str, set[str]] = {}
    what = "a Scryfall bulk data file (a JSON array of card objects)"
    with _JsonStream(path, what, progress) as stream:
        for mark in stream.array("the array of cards"):
            obj = stream.value()
            if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
                raise stream.error(f"{obj!r:.60} is not a card object with a name", mark)
            layout = obj.get("layout")
            if layout in _NOT_CARDS:
                continue
            try:
                if layout == "reversible_card":
                    obj = _reversible_front(obj)
                identity = obj.get("oracle_id") or obj["name"]
                if identity in seen:
                    continue
                seen.add(identity)
                records.append(_slim(obj))
                _meld_parts(obj, melds)
            except (KeyError, TypeError, AttributeError, ValueError) as error:
                raise stream.error(f"malformed card object ({error})", mark) from None
        stream.finish()
    known = {name: sorted(parts) for name, parts in melds.items() if len(parts) == 2}
    return CardDatabase(_resolve_melds(records, known))


def _meld_parts(obj: Mapping[str, Any], melds: dict[str, set[str]]) -> None:
    """Note the meld result named in Scryfall's ``all_parts`` and its two parts."""
    parts = obj.get("all_parts") or ()
    results = [p.get("name") for p in parts if p.get("component") == "meld_result"]
    if len(results) == 1 and isinstance(results[0], str):
        fronts = {p.get("name") for p in parts if p.get("component") == "meld_part"}
        melds.setdefault(results[0], set()).update(n for n in fronts if isinstance(n, str))


def _reversible_front(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reversible card (the same card printed on both sides) as the card itself."""
    faces = obj.get("card_faces") or [{}]
    front = dict(faces[0])
    front.setdefault("layout", "normal")
    front.setdefault("name", obj.get("name"))
    return front


# -- MTGJSON ---------------------------------------------------------------------------


def load_mtgjson_atomic(path: PathLike, *, progress: bool | None = None) -> CardDatabase:
    """A database of the cards in MTGJSON's ``AtomicCards.json`` (plain or gzipped).

    The file (``{"meta": ..., "data": {"Card Name": [face, ...], ...}}``) is read in
    one streaming pass and each card converted to the Scryfall-like shape the rest of
    mtgmana reads. ``progress`` as for :func:`load_scryfall_bulk`.

    Raises :class:`~mtgmana.errors.MtgManaError` naming the byte offset when the file
    does not have that shape.
    """
    records: list[Record] = []
    seen: set[str] = set()
    what = "an MTGJSON AtomicCards file"
    found_data = False
    with _JsonStream(path, what, progress) as stream:
        for key in stream.object("the top-level object"):
            if key != "data":
                stream.value()
                continue
            found_data = True
            for name in stream.object("'data'"):
                mark = stream.mark()
                entries = stream.value()
                if not isinstance(entries, list) or not all(
                    isinstance(entry, dict) for entry in entries
                ):
                    raise stream.error(f"the value of {name!r} is not a list of card objects", mark)
                try:
                    converted = _from_mtgjson(name, entries)
                except (KeyError, TypeError, AttributeError, ValueError) as error:
                    raise stream.error(f"the card {name!r} is malformed ({error})", mark) from None
                for record in converted:
                    if record["name"] not in seen:
                        seen.add(record["name"])
                        records.append(record)
        stream.finish()
        if not found_data:
            raise stream.error("no 'data' object", 0)
    return CardDatabase(_resolve_melds(records))


_MTGJSON_LAYOUTS: Final = {"aftermath": "split"}  # MTGJSON's name -> Scryfall's


def _mtgjson_record(entry: Mapping[str, Any], name: str, layout: str | None) -> Record:
    where = repr(name)
    record: Record = {"name": name}
    if layout is not None:
        record["layout"] = layout
    record["mana_cost"] = _text(entry, "manaCost", where) or ""
    record["type_line"] = _text(entry, "type", where) or ""
    record["oracle_text"] = _text(entry, "text", where) or ""
    indicator = _letters(entry, "colorIndicator", where)
    if indicator:
        record["color_indicator"] = indicator
    return record


def _from_mtgjson(name: str, entries: list[dict[str, Any]]) -> list[Record]:
    """The Scryfall-like records of one entry of AtomicCards' ``data``: one per card."""
    records: list[Record] = []
    sides: list[dict[str, Any]] = []
    for entry in entries:
        layout = entry.get("layout") or "normal"
        if layout in _NOT_CARDS:
            continue
        if entry.get("side"):
            sides.append(entry)
        else:  # a card of one face (a few names have several such cards)
            layout = _MTGJSON_LAYOUTS.get(layout, layout)
            records.append(_mtgjson_record(entry, entry.get("name") or name, layout))
    if not sides:
        return records
    sides.sort(key=lambda entry: str(entry["side"]))
    layout = sides[0].get("layout") or "normal"
    layout = _MTGJSON_LAYOUTS.get(layout, layout)
    if layout == "meld":
        # Each meld card is a card of its own (CR 712.4): the fronts and the result.
        for entry in sides:
            face_name = entry.get("faceName") or entry.get("name") or name
            records.append(_mtgjson_record(entry, face_name, layout))
        return records
    faces = [
        _mtgjson_record(entry, entry.get("faceName") or entry.get("name") or name, None)
        for entry in sides
    ]
    record: Record = {"name": sides[0].get("name") or name, "layout": layout}
    if layout == "flip":
        # A flip card has the mana cost of its unflipped half only (CR 710.2).
        for face in faces[1:]:
            face["mana_cost"] = ""
    if layout not in _TWO_SIDED:
        record["mana_cost"] = " // ".join(f["mana_cost"] for f in faces if f["mana_cost"])
    record["type_line"] = " // ".join(f["type_line"] for f in faces)
    record["card_faces"] = faces
    records.append(record)
    return records
